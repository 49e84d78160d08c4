"""Every kind of session in the registry keeps the table kit's promises (OpenSpiel's random
simulation test is the model). Each kind declares its moves, a set-up and what its players might
do next, and is played here through real sessions:

- random play from set-up makes progress (most moves tried are taken) and reaches the end;
- the state its sessions replay when opened again (from a real data folder too) equals the one play built;
- every refusal, of any move with any data, says why in one line;
- two actions declared independent are both taken in either order and give the same state, and every
  kind that declares such moves has pairs of them checked (the kinds that declare none are named);
- a revealed secret choice cannot be taken back by its chooser (the phone passed around can);
- an action for another player's seat is refused, and changes nothing.

Random play keeps its sessions in memory (tests/memory_sessions.py: each change and saved state as the
journal's text, read back when the session is opened again), and one game of every kind is played
through a real data folder and replayed from it.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.actions import Action, Actor, independent
from companion.core.chance import decided
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.core.session_manager import SessionManager
from companion.core.table.rules import TableRules, any_seat, whole
from companion.core.table.seats import ANY_SEAT, Named, NotYourSeat
from companion.core.table.secrets import HIDDEN
from companion.core.undo import RevealFinal
from companion.games import GAMES
from companion.store import open_store
from tests.budgets import examples
from tests.memory_sessions import MemorySessions

KINDS = sorted(GAMES)
MOST_MOVES = 1500  # every game's example set-up ends well within this many moves
OPEN_ENDED_MOVES = 200  # the moves tried of a kind that never ends (a dice roller, a score sheet)
TABLE_PHONE = Actor()
ONLOOKER = Actor("p-onlooker", "Zed", undoes_anyone=False)
# Hypothesis' own health check on how long examples take to make is a wall-clock limit: not here.
QUIET = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


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
    if isinstance(whose, Named):
        return player(whose.name)
    if isinstance(whose, int):
        return player(names[whose])
    if isinstance(whose, frozenset) and whose:
        return player(names[min(whose)])
    return player(names[0]) if names else TABLE_PHONE


def through_json(action: Action) -> Action:
    """The action as the journal keeps it: what a replay reads."""
    return Action.from_doc(json.loads(json.dumps(action.to_doc())))


@pytest.fixture
def sessions(clock):
    """Sessions kept in memory (random play: see the module's docstring), and where they are kept."""
    log = MemorySessions()
    return SessionManager(log, GAMES, clock), log


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


def played_to_the_end(kind: str, rules, session, rng: random.Random) -> None:
    """Random play of `session` made progress: most moves tried were taken, to the game's end."""
    taken, refused = play_at_random(rules, session, rng)
    assert refused <= taken, (kind, taken, refused)  # most moves tried were taken
    if rules.ends:  # play got somewhere: to the end
        assert taken and rules.over(session.state), f"{kind}: not over after {taken} moves"
    else:
        assert taken == OPEN_ENDED_MOVES, (kind, taken)
    assert replay(rules, session.record.setup, session.record.actions) == session.state


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(4), deadline=None, suppress_health_check=QUIET)
@given(seed=st.integers(0, 10**6))
def test_random_play_makes_progress_to_the_end_and_replays(kind, seed, clock) -> None:
    rules = rules_of(kind)
    rng = random.Random(seed)
    log = MemorySessions()
    session = SessionManager(log, GAMES, clock).create(kind, rules.example_setup(rng))
    played_to_the_end(kind, rules, session, rng)
    log.close_all()  # as a restart: the session read again from what was kept
    again = SessionManager(log, GAMES, clock).get(session.id)
    assert again.state == session.state and again.record.actions == session.record.actions


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_of_every_kind_replays_from_its_data_folder(kind, tmp_path, clock) -> None:
    rules = rules_of(kind)
    rng = random.Random(f"{kind} on disk")
    store = open_store(tmp_path / "data", clock)
    try:
        session = SessionManager(store.sessions, GAMES, store.clock).create(kind, rules.example_setup(rng))
        played_to_the_end(kind, rules, session, rng)
        record = session.record
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
@settings(max_examples=examples(150), deadline=None, suppress_health_check=QUIET)
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


# The kinds whose every move touches the whole state, so that no two of their actions are independent:
# Fly Solo is one player on one phone (its journal records a Day at a time; its Day, the Silent Angler's
# dice and your catch in turn). Every other kind declares moves that touch a part of the state only.
NO_INDEPENDENT_MOVES = {"fly-solo-campaign", "fly-solo-day"}
COMMUTE_EXAMPLES = 30  # for each kind: random play, checked from a random move on,
GAMES_AT_MOST = 5  # over this many games at most, played one after the other,
PAIRS_IN_AN_EXAMPLE = 10  # until this many pairs are checked (a game can end with none open: a duel is rare),
PAIRS_AT_A_STATE = 3  # at most these at one state (Fleet Dice has hundreds)


def test_the_kinds_without_independent_moves_are_named() -> None:
    narrow = {kind for kind in KINDS if any(move.touches is not whole for move in rules_of(kind).moves.values())}
    assert set(KINDS) - narrow == NO_INDEPENDENT_MOVES


