"""The pearl boat game's end: the winner and the standings (rules: Win Condition).

"Collect 3 Different Fish and return to the fish market during the round you have 3 total fish
from drop offs and onboard your ship." The first boat back at the market with three different
fish wins; the others are placed by the different fish they brought back, then by their pearls.

`score_json` is `companion score pearl-boat`:

    {"players": [{"name": "Ana", "pearls": 12, "fish": ["salmon", "bass", "carp"], "trips": 2},
                 {"name": "Ben", "pearls": 20, "fish": ["halibut"]}],
     "first_back": "Ana"}

`fish`: the fish each boat has back at the fish market (delivered there or arrived from a
drop-off point), by id (salmon, rainbow_trout, halibut, bass, carp as in the data file);
`trips` (optional): trips completed; `first_back` (optional): who came back first, needed only
when several boats have three different fish. It prints each player with the different fish,
the fish's pearls and the rank, and the winners (one). A game where no boat has three
different fish is not over and is refused. A result's `total` is the boat's pearls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.score_input import ScoreInputError, check_keys, choice, items, show, whole
from companion.core.scoring import BreakdownLine, PlayerResult, Winners, rank_players
from companion.core.words import listed
from companion.games.pearl_boat.data import default_data
from companion.games.pearl_boat.setup import read_boats

# A game's state (rules.PearlBoatState) is read by its fields only: importing rules at the top
# would make an import loop (rules reads the standings from here).
PearlBoatState = Any

GAME_NAME = "pearl-boat"  # how plays are filed in the archive
WIN_FISH = 3
MAX_PEARLS = 100_000
MAX_FISH = 1000
MAX_TRIPS = 10_000
DIFFERENT_RULE, FISH_RULE, TRIPS_RULE, PEARLS_RULE = ("Different fish back at the fish market",
                                                      "Fish back at the fish market", "Trips completed", "Pearls")
NOT_OVER = "The game is not over: no boat has three different fish back at the fish market."


class GameNotOver(DomainError):
    """Scored before any boat had three different fish back at the fish market."""


def breakdown(fish: Sequence[str], trips: int, pearls: int) -> tuple[BreakdownLine, ...]:
    """One boat's lines: different fish, fish, trips (counted, no points) and its pearls (the total)."""
    return (BreakdownLine(DIFFERENT_RULE, len(set(fish)), 0), BreakdownLine(FISH_RULE, len(fish), 0),
            BreakdownLine(TRIPS_RULE, trips, 0), BreakdownLine(PEARLS_RULE, pearls, pearls))


def score(names: Sequence[str], pearls: Sequence[int], fish: Sequence[Sequence[str]], trips: Sequence[int],
          winner: int) -> tuple[tuple[PlayerResult, ...], Winners]:
    """Each player's result in seat order and the winners: `winner` first, then by different fish
    and pearls (equal ones share a place); with the words on other boats that also have three
    different fish back (`first_back_tie`)."""
    keys = [(int(i == winner), len(set(f)), p) for i, (f, p) in enumerate(zip(fish, pearls))]
    ranks = rank_players(keys)
    results = tuple(PlayerResult(n, p, r, breakdown(f, t, p))
                    for n, p, f, t, r in zip(names, pearls, fish, trips, ranks))
    return results, Winners((names[winner],), first_back_tie(names, fish, winner))


def first_back_tie(names: Sequence[str], fish: Sequence[Sequence[str]], winner: int) -> str:
    """Why `winner` wins when other boats also have three different fish back at the fish market (fish
    from a drop-off point arrive a turn later, and "Players cannot win on the turn they drop off their
    fish"): the Win Condition is to "return to the fish market" with them, and the first boat to do so
    wins; the rules name no other tie-break. "" when no other boat has three."""
    also = [names[i] for i, f in enumerate(fish) if i != winner and len(set(f)) >= WIN_FISH]
    if not also:
        return ""
    verb = "has" if len(also) == 1 else "have"
    return (f"{names[winner]} wins the tie: first back to the fish market with three different fish "
            f"({listed(also)} {verb} three too)")


