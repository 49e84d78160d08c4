"""Settings on headless pages: the roster, backups and restore."""

from __future__ import annotations

import flet as ft

from companion.games.freshwater_fly.entry import Species


async def add_player(page, name: str) -> None:
    await page.click(key="add-player")
    field = page.find(key="player-name")
    field.value = name
    await page.click(key="save-player")


async def test_add_rename_and_remove_a_player_with_undo(app) -> None:
    page = await app.open("/settings")
    await add_player(page, "Ana")
    await add_player(page, "Ben")
    assert [p.name for p in app.store.settings.players()] == ["Ana", "Ben"]
    assert page.has(key="player-Ana") and page.has(key="player-Ben")

    await page.click(label="Edit Ana")
    page.find(key="player-name").value = "Anna"
    await page.tap(page.find(label="Teal"))
    await page.click(key="save-player")
    anna = app.store.settings.players()[0]
    assert (anna.name, anna.color.name) == ("Anna", "TEAL")

    await page.click(label="Remove Anna")
    assert [p.name for p in app.store.settings.players()] == ["Ben"]
    await page.message_action()
    assert [p.name for p in app.store.settings.players()] == ["Anna", "Ben"]
    assert page.has(key="player-Anna")


async def test_a_refused_name_is_explained_in_the_dialog(app) -> None:
    page = await app.open("/settings")
    await add_player(page, "Ana")
    await add_player(page, "ana")
    assert page.find(key="player-name").error == "There is already a player called Ana."
    assert page.dialog() is not None  # still open, the typed name kept
    assert [p.name for p in app.store.settings.players()] == ["Ana"]


async def test_back_up_now_then_restore_from_the_list(app, clock) -> None:
    page = await app.open("/settings")
    await add_player(page, "Ana")
    await page.click(key="backup-now")
    assert page.message_texts()[-1].startswith("Backed up everything to manual-")
    backup = app.store.list_backups()[0]
    # And a download on the laptop too (issue 65: the file was only in the data folder, to be found there).
    from companion.ui.files import OFFERED

    [(name, data)] = OFFERED.pop(page.page.session.id)
    assert name == backup.name and data == backup.path.read_bytes()
    clock.advance(minutes=2)
    await add_player(page, "Ben")

    await page.click(key=f"restore-{backup.name}")
    assert "A backup of what you have now is taken first" in page.dialog().content.value
    await page.click(key="confirm-restore")
    assert [p.name for p in app.store.settings.players()] == ["Ana"]
    assert page.has(key="player-Ana") and not page.has(key="player-Ben")
    assert any(b.reason == "pre-restore" for b in app.store.list_backups())


async def test_a_damaged_backup_is_refused_and_nothing_changes(app) -> None:
    page = await app.open("/settings")
    await add_player(page, "Ana")
    bad = app.store.backups_dir / "manual-20261120-080000.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text('{"format": "companion-backup", "version": 1, "files": {"settings.json": [], '
                   '"archive.json": {"_meta": {"1": {"kind": "archive", "schema": 1}}}}}')
    page.find(key="theme")  # the screen is drawn
    await page.route("/dice")
    await page.route("/settings")
    await page.click(key=f"restore-{bad.name}")
    await page.click(key="confirm-restore")
    assert page.message_texts()[-1].startswith("Not restored, nothing was changed:")
    assert "settings.json is damaged" in page.message_texts()[-1]
    assert [p.name for p in app.store.settings.players()] == ["Ana"]


async def test_restore_reloads_what_other_pages_show(app) -> None:
    table = await app.open("/dice")
    await table.click(key="roll")
    settings = await app.open("/settings")
    await settings.click(key="backup-now")
    backup = app.store.list_backups()[0]
    await table.click(key="roll")
    await table.click(key="roll")
    await settings.click(key=f"restore-{backup.name}")
    await settings.click(key="confirm-restore")
    await app.settle()
    session = app.ctx.sessions.latest("table")
    assert len(session.state.dice.rolls) == 1
    # A restore starts its own history: the roll it brought back is not this page's to undo (issue 63).
    assert table.label(key="undo") == "Nothing to undo"
    assert isinstance(table.find(key="redo"), ft.OutlinedButton)


