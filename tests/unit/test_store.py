"""The data folder: corruption recovery, the folder lock, backups and restore."""

from __future__ import annotations

import json
import os

import pytest

from companion.core.actions import Action
from companion.core.session_log import DONE, Change, SessionRecord
from companion.store import (
    DataFolderInUse,
    InvalidBackupError,
    NewerSchemaError,
    open_store,
)
from companion.store.backups import KEEP_AUTOMATIC, list_backups
from companion.store.migrations import stamp


def record(session_id: str, *labels: str) -> SessionRecord:
    return SessionRecord(session_id, "table", "Table dice", {}, tuple(Action("roll", {}, l) for l in labels), (),
                         "2026-11-21T10:00:00+00:00", "2026-11-21T10:00:00+00:00")


def reopen(store, clock):
    store.close()
    return open_store(store.root, clock)


def test_corrupt_file_is_moved_aside_and_restored_from_backup(store, clock) -> None:
    store.settings.add_player("Ana")
    store = reopen(store, clock)  # takes today's automatic backup
    store.settings.add_player("Ben")  # not in the backup
    store.close()
    settings = store.root / "settings.json"
    settings.write_text('{"_meta": {"1": {"kind": "settings", "schema": 1}}}} garbage')
    damaged = settings.read_text()

    clock.advance(hours=1)
    store = open_store(store.root, clock)
    try:
        assert [p.name for p in store.settings.players()] == ["Ana"]
        [notice] = store.notices
        aside = store.root / "settings.json.corrupt-20261121-110000"
        assert str(aside) in notice and "not valid JSON" in notice and "Restored the copy" in notice
        assert aside.read_text() == damaged  # nothing is dropped silently
    finally:
        store.close()


def test_corrupt_file_without_backup_starts_empty_and_says_so(data_dir, clock) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "archive.json").write_text("[1, 2")
    store = open_store(data_dir, clock)
    try:
        assert store.archive.count() == 0
        [notice] = store.notices
        assert "play history" in notice and "started a new, empty one" in notice
        assert (data_dir / "archive.json.corrupt-20261121-100000").read_text() == "[1, 2"
    finally:
        store.close()


def test_corrupt_session_file_is_set_aside(store, clock) -> None:
    store.sessions.create(record("abc123", "roll 2 d6"))
    store.close()
    (store.root / "sessions" / "abc123" / "head.json").write_text("{")
    store = open_store(store.root, clock)
    try:
        assert store.sessions.ids() == []
        [notice] = store.notices
        assert "session abc123 could not be read: its head.json cannot be read" in notice
        assert "No backup held this session" in notice
        assert (store.root / "sessions" / "abc123.corrupt-20261121-100000" / "head.json").read_text() == "{"
    finally:
        store.close()


def test_file_from_a_newer_companion_stops_start_up_untouched(data_dir, clock) -> None:
    data_dir.mkdir(parents=True)
    newer = json.dumps(stamp({}, "settings", 99))
    (data_dir / "settings.json").write_text(newer)
    with pytest.raises(NewerSchemaError):
        open_store(data_dir, clock)
    assert (data_dir / "settings.json").read_text() == newer
    # The failed open released the folder: trying again fails the same way, not as "in use".
    with pytest.raises(NewerSchemaError):
        open_store(data_dir, clock)


def test_stale_temporary_files_are_removed(data_dir, clock) -> None:
    (data_dir / "sessions").mkdir(parents=True)
    (data_dir / ".settings.json.x1.tmp").write_text("half")
    (data_dir / "sessions" / ".abc.json.x2.tmp").write_text("half")
    open_store(data_dir, clock).close()
    assert not list(data_dir.rglob("*.tmp"))


def test_one_companion_per_data_folder(store, clock) -> None:
    with pytest.raises(DataFolderInUse, match="already using"):
        open_store(store.root, clock)


def test_automatic_backup_at_most_once_a_day_and_only_ten_kept(store, clock) -> None:
    store.settings.add_player("Ana")
    for _ in range(14):
        store = reopen(store, clock)
        store = reopen(store, clock)  # a second start the same day takes no backup
        clock.advance(days=1)
    automatic = [b for b in store.list_backups() if b.reason == "auto"]
    assert len(automatic) == KEEP_AUTOMATIC
    assert len({b.created.date() for b in automatic}) == KEEP_AUTOMATIC
    assert automatic[0].created.date().isoformat() == "2026-12-04"  # the newest survive
    store.close()