def score_state(state: PearlBoatState) -> tuple[tuple[PlayerResult, ...], Winners]:
    """The standings of a game that is won (GameNotOver before)."""
    if state.winner is None:
        raise GameNotOver(NOT_OVER)
    boats = state.boats
    return score([b.name for b in boats], [b.pearls for b in boats], [b.delivered for b in boats],
                 [b.trips for b in boats], state.winner)


def entry_of(state: PearlBoatState) -> dict[str, Any]:
    """The end-of-game JSON of a game (what `score_json` reads), kept with its play."""
    entry: dict[str, Any] = {"players": [{"name": b.name, "pearls": b.pearls, "fish": list(b.delivered),
                                          "trips": b.trips} for b in state.boats]}
    if state.winner is not None:
        entry["first_back"] = state.boats[state.winner].name
    return entry


def to_play(state: PearlBoatState, play_id: str, played_at: str) -> Play:
    """The finished game as History keeps it: each boat's pearls, fish delivered and trips."""
    results, winners = score_state(state)
    return Play(id=play_id, game=GAME_NAME, played_at=played_at, results=results, winners=winners,
                entry=entry_of(state))


# `companion score pearl-boat` ---------------------------------------------------------------


def score_json(data: object) -> dict:
    """`companion score pearl-boat`: the end-of-game JSON in, each player's place and the winner out."""
    values = {f.id: f.pearls for f in default_data().fish}
    game = check_keys(data, "game", ("players", "first_back"), ("players",))
    seated = read_boats(game["players"], default_data())  # as many boats as a game seats, as its set-up
    names: list[str] = []
    pearls: list[int] = []
    fish: list[list[str]] = []
    trips: list[int | None] = []
    for i, seat in enumerate(seated):
        path = f"players[{i}]"
        player = check_keys(seat.doc, path, ("name", "pearls", "fish", "trips"), ("name", "pearls", "fish"))
        name = seat.name
        caught = [choice(kind, f"{path}.fish[{j}]", list(values), "fish")
                  for j, kind in enumerate(items(player["fish"], f"{path}.fish", MAX_FISH, "fish"))]
        names.append(name)
        pearls.append(whole(player["pearls"], f"{path}.pearls", MAX_PEARLS))
        fish.append(caught)
        trips.append(whole(player["trips"], f"{path}.trips", MAX_TRIPS) if "trips" in player else None)
    qualified = [i for i, f in enumerate(fish) if len(set(f)) >= WIN_FISH]
    first = game.get("first_back")
    if first is not None:
        if not isinstance(first, str) or " ".join(first.split()).casefold() not in [n.casefold() for n in names]:
            raise ScoreInputError("first_back", f"{show(first)} is not one of the players")
        winner = [n.casefold() for n in names].index(" ".join(first.split()).casefold())
        if winner not in qualified:
            raise ScoreInputError("first_back", f"{names[winner]} has {len(set(fish[winner]))} different fish "
                                                f"back, not three")
    elif not qualified:
        raise GameNotOver(NOT_OVER)
    elif len(qualified) > 1:
        raise ScoreInputError("first_back", f"{' and '.join(names[i] for i in qualified)} have three different "
                                            f"fish: say who came back to the fish market first")
    else:
        winner = qualified[0]
    results, winners = score(names, pearls, fish, [t or 0 for t in trips], winner)
    out = []
    for r, f, t in zip(results, fish, trips):
        row: dict[str, Any] = {"name": r.name, "pearls": r.total, "fish": f, "different_fish": len(set(f)),
                               "fish_pearls": sum(values[k] for k in f)}
        if t is not None:
            row["trips"] = t
        row["rank"] = r.rank
        out.append(row)
    return {"players": out, "winners": list(winners), **({"tie": winners.tie} if winners.tie else {})}
