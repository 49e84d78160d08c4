"""The current player's turn in Salmon Run (rules: Turn, Jump, Fatigue, Hand limit): the roll for the
first player, the cards played (up to 3, a jump two of them), the Fatigue they cost, and the end of
the turn (the hand back to four, a Fatigue card returned after playing only Fatigue cards, the race
over after the last player's turn once a salmon is in the pond)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.table.turns import clockwise, next_seat
from companion.core.words import count
from companion.games.salmon_run.answers import open_answers
from companion.games.salmon_run.river import CARD_NAMES, CURRENT, DIE_SIDES, FATIGUE, RAPIDS
from companion.games.salmon_run.state import (
    ANSWERED,
    FIRST,
    HAND_SIZE,
    MOST_PLAYS,
    OVER,
    RACE,
    SWIM_CARDS,
    Pending,
    RaceState,
    SalmonRunError,
    Turn,
    add_fatigue,
    card_of,
    in_race,
    seat_of,
    set_salmon,
)
from companion.games.salmon_run.view import (
    available,
    cards_left,
    returns_fatigue,
    three_swims,
)


def current_turn(state: RaceState) -> Turn:
    """The turn under way. Whose it is, and that a card played waits on its answers first, the kit's phase
    says (`rules.race_phase`), before a move is made."""
    in_race(state)
    assert state.turn is not None
    return state.turn


def check_holds(state: RaceState, seat: int, cards: Sequence[str], doing: str) -> None:
    for card in set(cards):
        want, have = cards.count(card), available(state, seat, card)
        if want > have:
            s = state.salmon[seat]
            held, what = s.deck.count(card), CARD_NAMES[card]
            taken = state.turn.gained.count((seat, card)) if state.turn is not None else 0
            if held == 0:
                why = f"{s.name}'s deck holds no {what} card"
            elif have == 0 and taken:  # "add ... to your discard pile"
                why = (f"{s.name}'s {what} card was taken this turn: it is in the discard pile until the deck "
                       "comes round")
            elif have == 0:
                why = f"{s.name}'s {what} card{'s were' if held > 1 else ' was'} played this turn already"
            else:
                why = f"{s.name} has {count(have, what + ' card')} left to play"
            raise SalmonRunError(f"Cannot {doing}: {why}.")


def first(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    if state.phase != FIRST:
        raise SalmonRunError("The first player is already chosen.")
    rolls = data.get("rolls")
    n = len(state.salmon)
    if not isinstance(rolls, list) or not rolls or any(not is_whole(r) or not 1 <= r <= DIE_SIDES for r in rolls):
        raise SalmonRunError(f"Roll the die for the first player: rolls of 1 to {DIE_SIDES}.")
    if rolls[-1] > n or any(r <= n for r in rolls[:-1]):
        raise SalmonRunError(f"The die picks the first player: 1 to {n} names a seat, a roll above {n} is rolled "
                             f"again; {rolls} does not end with the first roll of 1 to {n}.")
    first = rolls[-1] - 1
    return replace(state, phase=RACE, first=first, first_rolls=tuple(rolls), turn=Turn(first), turns=1)


def after_play(state: RaceState, seat: int, turn: Turn) -> RaceState:
    if three_swims(turn.played):
        state = add_fatigue(state, seat)
    return state


def play(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    card = card_of(data.get("card"))
    turn = current_turn(state)
    if len(turn.played) >= MOST_PLAYS:
        raise SalmonRunError(f"{state.names[seat]} has played {MOST_PLAYS} cards this turn: end the turn.")
    check_holds(state, seat, [card], f"play {'an' if CARD_NAMES[card][0] in 'AEIOU' else 'a'} {CARD_NAMES[card]} card")
    s = state.salmon[seat]
    if s.hand < 1:
        raise SalmonRunError(f"{s.name} has no card left in hand.")
    turn = replace(turn, played=turn.played + (card,))
    state = replace(set_salmon(state, seat, hand=s.hand - 1), turn=turn)
    if card in ANSWERED:
        state = replace(state, pending=Pending(card, seat))
    if card in (CURRENT, RAPIDS):  # "Each player" answers at the same moment, in secret
        state = open_answers(state)
    return after_play(state, seat, turn)


def jump(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    cards = data.get("cards")
    turn = current_turn(state)
    if not isinstance(cards, list) or len(cards) != 2 or any(c not in SWIM_CARDS for c in cards):
        raise SalmonRunError("A jump combines two Swim cards (a Double Swim cannot jump by itself).")
    if len(turn.played) > MOST_PLAYS - 2:
        raise SalmonRunError(f"A jump is two card plays: {state.names[seat]} has {cards_left(state)} left this turn.")
    check_holds(state, seat, cards, "jump")
    s = state.salmon[seat]
    if s.hand < 2:
        raise SalmonRunError(f"{s.name} holds {count(s.hand, 'card')}: a jump takes two.")
    turn = replace(turn, played=turn.played + tuple(cards), jumps=turn.jumps + 1)
    state = replace(set_salmon(state, seat, hand=s.hand - 2), turn=turn)
    state = add_fatigue(state, seat)  # "every time you jump you must add a Fatigue card to your Discard Pile"
    return after_play(state, seat, turn)


def end(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    turn = current_turn(state)
    s = state.salmon[seat]
    discards = data.get("discards", 0)
    wanted = max(0, s.hand - HAND_SIZE)
    if discards != wanted or not is_whole(discards):
        raise SalmonRunError(f"{s.name} holds {count(s.hand, 'card')}: discard {wanted} down to four, not "
                             f"{discards!r}." if wanted else f"{s.name} holds {count(s.hand, 'card')}: nothing to "
                                                             f"discard (draw back up to four), not {discards!r}.")
    if returns_fatigue(state):
        s = replace(s, deck=s.deck.minus(FATIGUE), fatigue_returned=s.fatigue_returned + 1)
        state = replace(state, piles=state.piles.plus(FATIGUE))
    state = set_salmon(state, seat, deck=s.deck, fatigue_returned=s.fatigue_returned,
                        hand=min(HAND_SIZE, s.deck.size))
    if any(x.in_pond for x in state.salmon) and seat == state.last_seat:
        return replace(state, phase=OVER, turn=None, previous=turn)
    return replace(state, turn=Turn(next_seat(clockwise(state.first, len(state.salmon)), seat)), turns=state.turns + 1,
                   previous=turn)
