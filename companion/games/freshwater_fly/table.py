"""Freshwater Fly at the table: the dice draft and the Strike-card dealer, one session
(so one Undo takes back the last thing done, whichever of the two it was).

Action builders below turn a tap into an action; random outcomes are drawn there,
from the random source passed in, and carried in the action's data.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from companion.core import words
from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.table.phases import Phase
from companion.core.table.rules import Move, TableRules, any_seat
from companion.core.table.seats import ANY_SEAT, Named
from companion.games.freshwater_fly import draft as draft_rules
from companion.games.freshwater_fly import strike as strike_rules
from companion.games.freshwater_fly.draft import DraftState
from companion.games.freshwater_fly.strike import ROWS, StrikeState, deck_rules

GAME = "freshwater-fly-table"


@dataclass(frozen=True)
class FlyTable:
    draft: DraftState | None = None
    strike: StrikeState = field(default_factory=StrikeState)


# The Freshwater Fly draft ------------------------------------------------------------

def apply_draft(state: DraftState | None, kind: str, data: Mapping[str, Any]) -> DraftState | None:
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
    return Action("draft.roll", {"faces": draft_rules.roll_faces(n, rng)},
                  f"roll round {state.round + 1} ({words.count(n, 'die', 'dice')})")


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

def apply_strike(state: StrikeState, kind: str, data: Mapping[str, Any]) -> StrikeState:
    rules = deck_rules()
    if kind == "start":
        return strike_rules.start(state, data.get("order"), data.get("mode"), rules, data.get("caster", ""))
    if kind == "deal":
        return strike_rules.deal(state, data.get("count"), data.get("finesse") is True)
    if kind == "row":
        return strike_rules.silent_row(state, data.get("fish"))
    if kind == "restart":
        return strike_rules.restart(state, data.get("order"), rules)
    if kind == "end":
        return strike_rules.end(state)
    raise DomainError(f"The Strike dealer does not know the action {kind!r}.")


def start_cast(hooks: int, rng: random.Random, silent: bool = False, caster: str = "") -> Action:
    """A cast `caster` deals (their phone, or the phone passed around; "": the table's, anyone's)."""
    order = strike_rules.new_order(hooks, rng)
    mine = {"caster": caster} if caster else {}
    if silent:
        return Action("strike.start", {"order": order, "mode": "silent", **mine},
                      f"{caster}: start a Silent Angler cast" if caster else "start a Silent Angler cast")
    return Action("strike.start", {"order": order, "mode": "you", **mine},
                  f"{caster} starts a cast" if caster else "start a cast")


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


# What a table might do now (random play and the conformance tests) ------------------

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def draft_moves(draft: draft_rules.DraftState | None, rng: random.Random,
                names: Sequence[str] = PLAYERS) -> list[Action]:
    if draft is None:
        seats = list(names[:rng.randint(2, min(4, len(names)))])
        return [start_draft(seats, rng.randrange(len(seats))), start_draft([], solo=True)]
    if draft.round_over:
        return [roll_draft(draft, rng, rng.choice(draft_rules.SOLO_POOLS)), end_draft()]
    index = draft.changed if draft.changed is not None else rng.randrange(len(draft.pool))
    moves = [take_die(draft, index)]
    face = draft.pool[index]
    if face < 6:
        moves.append(change_die(draft, index, draft_rules.FINESSE_UP, face + 1))
    if draft.changed is None and rng.random() < 0.2:
        moves.append(reroll_draft(draft, rng))
    return moves


def strike_moves(strike: strike_rules.StrikeState, rng: random.Random,
                 names: Sequence[str] = PLAYERS) -> list[Action]:
    rules = strike_rules.deck_rules()
    if strike.status in ("idle", "hooked", "missed") and rng.random() < 0.5:
        caster = rng.choice(["", *names])  # a player's cast, or the table's (the phone passed around)
        return [start_cast(rules.default_hooks, rng, silent=rng.random() < 0.3, caster=caster)]
    if strike.status == "idle":
        return [start_cast(rules.default_hooks, rng, silent=rng.random() < 0.3)]
    moves = [end_cast()]
    if strike.status == "casting" and strike.mode == "silent":
        moves.append(silent_row(strike, rng.random() < 0.6))
    if strike.can_deal:
        moves += [deal(), deal(2) if len(strike.deck) >= 2 else deal()]
    if strike.can_finesse:
        moves.append(deal(finesse=True))
    if strike.mode == "you" and strike.status in ("casting", "hooked") and rng.random() < 0.2:
        moves.append(restart_cast(strike, rng))
    return moves


def table_candidates(state: FlyTable, rng: random.Random) -> list[Action]:
    names = state.draft.seats if state.draft is not None and not state.draft.solo else PLAYERS[:2]
    return draft_moves(state.draft, rng) + strike_moves(state.strike, rng, names)


# The session's rules, declared with the table kit -------------------------------------

DRAFT_FIELDS = {"start": ("seats", "start", "solo"), "roll": ("faces",), "change": ("index", "to", "how", "from"),
                "reroll": ("faces",), "take": ("index",), "end": ()}
STRIKE_FIELDS = {"start": ("order", "mode", "caster"), "deal": ("count", "finesse"), "row": ("fish",),
                 "restart": ("order",), "end": ()}
TAKER_MOVES = ("take", "change", "reroll")  # the die "you select", by the player whose turn it is to take


def draft_seats(table: FlyTable) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The draft's players (named at its start), while a draft of a table's players is on."""
    draft = table.draft
    return (draft.seats, ()) if draft is not None and not draft.solo else ((), ())


