"""Salmon Run's race on two phones (seed 002): a river rolled and laid out, the first player rolled,
two turns with a jump and a Current (answered on each phone at the same moment), the pond and the
end of the race."""

from __future__ import annotations

import re

import pytest

from companion.games.salmon_run import rules as sr
from tests.accessibility import text_size_script
from tests.browser import moment
from tests.e2e.test_table_of_phones_in_browser import actions, join, phones, wait_for  # noqa: F401 (fixture)


def test_a_river_two_turns_with_a_current_and_a_jump_and_the_end(make_server, phones) -> None:  # noqa: F811
    server = make_server(lan=True, players=("Ana", "Ben"))
    ana, ben = phones(2)
    join(ana, server, "Ana", "/games/salmon-run/race")
    join(ben, server, "Ben", "/games/salmon-run/race")
    ana.tap(ana.button("Ana"))
    ana.tap(ana.button("Ben"))
    ana.tap(ana.button("Short 2"))
    ana.tap(ana.button("Random set-up (rolled)"))
    ana.tap(ana.button("Roll the river"))
    ana.see(ana.text("Lay the boards out like this (copy it at the table):"))
    ana.shot("salmon-run-river-phone")
    ana.tap(ana.button("Start the race"))
    ben.see(ben.text("Roll the die for the first player."))
    ben.tap(ben.button("Roll for the first player"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 1, server=server)
    first = actions(server, sr.GAME)[0]["label"]
    starter, other = (ana, ben) if "Ana starts" in first else (ben, ana)
    name = "Ana" if starter is ana else "Ben"

    # The first turn: a Current hex gives a Current card; a jump (two Swim cards, +1 Fatigue).
    starter.see(starter.text(f"{name}'s turn: tap each card as you play it"))
    starter.tap(starter.button(f"{name}'s salmon moved onto a special hex or a Bear"))  # the hexes, folded
    starter.tap(starter.button("Current hex"))
    starter.tap(starter.button("Take Current"))
    starter.tap(starter.button("Jump card: Swim Forward"))
    starter.tap(starter.button("Jump card: Swim Right"))
    starter.tap(starter.button("Jump with Swim Forward + Swim Right"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 3, server=server)
    assert "(+1 Fatigue: a jump)" in actions(server, sr.GAME)[2]["label"]
    starter.tap(starter.button("End the turn"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 4, server=server)

    # The second turn: the other player ends it; then the Current, answered on both phones at once.
    other.tap(other.button("End the turn"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 5, server=server)
    starter.tap(starter.button("Play Current"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 6, server=server)
    for phone in (ana, ben):
        phone.see(phone.page.get_by_text(re.compile("how many current arrows leave your salmon's hex")))
    starter.shot("salmon-run-current-phone")
    ben.tap(ben.button("2 arrows (roll)"))  # the app rolls, records and shows it: then, was it into a Waterfall?
    ben.see(ben.page.get_by_text(re.compile(r"^Ben rolled \d \((odd|even)\): follow arrow [12]\.$")))
    wait_for(lambda: len(actions(server, sr.GAME)) == 7, server=server)
    assert [actions(server, sr.GAME)[6][k] for k in ("type", "who")] == ["roll", "Ben"]  # in the log, Ben's
    at = moment()
    ana.tap_together(["0 arrows: it stays"], at)
    ben.tap_together(["No Waterfall: done"], at)
    wait_for(lambda: len(actions(server, sr.GAME)) == 9, server=server)
    assert sorted(a["who"] for a in actions(server, sr.GAME)[7:]) == ["Ana", "Ben"]

    # The pond, then play goes on to the last player's turn: the race is over.
    starter.tap(starter.button(f"{name}'s salmon reached the spawning pond"))
    starter.tap(starter.button("End the turn"))
    wait_for(lambda: len(actions(server, sr.GAME)) == 11, server=server)
    other.tap(other.button("End the turn"))
    for phone in (ana, ben):
        phone.see(phone.text(f"{name} wins"))
    starter.shot("salmon-run-over-phone")
    starter.tap(starter.button("Save to history"))
    starter.see(starter.text("Saved to History"))  # the save itself ("... wins" was shown before it)
    starter.see(starter.text(f"{name} wins"))


@pytest.mark.parametrize("percent", [100, 200])
def test_a_hex_tapped_puts_its_answer_under_the_thumb(make_server, phones, percent) -> None:  # noqa: F811
    # The audit: after tapping a special hex, its "Take ..." choice opened below the fold, beside the pinned
    # "End the turn". Its one answer now takes the pinned place, at 100 % and 200 % text on a 360 x 740 phone.
    server = make_server(lan=True, players=("Ana", "Ben"))
    ana, ben = phones(2)
    for phone in (ana, ben):
        phone.page.context.add_init_script(text_size_script(percent))
        join(phone, server, phone is ana and "Ana" or "Ben", "/games/salmon-run/race")
    for name in ("Ana", "Ben", "Short 2", "Random set-up (rolled)", "Roll the river", "Start the race",
                 "Roll for the first player"):
        ana.tap(ana.button(name))
    wait_for(lambda: len(actions(server, sr.GAME)) == 1, server=server)
    starter, name = (ana, "Ana") if "Ana starts" in actions(server, sr.GAME)[0]["label"] else (ben, "Ben")
    starter.see(starter.text(f"{name}'s turn: tap each card as you play it"))
    starter.tap(starter.button(f"{name}'s salmon moved onto a special hex or a Bear"))  # the hexes, folded
    starter.tap(starter.button("Current hex"))
    take = starter.button("Take Current")
    starter.see(take)
    box, height = take.bounding_box(), starter.page.viewport_size["height"]
    assert 0 <= box["y"] and box["y"] + box["height"] <= height, f"'Take Current' at {box}: off the screen"
    assert starter.button("End the turn").count() == 0, "the turn's end is pinned again only once the hex is answered"
    starter.shot(f"salmon-run-hex-choice-{percent}-phone")
    starter.tap(take)
    wait_for(lambda: len(actions(server, sr.GAME)) == 2, server=server)
