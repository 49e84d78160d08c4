"""History's count words agree with their numbers: "1 play", "2 plays", "1 win", never "1 plays"."""

from __future__ import annotations

import pytest

from companion.ui.files import OFFERED
from tests.ui.test_history import archived, play

ONE = [play(1, "lure", "2026-11-01", {"Ana": (10, 2), "Ben": (8, 1)})]  # Ana 12, Ben 9: Ana wins
TWO = ONE + [play(2, "lure", "2026-11-02", {"Ana": (9, 0), "Ben": (3, 0)})]  # Ana wins again


def tile_word(page, key: str) -> str:
    """The word under a stat tile's figure."""
    return page.find(key=key).content.controls[1].value


@pytest.mark.parametrize(("plays", "one"), [(ONE, True), (TWO, False)], ids=["one play", "two plays"])
async def test_the_plays_and_their_exports_say_play_or_plays(app, plays, one) -> None:
    archived(app, plays)
    page = await app.open("/history")
    these = "this play" if one else "these 2 plays"
    assert page.label("history-count") == f"{'1 play' if one else '2 plays'}: every game, everyone"
    assert page.find(key="export-csv").tooltip == f"Download {these} as a spreadsheet (CSV)"
    assert page.find(key="export-bgsplay").tooltip == f"Download {these} for BG Stats (.bgsplay)"
    await page.click(key="export-csv")
    [(name, _)] = OFFERED.pop(page.page.session.id)
    assert name.endswith(".csv")


@pytest.mark.parametrize(("plays", "one"), [(ONE, True), (TWO, False)], ids=["one play", "two plays"])
async def test_the_stats_say_play_or_plays_and_win_or_wins(app, plays, one) -> None:
    archived(app, plays)
    page = await app.open("/history/stats")
    await page.click(key="filter-open")
    await page.click(key="filter-game-lure")
    await page.click(key="filter-player-0")  # Ana: she wins every play
    n = len(plays)
    plays_word, wins_word = ("play", "win") if one else ("plays", "wins")
    assert [tile_word(page, "stat-plays"), tile_word(page, "stat-wins"), tile_word(page, "game-plays")] == \
        [plays_word, wins_word, plays_word]
    assert page.label("versus-summary") == f"{n} {plays_word} together: Ana ahead {n}, Ben ahead 0, level 0"
    assert page.label("chart-wins") == f"Wins per player ({n} {plays_word})"
    texts = page.texts()
    assert f"{n} {wins_word}" in texts and "0 wins" in texts  # Ana's and Ben's in the game's card
    assert not [t for t in texts if t.startswith("1 ") and t.split()[1] in ("plays", "wins")]
