"""The pearl boat game's referee (seeds/003): turn order, moving, spaces, fish, trips and the win.
Expectations are worked by hand from the text."""

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
from companion.core.plays import Play
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import (
    BLOCK,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    FROZEN,
    MOVE_CHOICE,
    SLOW_DOWN,
)
from companion.games.pearl_boat.rules import (
    OVER,
    PLAY,
    RULES,
    Effect,
    PearlBoatError,
    capacity,
    catch,
    default_data,
    deliver,
    discard,
    draw,
    drop_off,
    end_turn,
    move,
    move_steps,
    order_roll,
    parse_data,
    reward,
    rolloff_seats,
    to_play,
)
from tests.budgets import examples

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def new(players: int = 2, **setup):
    return RULES.initial_state({**pb.setup_for(NAMES[:players]), **setup})


def act(state, action):
    return RULES.apply(state, action)


def started(players: int = 2, **setup):
    """A game whose turn order is the seat order (rolls 6, 5, 4, 3), seat 0 to play."""
    state = new(players, **setup)
    return act(state, order_roll(state, [6, 5, 4, 3][:players]))


def boat(state, seat: int, **changes):
    """The state with a boat's ledger set by hand (a position reached earlier in the game)."""
    boats = list(state.boats)
    boats[seat] = replace(boats[seat], **changes)
    return replace(state, boats=tuple(boats))


def refused(state, action) -> str:
    with pytest.raises(PearlBoatError) as caught:
        act(state, action)
    return str(caught.value)


def not_now(state, action) -> str:
    """Why `action`, made now, is refused by the kit's phase: whose turn it is, a duel chosen first."""
    with pytest.raises(NotNow) as caught:
        RULES.play(state, action)
    return str(caught.value)


def moved(state, seat: int = 0, roll: int = 3, **kw):
    return act(state, move(state, seat, roll, **kw))


def turn_done(state, seat: int, roll: int = 2):
    """`seat` moves by `roll` and ends the turn."""
    state = moved(state, seat, roll)
    return act(state, end_turn(state, seat))


# Set-up and turn order -------------------------------------------------------------------------


def test_each_boat_starts_with_0_pearls_and_10_fuel() -> None:
    # "Player Start: 0 Pearls, 10 Fuel"
    state = new(4)
    assert [(b.name, b.pearls, b.fuel) for b in state.boats] == [(n, 0, 10) for n in NAMES]
    assert state.data.tank == 10 and state.phase == pb.ORDER and rolloff_seats(state) == (0, 1, 2, 3)


def test_highest_roll_goes_first_then_by_roll() -> None:
    # "whoever rolls the highest number ... goes first, and players follow ... according to the number
    # that they rolled themselves"
    state = new(4)
    state = act(state, order_roll(state, [2, 6, 1, 4]))
    assert state.order == (1, 3, 0, 2) and state.phase == PLAY and state.current == 1 and state.turn.number == 1


def test_tied_players_roll_again_among_themselves_until_clear() -> None:
    # "Any players that roll the same number as each other must re-roll until there is a clear victor."
    state = new(4)
    first = order_roll(state, [5, 3, 5, 3])
    assert first.label == "Turn order: Ana 5, Ben 3, Cy 5, Dee 3 (Ana and Cy; Ben and Dee roll again)"
    state = act(state, first)
    assert state.phase == pb.ORDER and rolloff_seats(state) == (0, 2)
    state = act(state, order_roll(state, [4, 4]))  # tied again
    assert rolloff_seats(state) == (0, 2)
    state = act(state, order_roll(state, [1, 2]))  # Cy before Ana
    assert rolloff_seats(state) == (1, 3)
    assert "roll for Ana" not in refused(state, order_roll(new(4), [1, 2, 3, 4]))
    state = act(state, order_roll(state, [6, 2]))
    assert state.order == (2, 0, 1, 3) and state.current == 2
    assert [r for _, r in state.rolloffs] == [(5, 3, 5, 3), (4, 4), (1, 2), (6, 2)]


