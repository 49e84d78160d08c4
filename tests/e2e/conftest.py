"""Browser tests: the real server in a subprocess and the system Chromium (Playwright).

A missing Chromium fails these tests with a message saying how to install it; they
never skip silently. Set COMPANION_SKIP_BROWSER=1 to skip them on purpose.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import (
    CHROMIUM,
    PHONE_SCREEN,
    TEST_CACHE,
    AppPage,
    Server,
    free_port,
    launch_chromium,
    seed_roster,
)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(autouse=True)
def taps_are_fingers(monkeypatch) -> None:
    """Every tap of a browser test is `AppPage.tap`'s: Playwright's own click scrolls a control into view
    by itself and taps through whatever covers it, so a test could pass where a player's finger could
    not (issue 62). A test that still calls it fails, saying what to use."""
    from playwright.sync_api import Locator, Page

    def refused(*args, **kwargs):
        raise AssertionError("a browser test taps with AppPage.tap (a finger: on screen, not covered), "
                             "not Playwright's click")

    monkeypatch.setattr(Locator, "click", refused)
    monkeypatch.setattr(Page, "click", refused)



@pytest.fixture
def make_server(tmp_path: Path) -> Iterator:
    servers: list[Server] = []

    def make(data_dir: Path | None = None, lan: bool = False, players: tuple[str, ...] = (),
             cache: Path = TEST_CACHE, env: dict[str, str] | None = None) -> Server:
        """A server on `data_dir` (default: a fresh folder), its roster seeded with `players`, `env` added
        to its environment."""
        data_dir = data_dir or tmp_path / "data"
        if players:
            seed_roster(data_dir, players)
        server = Server(data_dir, free_port(), lan=lan, cache=cache, env=env)
        server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()
    for server in servers:
        log = server.log.read_text(errors="replace")
        # No screen drew two siblings under one key (see companion/ui/sibling_keys.py).
        shared = [line for line in log.splitlines() if "share the key" in line]
        assert not shared, f"a screen drew siblings under one key: {shared[:3]}"
        # No Python error anywhere in the server while the test ran (issue 63): a failing tap is logged with its
        # traceback (companion/ui/taps.py) and would show here.
        assert "Traceback" not in log, f"the server's log holds a Python error:\n{log[log.index('Traceback'):][:3000]}"


# Module scope: Playwright's sync API keeps an event loop running while it is open,
# which the asyncio tests that follow must not inherit.
@pytest.fixture
def every_step_audited() -> Iterator[None]:
    """Every screen a tap of the test is made on is audited first, as a screen reader and a thumb get it
    (tests/accessibility.py: names, 48 px targets, the screen's edges, covers): the test fails naming
    each problem and the tap it was found before (issue 62: the audit walks every step of a whole game)."""
    AppPage.audits = []
    yield
    found, AppPage.audits = AppPage.audits, None
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.fixture(scope="module")
def playwright():
    if os.environ.get("COMPANION_SKIP_BROWSER") == "1":
        pytest.skip("COMPANION_SKIP_BROWSER=1: browser tests skipped on purpose")
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium is not at {CHROMIUM}. Install Debian's chromium package (apt-get install "
                    "chromium), point COMPANION_CHROMIUM at it, or set COMPANION_SKIP_BROWSER=1 to skip on purpose.")
    from playwright.sync_api import sync_playwright

    home = os.environ.get("HOME")
    with sync_playwright() as p:
        yield p
    if home is not None:
        os.environ["HOME"] = home


@pytest.fixture(scope="module")
def browser(playwright):
    """The host's browser: on this machine, opening the server on loopback."""
    launched = launch_chromium(playwright)
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def phone_browser(playwright):
    """The phones' browser: inside the phones' own network (tests/phone_network.py), opening the
    invitation link (`Server.phone_url`) as a phone that is not the host does."""
    launched = launch_chromium(playwright, phones=True)
    yield launched
    launched.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE_SCREEN)
    yield AppPage(context.new_page())
    context.close()


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP)
    yield AppPage(context.new_page())
    context.close()


@pytest.fixture
def a_phone(phone_browser):
    """A phone at the table that is not the host (in the phones' network)."""
    context = phone_browser.new_context(**PHONE_SCREEN)
    yield AppPage(context.new_page())
    context.close()
