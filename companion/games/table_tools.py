"""The Table tab's session: dice rolled at the table, with their history."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import dice
from companion.core.errors import DomainError
from companion.core.session import Action

GAME = "table"
ROLL = "roll"


@dataclass(frozen=True)
class Roll:
    dice: tuple[str, ...]
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)


@dataclass(frozen=True)
class TableState:
    rolls: tuple[Roll, ...] = ()

    @property
    def last(self) -> Roll | None:
        return self.rolls[-1] if self.rolls else None


def roll_action(die_ids: Sequence[str], rng: random.Random) -> Action:
    """Roll a pool now; the faces go into the action so replay repeats them."""
    pool = dice.check_pool(die_ids)
    faces = dice.roll(pool, rng)
    return Action(ROLL, {"dice": list(die_ids), "faces": list(faces)}, f"roll {dice.describe_pool(pool)}")


class TableRules:
    game = GAME
    title = "Table dice"

    def initial_state(self, setup: Mapping[str, Any]) -> TableState:
        return TableState()

    def apply(self, state: TableState, action: Action) -> TableState:
        if action.type != ROLL:
            raise DomainError(f"The table does not know the action {action.type!r}.")
        pool = dice.check_pool(action.data.get("dice", []))
        faces = action.data.get("faces", [])
        dice.check_faces(pool, faces)
        return TableState(state.rolls + (Roll(tuple(d.id for d in pool), tuple(faces)),))


RULES = TableRules()