@pytest.mark.parametrize("data, message", [
    ({"seats": [0, 1], "rolls": [7, 1]}, "A d6 shows 1 to 6, not 7."),
    ({"seats": [0, 1], "rolls": [3]}, "Each of the 2 boats rolling rolls one d6."),
    ({"seats": [0], "rolls": [3]}, "The next turn-order roll is for Ana, Ben."),
])
def test_bad_turn_order_rolls_are_refused(data, message) -> None:
    assert refused(new(2), Action("order", data)) == message


def test_turns_wait_for_the_turn_order() -> None:
    assert refused(new(2), move(new(2), 0, 3)) == "Roll for the turn order first."


@pytest.mark.parametrize("setup, message", [
    ({"players": ["Ana"]}, "players: the pearl boat game is played by 2 to 6 players, not 1"),
    ({"players": ["Ana", "ana"]}, "players[1].name: 'ana' is already players[0]: each player plays once"),
    ({"players": ["Ana", " "]}, "players[1].name: a player needs a name"),
])
def test_bad_set_ups_are_refused(setup, message) -> None:
    with pytest.raises(DomainError) as caught:
        RULES.initial_state({**pb.setup_for(["Ana", "Ben"]), **setup})
    assert str(caught.value) == message


# Moving ----------------------------------------------------------------------------------------


def test_a_move_is_the_roll_and_spends_a_fuel_a_step() -> None:
    # "move along the squares according to the number they roll"; fuel spent per step
    state = moved(started(), 0, 4)
    assert state.boats[0].fuel == 6 and state.boats[0].position == 4 and state.turn.rolled
    assert refused(state, move(state, 0, 2)) == "Ana has already rolled to move this turn."
    assert not_now(state, move(state, 1, 2)) == "It is Ana's turn: Ben cannot move now."


def test_a_roll_above_the_fuel_moves_by_the_fuel() -> None:
    # "If the player rolls a higher number than the amount of fuel they have, they move according to how
    # much fuel they have left."
    state = boat(started(), 0, fuel=2)
    assert move(state, 0, 5).label == "Ana rolls 5: 2 steps"
    state = moved(state, 0, 5)
    assert (state.boats[0].fuel, state.boats[0].position) == (0, 2)


