"""Freshwater Fly at the table in the real browser: its pool on the Dice tab, then on the
game's page a two-player draft round and a cast to HOOKED, undo, and a reload that finds it
all where it was."""

from __future__ import annotations

import re

from companion.core.actions import Action
from companion.core.session_log import replay
from companion.games import GAMES
from tests.browser import AppPage


def table_state(server, kind: str):
    """The session of `kind` as the server saved it, replayed by the rules."""
    [doc] = [d for d in server.session_files() if d["game"] == kind]
    return replay(GAMES[kind], {}, [Action.from_doc(a) for a in doc["actions"]])


def test_dice_draft_and_strike_cards_in_the_browser(make_server, phone: AppPage) -> None:
    server = make_server(players=("Ana", "Ben"))
    phone.open(f"{server.url}/dice")

    # A Freshwater Fly pool for 2-3 players: seven dice, drawn as pips.
    phone.tap(phone.button("Presets"))
    phone.tap(phone.button("2-3 players: 7 dice"))
    phone.tap(phone.button("Roll 7 d6"))
    phone.see(phone.button("Undo: roll 7 d6"))
    dice = phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: d6 showing \d(, kept)?$"))
    assert dice.count() == 7
    assert [int(d.get_attribute("aria-label").split(",")[0].rsplit(" ", 1)[1]) for d in dice.all()] == list(table_state(server, "table").dice.faces)
    phone.tap(dice.first)
    phone.see(phone.button("Re-roll 6 dice"))
    phone.shot("dice-kept-phone")

    # On Freshwater Fly's page: a whole draft round for Ana and Ben; the next start player is named.
    phone.tap(phone.tab("Games"))
    phone.tap(phone.card("Freshwater Fly"))
    phone.see(phone.text("Freshwater Fly dice draft"))
    phone.tap(phone.button("Ana"))
    phone.tap(phone.button("Ben"))
    phone.tap(phone.button("Start the draft"))
    phone.tap(phone.button("Roll round 1"))
    phone.see(phone.text("Round 1 · Ana's turn"))
    for _ in range(7):
        phone.tap(phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: d6 showing \d(, kept)?$")).first)
        phone.tap(phone.page.get_by_role("button", name=re.compile(r"^(Ana|Ben) takes the \d$")))
        phone.see(phone.page.get_by_role("button", name=re.compile(r"^Undo: (Ana|Ben) takes a \d$")))
    draft = table_state(server, "freshwater-fly-table").draft
    result = draft.results[-1]
    phone.see(phone.text(f"Next start player: {draft.seats[result.next_start]}"))
    phone.see(phone.text(f"Ana: {result.totals[0]}"))
    phone.shot("fly-draft-phone")

    # A cast, dealt one card at a time, until HOOKED.
    phone.tap(phone.button("Strike"))
    phone.tap(phone.button("Start cast"))
    phone.see(phone.text("Next card hooks: 1 in 4 (25%)\nHit me x2 hooks: 1 in 2 (50%)"))
    for _ in range(4):
        phone.tap(phone.button("Hit me"))
        phone.page.wait_for_timeout(300)
        if phone.text("HOOKED!").count():
            break
    phone.see(phone.text("HOOKED!"))
    assert table_state(server, "freshwater-fly-table").strike.status == "hooked"
    phone.shot("fly-strike-hooked-phone")

    # Undo takes back the hooking card; a reload finds the cast where it was.
    phone.tap(phone.button("Undo: hit me"))
    phone.see(phone.text("Casting..."))
    phone.page.reload()
    phone.ready()
    phone.see(phone.text("Casting..."))  # the address kept the Strike part
    phone.see(phone.button("Redo: hit me"))
    assert table_state(server, "freshwater-fly-table").strike.status == "casting"
