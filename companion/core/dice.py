"""Dice: standard and custom-faced, rolled with a random source passed in.

A rolled value is always a face number from 1 to the die's number of sides; what
that face shows (a number, a word, a picture) is the die's business. Custom dice
(the Fleet Dice boat and town dice, the pearl boat game's chance d8) are data in
`assets/dice/dice.json`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require
from companion.core.errors import DomainError
from companion.core.words import count

MAX_DICE = 20
MAX_SIDES = 100
STANDARD_SIDES = (4, 6, 8, 10, 12, 20)


@dataclass(frozen=True)
class Face:
    label: str
    icon: str | None = None  # a picture in assets/dice/


@dataclass(frozen=True)
class DieType:
    """A kind of die."""

    id: str
    name: str
    faces: tuple[Face, ...]

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def numbered(self) -> bool:
        """True for standard dice, whose faces are their numbers."""
        return all(f.label == str(n) for n, f in enumerate(self.faces, 1))

    def label(self, value: int) -> str:
        return self.faces[value - 1].label

    def icon(self, value: int) -> str | None:
        return self.faces[value - 1].icon


def standard_die(sides: int) -> DieType:
    return DieType(f"d{sides}", f"d{sides}", tuple(Face(str(n)) for n in range(1, sides + 1)))


def parse_dice(data: Any, where: str = "dice.json") -> dict[str, DieType]:
    """Custom dice from their data, checked; AssetError names the first bad field."""
    found: dict[str, DieType] = {}
    raw_dice = require(data, "dice", list, where)
    if len(raw_dice) > 50:
        raise AssetError(f"{where}.dice: at most 50 dice")
    for i, die in enumerate(raw_dice):
        here = f"{where}.dice[{i}]"
        die_id = require(die, "id", str, here)
        if die_id in found or die_id in {f"d{n}" for n in STANDARD_SIDES}:
            raise AssetError(f"{here}.id: {die_id!r} is already a die")
        faces = []
        for j, face in enumerate(require(die, "faces", list, here)):
            icon = face.get("icon") if isinstance(face, dict) else None
            if icon is not None and not isinstance(icon, str):
                raise AssetError(f"{here}.faces[{j}].icon: expected str, got {icon!r}")
            faces.append(Face(require(face, "label", str, f"{here}.faces[{j}]"), icon))
        if not 2 <= len(faces) <= MAX_SIDES:
            raise AssetError(f"{here}.faces: a die has 2 to {MAX_SIDES} faces, not {len(faces)}")
        found[die_id] = DieType(die_id, require(die, "name", str, here), tuple(faces))
    return found


@cache
def all_dice() -> Mapping[str, DieType]:
    """Every die the app knows, standard ones first."""
    dice = {f"d{n}": standard_die(n) for n in STANDARD_SIDES}
    dice.update(load_data("dice/dice.json", parse_dice))
    return dice


def die_type(die_id: str) -> DieType:
    """The die called `die_id`, or DomainError naming it."""
    try:
        return all_dice()[die_id]
    except KeyError:
        raise DomainError(f"There is no die called {die_id!r}.") from None


def roll(dice: Sequence[DieType], rng: random.Random) -> tuple[int, ...]:
    """One face per die, each equally likely."""
    return tuple(rng.randint(1, die.sides) for die in dice)


def reroll(dice: Sequence[DieType], faces: Sequence[int], kept: Collection[int], rng: random.Random) -> tuple[int, ...]:
    """Roll again every die whose index is not in `kept`; kept dice keep their faces."""
    return tuple(face if i in kept else rng.randint(1, die.sides) for i, (die, face) in enumerate(zip(dice, faces)))


def check_pool(dice: Any) -> tuple[DieType, ...]:
    """The dice of a pool by id, or DomainError when the pool is empty, too big or unknown."""
    if not isinstance(dice, (list, tuple)) or not all(isinstance(d, str) for d in dice):
        raise DomainError("A pool of dice is a list of dice names, such as d6 or boat.")
    if not dice:
        raise DomainError("A roll needs at least one die.")
    if len(dice) > MAX_DICE:
        raise DomainError(f"At most {MAX_DICE} dice can be rolled at once, not {len(dice)}.")
    return tuple(die_type(d) for d in dice)


def check_faces(dice: Sequence[DieType], faces: Any) -> None:
    """DomainError unless there is one face per die, each on that die."""
    if not isinstance(faces, (list, tuple)):
        raise DomainError(f"A roll of {count(len(dice), 'die', 'dice')} is a list of {count(len(dice), 'face')}, "
                          f"not {faces!r}.")
    if len(faces) != len(dice):
        raise DomainError(f"{count(len(dice), 'die', 'dice')} need{'s' if len(dice) == 1 else ''} "
                          f"{count(len(dice), 'face')}, not {len(faces)}.")
    for i, (die, face) in enumerate(zip(dice, faces)):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= die.sides:
            raise DomainError(f"Die {i + 1} is a {die.name}: its face must be 1 to {die.sides}, not {face!r}.")


def describe_pool(dice: Sequence[DieType]) -> str:
    """'3 d6 + 1 d20' or '2 Town dice + 1 Boat die' for a pool, in the order the dice first appear."""
    counts = Counter(d.name for d in dice)
    return " + ".join(f"{n} {_plural(name) if n > 1 else name}" for name, n in counts.items())


def _plural(name: str) -> str:
    return name[:-4] + " dice" if name.endswith(" die") else name
