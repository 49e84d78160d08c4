"""Lure's data file, `assets/games/lure/lure.json` (or the player's own copy): the numbers the
text does not give (d6 per player, the fish deck, starting lures, Extra Die numbers) and the
readings where it is open (how Splash refills, how many fish one roll catches). Its notes say
which values are chosen defaults; a game's set-up may change some."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require, whole_number
from companion.games.lure.cards import MAX_FACE
from companion.games.lure.odds import MAX_D6
from companion.games.lure.state import (
    ADJUST,
    BOOST,
    CATCHES,
    EXTRA,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REFILLS,
    Hand,
)

# Bounds no box comes near: a value past them is a typo, refused by name.
MOST_D6, MOST_DECK, MOST_REVEAL, MOST_LURES = MAX_D6, 100, 10, 10  # the odds count up to MAX_D6 d6


@dataclass(frozen=True)
class LureData:
    """What `lure.json` holds (see its notes for which values are chosen defaults)."""

    d6: int
    deck: int
    splash: Mapping[int, int]  # players -> fish revealed each round
    special_dice: tuple[int, ...]  # sides of each player's special dice
    starting_lures: Hand
    extra_values: tuple[int, ...]  # the numbers an Extra Die lure may show
    refill: str
    catches_per_roll: str


def _word(data: Any, key: str, where: str, words: tuple[str, ...]) -> str:
    value = require(data, key, str, where)
    if value not in words:
        raise AssetError(f"{where}.{key}: one of {', '.join(repr(w) for w in words)}, not {value!r}")
    return value


def _numbers(raw: Any, where: str, least: int, most: int, at_most: int, distinct: bool) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > at_most:
        raise AssetError(f"{where}: expected a list of at most {at_most} numbers")
    values = tuple(whole_number(v, f"{where}[{i}]", least, most) for i, v in enumerate(raw))
    if distinct and len(set(values)) != len(values):
        raise AssetError(f"{where}: each number once")
    return values


def parse_data(data: Any, where: str = "lure.json") -> LureData:
    """The data in `data`, checked; AssetError names the first field that does not fit."""
    splash_raw = require(data, "splash", dict, where)
    splash = {n: whole_number(require(splash_raw, str(n), int, f"{where}.splash"), f"{where}.splash.{n}", 1, MOST_REVEAL)
              for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    special = _numbers(require(data, "special_dice", list, where), f"{where}.special_dice", 2, MAX_FACE, 3, True)
    extra_values = _numbers(require(data, "extra_die_values", list, where), f"{where}.extra_die_values",
                            1, MAX_FACE, MAX_FACE, True)
    if not extra_values:
        raise AssetError(f"{where}.extra_die_values: at least one number")
    lures = require(data, "starting_lures", dict, where)
    here = f"{where}.starting_lures"
    start_extra = _numbers(require(lures, EXTRA, list, here), f"{here}.extra", 1, MAX_FACE, MOST_LURES, False)
    for i, value in enumerate(start_extra):
        if value not in extra_values:
            raise AssetError(f"{here}.extra[{i}]: {value} is not one of extra_die_values")
    starting = Hand(whole_number(require(lures, ADJUST, int, here), f"{here}.adjust", 0, MOST_LURES),
                    whole_number(require(lures, BOOST, int, here), f"{here}.boost", 0, MOST_LURES),
                    tuple(sorted(start_extra)))
    return LureData(
        d6=whole_number(require(data, "d6", int, where), f"{where}.d6", 1, MOST_D6),
        deck=whole_number(require(data, "deck", int, where), f"{where}.deck", 1, MOST_DECK),
        splash=splash, special_dice=tuple(sorted(special)), starting_lures=starting, extra_values=extra_values,
        refill=_word(data, "refill", where, REFILLS),
        catches_per_roll=_word(data, "catches_per_roll", where, CATCHES),
    )


@cache
def default_data() -> LureData:
    """The shipped data file (or the player's own copy of it), checked."""
    return load_data("games/lure/lure.json", parse_data)
