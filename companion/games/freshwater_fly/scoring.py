"""Freshwater Fly end-game scoring (rulebook: END OF GAME, SCORING, WINNING; Appendix A).

Pure functions of the players' end state. Every point of a total is one line of its
breakdown (rule, count, points); lines worth nothing are left out, except the fish
points, which every player has.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from companion.core.assets import AssetError, load_data, require, whole_number
from companion.core.scoring import (
    BreakdownLine,
    PlayerResult,
    TieBreak,
    Winners,
    rank_players,
    tie_words,
    top,
    total_of,
)
from companion.games.freshwater_fly.entry import (
    MAX_POINTS,
    ONE_OF_A_KIND,
    SEVEN,
    FishColor,
    FishPoints,
    GameEntry,
    Hatch,
    PlayerEntry,
    Species,
    W,
    parse_game,
)

FIRST_TO_SEVEN = 2
COLOUR_SET = 3
MOST_COHO = 6

# Skill cards N, O, P: +1 per fish of the better of two species (Appendix A).
SKILL_SPECIES = {
    "N": (Species.RAINBOW, Species.CUTTHROAT),
    "O": (Species.GRAYLING, Species.BROOK),
    "P": (Species.STEELHEAD, Species.BROWN),
}


@dataclass(frozen=True)
class Achievement:
    """One line of a reel board: what it counts and how many points each counts for."""

    rule: str
    points_each: int


def fish_points(player: PlayerEntry) -> BreakdownLine:
    """SCORING 1: the printed points of every fish caught."""
    return BreakdownLine("Fish points", len(player.fish), sum(f.points for f in player.fish))


def first_to_seven(player: PlayerEntry) -> BreakdownLine:
    """Common achievement i: +2 to the first player to catch a seventh fish."""
    earned = player.first_to_seven and len(player.fish) >= SEVEN
    return BreakdownLine("First to seven fish", int(earned), FIRST_TO_SEVEN * int(earned))


def firsts_to_seven(players: Sequence[PlayerEntry]) -> tuple[bool, ...]:
    """Who was first to catch a seventh fish: the player the table named; when it named nobody,
    the only player with seven fish (END OF GAME: the round in which a seventh fish is caught is
    the last, so only two or more players with seven leave it a question the table answers)."""
    named = tuple(p.first_to_seven and len(p.fish) >= SEVEN for p in players)
    seven = tuple(len(p.fish) >= SEVEN for p in players)
    return seven if not any(named) and sum(seven) == 1 else named


def colour_sets(player: PlayerEntry) -> BreakdownLine:
    """Common achievement ii: 3 points for every complete set of gold, black and green fish."""
    sets = min(player.colour_count(c) for c in FishColor)
    return BreakdownLine("Sets of gold, black and green fish", sets, COLOUR_SET * sets)


def most_coho(players: Sequence[PlayerEntry]) -> list[BreakdownLine]:
    """Common achievement iii: 6 points to the player with the most Coho (at least one);
    tied leaders divide the six evenly, rounding up."""
    counts = [p.count(Species.COHO) for p in players]
    best = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == best and n > 0]
    share = math.ceil(MOST_COHO / len(leaders)) if leaders else 0
    return [BreakdownLine("Most Coho" if len(leaders) == 1 else f"Most Coho (shared {len(leaders)} ways)",
                          counts[i], share if i in leaders else 0)
            for i in range(len(players))]


def sets_of_four_hatch(hatch: dict[Hatch, int]) -> int:
    """The largest number of separate groups of four different hatch colours.

    t groups are possible exactly when each colour can give at most t tokens and the
    colours together give at least 4t: sum(min(count, t)) >= 4t.
    """
    counts = [hatch.get(h, 0) for h in Hatch]
    t = 0
    while sum(min(c, t + 1) for c in counts) >= 4 * (t + 1):
        t += 1
    return t


def colours_with_a_pair(hatch: dict[Hatch, int]) -> int:
    """3B/4B 'unique set of two same-coloured hatch tokens': each colour counts once, when
    the player gained at least two tokens of it (see the rules help)."""
    return sum(1 for h in Hatch if hatch.get(h, 0) >= 2)


def _species_sets(player: PlayerEntry, *species: Species) -> int:
    return min(player.count(s) for s in species)


# Appendix A, boards 1A and 2A: 1 point per token of three colours, 2 per token of a
# fourth, 2 per Brown, 4 per set of three species, 5 per set of four different tokens.
HATCH_BOARDS = {
    "1A": ((Hatch.ORANGE, Hatch.GREEN, Hatch.YELLOW), Hatch.WHITE, (Species.DOLLY, Species.CUTTHROAT, Species.BROOK)),
    "2A": ((Hatch.ORANGE, Hatch.TAN, Hatch.YELLOW), Hatch.BLUE, (Species.DOLLY, Species.RAINBOW, Species.BROOK)),
}
# Appendix A, boards 3B and 4B: 3 per colour with a pair of tokens, and sets of two species.
PAIR_BOARDS = {
    "3B": ((Species.BROOK, Species.CUTTHROAT, 3), (Species.RAINBOW, Species.GRAYLING, 3),
           (Species.DOLLY, Species.STEELHEAD, 4)),
    "4B": ((Species.BROOK, Species.RAINBOW, 3), (Species.CUTTHROAT, Species.GRAYLING, 3),
           (Species.DOLLY, Species.STEELHEAD, 4)),
}


def personal_achievement(player: PlayerEntry) -> list[BreakdownLine]:
    """Appendix A, Personal Achievements, for the player's reel board."""
    board, hatch = player.reel_board, player.hatch
    lines: list[BreakdownLine] = []

    def line(rule: str, count: int, each: int) -> None:
        lines.append(BreakdownLine(f"{board}: {rule}", count, count * each))

    if board in HATCH_BOARDS:
        ones, twos, trio = HATCH_BOARDS[board]
        line(f"{', '.join(h.value for h in ones)} hatch tokens", sum(hatch.get(h, 0) for h in ones), 1)
        line(f"{twos.value} hatch tokens", hatch.get(twos, 0), 2)
        line("Brown fish", player.count(Species.BROWN), 2)
        line(f"sets of {', '.join(s.value for s in trio)}", _species_sets(player, *trio), 4)
        line("sets of four different hatch tokens", sets_of_four_hatch(hatch), 5)
    else:
        line("colours with two same-coloured hatch tokens", colours_with_a_pair(hatch), 3)
        for a, b, each in PAIR_BOARDS[board]:
            line(f"sets of {a.value} and {b.value}", _species_sets(player, a, b), each)
    return lines


