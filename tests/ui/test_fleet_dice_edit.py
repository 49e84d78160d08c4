"""Correcting a saved Fleet Dice play on headless pages: saved from the Sheets, opened from
History's Edit, a track corrected (and undone), saved over the same play."""

from __future__ import annotations

import pytest

from companion.games.fleet_dice import edit
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.layout import WHARF, default_layout
from companion.ui.theme import REFUSED_OPACITY, TAP_SMALL

LAYOUT = default_layout()


@pytest.fixture
async def saved_play(app):
    """A whole Fleet Dice game (its dice tapped in on each sheet), saved to History from the Sheets."""
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    session = app.ctx.sessions.create(fleet.GAME, {"players": [{"name": "Ana", "start": "cod"},
                                                               {"name": "Ben", "start": "oyster"}]})
    for _ in range(1000):  # the first legal action each time: the same game every run
        if session.state.over:
            break
        for seat in range(2):
            actions = fleet.legal_actions(session.state, seat)
            if actions:
                session.perform(actions[0])
    assert session.state.over
    page = await app.open(f"/games/fleet-dice/sheets/{session.id}")
    await page.click(key="fleet-save")
    [play] = app.store.archive.all()
    return play


async def open_editor(app, play):
    page = await app.open(f"/history/{play.id}")
    await page.click(key="edit-play")
    session = app.ctx.sessions.latest(edit.GAME)
    assert session is not None and session.state.play_id == play.id
    assert page.routes()[0] == f"/games/fleet-dice/edit/{session.id}"
    return page, session


async def test_a_saved_play_is_corrected_rescored_and_saved_in_its_place(app, clock, saved_play) -> None:
    play = saved_play
    page, session = await open_editor(app, play)
    assert page.find(key="edit-total").value == f"Ana: {play.results[0].total} points"
    assert page.label(key="edit-seat-0") == f"Ana: {play.results[0].total}"
    assert not page.has(key="boats-estimated")  # this play kept its boats
    # Ana's sheet: a Wharf building she had not finished, finished now (rules: Wharf Buildings).
    sheet = session.state.sheets[0]
    building = next(w for w in WHARF if not sheet.complete(w))
    await page.click(key=f"boxes-{building}-{LAYOUT.wharf[building].boxes}")  # one tap: a key per number
    assert session.state.sheets[0].filled[building] == LAYOUT.wharf[building].boxes
    assert page.find(key=f"boxes-{building}-count").value == f"{LAYOUT.wharf[building].boxes}/" \
                                                                f"{LAYOUT.wharf[building].boxes}"
    assert not page.has(key=f"boxes-{building}-{LAYOUT.wharf[building].boxes + 1}")  # no more than the track
    new_total = play.results[0].total + LAYOUT.wharf[building].points
    assert page.find(key="edit-total").value == f"Ana: {new_total} points"
    assert page.label(key="edit-seat-0") == f"Ana: {new_total}"
    # Undo of a correction.
    cod = session.state.sheets[0].filled["cod"]
    await page.click(key=f"boxes-cod-{cod - 1}")
    assert session.state.sheets[0].filled["cod"] == cod - 1
    assert page.label("undo") == f"Undo: Ana: Cod boxes {cod} → {cod - 1}"
    await page.click(key="undo")
    assert session.state.sheets[0].filled["cod"] == cod
    assert page.find(key="boxes-cod-count").value == f"{cod}/{LAYOUT.track_length('cod')}"
    # Saved in place of the play: same id and date, the new score.
    clock.advance(hours=2)
    await page.click(key="save-edit")
    [edited] = app.store.archive.all()
    assert (edited.id, edited.game, edited.played_at) == (play.id, "fleet-dice", play.played_at)
    assert edited.results[0].total == new_total and edited.results[1].total == play.results[1].total
    assert edited.entry["players"][0]["boxes"][building] == LAYOUT.wharf[building].boxes
    assert page.has(key="saved-to-history")  # the corrected result stays on the screen
    assert f"{new_total} (rank {edited.results[0].rank})" in page.texts()
    assert page.message_texts()[-1] == "Saved to History."
    reloaded = await app.open(f"/games/fleet-dice/edit/{session.id}")  # the correction's address, reloaded
    assert reloaded.has(key="saved-to-history") and f"{new_total} (rank {edited.results[0].rank})" in reloaded.texts()
    await page.click(key="saved-in-history")
    assert page.routes()[-1] == f"/history/{play.id}"
    assert app.ctx.sessions.latest(edit.GAME) is None  # the correction is finished


