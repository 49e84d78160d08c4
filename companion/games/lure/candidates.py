"""What the players of a Lure game might do now, with any random outcome drawn from `rng`:
the moves random play and the conformance tests choose from (each is accepted by the rules,
but for a roll's adjustment the dice may refuse)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.table.seats import seat_entry
from companion.games.lure import actions, view
from companion.games.lure.cards import FishCard, Requirement
from companion.games.lure.setup import setup_for
from companion.games.lure.state import (
    CAST,
    CATCHES,
    EXTRA,
    FISH,
    LURES,
    ONE,
    REFILLS,
    SPLASH,
    LureState,
)

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
KINDS = ("none", "none", "none", "pair", "shows", "both", "special", "other")


def example_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    """A short game: 2 to 5 players, a small deck, any readings of the open rules."""
    players = [seat_entry(n, f"p-{n.lower()}") for n in names[:rng.randint(2, min(5, len(names)))]]
    return setup_for(players, deck=rng.randint(2, 8), d6=rng.randint(1, 6),
                          refill=rng.choice(REFILLS), catches_per_roll=rng.choice(CATCHES),
                          lures={"adjust": rng.randint(0, 2), "boost": rng.randint(0, 1), "extra": [3]})


def fish_card(rng: random.Random) -> FishCard:
    kind = rng.choice(KINDS)
    n = rng.randint(1, 6) if kind in ("shows", "both") else None
    m = rng.randint(1, 6) if kind == "both" else None
    return FishCard(rng.randint(1, 12), rng.randint(0, 8), Requirement(kind, n, m))


def cast_for(state: LureState, seat: int, rng: random.Random) -> Action:
    s, settings = state.seats[seat], state.settings
    everything = rng.random() < 0.5  # half the time every die at hand: no fish stays out of reach for long
    special = [d for d in settings.special_dice if d not in s.resting and (everything or rng.random() < 0.4)]
    extra = [v for v in s.hand.extra if rng.random() < 0.5]
    return actions.cast(state, seat, settings.d6 if everything else rng.randint(0, settings.d6), special,
                        rng.randint(0, s.hand.adjust), rng.randint(0, s.hand.boost), extra)


def candidates(state: LureState, rng: random.Random) -> list[Action]:
    moves = [actions.draw(state, seat, kind, rng.choice(state.settings.extra_values) if kind == EXTRA else None)
             for seat, s in enumerate(state.seats) if s.owed for kind in (rng.choice(LURES),)]
    if state.phase == SPLASH:
        moves.append(actions.splash(state, [fish_card(rng) for _ in range(view.splash_count(state))]))
    elif state.phase == CAST:
        moves += [cast_for(state, seat, rng) for seat, s in enumerate(state.seats)
                  if not view.has_cast(state, seat) or rng.random() < 0.2]
    elif state.phase == FISH:
        seats = view.current_seats(state)
        moves += [actions.roll_with(state, seat, rng) for seat in seats if state.seats[seat].roll is None]
        for seat in seats:
            s = state.seats[seat]
            if s.roll is not None and s.roll.dice and view.adjusts_left(state, seat):
                die = rng.randrange(len(s.roll.dice))
                value, sides = s.roll.dice[die], state.cast(seat).sides()[die]
                moves += [actions.adjust(state, seat, die, by) for by in (1, -1) if 1 <= value + by <= sides]
        for seat in seats:  # what a player says of their own roll
            s = state.seats[seat]
            if s.roll is None:
                continue
            moves += [actions.judge(state, seat, f, rng.random() < 0.5) for f in view.to_check(state, seat)]
            options = view.can_catch(state, seat, s.roll.meets)
            # A fish taken that the roll, as now judged, no longer catches is taken back or another taken: the
            # catch refused it, and random play stood still (seed 566).
            stale = s.roll.takes is not None and s.roll.takes not in options
            if state.settings.catches_per_roll == ONE and (len(options) > 1 or stale):
                moves.append(actions.take(state, seat, rng.choice(options) if options else None))
        if seats and all(state.seats[i].roll is not None for i in seats):
            other = {i: [f for f in view.to_check(state, i) if rng.random() < 0.5] for i in seats}
            choice = {}
            if state.settings.catches_per_roll == ONE:
                for i in seats:
                    options = view.can_catch(state, i, other[i])
                    if options:
                        choice[i] = rng.choice(options)
            # The catch as each player said of their roll, or as earlier versions recorded it (all in one).
            moves.append(actions.resolve(state) if rng.random() < 0.5 else actions.resolve(state, other, choice))
    return moves
