"""The Table tab's session: the dice roller, the Freshwater Fly dice draft and the
Strike-card dealer, one log for all three (so one Undo takes back the last thing
done at the table, whichever tool it was).

Action builders below turn a tap into an action; random outcomes are drawn there,
from the random source passed in, and carried in the action's data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import dice as dice_mod
from companion.core.errors import DomainError
from companion.core.session import Action, Footprint
from companion.games.freshwater_fly import draft as draft_rules
from companion.games.freshwater_fly import strike as strike_rules
from companion.games.freshwater_fly.draft import DraftState
from companion.games.freshwater_fly.strike import ROWS, StrikeState, deck_rules

GAME = "table"
DEFAULT_POOL = ("d6", "d6")


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
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True)
class TableState:
    dice: DiceState = field(default_factory=DiceState)
    draft: DraftState | None = None
    strike: StrikeState = field(default_factory=StrikeState)

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
        return DiceState(tuple(d.id for d in pool), preset, None, frozenset(), state.rolls)
    if kind == "roll":
        pool = dice_mod.check_pool(state.pool)
        faces = data.get("faces", [])
        dice_mod.check_faces(pool, faces)
        for i in state.kept:
            if state.faces is not None and faces[i] != state.faces[i]:
                raise DomainError(f"Die {i + 1} is kept: a re-roll leaves it showing {state.faces[i]}.")
        roll = Roll(state.pool, tuple(faces), state.kept if state.faces is not None else frozenset())
        return replace(state, faces=tuple(faces), rolls=state.rolls + (roll,))
    if kind == "keep":
        index, keep = data.get("index"), data.get("keep")
        if state.faces is None:
            raise DomainError("Roll first: only a rolled die can be kept.")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.pool):
            raise DomainError(f"The pool has dice 1 to {len(state.pool)}; there is no die {index!r}.")
        if not isinstance(keep, bool):
            raise DomainError("Say whether to keep the die or roll it again.")
        kept = state.kept | {index} if keep else state.kept - {index}
        if len(kept) == len(state.pool):
            raise DomainError("Keep fewer dice than the pool holds: at least one must be re-rolled.")
        return replace(state, kept=frozenset(kept))
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


# The Freshwater Fly draft ------------------------------------------------------------

def _apply_draft(state: DraftState | None, kind: str, data: Mapping[str, Any]) -> DraftState | None:
    if kind == "start":
        return draft_rules.begin(data.get("seats"), data.get("start"), data.get("solo"))
    if state is None:
        raise DomainError("Start a dice draft first.")
    if kind == "roll":
        return draft_rules.roll_round(state, data.get("faces"))
    if kind == "change":
        return draft_rules.change_face(state, data.get("index"), data.get("to"), data.get("how"), data.get("from"))
    if kind == "reroll":
        return draft_rules.reroll_pool(state, data.get("faces"))
    if kind == "take":
        return draft_rules.take(state, data.get("index"))
    if kind == "end":
        return None
    raise DomainError(f"The dice draft does not know the action {kind!r}.")


def start_draft(seats: Sequence[str], start: int = 0, solo: bool = False) -> Action:
    who = "Fly Solo" if solo else ", ".join(seats)
    return Action("draft.start", {"seats": list(seats), "start": start, "solo": solo},
                  f"start a dice draft ({who})")


def roll_draft(state: DraftState, rng: random.Random, count: int | None = None) -> Action:
    """Roll the next round's pool (`count` in Fly Solo: what the on-deck tile shows)."""
    n = count if state.solo else draft_rules.pool_size(len(state.seats))
    if n is None:
        raise DomainError("Say how many dice the on-deck hatch tile shows (4 or 5).")
    return Action("draft.roll", {"faces": draft_rules.roll_faces(n, rng)}, f"roll round {state.round + 1} ({n} dice)")


CHANGE_NAMES = {draft_rules.FINESSE_UP: "Finesse +1", draft_rules.FINESSE_DOWN: "Finesse -1",
                draft_rules.FLIP: "Momentum 5A", draft_rules.ANY_FACE: "Skill L"}


