"""Score breakdowns: every point of a total is explained by one line."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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


class Winners(tuple[str, ...]):
    """Who won, in seat order (several names: a shared win), and `tie`: why, when players tied for the
    win, in the game's own words ("Ana wins the tie: gold 2-2, black 3-2"; "" when one player won
    outright). A tuple of names wherever names are read, so the words go wherever the winners go: the
    game's end on every phone, the saved play (`Play.to_doc` keeps them), History and the picture."""

    tie: str

    def __new__(cls, names: Iterable[str] = (), tie: str = "") -> Winners:
        made = super().__new__(cls, names)
        made.tie = tie
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the words
        return tuple(self), self.tie

    def __repr__(self) -> str:
        return f"Winners({tuple(self)!r}, tie={self.tie!r})"


def tie_of(winners: Sequence[str]) -> str:
    """The words on a tie for the win that `winners` carry ("" for none, or for a plain list of names)."""
    return getattr(winners, "tie", "")


@dataclass(frozen=True)
class TieBreak:
    """One thing a game's rules compare, in turn, between players tied for the win: its words ("gold",
    "most fish", "fewest Fatigue cards"), each player's count in seat order, and whether the fewest wins."""

    words: str
    counts: Sequence[int]
    fewest: bool = False


def break_tie(names: Sequence[str], tied: Sequence[int], breaks: Sequence[TieBreak]) -> tuple[tuple[int, ...], str]:
    """The seats of `tied` (players level on the game's main measure) still level after each of `breaks`
    in turn (one: the winner), and the words of every comparison made: "gold 2-2, black 3-2" between two
    players (the one left first), "gold Ana 2, Ben 2, Cy 1; black Ana 3, Ben 2" between more."""
    left = tuple(tied)
    compared: list[tuple[TieBreak, tuple[int, ...]]] = []
    for rule in breaks:
        if len(left) < 2:
            break
        compared.append((rule, left))
        best = (min if rule.fewest else max)(rule.counts[i] for i in left)
        left = tuple(i for i in left if rule.counts[i] == best)
    if len(tied) == 2:
        first = left[0] if len(left) == 1 else tied[0]
        pair = (first, *(i for i in tied if i != first))
        return left, ", ".join(f"{rule.words} {rule.counts[pair[0]]}-{rule.counts[pair[1]]}" for rule, _ in compared)
    return left, "; ".join(f"{rule.words} " + ", ".join(f"{names[i]} {rule.counts[i]}" for i in seats)
                           for rule, seats in compared)


def tie_words(names: Sequence[str], tied: Sequence[int], breaks: Sequence[TieBreak]) -> str:
    """Why the players level on the game's main measure (`tied`, seats) won or share the win: "Ana wins the
    tie: gold 2-2, black 3-2", "Ana and Cy share the win: gold 2-2, black 3-3, green 1-1"; "" when fewer
    than two are level (nothing to explain)."""
    if len(tied) < 2:
        return ""
    left, why = break_tie(names, tied, breaks)
    head = f"{names[left[0]]} wins the tie" if len(left) == 1 else f"{listed([names[i] for i in left])} share the win"
    return f"{head}: {why}" if why else head


def top(values: Sequence[Any]) -> tuple[int, ...]:
    """The seats whose value is the highest (the players level on a game's main measure)."""
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)
