"""Changes to a boat's ledger (pearls never below 0, cards held and given up) and the guards every
move of the pearl boat game shares: a boat of this table, the race under way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.table.seats import seat_named
from companion.games.pearl_boat.chance import CARD_NAMES, HELD, UPGRADES, hold_or_use
from companion.games.pearl_boat.state import ORDER, OVER, PearlBoatState
from companion.games.pearl_boat.store import PearlBoatError


def seat_of(state: PearlBoatState, data: Mapping[str, Any], key: str = "seat") -> int:
    return seat_named(data, len(state.boats), PearlBoatError, key, "boat")


def set_boat(state: PearlBoatState, seat: int, **changes: Any) -> PearlBoatState:
    boats = list(state.boats)
    boats[seat] = replace(boats[seat], **changes)
    return replace(state, boats=tuple(boats))


def set_turn(state: PearlBoatState, **changes: Any) -> PearlBoatState:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def playing(state: PearlBoatState) -> None:
    if state.phase == ORDER:
        raise PearlBoatError("Roll for the turn order first.")
    if state.phase == OVER:
        raise PearlBoatError(f"The game is over: {state.names[state.winner]} won." if state.winner is not None
                             else "The game is over.")


def turn_seat(state: PearlBoatState, data: Mapping[str, Any]) -> int:
    """The seat of a move of a turn, the race under way. Whose turn it is, and that a hidden duel is chosen
    first, the kit's phase says (`rules.voyage_phase`), before a move is made."""
    seat = seat_of(state, data)
    playing(state)
    assert state.turn is not None
    return seat


def held(card: Any) -> str:
    if card not in HELD:
        raise PearlBoatError(f"There is no card {card!r} to hold in the pearl boat game.")
    return card


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def remove_card(state: PearlBoatState, seat: int, card: Any, what: str) -> PearlBoatState:
    card = held(card)
    boat = state.boats[seat]
    if card not in boat.cards:
        raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card to {what}.")
    if card in UPGRADES:
        return set_boat(state, seat, upgrades=without(boat.upgrades, card))
    return set_boat(state, seat, attacks=without(boat.attacks, card))


def add_card(state: PearlBoatState, seat: int, card: str) -> PearlBoatState:
    boat = state.boats[seat]
    if card in UPGRADES:
        return set_boat(state, seat, upgrades=(*boat.upgrades, card))
    return set_boat(state, seat, attacks=(*boat.attacks, card))


def room_for(state: PearlBoatState, seat: int, card: str) -> bool:
    boat = state.boats[seat]
    if card in UPGRADES:
        return hold_or_use(len(boat.upgrades), state.data.upgrade_limit)
    return hold_or_use(len(boat.attacks), state.data.attack_limit)


def pay(state: PearlBoatState, seat: int, pearls: int) -> PearlBoatState:
    """Pearls gained or lost; never below 0 ("they remain at 0 Pearls")."""
    return set_boat(state, seat, pearls=max(0, state.boats[seat].pearls + pearls))


def fish_value(state: PearlBoatState, fish: Sequence[str]) -> int:
    if not state.data.pay_on_delivery:
        return 0
    values = {f.id: f.pearls for f in state.data.fish}
    return sum(values.get(f, 0) for f in fish)
