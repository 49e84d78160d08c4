"""The pearl boat game's data file (`assets/games/pearl_boat/pearl_boat.json`): the fish and
their pearls, the fuel tank, the store's prices and limits, the space values, and the readings
where the text is informal (see the file's notes). Read by the rules and by the scoring command."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require, whole_number
from companion.games.pearl_boat.store import EXTRA_DRAW, HALF_REFILL, LIMITS_PER, STEP_BACK, StoreItem

WIN_FISH = 3  # "Collect 3 Different Fish and return to the fish market"
MOST = 1000  # no value in the data file comes near it: past it is a typo

# Data: assets/games/pearl_boat/pearl_boat.json ----------------------------------------------------


@dataclass(frozen=True)
class Fish:
    id: str
    name: str
    pearls: int


@dataclass(frozen=True)
class PearlBoatData:
    """What `pearl_boat.json` holds (its notes say which values are chosen readings)."""

    start_pearls: int
    start_fuel: int
    tank: int
    fish: tuple[Fish, ...]
    base_capacity: int
    expansion_upgrades: int
    expansion_fish: int
    space_values: tuple[int, ...]
    upgrade_limit: int
    attack_limit: int
    attack_hold_turns: int
    lose_fuel: int
    reverse_steps: int
    move_choice_steps: int
    half_refill: StoreItem
    step_back: StoreItem
    extra_draw: StoreItem
    sell_price: int
    limits_per: str
    pay_on_delivery: bool
    duel_loss: int
    duel_spends_defender: bool
    least_players: int
    most_players: int

    def fish_named(self, fish_id: str) -> Fish | None:
        return next((f for f in self.fish if f.id == fish_id), None)

    def item(self, item_id: str) -> StoreItem:
        return {HALF_REFILL: self.half_refill, STEP_BACK: self.step_back, EXTRA_DRAW: self.extra_draw}[item_id]

    def to_dict(self) -> dict[str, Any]:
        """The values as the data file writes them (kept in a game's set-up so it replays the same)."""
        return {
            "start_pearls": self.start_pearls, "start_fuel": self.start_fuel, "tank": self.tank,
            "fish": [{"id": f.id, "name": f.name, "pearls": f.pearls} for f in self.fish],
            "base_capacity": self.base_capacity, "expansion_upgrades": self.expansion_upgrades,
            "expansion_fish": self.expansion_fish, "space_values": list(self.space_values),
            "upgrade_limit": self.upgrade_limit, "attack_limit": self.attack_limit,
            "attack_hold_turns": self.attack_hold_turns, "lose_fuel": self.lose_fuel,
            "reverse_steps": self.reverse_steps, "move_choice_steps": self.move_choice_steps,
            "store": {"half_refill": {"price": self.half_refill.price, "fuel": self.half_refill.fuel,
                                      "limit": self.half_refill.limit},
                      "step_back": {"price": self.step_back.price, "most_steps": self.step_back.most_steps,
                                    "limit": self.step_back.limit},
                      "extra_draw": {"price": self.extra_draw.price, "limit": self.extra_draw.limit},
                      "sell_price": self.sell_price},
            "limits_per": self.limits_per, "pay_on_delivery": self.pay_on_delivery, "duel_loss": self.duel_loss,
            "duel_spends_defender": self.duel_spends_defender,
            "players": {"least": self.least_players, "most": self.most_players},
        }


def _number(data: Any, key: str, where: str, least: int, most: int = MOST) -> int:
    return whole_number(require(data, key, int, where), f"{where}.{key}", least, most)


def parse_data(data: Any, where: str = "pearl_boat.json") -> PearlBoatData:
    """The values in `data`, checked; AssetError names the first field that does not fit."""
    if not isinstance(data, dict):
        raise AssetError(f"{where}: expected an object, got {type(data).__name__}")
    tank = _number(data, "tank", where, 1)
    start_fuel = _number(data, "start_fuel", where, 0, tank)
    raw_fish = require(data, "fish", list, where)
    fish: list[Fish] = []
    for i, raw in enumerate(raw_fish):
        here = f"{where}.fish[{i}]"
        fish_id = require(raw, "id", str, here)
        name = require(raw, "name", str, here)
        for key, text in (("id", fish_id), ("name", name)):
            if not text.strip() or len(text) > 30 or not text.isprintable():
                raise AssetError(f"{here}.{key}: 1 to 30 printable letters, not {text!r}")
        if any(f.id == fish_id or f.name.casefold() == name.casefold() for f in fish):
            raise AssetError(f"{here}: {fish_id!r} is listed twice")
        fish.append(Fish(fish_id, name, _number(raw, "pearls", here, 0)))
    if not WIN_FISH <= len(fish) <= 20:
        raise AssetError(f"{where}.fish: {WIN_FISH} to 20 kinds of fish (three different ones win), not {len(fish)}")
    values = require(data, "space_values", list, where)
    if not 1 <= len(values) <= 20:
        raise AssetError(f"{where}.space_values: 1 to 20 values, not {len(values)}")
    for i, value in enumerate(values):
        whole_number(value, f"{where}.space_values[{i}]", -MOST, MOST)
    if len(set(values)) != len(values):
        raise AssetError(f"{where}.space_values: a value is listed twice")
    store = require(data, "store", dict, where)
    here = f"{where}.store"
    refill = require(store, HALF_REFILL, dict, here)
    back = require(store, STEP_BACK, dict, here)
    draw = require(store, EXTRA_DRAW, dict, here)
    items = (StoreItem(HALF_REFILL, _number(refill, "price", f"{here}.{HALF_REFILL}", 0),
                       _number(refill, "limit", f"{here}.{HALF_REFILL}", 0),
                       fuel=_number(refill, "fuel", f"{here}.{HALF_REFILL}", 1, tank)),
             StoreItem(STEP_BACK, _number(back, "price", f"{here}.{STEP_BACK}", 0),
                       _number(back, "limit", f"{here}.{STEP_BACK}", 0),
                       most_steps=_number(back, "most_steps", f"{here}.{STEP_BACK}", 1, 20)),
             StoreItem(EXTRA_DRAW, _number(draw, "price", f"{here}.{EXTRA_DRAW}", 0),
                       _number(draw, "limit", f"{here}.{EXTRA_DRAW}", 0)))
    limits_per = require(data, "limits_per", str, where)
    if limits_per not in LIMITS_PER:
        raise AssetError(f"{where}.limits_per: {' or '.join(map(repr, LIMITS_PER))}, not {limits_per!r}")
    players = require(data, "players", dict, where)
    least = _number(players, "least", f"{where}.players", 2, 12)
    most = _number(players, "most", f"{where}.players", least, 12)
    upgrade_limit = _number(data, "upgrade_limit", where, 0, 20)
    return PearlBoatData(
        start_pearls=_number(data, "start_pearls", where, 0), start_fuel=start_fuel, tank=tank, fish=tuple(fish),
        base_capacity=_number(data, "base_capacity", where, 1, 20),
        expansion_upgrades=_number(data, "expansion_upgrades", where, 1, max(1, upgrade_limit)),
        expansion_fish=_number(data, "expansion_fish", where, 0, 20), space_values=tuple(values),
        upgrade_limit=upgrade_limit, attack_limit=_number(data, "attack_limit", where, 0, 20),
        attack_hold_turns=_number(data, "attack_hold_turns", where, 0, 100),
        lose_fuel=_number(data, "lose_fuel", where, 0, tank),
        reverse_steps=_number(data, "reverse_steps", where, 1, 20),
        move_choice_steps=_number(data, "move_choice_steps", where, 1, 20),
        half_refill=items[0], step_back=items[1], extra_draw=items[2],
        sell_price=_number(store, "sell_price", here, 0), limits_per=limits_per,
        pay_on_delivery=require(data, "pay_on_delivery", bool, where),
        duel_loss=_number(data, "duel_loss", where, 0),
        duel_spends_defender=require(data, "duel_spends_defender", bool, where),
        least_players=least, most_players=most)


@cache
def default_data() -> PearlBoatData:
    """The shipped data file (or the player's own copy of it), checked."""
    return load_data("games/pearl_boat/pearl_boat.json", parse_data)


