"""The chance deck's cards as a boat draws and uses them: upgrades held (up to the limit) or used at
once, curses, attacks on another boat (one effect at a time), and a hidden attack that starts a
duel when the target holds one (rules: Chance Deck)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count
from companion.games.pearl_boat import duel
from companion.games.pearl_boat.chance import (
    BLOCK,
    CARD_NAMES,
    CURSES,
    D8,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    FROZEN,
    HIDDEN_ATTACK,
    LOSE_FUEL,
    MOVE_CHOICE,
    SLOW_DOWN,
    STEAL_FUEL,
    TARGETED,
    UPGRADES,
    card_for,
    fuel_after_lose_fuel,
    steal_amount,
)
from companion.games.pearl_boat.ledger import (
    add_card,
    held,
    remove_card,
    room_for,
    set_boat,
    set_turn,
    turn_seat,
)
from companion.games.pearl_boat.moving import back, d6_roll, forward, optional_steps
from companion.games.pearl_boat.state import EARLIER_RULES, ONE_UPGRADE_DRAWN, WAITING_FROZEN, Effect, PearlBoatState
from companion.games.pearl_boat.store import PearlBoatError
from companion.games.pearl_boat.view import (
    can_roll_to_move,
    draws_left,
    frozen_now,
    frozen_waits,
    fuel_waiting,
    move_choice_most,
    move_choice_refusal,
    move_steps,
)


class Unusable(PearlBoatError):
    """A card that cannot be used now: refused when chosen, discarded when drawn past the limit."""


def target_of(state: PearlBoatState, seat: int, data: Mapping[str, Any], card: str) -> int:
    target = data.get("target")
    if target is None:
        raise Unusable(f"{CARD_NAMES[card]} needs a boat to target.")
    if not is_whole(target) or not 0 <= target < len(state.boats):
        raise PearlBoatError(f"There is no boat {target!r} at this table.")
    if target == seat:
        raise PearlBoatError(f"{CARD_NAMES[card]} is used on another boat, not on {state.names[seat]}'s own.")
    return target


def put_effect(state: PearlBoatState, target: int, kind: str, by: int) -> PearlBoatState:
    boat = state.boats[target]
    if boat.effect is not None:
        # "If an effect is already active on a player, another effect cannot be activated in addition to it."
        raise Unusable(f"{boat.name} is already {boat.effect.name.lower()}: a second effect cannot be added.")
    assert state.turn is not None
    return set_boat(state, target, effect=Effect(kind, by, state.turn.number))


def card_effect(state: PearlBoatState, seat: int, card: str, data: Mapping[str, Any]) -> PearlBoatState:
    """What `card` does when `seat` uses it (raises Unusable when it cannot be used now)."""
    boat = state.boats[seat]
    d = state.data
    if card == ENGINE_REVERSE:
        if boat.position == 0:
            raise Unusable(f"{boat.name} is at the start of its trip: there is no space behind to reverse to.")
        return back(state, seat, data.get("steps"), d.reverse_steps, "Engine reverse")
    if card in (ENGINE_UPGRADE, MOVE_CHOICE) and boat.at_market:
        raise Unusable(f"{boat.name} is at the fish market: it cannot move on before its delivery.")
    if card == ENGINE_UPGRADE:
        if frozen_now(state, seat):
            raise Unusable(f"{boat.name} is frozen this turn: the Engine upgrade cannot move it.")
        roll = d6_roll(data.get("move_roll"), "The Engine upgrade's d6")
        to_market = optional_steps(data, "to_market")
        steps = move_steps(state, seat, roll, to_market, optional_steps(data, "to_blocker"), free=True)
        return forward(state, seat, steps, to_market, fuel=0)  # "Roll again to move for free"
    if card == MOVE_CHOICE:
        refusal = move_choice_refusal(state, seat)
        if refusal is not None:
            raise Unusable(refusal)
        steps = data.get("steps")
        if not is_whole(steps) or not 1 <= steps <= d.move_choice_steps:
            raise PearlBoatError(f"Move choice moves 1 to {d.move_choice_steps} spaces forward, not {steps!r}.")
        to_market = optional_steps(data, "to_market")
        # Chosen steps: "Active effects do not influence non-RNG determined movements."
        moved = steps if to_market is None else min(steps, to_market)
        if state.rules_version < WAITING_FROZEN:  # a game set up before: free of fuel, the roll still to make
            return forward(state, seat, moved, to_market, fuel=0)
        if steps > move_choice_most(state, seat):
            raise PearlBoatError(f"{boat.name} has {boat.fuel} fuel: a Move choice card moves it 1 to "
                                 f"{move_choice_most(state, seat)} spaces, a step per fuel.")
        # The turn's move, its number chosen instead of rolled: "fuel spent per step", and no roll after it.
        return set_turn(forward(state, seat, moved, to_market, fuel=moved), rolled=True)
    target = target_of(state, seat, data, card)
    other = state.boats[target]
    if card == STEAL_FUEL:
        if other.fuel == 0:
            raise Unusable(f"{other.name}'s tank is empty: there is no fuel to steal.")
        if boat.fuel >= d.tank:
            raise Unusable(f"{boat.name}'s tank is full: it cannot take stolen fuel.")
        amount = steal_amount(other.fuel, boat.fuel, d.tank)
        if amount == 0:
            raise Unusable(f"{other.name} has 1 fuel: half of it, rounded down, is nothing to steal.")
        state = set_boat(state, target, fuel=other.fuel - amount)
        return set_boat(state, seat, fuel=boat.fuel + amount)
    if card in (SLOW_DOWN, BLOCK):
        return put_effect(state, target, card, seat)
    # The hidden attack: a duel if the target holds one, else "nothing will occur".
    if HIDDEN_ATTACK not in other.attacks:
        raise Unusable(f"{other.name} holds no hidden attack: nothing happens.")
    return duel.start(state, seat, target)


def draw(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    roll = data.get("roll")
    if not is_whole(roll) or not 1 <= roll <= D8:
        raise PearlBoatError(f"The chance deck's d8 shows 1 to {D8}, not {roll!r}.")
    if draws_left(state, seat) <= 0:
        raise PearlBoatError(f"{boat.name} has drawn {count(turn.draws, 'card')} this turn: "
                             f"buy a +1 draw at the store to draw again.")
    if not turn.moved and can_roll_to_move(state, seat):
        raise PearlBoatError(f"{boat.name} draws after moving: roll to move first.")
    card = card_for(roll)
    state = set_turn(state, draws=turn.draws + 1)
    name = card.name
    if card.id in CURSES:
        # "Chance Deck Curses (Applies on next turn)": a Lose fuel waits for the boat's next turn (`turns.begin`).
        if card.id == LOSE_FUEL and state.rules_version == EARLIER_RULES:  # a game set up before: at once
            fuel = fuel_after_lose_fuel(boat.fuel, state.data.lose_fuel, state.data.tank)
            change = f"gains {fuel - boat.fuel} fuel (it had none)" if boat.fuel == 0 else f"loses {boat.fuel - fuel} fuel"
            return replace(set_boat(state, seat, fuel=fuel), notice=f"{name}: {boat.name} {change}.")
        if card.id == LOSE_FUEL:
            state = set_boat(state, seat, fuel_curses=boat.fuel_curses + 1)
            return replace(state, notice=f"{name}: {boat.name} {fuel_waiting(state, seat)}.")
        if boat.fuel == 0:
            return replace(state, notice=f"{name} is null: {boat.name} has 0 fuel already.")
        if state.rules_version >= WAITING_FROZEN and frozen_waits(state, seat):
            return replace(state, notice=f"{name} is discarded: {boat.name} is frozen on the next turn already.")
        if state.rules_version >= WAITING_FROZEN and boat.effect is not None:
            # The effect on it ends before its next turn (Slowed "for 1 turn", Frozen this turn, Blocked
            # "before your next turn"): the Frozen, which "Applies on next turn", waits for it to end.
            state = set_boat(state, seat, frozen_waiting=True)
            return replace(state, notice=f"{boat.name} is frozen on the next turn (once {boat.effect.name} ends).")
        try:
            state = put_effect(state, seat, FROZEN, seat)
        except Unusable as exc:
            return replace(state, notice=f"{name} is discarded: {exc}")
        return replace(state, notice=f"{boat.name} is frozen on the next turn.")
    if room_for(state, seat, card.id):
        # Kept face down: the other boats see that a card was kept, not which (a hidden attack is hidden).
        return replace(add_card(state, seat, card.id), notice=f"{boat.name} keeps the card drawn, face down.")
    # "any upgrade cards they draw will be immediately activated and used"; the same for attacks.
    # "If ... the effects of the card cannot be utilised ... your card will be automatically discarded."
    try:
        state = card_effect(state, seat, card.id, data)
    except Unusable as exc:
        return replace(state, notice=f"{name} is discarded: {exc}")
    if card.id in UPGRADES and state.rules_version >= ONE_UPGRADE_DRAWN:
        # "When holding multiple cards, the player can only activate one upgrade card per turn."
        state = set_turn(state, upgrade_used=True)
    return replace(state, notice=f"{name} is used at once (the hand is full).")


def use(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    turn = state.turn
    assert turn is not None
    card = held(data.get("card"))
    boat = state.boats[seat]
    if card not in boat.cards:
        raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card.")
    if card in UPGRADES and turn.upgrade_used:
        raise PearlBoatError(f"{boat.name} has used an upgrade card this turn: one upgrade a turn.")
    if card in TARGETED and data.get("target") is None:
        raise PearlBoatError(f"{CARD_NAMES[card]}: say which boat it is used on.")
    if card == HIDDEN_ATTACK:
        target = target_of(state, seat, data, card)
        if HIDDEN_ATTACK not in state.boats[target].attacks:
            # "If a player with a hidden attack tries to attack someone without it, nothing will occur."
            return replace(state, notice=f"{state.names[target]} holds no hidden attack: nothing happens.")
    state = card_effect(state, seat, card, data)
    state = remove_card(state, seat, card, "use")
    if card in UPGRADES:
        state = set_turn(state, upgrade_used=True)
    return replace(state, notice="")
