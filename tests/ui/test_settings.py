"""Settings on headless pages: the roster, backups and restore."""

from __future__ import annotations

import flet as ft


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
    await page.snackbar_action()
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
    assert page.snackbar_texts()[-1].startswith("Backed up everything to manual-")
    backup = app.store.list_backups()[0]
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
    bad.write_text('{"format": "companion-backup", "version": 1, "files": {"settings.json": []}}')
    page.find(key="theme")  # the screen is drawn
    await page.route("/table")
    await page.route("/settings")
    await page.click(key=f"restore-{bad.name}")
    await page.click(key="confirm-restore")
    assert page.snackbar_texts()[-1].startswith("Not restored, nothing was changed:")
    assert "settings.json is damaged" in page.snackbar_texts()[-1]
    assert [p.name for p in app.store.settings.players()] == ["Ana"]


async def test_restore_reloads_what_other_pages_show(app) -> None:
    table = await app.open("/table")
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
    assert len(session.state.rolls) == 1
    assert table.find(key="undo").content == f"Undo: {session.record.actions[-1].label}"
    assert isinstance(table.find(key="redo"), ft.OutlinedButton)
