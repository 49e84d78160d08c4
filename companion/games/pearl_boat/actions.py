"""The pearl boat game's actions as the screens build them from taps: each label says what happened
("Ana rolls 4: 4 steps"), never a secret (a duel choice's label says only that it was made). A die
rolled in the app is drawn here, from the random source passed in, and carried in the action's data."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.table.seats import is_whole
from companion.core.words import a, count, listed, noun
from companion.games.pearl_boat import turns
from companion.games.pearl_boat.chance import CARD_NAMES, CURSES, D8, card_for
from companion.games.pearl_boat.ledger import fish_value, room_for
from companion.games.pearl_boat.state import D6, PearlBoatState
from companion.games.pearl_boat.store import ITEM_NAMES, STEP_BACK
from companion.games.pearl_boat.view import move_steps, rolloff_seats, slowed_now


def _name(state: PearlBoatState, seat: Any) -> str:
    return state.names[seat] if is_whole(seat) and 0 <= seat < len(state.boats) else f"Boat {seat}"


def _pearls(n: int) -> str:
    return count(n, "pearl")


def order_roll(state: PearlBoatState, rolls: Sequence[int]) -> Action:
    """The d6 rolls of the seats rolling for the turn order (`rolloff_seats`), in their order:
    'Turn order: Ana 5, Ben 3, Cy 5 (Ana and Cy roll again)'."""
    seats = rolloff_seats(state)
    rolls = list(rolls)
    said = ", ".join(f"{_name(state, s)} {r}" for s, r in zip(seats, rolls))
    tied = [[s for s, r in zip(seats, rolls) if r == v] for v in sorted(set(rolls), reverse=True)]
    again = [listed([_name(state, s) for s in g]) for g in tied if len(g) > 1]
    label = f"Turn order: {said}" + (f" ({'; '.join(again)} roll again)" if again else "")
    return Action("order", {"seats": list(seats), "rolls": rolls}, label)


def roll_order(state: PearlBoatState, rng: random.Random) -> Action:
    return order_roll(state, [rng.randint(1, D6) for _ in rolloff_seats(state)])


def move(state: PearlBoatState, seat: int, roll: int, to_market: int | None = None,
         to_blocker: int | None = None) -> Action:
    """The d6 move: 'Ana rolls 4: 4 steps' (', slowed: 2 steps', ', reaches the fish market')."""
    data: dict[str, Any] = {"seat": seat, "roll": roll}
    if to_market is not None:
        data["to_market"] = to_market
    if to_blocker is not None:
        data["to_blocker"] = to_blocker
    label = f"{_name(state, seat)} rolls {roll}"
    try:
        steps = move_steps(state, seat, roll, to_market, to_blocker)
        slowed = ", slowed" if slowed_now(state, seat) else ""
        label += f"{slowed}: {count(steps, 'step')}"
        if to_market is not None and steps >= to_market:
            label += ", reaches the fish market"
    except (IndexError, TypeError):
        pass
    return Action("move", data, label)


def roll_move(state: PearlBoatState, seat: int, rng: random.Random, to_market: int | None = None,
              to_blocker: int | None = None) -> Action:
    return move(state, seat, rng.randint(1, D6), to_market, to_blocker)


def reward(state: PearlBoatState, seat: int, value: int) -> Action:
    """The space stopped on: 'Ana's space: +3 pearls', 'Ana's space: -1 pearl'."""
    said = f"{value:+d} {noun(abs(value), 'pearl')}" if is_whole(value) else f"{value} pearls"
    return Action("reward", {"seat": seat, "value": value}, f"{_name(state, seat)}'s space: {said}")


def catch(state: PearlBoatState, seat: int, fish: str) -> Action:
    name = next((f.name for f in state.data.fish if f.id == fish), str(fish))
    return Action("catch", {"seat": seat, "fish": fish}, f"{_name(state, seat)} catches {a(name)}")


def drop_off(state: PearlBoatState, seat: int) -> Action:
    return Action("drop_off", {"seat": seat},
                  f"{_name(state, seat)} drops off the fish (they reach the market next turn)")


def deliver(state: PearlBoatState, seat: int, returned: Sequence[str] | None = None) -> Action:
    """At the fish market: 'Ana delivers 2 fish at the fish market'."""
    data: dict[str, Any] = {"seat": seat}
    if returned is not None:
        data["returned"] = list(returned)
    fish = state.boats[seat].on_board if is_whole(seat) and 0 <= seat < len(state.boats) else ()
    if not fish:
        return Action("deliver", data, f"{_name(state, seat)} reaches the fish market with no fish aboard")
    names = {f.id: f.name for f in state.data.fish}
    value = fish_value(state, fish)  # issue 65: "delivers 2 fish" named neither the fish nor the pearls
    return Action("deliver", data, f"{_name(state, seat)} delivers {listed([names.get(f, f) for f in fish])} at the "
                                   f"fish market" + (f": +{count(value, 'pearl')}" if value else ""))


def draw(state: PearlBoatState, seat: int, roll: int, *, steps: int | None = None, move_roll: int | None = None,
         target: int | None = None, to_market: int | None = None, to_blocker: int | None = None) -> Action:
    """A chance card by the d8 (with what a card used at once needs, see `draw_needs`):
    'Ana draws 7: Steal fuel from another player'."""
    data: dict[str, Any] = {"seat": seat, "roll": roll}
    for key, value in (("steps", steps), ("move_roll", move_roll), ("target", target), ("to_market", to_market),
                       ("to_blocker", to_blocker)):
        if value is not None:
            data[key] = value
    if not is_whole(roll) or not 1 <= roll <= D8:
        return Action("draw", data, f"{_name(state, seat)} draws {roll}: ?")
    card = card_for(roll)
    if card.id not in CURSES and 0 <= seat < len(state.boats) and room_for(state, seat, card.id):
        return Action("draw", data, f"{_name(state, seat)} draws a card and keeps it")  # face down: no name
    return Action("draw", data, f"{_name(state, seat)} draws {roll}: {card.name}")


def use_card(state: PearlBoatState, seat: int, card: str, *, steps: int | None = None, move_roll: int | None = None,
             target: int | None = None, to_market: int | None = None, to_blocker: int | None = None) -> Action:
    """A held card used: 'Ana uses Slow down another player for 1 turn on Ben'."""
    data: dict[str, Any] = {"seat": seat, "card": card}
    for key, value in (("steps", steps), ("move_roll", move_roll), ("target", target), ("to_market", to_market),
                       ("to_blocker", to_blocker)):
        if value is not None:
            data[key] = value
    label = f"{_name(state, seat)} uses {CARD_NAMES.get(card, str(card))}"
    if target is not None:
        label += f" on {_name(state, target)}"
    if move_roll is not None:
        label += f" (rolls {move_roll})"
    elif steps is not None:
        label += f" ({count(steps, 'step') if is_whole(steps) else steps})"
    return Action("use", data, label)


def duel_choose(state: PearlBoatState, seat: int, choice: str) -> Action:
    """A secret choice: the label does not say it ('Ana chooses in secret')."""
    return Action("duel_choose", {"seat": seat, "choice": choice}, f"{_name(state, seat)} chooses in secret")


def buy(state: PearlBoatState, seat: int, item: str, steps: int = 1) -> Action:
    """'Ana buys Half refill (2 pearls)', 'Ana buys Step back: 2 steps (2 pearls)'."""
    data: dict[str, Any] = {"seat": seat, "item": item}
    name = ITEM_NAMES.get(item, str(item))
    try:
        price = state.data.item(item).price
    except KeyError:
        price = 0
    if item == STEP_BACK:
        data["steps"] = steps
        said = count(steps, "step") if is_whole(steps) else steps
        return Action("buy", data, f"{_name(state, seat)} buys {name}: {said} "
                                   f"({_pearls(price * steps if is_whole(steps) else 0)})")
    return Action("buy", data, f"{_name(state, seat)} buys {name} ({_pearls(price)})")


def trade(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("trade", {"seat": seat, "card": card},  # what a boat holds is face down: no names
                  f"{_name(state, seat)} trades a card at the store")


def sell(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("sell", {"seat": seat, "card": card}, f"{_name(state, seat)} sells "
                  f"{CARD_NAMES.get(card, str(card))} to the store (+{_pearls(state.data.sell_price)})")


def discard(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("discard", {"seat": seat, "card": card},
                  f"{_name(state, seat)} discards {CARD_NAMES.get(card, str(card))}")


def barter(state: PearlBoatState, seat: int, buyer: int, card: str, pearls: int) -> Action:
    return Action("barter", {"seat": seat, "buyer": buyer, "card": card, "pearls": pearls},
                  f"{_name(state, seat)} sells {CARD_NAMES.get(card, str(card))} to {_name(state, buyer)} "
                  f"for {_pearls(pearls) if is_whole(pearls) else pearls}")


def offer(state: PearlBoatState, seat: int, buyer: int, card: str, pearls: int) -> Action:
    return Action("offer", {"seat": seat, "buyer": buyer, "card": card, "pearls": pearls},
                  f"{_name(state, seat)} offers {CARD_NAMES.get(card, str(card))} to {_name(state, buyer)} "
                  f"for {_pearls(pearls) if is_whole(pearls) else pearls}")


def answer_offer(state: PearlBoatState, seat: int, accept: bool) -> Action:
    """The buyer's answer: 'Ana buys Extra Fuel Tank from Dee for 2 pearls', or 'Ana declines Dee's offer'."""
    o = state.offer
    if o is None:
        return Action("offer_answer", {"seat": seat, "accept": accept}, f"{_name(state, seat)} answers an offer")
    if accept:
        return Action("offer_answer", {"seat": seat, "accept": True}, f"{_name(state, seat)} buys "
                      f"{CARD_NAMES.get(o.card, o.card)} from {_name(state, o.seat)} for {_pearls(o.pearls)}")
    return Action("offer_answer", {"seat": seat, "accept": False},
                  f"{_name(state, seat)} declines {_name(state, o.seat)}'s offer")


def withdraw_offer(state: PearlBoatState, seat: int) -> Action:
    return Action("offer_answer", {"seat": seat, "withdraw": True}, f"{_name(state, seat)} takes back the offer")


def end_turn(state: PearlBoatState, seat: int) -> Action:
    """'Ana ends the turn', or 'Ana skips the turn (no fuel)' when it did not move."""
    turn = state.turn
    skipped = turn is not None and turn.seat == seat and not turn.moved
    if skipped and is_whole(seat) and 0 <= seat < len(state.boats) and state.boats[seat].fuel == 0:
        return Action("end", {"seat": seat}, f"{_name(state, seat)} skips the turn (no fuel)")
    return Action("end", {"seat": seat}, f"{_name(state, seat)} ends the turn{_arrivals(state, seat)}")


def _arrivals(state: PearlBoatState, seat: int) -> str:
    """What the next turn's start brings to the fish market, in words (issue 65: a dropped-off fish arrived, +3
    pearls, with no line): '; Ben's Bass reaches the fish market: +3 pearls', or ''."""
    try:
        after = turns.end(state, {"seat": seat})
    except DomainError:
        return ""
    nxt = after.current
    if nxt is None:
        return ""
    arrived = after.boats[nxt].delivered[len(state.boats[nxt].delivered):]
    if not arrived:
        return ""
    names = {f.id: f.name for f in state.data.fish}
    value = fish_value(state, arrived)
    verb = "reaches" if len(arrived) == 1 else "reach"
    return (f"; {after.names[nxt]}'s {listed([names.get(f, f) for f in arrived])} {verb} the fish market"
            + (f": +{count(value, 'pearl')}" if value else ""))