def commute_at(kind: str, rules: TableRules, state, options: list[Action], rng: random.Random) -> int:
    """Take every two of `options` declared independent (a few at most) in both orders from `state`: both
    orders are accepted and reach one state. How many pairs were checked."""
    options = options[:]
    rng.shuffle(options)
    footprints = [rules.footprint(a) for a in options]
    after: dict[int, object] = {}

    def taken(i: int):
        if i not in after:
            try:
                after[i] = rules.apply(state, options[i])
            except DomainError:
                after[i] = None  # not a move open now
        return after[i]

    checked = 0
    for i, j in ((i, j) for i in range(len(options)) for j in range(i + 1, len(options))):
        a, b = options[i], options[j]
        if a == b or not independent(footprints[i], footprints[j]) or taken(i) is None or taken(j) is None:
            continue
        try:
            ab, ba = rules.apply(taken(i), b), rules.apply(taken(j), a)
        except DomainError as exc:  # refused in one order: not independent after all
            raise AssertionError(f"{kind}: {a} and {b} are declared independent but one order refuses: {exc}")
        assert ab == ba, f"{kind}: {a} and {b} are declared independent but their orders differ"
        checked += 1
        if checked == PAIRS_AT_A_STATE:
            break
    return checked


def commute_from(kind: str, rng: random.Random, start: int) -> int:
    """Random play from set-up, game after game, the independent moves open at each state from the `start`th
    move on checked (see above); how many pairs were."""
    rules = rules_of(kind)
    checked = moves = 0
    for _ in range(GAMES_AT_MOST):
        state = rules.initial_state(rules.example_setup(rng))
        for _ in range(MOST_MOVES if rules.ends else OPEN_ENDED_MOVES):
            if rules.over(state):
                break
            options = rules.candidates(state, rng)
            if not options:
                break
            if moves >= start:
                checked += commute_at(kind, rules, state, options + rules.candidates(state, rng), rng)
                if checked >= PAIRS_IN_AN_EXAMPLE:
                    return checked
            moves += 1
            try:
                state = rules.apply(state, rng.choice(options))
            except DomainError:
                pass
    return checked


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in NO_INDEPENDENT_MOVES])
def test_actions_declared_independent_are_taken_in_either_order_with_one_result(kind) -> None:
    checked: list[int] = []  # pairs checked in each example

    @settings(max_examples=examples(COMMUTE_EXAMPLES), deadline=None, suppress_health_check=QUIET)
    @given(seed=st.integers(0, 10**6), start=st.integers(0, 120))
    def play(seed: int, start: int) -> None:
        checked.append(commute_from(kind, random.Random(seed), start))

    play()
    # A kind whose declared independent moves are never open at the same moment checks nothing: that fails.
    assert sum(checked) > 0, \
        f"{kind} declares independent moves, but no two were open at once in {len(checked)} examples of play"


def declared(kind: str) -> TableRules | None:
    rules = GAMES[kind]
    return rules if isinstance(rules, TableRules) else None  # the first test above fails on any other


SECRET_KINDS = [k for k in KINDS if (r := declared(k)) and any(m.secret for m in r.moves.values())]
# Every kind with a move that is some player's (its seats set up at the start, or, as the dice draft's
# and a Strike cast's, named during play): each is held to the seat policy.
SEATED_KINDS = [k for k in KINDS
                if (r := declared(k)) and (r.seats(r.initial_state(r.example_setup(random.Random(0))))[0]
                                           or any(m.whose is not any_seat for m in r.moves.values()))]


@pytest.mark.parametrize("kind", SECRET_KINDS)
@settings(max_examples=examples(6), deadline=None, suppress_health_check=QUIET)
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
@settings(max_examples=examples(10), deadline=None, suppress_health_check=QUIET)
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
        if isinstance(whose, Named):
            others = [p for p in seats if p.name != whose.name]
        else:
            others = [p for i, p in enumerate(seats)
                      if whose != ANY_SEAT and i not in (whose if isinstance(whose, frozenset) else {whose})]
        state, log = session.state, session.record.actions
        # A move with no seats and no player named is anyone's (the dice roller, a table with no draft on).
        strangers = [ONLOOKER, *others[:1]] if seats or isinstance(whose, Named) else []
        for stranger in strangers:
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
    assume(tried)  # a play that never seated anyone checked nothing (every example's doing so fails)


# Every kind declares its phases (boardgame.io's phases and active players): whom the table waits on.
PHASED_KINDS = [k for k in KINDS if declared(k)]


def test_every_kind_declares_its_phases() -> None:
    undeclared = [k for k in PHASED_KINDS
                  if (r := rules_of(k)).phase(r.initial_state(r.example_setup(random.Random(0)))) is None]
    assert PHASED_KINDS and undeclared == []


