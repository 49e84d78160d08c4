"""The pearl boat game's turn order and turns: the roll-off for the order ("whoever rolls the highest
number ... goes first ... Any players that roll the same number ... must re-roll"), a turn's start
(a block put on by the boat ends, a Lose fuel drawn on its last turn applies, fish dropped off arrive)
and its end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.table.turns import next_seat, roll_off
from companion.core.words import count
from companion.games.pearl_boat.chance import BLOCK, CARD_NAMES, FROZEN, LOSE_FUEL, SLOW_DOWN, fuel_change
from companion.games.pearl_boat.ledger import fish_value, pay, set_boat, turn_seat
from companion.games.pearl_boat.state import D6, ORDER, PLAY, Boat, Effect, PearlBoatState, Turn
from companion.games.pearl_boat.store import PearlBoatError
from companion.games.pearl_boat.view import (
    can_roll_to_move,
    fuel_due,
    must_discard,
    rolloff_seats,
)


def order(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    if state.phase != ORDER:
        raise PearlBoatError("The turn order is already settled.")
    seats = rolloff_seats(state)
    if data.get("seats") != list(seats):
        who = ", ".join(state.names[s] for s in seats)
        raise PearlBoatError(f"The next turn-order roll is for {who}.")
    rolls = data.get("rolls")
    if not isinstance(rolls, list) or len(rolls) != len(seats):
        raise PearlBoatError(f"Each of the {len(seats)} boats rolling rolls one d6.")
    for roll in rolls:
        if not is_whole(roll) or not 1 <= roll <= D6:
            raise PearlBoatError(f"A d6 shows 1 to {D6}, not {roll!r}.")
    # "whoever rolls the highest number ... goes first, and players follow ... according to the
    # number that they rolled themselves. Any players that roll the same number ... must re-roll".
    groups = roll_off(state.groups, seats, rolls)
    state = replace(state, groups=groups, rolloffs=(*state.rolloffs, (tuple(seats), tuple(rolls))))
    if any(len(g) > 1 for g in groups):
        return state
    return begin(replace(state, phase=PLAY), state.order[0])


def frozen_on(boat: Boat, seat: int, since: int) -> Boat:
    """A Frozen waiting on the boat of `seat` (rules version 3), put on once no other effect is: it counts
    from turn `since`, so it applies on the boat's first turn after that one."""
    if boat.frozen_waiting and boat.effect is None:
        return replace(boat, effect=Effect(FROZEN, seat, since), frozen_waiting=False)
    return boat


def begin(state: PearlBoatState, seat: int) -> PearlBoatState:
    """`seat`'s turn begins: blocks it put on end ("before your next turn"), and a Frozen that waited on a
    boat it blocked takes the block's place; the Lose fuel cards it drew apply ("Chance Deck Curses
    (Applies on next turn)"); fish it dropped off arrive at the fish market ("it will take one turn for the
    delivery to arrive")."""
    number = state.turns + 1
    boats = tuple(replace(b, effect=None) if b.effect is not None and b.effect.kind == BLOCK and b.effect.by == seat
                  else b for b in state.boats)
    # A waiting Frozen counts from this turn: it applies on its boat's next one (its own, if it is this one).
    boats = tuple(frozen_on(b, i, number - 1 if i == seat else number) for i, b in enumerate(boats))
    state = replace(state, boats=boats, turn=Turn(seat, number), turns=number, notice="")
    boat = state.boats[seat]
    if boat.fuel_curses:
        fuel = boat.fuel + fuel_due(state, seat)
        state = set_boat(state, seat, fuel=fuel, fuel_curses=0)
        state = replace(state, notice=f"{CARD_NAMES[LOSE_FUEL]}: {boat.name} {fuel_change(boat.fuel, fuel)}.")
        boat = state.boats[seat]
    if boat.in_transit:
        state = set_boat(state, seat, delivered=(*boat.delivered, *boat.in_transit), in_transit=())
        state = pay(state, seat, fish_value(state, boat.in_transit))
    return state


def end(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    if boat.at_market and not turn.delivered:
        raise PearlBoatError(f"{boat.name} is at the fish market: deliver the fish (the next trip begins) first.")
    if can_roll_to_move(state, seat) and not turn.moved:
        raise PearlBoatError(f"{boat.name} has fuel: roll to move first (a turn is skipped only with no fuel).")
    if must_discard(state, seat):
        raise PearlBoatError(f"{boat.name} has held {count(state.data.attack_limit, 'attack card')} for more than "
                             f"{count(state.data.attack_hold_turns, 'turn')}: discard one (or sell, trade or use it) "
                             f"first.")
    effect = boat.effect
    if effect is not None and effect.kind in (FROZEN, SLOW_DOWN) and effect.since < turn.number:
        effect = None  # it lasted this turn
    full = state.data.attack_limit > 0 and len(boat.attacks) >= state.data.attack_limit
    state = set_boat(state, seat, stop=(boat.trips, boat.position), effect=effect,
                     full_turns=boat.full_turns + 1 if full else 0)
    # A Frozen drawn while Slowed (or Frozen) this turn goes on now that it ended, for the next turn.
    boat = frozen_on(state.boats[seat], seat, turn.number)
    state = set_boat(state, seat, effect=boat.effect, frozen_waiting=boat.frozen_waiting)
    return begin(state, next_seat(state.order, seat))
