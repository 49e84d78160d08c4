"""The Fleet Dice sheet in the real browser: the golden rule by taps, undo, reload, and a
one-sheet game played to the score screen and saved."""

from __future__ import annotations

import json
import re

from tests.browser import AppPage


def sheet_doc(server) -> dict:
    [doc] = server.session_files()
    return doc


def test_a_fleet_dice_sheet_by_taps(make_server, phone: AppPage) -> None:
    server = make_server(players=("Ana",))
    data = server.data_dir
    phone.open(f"{server.url}/games/fleet-dice/sheets")

    phone.tap(phone.button("Ana"))
    phone.tap(phone.page.get_by_role("button", name="Ana starts with Cod"))
    phone.tap(phone.button("Start the sheets"))
    phone.see(phone.text("Round 1, boat phase: Ana rolls the boat dice."))

    # The physical dice, tapped in: Cod and Oyster (one player: two boat dice).
    phone.tap(phone.button("Enter the dice"))
    phone.tap(phone.button("Cod"))
    phone.tap(phone.button("Oyster"))
    phone.see(phone.text("Round 1, boat phase: Ana, take a die, or tap its lit box."))
    phone.shot("sheets-pick-lit-phone")  # the boxes the free dice fill, lit: one tap takes a die with its box
    phone.tap(phone.button("Die 1: Cod, free"))
    phone.tap(phone.button("Cod box 8"))  # not the topmost open box: the golden rule, in words
    phone.see(phone.message("Golden rule: the next Cod box is box 4."))
    assert [a["type"] for a in sheet_doc(server)["actions"]] == ["roll"]
    phone.tap(phone.button("Cod box 4, lit: a tap fills it"))  # lit, as a screen reader hears it too (issue 65)
    phone.see(phone.text("Round 1, boat phase: Ana, use the shared die."))
    phone.see(phone.button("Undo: Ana: takes a die, Cod: fill Cod box 4"))
    # The Oyster left is the shared die: already on the sheet.
    phone.tap(phone.button("Fill Oyster box 1"))
    phone.see(phone.text("Round 1, town phase: Ana rolls the town dice."))
    phone.shot("sheets-phone")

    # Undo, then reload: the sheet is where it was.
    phone.tap(phone.button("Undo: Ana: the shared die, Oyster: fill Oyster box 1"))
    phone.see(phone.text("Round 1, boat phase: Ana, use the shared die."))
    phone.page.reload()
    phone.ready()
    phone.see(phone.text("Round 1, boat phase: Ana, use the shared die."))
    phone.see(phone.button("Redo: Ana: the shared die, Oyster: fill Oyster box 1"))

    # The rest of a short game: the app rolls, every die as income, every choice its first answer.
    for _ in range(200):
        banner = phone.page.get_by_text(re.compile(r"^(Round \d+, \w+ phase: |Ana: (?!round|done|rolls|picks|shared|"
                                                   r"ready|choosing|has a die))")).first.inner_text()
        asked = banner.lower()
        if "game is over" in asked:
            break
        if "go fishing" in asked:
            phone.tap(phone.button("Go fishing"))
        elif "fill any topmost open box" in asked:
            phone.tap(phone.page.get_by_role("button", name=re.compile("^Fill ")).first)
        elif "launch a" in asked:
            phone.tap(phone.page.get_by_role("button", name=re.compile("^Launch a")).first)
        elif "rolls the" in asked:
            phone.tap(phone.button("Roll the dice"))
        else:
            if "take a die" in asked:
                phone.tap(phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: .+, free$")).first)
            # Once the die's ways are drawn, as a player looks first (CI: the banner stood still after it).
            phone.tap(phone.page.get_by_role("button", name=re.compile("^Take income")), settle=True)
        phone.page.wait_for_function(
            "old => ![...document.querySelectorAll('flt-semantics span')].some(e => e.textContent === old)",
            arg=banner, timeout=15_000)
    phone.see(phone.text("Ana: The game is over."))
    phone.see(phone.text("Ana wins"))
    phone.shot("sheets-game-over-phone")
    phone.tap(phone.button("Save to history"))
    # Shown once the play is on disk ("Ana wins" was on the screen before the save: CI read the archive first).
    phone.see(phone.button("See it in History"))
    phone.see(phone.text("Ana wins"))
    plays = json.loads((data / "archive.json").read_text())["plays"]
    assert [p["game"] for p in plays.values()] == ["fleet-dice"]
