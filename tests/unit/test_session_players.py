"""A session shared by a table of phones: who did what, whose Undo takes back what, taps
that were on their way while another phone changed the state, and sessions that ended."""

from __future__ import annotations

import random
import shutil

import pytest

from companion.core.actions import TABLE, Actor, overlaps
from companion.core.errors import DomainError
from companion.core.session import SessionClosed
from companion.core.session_manager import SessionManager
from companion.core.stale_taps import StaleTap
from companion.core.undo import UndoBlocked
from companion.games import GAMES
from companion.games.dice_roller import GAME, keep, roll, set_pool
from companion.games.fleet_dice import rules as fleet
from companion.store import open_store

ANA = Actor("p-ana", "Ana", undoes_anyone=False)
BEN = Actor("p-ben", "Ben", undoes_anyone=False)
WHOLE_TABLE = Actor()


def manager(store) -> SessionManager:
    return SessionManager(store.sessions, GAMES, store.clock)


def rolled(session, rng: random.Random, actor: Actor) -> None:
    session.perform(roll(session.state.dice, rng), actor)


def test_every_action_carries_who_made_it_and_it_is_saved(store, clock) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(1), ANA)
    session.perform(set_pool(["d8"]), WHOLE_TABLE)
    first, second = store.sessions.load(session.id).actions
    assert (first.by, first.who) == ("p-ana", "Ana")
    assert (second.by, second.who) == (TABLE, "")  # the phone passed around names nobody
    assert session.undo_label_for(WHOLE_TABLE) == "Undo: set the pool to 1 d8"
    assert session.undo_label_for(ANA) == "Undo: roll 2 d6 (Ana)"


def test_a_players_undo_takes_back_their_own_last_action_and_leaves_the_others_alone(store) -> None:
    session = manager(store).create(GAME)
    rng = random.Random(2)
    rolled(session, rng, ANA)
    session.perform(keep(session.state.dice, 0, True), BEN)
    ben_keeps = session.state.dice.kept
    # Ben kept a die of Ana's roll: her button says so, and takes nothing back until Ben's keep is undone.
    assert session.undo_label_for(ANA) == "roll 2 d6 (Ana): keep die 1 (1) (Ben) came after it"
    assert session.undo_view(ANA).locked and session.undo_label_for(BEN).startswith("Undo: keep die 1")

    with pytest.raises(UndoBlocked, match=r"keep die 1 .*\(Ben\).* depends on it\. Ben undoes that first"):
        session.undo(ANA)
    session.undo(BEN)
    assert session.state.dice.kept == frozenset() != ben_keeps
    taken_back = session.undo(ANA)
    assert taken_back.who == "Ana" and session.state.dice.faces is None
    assert session.redo_label_for(ANA) == "Redo: roll 2 d6 (Ana)"
    assert session.redo_label_for(BEN).startswith("Redo: keep die 1")


def test_a_players_undo_skips_the_later_actions_of_others(store) -> None:
    session = manager(store).create(fleet.GAME, {"players": [{"name": "Ana", "start": "cod"},
                                                             {"name": "Ben", "start": "shrimp"}]})
    session.perform(fleet.use_die(session.state, 0, "chosen", "cod"), ANA)
    session.perform(fleet.use_die(session.state, 1, "chosen", "shrimp"), BEN)
    ben_sheet = session.state.sheets[1]
    session.undo(ANA)
    assert session.state.sheets[0].filled["cod"] == 3 and session.state.sheets[1] == ben_sheet
    assert [a.who for a in session.record.actions] == ["Ben"]
    with pytest.raises(DomainError, match="Ana has nothing here to undo"):
        session.undo(ANA)
    session.redo(ANA)
    assert session.state.sheets[0].filled["cod"] == 4


def test_the_whole_table_and_the_host_undo_anyones_last_action(store) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(3), ANA)
    rolled(session, random.Random(4), BEN)
    host_who_is_ana = Actor(ANA.id, ANA.name, undoes_anyone=True)
    assert session.undo(host_who_is_ana).who == "Ben"
    assert session.undo(WHOLE_TABLE).who == "Ana"


def test_a_new_action_ends_only_its_authors_redo(store) -> None:
    session = manager(store).create(GAME)
    rng = random.Random(5)
    rolled(session, rng, ANA)
    rolled(session, rng, BEN)
    session.undo(BEN)
    session.undo(ANA)
    rolled(session, rng, ANA)
    assert session.redo_target(ANA) is None
    assert session.redo_label_for(BEN) == "Redo: roll 2 d6 (Ben)"


def test_undo_refuses_when_its_button_showed_another_action(store) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(6), ANA)
    shown = session.undo_target(WHOLE_TABLE)
    rolled(session, random.Random(7), BEN)  # Ben rolls while the table phone's button still shows Ana's roll
    with pytest.raises(StaleTap, match="showed “roll 2 d6 \\(Ana\\)”, but it changed to “roll 2 d6 \\(Ben\\)”"):
        session.undo(WHOLE_TABLE, expected=shown)
    assert len(session.record.actions) == 2