def test_no_automatic_backup_of_an_empty_folder(store, clock) -> None:
    store = reopen(store, clock)
    assert store.list_backups() == []
    store.close()


def test_restore_brings_back_everything_and_keeps_a_way_back(store, clock) -> None:
    store.settings.add_player("Ana")
    store.sessions.create(record("aaa111", "roll 1 d6"))
    backup = store.backup_now()
    clock.advance(minutes=5)
    store.settings.add_player("Ben")
    store.sessions.create(record("bbb222", "roll 2 d6"))

    store.restore(backup.path)
    assert [p.name for p in store.settings.players()] == ["Ana"]
    assert store.sessions.ids() == ["aaa111"]
    assert store.sessions.load("aaa111").actions[0].label == "roll 1 d6"

    [before] = [b for b in store.list_backups() if b.reason == "pre-restore"]
    store.restore(before.path)
    assert [p.name for p in store.settings.players()] == ["Ana", "Ben"]
    assert store.sessions.ids() == ["aaa111", "bbb222"]
    store.close()


def corrupt_variants(good: dict) -> list[tuple[str, str]]:
    damaged_file = json.loads(json.dumps(good))
    damaged_file["files"]["settings.json"]["players"] = {"1": "not a record"}
    unknown = json.loads(json.dumps(good))
    unknown["files"]["../../etc/passwd"] = {}
    return [
        ("not json {", "not valid JSON"),
        (json.dumps({"format": "something-else"}), "not a Companion backup"),
        (json.dumps({**good, "version": 7}), "backup format 7"),
        (json.dumps({**good, "files": []}), "no 'files' object"),
        (json.dumps(damaged_file), "settings.json is damaged"),
        (json.dumps(unknown), "unknown file '../../etc/passwd'"),
    ]


def test_restore_refuses_bad_files_and_changes_nothing(store, clock) -> None:
    store.settings.add_player("Ana")
    good = json.loads(store.backup_now().path.read_text())
    store.settings.add_player("Ben")
    before = {p.name: p.read_bytes() for p in store.root.rglob("*.json")}
    for n, (text, problem) in enumerate(corrupt_variants(good)):
        bad = store.backups_dir / f"manual-20261121-12000{n}.json"
        bad.write_text(text)
        with pytest.raises(InvalidBackupError, match=problem):
            store.restore(bad)
        bad.unlink()
    after = {p.name: p.read_bytes() for p in store.root.rglob("*.json")}
    assert after == before
    assert [p.name for p in store.settings.players()] == ["Ana", "Ben"]
    store.close()


def test_backups_are_listed_newest_first(store, clock) -> None:
    store.settings.add_player("Ana")
    first = store.backup_now()
    clock.advance(minutes=1)
    second = store.backup_now()
    assert [b.path for b in list_backups(store.backups_dir)] == [second.path, first.path]
    store.close()


def test_unreadable_file_is_treated_like_a_damaged_one(data_dir, clock) -> None:
    (data_dir / "archive.json").mkdir(parents=True)  # a folder where the file should be
    store = open_store(data_dir, clock)
    try:
        assert "cannot be read" in store.notices[0]
        assert store.archive.count() == 0
    finally:
        store.close()
    assert os.path.isdir(data_dir / "archive.json.corrupt-20261121-100000")


@pytest.mark.parametrize("relpath, content, problem", [
    ("sessions/abc123.json", {"session": {"1": {"id": "abc123", "game": "table"}}},
     "session field 'title' is missing"),
    ("sessions/abc123.json", {"session": {}}, "does not hold exactly one session"),
    ("settings.json", {"players": {"1": {"id": "x", "name": "Ana", "color": "PLAID", "order": 1}}},
     "player record 1 is not valid"),
    ("archive.json", {"plays": {"7": {"id": "p", "game": "g"}}}, "play record 7 is not valid"),
])
def test_files_with_malformed_records_are_set_aside_at_start_up(data_dir, clock, relpath, content, problem) -> None:
    kind = {"sessions": "session", "settings.json": "settings", "archive.json": "archive"}[relpath.split("/")[0]]
    path = data_dir / relpath
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(stamp(content, kind, 1)))
    store = open_store(data_dir, clock)
    try:
        [notice] = store.notices
        assert problem in notice and f"{path.name}.corrupt-" in notice
        assert store.sessions.ids() == []
        assert store.settings.players() == [] and store.archive.count() == 0
    finally:
        store.close()


