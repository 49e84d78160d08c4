"""Every write a player sees as one step is one step on disk, and a file that is missing,
empty or damaged is set aside, restored from the newest backup and announced, whatever
moment a crash picks. A crash is played here by an exception at the chosen write; the kill -9
tests (test_kill.py, `make soak`) do it for real."""

from __future__ import annotations

import json
import os

import pytest

from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME as TABLE
from companion.games.dice_roller import roll, set_pool
from companion.store import open_store
from companion.store import restore as restore_module


class Crash(BaseException):
    """What a kill -9 at that moment would leave: nothing after it runs."""


def reopen(store, clock):
    store.close()
    return open_store(store.root, clock)


def crash_at(monkeypatch, module, name: str, after: int) -> None:
    """Let `after` calls of `module.name` through, then crash at the next one."""
    real = getattr(module, name)
    calls = {"n": 0}

    def call(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > after:
            raise Crash()
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, call)


@pytest.mark.parametrize("content", ["", "   \n", "null"])
@pytest.mark.parametrize("name", ["settings.json", "archive.json"])
def test_an_empty_or_null_file_is_damage_restored_from_the_backup_and_announced(store, clock, name, content) -> None:
    from companion.core.plays import Play

    store.settings.add_player("Ana")
    store.archive.add(Play("p1", "freshwater-fly", "2026-11-21T10:00:00+00:00", (), ("Ana",), {}))
    store.backup_now()
    store.close()
    (store.root / name).write_text(content)
    clock.advance(hours=1)
    store = open_store(store.root, clock)
    try:
        [notice] = store.notices
        assert "could not be read: it is empty" in notice or "not valid JSON" in notice
        assert [p.name for p in store.settings.players()] == ["Ana"] and store.archive.count() == 1
        assert list(store.root.glob(f"{name}.corrupt-*"))
    finally:
        store.close()


@pytest.mark.parametrize("name", ["settings.json", "archive.json"])
def test_a_deleted_file_is_restored_from_the_backup_and_announced(store, clock, name) -> None:
    from companion.core.plays import Play

    store.settings.add_player("Ana")
    store.archive.add(Play("p1", "freshwater-fly", "2026-11-21T10:00:00+00:00", (), ("Ana",), {}))
    store.backup_now()
    store.close()
    (store.root / name).unlink()
    store = open_store(store.root, clock)
    try:
        [notice] = store.notices
        assert "was missing. Restored the copy from the backup" in notice
        assert [p.name for p in store.settings.players()] == ["Ana"] and store.archive.count() == 1
    finally:
        store.close()


def test_a_new_folder_and_an_archive_never_written_say_nothing(store, clock) -> None:
    store.settings.add_player("Ana")  # the archive file is only written with its first play
    store.backup_now()
    store = reopen(store, clock)
    try:
        assert store.notices == [] and store.archive.count() == 0
    finally:
        store.close()


@pytest.mark.parametrize("content", ["", "null"])
def test_an_empty_session_file_is_set_aside_and_the_app_starts(data_dir, clock, content) -> None:
    (data_dir / "sessions").mkdir(parents=True)
    (data_dir / "sessions" / "abc123.json").write_text(content)
    store = open_store(data_dir, clock)
    try:
        assert "abc123.json" in store.notices[0] and store.sessions.ids() == []
    finally:
        store.close()


def test_a_player_whose_colour_is_a_list_is_damage_not_a_crash(data_dir, clock) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({
        "_meta": {"1": {"kind": "settings", "schema": 1}},
        "players": {"1": {"id": "x", "name": "Ana", "color": ["RED"], "order": 1}}}))
    store = open_store(data_dir, clock)
    try:
        assert "player record 1 is not valid" in store.notices[0] and store.settings.players() == []
    finally:
        store.close()


@pytest.mark.parametrize("after", [0, 1, 2])
def test_a_crash_while_a_damaged_file_is_replaced_still_restores_it_and_says_so(store, clock, monkeypatch,
                                                                               after) -> None:
    store.settings.add_player("Ana")
    store.backup_now()
    store.close()
    (store.root / "settings.json").write_text("{broken")
    crash_at(monkeypatch, os, "replace", after)  # every replace of the store goes through os.replace
    with pytest.raises(Crash):
        open_store(store.root, clock)
    monkeypatch.undo()
    store = open_store(store.root, clock)
    try:
        assert [p.name for p in store.settings.players()] == ["Ana"]
        assert len(store.notices) == 1 and "settings" in store.notices[0]
    finally:
        store.close()


def test_a_notice_is_kept_until_it_is_dismissed(store, clock) -> None:
    store.close()
    (store.root / "archive.json").write_text("[1, 2")
    store = open_store(store.root, clock)
    [notice] = store.notices
    store = reopen(store, clock)
    assert store.notices == [notice]
    store.dismiss_notice(notice)
    store = reopen(store, clock)
    assert store.notices == []
    store.close()