@pytest.mark.parametrize("roll, steps", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_a_slowed_boat_moves_half_its_roll_rounded_down(roll, steps) -> None:
    # "opponent takes 1/2 less steps than their roll, ie. 2 if they roll a 4, and 1 if they roll a 3"
    state = boat(started(), 0, effect=Effect(SLOW_DOWN, 1, 0))
    assert move_steps(state, 0, roll) == steps
    after = moved(state, 0, roll)
    assert (after.boats[0].position, after.boats[0].fuel) == (steps, 10 - steps)


def test_slowed_and_short_of_fuel_moves_the_smaller() -> None:
    state = boat(started(), 0, effect=Effect(SLOW_DOWN, 1, 0), fuel=2)
    assert move_steps(state, 0, 6) == 2  # half of 6 is 3, but 2 fuel


def test_the_fish_market_cannot_be_overshot() -> None:
    # "as long as the player moves past or lands on the fish market, the player will be set on the fish
    # market spot"
    state = boat(started(), 0, position=20)
    action = move(state, 0, 6, to_market=2)
    assert action.label == "Ana rolls 6: 2 steps, reaches the fish market"
    state = act(state, action)
    assert state.boats[0].at_market and state.boats[0].position == 22 and state.boats[0].fuel == 8


def test_frozen_no_move_but_draw_and_buy() -> None:
    # "Frozen for one turn (can still draw from chance deck and purchase ...)"
    state = boat(started(), 0, effect=Effect(FROZEN, 0, 0), pearls=5)
    assert refused(state, move(state, 0, 3)) == ("Ana is frozen this turn: no move (drawing and buying are "
                                                  "still allowed).")
    state = act(state, draw(state, 0, 1))  # an upgrade to the hand
    state = act(state, pb.buy(state, 0, "extra_draw"))
    state = act(state, end_turn(state, 0))  # no move to make: the turn ends
    assert state.boats[0].effect is None and state.current == 1


def test_out_of_fuel_buy_fuel_or_skip_the_turn() -> None:
    # "The player has to refuel their boat when it runs out of fuel, so the player has to spend their pearls
    # on fuel, unless they select to skip their turn."
    state = boat(started(), 0, fuel=0, pearls=2)
    assert refused(state, move(state, 0, 3)) == "Ana has no fuel: buy fuel or skip the turn."
    assert end_turn(state, 0).label == "Ana skips the turn (no fuel)"
    skipped = act(state, end_turn(state, 0))
    assert skipped.current == 1
    refuelled = act(state, pb.buy(state, 0, "half_refill"))
    assert refuelled.boats[0].fuel == 5 and refuelled.boats[0].pearls == 0
    assert refused(refuelled, end_turn(refuelled, 0)) == ("Ana has fuel: roll to move first (a turn is skipped "
                                                          "only with no fuel).")
    assert moved(refuelled, 0, 6).boats[0].fuel == 0


# Spaces ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, pearls", [(2, 3), (3, 4), (4, 5), (-1, 0), (-2, 0)])
def test_a_space_gives_or_takes_pearls(value, pearls) -> None:
    # "Rewards go from: +2, +3, +4, pearl gains and -1, and -2 deductions."
    state = moved(boat(started(), 0, pearls=1))
    assert act(state, reward(state, 0, value)).boats[0].pearls == pearls


def test_a_negative_space_at_0_pearls_leaves_0() -> None:
    # "If the player has 0 Pearls and lands on a negative square, they remain at 0 Pearls."
    state = moved(started())
    assert act(state, reward(state, 0, -2)).boats[0].pearls == 0


def test_only_the_printed_values_and_once_a_turn() -> None:
    state = moved(started())
    assert refused(state, reward(state, 0, 5)) == "A space gives +2, +3, +4, -1, -2 pearls, not 5."
    state = act(state, reward(state, 0, 3))
    assert refused(state, reward(state, 0, 3)) == ("Ana has taken this turn's space already: only the space "
                                                   "stopped on counts.")


def test_no_reward_for_stopping_on_the_same_space_twice_in_a_row() -> None:
    # "If the player stays stopped on the same space more than once in a row, the player does not recollect
    # the rewards/punishments that are marked on the space."
    state = moved(started(), 0, 3)
    state = act(state, reward(state, 0, 4))
    state = act(state, end_turn(state, 0))
    state = turn_done(state, 1)
    state = boat(state, 0, fuel=0)  # Ana cannot move: she is still on the +4 space
    assert refused(state, reward(state, 0, 4)) == ("Ana is still on last turn's space: no reward for stopping "
                                                   "on it twice in a row.")


def test_no_reward_before_the_boat_has_moved_this_turn() -> None:
    # "The player only claims the reward or punishment on the space they stop on": straight after the turn
    # order roll Ana has not moved (she is at the fish market, 0 steps), so a +4 is refused; after a move of 3
    # it is hers: 0 + 4 = 4 pearls.
    state = started()
    assert refused(state, reward(state, 0, 4)) == ("Ana has not moved yet this turn: the space's reward is claimed "
                                                   "on the space the boat stops on.")
    assert state.boats[0].pearls == 0 and not pb.can_take_reward(state, 0)
    state = moved(state, 0, 3)
    assert pb.can_take_reward(state, 0)
    state = act(state, reward(state, 0, 4))
    assert state.boats[0].pearls == 4 and not pb.can_take_reward(state, 0)


def test_a_game_set_up_before_the_reward_guard_replays_as_it_was_played() -> None:
    # A journal written before the guard (its set-up has no rules_version) took a +4 before moving: it replays.
    setup = {k: v for k, v in pb.setup_for(["Ana", "Ben"]).items() if k != "rules_version"}
    state = RULES.initial_state(setup)
    state = act(state, order_roll(state, [6, 5]))
    assert act(state, reward(state, 0, 4)).boats[0].pearls == 4


def test_the_rules_version_of_a_set_up_is_checked() -> None:
    assert pb.setup_for(["Ana", "Ben"])["rules_version"] == 4
    assert RULES.initial_state({**pb.setup_for(["Ana", "Ben"]), "rules_version": 2}).rules_version == 2
    with pytest.raises(PearlBoatError) as caught:
        RULES.initial_state({**pb.setup_for(["Ana", "Ben"]), "rules_version": 5})
    assert str(caught.value) == "The game's rules version is 1, 2, 3 or 4, not 5."


# Fish, trips and the win ------------------------------------------------------------------------


def test_capacity_grows_by_one_with_two_upgrade_cards_and_shrinks_below_two() -> None:
    # "upon holding 2 or more upgrade cards, the boat will automatically expand capacity to carry +1 fish";
    # "if the number of upgrade cards within their hand drops below 2, they lose their boat expansion"
    state = started()
    assert capacity(state, 0) == 2  # the chosen base capacity (pearl_boat.json)
    state = boat(state, 0, upgrades=(ENGINE_REVERSE,))
    assert capacity(state, 0) == 2
    state = boat(state, 0, upgrades=(ENGINE_REVERSE, MOVE_CHOICE))
    assert capacity(state, 0) == 3
    assert capacity(act(state, discard(state, 0, MOVE_CHOICE)), 0) == 2


def test_a_boat_catches_fish_up_to_its_capacity() -> None:
    state = started()
    state = act(state, catch(state, 0, "salmon"))
    state = act(state, catch(state, 0, "salmon"))
    assert state.boats[0].on_board == ("salmon", "salmon")
    assert refused(state, catch(state, 0, "carp")) == "Ana's boat is full: it carries 2 fish."
    assert refused(state, catch(state, 0, "cod")) == ("The fish are Salmon, Rainbow Trout, Halibut, Bass, Carp; "
                                                      "not 'cod'.")


def at_market(state, seat: int = 0, fish=(), delivered=(), **changes):
    return boat(state, seat, at_market=True, position=30, on_board=tuple(fish), delivered=tuple(delivered),
                **changes)


def test_delivering_at_the_market_pays_the_fish_and_starts_the_next_trip() -> None:
    # "When the player makes it to the fish market to deposit their fish, their next trip begins."
    # Salmon 7 + Carp 2 = 9 pearls (the chosen reading: a fish pays its pearls when delivered).
    state = at_market(started(), fish=("salmon", "carp"))
    assert refused(state, end_turn(state, 0)) == ("Ana is at the fish market: deliver the fish (the next trip "
                                                  "begins) first.")
    state = act(state, deliver(state, 0))
    b = state.boats[0]
    assert (b.pearls, b.delivered, b.on_board, b.trips, b.position, b.at_market) == (9, ("salmon", "carp"), (), 1,
                                                                                     0, False)
    assert state.phase == PLAY
    assert refused(started(), deliver(started(), 0)) == "Ana is not at the fish market."


def test_the_expansion_upgrades_go_back_at_the_next_trip() -> None:
    # "When the next trip begins, the upgrade cards that correspond to the boat expansion are returned to
    # the chance deck"
    state = at_market(started(), upgrades=(ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE))
    kept = act(state, deliver(state, 0))
    assert kept.boats[0].upgrades == (MOVE_CHOICE,) and capacity(kept, 0) == 2
    chosen = act(state, deliver(state, 0, returned=[MOVE_CHOICE, ENGINE_REVERSE]))
    assert chosen.boats[0].upgrades == (ENGINE_UPGRADE,)
    one = at_market(started(), upgrades=(ENGINE_REVERSE,))
    assert act(one, deliver(one, 0)).boats[0].upgrades == (ENGINE_REVERSE,)  # no expansion, nothing goes back


def test_the_first_boat_back_with_three_different_fish_wins() -> None:
    # "Collect 3 Different Fish and return to the fish market during the round you have 3 total fish from
    # drop offs and onboard your ship."
    state = at_market(started(), fish=("bass",), delivered=("salmon", "halibut"))
    state = act(state, deliver(state, 0))
    assert state.phase == OVER and state.winner == 0 and state.turn is None
    assert refused(state, move(state, 1, 3)) == "The game is over: Ana won."
    play = to_play(state, "p1", "2026-12-01T20:00:00")
    assert isinstance(play, Play) and play.game == "pearl-boat" and play.winners == ("Ana",)
    assert play.entry == {"players": [{"name": "Ana", "pearls": 3, "fish": ["salmon", "halibut", "bass"], "trips": 1},
                                      {"name": "Ben", "pearls": 0, "fish": [], "trips": 0}],
                          "first_back": "Ana"}
    assert [(r.name, r.total, r.rank) for r in play.results] == [("Ana", 3, 1), ("Ben", 0, 2)]


def test_three_fish_of_two_kinds_do_not_win() -> None:
    state = at_market(started(), fish=("bass", "bass"), delivered=("salmon",))
    state = act(state, deliver(state, 0))
    assert state.phase == PLAY and state.winner is None


def test_a_drop_off_delivers_a_turn_later_and_nobody_wins_on_a_drop_off_turn() -> None:
    # "if a player deposits their fish in a drop-off point it will take one turn for the delivery to arrive
    # at the fish market. Players cannot win on the turn they drop off their fish at a drop-off point."
    state = boat(started(), 0, on_board=("salmon", "halibut"))
    state = act(state, drop_off(state, 0))
    assert state.boats[0].in_transit == ("salmon", "halibut") and state.boats[0].on_board == ()
    # The same turn: at the market with a Bass (an Engine upgrade, say) - three kinds, but a drop-off turn.
    same_turn = act(at_market(state, fish=("bass",)), deliver(at_market(state, fish=("bass",)), 0))
    assert same_turn.phase == PLAY and same_turn.winner is None
    # Otherwise the fish arrive when Ana's next turn begins: Salmon 7 + Halibut 4 = 11 pearls.
    state = turn_done(state, 0)
    assert state.boats[0].in_transit == ("salmon", "halibut")
    ben_moved = moved(state, 1, 2)
    # The end of Ben's turn says what it brings (issue 65: the fish arrived, +11 pearls, with no line).
    assert end_turn(ben_moved, 1).label == "Ben ends the turn; Ana's Salmon and Halibut reach the fish market: " \
                                           "+11 pearls"
    assert end_turn(moved(turn_done(state, 1), 0, 2), 0).label == "Ana ends the turn"  # nothing arrives
    state = turn_done(state, 1)
    assert state.boats[0].delivered == ("salmon", "halibut") and state.boats[0].pearls == 11
    state = at_market(state, fish=("carp",), delivered=("salmon", "halibut"))
    assert act(state, deliver(state, 0)).winner == 0  # a later turn: the win


def test_holding_two_attacks_for_more_than_three_turns_forces_a_discard() -> None:
    # "if the player has held a full limit of attack cards (2) for more than 3 turns, they will have to
    # discard one."
    state = boat(started(), 0, attacks=(SLOW_DOWN, BLOCK))
    for _ in range(3):  # three turns ended holding both
        state = turn_done(state, 0)
        state = turn_done(state, 1)
    assert state.boats[0].full_turns == 3 and pb.must_discard(state, 0)
    state = moved(state)
    assert refused(state, end_turn(state, 0)) == ("Ana has held 2 attack cards for more than 3 turns: discard "
                                                  "one (or sell, trade or use it) first.")
    state = act(state, discard(state, 0, BLOCK))
    state = act(state, end_turn(state, 0))
    assert state.boats[0].attacks == (SLOW_DOWN,) and state.boats[0].full_turns == 0


# The data file -----------------------------------------------------------------------------------


def test_the_data_file_holds_the_texts_numbers_and_says_what_was_chosen() -> None:
    d = default_data()
    assert {f.name: f.pearls for f in d.fish} == {"Salmon": 7, "Rainbow Trout": 6, "Halibut": 4, "Bass": 3, "Carp": 2}
    assert (d.start_pearls, d.start_fuel, d.tank, d.space_values) == (0, 10, 10, (2, 3, 4, -1, -2))
    assert (d.upgrade_limit, d.attack_limit, d.attack_hold_turns, d.duel_loss, d.limits_per) == (3, 2, 3, 2, "game")
    raw = json.loads((assets_dir() / "games/pearl_boat/pearl_boat.json").read_text())
    assert set(raw["chosen"]) <= set(raw) and set(raw["notes"]) <= set(raw) and raw["about"]
    assert parse_data(raw) == d


@pytest.mark.parametrize("change, message", [
    (("tank", 0), "pearl_boat.json.tank: must be 1 to 1000, not 0"),
    (("start_fuel", 11), "pearl_boat.json.start_fuel: must be 0 to 10, not 11"),
    (("limits_per", "week"), "pearl_boat.json.limits_per: 'game' or 'trip', not 'week'"),
    (("fish", []), "pearl_boat.json.fish: 3 to 20 kinds of fish (three different ones win), not 0"),
    (("space_values", [2, "x"]), "pearl_boat.json.space_values[1]: expected a whole number, got 'x'"),
    (("pay_on_delivery", 1), "pearl_boat.json.pay_on_delivery: expected bool, got 1"),
    (("store", {}), "pearl_boat.json.store.half_refill: missing"),
])
def test_a_bad_data_file_names_the_field(change, message) -> None:
    raw = json.loads((assets_dir() / "games/pearl_boat/pearl_boat.json").read_text())
    raw[change[0]] = change[1]
    with pytest.raises(AssetError) as caught:
        parse_data(raw)
    assert str(caught.value) == message


def test_a_game_keeps_the_values_it_started_with_and_limits_per_trip_is_a_setting() -> None:
    setup = pb.setup_for(["Ana", "Ben"], limits_per="trip")
    assert RULES.initial_state(setup).data.limits_per == "trip"
    with pytest.raises(PearlBoatError):
        pb.setup_for(["Ana", "Ben"], limits_per="week")
    bad = {**setup, "rules": {**setup["rules"], "tank": -1}}
    with pytest.raises(PearlBoatError, match="rules.tank: must be 1 to 1000, not -1"):
        RULES.initial_state(bad)


# Footprints ---------------------------------------------------------------------------------------


def test_selling_touches_only_that_boat_and_a_turn_action_touches_all() -> None:
    ana, ben = (RULES.footprint(Action("sell", {"seat": s, "card": BLOCK})) for s in (0, 1))
    assert independent(ana, ben)
    assert not independent(ana, RULES.footprint(Action("move", {"seat": 1, "roll": 3})))


# Invariants under random play -------------------------------------------------------------------


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_pearls_fuel_cards_and_fish_in_bounds(seed) -> None:
    # tests/unit/test_conformance.py plays every game to its end and checks its refusals and replay.
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.example_setup(rng))
    while not state.over:
        try:
            state = act(state, rng.choice(RULES.candidates(state, rng)))
        except DomainError as exc:
            assert str(exc)
            continue
        for b in state.boats:
            assert b.pearls >= 0 and 0 <= b.fuel <= state.data.tank
            assert len(b.upgrades) <= state.data.upgrade_limit and len(b.attacks) <= state.data.attack_limit
            assert b.position >= 0 and len(b.on_board) <= state.data.base_capacity + state.data.expansion_fish
            assert all(n <= limit for n, limit in zip(b.bought, (16, 8, 10)))
        assert sum(1 for b in state.boats if b.effect is not None) <= len(state.boats)

