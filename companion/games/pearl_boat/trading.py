"""The pearl boat game's store and trades: purchases within their limits, an attack traded for a
hidden attack, a card sold to the store or bartered to another boat, offered by its boat and accepted
by the buyer on their own phone (rules: Purchase Cards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count
from companion.games.pearl_boat.chance import DRAWN_ATTACKS, HIDDEN_ATTACK, UPGRADES
from companion.games.pearl_boat.ledger import (
    add_card,
    held,
    pay,
    playing,
    remove_card,
    room_for,
    seat_of,
    set_boat,
    set_turn,
    turn_seat,
)
from companion.games.pearl_boat.moving import back
from companion.games.pearl_boat.state import Offer, PearlBoatState
from companion.games.pearl_boat.store import (
    EXTRA_DRAW,
    HALF_REFILL,
    ITEM_NAMES,
    ITEMS,
    STEP_BACK,
    PearlBoatError,
    purchase_cost,
    refilled,
)


def buy(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    item_id = data.get("item")
    if item_id not in ITEMS:
        raise PearlBoatError(f"The store sells {', '.join(ITEM_NAMES.values())}; not {item_id!r}.")
    item = state.data.item(item_id)
    amount = data.get("steps", 1) if item_id == STEP_BACK else data.get("amount", 1)
    if item_id == HALF_REFILL and boat.fuel >= state.data.tank:
        raise PearlBoatError(f"{boat.name}'s tank is full ({boat.fuel} fuel).")
    cost = purchase_cost(item, amount, boat.pearls, boat.bought_of(item_id), boat.name, state.data.limits_per)
    if item_id == STEP_BACK and amount > boat.position:
        raise PearlBoatError(f"{boat.name} is {count(boat.position, 'step')} into the "
                             f"trip: it cannot go back {amount}.")
    bought = list(boat.bought)
    bought[ITEMS.index(item_id)] += amount
    state = set_boat(state, seat, pearls=boat.pearls - cost, bought=tuple(bought))
    if item_id == HALF_REFILL:
        return set_boat(state, seat, fuel=refilled(boat.fuel, item, state.data.tank))
    if item_id == EXTRA_DRAW:
        return set_turn(state, extra_draws=turn.extra_draws + 1)
    # "Step back (1-3 fuel free moves)": chosen steps, not touched by effects.
    return back(state, seat, amount, item.most_steps, "A step back")


def trade(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = turn_seat(state, data)
    card = held(data.get("card"))
    if card not in DRAWN_ATTACKS:
        raise PearlBoatError("Only an attack card (Slow down, Steal fuel, Block) is traded for a hidden attack.")
    state = remove_card(state, seat, card, "trade")
    return add_card(state, seat, HIDDEN_ATTACK)


def sell(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    # "Can be sold for 2 pearls to shop at any time"
    seat = seat_of(state, data)
    playing(state)
    state = remove_card(state, seat, data.get("card"), "sell")
    return pay(state, seat, state.data.sell_price)


def discard(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = seat_of(state, data)
    playing(state)
    return remove_card(state, seat, data.get("card"), "discard")


def offer(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    """A boat offers a card to another for pearls: nothing moves until the buyer accepts on their own phone
    (the table waits on them; one offer at a time)."""
    if state.offer is not None:
        o = state.offer
        raise PearlBoatError(f"{state.names[o.seat]}'s offer to {state.names[o.buyer]} waits for "
                             f"{state.names[o.buyer]}'s answer first.")
    barter(state, data)  # what the sale would do must be possible now (the same words when it is not)
    return replace(state, offer=Offer(data["seat"], data["buyer"], data["card"], data["pearls"]))


def answer_offer(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    """The buyer accepts (the card and the pearls change hands, if both still can) or declines; the seller
    may take the offer back ("withdraw")."""
    seat = seat_of(state, data)
    o = state.offer
    if o is None:
        raise PearlBoatError("No barter is waiting for an answer.")
    if data.get("withdraw") is True:
        if seat != o.seat:
            raise PearlBoatError(f"Only {state.names[o.seat]} takes back their own offer.")
        return replace(state, offer=None)
    if seat != o.buyer:
        raise PearlBoatError(f"The offer is to {state.names[o.buyer]}: {state.names[o.buyer]} answers it.")
    accept = data.get("accept")
    if not isinstance(accept, bool):
        raise PearlBoatError("Say whether the buyer accepts the offer: true or false.")
    state = replace(state, offer=None)
    if not accept:
        return state
    return barter(state, {"seat": o.seat, "buyer": o.buyer, "card": o.card, "pearls": o.pearls})


def barter(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    """'players can offer more on their own terms': a card passes from `seat` to `buyer` for the pearls agreed."""
    seat = seat_of(state, data)
    buyer = seat_of(state, data, "buyer")
    playing(state)
    if buyer == seat:
        raise PearlBoatError("A barter is between two boats.")
    pearls = data.get("pearls")
    if not is_whole(pearls) or pearls < 0:
        raise PearlBoatError(f"A barter's price is a number of pearls (0 or more), not {pearls!r}.")
    card = held(data.get("card"))
    if state.boats[buyer].pearls < pearls:
        raise PearlBoatError(f"{state.names[buyer]} has {count(state.boats[buyer].pearls, 'pearl')}, not {pearls}.")
    if not room_for(state, buyer, card):
        limit = state.data.upgrade_limit if card in UPGRADES else state.data.attack_limit
        kind = "upgrade card" if card in UPGRADES else "attack card"
        raise PearlBoatError(f"{state.names[buyer]} holds {count(limit, kind)} already, the most a boat holds.")
    state = remove_card(state, seat, card, "barter")
    state = add_card(state, buyer, card)
    state = set_boat(state, buyer, pearls=state.boats[buyer].pearls - pearls)
    return set_boat(state, seat, pearls=state.boats[seat].pearls + pearls)
