"""What the players of a Fleet Dice game might do now, with the table's roll drawn from `rng`:
the moves random play and the conformance tests choose from, every one of them allowed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.games.fleet_dice import edit
from companion.games.fleet_dice import game as fleet
from companion.games.fleet_dice.layout import BOAT_TYPES
from companion.games.fleet_dice.table import PHASES, pool

NAMES = ("Ana", "Ben", "Cy", "Dee")


def example_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    """2 to 4 sheets at the table's round (sometimes, as before the table's round, sheets on their own)."""
    players = [{"name": n, "start": rng.choice(BOAT_TYPES)} for n in names[:rng.randint(2, min(4, len(names)))]]
    if rng.random() < 0.1:
        return {"players": players}
    return {"players": players, "start_player": rng.randrange(len(players))}


def roll(game: fleet.FleetGame, rng: random.Random) -> Action:
    phase = PHASES[game.position()[1]]
    return fleet.roll_dice(game, [rng.choice(faces) for faces in pool(phase, len(game.names))])


def candidates(game: fleet.FleetGame, rng: random.Random) -> list[Action]:
    moves = [a for seat in range(len(game.names)) for a in fleet.legal_actions(game, seat)]
    if game.at_table and not game.over and game.why_no_roll() is None:
        moves.append(roll(game, rng))
    return moves


def edit_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    """A saved play to correct: a game played some way by random moves, filed as a play."""
    game = fleet.RULES.initial_state(example_setup(rng, names))
    for _ in range(rng.randint(0, 120)):
        moves = candidates(game, rng)
        if not moves:
            break
        game = fleet.RULES.apply(game, rng.choice(moves))
    return {"entry": fleet.to_play(game, "play", "2026-11-20T21:00:00").entry, "play_id": "play"}


def edit_candidates(state: edit.EditState, rng: random.Random) -> list[Action]:
    seat = rng.randrange(len(state.names))
    sheet = state.sheets[seat]
    layout = sheet.layout
    track = rng.choice(list(sheet.filled))
    kind = rng.choice(list(sheet.boats))
    moves = [edit.set_boxes(state, seat, track, rng.randint(0, layout.track_length(track))),
             edit.set_license(state, seat, rng.choice(BOAT_TYPES), rng.randint(0, 3)),
             edit.set_boats(state, seat, kind, rng.randint(0, edit.boats_available(layout, kind)))]
    if sheet.boats[kind]:
        index = rng.randrange(len(sheet.boats[kind]))
        moves.append(edit.set_fish(state, seat, kind, index, rng.randint(0, sheet.capacity(kind, index))))
    if sheet.complete("king_crab"):
        moves.append(edit.choose_bonus(state, seat, rng.choice([None, *(b.id for b in layout.bonuses)])))
    return moves