def test_a_tap_from_a_stale_screen_is_refused_when_another_phone_changed_what_it_touches(store) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(8), ANA)
    seen = session.revision
    session.perform(roll(session.state.dice, random.Random(9)), BEN, origin="ben's phone")
    with pytest.raises(StaleTap, match=r"Just before your tap: roll 2 d6 \(Ben\)\. Your tap was not recorded"):
        session.perform(keep(session.state.dice, 1, True), ANA, seen=seen, origin="ana's phone")
    assert len(session.record.actions) == 2


def test_a_tap_from_a_stale_screen_is_recorded_when_nothing_it_touches_changed(store) -> None:
    session = manager(store).create(GAME)
    session.perform(set_pool(["d6", "d6", "d6"]), ANA)
    rolled(session, random.Random(10), ANA)
    seen = session.revision
    session.perform(keep(session.state.dice, 0, True), BEN, origin="ben's phone")
    session.perform(keep(session.state.dice, 1, True), ANA, seen=seen, origin="ana's phone")
    # Ana's own earlier taps never make her next one stale.
    session.perform(keep(session.state.dice, 1, False), ANA, seen=seen, origin="ana's phone")
    assert [a.who for a in session.record.actions] == ["Ana", "Ana", "Ben", "Ana", "Ana"]


def test_a_screen_older_than_the_remembered_changes_is_refused(store) -> None:
    session = manager(store).create(GAME)
    rng = random.Random(11)
    for _ in range(600):
        session.perform(roll(session.state.dice, rng), BEN, origin="ben's phone")
    with pytest.raises(StaleTap, match="out of date"):
        session.perform(roll(session.state.dice, rng), ANA, seen=1, origin="ana's phone")


def test_a_finished_or_discarded_session_takes_no_more_actions_and_writes_nothing(store) -> None:
    sessions = manager(store)
    session = sessions.create(GAME)
    rolled(session, random.Random(12), ANA)
    sessions.finish(session.id)
    with pytest.raises(SessionClosed, match="finished"):
        rolled(session, random.Random(13), BEN)
    with pytest.raises(SessionClosed):
        session.undo(ANA)
    assert not store.sessions.path(session.id).exists()

    other = sessions.create(GAME)
    sessions.discard(other.id)
    with pytest.raises(SessionClosed, match="discarded"):
        rolled(other, random.Random(14), ANA)
    assert not store.sessions.path(other.id).exists()


def test_after_a_restore_a_session_held_by_a_page_cannot_write_its_old_log_back(store) -> None:
    sessions = manager(store)
    session = sessions.create(GAME)
    rng = random.Random(15)
    for _ in range(4):
        rolled(session, rng, ANA)
    backup = store.backup_now()
    for _ in range(2):
        rolled(session, rng, ANA)
    store.restore(backup.path)
    sessions.forget_all()
    with pytest.raises(SessionClosed, match="restored from a backup"):
        rolled(session, rng, BEN)
    assert len(store.sessions.load(session.id).actions) == 4
    assert len(sessions.get(session.id).state.dice.rolls) == 4


def test_saving_a_session_whose_file_is_gone_is_refused(store) -> None:
    session = manager(store).create(GAME)
    shutil.rmtree(store.sessions.path(session.id))
    with pytest.raises(DomainError, match="no longer here"):
        rolled(session, random.Random(16), ANA)
    assert not store.sessions.path(session.id).exists()


def test_logs_from_before_identities_still_load(store, clock) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(17), None)
    store.close()
    reopened = open_store(store.root, clock)
    try:
        [action] = reopened.sessions.load(session.id).actions
        assert (action.by, action.who) == ("", "")
    finally:
        reopened.close()


def test_parts_of_a_state_meet_when_one_holds_the_other() -> None:
    assert overlaps((), ("sheet", 1)) and overlaps(("dice",), ("dice", 2)) and overlaps(("dice", 2), ("dice", 2))
    assert not overlaps(("dice", 1), ("dice", 2)) and not overlaps(("sheet", 0), ("seat", 0))


def test_two_rolls_at_once_are_both_recorded_but_a_keep_of_an_old_roll_is_not(store) -> None:
    session = manager(store).create(GAME)
    rolled(session, random.Random(18), ANA)
    seen = session.revision
    session.perform(roll(session.state.dice, random.Random(19)), ANA, origin="ana's phone")
    session.perform(roll(session.state.dice, random.Random(20)), BEN, seen=seen, origin="ben's phone")
    assert len(session.state.dice.rolls) == 3
    with pytest.raises(StaleTap):
        session.perform(keep(session.state.dice, 0, True), BEN, seen=seen, origin="ben's phone")