def change_die(state: DraftState, index: int, how: str, to: int, skill_from: int | None = None) -> Action:
    name = CHANGE_NAMES.get(how, f"Skill {how.removeprefix('skill-')}")
    data: dict[str, Any] = {"index": index, "to": to, "how": how}
    if skill_from is not None:
        data["from"] = skill_from
    return Action("draft.change", data, f"{name}: a {state.pool[index]} becomes a {to}")


def reroll_draft(state: DraftState, rng: random.Random) -> Action:
    return Action("draft.reroll", {"faces": draft_rules.roll_faces(len(state.pool), rng)},
                  "Momentum 5B: re-roll the pool")


def take_die(state: DraftState, index: int) -> Action:
    seat = state.turn
    who = state.seats[seat] if seat is not None else "?"
    return Action("draft.take", {"index": index}, f"{who} takes a {state.pool[index]}")


def end_draft() -> Action:
    return Action("draft.end", {}, "end the dice draft")


# The Strike-card dealer --------------------------------------------------------------

def _apply_strike(state: StrikeState, kind: str, data: Mapping[str, Any]) -> StrikeState:
    rules = deck_rules()
    if kind == "start":
        return strike_rules.start(state, data.get("order"), data.get("mode"), rules)
    if kind == "deal":
        return strike_rules.deal(state, data.get("count"), data.get("finesse") is True)
    if kind == "row":
        return strike_rules.silent_row(state, data.get("fish"))
    if kind == "restart":
        return strike_rules.restart(state, data.get("order"), rules)
    if kind == "end":
        return strike_rules.end(state)
    raise DomainError(f"The Strike dealer does not know the action {kind!r}.")


def start_cast(hooks: int, rng: random.Random, silent: bool = False) -> Action:
    order = strike_rules.new_order(hooks, rng)
    if silent:
        return Action("strike.start", {"order": order, "mode": "silent"}, "start a Silent Angler cast")
    return Action("strike.start", {"order": order, "mode": "you"}, "start a cast")


def deal(count: int = 1, finesse: bool = False) -> Action:
    label = "Finesse: one more card" if finesse else ("hit me x2" if count == 2 else "hit me")
    return Action("strike.deal", {"count": count, "finesse": finesse}, label)


def silent_row(state: StrikeState, fish: bool) -> Action:
    row = ROWS[min(state.row, len(ROWS) - 1)]
    return Action("strike.row", {"fish": fish}, f"Silent Angler: {'a fish' if fish else 'a rock'} in the {row} row")


def restart_cast(state: StrikeState, rng: random.Random) -> Action:
    hooks = (state.deck + state.revealed).count(strike_rules.HOOK)
    return Action("strike.restart", {"order": strike_rules.new_order(hooks, rng)}, "Skill G: restart the cast")


def end_cast() -> Action:
    return Action("strike.end", {}, "end the cast")


# The session's rules -----------------------------------------------------------------

class TableRules:
    game = GAME
    title = "Table session"

    def initial_state(self, setup: Mapping[str, Any]) -> TableState:
        return TableState()

    def footprint(self, action: Action) -> Footprint:
        """Each tool is its own part of the table. A roll depends on the pool and the kept dice, not on
        the faces before it; keeping a die depends on the faces it keeps and changes that die alone."""
        if action.type == "dice.roll":
            return Footprint(reads=(("dice", "pool"), ("dice", "kept")), writes=(("dice", "faces"),))
        if action.type == "dice.keep":
            die = ("dice", "kept", action.data.get("index"))
            return Footprint(reads=(("dice", "pool"), ("dice", "faces"), die), writes=(die,))
        tool = (action.type.partition(".")[0],)
        return Footprint(reads=(tool,), writes=(tool,))

    def apply(self, state: TableState, action: Action) -> TableState:
        tool, _, kind = action.type.partition(".")
        if tool == "dice":
            return replace(state, dice=_apply_dice(state.dice, kind, action.data))
        if tool == "draft":
            return replace(state, draft=_apply_draft(state.draft, kind, action.data))
        if tool == "strike":
            return replace(state, strike=_apply_strike(state.strike, kind, action.data))
        raise DomainError(f"The table does not know the action {action.type!r}.")


RULES = TableRules()
