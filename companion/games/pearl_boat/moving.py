"""Moving a boat and its fish: the d6 move (never further than its fuel, halved when slowed, none
when frozen, the fish market never overshot), steps back, the space's reward, catches, drop-offs
and deliveries at the fish market (rules: Movement, Spaces, Fishing, Delivering)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count
from companion.games.pearl_boat.chance import CARD_NAMES, UPGRADES
from companion.games.pearl_boat.data import WIN_FISH
from companion.games.pearl_boat.ledger import (
    fish_value,
    pay,
    set_boat,
    set_turn,
    turn_seat,
    without,
)
from companion.games.pearl_boat.state import D6, MOST_STEPS, OVER, PearlBoatState
from companion.games.pearl_boat.store import ITEMS, PearlBoatError
from companion.games.pearl_boat.store import TRIP as PER_TRIP
from companion.games.pearl_boat.view import capacity, frozen_now, move_steps, reward_refusal


def optional_steps(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not is_whole(value) or not 0 <= value <= MOST_STEPS:
        what = "the fish market" if key == "to_market" else "the boat blocking you"
        raise PearlBoatError(f"The steps to {what} are 0 to {MOST_STEPS}, not {value!r}.")
    return value


def d6_roll(value: Any, what: str = "A d6") -> int:
    if not is_whole(value) or not 1 <= value <= D6:
        raise PearlBoatError(f"{what} shows 1 to {D6}, not {value!r}.")
    return value


def forward(state: PearlBoatState, seat: int, steps: int, to_market: int | None, fuel: int) -> PearlBoatState:
    """Move forward `steps` (already capped), spending `fuel`; reaching the market sets the boat on it
    ("as long as the player moves past or lands on the fish market, the player will be set on the fish
    market spot")."""
    boat = state.boats[seat]
    at_market = to_market is not None and steps >= to_market
    state = set_boat(state, seat, position=boat.position + steps, fuel=boat.fuel - fuel, at_market=at_market)
    return set_turn(state, moved=True)


def not_at_market(state: PearlBoatState, seat: int) -> None:
    if state.boats[seat].at_market:
        raise PearlBoatError(f"{state.names[seat]} is at the fish market: deliver the fish first (the next trip "
                             f"begins there).")


def move(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    assert state.turn is not None
    boat = state.boats[seat]
    if state.turn.rolled:
        raise PearlBoatError(f"{boat.name} has already rolled to move this turn.")
    if frozen_now(state, seat):
        raise PearlBoatError(f"{boat.name} is frozen this turn: no move (drawing and buying are still allowed).")
    if boat.fuel <= 0:
        raise PearlBoatError(f"{boat.name} has no fuel: buy fuel or skip the turn.")
    not_at_market(state, seat)
    roll = d6_roll(data.get("roll"))
    to_market = optional_steps(data, "to_market")
    steps = move_steps(state, seat, roll, to_market, optional_steps(data, "to_blocker"))
    state = forward(state, seat, steps, to_market, fuel=steps)  # "fuel spent per step"
    return set_turn(state, rolled=True)


def back(state: PearlBoatState, seat: int, steps: Any, most: int, what: str) -> PearlBoatState:
    boat = state.boats[seat]
    if not is_whole(steps) or not 1 <= steps <= most:
        raise PearlBoatError(f"{what} takes 1 to {most} steps back, not {steps!r}.")
    if steps > boat.position:
        raise PearlBoatError(f"{boat.name} is {count(boat.position, 'step')} into the "
                             f"trip: it cannot go back {steps}.")
    state = set_boat(state, seat, position=boat.position - steps, at_market=False)
    return set_turn(state, moved=True)


def reward(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    value = data.get("value")
    if not is_whole(value) or value not in state.data.space_values:
        shown = ", ".join(f"{v:+d}" for v in state.data.space_values)
        raise PearlBoatError(f"A space gives {shown} pearls, not {value!r}.")
    refusal = reward_refusal(state, seat)
    if refusal is not None:
        raise PearlBoatError(refusal)
    return set_turn(pay(state, seat, value), rewarded=True)


def catch(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    boat = state.boats[seat]
    fish = state.data.fish_named(data.get("fish"))  # type: ignore[arg-type]
    if fish is None:
        raise PearlBoatError(f"The fish are {', '.join(f.name for f in state.data.fish)}; not {data.get('fish')!r}.")
    room = capacity(state, seat)
    if len(boat.on_board) >= room:
        raise PearlBoatError(f"{boat.name}'s boat is full: it carries {room} fish.")
    return set_boat(state, seat, on_board=(*boat.on_board, fish.id))


def drop_off(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    boat = state.boats[seat]
    if not boat.on_board:
        raise PearlBoatError(f"{boat.name}'s boat has no fish to drop off.")
    state = set_boat(state, seat, on_board=(), in_transit=(*boat.in_transit, *boat.on_board))
    return set_turn(state, dropped_off=True)


def deliver(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    if not boat.at_market:
        raise PearlBoatError(f"{boat.name} is not at the fish market.")
    delivered = (*boat.delivered, *boat.on_board)
    state = pay(set_boat(state, seat, delivered=delivered, on_board=()), seat, fish_value(state, boat.on_board))
    state = set_boat(state, seat, trips=boat.trips + 1)
    state = set_turn(state, delivered=True)
    # "Players cannot win on the turn they drop off their fish at a drop-off point."
    if len(set(delivered)) >= WIN_FISH and not turn.dropped_off:
        return replace(state, phase=OVER, winner=seat, turn=None,
                       notice=f"{boat.name} is back at the fish market with three different fish and wins.")
    # "When the player makes it to the fish market to deposit their fish, their next trip begins."
    returned = data.get("returned")
    upgrades = state.boats[seat].upgrades
    d = state.data
    notice = ""
    if len(upgrades) >= d.expansion_upgrades:
        # "the upgrade cards that correspond to the boat expansion are returned to the chance deck"
        n = d.expansion_upgrades
        if returned is None:
            returned = list(upgrades[:n])
        if not isinstance(returned, list) or len(returned) != n or any(c not in UPGRADES for c in returned):
            raise PearlBoatError(f"The {n} upgrade cards behind the boat expansion go back to the deck: say which.")
        for card in returned:
            if card not in upgrades:
                raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card to return.")
            upgrades = without(upgrades, card)
        notice = f"{', '.join(CARD_NAMES[c] for c in returned)} go back to the chance deck."
    elif returned:
        raise PearlBoatError(f"{boat.name} has no boat expansion: no upgrade cards go back.")
    bought = (0,) * len(ITEMS) if d.limits_per == PER_TRIP else state.boats[seat].bought
    state = set_boat(state, seat, upgrades=upgrades, position=0, at_market=False, bought=bought)
    return replace(state, notice=notice)
