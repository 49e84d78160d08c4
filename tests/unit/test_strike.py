"""The Strike-card dealer (Freshwater Fly rulebook: Cast B 'Draw Strike Cards', D 'Set the Hook';
Finesse action iii; Skill G; Fly Solo: Silent Angler's Turn 2-5)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.assets import AssetError
from companion.core.deck import describe_chance
from companion.core.errors import DomainError
from companion.games.freshwater_fly.strike import (
    HOOK,
    MISS,
    DeckRules,
    StrikeState,
    deal,
    deck_rules,
    end,
    new_order,
    next_card_hooks,
    parse_deck_rules,
    restart,
    silent_row,
    start,
    two_cards_hook,
)

RULES = DeckRules(cards=4, default_hooks=1, min_hooks=1, max_hooks=3)


def casting(order: list[str], mode: str = "you") -> StrikeState:
    return start(StrikeState(), order, mode, RULES)


def test_the_shipped_deck_is_four_cards_one_hook_by_default() -> None:
    assert deck_rules() == RULES


@pytest.mark.parametrize("hooks", [1, 2, 3])
def test_a_shuffle_holds_exactly_the_four_cards(hooks: int) -> None:
    rng = random.Random(hooks)
    for _ in range(200):
        order = new_order(hooks, rng, RULES)
        assert len(order) == 4 and order.count(HOOK) == hooks


def test_every_shuffle_order_is_possible() -> None:
    rng = random.Random(7)
    seen = {tuple(new_order(2, rng, RULES)) for _ in range(2000)}
    assert seen == set(permutations([HOOK, HOOK, MISS, MISS]))


def brute_force(deck: tuple[str, ...], draws: int) -> Fraction:
    """Enumerate every ordering of the cards still face down."""
    orders = list(permutations(range(len(deck))))
    hits = sum(1 for order in orders if any(deck[i] == HOOK for i in order[:draws]))
    return Fraction(hits, len(orders))


@pytest.mark.parametrize("hooks", [1, 2, 3])
@pytest.mark.parametrize("dealt", [0, 1, 2, 3])
def test_odds_equal_brute_force_enumeration(hooks: int, dealt: int) -> None:
    for order in set(permutations([HOOK] * hooks + [MISS] * (4 - hooks))):
        revealed = order[:dealt]
        if HOOK in revealed:
            continue  # the cast would be over
        state = StrikeState("casting", "you", order[dealt:], revealed)
        assert next_card_hooks(state) == brute_force(state.deck, 1)
        assert two_cards_hook(state) == brute_force(state.deck, 2)


def test_odds_by_hand() -> None:
    # 1 hook in 4: the next card hooks 1 time in 4; two cards, 1 - (3/4 * 2/3) = 1/2.
    state = casting([MISS, MISS, HOOK, MISS])
    assert next_card_hooks(state) == Fraction(1, 4)
    assert two_cards_hook(state) == Fraction(1, 2)
    # After one miss: 1 in 3, and two cards 1 - (2/3 * 1/2) = 2/3.
    state = deal(state, 1, False)
    assert (next_card_hooks(state), two_cards_hook(state)) == (Fraction(1, 3), Fraction(2, 3))
    assert describe_chance(Fraction(2, 3)) == "2 in 3 (67%)"


def test_a_hook_ends_the_cast_hooked() -> None:
    state = deal(casting([MISS, HOOK, MISS, MISS]), 1, False)
    assert state.status == "casting" and state.revealed == (MISS,)
    state = deal(state, 1, False)
    assert state.status == "hooked" and state.revealed == (MISS, HOOK)
    with pytest.raises(DomainError, match="no cast going on"):
        deal(state, 1, False)


def test_hit_me_twice_reveals_both_cards() -> None:
    # Gameplay example 1 G: two cards dealt, the first a miss, the second a hook.
    state = deal(casting([MISS, HOOK, MISS, MISS]), 2, False)
    assert state.revealed == (MISS, HOOK) and state.status == "hooked"


@pytest.mark.parametrize("count", [1.0, True, 0, 3, "1"])
def test_a_deal_is_one_or_two_cards_counted_in_whole_numbers(count) -> None:
    # A saved or sent 1.0 once reached the slice below and crashed (found by the fuzz test).
    with pytest.raises(DomainError, match="A deal is one or two cards"):
        deal(casting([MISS, HOOK, MISS, MISS]), count, False)


def test_finesse_reveals_one_more_only_after_a_deal_and_not_past_four() -> None:
    state = casting([MISS, MISS, MISS, HOOK])
    with pytest.raises(DomainError, match="after your Strike cards are revealed"):
        deal(state, 1, True)
    state = deal(deal(state, 2, False), 1, True)
    assert state.revealed == (MISS, MISS, MISS)
    state = deal(state, 1, True)
    assert state.status == "hooked" and not state.deck


def test_all_four_misses_out_ends_the_cast_missed() -> None:
    state = StrikeState("casting", "you", (MISS,), (MISS, MISS))
    state = deal(state, 1, False)
    assert state.status == "missed"


def test_skill_g_restart_puts_everything_back_even_a_hooked_fish() -> None:
    state = deal(casting([HOOK, MISS, MISS, MISS]), 1, False)
    assert state.status == "hooked"
    state = restart(state, [MISS, MISS, HOOK, MISS], RULES)
    assert state.status == "casting" and state.revealed == () and len(state.deck) == 4


def test_impossible_decks_are_refused() -> None:
    with pytest.raises(DomainError, match="has 4 cards, not 5"):
        casting([MISS] * 4 + [HOOK])
    with pytest.raises(DomainError, match="1 to 3 hooks, not 0"):
        casting([MISS] * 4)
    with pytest.raises(DomainError, match="1 to 3 hooks, not 4"):
        casting([HOOK] * 4)
    with pytest.raises(DomainError, match="'hook' and 'miss'"):
        casting([HOOK, MISS, MISS, "trout"])
    with pytest.raises(DomainError, match="1 to 3 hooks, not 5"):
        RULES.deck(5)


def test_silent_angler_cast_drifts_up_one_card_per_fish_none_on_a_rock() -> None:
    # Fly Solo, Silent Angler's Turn 1-3: bottom row first; one card per fish, none on a rock.
    state = casting([MISS, HOOK, MISS, MISS], "silent")
    state = silent_row(state, True)  # bottom: a fish, a miss
    assert state.revealed == (MISS,) and state.status == "casting"
    state = silent_row(state, False)  # middle: a rock, no card
    assert state.revealed == (MISS,) and state.row == 2
    state = silent_row(state, True)  # top: a fish, the hook
    assert state.status == "hooked"


def test_silent_angler_cast_is_over_after_the_top_row() -> None:
    state = casting([MISS, MISS, MISS, HOOK], "silent")
    for _ in range(3):
        state = silent_row(state, True)
    assert state.status == "missed" and len(state.revealed) == 3
    with pytest.raises(DomainError, match="Start a Silent Angler cast"):
        silent_row(state, True)


def test_silent_cast_takes_no_deal_and_your_cast_takes_no_rows() -> None:
    with pytest.raises(DomainError, match="say what is in each row"):
        deal(casting([HOOK, MISS, MISS, MISS], "silent"), 1, False)
    with pytest.raises(DomainError, match="Start a Silent Angler cast"):
        silent_row(casting([HOOK, MISS, MISS, MISS]), True)


def test_end_clears_the_table() -> None:
    state = end(deal(casting([MISS, HOOK, MISS, MISS]), 1, False))
    assert (state.status, state.revealed, state.deck) == ("idle", (), ())
    with pytest.raises(DomainError, match="no cast to end"):
        end(state)


@pytest.mark.parametrize("data, problem", [
    ({"cards": 4, "hooks": {"default": 1, "min": 0, "max": 3}}, "need 1 <= min"),
    ({"cards": 4, "hooks": {"default": 4, "min": 1, "max": 4}}, "max < cards"),
    ({"cards": "four", "hooks": {}}, "strike.json.cards: expected int"),
    ({"cards": 4}, "strike.json.hooks: missing"),
])
def test_bad_deck_data_is_named(data, problem) -> None:
    with pytest.raises(AssetError, match=problem):
        parse_deck_rules(data)


@given(hooks=st.integers(1, 3), seed=st.integers(0, 10**6), steps=st.lists(st.sampled_from(["hit", "hit2", "finesse"]), max_size=6))
def test_never_more_than_four_cards_and_a_hook_always_ends_the_cast(hooks, seed, steps) -> None:
    state = casting(new_order(hooks, random.Random(seed), RULES))
    for step in steps:
        try:
            state = deal(state, 2 if step == "hit2" else 1, step == "finesse")
        except DomainError:
            continue
        assert len(state.deck) + len(state.revealed) == 4
        assert (HOOK in state.revealed) == (state.status == "hooked")
