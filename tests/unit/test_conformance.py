"""Every kind of session in the registry keeps the table kit's promises (OpenSpiel's random
simulation test is the model). Each kind declares its moves, a set-up and what its players might
do next, and is played here through real sessions on a real data folder:

- random play from set-up makes progress (most moves tried are taken) and reaches the end;
- the state a reopened data folder replays equals the one play built;
- every refusal, of any move with any data, says why in one line;
- two actions declared independent are both taken in either order and give the same state;
- a revealed secret choice cannot be taken back by its chooser (the phone passed around can);
- an action for another player's seat is refused, and changes nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.actions import Action, Actor, independent
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.core.session_manager import SessionManager
from companion.core.table.rules import TableRules
from companion.core.table.seats import ANY_SEAT, NotYourSeat
from companion.core.undo import RevealFinal
from companion.games import GAMES
from companion.store import open_store

KINDS = sorted(GAMES)
MOST_MOVES = 1500  # every game's example set-up ends well within this many moves
OPEN_ENDED_MOVES = 200  # the moves tried of a kind that never ends (a dice roller, a score sheet)
TABLE_PHONE = Actor()
ONLOOKER = Actor("p-onlooker", "Zed", undoes_anyone=False)


def rules_of(kind: str) -> TableRules:
    rules = GAMES[kind]
    assert isinstance(rules, TableRules), f"{kind}: declare its moves with the table kit (core.table.rules)"
    return rules


def player(name: str) -> Actor:
    return Actor(f"p-{name.lower()}", name, undoes_anyone=False)


def players_of(rules: TableRules, state) -> list[Actor]:
    names, _ = rules.seats(state)
    return [player(n) for n in names]


def own_actor(rules: TableRules, state, action: Action) -> Actor:
    """The phone that makes `action` at the table: its seat's player's, else the phone passed around."""
    whose = rules.whose(state, action)
    names, _ = rules.seats(state)
    if isinstance(whose, int):
        return player(names[whose])
    if isinstance(whose, frozenset) and whose:
        return player(names[min(whose)])
    return player(names[0]) if names else TABLE_PHONE


def through_json(action: Action) -> Action:
    """The action as the journal keeps it: what a replay reads."""
    return Action.from_doc(json.loads(json.dumps(action.to_doc())))


@pytest.fixture
def sessions(tmp_path, clock):
    store = open_store(tmp_path / "data", clock)
    yield SessionManager(store.sessions, GAMES, store.clock), store
    store.close()


def play_at_random(rules, session, rng: random.Random) -> tuple[int, int]:
    """Play `session` with its rules' candidates, each by its own player's phone, to its end (or for
    OPEN_ENDED_MOVES where it has none); the moves taken and refused (each refusal one line)."""
    taken = refused = 0
    limit = MOST_MOVES if rules.ends else OPEN_ENDED_MOVES
    while taken < limit and not rules.over(session.state):
        moves = rules.candidates(session.state, rng)
        assert moves or not rules.ends, f"{session.record.game}: nothing to do, and the game is not over"
        if not moves:
            break
        action = through_json(rng.choice(moves))
        try:
            session.perform(action, own_actor(rules, session.state, action))
            taken += 1
        except DomainError as exc:
            assert str(exc).strip() and "\n" not in str(exc)
            refused += 1
    return taken, refused


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_random_play_makes_progress_to_the_end_and_replays(kind, seed, tmp_path_factory, clock) -> None:
    rules = rules_of(kind)
    rng = random.Random(seed)
    store = open_store(tmp_path_factory.mktemp("data"), clock)
    try:
        manager = SessionManager(store.sessions, GAMES, store.clock)
        session = manager.create(kind, rules.example_setup(rng))
        taken, refused = play_at_random(rules, session, rng)
        assert refused <= taken, (kind, taken, refused)  # most moves tried were taken
        if rules.ends:  # play got somewhere: to the end
            assert taken and rules.over(session.state), f"{kind}: not over after {taken} moves"
        else:
            assert taken == OPEN_ENDED_MOVES, (kind, taken)
        record = session.record
        assert replay(rules, record.setup, record.actions) == session.state
    finally:
        store.close()
    reopened = open_store(store.root, clock)
    try:
        again = SessionManager(reopened.sessions, GAMES, reopened.clock).get(record.id)
        assert again.state == session.state and again.record.actions == record.actions
    finally:
        reopened.close()


def played(kind: str, seed: int, moves: int):
    """A state of `kind` some random moves into a game (the moves' states too)."""
    rules = rules_of(kind)
    rng = random.Random(seed)
    state = rules.initial_state(rules.example_setup(rng))
    for _ in range(moves):
        options = rules.candidates(state, rng)
        if not options:
            break
        try:
            state = rules.apply(state, rng.choice(options))
        except DomainError:
            pass
    return rules, state, rng


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**16, 10**16) | st.integers(-3, 30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6) | st.sampled_from(
        ["0", "1", "12", "20"]), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), data=st.data())