@pytest.mark.parametrize("kind", PHASED_KINDS)
@settings(max_examples=examples(10), deadline=None, suppress_health_check=QUIET)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120))
def test_a_phase_opens_what_the_rules_allow_and_waits_on_someone_until_the_end(kind, seed, moves) -> None:
    # The kit's phase and the game's rules agree: a move the rules accept is one the phase opens, for a seat
    # it waits on (or a move open at any time), and until the game is over the phase waits on someone who
    # can move. The phase is the one turn check (the games' moves check no turn: `TableRules.play`); a move
    # the random players offer out of turn would fail here.
    rules = rules_of(kind)
    rng = random.Random(seed)
    state = rules.initial_state(rules.example_setup(rng))
    checked = 0
    for _ in range(moves + 20):
        options = rules.candidates(state, rng)
        if not options or rules.over(state):
            break
        phase = rules.phase(state)
        assert phase is not None and (phase.waiting == ANY_SEAT or phase.waiting), f"{kind}: waits on no one"
        accepted = []
        for action in options:
            try:
                after = rules.apply(state, action)
            except DomainError:
                continue
            why = rules.not_now(state, action)
            assert why is None, f"{kind}: the rules accept {action.label!r} but the phase says: {why}"
            accepted.append(after)
            checked += 1
        if not accepted:
            break
        state = rng.choice(accepted)
    if rules.over(state):
        assert rules.phase(state).seats() == ()
    assert checked


@pytest.mark.parametrize("kind", SECRET_KINDS)
@settings(max_examples=examples(6), deadline=None, suppress_health_check=QUIET)
@given(seed=st.integers(0, 10**6))
def test_a_phone_is_given_no_secret_choice_but_its_own(kind, seed) -> None:
    # boardgame.io's playerView, in the kit: what a phone is given (`TableRules.view`) holds every choice
    # still secret as HIDDEN but its own, and a secret choice changes nothing else another phone is given
    # before the reveal (nothing mirrors it where the view does not look: a Current's roll); once revealed,
    # every phone is given it all.
    rules = rules_of(kind)
    rng = random.Random(seed)
    state = rules.initial_state(rules.example_setup(rng))
    checked = revealed = 0
    for _ in range(MOST_MOVES * 5):
        if checked >= 3 and revealed:
            break
        options = rules.candidates(state, rng)
        if not options or rules.over(state):
            state = rules.initial_state(rules.example_setup(rng))
            continue
        action = rng.choice(options)
        try:
            after = rules.apply(state, action)
        except DomainError:
            continue
        secret = rules.secret(after)
        if rules.is_secret(action) and rules.reveals(after) == rules.reveals(state) and secret.under_way:
            chooser = rules.whose(state, action)
            for viewer in (*secret.seats, None):
                seen = rules.view(after, viewer)
                for seat in secret.seats:
                    mine, real = rules.secret(seen).value(seat), secret.value(seat)
                    assert mine == (real if real is None or seat == viewer else HIDDEN), (kind, viewer, seat)
                if viewer != chooser:
                    before = rules.view(state, viewer)
                    assert replace(seen, **{rules._secret: rules.secret(before)}) == before, \
                        f"{kind}: {action.label!r} showed another phone more than that a choice was made"
            checked += 1
        elif rules.reveals(after) > rules.reveals(state):
            assert all(rules.view(after, v) == after for v in (*secret.seats, None))
            revealed += 1
        state = after
    assert checked and revealed, f"{kind}: no secret choice made and revealed in the games played"


def decided_move(rules: TableRules, session, template: Action, actor: Actor) -> Action | None:
    """The move of `template`'s type that `actor` makes now when its chance is decided as the screens decide it
    (companion/core/chance.py: the session's secret, the type, the player, how many such moves of theirs are
    kept): the first such candidate their phone makes."""
    rng = decided(session.record, template.type, actor.id)
    moves = [m for m in rules.candidates(session.state, rng)
             if m.type == template.type and own_actor(rules, session.state, m) == actor]
    return through_json(moves[0]) if moves else None


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(3), deadline=None, suppress_health_check=QUIET)
@given(seed=st.integers(0, 10**6), moves=st.integers(1, 60))
def test_chance_is_decided_once_a_move_undone_and_made_again_comes_out_the_same(kind, seed, moves, sessions) -> None:
    """Issue 63: an undone chance card drawn again came out different. Every move of every game, its dice and cards
    drawn from the session's decided source, taken back and made again gives what it gave (no rule draws from
    anywhere else), whatever the move."""
    manager, _ = sessions
    rules = rules_of(kind)
    rng = random.Random(seed)
    session = manager.create(kind, rules.example_setup(rng))
    checked = 0
    for _ in range(moves * 5):  # a move refused (out of turn, say) is tried no further
        if checked == moves or rules.over(session.state) or not (offered := rules.candidates(session.state, rng)):
            break
        template = rng.choice(offered)
        actor = own_actor(rules, session.state, template)
        first = decided_move(rules, session, template, actor)
        if first is None:
            continue
        try:
            session.perform(first, actor)
        except DomainError:
            continue
        session.undo(TABLE_PHONE)  # its last action: nothing depends on it
        assert decided_move(rules, session, template, actor) == first, (kind, first)
        session.perform(first, actor)  # made again, as the player would
        checked += 1
    assert checked or rules.over(session.state), f"{kind}: no move was taken back and made again"
