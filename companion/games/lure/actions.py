"""Lure's actions as the screens build them from taps: each label says what happened, never a
secret (a cast's label says only that the player cast). Every die rolled in the app is drawn
here, from the random source passed in, and carried in the action's data."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.table.seats import is_whole
from companion.core.words import a, listed
from companion.games.lure.cards import FishCard
from companion.games.lure.fishing import outcome
from companion.games.lure.state import (
    D6_SIDES,
    LureError,
    LureState,
    Outcome,
    die_name,
)
from companion.games.lure.view import current_group


def _name(state: LureState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < len(state.names) else f"Player {seat + 1}"


def splash(state: LureState, fish: Sequence[FishCard | Mapping[str, Any]]) -> Action:
    """The fish the table revealed at Splash."""
    cards = [f.to_dict() if isinstance(f, FishCard) else dict(f) for f in fish]
    shown = ", ".join(f.describe() for f in fish if isinstance(f, FishCard))
    label = f"Round {state.round} Splash: {shown}" if shown else f"Round {state.round} Splash: {len(cards)} fish"
    return Action("splash", {"fish": cards}, label)


def cast(state: LureState, seat: int, d6: int, special: Sequence[int] = (), adjust: int = 0, boost: int = 0,
         extra: Sequence[int] = ()) -> Action:
    """A player's secret pick; the label says only that they cast."""
    again = 0 <= seat < len(state.seats) and state.casts.has_chosen(seat)
    return Action("cast", {"seat": seat, "d6": d6, "special": list(special), "adjust": adjust, "boost": boost,
                           "extra": list(extra), "again": again},
                  f"{_name(state, seat)} casts{' again' if again else ''}")


def roll(state: LureState, seat: int, values: Sequence[int], special: Mapping[int, int] | None = None) -> Action:
    """`seat`'s dice as rolled (by the app, or entered from the physical dice)."""
    special = dict(special or {})
    shown = ", ".join(map(str, values))
    extra = [f"a {die_name(int(sides))} {value}" for sides, value in sorted(special.items(), key=lambda kv: int(kv[0]))]
    if extra:
        shown = f"{shown} and {', '.join(extra)}" if shown else ", ".join(extra)
    return Action("roll", {"seat": seat, "values": list(values), "special": {str(k): v for k, v in special.items()}},
                  f"{_name(state, seat)} rolls {shown or 'no dice'}")


def roll_with(state: LureState, seat: int, rng: random.Random) -> Action:
    """`seat` rolls the dice of their cast with `rng`."""
    c = state.cast(seat)
    if c is None:
        raise LureError(f"{_name(state, seat)} has not cast.")
    values = [rng.randint(1, D6_SIDES) for _ in range(c.d6)]
    return roll(state, seat, values, {sides: rng.randint(1, sides) for sides in c.special})


def adjust(state: LureState, seat: int, die: int, by: int) -> Action:
    """One Adjust lure played by `seat` moves one of their dice by 1."""
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    cast = state.cast(seat) if s is not None else None
    label = f"{_name(state, seat)} adjusts a die {'up' if by > 0 else 'down'}"
    if s is not None and s.roll is not None and cast is not None and 0 <= die < len(s.roll.dice):
        now = s.roll.dice[die]
        label = f"{_name(state, seat)} adjusts a {die_name(cast.sides()[die])} from {now} to {now + by}"
    return Action("adjust", {"seat": seat, "die": die, "by": by}, label)


def describe_outcome(state: LureState, result: Outcome) -> str:
    parts = []
    for seat in result.group:
        mine = [f for who, f in result.caught if who == seat]
        name = state.names[seat]
        if mine:
            what = ", ".join(f"{a(f.catch)} ({f.vp} VP)" for f in mine)
            parts.append(f"{name} catches {what}")
        else:
            parts.append(f"{name} catches nothing")
    for fish in result.tied:
        parts.append(f"a tie leaves the {fish.catch} in the middle")
    if result.ran_out:
        parts.append(f"out of fish: {listed([state.names[i] for i in result.ran_out])} "
                     f"{'draws' if len(result.ran_out) == 1 else 'draw'} a lure")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def judge(state: LureState, seat: int, fish: int, meets: bool) -> Action:
    """`seat` says whether their roll meets a middle fish checked at the table: 'Ana: meets the 9'."""
    catch = state.middle[fish].catch if is_whole(fish) and 0 <= fish < len(state.middle) else fish
    return Action("judge", {"seat": seat, "fish": fish, "meets": meets},
                  f"{_name(state, seat)}: {'meets' if meets else 'does not meet'} the {catch}")


def take(state: LureState, seat: int, fish: int | None) -> Action:
    """`seat` chooses the fish their roll catches (None: not chosen yet): 'Ana takes the 9'."""
    catch = state.middle[fish].catch if is_whole(fish) and 0 <= fish < len(state.middle) else fish
    label = f"{_name(state, seat)} takes the {catch}" if fish is not None else f"{_name(state, seat)}: no fish chosen"
    return Action("take", {"seat": seat, "fish": fish}, label)


def resolve(state: LureState, other: Mapping[int, Sequence[int]] | None = None,
            choice: Mapping[int, int] | None = None) -> Action:
    """The current group's catch. `other`: per seat, the middle fish with a requirement checked at
    the table that the table says they meet; `choice`: per seat, the fish chosen (catches_per_roll
    'one')."""
    data: dict[str, Any] = {"group": current_group(state)}
    if other:
        data["other"] = {str(seat): list(indices) for seat, indices in other.items()}
    if choice:
        data["choice"] = {str(seat): index for seat, index in choice.items()}
    try:
        result = outcome(state, data.get("other"), data.get("choice"))
    except DomainError:
        return Action("resolve", data, "Make the catch")
    middle_after = len(state.middle) - len(result.caught)
    if middle_after == 0:
        waiting = tuple(i for i, s in enumerate(state.seats) if not s.done and i not in result.group)
        result = replace(result, ran_out=waiting)
    return Action("resolve", data, describe_outcome(state, result))


def draw(state: LureState, seat: int, lure: str, value: int | None = None) -> Action:
    """The lure card `seat` drew (the label keeps it secret)."""
    data: dict[str, Any] = {"seat": seat, "lure": lure}
    if value is not None:
        data["value"] = value
    return Action("draw", data, f"{_name(state, seat)} draws a lure")
