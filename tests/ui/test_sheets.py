"""Fleet Dice's sheets on headless pages: set up, the golden rule by taps, choices,
undo, the table's roll, a finished game saved to history."""

from __future__ import annotations

import pytest

from companion.games.fleet_dice.game import GAME


@pytest.fixture
async def sheets(app):
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    page = await app.open("/games/fleet-dice/sheets")
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="start-Ana-cod")
    await page.click(key="start-Ben-oyster")
    await page.click(key="start-sheets")
    return page


def game(app):
    return app.ctx.sessions.latest(GAME).state


async def test_setup_fills_the_start_boats(app, sheets) -> None:
    ana, ben = game(app).sheets
    assert (ana.filled["cod"], ben.filled["oyster"]) == (3, 3)
    assert sheets.find(key="sheet-banner").value == "Ana: Round 1, boat phase: take a die."


async def test_a_die_fills_the_next_box_and_a_lower_box_does_nothing(app, sheets) -> None:
    await sheets.click(key="face-cod")
    box = sheets.find(key="box-cod-3")
    assert not box.disabled and sheets.find(key="box-cod-5").disabled  # only the next box reacts
    await sheets.tap(sheets.find(key="box-cod-5"))  # a lower box: nothing happens
    assert game(app).sheets[0].filled["cod"] == 3
    await sheets.tap(box)
    assert game(app).sheets[0].filled["cod"] == 4
    assert sheets.find(key="sheet-banner").value == "Ana: Round 1, boat phase: use the shared die."
    assert sheets.label(key="undo") == "Undo: Ana: your die, Cod: fill Cod box 4"
    await sheets.click(key="undo")
    assert game(app).sheets[0].filled["cod"] == 3


async def test_an_either_symbol_asks_and_a_g_gives_a_free_box(app, sheets) -> None:
    session = app.ctx.sessions.latest(GAME)
    await sheets.click(key="face-cod")
    await sheets.click(key="use-normal")  # Cod box 4
    await sheets.click(key="face-cod")
    await sheets.click(key="use-normal")  # Cod box 5: either a boat or a license
    assert sheets.find(key="sheet-banner").value == "Ana: Launch a Cod boat or activate a license."
    await sheets.click(key="either-license")
    assert game(app).sheets[0].licenses["cod"] == 2  # and two coins for the second license
    assert session.state.sheets[0].coins == 1 + 2
    # Town phase: 3 coins from the market would pass a G (coin box 5).
    await sheets.click(key="face-coins")
    await sheets.click(key="use-normal")
    assert sheets.find(key="sheet-banner").value == "Ana: A G: fill any topmost open box."
    await sheets.tap(sheets.find(key="box-casino-0"))
    assert game(app).sheets[0].filled["casino"] == 1


async def test_sheets_switch_with_the_players_chip(app, sheets) -> None:
    await sheets.click(key="sheet-Ben")
    await sheets.click(key="face-oyster")
    await sheets.click(key="use-normal")
    assert game(app).sheets[1].filled["oyster"] == 4 and game(app).sheets[0].filled["cod"] == 3


async def test_the_table_roll_offers_its_faces(app, sheets) -> None:
    from companion.games.dice_roller import GAME as TABLE
    from companion.games.dice_roller import set_pool
    from companion.core.session import Action

    table = app.ctx.sessions.create(TABLE)
    table.perform(set_pool(["boat", "boat", "boat"]))
    table.perform(Action("dice.roll", {"faces": [2, 6, 4]}))  # Cod, 3 Coins, Swordfish
    await sheets.route("/dice")
    await sheets.route("/games/fleet-dice/sheets")
    assert sheets.has(key="rolled-0-cod") and sheets.has(key="rolled-1-coins") and sheets.has(key="rolled-2-swordfish")
    await sheets.click(key="rolled-2-swordfish")
    await sheets.click(key="use-normal")
    assert game(app).sheets[0].filled["swordfish"] == 1


async def test_a_finished_game_shows_the_winner_and_is_saved(app, sheets) -> None:
    from companion.games.fleet_dice import game as fleet
    from companion.games.fleet_dice.scoring import score

    session = app.ctx.sessions.latest(GAME)
    # Nine and a half rounds straight through the session (always the first legal action)...
    while sum(s.round for s in session.state.sheets) < 20 or any(s.phase == "boat" for s in session.state.sheets):
        for seat in range(2):
            actions = fleet.legal_actions(session.state, seat)
            if actions:
                session.perform(actions[0])
    await sheets.route("/history")
    await sheets.route("/games/fleet-dice/sheets")
    # ...and the last town phase by taps.
    while not session.state.over:
        for seat, name in enumerate(session.state.names):
            sheet = session.state.sheets[seat]
            if sheet.over:
                continue
            await sheets.click(key=f"sheet-{name}")
            if sheet.choice() is None:
                await sheets.click(key="face-market")
                await sheets.click(key="use-income")
            else:
                session.perform(fleet.legal_actions(session.state, seat)[0])
                await sheets.route("/dice")
                await sheets.route("/games/fleet-dice/sheets")
    results = score(session.state.names, session.state.sheets)[0]
    assert sheets.find(key="fleet-winner").value in (f"{r.name} wins" for r in results if r.rank == 1) or \
        sheets.find(key="fleet-winner").value.startswith("Shared victory")
    await sheets.click(key="save-fleet")
    [play] = app.store.archive.all()
    assert play.game == "fleet-dice" and [r.name for r in play.results] == ["Ana", "Ben"]
    assert [r.total for r in play.results] == [r.total for r in results]


async def test_a_damaged_layout_file_is_reported_not_a_crash(app, monkeypatch) -> None:
    from companion.core.assets import AssetError
    from companion.ui.games.fleet_dice import sheets as sheets_view

    def broken():
        raise AssetError("sheet.json.coins.boxes: must be at least 1, not 0")

    monkeypatch.setattr(sheets_view, "default_layout", broken)
    page = await app.open("/games/fleet-dice/sheets")
    assert page.has(label="The Fleet Dice sheet file is not valid")
    assert "nothing saved was changed" in page.text_containing("coins.boxes")


async def test_a_damaged_saved_sheet_is_explained_and_kept(app, sheets) -> None:
    import json

    session = app.ctx.sessions.latest(GAME)
    await sheets.click(key="face-cod")
    await sheets.click(key="use-normal")
    path = app.store.sessions.path(session.id)
    raw = json.loads(path.read_text())
    raw["session"]["1"]["actions"][0]["data"]["face"] = "trout"  # changed by hand
    path.write_text(json.dumps(raw))
    before = path.read_text()
    app.store.sessions.close_all()  # as after a restart: files are read again
    app.ctx.sessions.forget_all()
    page = await app.open("/games/fleet-dice/sheets")
    text = page.text_containing("cannot be replayed")
    assert "A Fleet die has no 'trout' face." in text and "discard it in Unfinished sessions" in text
    assert path.read_text() == before
    listing = await app.open("/sessions")
    assert listing.has(key=f"session-{session.id}")
