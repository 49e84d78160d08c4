"""A pearl boat game set up: its players in seat order, and the rules values (the data file's,
written into the set-up so the game replays the same if the file changes later)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.actions import plain
from companion.core.assets import AssetError
from companion.core.table.seats import SeatedPlayer, is_whole, read_players
from companion.core.table.turns import everyone
from companion.games.pearl_boat.data import PearlBoatData, default_data, parse_data
from companion.games.pearl_boat.state import EARLIER_RULES, RULES_VERSION, Boat, PearlBoatState
from companion.games.pearl_boat.store import LIMITS_PER, PearlBoatError


def read_rules(raw: Any) -> PearlBoatData:
    """The values a game was set up with (the data file's, by default)."""
    if raw is None:
        return default_data()
    try:
        return parse_data(plain(raw), "rules")
    except AssetError as exc:
        raise PearlBoatError(f"The game's rules values do not fit: {exc}") from None


def setup_for(players: Sequence[str | Mapping[str, Any]], data: PearlBoatData | None = None,
              limits_per: str | None = None) -> dict[str, Any]:
    """A complete set-up: the players in seat order (names, or `seat_entry`s naming the roster's
    players) and the data file's values written in (so the game replays the same if the file
    changes later), and the rules version it is played by (`state.RULES_VERSION`). `limits_per`: "game"
    (the default) or "trip"."""
    data = data or default_data()
    rules = data.to_dict()
    if limits_per is not None:
        if limits_per not in LIMITS_PER:
            raise PearlBoatError(f"Store limits are counted per {' or per '.join(LIMITS_PER)}, not {limits_per!r}.")
        rules["limits_per"] = limits_per
    return {"players": [{"name": p} if isinstance(p, str) else dict(p) for p in players], "rules": rules,
            "rules_version": RULES_VERSION}


def rules_version(setup: Mapping[str, Any]) -> int:
    """The rules version a game was set up with: a set-up written before version 2 names none."""
    version = setup.get("rules_version", EARLIER_RULES)
    if not is_whole(version) or not EARLIER_RULES <= version <= RULES_VERSION:
        *earlier, last = (str(v) for v in range(EARLIER_RULES, RULES_VERSION + 1))
        known = f"{', '.join(earlier)} or {last}" if earlier else last
        raise PearlBoatError(f"The game's rules version is {known}, not {version!r}.")
    return version


def read_boats(raw: Any, data: PearlBoatData) -> tuple[SeatedPlayer, ...]:
    """The players of a set-up or of `companion score pearl-boat`, a boat each, as many as the game seats:
    the data file's `players` (2 to 6 by default: the text gives only "Recommended Player Count: 4").
    ScoreInputError naming the field otherwise."""
    return read_players(raw, data.least_players, data.most_players, "the pearl boat game")


def new_game(setup: Mapping[str, Any]) -> PearlBoatState:
    """Every boat with the data's pearls and fuel, everyone to roll for the turn order."""
    data = read_rules(setup.get("rules"))
    players = read_boats(setup.get("players"), data)
    boats = tuple(Boat(p.name, data.start_pearls, data.start_fuel) for p in players)
    return PearlBoatState(boats, data, groups=everyone(len(boats)), ids=tuple(p.id for p in players),
                          rules_version=rules_version(setup))
