"""A game of Lure set up: its players (2 to 5, in seat order) and its numbers and readings, the
data file's with the set-up's own values written in, so a game replays the same even if the
data file changes later."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.core.table.seats import read_players
from companion.games.lure.cards import MAX_FACE
from companion.games.lure.data import (
    MOST_D6,
    MOST_DECK,
    MOST_LURES,
    MOST_REVEAL,
    LureData,
    default_data,
)
from companion.games.lure.state import (
    ADJUST,
    BOOST,
    CATCHES,
    EXTRA,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REFILLS,
    Angler,
    Hand,
    LureError,
    LureState,
    Settings,
)


def _whole_setting(setup: Mapping[str, Any], key: str, default: int, least: int, most: int, what: str) -> int:
    value = setup.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise LureError(f"{what} is {least} to {most}, not {value!r}.")
    return value


def _word_setting(setup: Mapping[str, Any], key: str, default: str, words: tuple[str, ...], what: str) -> str:
    value = setup.get(key, default)
    if value not in words:
        raise LureError(f"{what} is one of {', '.join(words)}; not {value!r}.")
    return value


def _setup_numbers(value: Any, what: str, allowed: Iterable[int], at_most: int) -> tuple[int, ...]:
    allowed = set(allowed)
    if not isinstance(value, list) or len(value) > at_most or any(
            not isinstance(v, int) or isinstance(v, bool) or v not in allowed for v in value):
        raise LureError(f"{what}: a list of at most {at_most} numbers from {', '.join(map(str, sorted(allowed)))}.")
    return tuple(value)


def read_settings(setup: Mapping[str, Any], players: int, data: LureData | None = None) -> Settings:
    """A game's settings: the data file's, with the set-up's overrides (checked)."""
    data = data or default_data()
    extra_values = data.extra_values
    if "extra_values" in setup:
        extra_values = _setup_numbers(setup["extra_values"], "Extra Die numbers", range(1, MAX_FACE + 1), MAX_FACE)
        if not extra_values or len(set(extra_values)) != len(extra_values):
            raise LureError("Extra Die numbers: at least one, each once.")
    special = data.special_dice
    if "special_dice" in setup:
        special = _setup_numbers(setup["special_dice"], "Special dice", range(2, MAX_FACE + 1), 3)
        if len(set(special)) != len(special):
            raise LureError("Special dice: each size once.")
        special = tuple(sorted(special))
    starting = data.starting_lures
    if "lures" in setup:
        lures = setup["lures"]
        if not isinstance(lures, Mapping):
            raise LureError("Starting lures: say how many Adjust and Boost lures, and the Extra Die numbers.")
        extra = _setup_numbers(lures.get(EXTRA, []), "Starting Extra Die lures", extra_values, MOST_LURES)
        starting = Hand(_whole_setting(lures, ADJUST, 0, 0, MOST_LURES, "Starting Adjust lures"),
                        _whole_setting(lures, BOOST, 0, 0, MOST_LURES, "Starting Boost lures"), tuple(sorted(extra)))
    elif not set(starting.extra) <= set(extra_values):
        raise LureError("Starting Extra Die lures must show numbers an Extra Die lure can show.")
    return Settings(
        d6=_whole_setting(setup, "d6", data.d6, 1, MOST_D6, "Each player's number of d6"),
        deck=_whole_setting(setup, "deck", data.deck, 1, MOST_DECK, "The number of fish cards in the deck"),
        reveal=_whole_setting(setup, "reveal", data.splash[players], 1, MOST_REVEAL, "The fish revealed each round"),
        special_dice=special, starting_lures=starting, extra_values=extra_values,
        refill=_word_setting(setup, "refill", data.refill, REFILLS, "How Splash refills the middle"),
        catches_per_roll=_word_setting(setup, "catches_per_roll", data.catches_per_roll, CATCHES,
                                       "How many fish one roll catches"),
    )


def setup_for(players: Sequence[str | Mapping[str, Any]], **overrides: Any) -> dict[str, Any]:
    """A complete set-up for a new game: the players (names, or `seat_entry`s naming the roster's
    players) and the data file's values written in. `overrides`: d6, deck, refill, catches_per_roll..."""
    data = default_data()
    setup: dict[str, Any] = {
        "players": [p if isinstance(p, str) else dict(p) for p in players], "d6": data.d6, "deck": data.deck,
        "reveal": data.splash.get(len(players), 3), "special_dice": list(data.special_dice),
        "lures": data.starting_lures.to_dict(), "extra_values": list(data.extra_values), "refill": data.refill,
        "catches_per_roll": data.catches_per_roll,
    }
    if "players" in overrides:
        raise TypeError("the players are given as the first argument")
    setup.update(overrides)
    return setup


def new_game(setup: Mapping[str, Any]) -> LureState:
    """The first round's Splash, every player holding the starting lures."""
    players = read_players(setup.get("players"), MIN_PLAYERS, MAX_PLAYERS, "Lure")
    settings = read_settings(setup, len(players))
    return LureState(tuple(p.name for p in players), settings, tuple(Angler(settings.starting_lures) for _ in players),
                     ids=tuple(p.id for p in players))
