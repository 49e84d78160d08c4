"""Lure's round helper (seeds/001: Splash, Cast, Fish; Roll and Catch Fish; Rolling Together;
Lures; Special Dice; Run out of fish; End of game). Expectations are worked by hand from the text."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.actions import Action, independent
from companion.core.assets import AssetError, assets_dir
from companion.core.errors import DomainError
from companion.core.table.rules import NotNow
from companion.games import GAMES, registry
from companion.games.lure import rules as lure
from companion.games.lure.cards import FishCard
from companion.games.lure.odds import Requirement
from companion.games.lure.rules import (
    ADJUST,
    BOOST,
    CAST,
    EXTRA,
    FISH,
    OVER,
    RULES,
    SPLASH,
    Cast,
    Hand,
    LureError,
    adjust,
    can_catch,
    cast,
    cast_of,
    current_group,
    draw,
    groups,
    owed_draws,
    resolve,
    revealed,
    roll,
    splash,
    splash_count,
    total,
)
from tests.budgets import examples

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
LURES = {"adjust": 3, "boost": 1, "extra": [4, 5]}  # a hand rich enough for the tests


def new(players: int = 2, **setup) -> lure.LureState:
    return RULES.initial_state({"players": list(NAMES[:players]), **setup})


def act(state, action):
    return RULES.apply(state, action)


def fish(catch: int, vp: int = 1, kind: str = "none", n: int | None = None, m: int | None = None) -> FishCard:
    return FishCard(catch, vp, Requirement(kind, n, m))


def splashed(state, *cards: FishCard):
    return act(state, splash(state, cards))


def cast_all(state, *picks: dict):
    """Every seat casts, in seat order (`picks[i]`: seat i's cast, by keyword)."""
    for seat, pick in enumerate(picks):
        state = act(state, cast(state, seat, **pick))
    return state


def rolled(state, seat: int, values, special=None):
    return act(state, roll(state, seat, values, special))


# Splash ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, fish_revealed", [(2, 2), (3, 2), (4, 3), (5, 3)])
def test_splash_reveals_3_fish_or_2_in_a_2_3_player_game(players: int, fish_revealed: int) -> None:
    # Splash: "Reveal 3 (or 2 in 2-3 players game) fish."
    state = new(players)
    assert splash_count(state) == fish_revealed
    state = splashed(state, *[fish(5 + i) for i in range(fish_revealed)])
    assert (state.phase, len(state.middle), state.drawn) == (CAST, fish_revealed, fish_revealed)


def test_a_splash_of_the_wrong_count_is_refused_with_the_reason() -> None:
    state = new(2)
    with pytest.raises(LureError, match=r"^Round 1's Splash reveals 2 fish, not 3 \(2 with 2 players\)\.$"):
        splashed(state, fish(5), fish(6), fish(7))
    with pytest.raises(LureError, match=r"reveals 2 fish, not 1"):
        splashed(state, fish(5))


def test_a_fish_with_no_catch_number_is_refused() -> None:
    state = new(2)
    with pytest.raises(LureError, match=r"^Fish 2: A fish needs a catch number\.$"):
        act(state, Action("splash", {"fish": [fish(5).to_dict(), {"vp": 3}]}))
    with pytest.raises(LureError, match=r"^Fish 1: A fish's catch number is 1 to 60, not 0\.$"):
        act(state, Action("splash", {"fish": [{"catch": 0, "vp": 3}, fish(5).to_dict()]}))
    with pytest.raises(DomainError, match="A fish needs a catch number."):
        FishCard.from_dict({"vp": 2})


def test_splash_fills_the_middle_up_or_adds_on_top() -> None:
    # 2 players, 2 fish a round; Ana and Ben both roll 1, 1 and catch nothing, so both fish stay.
    def one_round(state):
        state = cast_all(state, {"d6": 2}, {"d6": 2})
        state = rolled(rolled(state, 0, [1, 1]), 1, [1, 1])
        return act(state, resolve(state))

    filled = one_round(splashed(new(2), fish(20), fish(21)))
    assert (filled.round, filled.phase, len(filled.middle)) == (2, SPLASH, 2)
    assert splash_count(filled) == 0  # "fill" (the default): the middle holds 2 already
    assert act(filled, splash(filled, [])).phase == CAST
    with pytest.raises(LureError, match=r"reveals 0 fish, not 1 \(the middle holds 2 already, and Splash fills "
                                        r"it up to 2\)"):
        splashed(filled, fish(9))
    added = one_round(splashed(new(2, refill="add"), fish(20), fish(21)))
    assert splash_count(added) == 2
    added = splashed(added, fish(9), fish(10))
    assert [f.catch for f in added.middle] == [20, 21, 9, 10] and added.drawn == 4


# Cast and the turn order ----------------------------------------------------------------------


def test_turn_order_is_fewest_to_most_dice_special_dice_count_and_extra_dice_do_not() -> None:
    # Fish: "from fewest to most. If more than 1 player reveals the same number of dice, they roll
    # together." Extra Die: "It does not count as a die for turn order."
    state = splashed(new(4, lures=LURES), fish(5), fish(6), fish(7))
    state = act(state, cast(state, 0, d6=2, special=[12]))  # 3 dice
    state = act(state, cast(state, 1, d6=3, extra=[5]))  # 3 dice (the Extra Die does not count)
    state = act(state, cast(state, 2, d6=1))  # 1 die
    assert not revealed(state) and groups(state) == () and state.phase == CAST
    state = act(state, cast(state, 3, d6=4))  # 4 dice, the last cast: all are revealed
    assert revealed(state) and state.phase == FISH
    assert groups(state) == ((2,), (0, 1), (3,))
    assert current_group(state) == 0
    with pytest.raises(NotNow, match=r"^The catch waits on Cy \(fewest dice first\): Ana cannot roll now\.$"):
        lure.RULES.play(state, roll(state, 0, [1, 2], {12: 3}))  # the kit's phase: whose turn it is
    state = rolled(state, 2, [1])
    state = act(state, resolve(state))  # Cy's 1 catches nothing
    assert current_group(state) == 1
    assert cast_of(state, 1) == Cast(d6=3, extra=(5,))


def test_a_cast_can_be_changed_until_everyone_has_cast_and_its_label_keeps_the_secret() -> None:
    state = splashed(new(3, lures=LURES), fish(5), fish(6))
    action = cast(state, 0, d6=5, special=[20], adjust=2, boost=1, extra=[4])
    assert action.label == "Ana casts"
    state = act(state, action)
    again = cast(state, 0, d6=1)
    assert again.label == "Ana casts again"
    state = act(state, again)
    assert cast_of(state, 0, viewer=0) == Cast(d6=1)  # on Ana's phone
    assert cast_of(state, 0, viewer=1) is cast_of(state, 0) is None  # on Ben's, or an onlooker's: not yet
    state = act(state, cast(state, 1, d6=2, adjust=1))
    assert state.seats[1].hand == Hand(3, 1, (4, 5))  # lures leave the hand only at the reveal
    state = act(state, cast(state, 2, d6=2))
    assert state.seats[1].hand == Hand(2, 1, (4, 5))
    with pytest.raises(LureError, match="Cannot cast now: the casts of round 1 are revealed"):
        act(state, cast(state, 0, d6=3))


def test_casts_made_at_the_same_time_do_not_depend_on_each_other() -> None:
    state = splashed(new(3), fish(5), fish(6))
    a, b = cast(state, 0, d6=3), cast(state, 1, d6=1)
    assert independent(RULES.footprint(a), RULES.footprint(b))
    state = act(state, cast(state, 2, d6=2))
    assert act(act(state, a), b) == act(act(state, b), a)


def test_refusals_of_a_cast_say_why() -> None:
    state = splashed(new(2), fish(5), fish(6))  # default: 8 d6, a d12 and a d20, 1 Adjust and 1 Boost
    with pytest.raises(LureError, match=r"^Ana has only 8 d6, so cannot cast 9\.$"):
        act(state, cast(state, 0, d6=9))
    with pytest.raises(LureError, match=r"^Ana has 1 Adjust lure in hand, so cannot play 2\.$"):
        act(state, cast(state, 0, d6=2, adjust=2))
    with pytest.raises(LureError, match=r"^Ben has no Extra Die 3 lure in hand\.$"):
        act(state, cast(state, 1, d6=2, extra=[3]))
    with pytest.raises(LureError, match=r"^Ana has no d8 special die \(special dice: a d12 and a d20\)\.$"):
        act(state, cast(state, 0, d6=2, special=[8]))
    with pytest.raises(LureError, match="There is no player 7"):
        act(state, cast(state, 7, d6=2))
    with pytest.raises(LureError, match="^Cannot cast now: round 1 starts with Splash"):
        act(new(2), cast(new(2), 0, d6=1))


# Roll, adjust and catch ------------------------------------------------------------------------


def test_rolling_together_the_lower_total_gets_the_fish() -> None:
    # Rolling Together: "If they can both catch a fish, the player with the lower total gets it."
    state = splashed(new(2), fish(7, 3), fish(20, 5))
    state = cast_all(state, {"d6": 2}, {"d6": 2})
    state = rolled(state, 0, [3, 5])  # 8
    state = rolled(state, 1, [6, 6])  # 12
    assert (total(state, 0), total(state, 1)) == (8, 12)
    assert can_catch(state, 0) == [0] and can_catch(state, 1) == [0]
    action = resolve(state)
    assert action.label == "Ana catches a 7 (3 VP); Ben catches nothing"
    state = act(state, action)
    assert state.seats[0].pile == (fish(7, 3),) and state.seats[1].pile == ()
    assert [f.catch for f in state.middle] == [20]
    assert owed_draws(state, 0) == 0 and owed_draws(state, 1) == 1  # "If you caught no fish, draw 1 lure."
    assert (state.round, state.phase) == (2, SPLASH)


def test_rolling_together_a_tie_leaves_the_fish_in_the_middle() -> None:
    # "If tied, no one gets it (leave it in the middle)."
    state = splashed(new(2), fish(7, 3), fish(12, 4))
    state = cast_all(state, {"d6": 2}, {"d6": 2})
    state = rolled(rolled(state, 0, [4, 4]), 1, [5, 3])  # 8 and 8
    action = resolve(state)
    assert action.label == "Ana catches nothing; Ben catches nothing; a tie leaves the 7 in the middle"
    state = act(state, action)
    assert [f.catch for f in state.middle] == [7, 12]
    assert state.outcomes[-1].tied == (fish(7, 3),)
    assert (owed_draws(state, 0), owed_draws(state, 1)) == (1, 1)


def test_a_tie_for_the_lowest_total_leaves_the_fish_even_when_a_third_player_could_catch_it() -> None:
    # Reading: among three rolling together, "the player with the lower total gets it"; when the
    # lowest totals tie, "no one gets it" (the fish does not pass to the higher total).
    state = splashed(new(3), fish(7, 3), fish(30))
    state = cast_all(state, {"d6": 2}, {"d6": 2}, {"d6": 2})
    state = rolled(rolled(rolled(state, 0, [4, 4]), 1, [2, 6]), 2, [5, 5])  # 8, 8, 10
    state = act(state, resolve(state))
    assert all(s.pile == () for s in state.seats) and [f.catch for f in state.middle] == [7, 30]


def test_only_the_player_who_meets_a_fish_competes_for_it() -> None:
    state = splashed(new(2), fish(10, 2), fish(25))
    state = cast_all(state, {"d6": 2}, {"d6": 2})
    state = rolled(rolled(state, 0, [4, 4]), 1, [6, 6])  # 8 cannot reach 10; 12 can
    state = act(state, resolve(state))
    assert state.seats[1].pile == (fish(10, 2),)


def test_a_roll_catches_every_fish_it_meets_by_default() -> None:
    # Reading "all" (lure.json): "Catch those fish into your score pile"; each fish is checked
    # against the whole roll.
    state = splashed(new(4), fish(5, 1), fish(9, 2), fish(13, 3))
    state = cast_all(state, {"d6": 2}, {"d6": 3}, {"d6": 4}, {"d6": 5})
    state = rolled(state, 0, [6, 5])  # 11: the 5 and the 9
    state = act(state, resolve(state))
    assert [f.catch for f in state.seats[0].pile] == [5, 9] and [f.catch for f in state.middle] == [13]


def test_with_one_catch_per_roll_the_player_chooses() -> None:
    state = splashed(new(4, catches_per_roll="one"), fish(5, 1), fish(9, 2), fish(13, 3))
    state = cast_all(state, {"d6": 2}, {"d6": 2}, {"d6": 4}, {"d6": 5})
    state = rolled(rolled(state, 0, [6, 5]), 1, [2, 4])  # Ana 11 (the 5 or the 9), Ben 6 (the 5)
    with pytest.raises(LureError, match=r"^Ana can catch 2 fish: choose one\.$"):
        act(state, resolve(state))
    with pytest.raises(LureError, match=r"^Ana's roll does not catch the 13\.$"):
        act(state, resolve(state, choice={0: 2}))
    both_on_5 = act(state, resolve(state, choice={0: 0}))  # Ben (6) beats Ana (11) to the 5
    assert both_on_5.seats[1].pile == (fish(5, 1),) and both_on_5.seats[0].pile == ()
    apart = act(state, resolve(state, choice={0: 1}))
    assert apart.seats[0].pile == (fish(9, 2),) and apart.seats[1].pile == (fish(5, 1),)


def test_requirements_are_checked_with_extra_and_special_dice() -> None:
    # Extra Die: "treat it like a die for catch requirements"; Special Dice: "can meet catch
    # requirements like a normal die".
    state = splashed(new(4, lures=LURES), fish(9, 2, "pair"), fish(10, 3, "shows", 11), fish(8, 4, "special"))
    state = cast_all(state, {"d6": 2, "extra": [4]}, {"d6": 1, "special": [12]}, {"d6": 5}, {"d6": 6})
    assert groups(state) == ((0, 1), (2,), (3,))
    state = rolled(rolled(state, 0, [4, 1]), 1, [1], {12: 11})  # Ana 4+1+4 = 9 (a pair of 4s); Ben 1+11 = 12
    # Ana: the pair 9 (her Extra Die 4 pairs with the d6 4); not the 10; not the special 8 (no special die).
    # Ben: no pair; a die showing 11 (the d12) with 12 >= 10; a special die with 12 >= 8.
    assert can_catch(state, 0) == [0] and can_catch(state, 1) == [1, 2]
    state = act(state, resolve(state))
    assert state.seats[0].pile == (fish(9, 2, "pair"),)
    assert state.seats[1].pile == (fish(10, 3, "shows", 11), fish(8, 4, "special"))


def test_a_requirement_checked_at_the_table_counts_only_when_the_table_says_so() -> None:
    state = splashed(new(2), fish(6, 2, "other"), fish(30))
    state = cast_all(state, {"d6": 2}, {"d6": 3})
    state = rolled(state, 0, [3, 4])
    assert lure.to_check(state, 0) == [0] and can_catch(state, 0) == []
    assert act(state, resolve(state)).seats[0].pile == ()
    assert act(state, resolve(state, other={0: [0]})).seats[0].pile == (fish(6, 2, "other"),)
    with pytest.raises(LureError, match="The 30 has no requirement to check at the table"):
        act(state, resolve(state, other={0: [1]}))


def test_each_player_says_on_their_own_phone_what_their_roll_meets_and_which_fish_it_takes() -> None:
    # One phone of the group made the catch with the choices drawn on it: a teammate's choice, made on
    # her own phone, was dropped. Now each says it of their own roll, and the catch reads it.
    state = splashed(new(4, catches_per_roll="one"), fish(5, 1), fish(9, 2), fish(7, 3, "other"))
    state = cast_all(state, {"d6": 2}, {"d6": 2}, {"d6": 4}, {"d6": 5})
    state = rolled(rolled(state, 0, [6, 5]), 1, [2, 4])  # Ana 11 (the 5, the 9; the 7 at the table), Ben 6
    state = act(state, lure.judge(state, 0, 2, True))
    assert state.seats[0].roll.meets == (2,) and can_catch(state, 0, state.seats[0].roll.meets) == [0, 1, 2]
    with pytest.raises(LureError, match=r"^Ana can catch 3 fish: choose one\.$"):
        act(state, resolve(state))
    with pytest.raises(LureError, match=r"^The 5 has no requirement to check at the table\.$"):
        act(state, lure.judge(state, 0, 0, True))
    with pytest.raises(LureError, match=r"^Ben's roll does not catch the 9\.$"):
        act(state, lure.take(state, 1, 1))
    state = act(state, lure.take(state, 0, 2))
    assert lure.take(state, 0, 2).label == "Ana takes the 7" and lure.judge(state, 0, 2, True).label == \
        "Ana: meets the 7"
    done = act(state, resolve(state))  # Ana takes the 7 she met; Ben (6) the 5
    assert done.seats[0].pile == (fish(7, 3, "other"),) and done.seats[1].pile == (fish(5, 1),)
    assert RULES.whose(state, lure.take(state, 0, 2)) == 0  # her own move: her phone's
    assert act(act(state, lure.judge(state, 0, 2, False)), lure.take(state, 0, 0)).seats[0].roll == \
        replace(state.seats[0].roll, meets=(), takes=0)


def test_adjust_never_goes_beyond_a_dies_highest_or_lowest_number() -> None:
    # Adjust: "Adjust a die number up or down by 1, never beyond its highest or lowest number.
    # You can adjust a die with multiple lures."
    state = splashed(new(2, lures=LURES), fish(20, 2), fish(40))
    state = cast_all(state, {"d6": 2, "special": [12], "adjust": 3}, {"d6": 8})
    state = rolled(state, 0, [6, 1], {12: 12})
    with pytest.raises(LureError, match=r"^A d6 showing 6 cannot go up: Adjust never goes beyond a die's highest"):
        act(state, adjust(state, 0, 0, 1))
    with pytest.raises(LureError, match=r"^A d6 showing 1 cannot go down: Adjust never goes beyond a die's lowest"):
        act(state, adjust(state, 0, 1, -1))
    with pytest.raises(LureError, match=r"^A d12 showing 12 cannot go up"):
        act(state, adjust(state, 0, 2, 1))
    step = adjust(state, 0, 1, 1)
    assert step.label == "Ana adjusts a d6 from 1 to 2"
    state = act(act(state, step), adjust(act(state, step), 0, 1, 1))  # the same die twice: 1 -> 3
    assert state.seats[0].roll.values == (6, 3)
    state = act(state, adjust(state, 0, 2, -1))  # the d12 12 -> 11; three lures used
    assert state.seats[0].roll.dice == (6, 3, 11) and total(state, 0) == 20
    with pytest.raises(LureError, match="^Ana played 3 Adjust lures and none are left"):
        act(state, adjust(state, 0, 2, -1))


def test_a_d12_adjusts_past_six() -> None:
    state = splashed(new(2), fish(20), fish(40))
    state = cast_all(state, {"d6": 0, "special": [12], "adjust": 1}, {"d6": 8})
    state = rolled(state, 0, [], {12: 6})
    assert act(state, adjust(state, 0, 0, 1)).seats[0].roll.special == (7,)


def test_no_adjusting_once_the_catch_is_made() -> None:
    # "You cannot adjust any dice once you catch a fish."
    state = splashed(new(2, lures=LURES), fish(3, 2), fish(40))
    state = cast_all(state, {"d6": 1, "adjust": 2}, {"d6": 8, "adjust": 1})
    state = rolled(state, 0, [4])
    state = act(state, resolve(state))
    assert state.seats[0].pile == (fish(3, 2),)
    with pytest.raises(LureError, match=r"^Ana has fished already: you cannot adjust any dice once you catch a fish\.$"):
        act(state, adjust(state, 0, 0, 1))
    with pytest.raises(LureError, match=r"^Ben has not rolled yet\.$"):
        act(state, adjust(state, 1, 0, 1))


def test_boosts_are_kept_only_with_a_catch_and_a_lure_is_drawn_without_one() -> None:
    # "If you caught at least 1 fish, place all boost lures you played near your score pile.
    # Discard the rest of the lures. If you caught no fish, draw 1 lure."
    state = splashed(new(2, lures=LURES), fish(5, 3), fish(40))
    state = cast_all(state, {"d6": 2, "boost": 1, "adjust": 1}, {"d6": 3, "boost": 1, "extra": [4]})
    assert groups(state) == ((0,), (1,))
    state = act(rolled(state, 0, [3, 3]), resolve(rolled(state, 0, [3, 3])))  # Ana: 6, catches the 5
    state = act(rolled(state, 1, [1, 1, 1]), resolve(rolled(state, 1, [1, 1, 1])))  # Ben: 7, nothing
    ana, ben = state.seats
    assert (ana.boosts, ana.hand, ana.owed) == (1, Hand(2, 0, (4, 5)), 0)  # the unused Adjust is discarded
    assert (ben.boosts, ben.hand, ben.owed) == (0, Hand(3, 0, (5,)), 1)
    with pytest.raises(LureError, match=r"^Ana is owed no lure"):
        act(state, draw(state, 0, BOOST))
    with pytest.raises(LureError, match=r"^An Extra Die lure shows one of 1, 2, 3, 4, 5, 6, not 9\.$"):
        act(state, Action("draw", {"seat": 1, "lure": "extra", "value": 9}))
    action = draw(state, 1, EXTRA, 6)
    assert action.label == "Ben draws a lure"
    state = act(state, action)
    assert (state.seats[1].hand, state.seats[1].owed) == (Hand(3, 0, (5, 6)), 0)
    with pytest.raises(LureError, match=r"^Ben is owed no lure"):
        act(state, draw(state, 1, ADJUST))


def test_a_special_die_rests_for_one_round_after_it_is_rolled() -> None:
    # Special Dice: "After fishing, you must place it in front of your screen to shown you cannot
    # use it again for 1 round. Return it on your next round."
    state = splashed(new(2), fish(5), fish(6))
    state = cast_all(state, {"d6": 1, "special": [12]}, {"d6": 2})
    state = rolled(rolled(state, 0, [1], {12: 2}), 1, [1, 1])
    state = act(state, resolve(state))
    assert (state.round, state.seats[0].resting) == (2, (12,))
    state = splashed(state, *[fish(30 + i) for i in range(splash_count(state))])
    with pytest.raises(LureError, match=r"^Ana's d12 is resting this round: a special die rolled last round "
                                        r"cannot be used again for 1 round \(Special Dice\)\.$"):
        act(state, cast(state, 0, d6=1, special=[12]))
    state = cast_all(state, {"d6": 1, "special": [20]}, {"d6": 2})
    state = rolled(rolled(state, 0, [1], {20: 1}), 1, [1, 1])
    state = act(state, resolve(state))
    assert state.seats[0].resting == (20,)
    state = splashed(state, *[fish(30 + i) for i in range(splash_count(state))])
    assert act(state, cast(state, 0, d6=1, special=[12])).cast(0).special == (12,)  # back after a round


def test_running_out_of_fish_ends_the_round_for_those_still_to_roll() -> None:
    # Run out of fish: "If the last faceup fish is caught, everyone who hasn't rolled yet discards
    # all lures they played and draws 1 lure. Then return their dice (special dice still go in front)."
    state = splashed(new(3, lures=LURES), fish(2, 1), fish(3, 2))
    state = cast_all(state, {"d6": 1}, {"d6": 2, "adjust": 1, "boost": 1}, {"d6": 3, "special": [20]})
    state = rolled(state, 0, [4])
    action = resolve(state)
    assert action.label == "Ana catches a 2 (1 VP), a 3 (2 VP); out of fish: Ben and Cy draw a lure"
    state = act(state, action)
    assert [f.catch for f in state.seats[0].pile] == [2, 3] and state.middle == ()
    assert [owed_draws(state, i) for i in range(3)] == [0, 1, 1]
    assert state.seats[1].hand == Hand(2, 0, (4, 5)) and state.seats[1].boosts == 0  # played lures discarded
    assert (state.round, state.phase) == (2, SPLASH)
    assert state.seats[2].resting == (20,)  # cast, never rolled, still rests
    assert state.outcomes[-1].ran_out == (1, 2)
    with pytest.raises(LureError, match="^Cannot roll now: round 2 starts with Splash"):
        rolled(state, 1, [1, 1])


def test_the_game_ends_after_the_round_in_which_the_last_fish_is_drawn() -> None:
    # End of game: "When the last fish is drawn from the deck, finish the current round then end the game."
    state = splashed(new(2, deck=3), fish(2, 1), fish(3, 2))  # 1 fish left in the deck
    state = cast_all(state, {"d6": 1}, {"d6": 2})
    state = rolled(state, 0, [1])  # Ana rolls first (1 die): 1 catches nothing
    state = act(state, resolve(state))
    state = rolled(state, 1, [1, 1])  # Ben: 2 catches the 2, not the 3
    state = act(state, resolve(state))
    assert state.seats[1].pile == (fish(2, 1),)
    assert (state.round, state.phase, [f.catch for f in state.middle]) == (2, SPLASH, [3])
    assert splash_count(state) == 1  # the deck runs out: fewer fish
    with pytest.raises(LureError, match=r"reveals 1 fish, not 2 \(.*the deck has 1 fish left\)"):
        splashed(state, fish(4), fish(5))
    state = splashed(state, fish(4, 3))
    assert state.deck_left == 0 and state.phase == CAST  # the last fish is drawn: finish this round
    state = cast_all(state, {"d6": 1}, {"d6": 2})
    state = rolled(state, 0, [1])
    state = act(state, resolve(state))
    assert state.phase == FISH  # Ben still to roll
    state = rolled(state, 1, [1, 1])
    state = act(state, resolve(state))
    assert state.phase == OVER and state.over
    with pytest.raises(LureError, match="^The game is over"):
        splashed(state)


def test_a_game_that_never_empties_the_deck_goes_on() -> None:
    state = splashed(new(2, deck=5), fish(20), fish(21))
    state = cast_all(state, {"d6": 1}, {"d6": 1})
    state = rolled(rolled(state, 0, [1]), 1, [2])
    state = act(state, resolve(state))
    assert state.phase == SPLASH and state.deck_left == 3  # 2 of 5 fish drawn: another round


def test_roll_refusals() -> None:
    state = splashed(new(2), fish(5), fish(6))
    state = cast_all(state, {"d6": 2, "special": [12]}, {"d6": 3})
    with pytest.raises(LureError, match=r"^Ana cast 2 d6: give 2 values\.$"):
        rolled(state, 0, [1], {12: 3})
    with pytest.raises(LureError, match=r"^A d6 shows 1 to 6, not 7\.$"):
        rolled(state, 0, [1, 7], {12: 3})
    with pytest.raises(LureError, match=r"^Ana cast a d12: give its value\.$"):
        rolled(state, 0, [1, 2])
    with pytest.raises(LureError, match=r"^A d12 shows 1 to 12, not 13\.$"):
        rolled(state, 0, [1, 2], {12: 13})
    with pytest.raises(LureError, match=r"^Ana did not cast a d20 special die\.$"):
        rolled(state, 0, [1, 2], {12: 3, 20: 1})
    action = roll(state, 0, [1, 2], {12: 3})
    assert action.label == "Ana rolls 1, 2 and a d12 3"
    state = act(state, action)
    with pytest.raises(LureError, match=r"^Ana has rolled already\.$"):
        rolled(state, 0, [1, 2], {12: 3})
    with pytest.raises(LureError, match=r"^It is the turn of Ana and Ben \(group 0\), not group 1\.$"):
        act(state, Action("resolve", {"group": 1}))


def test_the_set_up_is_checked() -> None:
    with pytest.raises(DomainError, match=r"^players: Lure is played by 2 to 5 players, not 1$"):
        RULES.initial_state({"players": ["Ana"]})
    with pytest.raises(DomainError, match="not 6"):
        RULES.initial_state({"players": list("ABCDEF")})
    with pytest.raises(DomainError, match=r"^players\[1\]\.name: 'ana' is already players\[0\]: each player plays once$"):
        RULES.initial_state({"players": ["Ana", "ana"]})
    with pytest.raises(LureError, match=r"^How many fish one roll catches is one of all, one; not 'some'\.$"):
        new(2, catches_per_roll="some")
    with pytest.raises(LureError, match="Each player's number of d6 is 1 to 12, not 0"):
        new(2, d6=0)
    state = new(3, d6=5, deck=10, refill="add")
    assert (state.settings.d6, state.settings.deck, state.settings.reveal, state.settings.refill) == (5, 10, 2, "add")


def test_setup_for_writes_the_data_in_so_the_game_replays_the_same() -> None:
    setup = lure.setup_for(["Ana", "Ben", "Cy", "Dee"], d6=6)
    assert setup["d6"] == 6 and setup["reveal"] == 3 and setup["lures"] == {"adjust": 1, "boost": 1, "extra": []}
    assert json.loads(json.dumps(setup)) == setup
    assert RULES.initial_state(setup).settings.reveal == 3


# The data file and the registry ----------------------------------------------------------------


def test_the_data_file_holds_the_stated_defaults() -> None:
    data = lure.default_data()
    assert (data.d6, data.deck, data.refill, data.catches_per_roll) == (8, 24, "fill", "all")
    assert data.splash == {2: 2, 3: 2, 4: 3, 5: 3} and data.special_dice == (12, 20)
    assert data.starting_lures == Hand(1, 1, ()) and data.extra_values == (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("path, value, message", [
    (("d6",), 0, "lure.json.d6: must be 1 to 12, not 0"),
    (("deck",), "many", "lure.json.deck: expected int, got 'many'"),
    (("splash", "3"), None, "lure.json.splash.3: missing"),
    (("refill",), "top", "lure.json.refill: one of 'fill', 'add', not 'top'"),
    (("catches_per_roll",), "two", "lure.json.catches_per_roll: one of 'all', 'one', not 'two'"),
    (("starting_lures", "extra"), [9], "lure.json.starting_lures.extra[0]: 9 is not one of extra_die_values"),
    (("special_dice",), [12, 12], "lure.json.special_dice: each number once"),
])
def test_a_bad_data_file_names_the_field(path, value, message) -> None:
    data = json.loads((assets_dir() / "games/lure/lure.json").read_text())
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is None:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    with pytest.raises(AssetError) as caught:
        lure.parse_data(data)
    assert str(caught.value) == message


def test_lure_is_registered() -> None:
    entry = registry.game("lure")
    assert [k.kind for k in entry.sessions] == ["lure"] and entry.sessions[0].part == "round"
    assert GAMES["lure"] is RULES and RULES.game == "lure"
    assert ("games/lure/lure.json", "companion.games.lure.rules:default_data") in registry.data_files()
    assert "lure" in registry.scorers() and [p.id for p in registry.game_presets(entry)] == ["lure"]
    assert entry.part("dice").id == "dice"  # the dice preset's part still works


# Invariants under random play (tests/unit/test_conformance.py plays every game to its end) -------------


def check_invariants(state) -> None:
    caught = sum(len(s.pile) for s in state.seats)
    assert caught + len(state.middle) == state.drawn <= state.settings.deck  # each fish is somewhere, once
    for s in state.seats:
        assert s.hand.adjust >= 0 and s.hand.boost >= 0 and s.owed >= 0
        assert set(s.hand.extra) <= set(state.settings.extra_values)
        assert set(s.resting) <= set(state.settings.special_dice)
    results, winners = lure.standings(state)
    for seat, result in zip(state.seats, results):
        assert result.total == sum(line.points for line in result.breakdown)
        assert result.total == sum(f.vp for f in seat.pile) + 2 * seat.boosts
    assert winners
    if state.phase == FISH:
        assert revealed(state) and current_group(state) is not None
        assert all(not state.seats[i].done for i in lure.current_seats(state))


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_play_keeps_every_fish_somewhere_once_and_every_total_equal_to_its_breakdown(seed) -> None:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.example_setup(rng))
    moves = 0
    while not state.over and moves < 1500:
        try:
            state = act(state, rng.choice(RULES.candidates(state, rng)))
            moves += 1
        except DomainError:
            continue
        check_invariants(state)
    assert state.over


def test_the_next_step_is_said_in_words() -> None:
    state = new(3)
    assert lure.next_step(state) == "Round 1, Splash: reveal 2 fish."
    state = splashed(state, fish(4), fish(9))
    assert lure.next_step(state) == "Round 1, Cast: waiting for Ana, Ben, Cy."
    state = cast_all(state, {"d6": 2}, {"d6": 2}, {"d6": 3})
    assert lure.next_step(state) == "Round 1, Fish: Ana, Ben to roll (Ana and Ben roll together)."
    state = rolled(rolled(state, 0, [1, 2]), 1, [2, 2])
    assert lure.next_step(state) == "Round 1, Fish: Ana and Ben have rolled; make the catch."

