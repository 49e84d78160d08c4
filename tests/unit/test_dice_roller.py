"""The Dice tab's session: the roller's pool, rolls and kept dice, undone and replayed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games import dice_roller as tt
from companion.games.freshwater_fly import table as fly
from tests.replaying import check_replay

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


def test_keeping_needs_a_roll_and_a_roll_needs_a_die_not_kept() -> None:
    state = apply_all(tt.set_pool(["d6", "d6"]))
    with pytest.raises(DomainError, match="only a rolled die can be kept"):
        RULES.apply(state, Action("dice.keep", {"index": 0, "keep": True}))
    state = apply_all(tt.set_pool(["d6", "d6"]), Action("dice.roll", {"faces": [3, 4]}), Action("dice.keep", {"index": 0, "keep": True}),
                      Action("dice.keep", {"index": 1, "keep": True}))  # every die kept: two phones at once may do it
    with pytest.raises(DomainError, match="^Every die is kept: release one to roll it again.$"):
        RULES.apply(state, Action("dice.roll", {"faces": [3, 4]}))
    state = RULES.apply(state, Action("dice.keep", {"index": 1, "keep": False}))
    assert RULES.apply(state, Action("dice.roll", {"faces": [3, 6]})).dice.faces == (3, 6)


def test_a_new_pool_clears_faces_and_keeps() -> None:
    state = apply_all(tt.set_pool(["d6", "d6"]), Action("dice.roll", {"faces": [3, 4]}),
                      Action("dice.keep", {"index": 0, "keep": True}), tt.set_pool(["boat"] * 3, preset="fleet-boat"))
    assert (state.dice.faces, state.dice.kept, state.dice.preset) == (None, frozenset(), "fleet-boat")
    assert len(state.dice.rolls) == 1


def test_totals_only_for_numbered_dice() -> None:
    assert tt.Roll(("d6", "d20"), (3, 17)).total == 20
    assert tt.Roll(("boat", "boat"), (1, 2)).total is None


def test_unknown_actions_are_refused() -> None:
    with pytest.raises(DomainError, match="does not know the action 'juggle'"):
        RULES.apply(tt.TableState(), Action("juggle", {}))


def test_a_draft_begun_on_the_table_before_the_update_still_replays() -> None:
    """Sessions saved when the Table tab held the draft and the Strike cards keep them (the Dice
    screen offers to open them on Freshwater Fly's page)."""
    state = apply_all(tt.set_pool(["d6"]), fly.start_draft(["Ana", "Ben"]),
                      Action("draft.roll", {"faces": [4, 1, 1, 1, 1, 1, 1]}), Action("draft.take", {"index": 0}),
                      Action("strike.start", {"order": ["miss", "hook", "miss", "miss"], "mode": "you"}))
    assert state.fly.draft.dice_of(0) == (4,) and state.fly.strike.status == "casting"
    assert state.dice.pool == ("d6",)
    with pytest.raises(DomainError, match="Start a dice draft first"):
        RULES.apply(tt.TableState(), Action("draft.take", {"index": 0}))


tap = st.sampled_from(["pool", "roll", "keep"])


def build(state: tt.TableState, what: str, rng: random.Random) -> Action:
    if what == "pool":
        return tt.set_pool([rng.choice(["d6", "d20", "boat", "town", "chance"]) for _ in range(rng.randint(1, 6))])
    if what == "roll":
        return tt.roll(state.dice, rng)
    return tt.keep(state.dice, rng.randrange(len(state.dice.pool)), rng.random() < 0.7)


@given(taps=st.lists(tap, max_size=40), seed=st.integers(0, 10**6))
def test_replaying_the_log_reproduces_the_dice(taps, seed) -> None:
    check_replay(RULES, tt.TableState(), taps, build, random.Random(seed))
