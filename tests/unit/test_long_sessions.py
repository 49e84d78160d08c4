"""Long sessions: a change is one line added to the session's journal, and the state is rebuilt
from the nearest saved one; nothing is lost whatever a crash, a damaged file or an old layout."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.app import build_context
from companion.core import session as session_module
from companion.core.actions import Action, Actor
from companion.core.errors import DomainError
from companion.core.session_log import SessionRecord, replay
from companion.core.session_manager import SessionManager
from companion.core.state_codec import decode, encode
from companion.games import GAMES
from companion.games.dice_roller import GAME, RECENT_ROLLS, RULES, set_pool
from companion.laptop.hosting import LAPTOP
from companion.store import journal, open_store
from companion.store.records import record_to_raw
from tests.budgets import examples
from tests.killed_while_writing import roll

ANA, BEN = Actor("ana", "Ana", False), Actor("ben", "Ben", False)


def manager(store) -> SessionManager:
    return SessionManager(store.sessions, GAMES, store.clock)


def counted(monkeypatch) -> list[int]:
    """Counts the actions the dice roller's rules apply from now on."""
    applied = [0]
    real = type(RULES).apply

    def apply(self, state, action):
        applied[0] += 1
        return real(self, state, action)

    monkeypatch.setattr(type(RULES), "apply", apply)
    return applied


def reopen(store, clock):
    store.close()
    return open_store(store.root, clock)