def test_restore_refuses_a_backup_with_a_malformed_record(store) -> None:
    store.settings.add_player("Ana")
    bundle = json.loads(store.backup_now().path.read_text())
    bundle["files"]["settings.json"]["players"]["1"]["color"] = "PLAID"
    bad = store.backups_dir / "manual-20261120-080000.json"
    bad.write_text(json.dumps(bundle))
    with pytest.raises(InvalidBackupError, match="player record 1 is not valid"):
        store.restore(bad)
    assert [p.name for p in store.settings.players()] == ["Ana"]
    store.close()


def test_a_backup_says_how_far_each_session_journal_had_reached(store) -> None:
    from companion.store.backups import witnesses

    store.sessions.create(record("abc123", "roll 2 d6"))
    store.sessions.record_change("abc123", Change(DONE, Action("roll", {}, "roll 1 d6")), "2026-11-21T10:01:00+00:00")
    info = store.backup_now()
    bundle = json.loads(info.path.read_text())
    base, lines = store.sessions.reached("abc123")
    assert lines == 1 and bundle["journals"]["sessions/abc123.json"]["base"] == base
    [(relpath, witness)] = witnesses(store.backups_dir).items()
    assert (relpath, witness.base, witness.lines, witness.backup) == ("sessions/abc123.json", base, 1, info)
    bundle["journals"]["sessions/abc123.json"]["lines"] = 7  # a changed count is not believed
    info.path.write_text(json.dumps(bundle))
    assert witnesses(store.backups_dir) == {}
    store.close()


def test_an_undo_never_crosses_a_restore(store, clock) -> None:
    """Issue 63: after a backup was restored (on the phone build), its Undo offered the last action of the
    laptop the backup came from. A restore starts its own history: what came with it stays; what is done
    after it is undone as ever; a restart keeps it so."""
    import random

    from companion.core.session_manager import SessionManager
    from companion.core.undo import NothingToUndo
    from companion.games import GAMES
    from companion.games.dice_roller import GAME, roll

    session = SessionManager(store.sessions, GAMES, store.clock).create(GAME)
    session.perform(roll(session.state.dice, random.Random(1)))
    session.perform(roll(session.state.dice, random.Random(2)))
    session.undo()  # on the redo stack of the laptop
    backup = store.backup_now()
    store.restore(backup.path)
    restored = SessionManager(store.sessions, GAMES, store.clock).get(session.id)
    assert len(restored.record.actions) == 1 and restored.undo_target() is None and restored.redo_target() is None
    with pytest.raises(NothingToUndo):
        restored.undo()
    restored.perform(roll(restored.state.dice, random.Random(3)))
    assert restored.undo_target() is not None
    restored.undo()
    store = reopen(store, clock)
    again = SessionManager(store.sessions, GAMES, store.clock).get(session.id)
    assert again.record.undo_from == 1 and again.undo_target() is None and again.redo_target() is not None
    store.close()


def test_a_sessions_drafts_are_kept_on_disk_and_a_damaged_one_reads_as_none(store, clock) -> None:
    """What a form holds, typed and not sent (issue 63), in the session's folder: kept, forgotten, and a damaged
    file is no draft (the log holds everything sent); a session start-up check is not troubled by it."""
    store.sessions.create(record("aaa111", "roll 1 d6"))
    store.sessions.keep_draft("aaa111", "lure.splash.1.p-ana", {"fish": [], "card": {"catch": 12}})
    store.sessions.keep_draft("aaa111", "other", [1, 2])
    store = reopen(store, clock)
    assert store.sessions.drafts("aaa111") == {"lure.splash.1.p-ana": {"fish": [], "card": {"catch": 12}},
                                               "other": [1, 2]}
    store.sessions.keep_draft("aaa111", "other", None)
    assert list(store.sessions.drafts("aaa111")) == ["lure.splash.1.p-ana"]
    (store.root / "sessions" / "aaa111" / "drafts.json").write_text("{not json")
    assert store.sessions.drafts("aaa111") == {}
    store = reopen(store, clock)
    assert store.sessions.load("aaa111").actions[0].label == "roll 1 d6" and store.notices == []
    store.close()
