"""The Fleet Dice score sheet's layout, read from `assets/games/fleet_dice/sheet.json`.

The engine hard-codes no box count: every track, symbol, boat, building and table
comes from the file, which is checked when read (AssetError names the field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require, whole_number

BOAT_TYPES = ("shrimp", "cod", "lobster", "swordfish", "oyster")
WHARF = ("casino", "amas_cafe", "fishermans_pub", "salvage_yard", "bait_shop", "ridback", "smokehouse")
HARBOR = ("king_crab", "inuit", "barge", "captains_club")
COINS = "coins"
SALVAGE_USES = "salvage_uses"
SYMBOLS = ("", "boat", "license", "either")
BONUS_COUNTS = ("boats", "fish", "licenses", "coins")


@dataclass(frozen=True)
class BoatSpec:
    capacity: int
    points: int


@dataclass(frozen=True)
class BoatType:
    id: str
    track: tuple[str, ...]  # the activation symbol beside each box ("" for none)
    boats: tuple[BoatSpec, ...]
    third_license_points: int


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    boxes: int
    points: int
    uses: int = 0  # Salvage Yard: how many times it can be used
    income: int = 0  # Bait Shop: coins per income
    market_coins: int = 0  # Smokehouse: extra coins at the market


@dataclass(frozen=True)
class KingCrabBonus:
    id: str
    name: str
    per: str  # what it counts: boats, fish, licenses or coins
    every: int
    points: int


@dataclass(frozen=True)
class HarborTrack:
    id: str
    name: str
    boxes: int
    complete: int = 0  # boxes that complete it (0: no completion)
    points: int = 0
    launch: frozenset[int] = frozenset()  # box numbers (from 1) that launch a boat
    fish: frozenset[int] = frozenset()  # box numbers that give a personal fishing phase
    boats: tuple[BoatSpec, ...] = ()


@dataclass(frozen=True)
class Layout:
    rounds: int
    boat_types: Mapping[str, BoatType]
    second_license_coins: int
    cod_coins: tuple[int, ...]  # per launch, by Cod license level
    lobster_coins: tuple[tuple[tuple[int, int], ...], ...]  # by level: (launched boats at least, coins)
    swordfish_boats: tuple[int, ...]
    oyster_capacity: tuple[int, ...]
    oyster_catch: int
    coin_boxes: int
    gold: frozenset[int]  # coin box numbers (from 1) beside a G
    wharf: Mapping[str, Building]
    harbor: Mapping[str, HarborTrack]
    barge: BoatSpec
    bonuses: tuple[KingCrabBonus, ...]
    market: tuple[tuple[int, int], ...]  # (fish at least, coins)

    def track_length(self, track: str) -> int:
        if track in self.boat_types:
            return len(self.boat_types[track].track)
        if track == COINS:
            return self.coin_boxes
        if track in self.wharf:
            return self.wharf[track].boxes
        if track in self.harbor:
            return self.harbor[track].boxes
        if track == SALVAGE_USES:
            return self.wharf["salvage_yard"].uses
        raise KeyError(track)

    @property
    def tracks(self) -> tuple[str, ...]:
        return (*BOAT_TYPES, COINS, *WHARF, *HARBOR, SALVAGE_USES)


# Bounds no printed pad comes near: a player's copy past them is a typo, refused by name.
MOST_BOXES, MOST_BOATS, MOST_POINTS, MOST_COINS = 30, 10, 100, 100


def _whole(data: Any, key: str, where: str, least: int = 0, most: int = MOST_POINTS) -> int:
    return whole_number(require(data, key, int, where), f"{where}.{key}", least, most)


def _optional(data: dict, key: str, where: str, least: int = 0, most: int = MOST_POINTS) -> int:
    return whole_number(data.get(key, 0), f"{where}.{key}", least, most) if key in data else 0


def _levels(raw: list, where: str, least: int, most: int) -> tuple[int, ...]:
    """One number per license level (three)."""
    if len(raw) != 3:
        raise AssetError(f"{where}: one entry per license level (3)")
    return tuple(whole_number(n, f"{where}[{i}]", least, most) for i, n in enumerate(raw))


def _pairs(raw: Any, where: str, most_first: int) -> tuple[tuple[int, int], ...]:
    """Rows of [at least, coins]."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= 20 or not all(isinstance(r, list) and len(r) == 2
                                                                        for r in raw):
        raise AssetError(f"{where}: a list of [at least, coins] pairs")
    return tuple((whole_number(a, f"{where}[{i}][0]", 0, most_first), whole_number(c, f"{where}[{i}][1]", 0, MOST_COINS))
                 for i, (a, c) in enumerate(raw))


