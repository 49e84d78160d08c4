"""Sessions: the log is the truth; undo, redo and resume survive a restart."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.session import GameSession
from companion.core.session_log import replay
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME, RULES, roll, set_pool
from companion.store import open_store


def manager(store) -> SessionManager:
    return SessionManager(store.sessions, GAMES, store.clock)


def roll_pool(session, dice: list[str], rng: random.Random) -> None:
    """Set the pool, then roll it (two actions)."""
    session.perform(set_pool(dice))
    session.perform(roll(session.state.dice, rng))


def test_perform_is_saved_before_it_is_shown(store) -> None:
    session = manager(store).create(GAME)
    session.perform(roll(session.state.dice, random.Random(1)))
    on_disk = store.sessions.load(session.id)
    assert on_disk == session.record
    assert len(session.state.dice.rolls) == 1


def test_a_failed_save_changes_nothing(store, clock, monkeypatch) -> None:
    from companion.store import journal
    from companion.store.errors import DiskFull

    session = manager(store).create(GAME)
    session.perform(set_pool(["d6"]))
    before = session.record

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(journal.os, "fdatasync", full_disk)
        with pytest.raises(DiskFull, match="^The disk is full: this tap was not kept"):  # words, not a traceback
            session.perform(roll(session.state.dice, random.Random(1)))
    assert session.record == before and session.state.dice.rolls == ()
    # The line written before the failure was cut off again: the file holds what the session says.
    session.perform(set_pool(["d8"]))
    store.close()
    store = open_store(store.root, clock)
    assert [a.label for a in store.sessions.load(session.id).actions] == ["set the pool to 1 d6", "set the pool to 1 d8"]
    store.close()


def test_refused_action_is_not_recorded(store) -> None:
    session = manager(store).create(GAME)
    with pytest.raises(DomainError, match="at least one die"):
        session.perform(Action("dice.pool", {"dice": []}, "set the pool to nothing"))
    with pytest.raises(DomainError, match="face must be 1 to 6, not 7"):
        session.perform(Action("dice.roll", {"faces": [7, 1]}, "roll 2 d6"))
    assert store.sessions.load(session.id).actions == ()


def test_undo_and_redo_are_labelled_and_survive_a_restart(store, clock) -> None:
    session = manager(store).create(GAME)
    rng = random.Random(3)
    roll_pool(session, ["d6", "d6", "d6"], rng)
    roll_pool(session, ["d20"], rng)
    assert session.undo_label == "Undo: roll 1 d20"
    session.undo()
    assert (session.undo_label, session.redo_label) == ("Undo: set the pool to 1 d20", "Redo: roll 1 d20")
    kept = session.state

    store.close()
    store = open_store(store.root, clock)
    resumed = manager(store).get(session.id)
    assert resumed.state == kept
    assert resumed.redo_label == "Redo: roll 1 d20"
    resumed.redo()
    assert resumed.state.last.dice == ("d20",)
    for _ in range(4):
        resumed.undo()
    assert resumed.state.dice.rolls == () and resumed.undo_label is None
    with pytest.raises(DomainError, match="nothing to undo"):
        resumed.undo()
    store.close()


def test_a_new_action_clears_redo(store) -> None:
    session = manager(store).create(GAME)
    rng = random.Random(5)
    session.perform(roll(session.state.dice, rng))
    session.undo()
    session.perform(set_pool(["d8"]))
    assert session.redo_label is None


def test_latest_open_session_and_discard_with_undo(store, clock) -> None:
    sessions = manager(store)
    older = sessions.create(GAME)
    clock.advance(minutes=1)
    newer = sessions.create(GAME)
    assert sessions.latest(GAME).id == newer.id
    sessions.discard(newer.id)
    assert [r.id for r in sessions.open_records()] == [older.id]
    sessions.undiscard(newer.id)
    assert {r.id for r in sessions.open_records()} == {older.id, newer.id}
    sessions.finish(older.id)
    assert [r.id for r in sessions.open_records()] == [newer.id]
    assert (store.root / "sessions" / "finished" / older.id / "head.json").exists()


def test_unknown_game_is_refused(store) -> None:
    with pytest.raises(DomainError, match="does not know the game 'chess'"):
        manager(store).create("chess")


steps = st.lists(
    st.one_of(
        st.tuples(st.just("roll"), st.lists(st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"]),
                                             min_size=1, max_size=5), st.integers(0, 10**6)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
    ),
    max_size=25,
)


@given(steps=steps)
def test_any_sequence_replays_to_the_same_state_in_memory_and_on_disk(tmp_path_factory, steps) -> None:
    from tests.conftest import FakeClock

    clock = FakeClock()
    store = open_store(tmp_path_factory.mktemp("data"), clock)
    try:
        session = manager(store).create(GAME)
        for step in steps:
            if step[0] == "roll":
                roll_pool(session, step[1], random.Random(step[2]))
            elif step[0] == "undo" and session.undo_label:
                session.undo()
            elif step[0] == "redo" and session.redo_label:
                session.redo()
            assert session.state == replay(RULES, {}, session.record.actions)
        on_disk = store.sessions.load(session.id)
        assert on_disk == session.record
        assert GameSession(on_disk, RULES, store.sessions, clock).state == session.state
    finally:
        store.close()