def test_every_refusal_of_any_move_with_any_data_says_why(kind, seed, moves, data) -> None:
    rules, state, rng = played(kind, seed, moves)
    move = data.draw(st.sampled_from([*rules.moves.values(), None]), label="move")
    fields = data.draw(st.dictionaries(st.sampled_from(move.fields if move and move.fields else ("seat",)),
                                       json_values | st.sampled_from(sampled_values(rules, state, rng)),
                                       max_size=6), label="data")
    action = Action(move.type if move else "nonsense", fields, "fuzzed")
    try:
        rules.apply(state, action)
    except DomainError as exc:
        assert str(exc).strip() and "\n" not in str(exc)
    assert rules.whose(state, action) is not None  # the seat policy reads any data without failing


def sampled_values(rules: TableRules, state, rng: random.Random) -> list:
    """The values the game's own moves carry now (so fuzzed data is often nearly right)."""
    values = [v for a in rules.candidates(state, rng) if isinstance(a.data, dict) for v in a.data.values()]
    return [v for v in values if not isinstance(v, (dict, list))][:30] or [0]


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120))
def test_actions_declared_independent_are_taken_in_either_order_with_one_result(kind, seed, moves) -> None:
    rules, state, rng = played(kind, seed, moves)
    taken = []
    for action in rules.candidates(state, rng) + rules.candidates(state, rng):
        try:
            taken.append((action, rules.apply(state, action)))
        except DomainError:
            continue
    for (a, after_a), (b, after_b) in ((x, y) for i, x in enumerate(taken) for y in taken[i + 1:]):
        if a == b or not independent(rules.footprint(a), rules.footprint(b)):
            continue
        try:
            ab, ba = rules.apply(after_a, b), rules.apply(after_b, a)
        except DomainError as exc:  # refused in one order: not independent after all
            raise AssertionError(f"{kind}: {a} and {b} are declared independent but one order refuses: {exc}")
        assert ab == ba, f"{kind}: {a} and {b} are declared independent but their orders differ"


def declared(kind: str) -> TableRules | None:
    rules = GAMES[kind]
    return rules if isinstance(rules, TableRules) else None  # the first test above fails on any other


SECRET_KINDS = [k for k in KINDS if (r := declared(k)) and any(m.secret for m in r.moves.values())]
SEATED_KINDS = [k for k in KINDS if (r := declared(k)) and r.seats(r.initial_state(r.example_setup(random.Random(0))))[0]]


@pytest.mark.parametrize("kind", SECRET_KINDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_a_revealed_secret_choice_cannot_be_undone_by_its_chooser(kind, seed, sessions) -> None:
    manager, _ = sessions
    rules = rules_of(kind)
    rng = random.Random(seed)
    session = manager.create(kind, rules.example_setup(rng))
    checked = 0
    for _ in range(MOST_MOVES * 5):
        if checked >= 3:
            break
        moves = rules.candidates(session.state, rng)
        if not moves or rules.over(session.state):  # a game without a reveal (a duel is rare): another
            session = manager.create(kind, rules.example_setup(rng))
            continue
        action = rng.choice(moves)
        before = rules.reveals(session.state)
        chooser = own_actor(rules, session.state, action)
        try:
            session.perform(action, chooser)
        except DomainError:
            continue
        if rules.is_secret(action) and rules.reveals(session.state) > before:  # this choice revealed them all
            checked += 1
            state, log = session.state, session.record.actions
            assert session.undo_view(chooser).final
            with pytest.raises(RevealFinal, match="made in secret and every choice has been shown since"):
                session.undo(chooser)
            assert session.state == state and session.record.actions == log
            view = session.undo_view(TABLE_PHONE)
            assert view.target == log[-1] and rules.reopens in view.label
            if rng.random() < 0.5:  # the phone passed around reopens it, and it is chosen again
                session.undo(TABLE_PHONE)
                assert rules.reveals(session.state) == before
                session.redo(TABLE_PHONE)
                assert session.state == state
    assert checked, f"{kind}: no secret choice was revealed in five games"


@pytest.mark.parametrize("kind", SEATED_KINDS)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 80))
def test_an_action_for_another_players_seat_is_refused(kind, seed, moves, sessions) -> None:
    manager, _ = sessions
    rules = rules_of(kind)
    rng = random.Random(seed)
    session = manager.create(kind, rules.example_setup(rng))
    tried = 0
    for _ in range(moves + 40):
        options = rules.candidates(session.state, rng)
        if not options:
            break
        action = rng.choice(options)
        whose = rules.whose(session.state, action)
        seats = players_of(rules, session.state)
        others = [p for i, p in enumerate(seats)
                  if whose != ANY_SEAT and i not in (whose if isinstance(whose, frozenset) else {whose})]
        state, log = session.state, session.record.actions
        for stranger in [ONLOOKER, *others[:1]]:
            with pytest.raises(NotYourSeat, match="on their own phone, or on the phone passed around the table"):
                session.perform(action, stranger)
            assert session.state == state and session.record.actions == log
            tried += 1
        try:
            session.perform(action, own_actor(rules, session.state, action))
        except NotYourSeat as exc:
            raise AssertionError(f"{kind}: its own seat's phone was refused {action}: {exc}")
        except DomainError:
            pass
    assert tried
