"""Where a salmon lands (rules: Special hexes, Bear, Spawning pond): a special hex gives its card from
the supplemental piles (or Fatigue, a card drawn, cards removed by Reeds), a Bear on a salmon's hex
gives it a Fatigue card, and a salmon reaches the spawning pond."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count
from companion.games.salmon_run.hexes import DRAW_HEX, FATIGUE_HEX, HEX_CARDS, HEX_NAMES, HEXES, REEDS_ICONS
from companion.games.salmon_run.river import CARD_NAMES, CARDS
from companion.games.salmon_run.state import (
    GAINED_TO_DISCARD,
    RaceState,
    SalmonRunError,
    add_fatigue,
    in_race,
    seat_of,
    set_salmon,
)
from companion.games.salmon_run.view import hex_choices


def bear(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    in_race(state)
    # "Any time a salmon occupies the same hex as a Bear, that player must add a Fatigue card."
    return add_fatigue(state, seat)


def on_hex(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    in_race(state)
    hex_id = data.get("hex")
    if hex_id not in HEXES:
        raise SalmonRunError(f"Salmon Run has no special hex {hex_id!r} that changes a deck.")
    s = state.salmon[seat]
    name = HEX_NAMES[hex_id]
    if hex_id in HEX_CARDS:
        offered = HEX_CARDS[hex_id]
        card = data.get("card", offered[0] if len(offered) == 1 else None)
        if card not in offered:
            raise SalmonRunError(f"The {name} hex gives {' or '.join(CARD_NAMES[c] for c in offered)}, "
                                 f"not {CARD_NAMES[card] if card in CARDS else repr(card)}.")
        if state.piles.count(card) < 1:
            left = hex_choices(state, hex_id)
            if left:
                raise SalmonRunError(f"The {CARD_NAMES[card]} pile is empty: choose "
                                     f"{' or '.join(CARD_NAMES[c] for c in left)}.")
            raise SalmonRunError(f"The {CARD_NAMES[card]} pile is empty: the {name} hex gives nothing.")
        state = replace(state, piles=state.piles.minus(card))
        if state.turn is not None and state.rules_version >= GAINED_TO_DISCARD:  # "add ... to your discard pile"
            state = replace(state, turn=replace(state.turn, gained=(*state.turn.gained, (seat, card))))
        return set_salmon(state, seat, deck=s.deck.plus(card), added=s.added + 1)
    if hex_id == FATIGUE_HEX:
        if state.piles.fatigue < 1:
            raise SalmonRunError("The Fatigue Deck is empty: the Fatigue hex gives nothing.")
        return add_fatigue(state, seat)
    if hex_id == DRAW_HEX:
        if s.hand >= s.deck.size:
            raise SalmonRunError(f"{s.name} holds every card of the deck: there is nothing to draw.")
        if state.turn is not None and state.turn.gained:  # drawn from a reshuffled discard pile, it may be in hand
            state = replace(state, turn=replace(state.turn, gained=tuple(g for g in state.turn.gained if g[0] != seat)))
        return set_salmon(state, seat, hand=s.hand + 1)
    icons = REEDS_ICONS[hex_id]
    cards = data.get("cards")
    if not isinstance(cards, list) or not 1 <= len(cards) <= icons or any(c not in CARDS for c in cards):
        raise SalmonRunError(f"The {name} hex removes 1{' or 2 cards' if icons == 2 else ' card'}: say which.")
    for card in set(cards):
        if s.deck.count(card) < cards.count(card):
            held = s.deck.count(card)
            holds = count(held, f"{CARD_NAMES[card]} card") if held else f"no {CARD_NAMES[card]} card"
            raise SalmonRunError(f"{s.name}'s deck holds {holds}: it cannot remove {cards.count(card)}.")
    from_hand = data.get("from_hand", 0)
    if not is_whole(from_hand) or not 0 <= from_hand <= min(len(cards), s.hand):
        raise SalmonRunError(f"Of the cards removed, 0 to {min(len(cards), s.hand)} come from {s.name}'s hand, "
                             f"not {from_hand!r}.")
    deck = s.deck
    for card in cards:
        deck = deck.minus(card)
    return set_salmon(state, seat, deck=deck, removed=s.removed + len(cards), hand=s.hand - from_hand)


def pond(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    in_race(state)
    if state.salmon[seat].in_pond:
        raise SalmonRunError(f"{state.names[seat]}'s salmon is already in the spawning pond.")
    return set_salmon(state, seat, in_pond=True, pond_round=state.round, pond_turn=state.turns)
