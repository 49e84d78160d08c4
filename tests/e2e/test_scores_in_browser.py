"""Scores and History in the real browser: score a two-player Freshwater Fly game by taps,
save it, find it in History, edit it."""

from __future__ import annotations

import re

from tests.browser import AppPage


def plays(data):
    """The archive as saved on disk (read after the server wrote it)."""
    import json

    docs = json.loads((data / "archive.json").read_text()).get("plays", {})
    return list(docs.values())


def test_score_save_find_and_edit_a_game(make_server, phone: AppPage) -> None:
    server = make_server(players=("Ana", "Ben"))
    data = server.data_dir
    phone.open(f"{server.url}/games/freshwater-fly/score")

    phone.tap(phone.button("Ana"))
    phone.tap(phone.button("Ben"))
    phone.tap(phone.button("Start scoring"))

    def add(whose: str, fish: str) -> None:  # the host's phone fills every sheet: each square says whose
        phone.tap(phone.page.get_by_role("button", name=re.compile(f"^Catch for {whose}: {fish}")))

    # Ana: a gold Coho and a black Coho (3 points each, the points' default), one white token.
    add("Ana", "gold Coho")
    add("Ana", "black Coho")
    phone.tap(phone.button("Ana's white hatch tokens: 1"))
    phone.see(phone.button("Ana: 14"))  # 3 + 3 fish, Most Coho 6, 1A white 1 x 2
    phone.tap(phone.button("Ben: 0"))
    phone.tap(phone.button("3B"))
    add("Ben", "gold Steelhead")
    phone.see(phone.button("Ben: 3"))
    phone.see(phone.text("Ana wins"))
    phone.shot("scores-phone")

    phone.tap(phone.button("Save to history"))
    phone.see(phone.text("Saved to History"))  # once on disk ("Ana wins" was shown before the save)
    phone.see(phone.text("Ana wins"))
    [play] = plays(data)
    assert [(r["name"], r["total"]) for r in play["results"]] == [("Ana", 14), ("Ben", 3)]
    phone.shot("history-play-phone")

    phone.tap(phone.tab("History"))
    card = phone.page.get_by_role("button", name=re.compile("Ana 14, Ben 3"))
    phone.see(card)
    phone.shot("history-phone")
    phone.tap(card)
    phone.tap(phone.button("Edit"))
    phone.see(phone.button("Save the changes"))
    phone.tap(phone.button("Ben: 3"))
    for _ in range(4):
        add("Ben", "green Rainbow")
    phone.see(phone.button("Ben: 15"))  # 3 + 4 x 3 fish points
    phone.tap(phone.button("Save the changes"))
    phone.see(phone.text("Ben wins"))
    [edited] = plays(data)
    assert edited["id"] == play["id"] and edited["winners"] == ["Ben"]
