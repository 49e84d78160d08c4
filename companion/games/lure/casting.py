"""Lure's Splash and Cast: the fish the table reveals, and each player's secret cast, all shown
at once when the last is in (rules: Splash, Cast, Special Dice, Lures)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.errors import DomainError
from companion.core.table.seats import is_whole
from companion.core.words import listed
from companion.games.lure.cards import FishCard
from companion.games.lure.fishing import after_catch
from companion.games.lure.state import (
    ADJUST,
    BOOST,
    CAST,
    FILL,
    FISH,
    LURE_NAMES,
    SPLASH,
    Cast,
    LureError,
    LureState,
    Outcome,
    die_name,
    in_phase,
    seat_of,
)
from companion.games.lure.view import splash_count


def splash(state: LureState, data: Mapping[str, Any]) -> LureState:
    in_phase(state, SPLASH, "reveal fish")
    raw = data.get("fish")
    if not isinstance(raw, list):
        raise LureError("Splash: say which fish were revealed.")
    wanted = splash_count(state)
    if len(raw) != wanted:
        why = f"Round {state.round}'s Splash reveals {wanted} fish, not {len(raw)}"
        reveal = state.settings.reveal
        if wanted < reveal:
            parts = []
            if state.settings.refill == FILL and state.middle:
                parts.append(f"the middle holds {len(state.middle)} already, and Splash fills it up to {reveal}")
            if state.deck_left < reveal:
                parts.append(f"the deck has {state.deck_left} fish left")
            why += f" ({'; '.join(parts)})" if parts else ""
        elif reveal != 3:
            why += f" ({reveal} with {len(state.names)} players)"
        raise LureError(why + ".")
    fish = []
    for i, card in enumerate(raw):
        try:
            fish.append(FishCard.from_dict(card))
        except DomainError as exc:
            raise LureError(f"Fish {i + 1}: {exc}") from None
    # Cast: "All players secretly choose" — a new round of secret choices, every seat's.
    return replace(state, phase=CAST, middle=state.middle + tuple(fish), drawn=state.drawn + len(fish), outcomes=(),
                   casts=state.casts.open(range(len(state.names))))


def read_cast(state: LureState, seat: int, data: Mapping[str, Any]) -> Cast:
    name, s, settings = state.names[seat], state.seats[seat], state.settings
    d6 = data.get("d6", 0)
    if not is_whole(d6) or d6 < 0:
        raise LureError(f"{name}: say how many d6 to cast (0 to {settings.d6}).")
    if d6 > settings.d6:
        raise LureError(f"{name} has only {settings.d6} d6, so cannot cast {d6}.")
    special = data.get("special", [])
    if not isinstance(special, list) or not all(is_whole(v) for v in special):
        raise LureError(f"{name}: say which special dice to cast, by their sides (e.g. 12).")
    for sides in special:
        if sides not in settings.special_dice:
            owned = listed([f"a {die_name(n)}" for n in settings.special_dice]) if settings.special_dice else "none"
            raise LureError(f"{name} has no {die_name(sides)} special die (special dice: {owned}).")
        if sides in s.resting:
            raise LureError(f"{name}'s {die_name(sides)} is resting this round: a special die rolled last round "
                            "cannot be used again for 1 round (Special Dice).")
    if len(set(special)) != len(special):
        raise LureError(f"{name} has one of each special die.")
    played: dict[str, int] = {}
    for lure in (ADJUST, BOOST):
        n = data.get(lure, 0)
        if not is_whole(n) or n < 0:
            raise LureError(f"{name}: say how many {LURE_NAMES[lure]} lures to play.")
        played[lure] = n
    extra = data.get("extra", [])
    if not isinstance(extra, list) or not all(is_whole(v) for v in extra):
        raise LureError(f"{name}: say which Extra Die lures to play, by the number they show.")
    cast = Cast(d6, tuple(sorted(special)), played[ADJUST], played[BOOST], tuple(sorted(extra)))
    hand = s.hand
    for lure, held in ((ADJUST, hand.adjust), (BOOST, hand.boost)):
        if played[lure] > held:
            raise LureError(f"{name} has {held} {LURE_NAMES[lure]} lure{'s' if held != 1 else ''} in hand, "
                            f"so cannot play {played[lure]}.")
    if not hand.holds(cast.lures):
        missing = next(v for v in sorted(set(extra)) if extra.count(v) > hand.extra.count(v))
        raise LureError(f"{name} has no{' more' if missing in hand.extra else ''} Extra Die {missing} lure in hand.")
    return cast


def cast(state: LureState, data: Mapping[str, Any]) -> LureState:
    """A player's secret cast (made again until the last one is in; `again` says which it is);
    the last one reveals them all."""
    in_phase(state, CAST, "cast")
    seat = seat_of(state, data)
    again = data.get("again")  # journals of earlier versions do not say
    if again is not None and again is not state.casts.has_chosen(seat):
        name = state.names[seat]
        raise LureError(f"{name} has cast already this round: look again (Lock in again changes it)." if not again
                        else f"{name}'s cast was taken back just before: look again, and lock in.")
    state = replace(state, casts=state.casts.choose(seat, read_cast(state, seat, data)))
    return reveal(state) if state.casts.revealed else state


def reveal(state: LureState) -> LureState:
    """Every player has cast: the casts are shown and the lures played leave the hands."""
    seats = tuple(replace(s, hand=s.hand.minus(state.cast(i).lures)) for i, s in enumerate(state.seats))
    state = replace(state, seats=seats, phase=FISH)
    if not state.middle:  # nothing to fish for (only a data file with odd numbers gets here)
        return after_catch(state, Outcome(state.round, (), (), ()))
    return state
