"""The Silent Angler's Day at 200 % text on a 360 x 740 phone (issue 43: nothing below the fold): every
tap of the Day, from the first roll to "Send to the journal", is on screen whole before it is made. The
Strike cards hook at every fish (3 of 4 show a hook, and the test says every row holds a fish), so the
Day has hooks, and the round's end has the seventh fish of yours."""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from companion.games.freshwater_fly.options import STRIKE_HOOKS
from companion.store import open_store
from tests.accessibility import text_size_script
from tests.browser import SETTLED, AppPage
from tests.e2e.test_journal_in_browser import FISH, the_silent_anglers_first_day

DIE = re.compile(r"^Die \d: d6 showing \d$")


def three_hooks_of_four(data_dir) -> None:
    store = open_store(data_dir)
    game = registry.game("freshwater-fly")
    store.settings.change_game_options(game.id, lambda doc: game.change_options(doc, STRIKE_HOOKS, 3))
    store.close()


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at this text size (issue 62)
def test_every_tap_of_the_silent_anglers_day_is_on_screen_at_200_percent(make_server, tmp_path, phone: AppPage):
    # It failed before: the species of a hooked fish below the fold (the Strike cards above them), the roll
    # of the next round under a five-line heading, your seventh fish in the tally below, the cast's rows
    # with their words cut ("botto").
    three_hooks_of_four(tmp_path / "data")
    server = make_server(tmp_path / "data")
    phone.page.context.add_init_script(text_size_script(200))
    the_silent_anglers_first_day(server, phone)
    taps: list[str] = []

    def tap(locator, what: str) -> None:
        """The control whole on screen with no scroll, then tapped where it is drawn, as a finger does
        (Playwright's click scrolls the tree first when it thinks the control is not in view, and Flutter
        takes that for a scroll of the page)."""
        phone.see(locator)
        phone.page.evaluate(SETTLED)
        assert phone.on_screen(locator), (what, locator.first.bounding_box(),
                                          phone.shot(f"large-text-day-{len(taps)}-{what}"))
        phone.tap(locator, scroll=False)
        taps.append(what)
        phone.page.wait_for_timeout(300)

    for round_ in (1, 2):
        tap(phone.button(re.compile(r"^Roll \d dice$")), "roll")
        for _ in range(3):
            tap(phone.page.get_by_role("checkbox", name=DIE), "die")
        while True:  # its casts: every row a fish, so each hooks (a miss first at most)
            phone.see(phone.button(FISH).or_(phone.text("HOOKED! Which fish?")).or_(phone.button("Roll 4 dice")))
            phone.page.evaluate(SETTLED)
            if phone.text("HOOKED! Which fish?").count():
                phone.shot("large-text-day-hooked-200-phone")
                tap(phone.button("Brook"), "species")  # at large text the species, then the colour (the
                tap(phone.button("Black"), "colour")  # grid's eight rows would run far below the fold)
                tap(phone.button("Points on the card: 2"), "points")
                tap(phone.page.get_by_role("button", name=re.compile(" token$")).first, "token")
            elif phone.button(FISH).count():
                if "column" not in taps:
                    phone.shot("large-text-day-column-200-phone")  # the pictures of the column, under its die
                tap(phone.button(FISH), "column")
            else:
                break
    phone.shot("large-text-day-round-over-200-phone")
    tap(phone.button("You have 7 fish: the Day ends"), "seventh")  # and round 2 with it
    tap(phone.button("Send to the journal"), "send")
    # The record, on your sheet: at 200 % text the switch's tick says whose it is (no "Your catch" line).
    phone.see(phone.page.get_by_role("checkbox", name=re.compile(r"^You: \d+$"), checked=True))
    assert taps.count("species") >= 2 and taps.count("column") >= 2 and taps.count("die") == 6, taps