async def test_each_player_is_corrected_on_their_own_sheet(app, saved_play) -> None:
    page, session = await open_editor(app, saved_play)
    await page.click(key="edit-seat-1")
    coins = session.state.sheets[1].coins
    for digit in str(coins - 1):  # the coin track's 30 boxes: a number in its digits
        await page.click(key=f"boxes-coins-{digit}")
    assert session.state.sheets[1].coins == coins - 1
    assert session.state.sheets[0].coins == saved_play.entry["players"][0]["coins"]
    assert page.find(key="edit-total").value.startswith("Ben: ")


async def test_boats_fish_and_the_king_crab_bonus_by_taps(app, saved_play) -> None:
    page, session = await open_editor(app, saved_play)
    ana = session.state.sheets[0]
    launched = len(ana.boats["lobster"])
    await page.click(key="launch-lobster")
    assert len(session.state.sheets[0].boats["lobster"]) == launched + 1
    await page.click(key=f"fish-lobster-{launched}-1")
    assert session.state.sheets[0].boats["lobster"][launched] == 1
    assert page.label("undo") == f"Undo: Ana: fish on Lobster boat {launched + 1} 0 → 1"
    await page.click(key="unlaunch-lobster")
    assert len(session.state.sheets[0].boats["lobster"]) == launched
    # The King Crab bonus needs a finished King Crab (layout: 5 boxes). Ben's sheet takes one first.
    await page.click(key="edit-seat-1")
    if session.state.sheets[1].filled["king_crab"] < 5:
        await page.click(key="boxes-king_crab-5")
    taken = LAYOUT.bonuses[0].id
    await page.click(key=f"edit-bonus-{taken}")
    assert session.state.sheets[1].bonus == taken
    await page.click(key="edit-seat-0")
    if session.state.sheets[0].filled["king_crab"] < 5:
        await page.click(key="boxes-king_crab-5")
    choice = next(b.id for b in LAYOUT.bonuses if b.id != taken)
    await page.click(key=f"edit-bonus-{choice}")
    assert session.state.sheets[0].bonus == choice
    assert page.find(key=f"edit-bonus-{taken}").opacity == REFUSED_OPACITY
    await page.click(key=f"edit-bonus-{taken}")  # a tap says why (issue 65), and changes nothing
    assert page.message_texts()[-1].endswith(": each bonus goes to one player.")
    assert session.state.sheets[0].bonus == choice


async def test_an_older_play_says_its_boats_were_estimated(app, saved_play) -> None:
    from dataclasses import replace

    entry = {"players": [{k: v for k, v in p.items() if k != "fish_on_boats"} for p in saved_play.entry["players"]]}
    app.store.archive.add(replace(saved_play, entry=entry))
    page, session = await open_editor(app, saved_play)
    assert session.state.estimate(0) is not None
    note = page.text_containing("saved before boats were kept")
    assert "Check them against the paper sheet" in note


async def test_discarding_leaves_the_play_as_it_was_and_can_be_undone(app, saved_play) -> None:
    page, session = await open_editor(app, saved_play)
    await page.click(key="boxes-cod-0")
    await page.click(key="discard-edit")
    assert page.routes()[0] == f"/history/{saved_play.id}"
    assert app.store.archive.get(saved_play.id) == saved_play
    assert app.ctx.sessions.latest(edit.GAME) is None
    await page.message_action()
    assert page.routes()[0] == f"/games/fleet-dice/edit/{session.id}"
    assert page.label(key="edit-seat-0").startswith("Ana: ")


async def test_the_editors_buttons_are_big_enough_to_tap(app, saved_play) -> None:
    page, _ = await open_editor(app, saved_play)
    for key in ("boxes-cod-0", "boxes-cod-12", "license-cod-3", "boxes-coins-0", "boxes-coins-back"):
        button = page.find(key=key)
        assert button.width >= TAP_SMALL and button.height >= TAP_SMALL, key
    # Buttons with words grow with the text size: their size is checked in the browser
    # (tests/e2e/test_accessibility_in_browser.py).


async def test_the_editor_without_a_correction_points_to_history(app) -> None:
    page = await app.open("/games/fleet-dice/edit")
    assert page.has(label="Nothing to correct")
