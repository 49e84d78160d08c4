"""Correcting a saved Fleet Dice play, declared with the table kit: each player's final sheet as
numbers to set (`edit`), saved again as a play of the same format (History's Edit)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.table.phases import anyone
from companion.core.table.rules import Move, TableRules, own
from companion.games.fleet_dice import edit
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.edit import GAME, EditState, to_play  # noqa: F401  (to_play: for History)
from companion.games.fleet_dice.layout import BOAT_TYPES


def example_setup(rng: random.Random) -> dict[str, Any]:
    """A saved play to correct: a game played some way by random moves, filed as a play."""
    played = fleet.RULES.initial_state(fleet.RULES.example_setup(rng))
    for _ in range(rng.randint(0, 120)):
        moves = fleet.RULES.candidates(played, rng)
        if not moves:
            break
        played = fleet.RULES.apply(played, rng.choice(moves))
    return {"entry": fleet.to_play(played, "play", "2026-11-20T21:00:00").entry, "play_id": "play"}


def candidates(state: EditState, rng: random.Random) -> list[Action]:
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


def _bonus(data: Mapping[str, Any]) -> Footprint:
    """A King Crab bonus is one per table: choosing one reads every sheet."""
    return Footprint(reads=(("sheet",),), writes=(("sheet", data.get("seat")),))


# A correction of a saved play copies the paper sheets: it is the table's, not one seat's (any phone
# at the table may make it, as History's other tools); each correction touches its own sheet.
RULES: TableRules[EditState] = TableRules(
    game=GAME, title="Fleet Dice correction", setup=edit.new_correction,
    moves=(Move("boxes", edit.set_box_count, ("seat", "track", "count"), touches=own("sheet")),
           Move("license", edit.set_license_level, ("seat", "boat_type", "level"), touches=own("sheet")),
           Move("boats", edit.set_boats_launched, ("seat", "kind", "count"), touches=own("sheet")),
           Move("fish", edit.set_fish_on_boat, ("seat", "kind", "index", "fish"), touches=own("sheet")),
           Move("bonus", edit.set_bonus, ("seat", "bonus"), touches=_bonus)),
    phase=anyone("a saved play's sheets are corrected, in any order"), example_setup=example_setup,
    candidates=candidates,
)
