"""What Companion adds to Flet's page: its scripts in the head, once each."""

from __future__ import annotations

import pytest

from companion.laptop.page_scripts import CONNECTION_SCRIPT, SCRIPTS, patch_page

PAGE = (b'<!DOCTYPE html><html><head><title>Flet</title></head>'
        b'<body><script src="flutter_bootstrap.js" async></script></body></html>')


@pytest.mark.parametrize("version", [None, "1.0.5"])
def test_patch_page_puts_the_connection_script_in_the_head_once(version) -> None:
    body = patch_page(PAGE, version).decode()
    assert body.count(CONNECTION_SCRIPT) == 1
    where = body.index(CONNECTION_SCRIPT)
    assert body.index("<head>") < where < body.index("</head>") < body.index("flutter_bootstrap")


def test_the_connection_script_is_one_script_element_with_the_banner_texts() -> None:
    assert CONNECTION_SCRIPT in SCRIPTS
    assert CONNECTION_SCRIPT.startswith("<script>") and CONNECTION_SCRIPT.endswith("</script>")
    assert CONNECTION_SCRIPT.count("</script>") == 1  # nothing inside closes it early
    assert "Connection lost: reconnecting..." in CONNECTION_SCRIPT
    assert "Not sent: wait until the connection is back." in CONNECTION_SCRIPT