def tool_footprint(tool: str) -> Callable[[Mapping[str, Any]], Footprint]:
    """Each tool is its own part of the table: a draft action and a Strike action commute."""
    footprint = Footprint(reads=((tool,),), writes=((tool,),))
    return lambda data: footprint


S = TypeVar("S")


def fly_moves(of: Callable[[S], FlyTable], put: Callable[[S, FlyTable], S]) -> list[Move[S]]:
    """The draft's and the Strike cards' moves on the part of a state `of` gives (and `put` changes)."""
    def taker(state: S, data: Mapping[str, Any]) -> int | str:
        draft = of(state).draft
        return draft.turn if draft is not None and not draft.solo and draft.turn is not None else ANY_SEAT

    def caster(state: S, data: Mapping[str, Any]) -> Named | str:
        """A cast is its caster's: only their phone (or the one passed around) deals it."""
        named = of(state).strike.caster
        return Named(named) if named else ANY_SEAT

    def starter(state: S, data: Mapping[str, Any]) -> Named | str:
        named = data.get("caster")
        return Named(named) if isinstance(named, str) and named else ANY_SEAT

    def draft_move(kind: str) -> Callable[[S, Mapping[str, Any]], S]:
        return lambda state, data: put(state, replace(of(state), draft=apply_draft(of(state).draft, kind, data)))

    def strike_move(kind: str) -> Callable[[S, Mapping[str, Any]], S]:
        return lambda state, data: put(state, replace(of(state), strike=apply_strike(of(state).strike, kind, data)))

    return ([Move(f"draft.{kind}", draft_move(kind), fields, taker if kind in TAKER_MOVES else any_seat,
                  tool_footprint("draft")) for kind, fields in DRAFT_FIELDS.items()]
            + [Move(f"strike.{kind}", strike_move(kind), fields, starter if kind == "start" else caster,
                    tool_footprint("strike")) for kind, fields in STRIKE_FIELDS.items()])


def draft_phase(table: FlyTable) -> Phase:
    """Whom the dice draft waits on: the player whose turn it is to take a die; anyone rolls the next
    round, and casts are their casters' at any time."""
    draft = table.draft
    if draft is None or draft.solo or draft.turn is None:
        return Phase("the table goes at its own pace", ANY_SEAT)
    return Phase(f"it is {draft.seats[draft.turn]}'s turn to take a die", frozenset({draft.turn}))


def _table_setup(setup: Mapping[str, Any]) -> FlyTable:
    return FlyTable()


RULES: TableRules[FlyTable] = TableRules(
    game=GAME, title="Freshwater Fly at the table", setup=_table_setup,
    moves=fly_moves(lambda table: table, lambda table, new: new), seats=draft_seats, phase=draft_phase,
    example_setup=lambda rng: {}, candidates=table_candidates,
)
