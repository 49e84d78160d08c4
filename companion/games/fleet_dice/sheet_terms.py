"""The words of a Fleet Dice score sheet (rules: ../shared/seeds/004): the dice's faces, the choices the
rules ask for, a Casino re-roll, and the errors a sheet raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.core.errors import DomainError
from companion.games.fleet_dice.layout import BOAT_TYPES, COINS

BOAT_FACES = (*BOAT_TYPES, COINS)  # the boat die: five boat types and 3 Coins
TOWN_FACES = ("harbor", "wharf", "market")  # the town die, each on two faces
FACES = (*BOAT_FACES, *TOWN_FACES)
BOAT_KINDS = (*BOAT_TYPES, "king_crab", "inuit", "barge")  # everything that is a boat
COINS_FACE = 3

Phase = Literal["boat", "town", "over"]
Die = Literal["chosen", "shared"]


class GoldenRuleError(DomainError):
    """A fill that is not the topmost open box of its track."""


class SheetError(DomainError):
    """Something the sheet's rules do not allow now; the message says what instead."""


@dataclass(frozen=True)
class Choice:
    """A decision the rules ask for before play goes on."""

    kind: Literal["either", "gold", "swordfish", "king_crab", "fishing"]
    boat_type: str | None = None  # "either": which type's symbol


@dataclass(frozen=True)
class Reroll:
    """A Casino re-roll of the die selected ("After filling in two boxes, you may re-roll the die you select
    in either phase"): the table's die `pick` (None: a die tapped in, sheets kept before the table's round),
    the face it showed and the face it shows now. The sheet uses that die, with that face, next."""

    pick: int | None
    was: str
    face: str
