"""Lure declared with the table kit (rules text: seed 001), round after round to the end.

Each round: *Splash*, the table reveals the fish (anyone at the table enters them); *Cast*,
every player chooses dice and lures in secret, on their own phone, and the last cast reveals
them all; *Fish*, the players roll in groups from fewest dice to most (equal counts together),
play their Adjust lures, and the group makes its catch; a player who caught nothing draws a
lure. The fish deck and the lure deck stay at the table: every random outcome is in an action.

The modules: `state` (what a game holds), `data` and `setup` (its numbers), `view` (what the
screens ask), `casting` and `fishing` (the moves), `actions` (the moves as taps build them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.actions import Footprint
from companion.core.table.phases import Phase, nobody
from companion.core.table.rules import Move, TableRules, names_and_ids, own, seat_in
from companion.core.table.seats import ANY_SEAT
from companion.core.words import listed
from companion.games.lure import candidates, casting, fishing
from companion.games.lure.actions import (  # noqa: F401  (the game's moves as taps build them)
    adjust,
    cast,
    describe_outcome,
    draw,
    judge,
    resolve,
    roll,
    roll_with,
    splash,
    take,
)
from companion.games.lure.data import LureData, default_data, parse_data  # noqa: F401
from companion.games.lure.fishing import outcome  # noqa: F401
from companion.games.lure.scoring import GAME_NAME, score_state, to_play  # noqa: F401  (to_play: for History)
from companion.games.lure.setup import new_game, read_settings, setup_for  # noqa: F401
from companion.games.lure.state import (  # noqa: F401  (the game's words, read through its rules too)
    ADJUST,
    BOOST,
    CAST,
    CATCHES,
    EXTRA,
    FISH,
    GAME,
    LURE_NAMES,
    LURES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ONE,
    OVER,
    REFILLS,
    SPLASH,
    Cast,
    Hand,
    LureError,
    LureState,
)
from companion.games.lure.view import (  # noqa: F401  (what the screens ask)
    adjusts_left,
    can_catch,
    cast_of,
    current_group,
    current_seats,
    groups,
    has_cast,
    next_step,
    owed_draws,
    revealed,
    splash_count,
    standings,
    to_check,
    total,
)


def rolling_now(state: LureState, data: Mapping[str, Any]) -> frozenset[int] | str:
    """The group whose catch it is: any of its players taps "Make the catch"."""
    return frozenset(current_seats(state)) or ANY_SEAT


# Casts are made at the same moment on every phone, and players rolling together roll and adjust
# at the same moment: each of these, and a lure drawn, touches its own seat. The last cast reveals
# them all (every hand gives up its played lures), which no other seat's first cast, roll or draw
# depends on: a roll is only offered once the casts are shown. A cast made again depends on the
# round still being open, which the last first cast may close: it reads every cast.
SEAT = own("seat")


def cast_touches(data: Mapping[str, Any]) -> Footprint:
    mine = ("seat", data.get("seat"))
    return Footprint(reads=(mine, ("seat",)) if data.get("again") is True else (mine,), writes=(mine,))


def round_phase(state: LureState) -> Phase:
    """Whom the round waits on: anyone to reveal the fish; every player still to cast (a cast locked in
    may be made again until the last is in); the group whose catch it is, rolling together. A lure owed is
    recorded at any time."""
    names = state.names
    if state.phase == SPLASH:
        return Phase("the fish are revealed first", ANY_SEAT, frozenset({"splash"}))
    if state.phase == CAST:
        waiting = state.casts.waiting
        return Phase(f"the casts wait on {listed([names[s] for s in waiting])}", frozenset(waiting),
                     frozenset({"cast"}), active=frozenset(state.casts.seats))
    seats = current_seats(state) if state.phase == FISH else ()
    if not seats:
        return nobody("the game is over")
    return Phase(f"the catch waits on {listed([names[s] for s in seats])} (fewest dice first)", frozenset(seats),
                 frozenset({"roll", "adjust", "judge", "take", "resolve"}))


RULES: TableRules[LureState] = TableRules(
    game=GAME, title="Lure", setup=new_game, error=LureError, seats=names_and_ids,
    moves=(
        Move("splash", casting.splash, ("fish",)),
        Move("cast", casting.cast, ("seat", "d6", "special", "adjust", "boost", "extra", "again"), seat_in(),
             cast_touches, secret=True),
        Move("roll", fishing.roll, ("seat", "values", "special"), seat_in(), SEAT, doing="roll"),
        Move("adjust", fishing.adjust, ("seat", "die", "by"), seat_in(), SEAT, doing="adjust a die"),
        Move("judge", fishing.judge, ("seat", "fish", "meets"), seat_in(), SEAT, doing="say what the roll meets"),
        Move("take", fishing.take, ("seat", "fish"), seat_in(), SEAT, doing="choose a fish"),
        Move("resolve", fishing.resolve, ("group", "other", "choice"), rolling_now),
        Move("draw", fishing.draw, ("seat", "lure", "value"), seat_in(), SEAT, anytime=True),
    ),
    over=lambda state: state.over, secret="casts", phase=round_phase,
    reopens="the casts are secret again", example_setup=candidates.example_setup,
    candidates=candidates.candidates,
)
