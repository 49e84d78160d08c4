"""A Salmon Run race set up: its players in turn order, each with a salmon of their own colour, the
river, and the supplemental piles and Fatigue Deck (the data file's, written into the set-up so the
race replays the same if the file changes later), and the rules version it is played by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.score_input import ScoreInputError
from companion.core.table.seats import MAX_NAME, is_whole, read_players
from companion.games.salmon_run.river import (
    CARD_NAMES,
    FATIGUE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_PILE,
    SUPPLEMENTAL,
    River,
    RiverError,
    SalmonRunData,
    default_data,
    river_from_dict,
)
from companion.games.salmon_run.state import EARLIER_RULES, RULES_VERSION, Deck, RaceState, Salmon, SalmonRunError


def read_salmon(raw: Any) -> tuple[tuple[Salmon, ...], tuple[str, ...]]:
    """The players (2 to 4, each once) and their salmon, each of a colour of its own; their roster ids."""
    players = read_players(raw, MIN_PLAYERS, MAX_PLAYERS, "Salmon Run")
    salmon: list[Salmon] = []
    for i, player in enumerate(players):
        colour = player.doc.get("colour")
        if not isinstance(colour, str) or not colour.strip() or len(colour) > MAX_NAME:
            raise ScoreInputError(f"players[{i}].colour", "each salmon has a colour of its own")
        colour = " ".join(colour.split())
        if any(s.colour.casefold() == colour.casefold() for s in salmon):
            raise SalmonRunError(f"Two salmon are {colour}: each player takes a colour of their own.")
        salmon.append(Salmon(player.name, colour))
    return tuple(salmon), tuple(p.id for p in players)


def read_piles(setup: Mapping[str, Any], data: SalmonRunData | None = None) -> Deck:
    """The supplemental piles and the Fatigue Deck: the set-up's, else the data file's."""
    data = data or default_data()
    raw = setup.get("supplemental", data.supplemental)
    if not isinstance(raw, Mapping) or set(raw) - set(SUPPLEMENTAL):
        raise SalmonRunError(f"The supplemental piles are {', '.join(SUPPLEMENTAL)}, each with a number of cards.")
    piles = {}
    for pile in SUPPLEMENTAL:
        n = raw.get(pile, 0)
        if not is_whole(n) or not 0 <= n <= MOST_PILE:
            raise SalmonRunError(f"The {CARD_NAMES[pile]} pile holds 0 to {MOST_PILE} cards, not {n!r}.")
        piles[pile] = n
    fatigue = setup.get("fatigue_deck", data.fatigue_deck)
    if not is_whole(fatigue) or not 0 <= fatigue <= MOST_PILE:
        raise SalmonRunError(f"The Fatigue Deck holds 0 to {MOST_PILE} cards, not {fatigue!r}.")
    return Deck.of({**piles, FATIGUE: fatigue})


def setup_for(players: Sequence[tuple[str, str] | Mapping[str, Any]], river: River, rolls: Sequence[int] | None = None,
              data: SalmonRunData | None = None) -> dict[str, Any]:
    """A complete set-up for a new race: each player in seat order, (name, colour) or a `seat_entry`
    naming the roster's player with a "colour", the river, and the data file's piles written in so
    the race replays the same if the file changes later. `rolls`: the random set-up's rolls, kept
    for the record. Colours are checked against the data."""
    data = data or default_data()
    entries = [dict(p) if isinstance(p, Mapping) else {"name": p[0], "colour": p[1]} for p in players]
    for entry in entries:
        if entry.get("colour") not in data.colours:
            raise SalmonRunError(f"The salmon colours are {', '.join(data.colours)}; not {entry.get('colour')!r}.")
    setup: dict[str, Any] = {"players": entries, "river": river.to_dict(),
                             "supplemental": dict(data.supplemental), "fatigue_deck": data.fatigue_deck,
                             "rules_version": RULES_VERSION}
    if rolls is not None:
        setup["river_rolls"] = list(rolls)
    return setup


def rules_version(setup: Mapping[str, Any]) -> int:
    """The rules version a race was set up with (`state.RULES_VERSION`): a set-up written before version 2
    names none."""
    version = setup.get("rules_version", EARLIER_RULES)
    if not is_whole(version) or not EARLIER_RULES <= version <= RULES_VERSION:
        raise SalmonRunError(f"The race's rules version is {EARLIER_RULES} to {RULES_VERSION}, not {version!r}.")
    return version


def new_race(setup: Mapping[str, Any]) -> RaceState:
    """Every salmon at the start with its 11-card Swim Deck, the first player still to be rolled."""
    salmon, ids = read_salmon(setup.get("players"))
    try:
        river = river_from_dict(setup.get("river"))
    except RiverError as exc:
        raise SalmonRunError(str(exc)) from None
    return RaceState(salmon, river, read_piles(setup), ids=ids, rules_version=rules_version(setup))
