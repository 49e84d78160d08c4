"""Fleet Dice's table round at 200 % text on a 360 x 740 phone passed around the table (issue 43:
nothing below the fold): each tap of the round, the roll, the die taken, its use and what a fill
gives, is on screen whole before it is made, without a scroll of the player's."""

from __future__ import annotations

import re

import pytest

from companion.games.fleet_dice import rules as fleet
from tests.accessibility import text_size_script
from tests.browser import SETTLED, AppPage
from tests.e2e.test_fleet_dice_table_in_browser import SIMPLE, state
from tests.e2e.test_table_of_phones_in_browser import actions, wait_for

NAMES = ("Ana", "Ben")


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at this text size (issue 62)
def test_every_tap_of_a_fleet_dice_round_is_on_screen_at_200_percent(make_server, phone: AppPage) -> None:
    server = make_server(players=NAMES)
    phone.page.context.add_init_script(text_size_script(200))
    phone.open(f"{server.url}/games/fleet-dice/sheets")
    for name in NAMES:
        phone.tap(phone.button(name))
    for name, boat in zip(NAMES, ("Cod", "Oyster")):
        phone.tap(phone.page.get_by_role("button", name=f"{name} starts with {boat}"))
    phone.tap(phone.button("Ana"))  # the start player
    phone.tap(phone.button("Start the sheets"))
    wait_for(lambda: any(d["game"] == fleet.GAME for d in server.session_files()), server=server)
    taps: list[str] = []

    def tap(locator, what: str) -> None:
        """Whole on screen with no scroll, then tapped where it is drawn, as a finger does."""
        try:
            phone.see(locator)
        except Exception as exc:
            raise AssertionError((what, taps, phone.shot(f"large-text-fleet-{len(taps)}-{what}"))) from exc
        phone.page.evaluate(SETTLED)
        assert phone.on_screen(locator), (what, locator.first.bounding_box(), taps,
                                          phone.shot(f"large-text-fleet-{len(taps)}-{what}"))
        phone.tap(locator, scroll=False)
        taps.append(what)

    def use() -> None:
        """The first way to use the die on screen: a simple fill, else income."""
        phone.see(phone.page.get_by_role("button", name=re.compile(r"^Take income")))
        phone.page.evaluate(SETTLED)
        names = [n.strip() for n in phone.page.get_by_role("button").all_inner_texts() if SIMPLE.match(n.strip())]
        tap(phone.button(names[0]) if names else phone.page.get_by_role("button", name=re.compile(r"^Take income")),
            "use")

    while (game := state(server)).position()[0] == 1:  # the first round: its boat and town phases
        before = len(actions(server, fleet.GAME))
        acting = game.acting()
        sheet = game.sheets[acting]
        if sheet.choice() is not None:
            tap(phone.page.get_by_role("button", name=re.compile(r"^(Go fishing|Fill |Launch a)")), "choice")
        elif game.current_roll() is None:
            if len(taps) == 0:
                phone.shot("large-text-fleet-roll-200-phone")
            tap(phone.button("Roll the dice"), "roll")
        elif game.picker() is not None:
            free = game.current_roll().free()[0]
            tap(phone.page.get_by_role("checkbox", name=re.compile(rf"^Die {free + 1}: .+, free$")), "die")
            use()
        else:
            use()  # the shared die, for whoever the passed phone follows
        wait_for(lambda: len(actions(server, fleet.GAME)) > before, server=server)
    # The boat dice rolled by a tap; the town dice by the boat phase's last move (issue 65).
    assert taps.count("roll") == 1 and taps.count("die") >= 2 and taps.count("use") >= 4, taps
