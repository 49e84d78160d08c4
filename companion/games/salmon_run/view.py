"""What a Salmon Run race's screens (and its rules) ask of a state: the cards the current player may
play, a jump, who still answers the card waiting, the hand limit, the race's end and the rules that
apply now, in words."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.scoring import PlayerResult
from companion.core.words import listed
from companion.games.salmon_run.hexes import HEX_CARDS
from companion.games.salmon_run.river import BEAR, CARDS, CURRENT, EAGLE, FATIGUE, RAPIDS
from companion.games.salmon_run.scoring import RaceNotOver, score_state
from companion.games.salmon_run.state import (
    EARLIER_RULES,
    FIRST,
    HAND_SIZE,
    MOST_PLAYS,
    OVER,
    RACE,
    SWIM_CARDS,
    Answer,
    RaceState,
)


def arrow_for(roll: int) -> int:
    """The arrow a roll picks on a two-arrow hex: "On an odd-numbered roll, move in the direction of
    the arrow labeled 1. On an even-numbered roll, move in the direction of the arrow labeled 2."""
    return 1 if roll % 2 else 2


def rapids_discards(arrows: int, hand: int) -> int:
    """Rapids: "Each player must discard that number of cards from their hand" (no more than held)."""
    return min(arrows, hand)


def is_swim(card: str) -> bool:
    return card in SWIM_CARDS


def available(state: RaceState, seat: int, card: str) -> int:
    """How many `card`s `seat` could still play now: its deck's, less those played this turn and those taken
    from a special hex this turn (in its discard pile until the deck cycles)."""
    held = state.salmon[seat].deck.count(card)
    if state.turn is not None:
        held -= state.turn.gained.count((seat, card))
        if state.turn.seat == seat:
            held -= state.turn.played.count(card)
    return max(0, held)


def cards_left(state: RaceState) -> int:
    """Cards the current player may still play this turn (of 3)."""
    return 0 if state.turn is None else MOST_PLAYS - len(state.turn.played)


def playable(state: RaceState) -> tuple[str, ...]:
    """The kinds of card the current player may play now (none while a card waits for answers)."""
    if state.phase != RACE or state.turn is None or state.pending is not None or cards_left(state) < 1:
        return ()
    seat = state.turn.seat
    if state.salmon[seat].hand < 1:
        return ()
    return tuple(c for c in CARDS if available(state, seat, c) > 0)


def jump_cards(state: RaceState) -> tuple[str, ...]:
    """The Swim cards the current player could combine in a jump now (none when a jump is not possible)."""
    if state.phase != RACE or state.turn is None or state.pending is not None or cards_left(state) < 2:
        return ()
    seat = state.turn.seat
    cards = tuple(c for c in SWIM_CARDS if available(state, seat, c) > 0)
    if state.salmon[seat].hand < 2 or sum(available(state, seat, c) for c in cards) < 2:
        return ()
    return cards


def asked(state: RaceState) -> tuple[int, ...]:
    """The salmon a Current or Rapids asks to answer: every salmon on the river. One in the spawning pond is
    on no hex, so no arrow moves it ("Any salmon on a hex with no arrows is unaffected by the current") and
    the Rapids count none ("every player counts the number of current arrows on the hex his salmon
    occupies"); a race set up before rules version 2 asked it all the same."""
    seats = range(len(state.salmon))
    if state.rules_version == EARLIER_RULES:
        return tuple(seats)
    return tuple(i for i in seats if not state.salmon[i].in_pond)


def rolled(state: RaceState, seat: int) -> int | None:
    """The die rolled for `seat`'s two-arrow hex in the Current waiting (None: not rolled). A screen shows
    it on `seat`'s own phone only until every salmon has answered."""
    return next((roll for s, roll in state.rolls if s == seat), None)


def may_roll(state: RaceState, seat: int) -> bool:
    """Whether `seat` may roll for its two-arrow hex now: a Current waits for its answer, not rolled yet."""
    p = state.pending
    return (p is not None and p.card == CURRENT and seat in state.answers.waiting
            and rolled(state, seat) is None)


def waiting_on(state: RaceState) -> tuple[int, ...]:
    """The seats still to answer (or counter) the card waiting; for an Eagle, its player until they name
    a target, then that target."""
    if state.pending is None:
        return ()
    if state.pending.card == EAGLE:
        return (state.pending.by,) if state.pending.target is None else (state.pending.target,)
    return state.answers.waiting


def answer_of(state: RaceState, seat: int, viewer: int | None = None) -> Answer | None:
    """`seat`'s answer to the Current or Rapids waiting, as the phone of `viewer` (a seat, or None)
    may see it: its own, until every salmon has answered; then the answers are the last card's."""
    return state.answers.shown_to(seat, viewer) if state.pending is not None else None


def can_counter(state: RaceState, seat: int) -> bool:
    """Whether `seat` may counter the Current or Rapids waiting (it has one to discard, has not answered, and
    has not rolled for its arrows: a salmon that rolled moves with the current)."""
    p = state.pending
    return (p is not None and p.card in (CURRENT, RAPIDS) and seat in state.answers.waiting
            and rolled(state, seat) is None and available(state, seat, p.card) > 0 and state.salmon[seat].hand > 0)


def moved_by_current(state: RaceState, seat: int) -> bool:
    """Whether a Current answered in full this turn carried `seat`'s salmon along an arrow."""
    turn = state.turn
    return turn is not None and any(a.seat == seat and not a.countered and a.arrow is not None
                                    for p in turn.answered if p.card == CURRENT for a in p.answers)


def may_land(state: RaceState, seat: int) -> bool:
    """Whether `seat`'s salmon may have moved onto a special hex now, for a phone to record it: the
    current player's swims; another salmon moves in their turn only with a Current ("If the Current
    brings you to a special hex, you still add or remove cards")."""
    if state.phase != RACE or state.turn is None:
        return False
    return seat == state.turn.seat or moved_by_current(state, seat)


def may_meet_bear(state: RaceState, seat: int) -> bool:
    """Whether `seat`'s salmon may have met a Bear now: by swimming (the current player's), carried by a
    Current, or by a Bear the current player's Bear card moved onto its hex."""
    return may_land(state, seat) or (state.phase == RACE and state.turn is not None and BEAR in state.turn.played)


def hex_choices(state: RaceState, hex_id: str) -> tuple[str, ...]:
    """The cards a card-giving hex offers now (its piles not empty); () when it gives nothing."""
    return tuple(c for c in HEX_CARDS.get(hex_id, ()) if state.piles.count(c) > 0)


def hand_at_end(state: RaceState) -> int:
    """What the hand limit asks of the current player at the end of the turn: cards to draw back up
    to four (positive) or to discard down to four (negative)."""
    if state.turn is None:
        return 0
    s = state.salmon[state.turn.seat]
    if s.hand > HAND_SIZE:
        return HAND_SIZE - s.hand
    return max(0, min(HAND_SIZE, s.deck.size) - s.hand)


def three_swims(played: Sequence[str]) -> bool:
    """"If he plays 3 Swim cards, he must add a fatigue card to his Discard Pile.\""""
    return len(played) == MOST_PLAYS and all(is_swim(c) for c in played)


def returns_fatigue(state: RaceState) -> bool:
    """"If you play only Fatigue cards on your turn, you may return one of them to the Fatigue Deck": the
    turn under way played only Fatigue cards, and one is still in the salmon's deck (Reeds may have
    removed it)."""
    turn = state.turn
    if turn is None or not turn.played or any(c != FATIGUE for c in turn.played):
        return False
    return state.salmon[turn.seat].deck.fatigue > 0


def race_ends_after(state: RaceState) -> int | None:
    """The seat whose end of turn ends the race, once a salmon is in the pond ("play continues until
    the last player's turn"); None before."""
    if state.phase != RACE or not any(s.in_pond for s in state.salmon):
        return None
    return state.last_seat


def standings(state: RaceState) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]] | None:
    """Each player's place and the winners as things stand; None while no salmon is in the pond."""
    try:
        return score_state(state)
    except RaceNotOver:
        return None