def files(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_an_action_adds_one_line_and_rewrites_nothing(store) -> None:
    session = manager(store).create(GAME)
    for n in range(40):
        session.perform(roll(n))
    folder = store.sessions.path(session.id)
    before = files(folder)
    session.perform(roll(40))
    after = files(folder)
    changed = {name for name in after if before.get(name) != after[name]}
    assert changed == {"log-000000.jsonl"}
    assert after["log-000000.jsonl"].startswith(before["log-000000.jsonl"])
    added = after["log-000000.jsonl"][len(before["log-000000.jsonl"]):]
    assert json.loads(added)["do"]["label"] == "roll 40" and added.endswith(b"\n") and added.count(b"\n") == 1


def test_the_journal_is_kept_in_segments_of_bounded_length(store, clock, monkeypatch) -> None:
    monkeypatch.setattr(journal, "SEGMENT_LINES", 4)
    session = manager(store).create(GAME)
    for n in range(10):
        session.perform(roll(n))
    session.undo()
    folder = store.sessions.path(session.id)
    assert sorted(p.name for p in folder.glob("log-*")) == ["log-000000.jsonl", "log-000001.jsonl", "log-000002.jsonl"]
    assert [len(p.read_text().splitlines()) for p in sorted(folder.glob("log-*"))] == [4, 4, 3]
    store = reopen(store, clock)
    assert [a.label for a in store.sessions.load(session.id).actions] == [f"roll {n}" for n in range(9)]
    assert [a.label for a in store.sessions.load(session.id).undone] == ["roll 9"]
    store.close()


def test_undo_replays_from_the_nearest_state_kept_not_the_first_action(store, monkeypatch) -> None:
    session = manager(store).create(GAME)
    for n in range(1000):
        session.perform(roll(n), actor=ANA if n % 10 == 0 else BEN)
    applied = counted(monkeypatch)
    session.undo(BEN)  # the last action: the state before it is kept
    assert applied[0] == 0
    session.undo(ANA)  # Ana's last, nine actions back: those nine are applied again
    assert applied[0] == 8
    assert session.state == replay(RULES, {}, session.record.actions)


def test_opening_a_session_again_starts_from_its_saved_state(store, clock, monkeypatch) -> None:
    session = manager(store).create(GAME)
    for n in range(1003):
        session.perform(roll(n))
    state = session.state
    store = reopen(store, clock)
    applied = counted(monkeypatch)
    resumed = manager(store).get(session.id)
    assert resumed.state == state
    assert applied[0] < session_module.SNAPSHOT_EVERY  # only the actions after the newest saved state
    assert len(list(journal.state_files(store.sessions.path(session.id)))) == journal.KEEP_STATES
    store.close()


def test_each_line_is_replayed_by_one_start_up_and_a_later_start_replays_only_what_came_since(store, clock,
                                                                                             monkeypatch) -> None:
    # Issue 44: start-up checks every line of a log under the rules (a state the live session saved could hide
    # one they refuse), and keeps the state its replay reached: the next start begins there, not at the first
    # action, whatever states the live session saved and let go of since.
    session = manager(store).create(GAME)
    for n in range(1003):
        session.perform(roll(n))
    applied = counted(monkeypatch)

    def started() -> int:
        nonlocal store
        store.close()
        applied[0] = 0
        store = open_store(store.root, clock)
        ctx = build_context(store, LAPTOP)
        replayed = applied[0]
        assert ctx.notices == [] and ctx.sessions.get(session.id).state == replay(RULES, {}, store.sessions.load(
            session.id).actions)
        return replayed

    assert started() == 1003  # the first start: the whole log, from the first action
    assert started() == 0  # nothing added since
    resumed = manager(store).get(session.id)
    for n in range(1003, 1020):  # its own states saved every 5 (and all but the newest two let go)
        resumed.perform(roll(n))
    assert started() == 17
    store.close()


def test_a_saved_state_the_log_no_longer_leads_to_is_not_used(store, clock) -> None:
    """An undo before a saved state's place changes the log there: the state is left alone."""
    sessions = manager(store)
    session = sessions.create(GAME)
    for n in range(12):  # states saved at 5 and 10 actions
        session.perform(roll(n), actor=ANA if n == 3 else BEN)
    session.undo(ANA)  # the 4th action goes: both saved states were reached through it
    for n in range(12, 14):
        session.perform(roll(n), actor=BEN)
    expected = replay(RULES, {}, session.record.actions)
    store = reopen(store, clock)
    assert store.sessions.snapshot(session.id)[0] == 11  # saved after the undo
    newest, older = journal.state_files(store.sessions.path(session.id))
    assert older.name == "state-10-10.json"
    newest.unlink()
    store = reopen(store, clock)
    assert store.sessions.snapshot(session.id) is None  # 10 actions of a log that is no longer
    assert manager(store).get(session.id).state == expected
    store.close()


def test_a_state_saved_by_other_rules_is_replayed_instead(store, clock, monkeypatch) -> None:
    session = manager(store).create(GAME)
    for n in range(12):
        session.perform(roll(n))
    store = reopen(store, clock)
    monkeypatch.setattr(journal, "rules_fingerprint", lambda: "rules of another Companion")
    assert store.sessions.snapshot(session.id) is None
    assert manager(store).get(session.id).state == replay(RULES, {}, session.record.actions)
    assert store.notices == []  # not damage: a newer Companion replays the log
    store.close()


def test_a_line_a_crash_cut_short_is_dropped_and_the_next_action_follows(store, clock) -> None:
    session = manager(store).create(GAME)
    for n in range(3):
        session.perform(roll(n))
    segment = store.sessions.path(session.id) / "log-000000.jsonl"
    store.close()
    with open(segment, "ab") as f:
        f.write(b'{"at":"2026-11-21T10:00:00+00:00","do":{"type":"dice.ro')  # never acknowledged
    store = open_store(store.root, clock)
    assert store.notices == []
    resumed = manager(store).get(session.id)
    assert [a.label for a in resumed.record.actions] == ["roll 0", "roll 1", "roll 2"]
    resumed.perform(roll(3))
    store = reopen(store, clock)
    assert [a.label for a in store.sessions.load(session.id).actions] == [f"roll {n}" for n in range(4)]
    store.close()


def test_a_damaged_segment_is_reported_and_the_session_restored_from_the_backup(store, clock) -> None:
    session = manager(store).create(GAME)
    for n in range(3):
        session.perform(roll(n))
    store.backup_now()
    session.perform(roll(3))
    segment = store.sessions.path(session.id) / "log-000000.jsonl"
    store.close()
    lines = segment.read_bytes().splitlines(keepends=True)
    segment.write_bytes(lines[0] + b"#!damaged\n" + b"".join(lines[2:]))
    store = open_store(store.root, clock)
    [notice] = store.notices
    assert f"The unfinished session {session.id} could not be read: line 2 of its log-000000.jsonl" in notice
    assert "Restored the copy from the backup of 21 Nov 2026, 10:00" in notice
    aside = store.root / "sessions" / f"{session.id}.corrupt-20261121-100000"
    assert b"#!damaged" in (aside / "log-000000.jsonl").read_bytes()
    resumed = manager(store).get(session.id)
    assert [a.label for a in resumed.record.actions] == ["roll 0", "roll 1", "roll 2"]
    resumed.perform(roll(4))  # the session carries on from the copy
    store.close()


def with_saved_states(store):
    """A session of 12 rolls (states saved at 5 and 10 actions) and its newest saved state's file."""
    session = manager(store).create(GAME)
    for n in range(12):
        session.perform(roll(n))
    [newest, _] = journal.state_files(store.sessions.path(session.id))
    return session, newest


def test_a_damaged_saved_state_is_reported_and_rebuilt_from_the_log(store, clock) -> None:
    session, newest = with_saved_states(store)
    store.close()
    newest.write_text('{"kind": "session-state", "form')
    store = open_store(store.root, clock)
    [notice] = store.notices
    assert "A saved position of the unfinished session \"Dice session\" could not be read" in notice
    assert "nothing was lost" in notice and newest.with_name(newest.name + ".corrupt").exists()
    assert manager(store).get(session.id).state == replay(RULES, {}, session.record.actions)
    store.close()


def test_a_saved_state_that_reads_but_makes_no_sense_is_reported_and_rebuilt(store, clock) -> None:
    session, newest = with_saved_states(store)
    doc = json.loads(newest.read_text())
    doc["state"] = {"$dc": "os:system", "f": {"command": "true"}}  # not one of Companion's kinds of value
    newest.write_text(json.dumps(doc))
    store = reopen(store, clock)
    assert manager(store).get(session.id).state == replay(RULES, {}, session.record.actions)
    [notice] = store.notices
    assert "os:system is not one of Companion's kinds of value" in notice
    store.close()


def test_an_old_session_file_is_migrated_with_a_copy_kept_and_replays_the_same(data_dir, clock) -> None:
    actions = (set_pool(["d6", "d8"]), *[Action("dice.roll", {"faces": [1 + n % 6, 1 + n % 8]}, f"roll {n}")
                                         for n in range(30)])
    record = SessionRecord("abc123", GAME, "Dice session", {}, actions[:-1], actions[-1:],
                           "2026-11-20T20:00:00+00:00", "2026-11-20T21:00:00+00:00")
    old = data_dir / "sessions" / "abc123.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps(record_to_raw(record)))
    text = old.read_text()
    store = open_store(data_dir, clock)
    try:
        assert not old.exists() and (data_dir / "sessions" / "abc123" / "head.json").exists()
        [copy] = (data_dir / "backups" / "before-migration").iterdir()
        assert copy.name == "abc123.schema1-20261121T100000.json" and copy.read_text() == text
        assert store.notices == []
        migrated = manager(store).get("abc123")
        assert migrated.record == record
        assert migrated.state == replay(RULES, {}, record.actions)
        assert migrated.redo_label == "Redo: roll 29"
        migrated.redo()
        assert migrated.state == replay(RULES, {}, actions)
    finally:
        store.close()


def test_a_migration_a_crash_cut_short_is_finished_at_the_next_start(data_dir, clock) -> None:
    record = SessionRecord("abc123", GAME, "Dice session", {}, (set_pool(["d6"]),), (),
                           "2026-11-20T20:00:00+00:00", "2026-11-20T21:00:00+00:00")
    sessions_dir = data_dir / "sessions"
    sessions_dir.mkdir(parents=True)
    (sessions_dir / "abc123.json").write_text(json.dumps(record_to_raw(record)))
    open_store(data_dir, clock).close()
    # As if killed after the folder was in place but before the old file went:
    (sessions_dir / "abc123.json").write_text(json.dumps(record_to_raw(record)))
    shutil.copytree(sessions_dir / "abc123", sessions_dir / ".abc999.new")  # and one a crash left half-built
    (sessions_dir / ".abc999.new" / "head.json").unlink()
    store = open_store(data_dir, clock)
    try:
        assert store.sessions.ids() == ["abc123"] and store.sessions.old_files() == []
        assert store.sessions.load("abc123") == record and store.notices == []
        assert not list(sessions_dir.glob(".*"))
    finally:
        store.close()


def test_a_backup_holds_each_session_whole_and_a_restore_brings_its_folder_back(store) -> None:
    sessions = manager(store)
    session = sessions.create(GAME)
    for n in range(7):
        session.perform(roll(n))
    session.undo()
    kept = session.record
    backup = store.backup_now()
    bundle = json.loads(backup.path.read_text())
    assert bundle["files"][f"sessions/{session.id}.json"] == record_to_raw(kept)
    session.perform(roll(99))
    store.restore(backup.path, check_session=sessions.check)
    sessions.forget_all()
    restored = sessions.get(session.id)
    # Whole, its history starting at the restore: what came with it is not undone or redone (issue 63).
    assert restored.record == replace(kept, undone=(), undo_from=6)
    assert restored.state == replay(RULES, {}, kept.actions)
    assert not (store.root / "sessions" / f"{session.id}.json").exists()


def test_a_state_keeps_its_last_rolls_and_counts_them_all() -> None:
    state = replay(RULES, {}, [roll(n) for n in range(RECENT_ROLLS + 5)])
    assert len(state.dice.rolls) == RECENT_ROLLS and state.dice.count == RECENT_ROLLS + 5
    assert state.dice.rolls[-1].faces == tuple(roll(RECENT_ROLLS + 4).data["faces"])
    assert [state.dice.number_of(i) for i in (0, -1)] == [6, RECENT_ROLLS + 5]


@pytest.mark.parametrize("value", [
    (1, "two", None, True, 2.5), frozenset({1, 2}), {"a": (1,), 2: [3]}, {4, 5}, [()],
])
def test_the_state_codec_reads_back_what_it_wrote(value) -> None:
    assert decode(json.loads(json.dumps(encode(value)))) == value


@pytest.mark.parametrize("data, problem", [
    ({"$dc": "os:system", "f": {}}, "os:system is not one of Companion's kinds of value"),
    ({"$dc": "companion.games.dice_roller:Roll", "f": {"dice": []}}, "does not have the fields it has now"),
    ({"$enum": "companion.games.dice_roller:Roll", "v": 1}, "is not a kind of choice"),
    ({"$map": [[1]]}, "not a key and a value"),
    ({"what": 1}, "is not a saved value"),
])
def test_the_state_codec_refuses_what_it_did_not_write(data, problem) -> None:
    with pytest.raises(ValueError, match=problem):
        decode(data)


def test_the_state_codec_refuses_values_a_state_does_not_hold() -> None:
    with pytest.raises(TypeError, match="cannot hold a random.Random"):
        encode((random.Random(1),))


# Any sequence of actions, undos, redos and restarts -----------------------------------

steps = st.lists(st.one_of(
    st.tuples(st.just("roll"), st.sampled_from([ANA, BEN, None])),
    st.tuples(st.just("pool"), st.sampled_from([ANA, BEN, None])),
    st.tuples(st.just("undo"), st.sampled_from([ANA, BEN, None])),
    st.tuples(st.just("redo"), st.sampled_from([ANA, BEN, None])),
    st.tuples(st.just("restart"), st.none()),
), max_size=60)


def play(store, clock, steps, rng: random.Random):
    """Take `steps` in a new dice session; after each, its state is its log replayed from
    scratch. The store (reopened at each restart) and the session at the end."""
    sessions = manager(store)
    session = sessions.create(GAME)
    for step, actor in steps:
        try:
            if step == "roll":
                session.perform(roll(rng.randrange(36)), actor=actor)
            elif step == "pool":
                session.perform(set_pool([rng.choice(["d6", "d8"])]), actor=actor)
            elif step == "undo":
                session.undo(actor)
            elif step == "redo":
                session.redo(actor)
            else:
                store = reopen(store, clock)
                session = manager(store).get(session.id)
        except DomainError:  # nothing to undo, an undo a later action needs, a roll of another pool
            pass
        assert session.state == replay(RULES, {}, session.record.actions)
    return store, session


@settings(max_examples=examples(40))
@given(steps=steps, every=st.sampled_from([2, 3, 7]), seed=st.integers(0, 10**6))
def test_the_state_from_saved_states_is_the_state_replayed_from_scratch(tmp_path_factory, clock, monkeypatch,
                                                                         steps, every, seed) -> None:
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", every)
    monkeypatch.setattr(journal, "SEGMENT_LINES", 5)
    store, session = play(open_store(tmp_path_factory.mktemp("data"), clock), clock, steps, random.Random(seed))
    try:
        kept = session.record
        store = reopen(store, clock)
        again = manager(store).get(session.id)
        assert again.record == kept
        assert again.state == replay(RULES, {}, kept.actions)
    finally:
        store.close()


@settings(max_examples=examples(25))
@given(steps=steps, seed=st.integers(0, 10**6))
def test_a_migrated_old_session_replays_to_the_same_state(tmp_path_factory, clock, steps, seed) -> None:
    store, session = play(open_store(tmp_path_factory.mktemp("data"), clock), clock, steps, random.Random(seed))
    kept, state = session.record, session.state
    store.close()
    old = tmp_path_factory.mktemp("old") / "sessions" / f"{kept.id}.json"
    old.parent.mkdir()
    old.write_text(json.dumps(record_to_raw(kept)))  # as a Companion before journals kept it
    store = open_store(old.parent.parent, clock)
    try:
        migrated = manager(store).get(kept.id)
        assert migrated.record == kept and migrated.state == state
        assert (old.parent.parent / "backups" / "before-migration").exists()
    finally:
        store.close()


# kill -9 in the middle of a write ----------------------------------------------------

@pytest.mark.parametrize("where, nth", [("segment", 2), ("segment", 4), ("state", 1), ("state", 2),
                                        ("state-renamed", 1)])
def test_kill_9_while_a_segment_or_a_state_is_written_loses_no_acknowledged_action(data_dir, where, nth) -> None:
    root = Path(__file__).resolve().parents[2]
    acked: list[str] = []
    for round_ in range(2):  # killed, started again on what it left, killed again
        worker = subprocess.Popen([sys.executable, "-m", "tests.killed_while_writing", str(data_dir), where, str(nth)],
                                  cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for line in worker.stdout:
            if line.strip() == "cut":
                break
            acked.append(f"roll {line.split()[1]}")
        else:
            raise AssertionError(f"the worker stopped before the write: {worker.stderr.read()}")
        os.kill(worker.pid, signal.SIGKILL)
        worker.communicate()
        store = open_store(data_dir)
        try:
            assert store.notices == []
            [session_id] = store.sessions.ids()
            session = manager(store).get(session_id)
            labels = [a.label for a in session.record.actions]
            assert acked and labels[:len(acked)] == acked  # every acknowledged roll is there
            assert len(labels) <= len(acked) + 1  # and at most the one under way when it was killed
            assert session.state == replay(RULES, {}, session.record.actions)
            assert not list(data_dir.rglob("*.tmp"))
            acked = labels
            session.perform(roll(len(labels) + 1))  # the log carries on after what the kill left
            acked.append(f"roll {len(labels) + 1}")
        finally:
            store.close()
    store = open_store(data_dir)
    assert [a.label for a in store.sessions.load(store.sessions.ids()[0]).actions] == acked
    store.close()


def test_a_crash_while_a_damaged_session_is_replaced_still_brings_back_the_copy(store, clock, monkeypatch) -> None:
    session = manager(store).create(GAME)
    session.perform(roll(1))
    store.backup_now()
    store.close()
    (store.sessions.path(session.id) / "head.json").write_text("{")

    replace = journal.os.replace

    def killed_once_aside(source, target):  # killed just after the damaged folder went aside
        replace(source, target)
        if ".corrupt-" in str(target):
            raise KeyboardInterrupt("killed")

    with monkeypatch.context() as patch:
        patch.setattr(journal.os, "replace", killed_once_aside)
        with pytest.raises(KeyboardInterrupt):
            open_store(store.root, clock)
    assert not store.sessions.path(session.id).exists()
    store = open_store(store.root, clock)
    try:
        [notice] = store.notices  # kept from the start the crash cut short
        assert "Restored the copy from the backup" in notice
        assert [a.label for a in store.sessions.load(session.id).actions] == ["roll 1"]
    finally:
        store.close()
