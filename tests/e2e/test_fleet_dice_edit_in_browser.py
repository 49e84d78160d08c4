"""Correcting a saved Fleet Dice play in the real browser: History, Edit, a correction by taps
that changes the winner, Undo, and the play saved in its place (same id and date)."""

from __future__ import annotations

import io
import json

from PIL import Image, ImageStat

from companion.games.fleet_dice import edit
from companion.store import open_store
from tests.browser import AppPage
from tests.e2e.test_table_of_phones_in_browser import wait_for

# Ana: Cod boat 1 with 3 fish (1 point: layout) and the Casino (2) = 6.
# Ben: Oyster boat 1 with 6 fish (1 point: layout) = 7: Ben wins.
ENTRY = {"players": [
    {"name": "Ana", "boxes": {"cod": 3, "casino": 2}, "licenses": {"cod": 1}, "fish_on_boats": {"cod": [3]}},
    {"name": "Ben", "boxes": {"oyster": 3}, "licenses": {"oyster": 1}, "fish_on_boats": {"oyster": [6]}},
]}


def open_the_play(tmp_path, make_server, phone: AppPage):
    """The saved play's History page on the phone; the data folder."""
    data = tmp_path / "data"
    store = open_store(data)
    store.archive.add(edit.to_play(edit.new_correction({"entry": ENTRY}), "play1", "2026-11-20T21:00:00+00:00"))
    store.close()
    server = make_server(data_dir=data, players=("Ana", "Ben"))
    phone.open(f"{server.url}/history/play1")
    return data


def test_correct_a_saved_fleet_dice_play(tmp_path, make_server, phone: AppPage) -> None:
    data = open_the_play(tmp_path, make_server, phone)
    phone.see(phone.text("Ben wins"))
    phone.tap(phone.button("Edit"))
    phone.see(phone.text("Correct a Fleet Dice play"))
    phone.see(phone.button("Ana: 6"))
    phone.tap(phone.button("Shrimp boxes: 1"))
    phone.see(phone.button("Undo: Ana: Shrimp boxes 0 → 1"))
    phone.tap(phone.button("Undo: Ana: Shrimp boxes 0 → 1"))
    phone.see(phone.button("Nothing to undo"))
    # Ama's Cafe was finished too: seven points (rules: Wharf Buildings), so Ana has 13 and wins.
    phone.tap(phone.button("Ama's Cafe boxes: 3"))  # one tap: a key per number
    phone.see(phone.button("Ana: 13"))
    phone.see(phone.text("Ana 13 · Ben 7: Ana wins"))
    phone.page.mouse.move(180, 300)
    phone.page.mouse.wheel(0, 640)  # down to the first counts, the chips still in sight
    phone.shot("fleet-dice-edit-phone")
    phone.tap(phone.button("Save the changes"))
    phone.see(phone.text("Ana wins"))

    def saved_totals() -> list[int]:
        [play] = json.loads((data / "archive.json").read_text())["plays"].values()
        return [r["total"] for r in play["results"]]

    wait_for(lambda: saved_totals() == [13, 7])  # on disk (the play was there before, with its old totals)
    [saved] = json.loads((data / "archive.json").read_text())["plays"].values()
    assert saved["id"] == "play1" and saved["played_at"] == "2026-11-20T21:00:00+00:00"
    assert [r["total"] for r in saved["results"]] == [13, 7] and saved["winners"] == ["Ana"]


def test_a_number_pads_backspace_key_draws_its_arrow(tmp_path, make_server, phone: AppPage) -> None:
    """The key that takes the last digit off shows its arrow. It was the "⌫" character, drawn as an empty
    box (no bundled font has it; seen in screenshots); Material's backspace icons draw nothing in Flet's
    client, and this check fails on them (a blank key)."""
    open_the_play(tmp_path, make_server, phone)
    phone.tap(phone.button("Edit"))
    phone.see(phone.text("Correct a Fleet Dice play"))
    back = phone.page.get_by_role("button", name="the last digit off").first  # the coins' pad
    for _ in range(40):  # down the sheet to the coins, a wheel at a time as a thumb would
        box = back.bounding_box() if back.count() else None
        if box and 150 < box["y"] < 550:
            break
        phone.page.mouse.move(180, 300)
        phone.page.mouse.wheel(0, 300)
        phone.page.wait_for_timeout(200)
    phone.page.wait_for_timeout(500)
    key = Image.open(io.BytesIO(back.screenshot())).convert("L")
    assert ImageStat.Stat(key).stddev[0] > 10, "the backspace key is blank"
