"""The conformance suite's sessions in memory (tests/memory_sessions.py) keep what a data folder keeps:
the same play, undone and redone, through both, opened again after a restart, gives the same log, redo
stack and state, starts from a saved state only while the log still leads to it, and a finished
session takes nothing more."""

from __future__ import annotations

import random

import pytest

from companion.core.actions import Actor
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME as TABLE
from companion.games.dice_roller import roll, set_pool
from companion.store import open_store
from companion.store.sessions import SessionNotFound
from tests.memory_sessions import MemorySessions

ANA, BEN, TABLE_PHONE = Actor("p-ana", "Ana", False), Actor("p-ben", "Ben", False), Actor()


def play(manager: SessionManager) -> str:
    """Rolls by two players, Undo and Redo among them (the conftest saves a state every 5 actions)."""
    rng = random.Random(3)
    session = manager.create(TABLE)
    session.perform(set_pool(["d6", "d6", "d12"]), ANA)
    for n in range(14):
        session.perform(roll(session.state.dice, rng), (ANA, BEN)[n % 2])
        if n % 4 == 3:  # Ben's roll, taken back, and now and then done again
            session.undo(BEN)
        if n % 8 == 7:
            session.redo(BEN)
    for _ in range(5):  # the phone passed around takes back the last five: the log is now shorter than the
        session.undo(TABLE_PHONE)  # newest saved state covers, which no longer counts
    return session.id


def test_the_same_play_in_memory_and_on_disk_reopens_the_same(tmp_path, clock) -> None:
    memory = MemorySessions()
    in_memory = SessionManager(memory, GAMES, clock)
    kept = in_memory.get(play(in_memory))
    store = open_store(tmp_path / "data", clock)
    try:
        on_disk = SessionManager(store.sessions, GAMES, store.clock)
        written = on_disk.get(play(on_disk))
        assert (kept.record.actions, kept.record.undone) == (written.record.actions, written.record.undone)
        assert kept.state == written.state and kept.record.undone  # something waits to be redone
        # A saved state is used only while the log still leads to it, in both.
        found = [log.snapshot(session_id) for log, session_id in ((memory, kept.id), (store.sessions, written.id))]
        assert found[0] is not None and found[0] == found[1] and found[0][0] <= len(kept.record.actions)
    finally:
        store.close()
    memory.close_all()  # a restart: read again from the lines kept
    again = SessionManager(memory, GAMES, clock).get(kept.id)
    assert (again.record, again.state) == (kept.record, kept.state)


def test_a_finished_or_discarded_session_takes_nothing_more(clock) -> None:
    memory = MemorySessions()
    manager = SessionManager(memory, GAMES, clock)
    finished, discarded = manager.create(TABLE), manager.create(TABLE)
    manager.finish(finished.id)
    manager.discard(discarded.id)
    assert memory.list_open() == []
    for session_id in (finished.id, discarded.id):
        with pytest.raises(SessionNotFound):
            memory.load(session_id)
    manager.undiscard(discarded.id)
    assert [r.id for r in memory.list_open()] == [discarded.id]
