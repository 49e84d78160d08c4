"""What the boats of a pearl boat game might do now, with any die rolled by `rng`: the moves
random play and the conformance tests choose from (some, a card on a boat that cannot take it
for one, are refused). They steer towards the end: fish not yet delivered, the market near."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.table.seats import seat_entry
from companion.games.pearl_boat import actions as pb
from companion.games.pearl_boat import view
from companion.games.pearl_boat.chance import D8, HIDDEN_ATTACK
from companion.games.pearl_boat.setup import setup_for
from companion.games.pearl_boat.state import DUEL_CHOICES, ORDER, OVER, PearlBoatState

NAMES = ("Ana", "Ben", "Cy", "Dee")
ITEMS = ("half_refill", "step_back", "extra_draw")


def example_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    return setup_for([seat_entry(n, f"p-{n.lower()}") for n in names[:rng.randint(2, min(4, len(names)))]],
                        limits_per=rng.choice(["game", "trip"]))


def _card_needs(state: PearlBoatState, seat: int, rng: random.Random) -> dict[str, Any]:
    others = [i for i in range(len(state.boats)) if i != seat]
    return {"steps": rng.randint(1, 3), "move_roll": rng.randint(1, 6), "target": rng.choice(others),
            "to_market": rng.choice([None, rng.randint(1, 6)])}


def _turn(state: PearlBoatState, seat: int, rng: random.Random) -> list[Action]:
    boat, turn = state.boats[seat], state.turn
    moves: list[Action] = []
    if view.can_roll_to_move(state, seat):
        moves.append(pb.roll_move(state, seat, rng, to_market=rng.choice([None, rng.randint(1, 4)])))
    if boat.at_market and not turn.delivered:
        moves.append(pb.deliver(state, seat))
    if turn.moved and not turn.rewarded:
        moves.append(pb.reward(state, seat, rng.choice(state.data.space_values)))
    wanted = [f.id for f in state.data.fish if f.id not in boat.delivered and f.id not in boat.on_board]
    if wanted and len(boat.on_board) < view.capacity(state, seat):
        moves.append(pb.catch(state, seat, rng.choice(wanted)))
    if boat.on_board and rng.random() < 0.1:
        moves.append(pb.drop_off(state, seat))
    if view.draws_left(state, seat) > 0 and (turn.moved or not view.can_roll_to_move(state, seat)):
        moves.append(pb.draw(state, seat, rng.randint(1, D8), **_card_needs(state, seat, rng)))
    if boat.cards and rng.random() < 0.5:
        moves.append(pb.use_card(state, seat, rng.choice(boat.cards), **_card_needs(state, seat, rng)))
    if rng.random() < 0.3:
        moves.append(pb.buy(state, seat, rng.choice(ITEMS), rng.randint(1, 3)))
    attacks = [c for c in boat.attacks if c != HIDDEN_ATTACK]
    if attacks and rng.random() < 0.6:
        moves.append(pb.trade(state, seat, rng.choice(attacks)))
    duellists = [i for i, b in enumerate(state.boats) if i != seat and HIDDEN_ATTACK in b.attacks]
    if HIDDEN_ATTACK in boat.attacks and duellists:  # a duel now and then
        moves.append(pb.use_card(state, seat, HIDDEN_ATTACK, target=rng.choice(duellists)))
    if view.must_discard(state, seat):
        moves.append(pb.discard(state, seat, rng.choice(boat.attacks)))
    elif not (boat.at_market and not turn.delivered) and not (view.can_roll_to_move(state, seat) and not turn.moved):
        moves.append(pb.end_turn(state, seat))
    return moves


def candidates(state: PearlBoatState, rng: random.Random) -> list[Action]:
    if state.phase == ORDER:
        return [pb.roll_order(state, rng)]
    if state.phase == OVER:
        return []
    if state.duel is not None:
        moves = [pb.duel_choose(state, seat, rng.choice(DUEL_CHOICES)) for seat in view.duel_waiting_for(state)]
    else:
        moves = _turn(state, state.current, rng)
    for seat, boat in enumerate(state.boats):  # any time, a duel's too: a boat's own cards
        if boat.cards and rng.random() < 0.05:
            card = rng.choice(boat.cards)
            moves.append(pb.sell(state, seat, card) if rng.random() < 0.5 else pb.discard(state, seat, card))
        if boat.cards and state.offer is None and rng.random() < 0.05:
            buyer = rng.choice([i for i in range(len(state.boats)) if i != seat])
            moves.append(pb.offer(state, seat, buyer, rng.choice(boat.cards), rng.randint(0, 3)))
    if state.offer is not None:  # the buyer answers, or the seller takes it back
        o = state.offer
        moves += [pb.answer_offer(state, o.buyer, True), pb.answer_offer(state, o.buyer, False),
                  pb.withdraw_offer(state, o.seat)]
    return moves
