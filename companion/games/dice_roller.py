"""The Dice tab's session: the free dice roller for any game (presets, any mix, keep and re-roll).

Action builders below turn a tap into an action; random outcomes are drawn there,
from the random source passed in, and carried in the action's data.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import dice as dice_mod
from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.table.rules import Move, TableRules
from companion.games.freshwater_fly import table as fly_table
from companion.games.freshwater_fly.table import FlyTable

GAME = "table"  # the name saved sessions carry (the Dice tab was once the Table tab)
DEFAULT_POOL = ("d6", "d6")
RECENT_ROLLS = 20  # the rolls a state keeps (the log keeps them all): a long session's state stays small


@dataclass(frozen=True)
class Roll:
    dice: tuple[str, ...]
    faces: tuple[int, ...]
    kept: frozenset[int] = frozenset()  # dice that kept their face from the roll before

    @property
    def total(self) -> int | None:
        """The sum of the faces, for dice whose faces are numbers."""
        if all(dice_mod.die_type(d).numbered for d in self.dice):
            return sum(self.faces)
        return None


@dataclass(frozen=True)
class DiceState:
    pool: tuple[str, ...] = DEFAULT_POOL
    preset: str | None = None  # the preset the pool came from (its readings apply)
    faces: tuple[int, ...] | None = None  # None until the pool is rolled
    kept: frozenset[int] = frozenset()  # dice a re-roll leaves alone
    rolls: tuple[Roll, ...] = ()  # the last RECENT_ROLLS rolls, oldest first
    count: int = 0  # every roll made: the last one is roll number `count`

    def number_of(self, index: int) -> int:
        """The roll number of `rolls[index]` (1 for the session's first roll)."""
        return self.count - len(self.rolls) + (index % len(self.rolls)) + 1


@dataclass(frozen=True)
class TableState:
    dice: DiceState = field(default_factory=DiceState)
    # A dice draft or Strike cast begun here before Freshwater Fly had a page of its own:
    # kept, so such a session still replays; it carries on on Freshwater Fly's page.
    fly: FlyTable = field(default_factory=FlyTable)

    @property
    def last(self) -> Roll | None:
        return self.dice.rolls[-1] if self.dice.rolls else None


# The dice roller --------------------------------------------------------------------

def _apply_dice(state: DiceState, kind: str, data: Mapping[str, Any]) -> DiceState:
    if kind == "pool":
        pool = dice_mod.check_pool(data.get("dice", []))
        preset = data.get("preset")
        if preset is not None and not isinstance(preset, str):
            raise DomainError("A preset is named by its id.")
        return DiceState(tuple(d.id for d in pool), preset, None, frozenset(), state.rolls, state.count)
    if kind == "roll":
        pool = dice_mod.check_pool(state.pool)
        faces = data.get("faces", [])
        dice_mod.check_faces(pool, faces)
        if state.faces is not None and state.kept and len(state.kept) == len(pool):
            raise DomainError("Every die is kept: release one to roll it again.")
        for i in state.kept:
            if state.faces is not None and faces[i] != state.faces[i]:
                raise DomainError(f"Die {i + 1} is kept: a re-roll leaves it showing {state.faces[i]}.")
        roll = Roll(state.pool, tuple(faces), state.kept if state.faces is not None else frozenset())
        return replace(state, faces=tuple(faces), rolls=(*state.rolls[1 - RECENT_ROLLS:], roll), count=state.count + 1)
    if kind == "keep":
        index, keep = data.get("index"), data.get("keep")
        if state.faces is None:
            raise DomainError("Roll first: only a rolled die can be kept.")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.pool):
            raise DomainError(f"The pool has dice 1 to {len(state.pool)}; there is no die {index!r}.")
        if not isinstance(keep, bool):
            raise DomainError("Say whether to keep the die or roll it again.")
        # Keeping every die is allowed (a roll then has nothing to re-roll, and says so), so that two
        # phones keeping different dice at the same moment are both recorded, in either order.
        return replace(state, kept=frozenset(state.kept | {index} if keep else state.kept - {index}))
    raise DomainError(f"The dice roller does not know the action {kind!r}.")


