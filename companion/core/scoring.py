"""Score breakdowns: every point of a total is explained by one line."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.core.words import listed


@dataclass(frozen=True)
class BreakdownLine:
    """One scoring rule applied to one player: how many times, for how many points."""

    rule: str
    count: int
    points: int


@dataclass(frozen=True)
class PlayerResult:
    """One player's end of a game: total, rank (1 = winner) and its breakdown."""

    name: str
    total: int
    rank: int
    breakdown: tuple[BreakdownLine, ...]


def total_of(lines: Iterable[BreakdownLine]) -> int:
    """The sum of a breakdown's points."""
    return sum(line.points for line in lines)


def rank_players(keys: Sequence[tuple]) -> list[int]:
    """Competition ranks (1, 1, 3) for players' sort keys, higher better: equal keys share a rank."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def winners_words(winners: Sequence[str]) -> str:
    """'Ana wins', 'Shared win: Ana and Ben': a result's headline wherever it is shown."""
    return f"{winners[0]} wins" if len(winners) == 1 else f"Shared win: {listed(winners)}"
