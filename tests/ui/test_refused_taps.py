"""Every refused tap answers in words (issue 65): a control that cannot act now is drawn faded, and a tap on it
says why, where a disabled button answered nothing: each game's pinned start before its players are in, and a
locked Undo (the draft's, the whole-table phone's)."""

from __future__ import annotations

import pytest

from companion.ui.theme import REFUSED_OPACITY

# Each set-up's pinned start, and what a tap on it says before the players are in.
STARTS = [
    ("/games/lure/round", "lure-start", "Tap at least 2 players first: those at the table, in turn order."),
    ("/games/pearl-boat/voyage", "voyage-start", "Tap at least 2 players first: those at the table, in turn order."),
    ("/games/freshwater-fly/score", "start-scoring", "Tap at least 2 players first, in seat order."),
    ("/games/fleet-dice/sheets", "start-sheets", "Tap the players at the table first, in clockwise order."),
]


@pytest.mark.parametrize(("route", "key", "words"), STARTS)
async def test_a_start_before_the_players_are_in_says_why(app, route, key, words) -> None:
    for name in ("Ana", "Ben"):
        app.store.settings.add_player(name)
    page = await app.open(route)
    start = page.find(key=key)
    assert not start.disabled and start.opacity == REFUSED_OPACITY  # faded, and a tap answers
    await page.click(key=key)
    assert page.message_texts()[-1] == words
    assert app.ctx.unfinished() == []  # nothing started


async def test_fleet_dice_names_the_start_boat_still_to_tap(app) -> None:
    for name in ("Ana", "Ben"):
        app.store.settings.add_player(name)
    page = await app.open("/games/fleet-dice/sheets")
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="start-Ana-cod")
    await page.click(key="start-sheets")
    assert page.message_texts()[-1] == "Tap the boat Ben rolled to start first."
    await page.click(key="start-Ben-oyster")
    assert page.find(key="start-sheets").opacity == 1.0


async def test_a_strike_button_that_cannot_deal_now_says_why(app) -> None:
    page = await app.open("/games/freshwater-fly/strike")
    await page.click(key="start-cast")
    finesse = page.find(key="finesse")
    assert not finesse.disabled and finesse.opacity == REFUSED_OPACITY
    await page.click(key="finesse")  # nothing dealt yet
    assert page.message_texts()[-1] == "Finesse reveals one more card once a card is dealt."
    assert app.ctx.sessions.latest("freshwater-fly-table").state.strike.revealed == ()



# Controls drawn faded that answer in words, one per screen that had a disabled one (issue 65).

async def test_dice_every_die_kept_says_so_and_rolls_nothing(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    for i in range(2):
        await page.click(key=f"die-{i}")
    rolls = len(app.ctx.sessions.latest("table").record.actions)
    assert page.find(key="roll").opacity == REFUSED_OPACITY
    await page.click(key="roll")
    assert page.message_texts()[-1] == "Every die is kept: tap one to roll it again."
    assert len(app.ctx.sessions.latest("table").record.actions) == rolls
    await page.click(key="die-0")  # one let go: it rolls again
    await page.click(key="roll")
    assert page.find(key="roll").opacity == 1.0 and len(app.ctx.sessions.latest("table").record.actions) > rolls


async def test_history_with_no_play_matching_says_why_nothing_downloads(app) -> None:
    from tests.ui.test_history import SMALL, archived

    archived(app, SMALL)
    page = await app.open("/history")
    for key in ("filter-open", "filter-game-lure", "filter-player-2"):  # Cy played no Lure
        await page.click(key=key)
    assert page.label("history-count") == "0 plays: Lure, with Cy"
    for key in ("export-csv", "export-breakdown", "export-bgsplay"):
        assert page.find(key=key).opacity == REFUSED_OPACITY
        await page.click(key=key)
        assert page.message_texts()[-1] == "No play matches the filter: nothing to download."


@pytest.mark.parametrize(("route", "key", "words"), [
    ("/games/fleet-dice/sheets", "roll-starts", "Tap the players first, clockwise."),
    ("/games/salmon-run/race", "race-start", "Tap at least 2 players first."),
])
async def test_a_set_up_button_before_its_players_says_why(app, route, key, words) -> None:
    page = await app.open(route)
    await page.click(key=key)
    assert page.message_texts()[-1] == words and app.ctx.unfinished() == []


async def test_the_drafts_take_before_a_die_says_why(app) -> None:
    page = await app.open("/games/freshwater-fly/draft")
    await page.click(key="draft-mode-solo")
    await page.click(key="start-draft")
    await page.click(label="Roll 5 dice")
    await page.click(key="take")
    assert page.message_texts()[-1] == "Tap a die in the pool first."
    draft = app.ctx.sessions.latest("freshwater-fly-table").state.draft
    assert draft.pool and not draft.picks
