"""The table's dice in Fleet Dice: one roll per phase, taken one die at a time
(rules: ../shared/seeds/004, Set Up, Boat Phase, Town Phase, Round End).

- Set Up: "Boat Dice = # of players plus one in boat dice"; "Town Dice = # of players in
  town dice plus one boat die"; "Randomly select a start player".
- Each phase: "The start player rolls" the phase's pool; "One at a time, beginning with
  the start player and continuing in clockwise order, players will select one available
  die"; "All players use the remaining, unselected die".
- Round End: "Pass the start player marker and dice clockwise."

Seats are in clockwise order; the picking order and the start player passed each round are the
table kit's (`core.table.turns`). The table is in the earliest phase any sheet is in: it moves
on once every sheet has used both dice of the phase and made every choice they gave
(fishing included), and only then can the next phase's dice be rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from companion.core.errors import DomainError
from companion.games.fleet_dice.sheet import Sheet
from companion.games.fleet_dice.sheet_terms import BOAT_FACES, TOWN_FACES

TablePhase = Literal["boat", "town"]
PHASES: tuple[TablePhase, ...] = ("boat", "town")


class TableError(DomainError):
    """Not this die, not now, or not this player's pick: the message says who or what instead."""


def pool(phase: str, players: int) -> tuple[tuple[str, ...], ...]:
    """The faces each die of the phase's pool can show: players + 1 boat dice in the boat
    phase; players town dice plus one boat die (last) in the town phase."""
    if phase == "boat":
        return (BOAT_FACES,) * (players + 1)
    return (TOWN_FACES,) * players + (BOAT_FACES,)


def position(sheet: Sheet) -> tuple[int, int] | None:
    """Where a sheet is: (round, 0 for the boat phase or 1 for the town phase); None when over."""
    return None if sheet.over else (sheet.round, PHASES.index(sheet.phase))


@dataclass(frozen=True)
class TableRoll:
    """One phase's roll: the faces, and the die each seat took (None: not yet). `app`: rolled with the app's
    dice, not tapped in from the table's: the next phase's roll then comes with the move that ends this one."""

    round: int
    phase: TablePhase
    faces: tuple[str, ...]
    taken: tuple[int | None, ...]
    app: bool = False

    def free(self) -> list[int]:
        """The dice nobody took yet."""
        return [i for i in range(len(self.faces)) if i not in self.taken]

    def next_picker(self, order: Sequence[int]) -> int | None:
        """Whose pick it is: the first seat in `order` without a die; None once all have one."""
        return next((seat for seat in order if self.taken[seat] is None), None)

    @property
    def shared(self) -> int | None:
        """The die every player uses, once each has taken one: the one left."""
        free = self.free()
        return free[0] if len(free) == 1 and None not in self.taken else None

    def take(self, seat: int, die: int) -> TableRoll:
        taken = list(self.taken)
        taken[seat] = die
        return replace(self, taken=tuple(taken))


def check_faces(phase: str, players: int, faces: object) -> tuple[str, ...]:
    """The faces of a roll of the phase's pool, in the pool's order, or a TableError naming what is wrong."""
    dice = pool(phase, players)
    if not isinstance(faces, (list, tuple)) or len(faces) != len(dice):
        dice_words = f"{len(dice)} boat dice" if phase == "boat" else f"{len(dice) - 1} town dice and one boat die"
        raise TableError(f"The {phase} phase rolls {dice_words}.")
    for i, (face, allowed) in enumerate(zip(faces, dice)):
        if face not in allowed:
            kind = "a boat die" if allowed == BOAT_FACES else "a town die"
            raise TableError(f"Die {i + 1} is {kind}: it shows one of {', '.join(allowed)}, not {face!r}.")
    return tuple(faces)