def skill_bonuses(player: PlayerEntry) -> list[BreakdownLine]:
    """SCORING C, Appendix A: N, O, P (+1 per fish of the better species) and W (1 point each)."""
    lines = []
    for card in ONE_OF_A_KIND:
        if card in player.cards:
            a, b = SKILL_SPECIES[card]
            best = a if player.count(a) >= player.count(b) else b
            lines.append(BreakdownLine(f"Skill {card}: {best.value}", player.count(best), player.count(best)))
    ws = player.cards.count(W)
    lines.append(BreakdownLine("Skill W", ws, ws))
    return lines


def breakdown(player: PlayerEntry, coho: BreakdownLine) -> tuple[BreakdownLine, ...]:
    """Every scoring line of one player (given their share of Most Coho)."""
    lines = [fish_points(player), first_to_seven(player), colour_sets(player), coho,
             *personal_achievement(player), *skill_bonuses(player)]
    return tuple(line for line in lines if line.points or line.rule == "Fish points")


@cache
def default_tie_break() -> tuple[FishColor, ...]:
    return load_data("games/freshwater_fly/scoring.json",
                     lambda data, where: parse_tie_break(require(data, "tie_break_colors", list, where)))


FISH_POINTS = "fish_points"


@cache
def default_fish_points() -> FishPoints:
    """The chosen default ranges (seed 000 lost the card faces): `fish_points` in scoring.json,
    read once (a reader of that file in the registry: checked at start-up)."""
    def parse(data: Any, where: str) -> FishPoints:
        table = require(data, FISH_POINTS, dict, where)
        ranges = {}
        for species in Species:
            pair = require(table, species.value, list, f"{where}.{FISH_POINTS}")
            ranges[species] = fish_range(pair, f"{where}.{FISH_POINTS}.{species.value}")
        return MappingProxyType(ranges)
    return load_data("games/freshwater_fly/scoring.json", parse)


