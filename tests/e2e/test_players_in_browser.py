"""A player is one person on one phone (issue 64), on phones that are not the host: a late player is added on
the game's own set-up and every phone shows them at once; the phone passed around cannot take a player from a
phone that is still there; a phone gone for good is played on the phone passed around in one tap where the
table waits on it, and takes its player back by itself when it comes back."""

from __future__ import annotations

from tests.e2e.test_table_of_phones_in_browser import (  # noqa: F401 (fixture)
    fleet_sheets_started, join, phones, table_of)

STILL_HERE = "Ana's phone is still here: Ana hands over on it"
HELD = "Ana is playing on another phone"


def test_a_late_player_is_added_on_the_set_up_and_every_phone_shows_them(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben"))
    table = table_of(server, phones, ("Ana", "Ben"), "/games/lure/round")
    ana, ben = table["Ana"], table["Ben"]
    ben.see(ben.button("Ana"))
    ana.tap(ana.button("New player"))
    ana.type_into("Name", "Dee")
    ana.tap(ana.button("Save"))
    ana.see(ana.button("1. Dee"))  # in the roster and seated by the same tap
    ben.see(ben.button("Dee"))  # on the other phone at once, nothing reopened
    ana.shot("players-late-player-phone")


def test_the_phone_passed_around_cannot_take_a_player_whose_phone_is_there(make_server, phones) -> None:
    """The path the table found: "The whole table", Settings, "Free Ana for another phone", then "Change who
    plays on this phone" and Ana. Both refused in words while Ana's phone is there."""
    server = make_server(lan=True, players=("Ana", "Ben"))
    table = table_of(server, phones, ("Ana", "The whole table"), "/dice")
    ana, taker = table["Ana"], table["The whole table"]
    taker.tap(taker.labelled("Settings"))
    taker.tap(taker.labelled("Free Ana for another phone"))
    taker.see(taker.message(STILL_HERE))
    taker.tap(taker.button("Change who plays on this phone"))
    taker.tap(taker.button("Ana"))
    taker.see(taker.message(HELD))
    taker.see(taker.text("Who is playing on this phone?"))  # still asked
    ana.see(ana.button("Playing on this phone: Ana"))  # Ana's phone keeps Ana


def test_a_phone_gone_for_good_is_played_in_one_tap_and_takes_its_player_back(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben"))
    table = table_of(server, phones, ("Ana", "The whole table"), "/games/fleet-dice/sheets")
    ana, passed = table["Ana"], table["The whole table"]
    fleet_sheets_started(passed)
    passed.see(passed.text("Round 1, boat phase: Ana rolls the boat dice."))
    context = ana.page.context
    ana.page.close()  # Ana's battery died
    # Half a minute later (claims.GONE_AFTER), the phone passed around offers to play Ana: one tap.
    gone = passed.button("Ana's phone is gone: play Ana here")
    passed.see(gone, timeout=120_000)
    passed.shot("players-phone-gone-phone")
    passed.tap(gone)
    passed.tap(passed.button("Enter the dice"))  # the table rolls for Ana
    for face in ("Cod", "Lobster", "Oyster"):
        passed.tap(passed.button(face))
    passed.see(passed.button("Die 1: Cod, free"))
    # Ana's phone is back (the app opened again): it is Ana's again, with no tap, and the table acts for Ana no more.
    from tests.browser import AppPage

    back = AppPage(context.new_page())
    back.open(server.phone_url("/games/fleet-dice/sheets"))
    back.see(back.button("Playing on this phone: Ana"))
    back.see(back.button("Die 1: Cod, free"))
    passed.see(passed.text("Round 1, boat phase: Ana, take a die, or tap its lit box."))
