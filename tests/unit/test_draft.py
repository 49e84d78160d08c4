"""The Freshwater Fly dice draft (rulebook: Setup I, Turn Summary, Finesse action i,
Appendix A Momentum 5A/5B and Skills C, D, H, L, End of Round 1, Fly Solo Round Summary)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.assets import AssetError
from companion.core.errors import DomainError
from companion.games.freshwater_fly.draft import (
    ANY_FACE,
    FINESSE_DOWN,
    FINESSE_UP,
    FLIP,
    FaceChange,
    begin,
    change_face,
    default_face_changes,
    next_start_player,
    parse_face_changes,
    pool_size,
    reroll_pool,
    roll_round,
    take,
)


def test_pool_size_is_seven_for_two_or_three_and_nine_for_four() -> None:
    assert [pool_size(n) for n in (2, 3, 4)] == [7, 7, 9]
    with pytest.raises(DomainError, match="2 to 4 players, not 5"):
        pool_size(5)


@pytest.mark.parametrize("totals, last_taker, start", [
    ((12, 9), 0, 1),            # lowest total starts
    ((9, 12, 15), 0, 0),        # lowest total starts, whoever took last
    ((10, 10), 0, 1),           # tie: the tied player next after the last taker
    ((10, 10), 1, 0),
    ((8, 11, 8), 0, 2),         # tie between seats 0 and 2; counting on from seat 0: 1, 2 -> seat 2
    ((8, 8, 11, 8), 0, 1),      # four players: seats 0, 1, 3 tie; seat 1 comes next
    ((8, 9, 11, 8), 3, 0),      # counting on from seat 3: seat 0 comes next
    ((7, 7, 7, 7), 2, 3),       # everyone tied: the next seat
])
def test_next_start_player(totals, last_taker, start) -> None:
    assert next_start_player(totals, last_taker) == start


def two_players():
    return roll_round(begin(["Ana", "Ben"], 0, False), [1, 2, 3, 4, 5, 6, 6])


def test_a_whole_round_for_two_players_alternates_and_names_the_next_start_player() -> None:
    state = two_players()
    assert state.round == 1 and state.turn == 0
    # Ana 6, Ben 1, Ana 6, Ben 2, Ana 5, Ben 3, Ana 4: Ana 21, Ben 6 -> Ben starts round 2.
    for index in (5, 0, 4, 0, 2, 0, 0):
        state = take(state, index)
    assert state.dice_of(0) == (6, 6, 5, 4) and state.dice_of(1) == (1, 2, 3)
    [result] = state.results
    assert (result.totals, result.next_start) == ((21, 6), 1)
    assert state.turn is None
    state = roll_round(state, [3, 3, 3, 3, 3, 3, 3])
    assert (state.round, state.start, state.turn) == (2, 1, 1)


def test_three_players_take_in_turn_order_from_the_start_player() -> None:
    state = roll_round(begin(["Ana", "Ben", "Cy"], 2, False), [1, 1, 1, 1, 1, 1, 1])
    order = []
    while state.pool:
        order.append(state.turn)
        state = take(state, 0)
    assert order == [2, 0, 1, 2, 0, 1, 2]
    # Cy took 3 dice (3), Ana and Ben 2 each (2): Cy took last; counting on: Ana (seat 0) first.
    assert state.results[-1].totals == (2, 2, 3) and state.results[-1].next_start == 0


def test_four_players_roll_nine_dice() -> None:
    state = begin(["A", "B", "C", "D"], 0, False)
    with pytest.raises(DomainError, match="rolls 9 dice, not 7"):
        roll_round(state, [1] * 7)
    assert len(roll_round(state, [1] * 9).pool) == 9


def test_no_new_round_until_the_pool_is_empty() -> None:
    with pytest.raises(DomainError, match="Round 1 is not over: 7 dice"):
        roll_round(two_players(), [1] * 7)


def test_finesse_changes_the_die_by_one_never_past_1_or_6() -> None:
    state = two_players()  # pool 1 2 3 4 5 6 6
    assert change_face(state, 2, 4, FINESSE_UP).pool[2] == 4
    assert change_face(state, 2, 2, FINESSE_DOWN).pool[2] == 2
    with pytest.raises(DomainError, match="never above 6 nor below 1: a 6 cannot become a 7"):
        change_face(state, 5, 7, FINESSE_UP)
    with pytest.raises(DomainError, match="a 1 cannot become a 0"):
        change_face(state, 0, 0, FINESSE_DOWN)
    with pytest.raises(DomainError, match="a 3 cannot become a 5"):
        change_face(state, 2, 5, FINESSE_UP)


@pytest.mark.parametrize("face", range(1, 7))
def test_momentum_5a_flips_to_the_opposite_face(face: int) -> None:
    state = roll_round(begin(["Ana", "Ben"], 0, False), [face] * 7)
    assert change_face(state, 0, 7 - face, FLIP).pool[0] == 7 - face
    wrong = 7 - face + (1 if face > 1 else -1)
    with pytest.raises(DomainError, match=f"a {face} becomes a {7 - face}"):
        change_face(state, 0, wrong, FLIP)


def test_skill_cards_c_d_h_change_their_face_and_l_any_face() -> None:
    state = two_players()  # pool 1 2 3 4 5 6 6
    assert change_face(state, 0, 6, "skill-C", 1).pool[0] == 6
    with pytest.raises(DomainError, match="Skill D changes a 6 into a 1; this die shows 2"):
        change_face(state, 1, 1, "skill-D", 6)
    assert change_face(state, 3, 1, ANY_FACE).pool[3] == 1
    with pytest.raises(DomainError, match="already shows 4"):
        change_face(state, 3, 4, ANY_FACE)
    with pytest.raises(DomainError, match="no face change called 'magic'"):
        change_face(state, 3, 1, "magic")


def test_the_changed_die_is_the_die_then_taken() -> None:
    """Finesse i: 'Add or subtract one from the die you select this turn ... Change your die to
    the new number'; Appendix A, L: 'change the face of the die you select ... before taking your
    action'. The die you change is the die you select: another cannot be taken, nor changed."""
    state = change_face(two_players(), 2, 4, FINESSE_UP)  # pool 1 2 3 4 5 6 6: the 3 becomes a 4
    with pytest.raises(DomainError, match="You changed the 4 this turn: that is the die you take"):
        take(state, 5)
    with pytest.raises(DomainError, match="This turn's change went to the 4"):
        change_face(state, 0, 6, "skill-C", 1)
    state = change_face(state, 2, 5, FINESSE_UP)  # the same die may change again (Finesse, then a Skill)
    state = take(state, 2)
    assert state.picks == ((0, 5),) and state.changed is None
    assert change_face(state, 0, 6, "skill-C", 1).pool[0] == 6  # Ben's turn: his own choice


