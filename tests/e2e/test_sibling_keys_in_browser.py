"""Two children of one list under one key: Flet's reconciliation then sends the phone a wrong patch,
and within a few redraws the phone shows texts that are gone, or nothing at all (Lure's page went
blank on every phone after a Splash that listed two outcomes under one key). Every screen's drawing
goes through `unique_keys` (companion/ui/sibling_keys.py); with it the phone shows exactly what was
drawn, redraw after redraw. Without it ("bare") the same drawings go wrong: the hazard is real."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.browser import AppPage, NotShown, free_port
from tests.e2e.conftest import PHONE

REDRAWS = 30


def serve(guarded: bool) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1"}
    env.pop("DISPLAY", None)
    process = subprocess.Popen([sys.executable, "-m", "tests.e2e.apps.keyed_lists", str(port), "7",
                                "guarded" if guarded else "bare"], env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError("the keyed-lists app did not answer within 60 s")


def wrong_drawings(browser, guarded: bool) -> list[tuple[list[str], list[str]]]:
    """(drawn, shown) for each redraw the phone did not show as drawn."""
    process, url = serve(guarded)
    context = browser.new_context(viewport=PHONE)
    try:
        phone = AppPage(context.new_page()).open(url)
        wrong = []
        for n in range(2, REDRAWS + 2):  # the page opened on drawing 1
            phone.tap(phone.button("Next"))
            expected = phone.page.get_by_text(re.compile(f"^drawn: t{n}-0 "))
            try:
                phone.see(expected, timeout=8_000)
            except NotShown:  # the page no longer shows even what it drew
                return [*wrong, ([f"drawing {n}"], [])]
            drawn = expected.first.inner_text().split()[1:]
            time.sleep(0.3)  # the list came in the same update: let Flutter paint it
            texts = phone.page.locator("flt-semantics").all_inner_texts()
            shown = [t for t in texts if "\n" not in t and t.startswith("t")]
            if shown != drawn:
                wrong.append((drawn, shown))
        return wrong
    finally:
        context.close()
        process.kill()


@pytest.mark.parametrize("guarded", [True, False], ids=["guarded", "bare"])
def test_a_list_whose_children_share_keys_is_drawn_right_only_when_guarded(browser, guarded) -> None:
    wrong = wrong_drawings(browser, guarded)
    if guarded:
        assert wrong == [], f"the phone showed other children than drawn: {wrong[:3]}"
    else:
        assert wrong, "Flet now draws siblings of one key right: unique_keys may no longer be needed"
