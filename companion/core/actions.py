"""What a player does, and what it depends on: actions, who made them, their footprints.

An action is one thing a player did (its `data` carries every random outcome); it records who
made it. Its footprint says which parts of a game's state it reads and changes, so that taps
from several phones at once are recorded when they do not clash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Part = tuple[Any, ...]  # a part of a state: () is all of it, ("sheet", 2) one player's sheet


@dataclass(frozen=True)
class Footprint:
    """The parts of the state an action depends on (`reads`) and changes (`writes`). `rests_on`: parts its effect
    depends on too that its player did not decide from (a roll that comes with a move waits on every sheet): a
    tap is not stale for a change to them, but an Undo of that change waits for this action."""

    reads: tuple[Part, ...] = ((),)
    writes: tuple[Part, ...] = ((),)
    rests_on: tuple[Part, ...] = ()

    @property
    def depends_on(self) -> tuple[Part, ...]:
        """Every part the action's effect depends on: what it reads and what it rests on."""
        return (*self.reads, *self.rests_on)


WHOLE_STATE = Footprint()

TABLE = "table"  # the author of actions made on the phone passed around the table
NOBODY = "nobody"  # the author on a phone that has not said who plays on it (or whose player left the roster)


@dataclass(frozen=True)
class Actor:
    """Who acts on a page: a roster player (by id), or the whole table.

    `undoes_anyone`: whose Undo takes back the last action of anyone (the whole
    table's phone and the host), not only their own; `elsewhere`: the players (roster ids) the phone
    passed around does not act for, as they play on phones of their own. `phone`: which phone acts (a
    digest of its token, "" where phones are not told apart): where a secret choice was made.
    """

    id: str = TABLE
    name: str = "The whole table"
    undoes_anyone: bool = True
    phone: str = ""
    elsewhere: frozenset[str] = frozenset()

    @property
    def signature(self) -> str:
        """The name its actions carry: none for the phone passed around, or a phone of no player."""
        return "" if self.id == TABLE or self.id.startswith(NOBODY) else self.name


def nobody(page: str) -> Actor:
    """The author on a phone that has not said who plays on it (or whose player left the roster): its
    own, so that its Undo takes back only its own actions; it acts for no seat."""
    return Actor(f"{NOBODY}:{page}", "This phone", undoes_anyone=False)


@dataclass(frozen=True)
class Action:
    """One thing a player did. `data` is JSON-able and carries every random outcome;
    `by` is who did it (a player's id, TABLE, or "" in logs older than identities) and
    `who` their name at the time; `phone`, on a secret choice, the phone it was made on (`Actor.phone`)."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    by: str = ""
    who: str = ""
    phone: str = ""

    def to_doc(self) -> dict[str, Any]:
        doc = {"type": self.type, "data": plain(self.data), "label": self.label}
        if self.by:
            doc["by"] = self.by
        if self.who:
            doc["who"] = self.who
        if self.phone:
            doc["phone"] = self.phone
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Action:
        return cls(type=doc["type"], data=plain(doc["data"]), label=doc["label"],
                   by=doc.get("by", ""), who=doc.get("who", ""), phone=doc.get("phone", ""))


def plain(value: Any) -> Any:
    """A deep, independent copy built from plain dicts and lists."""
    kind = type(value)  # the usual kinds first: an ABC isinstance check costs more than a copy
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): plain(v) for k, v in value.items()}
    if kind is list:
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value



def described(action: Action) -> str:
    """The action's label naming who made it: 'roll 2 d6 (Ana)'."""
    if not action.who or action.label.startswith(f"{action.who} ") or action.label.startswith(f"{action.who}:"):
        return action.label
    return f"{action.label} ({action.who})"


def button_label(verb: str, action: Action | None) -> str | None:
    """'Undo: roll 2 d6 (Ana)', or None when there is nothing to take back."""
    return f"{verb}: {described(action)}" if action is not None else None


def overlaps(a: Part, b: Part) -> bool:
    """Whether two parts of a state meet (one holds the other)."""
    return a[:len(b)] == b or b[:len(a)] == a


def touches(parts: Sequence[Part], others: Sequence[Part]) -> bool:
    return any(overlaps(a, b) for a in parts for b in others)


def independent(a: Footprint, b: Footprint) -> bool:
    """Neither action changes what the other reads or writes: in either order, the same state."""
    return not (touches(a.writes, b.depends_on) or touches(b.writes, a.depends_on) or touches(a.writes, b.writes))

