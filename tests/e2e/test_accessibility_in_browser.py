"""Every screen at 100, 130 and 200 % text on a 360 px phone, as a screen reader and a thumb get
it (issue 19): each interactive node named, uniquely, at least 48 x 48 px, nothing past the
screen's edge (tests/accessibility.py says how each is read off Flutter's accessibility tree).

The phone is a desktop browser at a phone's width: Flutter draws its most compact controls
there, so what passes here passes on a phone. The viewport is tall (4000 px) so that a whole screen is
measured at once, unscrolled (a node a scrolling area cuts in half is left out of the size check).
"""

from __future__ import annotations

import pytest

from tests.accessibility import audit, text_size_script
from tests.browser import AppPage

ROUTES = ["/games", "/dice", "/history", "/history/stats", "/history/adventures", "/settings", "/sessions", "/who",
          "/games/freshwater-fly/draft", "/games/freshwater-fly/strike", "/games/freshwater-fly/score",
          "/games/fly-solo/journal", "/games/fleet-dice/sheets", "/games/lure/round", "/games/lure/dice",
          "/games/salmon-run/race", "/games/salmon-run/dice", "/games/pearl-boat/voyage", "/games/pearl-boat/dice"]
SHOTS = {"/games", "/games/fleet-dice/sheets", "/games/freshwater-fly/score", "/settings"}


def go(phone: AppPage, route: str) -> None:
    """Follow `route` inside the app, as the browser's back and forward buttons do."""
    phone.page.evaluate("r => { history.pushState(null, '', r); window.dispatchEvent(new PopStateEvent('popstate')); }",
                        route)
    phone.page.wait_for_function("r => location.pathname === r", arg=route, timeout=10_000)
    phone.page.wait_for_timeout(1200)  # the screen drawn and its accessibility tree updated


def shot(phone: AppPage, name: str) -> None:
    """A phone-sized screenshot (the audit's viewport is taller than a phone)."""
    phone.page.set_viewport_size({"width": 360, "height": 740})
    phone.shot(name)
    phone.page.set_viewport_size({"width": 360, "height": 4000})


@pytest.mark.parametrize("percent", [100, 130, 200])
def test_every_screen_reads_and_fits_at_this_text_size(make_server, browser, percent) -> None:
    server = make_server(players=("Ana", "Ben"))
    context = browser.new_context(viewport={"width": 360, "height": 4000})
    context.add_init_script(text_size_script(percent))
    found: dict[str, list[str]] = {}
    try:
        phone = AppPage(context.new_page()).open(server.url + "/games")
        for route in ROUTES:
            go(phone, route)
            found[route] = audit(phone.page)
            if percent == 200 and route in SHOTS:
                shot(phone, "text-200-" + route.strip("/").replace("/", "-"))
        # A game under way: the Fleet Dice sheets with their boxes.
        go(phone, "/games/fleet-dice/sheets")
        for name in ("Ana", "Ben", "Roll the start boats", "Start the sheets"):
            phone.button(name).click()
        phone.see(phone.page.get_by_role("checkbox", name="Cod box 1"))
        phone.page.wait_for_timeout(800)
        found["a Fleet Dice game"] = audit(phone.page)
        if percent == 200:
            shot(phone, "text-200-fleet-dice-sheet")
        # A dialog: a game's rules help.
        go(phone, "/games/lure/round")
        phone.labelled("Rules help: Lure").click()
        phone.see(phone.button("Close"))
        found["Lure's rules help"] = audit(phone.page)
    finally:
        context.close()
    wrong = {where: problems for where, problems in found.items() if problems}
    assert not wrong, "\n".join(f"{where}:\n  " + "\n  ".join(p) for where, p in wrong.items())