def fish_range(pair: Any, where: str) -> tuple[int, int]:
    """`[lowest, highest]` checked (AssetError naming `where` if it is not a range of card points)."""
    if not (isinstance(pair, list) and len(pair) == 2):
        raise AssetError(f"{where}: expected [lowest, highest], got {pair!r}")
    low = whole_number(pair[0], f"{where} lowest", 0, MAX_POINTS)
    high = whole_number(pair[1], f"{where} highest", low, MAX_POINTS)
    return low, high


def parse_tie_break(colours: Any) -> tuple[FishColor, ...]:
    if not isinstance(colours, list):
        raise AssetError(f"tie_break_colors: {colours!r} is not a list of fish colours")
    try:
        order = tuple(FishColor(c) for c in colours)
    except ValueError:
        raise AssetError(f"tie_break_colors: {colours!r} are not fish colours") from None
    if sorted(c.value for c in order) != sorted(c.value for c in FishColor):
        raise AssetError(f"tie_break_colors: {colours!r} must name gold, black and green once each")
    return order


def colour_ties(players: Sequence[PlayerEntry], order: Sequence[FishColor]) -> list[TieBreak]:
    """WINNING's tie-breaks: the most fish of each colour of `order` in turn ("gold 2-2")."""
    return [TieBreak(c.value, [p.colour_count(c) for p in players]) for c in order]


def score_game(game: GameEntry, tie_break: Sequence[FishColor] | None = None
               ) -> tuple[tuple[PlayerResult, ...], Winners]:
    """Every player's result in seat order, and the winners (more than one: a shared win), with the
    words on a tie for the win ("Ana wins the tie: gold 2-2, black 3-2")."""
    order = tuple(tie_break or default_tie_break())
    coho = most_coho(game.players)
    players = [replace(p, first_to_seven=first) for p, first in zip(game.players, firsts_to_seven(game.players))]
    lines = [breakdown(p, c) for p, c in zip(players, coho)]
    totals = [total_of(ls) for ls in lines]
    # WINNING: most points; a tie goes to the most fish of the first colour, then the next...
    keys = [(total, *(p.colour_count(c) for c in order)) for p, total in zip(game.players, totals)]
    ranks = rank_players(keys)
    results = tuple(PlayerResult(p.name, total, rank, ls)
                    for p, total, rank, ls in zip(game.players, totals, ranks, lines))
    names = [p.name for p in game.players]
    return results, Winners((r.name for r in results if r.rank == 1),
                            tie_words(names, top(totals), colour_ties(game.players, order)))


def results_json(results: Sequence[PlayerResult]) -> list[dict]:
    return [{"name": r.name, "total": r.total, "rank": r.rank,
             "breakdown": [{"rule": b.rule, "count": b.count, "points": b.points} for b in r.breakdown]}
            for r in results]


def score_json(data: object, tie_break: Sequence[FishColor] | None = None) -> dict:
    """`companion score freshwater-fly`: the end-of-game JSON in, the results JSON out."""
    results, winners = score_game(parse_game(data, fish_points=default_fish_points()), tie_break)
    return {"players": results_json(results), "winners": list(winners), **tie_json(winners)}


def tie_json(winners: Winners) -> dict[str, str]:
    """`"tie"`: the words on a tie for the win, in a `companion score` result where there was one."""
    return {"tie": winners.tie} if winners.tie else {}
