"""Dice: standard and custom-faced, rolled with a random source passed in."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.errors import DomainError

MAX_DICE = 20


@dataclass(frozen=True)
class DieType:
    """A kind of die. A rolled value is a face number from 1 to `sides`."""

    id: str
    name: str
    faces: tuple[str, ...]  # the label of face 1, face 2, ...

    @property
    def sides(self) -> int:
        return len(self.faces)

    def label(self, value: int) -> str:
        return self.faces[value - 1]


def standard_die(sides: int) -> DieType:
    return DieType(f"d{sides}", f"d{sides}", tuple(str(n) for n in range(1, sides + 1)))


STANDARD_DICE: dict[str, DieType] = {f"d{n}": standard_die(n) for n in (4, 6, 8, 10, 12, 20)}


def die_type(die_id: str) -> DieType:
    """The die called `die_id`, or DomainError naming it."""
    try:
        return STANDARD_DICE[die_id]
    except KeyError:
        raise DomainError(f"There is no die called {die_id!r}.") from None


def roll(dice: Sequence[DieType], rng: random.Random) -> tuple[int, ...]:
    """One face per die, each equally likely."""
    return tuple(rng.randint(1, die.sides) for die in dice)


def check_pool(dice: Sequence[str]) -> tuple[DieType, ...]:
    """The dice of a pool by id, or DomainError when the pool is empty, too big or unknown."""
    if not dice:
        raise DomainError("A roll needs at least one die.")
    if len(dice) > MAX_DICE:
        raise DomainError(f"At most {MAX_DICE} dice can be rolled at once, not {len(dice)}.")
    return tuple(die_type(d) for d in dice)


def check_faces(dice: Sequence[DieType], faces: Sequence[int]) -> None:
    """DomainError unless there is one face per die, each on that die."""
    if len(faces) != len(dice):
        raise DomainError(f"{len(dice)} dice need {len(dice)} faces, not {len(faces)}.")
    for i, (die, face) in enumerate(zip(dice, faces)):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= die.sides:
            raise DomainError(f"Die {i + 1} is a {die.name}: its face must be 1 to {die.sides}, not {face!r}.")


def describe_pool(dice: Sequence[DieType]) -> str:
    """'3 d6 + 1 d20' for a pool, in the order the dice first appear."""
    counts = Counter(d.name for d in dice)
    return " + ".join(f"{n} {name}" for name, n in counts.items())
