"""Statistics over archived plays: filters, per-player and per-game figures, head-to-head
records and the plain series the charts draw. Pure functions of the plays given: no UI,
no storage, no clock.

Speed: every function makes one pass over the plays (plus a sort of one player's or one
game's plays by date), so player_stats over 10,000 four-player plays takes a few tens of ms.

Conventions shared by every function here:
- A player is known by their name stripped and case-folded ("ana " is "Ana"), as the roster
  keeps names unique regardless of case; the spelling shown is the first one met in `plays`.
- A win is a result ranked 1, so a shared win is a win for each winner (the names in
  Play.winners are exactly these).
- "Best", "worst" and "highest" mean the largest or smallest total. In salmon-run the total is
  the Fatigue cards, where fewer is better: callers showing that game read them the other way.
- Dates and times are read as written in played_at (no time-zone conversion); equal times keep
  the order of `plays`. A played_at that is not ISO raises ValueError (the archive refuses them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from companion.core.play_reading import (
    by_date,
    moment,
    most_first,
    name_key,
    played_on,
    points_by_rule,
    result_of,
    scored,
    seated,
)
from companion.core.plays import Play
from companion.core.scoring import PlayerResult


# Filters ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayFilter:
    """Which plays to keep; a field left None keeps every play. Dates are inclusive."""

    game: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None
    location: str | None = None  # where it was played (compared stripped, case-insensitive)

    def matches(self, play: Play) -> bool:
        """Whether `play` passes every set field."""
        if self.game is not None and play.game != self.game:
            return False
        if self.location is not None and name_key(play.location) != name_key(self.location):
            return False
        if self.player is not None and result_of(play, name_key(self.player)) is None:
            return False
        if self.since is not None or self.until is not None:
            day = played_on(play)  # parsed only when a date bound asks for it
            if self.since is not None and day < self.since:
                return False
            if self.until is not None and day > self.until:
                return False
        return True


def filter_plays(plays: Iterable[Play], flt: PlayFilter) -> list[Play]:
    """The plays `flt` matches, in their given order."""
    return [play for play in plays if flt.matches(play)]


def players_of(plays: Iterable[Play]) -> list[str]:
    """Everyone who played, most plays first, then by name."""
    counts: dict[str, int] = {}
    shown: dict[str, str] = {}
    for play in plays:
        for key, result in seated(play):
            counts[key] = counts.get(key, 0) + 1
            shown.setdefault(key, result.name.strip())
    return [shown[k] for k in most_first(counts, shown)]


def places_of(plays: Iterable[Play]) -> list[str]:
    """Every place plays were played at, most plays first, then by name (as first written)."""
    counts: dict[str, int] = {}
    shown: dict[str, str] = {}
    for play in plays:
        if play.location.strip():
            key = name_key(play.location)
            counts[key] = counts.get(key, 0) + 1
            shown.setdefault(key, play.location.strip())
    return [shown[k] for k in most_first(counts, shown)]


def games_of(plays: Iterable[Play]) -> list[str]:
    """Every game id played, most plays first, then by id."""
    counts: dict[str, int] = {}
    for play in plays:
        counts[play.game] = counts.get(play.game, 0) + 1
    return most_first(counts, {g: g for g in counts})


# One player -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRecord:
    """One total and where it was scored."""

    name: str
    total: int
    play_id: str


@dataclass(frozen=True)
class PlayerStats:
    """One player's record over some plays (of one game when `game` is set).

    average_score is the plain mean of totals even when games are mixed, though their scales
    differ: filter by game for a meaningful figure. best/worst are the highest/lowest total,
    the oldest play on a tie. category_averages: game -> rule -> mean points per play of that
    game the player took part in (a rule missing from a play counts 0 there), rules in the
    order first seen. Streaks count wins in a row by date; the current one ends at the newest
    play (0 when that was not a win)."""

    name: str
    game: str | None
    plays: int
    wins: int
    win_rate: float
    average_score: float | None
    best: ScoreRecord | None
    worst: ScoreRecord | None
    category_averages: dict[str, dict[str, float]] = field(default_factory=dict)
    longest_win_streak: int = 0
    current_win_streak: int = 0


def player_stats(plays: Iterable[Play], name: str, game: str | None = None) -> PlayerStats:
    """The record of `name` (compared stripped, case-insensitive) over `plays`, or over the
    plays of `game` only when given."""
    key = name_key(name)
    shown = name.strip()
    mine: list[tuple[Play, PlayerResult]] = []
    sums: dict[str, dict[str, int]] = {}  # game -> rule -> points, rules in the order first seen
    per_game: dict[str, int] = {}
    for play in plays:
        if game is not None and play.game != game:
            continue
        result = result_of(play, key)
        if result is None:
            continue
        if not mine:
            shown = result.name.strip()
        mine.append((play, result))
        if not scored(play):
            continue
        per_game[play.game] = per_game.get(play.game, 0) + 1
        rules = sums.setdefault(play.game, {})
        for rule, points in points_by_rule(result).items():
            rules[rule] = rules.get(rule, 0) + points

    # Dividing the sums by the plays of the game is what makes a missing rule count 0.
    category_averages = {g: {rule: total / per_game[g] for rule, total in rules.items()} for g, rules in sums.items()}
    if not mine:
        return PlayerStats(shown, game, 0, 0, 0.0, None, None, None, category_averages)

    mine.sort(key=lambda pr: moment(pr[0]))  # stable: equal times keep the given order
    wins = longest = run = 0
    best = worst = None
    score_sum = with_scores = 0
    for play, result in mine:
        if result.rank == 1:
            wins += 1
            run += 1
            longest = max(longest, run)
        else:
            run = 0
        if not scored(play):
            continue
        score_sum += result.total
        with_scores += 1
        # Strict comparisons keep the oldest play on a tie.
        if best is None or result.total > best.total:
            best = ScoreRecord(shown, result.total, play.id)
        if worst is None or result.total < worst.total:
            worst = ScoreRecord(shown, result.total, play.id)
    count = len(mine)
    return PlayerStats(shown, game, count, wins, wins / count, score_sum / with_scores if with_scores else None,
                       best, worst,
                       category_averages, longest, run)


# One game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStats:
    """A game's record over some plays.

    wins: every player of the game -> wins, most first (0 for those who never won).
    average_winning_score: mean over plays of the winners' total (the highest of them, should
    winners ever differ). highest: the highest total, the oldest on a tie. average_per_player:
    name -> mean total over their plays, most plays first. category_averages: rule -> mean
    points per player result (a rule missing from a result counts 0), rules as first seen."""

    game: str
    plays: int
    wins: dict[str, int]
    average_winning_score: float | None
    highest: ScoreRecord | None
    average_per_player: dict[str, float]
    category_averages: dict[str, float]


def game_stats(plays: Iterable[Play], game: str) -> GameStats:
    """The record of `game` over the plays of it among `plays`."""
    count = 0
    results = 0
    wins: dict[str, int] = {}
    appearances: dict[str, int] = {}
    totals: dict[str, int] = {}
    shown: dict[str, str] = {}
    rule_sums: dict[str, int] = {}
    winning_sum = winning_plays = 0
    highest: ScoreRecord | None = None
    highest_at: datetime | None = None
    for play in plays:
        if play.game != game:
            continue
        count += 1
        top: int | None = None
        for key, result in seated(play):
            shown.setdefault(key, result.name.strip())
            wins.setdefault(key, 0)
            wins[key] += result.rank == 1
            if not scored(play):
                continue
            appearances[key] = appearances.get(key, 0) + 1
            totals[key] = totals.get(key, 0) + result.total
            if result.rank == 1:
                top = result.total if top is None else max(top, result.total)
            results += 1
            for rule, points in points_by_rule(result).items():
                rule_sums[rule] = rule_sums.get(rule, 0) + points
            if highest is None or result.total >= highest.total:
                at = moment(play)
                # On equal totals the older play keeps the record.
                if highest is None or result.total > highest.total or at < highest_at:
                    highest, highest_at = ScoreRecord(shown[key], result.total, play.id), at
        if top is not None:
            winning_sum += top
            winning_plays += 1
    return GameStats(
        game=game,
        plays=count,
        wins={shown[k]: wins[k] for k in most_first(wins, shown)},
        average_winning_score=winning_sum / winning_plays if winning_plays else None,
        highest=highest,
        average_per_player={shown[k]: totals[k] / appearances[k] for k in most_first(appearances, shown)},
        category_averages={rule: points / results for rule, points in rule_sums.items()},
    )


# Two players ------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadToHead:
    """How `a` and `b` fared in the plays they both took part in, by rank (a shared rank is
    level). by_game: game -> (together, a_ahead, b_ahead, level), most plays together first."""

    a: str
    b: str
    together: int
    a_ahead: int
    b_ahead: int
    level: int
    by_game: dict[str, tuple[int, int, int, int]]


def head_to_head(plays: Iterable[Play], a: str, b: str) -> HeadToHead:
    """The record between `a` and `b` (names compared stripped, case-insensitive)."""
    key_a, key_b = name_key(a), name_key(b)
    shown_a, shown_b = a.strip(), b.strip()
    seen = False
    counts: dict[str, list[int]] = {}  # game -> [together, a_ahead, b_ahead, level]
    for play in plays:
        ra, rb = result_of(play, key_a), result_of(play, key_b)
        if ra is None or rb is None:
            continue
        if not seen:
            shown_a, shown_b, seen = ra.name.strip(), rb.name.strip(), True
        row = counts.setdefault(play.game, [0, 0, 0, 0])
        row[0] += 1
        # A lower rank is the better place.
        row[1 if ra.rank < rb.rank else 2 if rb.rank < ra.rank else 3] += 1
    together, a_ahead, b_ahead, level = (sum(row[i] for row in counts.values()) for i in range(4))
    order = sorted(counts, key=lambda g: (-counts[g][0], g))
    by_game = {g: (counts[g][0], counts[g][1], counts[g][2], counts[g][3]) for g in order}
    return HeadToHead(shown_a, shown_b, together, a_ahead, b_ahead, level, by_game)


# Chart series -----------------------------------------------------------------------------


def scores_over_time(plays: Iterable[Play], game: str) -> dict[str, list[tuple[str, int]]]:
    """Each player of `game` -> (ISO date, total) per play, oldest first; players with most
    plays first."""
    series: dict[str, list[tuple[str, int]]] = {}
    shown: dict[str, str] = {}
    for play in by_date(p for p in plays if p.game == game and scored(p)):
        day = played_on(play).isoformat()
        for key, result in seated(play):
            shown.setdefault(key, result.name.strip())
            series.setdefault(key, []).append((day, result.total))
    order = most_first({k: len(v) for k, v in series.items()}, shown)
    return {shown[k]: series[k] for k in order}


def wins_per_player(plays: Iterable[Play]) -> list[tuple[str, int]]:
    """Every player -> wins over `plays` (all games), most first, then by name; 0 included."""
    wins: dict[str, int] = {}
    shown: dict[str, str] = {}
    for play in plays:
        for key, result in seated(play):
            shown.setdefault(key, result.name.strip())
            wins[key] = wins.get(key, 0) + (result.rank == 1)
    return [(shown[k], wins[k]) for k in most_first(wins, shown)]


def category_breakdown(plays: Iterable[Play], game: str) -> tuple[list[str], dict[str, list[float]]]:
    """For a stacked bar: the rules of `game` as first seen, and each player -> their mean
    points per rule per play (same order as the rules; a missing rule counts 0), players
    with most plays first. Each player's row sums to their average total."""
    rules: dict[str, None] = {}  # an ordered set
    sums: dict[str, dict[str, int]] = {}
    appearances: dict[str, int] = {}
    shown: dict[str, str] = {}
    for play in plays:
        if play.game != game or not scored(play):
            continue
        for key, result in seated(play):
            appearances[key] = appearances.get(key, 0) + 1
            shown.setdefault(key, result.name.strip())
            mine = sums.setdefault(key, {})
            for rule, points in points_by_rule(result).items():
                rules.setdefault(rule, None)
                mine[rule] = mine.get(rule, 0) + points
    order = list(rules)
    return order, {shown[k]: [sums[k].get(rule, 0) / appearances[k] for rule in order]
                   for k in most_first(appearances, shown)}


__all__ = [
    "GameStats", "HeadToHead", "PlayFilter", "PlayerStats", "ScoreRecord", "category_breakdown",
    "filter_plays", "game_stats", "games_of", "head_to_head", "places_of", "player_stats", "players_of",
    "scores_over_time", "wins_per_player",
]
