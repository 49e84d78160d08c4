"""Lure's fish cards entered on one 360 x 740 phone at 100 % and 200 % text (issue 43: each card took
3-5 taps, "Add this fish" below the fold): a card that asks nothing is its catch number and its VP key,
which adds it; one with a requirement adds the requirement's picture (and the numbers it asks for). Every tap is on screen whole
before it is made, with no scroll of the player's."""

from __future__ import annotations

import pytest

from companion.games.lure import rules as lure
from tests.accessibility import text_size_script
from tests.browser import SETTLED, AppPage
from tests.e2e.test_table_of_phones_in_browser import actions, wait_for

NAMES = ("Ana", "Ben", "Cy", "Dee")  # four players: Splash reveals three fish


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at this text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_three_fish_cards_each_tap_on_screen(make_server, phone: AppPage, percent: int) -> None:
    server = make_server(players=NAMES)
    if percent != 100:
        phone.page.context.add_init_script(text_size_script(percent))
    phone.open(f"{server.url}/games/lure/round")
    for name in NAMES:
        phone.tap(phone.button(name))
    phone.tap(phone.button("Start the game"))
    phone.see(phone.text("Fish 1 of 3: catch number"))
    taps: list[str] = []

    def tap(name: str) -> None:
        """Whole on screen with no scroll, then tapped where it is drawn, as a finger does."""
        button = phone.button(name)
        phone.see(button)
        phone.page.evaluate(SETTLED)
        if not phone.on_screen(button):
            phone.page.wait_for_timeout(1500)  # the entry brought into view once the phone has drawn it
        assert phone.on_screen(button), (name, button.first.bounding_box(), taps,
                                         phone.shot(f"lure-entry-{percent}-{len(taps)}"))
        phone.tap(button, scroll=False)
        taps.append(name)

    # "12 (5 VP)": 1, 2, then its VP key; "9 (4 VP, a pair)": 9, the pair's picture, its VP key; "15 (2 VP,
    # a die showing 5)": 1, 5, the picture, 5 on the pad it opens (scrolled into view), its VP key.
    for name in ("Catch number: 1", "Catch number: 2", "Add this fish: 12 (5 VP)"):
        tap(name)
    phone.see(phone.text("Fish 2 of 3: catch number"))
    phone.shot(f"lure-fish-new-card-{percent}-phone")  # from nothing: no number, no requirement, its VP keys off
    for name in ("Catch number: 9", "A pair"):
        tap(name)
    phone.see(phone.page.get_by_role("checkbox", name="A pair", checked=True))
    phone.shot(f"lure-fish-entry-{percent}-phone")
    tap("Add this fish: 9 (4 VP, a pair)")
    phone.see(phone.text("Fish 3 of 3: catch number"))
    for name in ("Catch number: 1", "Catch number: 5", "A die showing N", "A die showing: 5",
                 "Add this fish: 15 (2 VP, a die showing 5)"):
        tap(name)
    assert len(taps) == 11
    phone.tap(phone.button("Reveal these fish"))
    wait_for(lambda: any(a["type"] == "splash" for a in actions(server, lure.GAME)), server=server)
    [splash] = [a for a in actions(server, lure.GAME) if a["type"] == "splash"]
    assert splash["data"] == {"fish": [{"catch": 12, "vp": 5, "requirement": {"kind": "none"}},
                                       {"catch": 9, "vp": 4, "requirement": {"kind": "pair"}},
                                       {"catch": 15, "vp": 2, "requirement": {"kind": "shows", "n": 5}}]}
