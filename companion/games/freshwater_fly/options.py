"""Freshwater Fly's settings: what a player's printed copy shows where the rulebook's
pictures were lost (Strike cards with a hook, Skill cards C, D and H, the tie-break colours,
the points each species' fish cards print).

The store keeps them as one document, `{"strike_hooks": 1, "tie_break": ["gold", ...],
"face_changes": {"C": [1, 6]}, "fish_points": {"brook": [1, 4]}}`, without reading it; this
module reads it, with the default where a value is missing or damaged (and each damaged value
named), and checks every change before it is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.assets import AssetError
from companion.core.errors import DomainError
from companion.games.freshwater_fly.draft import FaceChange, check_face_change, default_face_changes
from companion.games.freshwater_fly.entry import MAX_POINTS, FishColor, FishPoints, Species, fish_points_problem
from companion.games.freshwater_fly.scoring import FISH_POINTS, default_fish_points, default_tie_break, parse_tie_break
from companion.games.freshwater_fly.scoring import fish_range as _range
from companion.games.freshwater_fly.strike import deck_rules

STRIKE_HOOKS = "strike_hooks"
TIE_BREAK = "tie_break"
FACE_CHANGES = "face_changes"


@dataclass(frozen=True)
class FlyOptions:
    strike_hooks: int  # how many of the 4 Strike cards show a hook
    tie_break: tuple[FishColor, ...]  # the fish colours that break a tie for the win, in order
    face_changes: Mapping[str, FaceChange]  # Skill cards C, D and H
    fish_points: FishPoints


def check_fish_points(ranges: FishPoints, species: Species, points: int) -> int:
    """`points` if a `species` card can print them, else DomainError saying what the cards show (the
    words `companion score` says too: `entry.fish_points_problem`)."""
    wrong = fish_points_problem(ranges, species, points)
    if wrong:
        raise DomainError(f"{wrong[:1].upper()}{wrong[1:]}. Settings > Freshwater Fly sets what your cards show.")
    return points


def _face_change(card: str, value: Any) -> FaceChange:
    """A stored Skill-card face change, or DomainError naming what is wrong with it."""
    if card not in default_face_changes():
        raise DomainError(f"only Skill cards {', '.join(default_face_changes())} change one face into another")
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise DomainError(f"{value!r} is not a pair of faces")
    return check_face_change(FaceChange(card, value[0], value[1]))


class FlyOptionsSpec:
    """Freshwater Fly's entry in the game registry reads and changes its settings through this."""

    def read(self, doc: Any) -> tuple[FlyOptions, list[str]]:
        """The settings in `doc` (defaults where unset or damaged) and, for each damaged one, a sentence."""
        problems: list[str] = []
        if doc is None:
            doc = {}
        if not isinstance(doc, dict):
            problems.append(f"Your Freshwater Fly settings are damaged ({doc!r}); using the defaults.")
            doc = {}
        hooks = deck_rules().default_hooks
        if STRIKE_HOOKS in doc:
            try:
                hooks = deck_rules().check_hooks(doc[STRIKE_HOOKS])
            except DomainError as exc:
                problems.append(f"Your Strike deck setting is damaged ({exc}); using {hooks} hook.")
        tie_break = default_tie_break()
        if TIE_BREAK in doc:
            try:
                tie_break = parse_tie_break(doc[TIE_BREAK])
            except (AssetError, TypeError):
                problems.append(f"Your tie-break order is damaged ({doc[TIE_BREAK]!r}); using "
                                f"{', '.join(c.value for c in tie_break)}.")
        changes = dict(default_face_changes())
        stored = doc.get(FACE_CHANGES, {})
        for card, value in (stored.items() if isinstance(stored, dict) else [("(all)", stored)]):
            try:
                changes[card] = _face_change(card, value)
            except DomainError as exc:
                problems.append(f"Your Skill {card} setting is damaged ({exc}); using the default.")
        ranges = dict(default_fish_points())
        stored = doc.get(FISH_POINTS, {})
        for name, pair in (stored.items() if isinstance(stored, dict) else [("(all)", stored)]):
            try:
                ranges[Species(name)] = _range(pair, name)
            except (ValueError, AssetError):
                problems.append(f"Your fish points setting for {name} is damaged ({pair!r}); using the default.")
        return FlyOptions(hooks, tie_break, changes, ranges), problems

    def change(self, doc: Any, key: str, value: Any) -> dict[str, Any]:
        """`doc` with one setting changed, or DomainError saying why the value is not possible.
        `face_changes` takes `[card, from face, to face]` and changes that card only;
        `fish_points` takes `[species, lowest, highest]` and changes that species only."""
        new = dict(doc) if isinstance(doc, dict) else {}
        if key == STRIKE_HOOKS:
            new[STRIKE_HOOKS] = deck_rules().check_hooks(value)
        elif key == TIE_BREAK:
            try:
                new[TIE_BREAK] = [c.value for c in parse_tie_break(list(value))]
            except (AssetError, TypeError):
                raise DomainError("The tie-break order names gold, black and green once each.") from None
        elif key == FACE_CHANGES:
            card, from_face, to_face = value
            _face_change(card, [from_face, to_face])
            stored = new.get(FACE_CHANGES)
            new[FACE_CHANGES] = {**(stored if isinstance(stored, dict) else {}), card: [from_face, to_face]}
        elif key == FISH_POINTS:
            name, low, high = value
            try:
                species = Species(name)
            except ValueError:
                raise DomainError(f"{name!r} is not a Freshwater Fly fish.") from None
            try:
                pair = _range([low, high], species.label)
            except AssetError:
                raise DomainError(f"{species.label} cards show from 0 to {MAX_POINTS} points, the lowest "
                                  f"first (not {low} to {high}).") from None
            stored = new.get(FISH_POINTS)
            new[FISH_POINTS] = {**(stored if isinstance(stored, dict) else {}), species.value: list(pair)}
        else:
            raise DomainError(f"Freshwater Fly has no setting called {key!r}.")
        return new


OPTIONS = FlyOptionsSpec()
