"""Dice pools: the presets offered for each game, and pools a player saved.

Presets are data (each game's `assets/games/<game>/presets.json`, and `assets/dice/presets.json`
for pools of no one game), checked on load. A saved pool comes
from the settings file; one that does not fit is refused with a message naming
the problem, and nothing else is affected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core.assets import AssetError, require
from companion.core.dice import MAX_DICE, all_dice
from companion.core.errors import DomainError

MAX_POOL_NAME = 30


@dataclass(frozen=True)
class PoolOption:
    label: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class Preset:
    id: str
    game: str
    options: tuple[PoolOption, ...]
    source: str
    readings: Mapping[str, Mapping[int, str]] = field(default_factory=dict)  # die id -> face -> meaning
    note: str = ""  # said under the game's name: what in the pool is a chosen default, and how to change it


@dataclass(frozen=True)
class SavedPool:
    name: str
    dice: tuple[str, ...]


def pool_from_counts(counts: Any, where: str) -> tuple[str, ...]:
    """The dice of `{die id: how many}`, or DomainError naming `where` and the problem."""
    if not isinstance(counts, dict) or not counts:
        raise DomainError(f"{where}: a pool lists at least one die, as die: count.")
    known = all_dice()
    dice: list[str] = []
    for die_id, n in counts.items():
        if die_id not in known:
            raise DomainError(f"{where}: there is no die called {die_id!r}.")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_DICE:
            raise DomainError(f"{where}: the number of {die_id} must be a whole number from 1 to {MAX_DICE}, "
                              f"not {n!r}.")
        dice += [die_id] * n
    if len(dice) > MAX_DICE:
        raise DomainError(f"{where}: at most {MAX_DICE} dice, not {len(dice)}.")
    return tuple(dice)


def parse_presets(data: Any, where: str = "presets.json") -> tuple[Preset, ...]:
    """The presets in their data, checked; AssetError names the first bad field."""
    presets = []
    raw_presets = require(data, "presets", list, where)
    if len(raw_presets) > 50:
        raise AssetError(f"{where}.presets: at most 50")
    for i, raw in enumerate(raw_presets):
        here = f"{where}.presets[{i}]"
        options = []
        raw_options = require(raw, "options", list, here)
        if len(raw_options) > 20:
            raise AssetError(f"{here}.options: at most 20")
        for j, option in enumerate(raw_options):
            there = f"{here}.options[{j}]"
            try:
                dice = pool_from_counts(require(option, "dice", dict, there), f"{there}.dice")
            except DomainError as exc:
                raise AssetError(str(exc)) from None
            options.append(PoolOption(require(option, "label", str, there), dice))
        if not options:
            raise AssetError(f"{here}.options: a preset needs at least one option")
        readings: dict[str, dict[int, str]] = {}
        raw_readings = raw.get("readings", {})
        if not isinstance(raw_readings, dict):
            raise AssetError(f"{here}.readings: an object of die: {{face: meaning}}")
        for die_id, faces in raw_readings.items():
            die = all_dice().get(die_id)
            if die is None or not isinstance(faces, dict):
                raise AssetError(f"{here}.readings.{die_id}: not a die, or not a face: meaning object")
            readings[die_id] = {}
            for face, meaning in faces.items():
                if not (face.isdigit() and 1 <= int(face) <= die.sides and isinstance(meaning, str)):
                    raise AssetError(f"{here}.readings.{die_id}.{face}: not a face of a {die.name}")
                readings[die_id][int(face)] = meaning
        note = raw.get("note", "")
        if not isinstance(note, str) or len(note) > 400:
            raise AssetError(f"{here}.note: text of at most 400 characters")
        presets.append(Preset(require(raw, "id", str, here), require(raw, "game", str, here), tuple(options),
                              require(raw, "source", str, here), readings, note))
    ids = [p.id for p in presets]
    if len(set(ids)) != len(ids):
        raise AssetError(f"{where}: preset ids must be unique")
    return tuple(presets)


def merge_presets(files: Iterable[tuple[Preset, ...]]) -> tuple[Preset, ...]:
    """The presets of several files in order; a preset with the id of an earlier one takes its place."""
    merged: dict[str, Preset] = {}
    for presets in files:
        merged.update((p.id, p) for p in presets)
    return tuple(merged.values())


def find_preset(presets: Iterable[Preset], preset_id: str) -> Preset:
    for p in presets:
        if p.id == preset_id:
            return p
    raise DomainError(f"There is no preset called {preset_id!r}.")


def parse_saved_pool(doc: Any, where: str) -> SavedPool:
    """A pool the player saved, or DomainError naming what is wrong with it."""
    if not isinstance(doc, dict):
        raise DomainError(f"{where} is damaged: it is not a name and a list of dice.")
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_POOL_NAME:
        raise DomainError(f"{where} is damaged: its name is missing or longer than {MAX_POOL_NAME} characters.")
    return SavedPool(name.strip(), pool_from_counts(doc.get("dice"), f"{where} ({name})"))


def counts_of(dice: tuple[str, ...]) -> dict[str, int]:
    """`{die id: how many}` of a pool, in the order the dice first appear."""
    counts: dict[str, int] = {}
    for die_id in dice:
        counts[die_id] = counts.get(die_id, 0) + 1
    return counts
