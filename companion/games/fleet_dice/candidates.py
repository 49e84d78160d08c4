"""What the players of a Fleet Dice game might do now, with the table's roll drawn from `rng`:
the moves random play and the conformance tests choose from, every one of them allowed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.table.seats import seat_entry
from companion.games.fleet_dice import actions
from companion.games.fleet_dice.game import FleetGame, setup_for
from companion.games.fleet_dice.layout import BOAT_TYPES
from companion.games.fleet_dice.sheet_terms import BOAT_FACES, FACES

NAMES = ("Ana", "Ben", "Cy", "Dee")


def example_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    """2 to 4 sheets at the table's round (sometimes, as before the table's round, sheets on their own)."""
    players = [seat_entry(n, f"p-{n.lower()}", start=rng.choice(BOAT_TYPES))
               for n in names[:rng.randint(2, min(4, len(names)))]]
    return setup_for(players, None if rng.random() < 0.1 else rng.randrange(len(players)))


def roll(state: FleetGame, rng: random.Random) -> Action:
    """The phase's roll: the app's dice (the next phases then rolled by the move ending each) or the table's."""
    return actions.roll_dice(state, actions.app_roll(state, rng), app=rng.random() < 0.5)


def rerolls(state: FleetGame, rng: random.Random) -> list[Action]:
    """A Casino re-roll of each die a finished Casino could re-roll now, its new face rolled by `rng`."""
    moves = []
    for seat, sheet in enumerate(state.sheets):
        if not sheet.can_reroll():
            continue
        if state.at_table:
            moves += [actions.reroll_with(state, seat, face, rng, pick)
                      for pick, face in actions.table_dice(state, seat) if pick is not None]
        else:
            faces = BOAT_FACES if sheet.phase == "boat" else FACES
            moves.append(actions.reroll_with(state, seat, rng.choice(faces), rng))
    return moves


def candidates(state: FleetGame, rng: random.Random) -> list[Action]:
    moves = [a for seat in range(len(state.names)) for a in actions.legal_actions(state, seat)]
    moves += rerolls(state, rng)
    if state.at_table and not state.over and state.why_no_roll() is None:
        moves.append(roll(state, rng))
    return moves
