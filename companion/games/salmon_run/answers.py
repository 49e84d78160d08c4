"""Answering a Current, Rapids or Eagle card (rules: Current, Rapids, Eagle, COUNTERING CARDS): every
salmon on the river answers the Current and the Rapids at the same moment, on its own phone, and may
counter it with a card of its own; on two arrows the die picks one (odd: arrow 1, even: arrow 2): its
roll is a move of its own ("roll"), recorded before any phone shows it, and the answer reads it; a
Waterfall the current pushed the salmon into is rolled again, in the answer. The Eagle's player says whose
hand loses a card, unless that player counters it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count
from companion.games.salmon_run.river import CARD_NAMES, CURRENT, DIE_SIDES, EAGLE, RAPIDS
from companion.games.salmon_run.state import (
    EARLIER_RULES,
    Answer,
    Pending,
    RaceState,
    SalmonRunError,
    in_race,
    seat_of,
    set_salmon,
)
from companion.games.salmon_run.view import arrow_for, asked, available, rapids_discards, rolled


def record_answer(state: RaceState, seat: int, answer: Answer) -> RaceState:
    """`seat`'s answer: the Eagle's one answer ends it; the Current's and the Rapids' are secret until the
    last salmon's, which shows them all, takes the cards they cost from the hands (a counter, the
    Rapids' discards: nothing changes before, for every phone to see), keeps them in the turn (for the
    screens) and lets the turn go on."""
    p = state.pending
    assert p is not None
    if p.card == EAGLE:
        return replace(state, pending=None, last=replace(p, answers=(answer,)))
    answers = state.answers.choose(seat, answer, again=False)
    if not answers.revealed:
        return replace(state, answers=answers)
    shown = tuple(answers.value(s) for s in answers.seats)
    for a in shown:
        state = set_salmon(state, a.seat, hand=state.salmon[a.seat].hand - (1 if a.countered else 0) - a.discards)
    return resolved(replace(state, answers=answers), shown)


def resolved(state: RaceState, shown: tuple[Answer, ...]) -> RaceState:
    """The Current or Rapids waiting answered in full (`shown`: every answer, in seat order; none when no
    salmon is asked): kept in the turn, for the screens, and the turn goes on."""
    p = state.pending
    assert p is not None
    done = replace(p, answers=shown)
    turn = state.turn if state.turn is None else replace(state.turn, answered=state.turn.answered + (done,))
    return replace(state, pending=None, last=done, turn=turn, rolls=())


def open_answers(state: RaceState) -> RaceState:
    """A Current or Rapids just played: the salmon it asks answer it at once, in secret (`view.asked`);
    when it asks none, it is resolved already."""
    seats = asked(state)
    state = replace(state, answers=state.answers.open(seats), rolls=())
    return state if seats else resolved(state, ())


def waiting_for(state: RaceState, seat: int, cards: tuple[str, ...], doing: str) -> Pending:
    in_race(state)
    p = state.pending
    if p is None or p.card not in cards:
        raise SalmonRunError(f"No {' or '.join(CARD_NAMES[c] for c in cards)} card is waiting: "
                             f"{state.names[seat]} cannot {doing} now.")
    if p.card != EAGLE and state.answers.has_chosen(seat):
        raise SalmonRunError(f"{state.names[seat]} has already answered this {CARD_NAMES[p.card]}.")
    if p.card != EAGLE and seat not in state.answers.seats:
        raise SalmonRunError(f"{state.names[seat]}'s salmon is in the spawning pond, on no hex of the river: the "
                             f"{CARD_NAMES[p.card]} asks nothing of it.")
    return p


def counter(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    p = waiting_for(state, seat, (CURRENT, RAPIDS), "counter it")
    s = state.salmon[seat]
    if rolled(state, seat) is not None:
        raise SalmonRunError(f"{s.name} has rolled for this Current: the salmon moves with it (a counter comes "
                             f"instead of the roll, not after it).")
    if available(state, seat, p.card) < 1 or s.hand < 1:
        raise SalmonRunError(f"{s.name} has no {CARD_NAMES[p.card]} card to counter with.")
    return record_answer(state, seat, Answer(seat, countered=True))


def roll(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    """The die rolled for `seat`'s two-arrow hex in the Current waiting: recorded before it is shown, once
    per Current ("If there are 2 arrows, the die is rolled. Each player rolls individually")."""
    seat = seat_of(state, data)
    waiting_for(state, seat, (CURRENT,), "roll for the Current")
    name = state.names[seat]
    if rolled(state, seat) is not None:
        raise SalmonRunError(f"{name} has rolled for this Current already: one roll per Current, and it stands.")
    value = data.get("roll")
    if not is_whole(value) or not 1 <= value <= DIE_SIDES:
        raise SalmonRunError(f"The die shows 1 to {DIE_SIDES}, not {value!r}.")
    return replace(state, rolls=tuple(sorted((*state.rolls, (seat, value)))))


def arrows_of(value: Any, what: str) -> int:
    if not is_whole(value) or not 0 <= value <= 2:
        raise SalmonRunError(f"{what} has 0, 1 or 2 current arrows, not {value!r}.")
    return value


def roll_for(arrows: int, roll: Any, name: str, where: str) -> int | None:
    if arrows == 2:
        if not is_whole(roll) or not 1 <= roll <= DIE_SIDES:
            raise SalmonRunError(f"{name}'s {where} has two arrows: roll the die (odd: arrow 1, even: arrow 2).")
        return roll
    if roll is not None:
        raise SalmonRunError(f"{name}'s {where} has {count(arrows, 'arrow')}: no roll is needed.")
    return None


def hex_roll(state: RaceState, seat: int, arrows: int, given: Any) -> int | None:
    """The roll that picks the arrow of `seat`'s hex: the one recorded for this Current (the answer may
    repeat it); a race set up before rules version 2 may carry its own instead."""
    name, recorded = state.names[seat], rolled(state, seat)
    if arrows != 2 or (recorded is None and state.rules_version == EARLIER_RULES):
        return roll_for(arrows, given, name, "hex")
    if recorded is None:
        raise SalmonRunError(f"{name}'s hex has two arrows: roll the die first (odd: arrow 1, even: arrow 2).")
    if given is not None and given != recorded:
        raise SalmonRunError(f"{name} rolled {recorded} for this Current: the answer follows that roll, not "
                             f"{given!r}.")
    return recorded


def drift(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    waiting_for(state, seat, (CURRENT,), "move with the current")
    name = state.names[seat]
    arrows = arrows_of(data.get("arrows"), f"{name}'s hex")
    roll = hex_roll(state, seat, arrows, data.get("roll"))
    arrow = None if arrows == 0 else 1 if arrows == 1 else arrow_for(roll)  # type: ignore[arg-type]
    answer = Answer(seat, arrows=arrows, roll=roll, arrow=arrow)
    falls = data.get("waterfall_arrows")
    if falls is not None:
        if arrows == 0:
            raise SalmonRunError(f"{name}'s hex has no arrows: the current leaves the salmon where it is.")
        if not is_whole(falls) or not 1 <= falls <= 2:
            raise SalmonRunError(f"A Waterfall hex pushes the salmon back along its 1 or 2 arrows, not {falls!r}.")
        fall_roll = roll_for(falls, data.get("waterfall_roll"), name, "Waterfall hex")
        answer = replace(answer, waterfall_arrows=falls, waterfall_roll=fall_roll,
                         waterfall_arrow=1 if falls == 1 else arrow_for(fall_roll))  # type: ignore[arg-type]
    elif data.get("waterfall_roll") is not None:
        raise SalmonRunError("A roll for a Waterfall hex, but the current pushed the salmon into no Waterfall.")
    return record_answer(state, seat, answer)


def rapids(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = seat_of(state, data)
    waiting_for(state, seat, (RAPIDS,), "answer the Rapids")
    s = state.salmon[seat]
    arrows = arrows_of(data.get("arrows"), f"{s.name}'s hex")
    return record_answer(state, seat, Answer(seat, arrows=arrows, discards=rapids_discards(arrows, s.hand)))


def eagle_target(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    """The Eagle's player names whose hand they look at (their own too: "any player's hand (including your
    own)"). "The affected player may discard his own Eagle to prevent this": the table waits on that
    player's answer, unless they cannot hold an Eagle (none in their deck, or no card in hand): then
    they lose the card at once."""
    seat = seat_of(state, data)
    p = waiting_for(state, seat, (EAGLE,), "be the Eagle's target")
    if p.target is not None:
        raise SalmonRunError(f"{state.names[p.target]} is the Eagle's target already: "
                             f"{state.names[p.target]} answers it.")
    if can_counter_eagle(state, seat):
        return replace(state, pending=replace(p, target=seat))
    return eagle(state, {"seat": seat, "countered": False})


def can_counter_eagle(state: RaceState, seat: int) -> bool:
    return available(state, seat, EAGLE) > 0 and state.salmon[seat].hand > 0


def eagle(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    """The Eagle's answer: the target loses a card, or counters with an Eagle of their own. (Races played
    before the target answered on their own phone recorded this at once, by the Eagle's player; a counter
    before any target was named is theirs too.)"""
    seat = seat_of(state, data)
    p = waiting_for(state, seat, (EAGLE,), "be the Eagle's target")
    if p.target is not None and seat != p.target:
        raise SalmonRunError(f"{state.names[p.target]} is the Eagle's target: {state.names[p.target]} answers it, "
                             f"not {state.names[seat]}.")
    countered = data.get("countered", False)
    if not isinstance(countered, bool):
        raise SalmonRunError("Say whether the player countered the Eagle: true or false.")
    s = state.salmon[seat]
    if countered:
        if not can_counter_eagle(state, seat):
            raise SalmonRunError(f"{s.name} has no Eagle card to counter with.")
        return record_answer(set_salmon(state, seat, hand=s.hand - 1), seat, Answer(seat, countered=True))
    discards = min(1, s.hand)
    return record_answer(set_salmon(state, seat, hand=s.hand - discards), seat, Answer(seat, discards=discards))