async def test_strike_hooks_and_skill_faces_match_the_printed_copy(app) -> None:
    page = await app.open("/settings")
    await page.click(key="hooks-2")
    assert app.ctx.options("freshwater-fly").strike_hooks == 2
    await page.click(key="change-skill-C")
    await page.click(key="C-from-3")
    await page.click(key="C-to-3")
    await page.click(key="save-skill-C")
    assert "Skill C must turn one face (1 to 6) into another, not 3 into 3." in page.texts()
    await page.click(key="C-to-5")
    await page.click(key="save-skill-C")
    assert page.find(key="skill-C").value == "Skill C: a 3 becomes a 5"
    assert app.ctx.options("freshwater-fly").face_changes["C"].to_face == 5


async def test_each_species_fish_points_match_the_printed_copy(app) -> None:
    page = await app.open("/settings")
    assert page.find(key="points-brook").value == "Brook: 1 to 4 points"
    await page.click(key="change-points-brook")
    await page.click(key="brook-lowest-9")  # past the highest (4): refused on Save, in words
    await page.click(key="save-points-brook")
    assert "Brook cards show from 0 to 20 points, the lowest first (not 9 to 4)." in page.texts()
    await page.click(key="brook-lowest-4")  # each number in its digits: 4; 1 then 2 for 12
    await page.click(key="brook-highest-1")
    await page.click(key="brook-highest-2")
    assert page.find(key="brook-highest-count").value == "12"
    await page.click(key="brook-highest-back")  # the last digit off, twice: 1, then 0
    await page.click(key="brook-highest-back")
    await page.click(key="brook-highest-6")
    assert page.find(key="brook-highest-count").value == "6"
    await page.click(key="save-points-brook")
    assert page.find(key="points-brook").value == "Brook: 4 to 6 points"
    assert app.ctx.options("freshwater-fly").fish_points[Species.BROOK] == (4, 6)


async def test_damaged_settings_are_named_and_a_damaged_pool_can_be_removed(app) -> None:
    from companion.store.settings import GAME_OPTIONS, SAVED_POOLS

    app.store.settings.set(GAME_OPTIONS + "freshwater-fly", {"strike_hooks": "many"})
    app.store.settings.set(SAVED_POOLS, [{"name": "Odd", "dice": {"d7": 2}}])
    page = await app.open("/settings")
    texts = page.texts()
    assert page.text_containing("Your Strike deck setting is damaged").endswith("using 1 hook.")
    assert "Saved pool 1 (Odd): there is no die called 'd7'. It is left out." in texts
    await page.click(label="Remove saved pool 1")
    assert app.store.settings.saved_pools() == []
    await page.message_action()
    assert len(app.store.settings.saved_pools()) == 1


async def test_a_pool_saved_at_the_table_is_offered_in_presets(app) -> None:
    page = await app.open("/dice")
    await page.click(key="choose-dice")
    await page.click(key="pool-die-d20")
    await page.click(key="pool-count-1")
    page.find(key="pool-name").value = "Big"
    await page.click(label="Save as my pool")
    assert page.message_texts()[-1] == "Saved your pool Big; it is in Presets."
    await page.click(key="presets")
    await page.click(label="Big: 2 d6 + 1 d20")
    assert app.ctx.sessions.latest("table").state.dice.pool == ("d6", "d6", "d20")


async def test_the_tie_break_order_can_be_changed(app) -> None:
    from companion.games.freshwater_fly.entry import FishColor

    page = await app.open("/settings")
    assert page.find(key="tie-break").value == "Now: gold, then black, then green."
    await page.click(key="tie-black-green-gold")
    assert app.ctx.options("freshwater-fly").tie_break == (FishColor.BLACK, FishColor.GREEN, FishColor.GOLD)
    assert page.find(key="tie-break").value == "Now: black, then green, then gold."
