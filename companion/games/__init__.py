"""The rules of every kind of session, by id, imported when first needed (start-up stays quick).

What each game keeps and shows is in `registry.py`; this module gives the session layer
the rules of a kind, and checks the game data files at start-up.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from companion.core.session_log import Rules
from companion.games.registry import data_files, load, play_kinds, session_kinds

# Session kind -> the module whose RULES play it.
GAME_MODULES = {kind: entry.rules for kind, (_, entry) in session_kinds().items()}

# What History knows of each archived play's `game`: its title, whether the best total is the lowest.
PLAY_KINDS = play_kinds()
GAME_TITLES = {game: kind.title for game, kind in PLAY_KINDS.items()}  # what a play's `game` is called on screen
FEWER_IS_BETTER = frozenset(game for game, kind in PLAY_KINDS.items() if kind.fewer_is_better)  # Salmon Run


def title_of(game: str) -> str:
    """What a play's `game` is called on screen: its title, or the name itself for a game this version does not
    know (a play a later version, or another app, saved)."""
    return GAME_TITLES.get(game, game)


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

# Every game data file a player may replace with their own copy in `custom/` (a file may
# have several readers, each checking its part).
GAME_DATA_FILES = tuple(dict.fromkeys(path for path, _ in data_files()))


def check_game_data() -> None:
    """Read every game data file now, so a bad one stops start-up with its name and field
    instead of failing later at the table (AssetError)."""
    for _, reader in data_files():
        load(reader)()


def forget_game_data() -> None:
    """Read the game data files again on next use (tests that put another copy in place)."""
    for _, reader in data_files():
        load(reader).cache_clear()