def test_a_new_session_is_written_once_whole(store, monkeypatch) -> None:
    from companion.store import journal

    writes = []
    real = journal.write_json_atomically
    monkeypatch.setattr(journal, "write_json_atomically", lambda path, raw: (writes.append(raw), real(path, raw)))
    session = SessionManager(store.sessions, GAMES, store.clock).create(TABLE)
    [raw] = writes  # its head, in a folder built beside and then renamed into place
    assert raw["id"] == session.id and not list(store.sessions.path(session.id).parent.glob(".*.new"))


def restore_scene(store):
    """Two rolls and Ana in a backup; then four rolls, Ben and a second session."""
    import random

    sessions = SessionManager(store.sessions, GAMES, store.clock)
    store.settings.add_player("Ana")
    table = sessions.create(TABLE)
    rng = random.Random(1)
    for _ in range(2):
        table.perform(roll(table.state.dice, rng))
    backup = store.backup_now()
    store.settings.add_player("Ben")
    for _ in range(2):
        table.perform(roll(table.state.dice, rng))
    sessions.create(TABLE).perform(set_pool(["d20"]))
    return backup, table.id


def state_of(store, table_id) -> tuple:
    return (tuple(p.name for p in store.settings.players()), tuple(store.sessions.ids()),
            len(store.sessions.load(table_id).actions))


@pytest.mark.parametrize("where, after", [("write", n) for n in range(0, 6)] + [("replace", n) for n in range(0, 5)]
                         + [("unlink", n) for n in range(0, 2)])
def test_a_restore_is_all_or_nothing_whatever_moment_a_crash_picks(store, clock, monkeypatch, where, after) -> None:
    backup, table_id = restore_scene(store)
    old = state_of(store, table_id)
    new = (("Ana",), (table_id,), 2)
    if where == "write":
        crash_at(monkeypatch, restore_module, "write_json_atomically", after)
    elif where == "replace":
        crash_at(monkeypatch, os, "replace", after)  # every replace of the store goes through os.replace
    else:
        from pathlib import Path

        crash_at(monkeypatch, Path, "unlink", after)
    try:
        store.restore(backup.path)
    except Crash:
        pass
    monkeypatch.undo()
    store.close()
    store = open_store(store.root, clock)  # the next start finishes or forgets the restore
    try:
        assert state_of(store, table_id) in (old, new)
        assert not (store.root / ".restore").exists()
    finally:
        store.close()


def test_saving_a_play_again_after_a_crash_before_its_sheet_closed_makes_no_duplicate(store) -> None:
    from companion.games.freshwater_fly import score_sheet as sheet

    sessions = SessionManager(store.sessions, GAMES, store.clock)
    scores = sessions.create(sheet.GAME, {"players": ["Ana", "Ben"]})
    store.archive.add(sheet.to_play(scores.state, scores.id, "2026-11-21T10:00:00+00:00"))
    # ...the process dies here; after the restart the sheet is still open and is saved again:
    store.archive.add(sheet.to_play(scores.state, scores.id, "2026-11-21T10:05:00+00:00"))
    sessions.finish(scores.id)
    assert [p.id for p in store.archive.all()] == [scores.id]


def test_the_swap_of_a_restore_is_finished_at_the_next_start(store, clock, monkeypatch) -> None:
    backup, table_id = restore_scene(store)
    # os.replace ends every atomic write: the pre-restore backup, three staged files and the
    # manifest; then the swap, of which one step (a session of now moved out) gets through.
    crash_at(monkeypatch, os, "replace", 1 + 3 + 1 + 1)
    with pytest.raises(Crash):
        store.restore(backup.path)
    monkeypatch.undo()
    assert (store.root / ".restore" / "manifest.json").exists()
    store.close()
    store = open_store(store.root, clock)
    try:
        assert state_of(store, table_id) == (("Ana",), (table_id,), 2)
    finally:
        store.close()


@pytest.mark.parametrize("after", range(4))
def test_a_session_a_restore_drops_is_whole_or_gone_whatever_moment_a_crash_picks(store, clock, monkeypatch,
                                                                                  after) -> None:
    from companion.store.journal import read_journal
    from companion.store.sessions import session_ids

    backup, table_id = restore_scene(store)  # the backup lacks the second session: the restore drops it
    crash_at(monkeypatch, os, "unlink", after)  # shutil.rmtree deletes file by file
    with pytest.raises(Crash):
        store.restore(backup.path)
    monkeypatch.undo()
    store.close()
    sessions = store.root / "sessions"
    for name in session_ids(sessions):  # before any start tidies up: no folder is half deleted
        read_journal(sessions / name, repair=False)
    store = open_store(store.root, clock)
    try:
        assert state_of(store, table_id) == (("Ana",), (table_id,), 2) and not store.notices
    finally:
        store.close()
