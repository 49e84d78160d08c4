"""The rules of every kind of session, by id, imported when first needed (start-up stays quick)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from companion.core.session import Rules

# Session kind -> the module whose RULES play it.
GAME_MODULES = {
    "table": "companion.games.table_tools",
    "freshwater-fly-score": "companion.games.freshwater_fly.score_sheet",
    "fleet-dice": "companion.games.fleet_dice.game",
    "fly-solo-campaign": "companion.games.fly_solo.journal",
    "fly-solo-day": "companion.games.fly_solo.angler",
}

# What each archived play's `game` is called on screen.
GAME_TITLES = {"freshwater-fly": "Freshwater Fly", "fleet-dice": "Fleet Dice"}


class GameRegistry(Mapping[str, Rules]):
    """`GAMES[kind]`: the rules of a session kind, its module imported on first use."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = modules

    def __getitem__(self, kind: str) -> Rules:
        if kind not in self._modules:
            raise KeyError(kind)
        return importlib.import_module(self._modules[kind]).RULES

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


GAMES = GameRegistry(GAME_MODULES)


# Every game data file a player may replace with their own copy in `custom/`.
GAME_DATA_FILES = ("dice/dice.json", "dice/presets.json", "games/freshwater_fly/strike.json",
                   "games/freshwater_fly/skills.json", "games/freshwater_fly/scoring.json",
                   "games/fleet_dice/sheet.json", "games/fly_solo/adventure.json")


def _game_data_loaders() -> tuple:
    from companion.core.dice import all_dice
    from companion.core.pools import presets
    from companion.games.fleet_dice.layout import default_layout
    from companion.games.fly_solo.adventure import default_adventure
    from companion.games.freshwater_fly.draft import default_face_changes
    from companion.games.freshwater_fly.scoring import default_tie_break
    from companion.games.freshwater_fly.strike import deck_rules

    return (all_dice, presets, deck_rules, default_face_changes, default_tie_break, default_layout,
            default_adventure)


def check_game_data() -> None:
    """Read every game data file now, so a bad one stops start-up with its name and field
    instead of failing later at the table (AssetError)."""
    for load in _game_data_loaders():
        load()


def forget_game_data() -> None:
    """Read the game data files again on next use (tests that put another copy in place)."""
    for load in _game_data_loaders():
        load.cache_clear()
