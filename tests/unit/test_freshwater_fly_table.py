"""Freshwater Fly at the table: the dice draft and the Strike dealer in one log, undone and replayed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games.freshwater_fly import table as tt
from companion.games.freshwater_fly.draft import FLIP
from companion.games.freshwater_fly.strike import HOOK
from tests.replaying import check_replay

RULES = tt.RULES


def apply_all(*actions: Action) -> tt.FlyTable:
    return replay(RULES, {}, actions)


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
    with pytest.raises(DomainError, match="does not know the action 'dice.roll'"):
        RULES.apply(tt.FlyTable(), Action("dice.roll", {"faces": [1]}))
    with pytest.raises(DomainError, match="Start a dice draft first"):
        RULES.apply(tt.FlyTable(), Action("draft.take", {"index": 0}))


tap = st.sampled_from(["draft", "draft-roll", "take", "flip", "cast", "hit", "hit2", "finesse", "restart",
                       "end-cast"])


def build(state: tt.FlyTable, what: str, rng: random.Random) -> Action:
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
def test_replaying_the_log_reproduces_the_draft_and_the_cast(taps, seed) -> None:
    check_replay(RULES, tt.FlyTable(), taps, build, random.Random(seed))
