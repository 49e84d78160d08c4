"""Lure's fish cards: a catch number, VP and sometimes a requirement (rules: Roll and Catch Fish).

The fish deck stays at the table; the app knows a card when the table enters it at Splash.
A card's JSON form is `{"catch": 7, "vp": 3, "requirement": {"kind": "shows", "n": 5}}`
(no requirement: `{"kind": "none"}` or left out).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import DomainError
from companion.core.table.seats import is_whole
from companion.core.words import a
from companion.games.lure.odds import REQUIREMENTS, Requirement

MIN_CATCH, MAX_CATCH = 1, 60
MIN_VP, MAX_VP = 0, 20
MIN_FACE, MAX_FACE = 1, 20  # a number a die can show (the d20 is the biggest die)
NONE = Requirement("none")
# Which numbers each kind of requirement takes.
NUMBERS = {"none": (), "pair": (), "shows": ("n",), "both": ("n", "m"), "special": (), "other": ()}


class CardError(DomainError):
    """A fish card that cannot be: the message says what is wrong with it."""


def _shown(value: Any) -> str:
    return repr(value) if not isinstance(value, (dict, list)) else ("a list" if isinstance(value, list) else "an object")


def check_requirement(requirement: Requirement) -> Requirement:
    """`requirement`, or CardError saying what is wrong with it."""
    _check_parts(requirement.kind, requirement.n, requirement.m)
    return requirement


def _check_parts(kind: Any, n: Any, m: Any) -> None:
    if not isinstance(kind, str) or kind not in REQUIREMENTS or kind not in NUMBERS:
        known = ", ".join(k for k in NUMBERS if k in REQUIREMENTS)
        raise CardError(f"A fish's requirement is one of {known}; not {_shown(kind)}.")
    for name, value in (("n", n), ("m", m)):
        if name not in NUMBERS[kind]:
            if value is not None:
                raise CardError(f"A '{kind}' requirement takes no number {name}.")
            continue
        if value is None:
            what = "the number the die shows" if kind == "shows" else "the two numbers the dice show"
            raise CardError(f"A '{kind}' requirement needs {what} ({MIN_FACE} to {MAX_FACE}).")
        if not is_whole(value) or not MIN_FACE <= value <= MAX_FACE:
            raise CardError(f"A die shows {MIN_FACE} to {MAX_FACE}, so a requirement's number cannot be "
                            f"{_shown(value)}.")


@dataclass(frozen=True)
class FishCard:
    """One fish card: catch number (the roll must add up to at least it), VP, requirement."""

    catch: int
    vp: int
    requirement: Requirement = field(default=NONE)

    def __post_init__(self) -> None:
        if self.catch is None:
            raise CardError("A fish needs a catch number.")
        if not is_whole(self.catch) or not MIN_CATCH <= self.catch <= MAX_CATCH:
            raise CardError(f"A fish's catch number is {MIN_CATCH} to {MAX_CATCH}, not {_shown(self.catch)}.")
        if self.vp is None:
            raise CardError("A fish needs its VP.")
        if not is_whole(self.vp) or not MIN_VP <= self.vp <= MAX_VP:
            raise CardError(f"A fish's VP is {MIN_VP} to {MAX_VP}, not {_shown(self.vp)}.")
        if not isinstance(self.requirement, Requirement):
            raise CardError("A fish's requirement is not one the app knows.")
        check_requirement(self.requirement)

    def to_dict(self) -> dict[str, Any]:
        return {"catch": self.catch, "vp": self.vp, "requirement": requirement_to_dict(self.requirement)}

    @classmethod
    def from_dict(cls, data: Any) -> FishCard:
        """The card in `data`, or CardError saying what is wrong ("A fish needs a catch number.")."""
        if not isinstance(data, Mapping):
            raise CardError(f"A fish is written as an object with its catch number and VP, not {_shown(data)}.")
        for key in data:
            if key not in ("catch", "vp", "requirement"):
                shown = key if isinstance(key, str) and key.isprintable() else repr(key)
                raise CardError(f"A fish card has a catch number, VP and a requirement, not {shown!r}.")
        if "catch" not in data:
            raise CardError("A fish needs a catch number.")
        if "vp" not in data:
            raise CardError("A fish needs its VP.")
        return cls(data["catch"], data["vp"], requirement_from_dict(data.get("requirement")))

    def describe(self) -> str:
        """'7 (3 VP)', '12 (5 VP, a pair)'."""
        need = "" if self.requirement.kind == "none" else f", {describe_requirement(self.requirement)}"
        return f"{self.catch} ({self.vp} VP{need})"


def requirement_to_dict(requirement: Requirement) -> dict[str, Any]:
    doc: dict[str, Any] = {"kind": requirement.kind}
    for name in NUMBERS.get(requirement.kind, ()):
        doc[name] = getattr(requirement, name)
    return doc


def requirement_from_dict(data: Any) -> Requirement:
    """The requirement in `data` (None: no requirement), or CardError."""
    if data is None:
        return NONE
    if not isinstance(data, Mapping):
        raise CardError(f"A fish's requirement is written as an object with its kind, not {_shown(data)}.")
    for key in data:
        if key not in ("kind", "n", "m"):
            shown = key if isinstance(key, str) and key.isprintable() else repr(key)
            raise CardError(f"A requirement has a kind and numbers n and m, not {shown!r}.")
    kind, n, m = data.get("kind", "none"), data.get("n"), data.get("m")
    _check_parts(kind, n, m)
    return Requirement(kind, n, m)


def describe_requirement(requirement: Requirement) -> str:
    """In words, for labels: 'a pair', 'a die showing 5', 'a 1 and a 5', 'a special die'."""
    kind = requirement.kind
    if kind == "pair":
        return "a pair"
    if kind == "shows":
        return f"a die showing {requirement.n}"
    if kind == "both":
        return f"{a(requirement.n)} and {a(requirement.m)}"
    if kind == "special":
        return "a special die"
    if kind == "other":
        return "a requirement checked at the table"
    return "no requirement"
