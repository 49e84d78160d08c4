"""The Table session: roller, draft and Strike dealer in one log, undone and replayed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import DomainError
from companion.core.session import Action, replay
from companion.games import table_tools as tt
from companion.games.freshwater_fly.draft import FLIP
from companion.games.freshwater_fly.strike import HOOK

RULES = tt.RULES


def apply_all(*actions: Action) -> tt.TableState:
    return replay(RULES, {}, actions)


def test_keep_some_dice_and_reroll_the_rest() -> None:
    rng = random.Random(11)
    state = apply_all(tt.set_pool(["d6"] * 5, preset="lure"))
    state = RULES.apply(state, tt.roll(state.dice, rng))
    first = state.dice.faces
    state = RULES.apply(state, tt.keep(state.dice, 1, True))
    state = RULES.apply(state, tt.keep(state.dice, 4, True))
    action = tt.roll(state.dice, rng)
    assert action.label == "re-roll 3 dice, keep 2"
    state = RULES.apply(state, action)
    assert (state.dice.faces[1], state.dice.faces[4]) == (first[1], first[4])
    assert state.last.kept == {1, 4}


def test_a_kept_die_cannot_change_in_a_reroll() -> None:
    state = apply_all(tt.set_pool(["d6", "d6"]), Action("dice.roll", {"faces": [3, 4]}), Action("dice.keep", {"index": 0, "keep": True}))
    with pytest.raises(DomainError, match="Die 1 is kept: a re-roll leaves it showing 3"):
        RULES.apply(state, Action("dice.roll", {"faces": [5, 4]}))


def test_keeping_needs_a_roll_and_leaves_one_die_to_roll() -> None:
    state = apply_all(tt.set_pool(["d6", "d6"]))
    with pytest.raises(DomainError, match="only a rolled die can be kept"):
        RULES.apply(state, Action("dice.keep", {"index": 0, "keep": True}))
    state = apply_all(tt.set_pool(["d6", "d6"]), Action("dice.roll", {"faces": [3, 4]}), Action("dice.keep", {"index": 0, "keep": True}))
    with pytest.raises(DomainError, match="at least one must be re-rolled"):
        RULES.apply(state, Action("dice.keep", {"index": 1, "keep": True}))


def test_a_new_pool_clears_faces_and_keeps() -> None:
    state = apply_all(tt.set_pool(["d6", "d6"]), Action("dice.roll", {"faces": [3, 4]}),
                      Action("dice.keep", {"index": 0, "keep": True}), tt.set_pool(["boat"] * 3, preset="fleet-boat"))
    assert (state.dice.faces, state.dice.kept, state.dice.preset) == (None, frozenset(), "fleet-boat")
    assert len(state.dice.rolls) == 1


def test_totals_only_for_numbered_dice() -> None:
    assert tt.Roll(("d6", "d20"), (3, 17)).total == 20
    assert tt.Roll(("boat", "boat"), (1, 2)).total is None


def test_a_draft_round_through_the_session_log() -> None:
    rng = random.Random(2)
    state = apply_all(tt.start_draft(["Ana", "Ben"], start=1))
    state = RULES.apply(state, tt.roll_draft(state.draft, rng))
    assert len(state.draft.pool) == 7 and state.draft.turn == 1
    face = state.draft.pool[0]
    state = RULES.apply(state, tt.change_die(state.draft, 0, FLIP, 7 - face))
    assert state.draft.pool[0] == 7 - face
    while state.draft.pool:
        state = RULES.apply(state, tt.take_die(state.draft, 0))
    result = state.draft.results[-1]
    assert result.totals[result.next_start] == min(result.totals)
    state = RULES.apply(state, tt.end_draft())
    assert state.draft is None


def test_draft_labels_name_the_player_and_the_die() -> None:
    state = apply_all(tt.start_draft(["Ana", "Ben"]), Action("draft.roll", {"faces": [4, 1, 1, 1, 1, 1, 1]}))
    assert tt.take_die(state.draft, 0).label == "Ana takes a 4"
    assert tt.change_die(state.draft, 0, "finesse+1", 5).label == "Finesse +1: a 4 becomes a 5"
    assert tt.change_die(state.draft, 0, "skill-H", 5, skill_from=2).label == "Skill H: a 4 becomes a 5"


def test_a_cast_through_the_session_log() -> None:
    state = apply_all(Action("strike.start", {"order": ["miss", "miss", "hook", "miss"], "mode": "you"}),
                      tt.deal(1), tt.deal(1, finesse=True))
    assert state.strike.status == "casting"
    state = RULES.apply(state, tt.deal(2))
    assert state.strike.status == "hooked" and state.strike.revealed == ("miss", "miss", HOOK, "miss")


def test_unknown_actions_are_refused() -> None:
    with pytest.raises(DomainError, match="does not know the action 'juggle'"):
        RULES.apply(tt.TableState(), Action("juggle", {}))
    with pytest.raises(DomainError, match="Start a dice draft first"):
        RULES.apply(tt.TableState(), Action("draft.take", {"index": 0}))


tap = st.sampled_from(["pool", "roll", "keep", "draft", "draft-roll", "take", "flip", "cast", "hit", "hit2",
                       "finesse", "restart", "end-cast"])


def build(state: tt.TableState, what: str, rng: random.Random) -> Action:
    if what == "pool":
        return tt.set_pool([rng.choice(["d6", "d20", "boat", "town", "chance"]) for _ in range(rng.randint(1, 6))])
    if what == "roll":
        return tt.roll(state.dice, rng)
    if what == "keep":
        return tt.keep(state.dice, rng.randrange(len(state.dice.pool)), rng.random() < 0.7)
    if what == "draft":
        return tt.start_draft(["Ana", "Ben", "Cy"][: rng.randint(2, 3)], 0, rng.random() < 0.3)
    draft = state.draft
    if what == "draft-roll" and draft is not None:
        return tt.roll_draft(draft, rng, count=rng.choice([4, 5]))
    if what in ("take", "flip") and draft is not None and draft.pool:
        i = rng.randrange(len(draft.pool))
        return tt.take_die(draft, i) if what == "take" else tt.change_die(draft, i, FLIP, 7 - draft.pool[i])
    if what == "cast":
        return tt.start_cast(rng.randint(1, 3), rng, silent=False)
    if what in ("hit", "hit2", "finesse"):
        return tt.deal(2 if what == "hit2" else 1, finesse=what == "finesse")
    if what == "restart":
        return tt.restart_cast(state.strike, rng)
    return tt.end_cast()


@given(taps=st.lists(tap, max_size=40), seed=st.integers(0, 10**6))
def test_replaying_the_log_reproduces_the_table(taps, seed) -> None:
    rng = random.Random(seed)
    state, log = tt.TableState(), []
    for what in taps:
        try:
            action = build(state, what, rng)
            state = RULES.apply(state, action)
        except DomainError:
            continue  # refused: not recorded, nothing changed
        log.append(action)
    assert replay(RULES, {}, log) == state
    # Undo is a replay of all but the last action.
    if log:
        before = replay(RULES, {}, log[:-1])
        assert RULES.apply(before, log[-1]) == state