def test_shipped_face_changes_are_the_stated_defaults() -> None:
    assert default_face_changes() == {
        "C": FaceChange("C", 1, 6), "D": FaceChange("D", 6, 1), "H": FaceChange("H", 2, 5)}
    with pytest.raises(AssetError, match="face_changes.C: Skill C must turn one face"):
        parse_face_changes({"face_changes": {"C": {"from": 3, "to": 3}}})


def test_momentum_5b_rerolls_the_pool() -> None:
    state = take(two_players(), 0)
    assert reroll_pool(state, [2, 2, 2, 2, 2, 2]).pool == (2,) * 6
    with pytest.raises(DomainError, match="holds 6 dice; a re-roll gives 6 faces, not 7"):
        reroll_pool(state, [2] * 7)


def test_fly_solo_you_take_three_and_the_silent_angler_gets_the_rest_lowest_first() -> None:
    state = roll_round(begin([], 0, True), [5, 2, 6, 1, 4])
    for _ in range(3):
        assert state.turn == 0
        state = take(state, state.pool.index(max(state.pool)))
    assert state.dice_of(0) == (6, 5, 4)
    assert state.dice_of(1) == (1, 2)  # the Silent Angler casts with the lower die first
    assert state.results[-1].totals == (15, 3) and state.results[-1].next_start is None
    with pytest.raises(DomainError, match="rolls 4 or 5 dice, not 6"):
        roll_round(state, [1] * 6)
    state = roll_round(state, [3, 3, 3, 3])
    state = take(take(take(state, 0), 0), 0)
    assert state.dice_of(1) == (3,)


@pytest.mark.parametrize("seats, start, problem", [
    (["Ana"], 0, "2 to 4 players, not 1"),
    (["Ana", "Ana"], 0, "each player plays once"),
    (["Ana", "Ben"], 2, "one of the 2 seats"),
    (["Ana", ""], 0, "a player needs a name"),
])
def test_bad_seating_is_refused(seats, start, problem) -> None:
    with pytest.raises(DomainError, match=problem):
        begin(seats, start, False)


@given(faces=st.lists(st.integers(1, 6), min_size=7, max_size=7), picks=st.lists(st.integers(0, 100), min_size=7, max_size=7),
       start=st.integers(0, 2))
def test_every_die_is_taken_once_and_totals_add_up(faces, picks, start) -> None:
    state = roll_round(begin(["Ana", "Ben", "Cy"], start, False), faces)
    for pick in picks:
        state = take(state, pick % len(state.pool))
    result = state.results[-1]
    assert sorted(f for _, f in state.picks) == sorted(faces)
    assert sum(result.totals) == sum(faces)
    assert result.totals[result.next_start] == min(result.totals)