def reminders(state: RaceState) -> tuple[str, ...]:
    """The rules that apply now, in words for the screen."""
    if state.phase == FIRST:
        return ("Roll the die for the first player.",)
    if state.phase == OVER:
        result = standings(state)
        winners = result[1] if result else ()
        if len(winners) > 1:
            return (f"The race is over: a tie between {listed(winners)}.",)
        return (f"The race is over: {winners[0]} wins.",) if winners else ("The race is over.",)
    lines: list[str] = []
    p = state.pending
    if p is not None:
        waiting = [state.names[i] for i in waiting_on(state)]
        have = "has" if len(waiting) == 1 else "have"
        if p.card == CURRENT:
            lines.append(f"Resolve the Current: {listed(waiting)} still {have} to answer: move with it, or counter "
                         "it with a Current card.")
        elif p.card == RAPIDS:
            lines.append(f"Resolve the Rapids: {listed(waiting)} still {have} to answer: discard one card per arrow "
                         "on their hex, or counter it with a Rapids card.")
        elif p.target is None:
            lines.append(f"Resolve the Eagle: {state.names[p.by]} looks at any player's hand and discards a card; "
                         "that player may discard their own Eagle to stop it.")
        else:
            lines.append(f"Resolve the Eagle: waiting on {state.names[p.target]}: lose a card of "
                         f"{state.names[p.by]}'s choice, or discard their own Eagle to stop it.")
    turn = state.turn
    assert turn is not None
    name = state.names[turn.seat]
    lines.append(f"Round {state.round}: {name}'s turn.")  # on every phone: whose turn it is
    lines.append(f"{name} has played {len(turn.played)} of {MOST_PLAYS} cards.")
    if len(turn.played) == 2 and all(is_swim(c) for c in turn.played):
        lines.append(f"A third Swim card adds a Fatigue card to {name}'s discard pile.")
    if returns_fatigue(state):
        lines.append(f"Only Fatigue cards played: one goes back to the Fatigue Deck when {name} ends the turn.")
    change = hand_at_end(state)
    hand = state.salmon[turn.seat].hand
    if change > 0:
        lines.append(f"End of turn: {name} holds {hand}, draws {change} back up to four.")
    elif change < 0:
        lines.append(f"End of turn: {name} holds {hand}, discards {-change} down to four.")
    ends = race_ends_after(state)
    if ends is not None:
        in_pond = [s.name for s in state.salmon if s.in_pond]
        lines.append(f"{listed(in_pond)} {'is' if len(in_pond) == 1 else 'are'} in the spawning pond: the race ends "
                     f"when {state.names[ends]} ends the turn.")
    return tuple(lines)