def set_pool(dice: Sequence[str], preset: str | None = None, label: str | None = None) -> Action:
    pool = dice_mod.check_pool(dice)
    return Action("dice.pool", {"dice": list(dice), "preset": preset},
                  label or f"set the pool to {dice_mod.describe_pool(pool)}")


def roll(state: DiceState, rng: random.Random) -> Action:
    """Roll the pool, or re-roll the dice that are not kept."""
    pool = dice_mod.check_pool(state.pool)
    if state.faces is None or not state.kept:
        return Action("dice.roll", {"faces": list(dice_mod.roll(pool, rng))}, f"roll {dice_mod.describe_pool(pool)}")
    faces = dice_mod.reroll(pool, state.faces, state.kept, rng)
    again = len(pool) - len(state.kept)
    return Action("dice.roll", {"faces": list(faces)},
                  f"re-roll {again} {'die' if again == 1 else 'dice'}, keep {len(state.kept)}")


def keep(state: DiceState, index: int, kept: bool) -> Action:
    die = dice_mod.die_type(state.pool[index])
    face = die.label(state.faces[index]) if state.faces else "?"
    what = f"die {index + 1} ({face})"
    return Action("dice.keep", {"index": index, "keep": kept}, f"keep {what}" if kept else f"release {what}")


# The session's rules, declared with the table kit --------------------------------------

def dice_move(kind: str) -> Callable[[TableState, Mapping[str, Any]], TableState]:
    return lambda state, data: replace(state, dice=_apply_dice(state.dice, kind, data))


def rolled(data: Mapping[str, Any]) -> Footprint:
    """A roll depends on the pool and the kept dice, not on the faces before it."""
    return Footprint(reads=(("dice", "pool"), ("dice", "kept")), writes=(("dice", "faces"),))


def kept(data: Mapping[str, Any]) -> Footprint:
    """Keeping a die depends on the faces it keeps and changes that die alone."""
    die = ("dice", "kept", data.get("index"))
    return Footprint(reads=(("dice", "pool"), ("dice", "faces"), die), writes=(die,))


def pooled(data: Mapping[str, Any]) -> Footprint:
    """A new pool depends on nothing before it, and puts new dice on the table."""
    return Footprint(reads=(), writes=(("dice",),))


# What a table might do now (random play and the conformance tests) ---------------------

POOLS = (("d6", "d6"), ("d6", "d8", "d20"), ("boat", "boat", "boat"), ("town", "boat"), ("d12",))


def candidates(state: TableState, rng: random.Random) -> list[Action]:
    """A pool set, a roll, a die kept or let go, and (in sessions from before the Dice tab) the
    Freshwater Fly draft's and Strike cards' moves."""
    dice = state.dice
    moves = [set_pool(list(rng.choice(POOLS))), roll(dice, rng)] if dice.pool else [set_pool(list(rng.choice(POOLS)))]
    if dice.faces is not None:
        index = rng.randrange(len(dice.pool))
        moves.append(keep(dice, index, index not in dice.kept))
    if rng.random() < 0.2:
        moves += fly_table.table_candidates(state.fly, rng)
    return moves


# Sessions of earlier versions, when the dice, draft and Strike cards were one Table tab, hold
# the Freshwater Fly draft's and Strike cards' moves too (on the state's `fly`).
RULES: TableRules[TableState] = TableRules(
    game=GAME, title="Dice session", setup=lambda setup: TableState(),
    moves=(Move("dice.pool", dice_move("pool"), ("dice", "preset"), touches=pooled),
           Move("dice.roll", dice_move("roll"), ("faces",), touches=rolled),
           Move("dice.keep", dice_move("keep"), ("index", "keep"), touches=kept),
           *fly_table.fly_moves(lambda state: state.fly, lambda state, fly: replace(state, fly=fly))),
    seats=lambda state: fly_table.draft_seats(state.fly), phase=lambda state: fly_table.draft_phase(state.fly),
    example_setup=lambda rng: {}, candidates=candidates,
)
