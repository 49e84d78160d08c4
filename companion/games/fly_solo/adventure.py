"""The adventure map's data (`assets/games/fly_solo/adventure.json`), checked on load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require
from companion.games.freshwater_fly.entry import FishColor, Hatch, Species


@dataclass(frozen=True)
class Location:
    id: int
    name: str
    hatch_tiles: tuple[int, ...]
    bonus_hatch_token: bool  # L4 has none

    @property
    def label(self) -> str:
        return f"L{self.id} {self.name}"


@dataclass(frozen=True)
class BigOne:
    """A Guide Book Challenge fish: its printed points and colour ('a Black four-point Brook')."""

    points: int
    colour: FishColor


@dataclass(frozen=True)
class Adventure:
    days: int
    locations: tuple[Location, ...]
    track_points: tuple[int, ...]  # by Silent Angler track space, from 0 (the start space)
    wheel: tuple[Hatch, ...]  # the colour wheel, clockwise; a die n points at wheel[n - 1]
    l3_points: Mapping[FishColor, int]
    species_goals: int
    balanced_fishing: int
    big_ones: Mapping[Species, BigOne]  # the fish that make a Big One
    bonus_hatch_a: int
    bonus_hatch_b: int
    eight_fish: int

    def location(self, n: int) -> Location:
        return self.locations[n - 1]


def _number(value: Any, where: str, least: int, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise AssetError(f"{where}: a whole number from {least} to {most}, not {value!r}")
    return value


def parse_adventure(data: Any, where: str = "adventure.json") -> Adventure:
    locations = []
    for i, raw in enumerate(require(data, "locations", list, where)[:4]):
        here = f"{where}.locations[{i}]"
        tiles = require(raw, "hatch_tiles", list, here)
        if not 1 <= len(tiles) <= 12 or not all(t in (4, 5) and not isinstance(t, bool) for t in tiles):
            raise AssetError(f"{here}.hatch_tiles: 1 to 12 tiles, each showing 4 or 5")
        locations.append(Location(require(raw, "id", int, here), require(raw, "name", str, here), tuple(tiles),
                                  require(raw, "bonus_hatch_token", bool, here)))
    if [loc.id for loc in locations] != [1, 2, 3, 4] or len(data["locations"]) != 4:
        raise AssetError(f"{where}.locations: L1 to L4, in order")
    points = require(require(data, "achievement_track", dict, where), "points", list, f"{where}.achievement_track")
    if not 5 <= len(points) <= 20 or points[0] != 0 or points[4] != 6 or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 100 for p in points):
        raise AssetError(f"{where}.achievement_track.points: 5 to 20 spaces worth 0 to 100, from 0 at the start "
                         "space, and 6 at the fourth (Fly Solo: Scoring)")
    wheel_raw = require(require(data, "colour_wheel", dict, where), "clockwise", list, f"{where}.colour_wheel")
    try:
        wheel = tuple(Hatch(c) for c in wheel_raw)
    except (ValueError, TypeError):
        raise AssetError(f"{where}.colour_wheel.clockwise: {wheel_raw!r} are not hatch colours") from None
    if sorted(h.value for h in wheel) != sorted(h.value for h in Hatch) or len(wheel) != len(Hatch):
        raise AssetError(f"{where}.colour_wheel.clockwise: each of the six hatch colours once")
    l3 = require(data, "l3_fish_colours", dict, where)
    try:
        l3_points = {FishColor(l3["three_points"]): 3, FishColor(l3["two_points"]): 2, FishColor(l3["one_point"]): 1}
    except (KeyError, ValueError, TypeError):
        raise AssetError(f"{where}.l3_fish_colours: three_points, two_points and one_point name fish colours") from None
    if len(l3_points) != 3:
        raise AssetError(f"{where}.l3_fish_colours: three different fish colours")
    ch = require(data, "challenges", dict, where)
    here = f"{where}.challenges"
    big = require(ch, "big_ones", dict, here)
    big_ones = {}
    for name, raw in big.items():
        there = f"{here}.big_ones.{name}"
        try:
            big_ones[Species(name)] = BigOne(_number(require(raw, "points", int, there), f"{there}.points", 0, 20),
                                             FishColor(require(raw, "colour", str, there)))
        except ValueError:
            raise AssetError(f"{there}: a species, with its printed points and its colour (gold, black or "
                             "green)") from None

    def boxes(key: str) -> int:
        return _number(require(ch, key, int, here), f"{here}.{key}", 1, 50)

    return Adventure(_number(require(data, "days", int, where), f"{where}.days", 1, 14), tuple(locations),
                     tuple(points), wheel, l3_points, boxes("species_goals"), boxes("balanced_fishing"), big_ones,
                     boxes("bonus_hatch_a"), boxes("bonus_hatch_b"), boxes("eight_fish"))


@cache
def default_adventure() -> Adventure:
    return load_data("games/fly_solo/adventure.json", parse_adventure)


class OnTheMap:
    """Rules that read the adventure map: the one given, else the shipped (or player's) data."""

    def __init__(self, adventure: Adventure | None = None) -> None:
        self._adventure = adventure

    @property
    def adventure(self) -> Adventure:
        return self._adventure or default_adventure()
