"""The pearl boat game's chance deck (seeds/003: "Chance Deck Upgrades", "Curses", "Attacks"):
each card, the hand limits, effects, the steal and slow arithmetic. Worked by hand from the text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import (
    BLOCK,
    CARD_NAMES,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    FROZEN,
    LOSE_FUEL,
    MOVE_CHOICE,
    SLOW_DOWN,
    STEAL_FUEL,
    card_for,
    fuel_after_lose_fuel,
    slowed_steps,
    steal_amount,
)
from companion.games.pearl_boat.rules import Effect, draw, draw_needs, end_turn, move, use_card
from tests.unit.test_pearl_boat_rules import act, boat, moved, refused, started, turn_done


@pytest.mark.parametrize("roll, card, name", [
    (1, ENGINE_REVERSE, "Engine reverse"), (2, ENGINE_UPGRADE, "Engine upgrade"), (3, MOVE_CHOICE, "Move choice card"),
    (4, FROZEN, "Frozen for one turn"), (5, LOSE_FUEL, "Lose fuel"),
    (6, SLOW_DOWN, "Slow down another player for 1 turn"), (7, STEAL_FUEL, "Steal fuel from another player"),
    (8, BLOCK, "Block a player behind you"),
])
def test_the_d8_names_each_card_as_the_text_does(roll, card, name) -> None:
    assert card_for(roll).id == card and CARD_NAMES[card] == name
    state = moved(started())
    kept = card not in (FROZEN, LOSE_FUEL)  # a curse is named (it waits for the next turn); others kept face down
    assert draw(state, 0, roll).label == ("Ana draws a card and keeps it" if kept else f"Ana draws {roll}: {name}")
    after = act(state, draw(state, 0, roll))
    assert (after.notice == "Ana keeps the card drawn, face down.") == kept  # no name for the other boats


def test_a_card_kept_or_traded_is_named_to_no_other_boat() -> None:
    # The hidden attack's owner "can list that they own" it (seeds/003): the app says nothing of it.
    state = boat(moved(started()), 0, attacks=(SLOW_DOWN,))
    assert pb.trade(state, 0, SLOW_DOWN).label == "Ana trades a card at the store"
    full = boat(moved(started()), 0, upgrades=(ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE))
    assert draw(full, 0, 2).label == "Ana draws 2: Engine upgrade"  # no room: used at once, for all to see


def test_a_draw_comes_after_moving_once_a_turn_and_is_optional() -> None:
    # "The player is then allowed to draw 1 card from the chance deck"; "they do not have to"
    state = started()
    assert refused(state, draw(state, 0, 1)) == "Ana draws after moving: roll to move first."
    state = act(moved(state), draw(moved(state), 0, 1))
    assert refused(state, draw(state, 0, 2)) == ("Ana has drawn 1 card this turn: buy a +1 draw at the store to "
                                                 "draw again.")
    assert act(moved(started()), end_turn(moved(started()), 0)).current == 1  # no draw at all


# Upgrades (1-3) ---------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, card", [(1, ENGINE_REVERSE), (2, ENGINE_UPGRADE), (3, MOVE_CHOICE)])
def test_an_upgrade_drawn_goes_to_the_hand(roll, card) -> None:
    state = act(moved(started()), draw(moved(started()), 0, roll))
    assert state.boats[0].upgrades == (card,) and draw_needs(state, 0, roll) == ()


def test_engine_reverse_moves_back_one_to_three_steps_free() -> None:
    # "Engine reverse (1-3 fuel free movements backwards)"
    state = boat(moved(started(), 0, 5), 0, upgrades=(ENGINE_REVERSE,))
    after = act(state, use_card(state, 0, ENGINE_REVERSE, steps=3))
    assert (after.boats[0].position, after.boats[0].fuel, after.boats[0].upgrades) == (2, 5, ())
    assert refused(state, use_card(state, 0, ENGINE_REVERSE, steps=4)) == ("Engine reverse takes 1 to 3 steps back, "
                                                                           "not 4.")


def test_engine_upgrade_rolls_again_for_free_and_a_slow_halves_it() -> None:
    # "Engine upgrade (Roll again to move for free no fuel necessary)"; a slow touches RNG moves.
    state = boat(moved(started(), 0, 2), 0, upgrades=(ENGINE_UPGRADE,))
    after = act(state, use_card(state, 0, ENGINE_UPGRADE, move_roll=5))
    assert (after.boats[0].position, after.boats[0].fuel) == (7, 8)
    slowed = boat(state, 0, effect=Effect(SLOW_DOWN, 1, 0))
    assert act(slowed, use_card(slowed, 0, ENGINE_UPGRADE, move_roll=5)).boats[0].position == 4  # 2 + 5 // 2
    empty = boat(state, 0, fuel=0)
    assert act(empty, use_card(empty, 0, ENGINE_UPGRADE, move_roll=6)).boats[0].position == 8  # no fuel needed


def test_move_choice_moves_the_chosen_steps_unaffected_by_a_slow() -> None:
    # "Move choice card (Move a number of spaces forward/less than 6)"; "Active effects do not influence
    # non-RNG determined movements."
    state = boat(started(), 0, upgrades=(MOVE_CHOICE,), effect=Effect(SLOW_DOWN, 1, 0))
    assert act(state, use_card(state, 0, MOVE_CHOICE, steps=5)).boats[0].position == 5
    assert refused(state, use_card(state, 0, MOVE_CHOICE, steps=6)) == ("Move choice moves 1 to 5 spaces forward, "
                                                                        "not 6.")
    assert act(state, use_card(state, 0, MOVE_CHOICE, steps=5, to_market=3)).boats[0].at_market


def test_move_choice_is_the_turns_move_a_step_per_fuel_and_no_roll_after_it() -> None:
    # "Every turn, the player is allowed to move along the squares according to the number they roll on a
    # 6-sided dice and the fuel they have in their fishing boat." "3. Move choice card (Move a number of
    # spaces forward/less than 6)": the number is chosen instead of rolled. Only the Engine cards are free of
    # fuel ("1. Engine reverse (1-3 fuel free movements backwards)", "2. Engine upgrade (Roll again to move
    # for free no fuel necessary)"), and only the Engine upgrade rolls "again".
    state = boat(started(), 0, upgrades=(MOVE_CHOICE,))
    after = act(state, use_card(state, 0, MOVE_CHOICE, steps=4))
    assert (after.boats[0].position, after.boats[0].fuel) == (4, 6)  # 10 fuel, 4 spent
    assert not pb.can_roll_to_move(after, 0) and after.turn.moved
    assert refused(after, move(after, 0, 3)) == "Ana has already rolled to move this turn."
    assert act(after, end_turn(after, 0)).current == 1  # the turn's move is made
    # After the roll, the card waits for a turn of its own: refused, and said on the card.
    rolled = act(state, move(state, 0, 2))
    assert refused(rolled, use_card(rolled, 0, MOVE_CHOICE, steps=1)) == pb.move_choice_refusal(rolled, 0) == (
        "Ana has made this turn's move: a Move choice card takes the place of the roll, so it is used before "
        "rolling.")
    assert pb.move_choice_most(rolled, 0) == 0
    # "If the player rolls a higher number than the amount of fuel they have, they move according to how much
    # fuel they have left": a chosen number is offered up to the fuel, and a boat without fuel does not move.
    low = boat(state, 0, fuel=3)
    assert pb.move_choice_most(low, 0) == 3
    assert refused(low, use_card(low, 0, MOVE_CHOICE, steps=4)) == ("Ana has 3 fuel: a Move choice card moves it 1 "
                                                                    "to 3 spaces, a step per fuel.")
    empty = boat(state, 0, fuel=0)
    assert refused(empty, use_card(empty, 0, MOVE_CHOICE, steps=1)) == ("Ana has no fuel: a Move choice card moves a "
                                                                        "step per fuel, as a roll does.")
    # A frozen boat makes no roll, and the chosen move is not an RNG one: it moves ("Active effects do not
    # influence non-RNG determined movements").
    frozen = boat(state, 0, effect=Effect(FROZEN, 0, 0))
    assert act(frozen, use_card(frozen, 0, MOVE_CHOICE, steps=2)).boats[0].position == 2


def test_a_game_set_up_before_rules_version_3_keeps_its_free_move_choice() -> None:
    # Set up with rules_version 2: the Move choice moved free of fuel after the roll; it replays so.
    state = boat(moved(started(rules_version=2), 0, 2), 0, upgrades=(MOVE_CHOICE,))
    after = act(state, use_card(state, 0, MOVE_CHOICE, steps=5))
    assert (after.boats[0].position, after.boats[0].fuel) == (7, 8)


def test_one_upgrade_activated_per_turn() -> None:
    # "When holding multiple cards, the player can only activate one upgrade card per turn."
    state = boat(boat(started(), 0, position=4), 0, upgrades=(ENGINE_REVERSE, MOVE_CHOICE))
    state = act(state, use_card(state, 0, MOVE_CHOICE, steps=1))
    assert refused(state, use_card(state, 0, ENGINE_REVERSE, steps=1)) == ("Ana has used an upgrade card this turn: "
                                                                           "one upgrade a turn.")


def test_an_upgrade_used_as_it_is_drawn_is_the_turns_one_upgrade() -> None:
    # "When holding multiple cards, the player can only activate one upgrade card per turn." and "If a player
    # already is holding 3 upgrade cards, any upgrade cards they draw will be immediately activated and used."
    # (seeds/003). Issue 63: an Engine upgrade drawn to a full hand and used, then a held Engine reverse, was
    # accepted. Drawn at 4 with three held: 4 + 3 = 7, and the held Engine reverse is refused this turn.
    three = (ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE)
    state = boat(moved(started(), 0, 4), 0, upgrades=three)
    state = act(state, draw(state, 0, 2, move_roll=3))
    assert state.boats[0].position == 7 and "used at once" in state.notice
    assert refused(state, use_card(state, 0, ENGINE_REVERSE, steps=2)) == ("Ana has used an upgrade card this turn: "
                                                                            "one upgrade a turn.")
    # A game set up by rules version 3 replays as it was played: the held one was used after it.
    earlier = boat(moved(started(rules_version=3), 0, 4), 0, upgrades=three)
    earlier = act(earlier, draw(earlier, 0, 2, move_roll=3))
    assert act(earlier, use_card(earlier, 0, ENGINE_REVERSE, steps=2)).boats[0].position == 5


@pytest.mark.parametrize("roll, params, position, fuel", [
    (1, {"steps": 2}, 2, 6),  # Engine reverse: 4 back to 2
    (2, {"move_roll": 3}, 7, 6),  # Engine upgrade: 4 + 3, free
])
def test_a_fourth_upgrade_is_used_at_once(roll, params, position, fuel) -> None:
    # "If a player already is holding 3 upgrade cards, any upgrade cards they draw will be immediately
    # activated and used."
    three = (ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE)
    state = boat(moved(started(), 0, 4), 0, upgrades=three)
    assert draw_needs(state, 0, roll) == (("move_roll",) if roll == 2 else ("steps",))
    after = act(state, draw(state, 0, roll, **params))
    assert after.boats[0].upgrades == three and (after.boats[0].position, after.boats[0].fuel) == (position, fuel)
    assert "used at once" in after.notice


def test_a_fourth_upgrade_is_never_held_and_one_that_cannot_be_used_is_discarded() -> None:
    # "If ... the effects of the card cannot be utilised, such as ... you are frozen ... your card will be
    # automatically discarded."
    three = (ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE)
    frozen = boat(started(), 0, upgrades=three, effect=Effect(FROZEN, 0, 0))
    after = act(frozen, draw(frozen, 0, 2))
    assert after.boats[0].upgrades == three and after.boats[0].position == 0
    assert after.notice == "Engine upgrade is discarded: Ana is frozen this turn: the Engine upgrade cannot move it."
    at_start = boat(frozen, 0, effect=None, fuel=0)  # nothing behind the boat at the start of a trip
    assert "is discarded" in act(at_start, draw(at_start, 0, 1)).notice
    missing = boat(started(), 0, upgrades=three, effect=Effect(FROZEN, 0, 0))
    assert refused(missing, draw(missing, 0, 3)) == "Move choice moves 1 to 5 spaces forward, not None."


def test_a_fourth_move_choice_drawn_after_the_roll_is_discarded() -> None:
    # "any upgrade cards they draw will be immediately activated and used"; "If ... the effects of the card
    # cannot be utilised ... your card will be automatically discarded." A Move choice is the turn's move,
    # made already by the roll (a draw comes after it): nothing to ask, discarded.
    three = (ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE)
    state = boat(moved(started(), 0, 4), 0, upgrades=three)
    assert draw_needs(state, 0, 3) == ()
    after = act(state, draw(state, 0, 3))
    assert after.boats[0].upgrades == three and (after.boats[0].position, after.boats[0].fuel) == (4, 6)
    assert after.notice == ("Move choice card is discarded: Ana has made this turn's move: a Move choice card takes "
                            "the place of the roll, so it is used before rolling.")
    # A frozen boat draws without a roll: the card is used at once, a step per fuel.
    frozen = boat(started(), 0, upgrades=three, effect=Effect(FROZEN, 0, 0))
    assert draw_needs(frozen, 0, 3) == ("steps",)
    used = act(frozen, draw(frozen, 0, 3, steps=5))
    assert (used.boats[0].position, used.boats[0].fuel) == (5, 5) and "used at once" in used.notice


# Curses (4, 5) ------------------------------------------------------------------------------------


def test_frozen_applies_on_the_next_turn_and_lasts_one_turn() -> None:
    # "Chance Deck Curses (Applies on next turn)"; "Frozen for one turn"
    state = moved(started())
    state = act(state, draw(state, 0, 4))
    assert state.boats[0].effect.kind == FROZEN and state.notice == "Ana is frozen on the next turn."
    state = turn_done(act(state, end_turn(state, 0)), 1)
    assert refused(state, move(state, 0, 3)).startswith("Ana is frozen this turn")
    state = act(state, end_turn(state, 0))
    state = turn_done(state, 1)
    assert state.boats[0].effect is None and moved(state).boats[0].position == 6


def test_frozen_is_null_at_0_fuel() -> None:
    # "frozen is null if they have 0 fuel already"
    state = boat(moved(started(), 0, 3), 0, fuel=0)
    after = act(state, draw(state, 0, 4))
    assert after.boats[0].effect is None and after.notice == "Frozen for one turn is null: Ana has 0 fuel already."


@pytest.mark.parametrize("fuel, after", [(10, 8), (5, 3), (2, 0), (1, 0), (0, 2)])
def test_lose_fuel_loses_two_or_gains_two_at_0(fuel, after) -> None:
    # "Player loses 2 fuel, unless they have 0 fuel already. In this instance, player gains 2 fuel instead";
    # "Chance Deck Curses (Applies on next turn)": the fuel is unchanged until Ana's next turn begins.
    assert fuel_after_lose_fuel(fuel, 2, 10) == after
    state = boat(moved(started(), 0, 1), 0, fuel=fuel)
    state = act(state, draw(state, 0, 5))
    assert state.boats[0].fuel == fuel
    state = turn_done(act(state, end_turn(state, 0)), 1)
    assert state.current == 0 and state.boats[0].fuel == after


def test_lose_fuel_waits_for_the_boats_next_turn() -> None:
    # "Chance Deck Curses (Applies on next turn): ... 5. Lose fuel (Player loses 2 fuel, unless they have 0
    # fuel already ...)". Cy at 8 fuel draws a 5: still 8 for the rest of this turn and through Ana's and
    # Ben's turns; 8 - 2 = 6 when Cy's next turn begins, and a roll of 6 then moves 6 steps (6 fuel).
    state = turn_done(turn_done(started(3), 0), 1)
    state = boat(moved(state, 2, 2), 2, fuel=8)
    state = act(state, draw(state, 2, 5))
    assert state.boats[2].fuel == 8 and state.notice == "Lose fuel: Cy loses 2 fuel next turn."
    assert pb.fuel_due(state, 2) == -2 and pb.fuel_due(state, 0) == 0
    state = act(state, end_turn(state, 2))
    assert state.boats[2].fuel == 8 and pb.fuel_due(state, 2) == -2  # Ana's turn: Cy's curse still waits
    state = turn_done(turn_done(state, 0), 1)
    assert state.current == 2 and state.boats[2].fuel == 6 and pb.fuel_due(state, 2) == 0
    assert state.notice == "Lose fuel: Cy loses 2 fuel."
    state = moved(state, 2, 6)
    assert (state.boats[2].position, state.boats[2].fuel) == (2 + 6, 0)
    state = act(state, end_turn(state, 2))
    assert state.boats[2].fuel == 0  # applied once only


def test_lose_fuel_at_0_fuel_gains_two_on_the_next_turn() -> None:
    # "unless they have 0 fuel already. In this instance, player gains 2 fuel instead": Ana, out of fuel, may
    # draw without moving; she stays at 0 (and skips the turn), then has 0 + 2 = 2 when her next turn begins.
    state = boat(started(), 0, fuel=0)
    state = act(state, draw(state, 0, 5))
    assert state.boats[0].fuel == 0 and state.notice == "Lose fuel: Ana gains 2 fuel next turn (its tank is empty)."
    assert refused(state, move(state, 0, 3)) == "Ana has no fuel: buy fuel or skip the turn."
    state = turn_done(act(state, end_turn(state, 0)), 1)
    assert state.boats[0].fuel == 2 and state.notice == "Lose fuel: Ana gains 2 fuel."


def test_two_lose_fuel_cards_wait_and_apply_one_after_the_other() -> None:
    # Each card applies ("loses 2 fuel, unless they have 0 fuel already ... gains 2 fuel instead"): Ana at 3
    # draws 5 twice (an extra draw bought): on her next turn 3 - 2 = 1, then 1 - 2 is 0 (never below 0).
    state = boat(moved(started(), 0, 1), 0, fuel=3, pearls=1)
    state = act(state, draw(state, 0, 5))
    state = act(state, pb.buy(state, 0, "extra_draw"))
    state = act(state, draw(state, 0, 5))
    assert state.boats[0].fuel == 3 and pb.fuel_due(state, 0) == -3
    assert state.notice == "Lose fuel: Ana loses 3 fuel next turn."
    state = turn_done(act(state, end_turn(state, 0)), 1)
    assert state.boats[0].fuel == 0 and state.notice == "Lose fuel: Ana loses 3 fuel."


def test_a_game_set_up_before_lose_fuel_waited_replays_as_it_was_played() -> None:
    # A journal written before the curse waited: Ana at 0 fuel drew a 5, gained 2 at once and moved 2. Its
    # set-up has no rules_version: it replays under the rules it was played with (no refusal on the move).
    setup = {k: v for k, v in pb.setup_for(["Ana", "Ben"]).items() if k != "rules_version"}
    state = pb.RULES.initial_state(setup)
    state = act(state, pb.order_roll(state, [6, 5]))
    state = boat(state, 0, fuel=0)
    state = act(state, draw(state, 0, 5))
    assert state.boats[0].fuel == 2 and state.notice == "Lose fuel: Ana gains 2 fuel (it had none)."
    state = moved(state, 0, 4)
    assert (state.boats[0].position, state.boats[0].fuel) == (2, 0)


# Attacks (6-8) ------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, card", [(6, SLOW_DOWN), (7, STEAL_FUEL), (8, BLOCK)])
def test_an_attack_drawn_goes_to_the_hand(roll, card) -> None:
    state = act(moved(started()), draw(moved(started()), 0, roll))
    assert state.boats[0].attacks == (card,)


@pytest.mark.parametrize("target_fuel, own_fuel, stolen", [(10, 8, 2), (10, 0, 5), (3, 0, 1), (1, 0, 0), (9, 10, 0),
                                                           (8, 4, 4)])
def test_steal_half_rounded_down_no_more_than_the_tank_takes(target_fuel, own_fuel, stolen) -> None:
    # "take 1/2 of their fuel, if the number is odd, round down ie. half of 3 is 1) You cannot steal more fuel
    # than your fuel tank capacity can contain. (ex. You: 8 fuel, Player: 10 fuel, you steal, now you have 10
    # fuel, and player has 8)"
    assert steal_amount(target_fuel, own_fuel, 10) == stolen


def test_stealing_fuel_the_texts_example() -> None:
    state = boat(boat(moved(started(), 0, 2), 0, attacks=(STEAL_FUEL,)), 1, fuel=10)
    assert state.boats[0].fuel == 8
    after = act(state, use_card(state, 0, STEAL_FUEL, target=1))
    assert (after.boats[0].fuel, after.boats[1].fuel, after.boats[0].attacks) == (10, 8, ())


def test_stealing_from_an_empty_tank_or_into_a_full_one_is_refused() -> None:
    state = boat(boat(moved(started(), 0, 2), 0, attacks=(STEAL_FUEL,)), 1, fuel=0)
    assert refused(state, use_card(state, 0, STEAL_FUEL, target=1)) == ("Ben's tank is empty: there is no fuel to "
                                                                        "steal.")
    full = boat(boat(state, 1, fuel=6), 0, fuel=10)
    assert refused(full, use_card(full, 0, STEAL_FUEL, target=1)) == "Ana's tank is full: it cannot take stolen fuel."
    assert refused(full, use_card(full, 0, STEAL_FUEL)) == "Steal fuel from another player: say which boat it is used on."
    assert refused(full, use_card(full, 0, STEAL_FUEL, target=0)) == ("Steal fuel from another player is used on "
                                                                      "another boat, not on Ana's own.")


def test_slow_down_halves_the_targets_next_move_only() -> None:
    # "Slow down another player for 1 turn (opponent takes 1/2 less steps than their roll)"
    state = boat(moved(started(), 0, 2), 0, attacks=(SLOW_DOWN,))
    state = act(state, use_card(state, 0, SLOW_DOWN, target=1))
    assert state.boats[1].effect == Effect(SLOW_DOWN, 0, 1)
    state = act(state, end_turn(state, 0))
    assert slowed_steps(3) == 1 and moved(state, 1, 3).boats[1].position == 1
    state = turn_done(state, 1, 3)
    state = turn_done(state, 0)
    assert state.boats[1].effect is None and moved(state, 1, 3).boats[1].position == 4


def test_block_lasts_until_the_blockers_next_turn() -> None:
    # "Block a player behind you from passing you before your next turn."
    state = boat(moved(started(), 0, 5), 0, attacks=(BLOCK,))
    state = act(state, use_card(state, 0, BLOCK, target=1))
    state = act(state, end_turn(state, 0))
    assert pb.blocked_by(state, 1) == 0
    assert move(state, 1, 6, to_blocker=5).label == "Ben rolls 6: 5 steps"  # stops on Ana's space, never past
    state = turn_done(state, 1, 6)
    assert state.boats[1].effect is None  # Ana's turn began


def test_a_second_effect_is_refused() -> None:
    # "If an effect is already active on a player, another effect cannot be activated in addition to it."
    state = boat(boat(moved(started()), 0, attacks=(SLOW_DOWN, BLOCK)), 1, effect=Effect(FROZEN, 1, 0))
    assert refused(state, use_card(state, 0, SLOW_DOWN, target=1)) == ("Ben is already frozen: a second effect "
                                                                        "cannot be added.")
    # In a game set up with rules_version 2, a Frozen drawn on a slowed boat was thrown away: it replays so.
    slowed = boat(moved(started(rules_version=2)), 0, effect=Effect(SLOW_DOWN, 1, 0))
    after = act(slowed, draw(slowed, 0, 4))
    assert after.boats[0].effect.kind == SLOW_DOWN and after.notice.startswith("Frozen for one turn is discarded")


def test_a_frozen_drawn_while_slowed_waits_for_the_slow_to_end() -> None:
    # "Chance Deck Curses (Applies on next turn): 4. Frozen for one turn"; "6. Slow down another player for 1
    # turn"; "If an effect is already active on a player, another effect cannot be activated in addition to
    # it." Ana, slowed this turn by Ben, draws Frozen: the Slow ends with this turn, and the Frozen, which
    # applies on her next turn, goes on then; it is not thrown away.
    slowed = boat(moved(started()), 0, effect=Effect(SLOW_DOWN, 1, 0))
    after = act(slowed, draw(slowed, 0, 4))
    assert after.boats[0].effect.kind == SLOW_DOWN and after.boats[0].frozen_waiting
    assert after.notice == "Ana is frozen on the next turn (once Slowed ends)."
    assert pb.frozen_waiting_words(after, 0) == "frozen next turn (once Slowed ends)"
    bens = act(after, end_turn(after, 0))
    assert bens.boats[0].effect == Effect(FROZEN, 0, 1) and not bens.boats[0].frozen_waiting
    # Meanwhile the Frozen is Ana's one effect: Ben's Slow down is refused.
    bens = boat(bens, 1, attacks=(SLOW_DOWN,))
    assert refused(moved(bens, 1), use_card(moved(bens, 1), 1, SLOW_DOWN, target=0)) == (
        "Ana is already frozen: a second effect cannot be added.")
    anas = turn_done(bens, 1)
    assert pb.frozen_now(anas, 0) and refused(anas, move(anas, 0, 3)).startswith("Ana is frozen this turn")
    anas = turn_done(act(anas, end_turn(anas, 0)), 1)
    assert anas.boats[0].effect is None and moved(anas).boats[0].position == 6  # one turn only


def test_a_frozen_drawn_while_blocked_or_frozen_waits_and_a_second_one_is_discarded() -> None:
    # Blocked "before your next turn": Ben's block ends when Ben's turn begins, and Ana's Frozen goes on then.
    blocked = boat(moved(started()), 0, effect=Effect(BLOCK, 1, 0))
    after = act(blocked, draw(blocked, 0, 4))
    assert after.boats[0].frozen_waiting and after.notice == "Ana is frozen on the next turn (once Blocked ends)."
    bens = act(after, end_turn(after, 0))
    assert bens.boats[0].effect == Effect(FROZEN, 0, 2) and pb.frozen_now(turn_done(bens, 1), 0)
    # Frozen this turn (drawn last turn): a Frozen drawn now applies on the next turn, after this one.
    frozen = boat(started(), 0, effect=Effect(FROZEN, 0, 0))
    again = act(frozen, draw(frozen, 0, 4))
    assert again.boats[0].frozen_waiting
    nxt = turn_done(act(again, end_turn(again, 0)), 1)
    assert pb.frozen_now(nxt, 0)
    # A second Frozen for the same next turn adds nothing: "another effect cannot be activated in addition".
    once = act(moved(started()), draw(moved(started()), 0, 4))
    once = replace(once, turn=replace(once.turn, extra_draws=1))  # a +1 draw bought
    twice = act(once, draw(once, 0, 4))
    assert twice.notice == "Frozen for one turn is discarded: Ana is frozen on the next turn already."
    assert twice.boats[0].effect == Effect(FROZEN, 0, 1) and not twice.boats[0].frozen_waiting


@pytest.mark.parametrize("roll, params, check", [
    (6, {"target": 1}, lambda s: s.boats[1].effect == Effect(SLOW_DOWN, 0, 1)),
    (7, {"target": 1}, lambda s: (s.boats[0].fuel, s.boats[1].fuel) == (10, 3)),  # 7 + 3 (half of 6 is 3)
    (8, {"target": 1}, lambda s: s.boats[1].effect == Effect(BLOCK, 0, 1)),
])
def test_a_third_attack_is_used_at_once(roll, params, check) -> None:
    # "If a player is already holding 2 attack cards, any attack cards they draw will be immediately activated"
    state = boat(boat(moved(started(), 0, 3), 0, attacks=(SLOW_DOWN, BLOCK)), 1, fuel=6)
    assert draw_needs(state, 0, roll) == ("target",)
    after = act(state, draw(state, 0, roll, **params))
    assert check(after) and after.boats[0].attacks == (SLOW_DOWN, BLOCK)


def test_a_third_attack_with_no_one_to_use_it_on_is_discarded() -> None:
    # "such as no player being behind you ... your card will be automatically discarded"
    state = boat(moved(started()), 0, attacks=(SLOW_DOWN, BLOCK))
    after = act(state, draw(state, 0, 8))
    assert after.boats[0].attacks == (SLOW_DOWN, BLOCK) and after.notice.startswith("Block a player behind you is "
                                                                                   "discarded")
    empty = boat(state, 1, fuel=0)
    assert act(empty, draw(empty, 0, 7, target=1)).notice == ("Steal fuel from another player is discarded: Ben's "
                                                              "tank is empty: there is no fuel to steal.")