def _boats(raw: Any, where: str) -> tuple[BoatSpec, ...]:
    if not isinstance(raw, list) or len(raw) > MOST_BOATS:
        raise AssetError(f"{where}: expected a list of at most {MOST_BOATS} boats")
    return tuple(BoatSpec(_whole(b, "capacity", f"{where}[{i}]", 1, 20), _whole(b, "points", f"{where}[{i}]"))
                 for i, b in enumerate(raw))


def _box_numbers(raw: Any, boxes: int, where: str) -> frozenset[int]:
    if not isinstance(raw, list) or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= boxes
                                            for n in raw):
        raise AssetError(f"{where}: expected box numbers from 1 to {boxes}")
    return frozenset(raw)


def parse_layout(data: Any, where: str = "sheet.json") -> Layout:
    """The layout in `data`, checked; AssetError names the first field that does not fit."""
    types = require(data, "boat_types", dict, where)
    boat_types = {}
    for t in BOAT_TYPES:
        here = f"{where}.boat_types.{t}"
        raw = require(types, t, dict, f"{where}.boat_types")
        track = require(raw, "track", list, here)
        if not 3 <= len(track) <= MOST_BOXES or any(not isinstance(s, str) or s not in SYMBOLS for s in track):
            raise AssetError(f"{here}.track: 3 to {MOST_BOXES} boxes, each one of {', '.join(repr(s) for s in SYMBOLS)}")
        if sorted(track[:3]) != sorted(["", "boat", "license"]):
            raise AssetError(f"{here}.track: the first three boxes grant a license and a boat (rules: Set Up)")
        boats = _boats(require(raw, "boats", list, here), f"{here}.boats")
        if not boats:
            raise AssetError(f"{here}.boats: a boat type needs boats")
        boat_types[t] = BoatType(t, tuple(track), boats, _whole(raw, "third_license_points", here))

    lic = require(data, "licenses", dict, where)
    here = f"{where}.licenses"
    lobster = require(lic, "lobster_coins", list, here)
    if len(lobster) != 3:
        raise AssetError(f"{here}.lobster_coins: one entry per license level (3)")
    lobster_coins = tuple(_pairs(level, f"{here}.lobster_coins[{i}]", MOST_BOATS * 5) for i, level in enumerate(lobster))
    cod = _levels(require(lic, "cod_coins_per_launch", list, here), f"{here}.cod_coins_per_launch", 0, MOST_COINS)
    sword = _levels(require(lic, "swordfish_boats", list, here), f"{here}.swordfish_boats", 0, MOST_BOATS)
    oyster = _levels(require(lic, "oyster_capacity", list, here), f"{here}.oyster_capacity", 1, 20)

    coins = require(data, "coins", dict, where)
    coin_boxes = _whole(coins, "boxes", f"{where}.coins", 1, MOST_COINS)
    gold = _box_numbers(require(coins, "gold", list, f"{where}.coins"), coin_boxes, f"{where}.coins.gold")

    wharf_data = require(data, "wharf", dict, where)
    wharf = {}
    for w in WHARF:
        here = f"{where}.wharf.{w}"
        raw = require(wharf_data, w, dict, f"{where}.wharf")
        wharf[w] = Building(w, require(raw, "name", str, here), _whole(raw, "boxes", here, 1, MOST_BOXES),
                            _whole(raw, "points", here), _optional(raw, "uses", here, 0, 20),
                            _optional(raw, "income", here, 0, 20), _optional(raw, "market_coins", here, 0, 20))
    if wharf["salvage_yard"].uses < 1 or wharf["bait_shop"].income < 1:
        raise AssetError(f"{where}.wharf: the Salvage Yard needs uses and the Bait Shop an income")

    harbor_data = require(data, "harbor", dict, where)
    harbor = {}
    for h in HARBOR:
        here = f"{where}.harbor.{h}"
        raw = require(harbor_data, h, dict, f"{where}.harbor")
        boxes = _whole(raw, "boxes", here, 1, MOST_BOXES)
        complete = whole_number(raw.get("complete", boxes if h == "barge" else 0), f"{here}.complete", 0, boxes)
        launch = _box_numbers(raw.get("launch", []), boxes, f"{here}.launch")
        boats = _boats(raw.get("boats", []), f"{here}.boats")
        if len(boats) < len(launch):
            raise AssetError(f"{here}.boats: one boat for each box that launches one")
        harbor[h] = HarborTrack(h, require(raw, "name", str, here), boxes, complete, _optional(raw, "points", here),
                                launch, _box_numbers(raw.get("fish", []), boxes, f"{here}.fish"), boats)
    barge_raw = harbor_data["barge"]
    barge = BoatSpec(_whole(barge_raw, "capacity", f"{where}.harbor.barge", 1, 20),
                     _whole(barge_raw, "points", f"{where}.harbor.barge"))
    bonuses = []
    raw_bonuses = require(harbor_data["king_crab"], "bonuses", list, f"{where}.harbor.king_crab")
    for i, raw in enumerate(raw_bonuses[:20]):
        here = f"{where}.harbor.king_crab.bonuses[{i}]"
        per = require(raw, "per", str, here)
        if per not in BONUS_COUNTS:
            raise AssetError(f"{here}.per: one of {', '.join(BONUS_COUNTS)}, not {per!r}")
        bonuses.append(KingCrabBonus(require(raw, "id", str, here), require(raw, "name", str, here), per,
                                     _whole(raw, "every", here, 1), _whole(raw, "points", here)))
    if not bonuses or len(raw_bonuses) > 20 or len({b.id for b in bonuses}) != len(bonuses):
        raise AssetError(f"{where}.harbor.king_crab.bonuses: 1 to 20, with different ids")

    table = _pairs(require(data, "market", list, where), f"{where}.market", 1000)
    if table[0][0] != 0 or list(table) != sorted(table):
        raise AssetError(f"{where}.market: rows from 0 fish upwards")

    return Layout(
        rounds=_whole(data, "rounds", where, 1, 20), boat_types=boat_types,
        second_license_coins=_whole(lic, "second_license_coins", f"{where}.licenses", 0, MOST_COINS),
        cod_coins=cod, lobster_coins=lobster_coins, swordfish_boats=sword,
        oyster_capacity=oyster, oyster_catch=_whole(lic, "oyster_catch", f"{where}.licenses", 1, 5),
        coin_boxes=coin_boxes, gold=gold, wharf=wharf, harbor=harbor, barge=barge, bonuses=tuple(bonuses),
        market=table,
    )


@cache
def default_layout() -> Layout:
    return load_data("games/fleet_dice/sheet.json", parse_layout)


TRACK_NAMES = {"shrimp": "Shrimp", "cod": "Cod", "lobster": "Lobster", "swordfish": "Swordfish",
               "oyster": "Oyster", COINS: "coin", SALVAGE_USES: "Salvage Yard use", "barge": "Barge"}


def track_name(layout: Layout, track: str) -> str:
    """'Cod', 'coin', "Ama's Cafe", 'King Crab'."""
    if track in TRACK_NAMES:
        return TRACK_NAMES[track]
    if track in layout.wharf:
        return layout.wharf[track].name
    return layout.harbor[track].name
