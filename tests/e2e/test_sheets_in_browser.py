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

    phone.button("Ana").click()
    phone.page.get_by_role("button", name="Ana starts with Cod").click()
    phone.button("Start the sheets").click()
    phone.see(phone.text("Ana: Round 1, boat phase: take a die."))

    # Your die shows Cod: the next Cod box (4) is highlighted; a lower one does nothing.
    phone.button("Cod").click()
    phone.tap_at(phone.text("Cod box 8"))  # inert: not the topmost open box
    phone.page.wait_for_timeout(500)
    assert sheet_doc(server)["actions"] == []
    phone.button("Cod box 4").click()
    phone.see(phone.text("Ana: Round 1, boat phase: use the shared die."))
    phone.see(phone.button("Undo: Ana: your die, Cod: fill Cod box 4"))
    # The shared die shows Oyster.
    phone.button("Oyster").click()
    phone.button("Fill Oyster box 1").click()
    phone.see(phone.text("Ana: Round 1, town phase: take a die."))
    phone.shot("sheets-phone")

    # Undo, then reload: the sheet is where it was.
    phone.button("Undo: Ana: the shared die, Oyster: fill Oyster box 1").click()
    phone.see(phone.text("Ana: Round 1, boat phase: use the shared die."))
    phone.page.reload()
    phone.ready()
    phone.see(phone.text("Ana: Round 1, boat phase: use the shared die."))
    phone.see(phone.button("Redo: Ana: the shared die, Oyster: fill Oyster box 1"))

    # The rest of a short game: every die as income, every choice its first answer.
    for _ in range(150):
        banner = phone.page.get_by_text(re.compile("^Ana: (?!round|done)")).first.inner_text()  # not the chip
        asked = banner.lower()
        if "game is over" in asked:
            break
        if "go fishing" in asked:
            phone.button("Go fishing").click()
        elif "fill any topmost open box" in asked:
            phone.page.get_by_role("button", name=re.compile("^Fill ")).first.click()
        elif "launch a" in asked:
            phone.page.get_by_role("button", name=re.compile("^Launch a")).first.click()
        else:
            phone.button("Lobster").click()
            phone.page.get_by_role("button", name=re.compile("^Take income")).click()
        phone.page.wait_for_function(
            "old => ![...document.querySelectorAll('flt-semantics span')].some(e => e.textContent === old)",
            arg=banner, timeout=15_000)
    phone.see(phone.text("Ana: The game is over."))
    phone.see(phone.text("Ana wins"))
    phone.shot("sheets-game-over-phone")
    phone.button("Save to history").click()
    phone.see(phone.text("Winner: Ana"))
    plays = json.loads((data / "archive.json").read_text())["plays"]
    assert [p["game"] for p in plays.values()] == ["fleet-dice"]
