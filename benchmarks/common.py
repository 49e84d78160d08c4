"""Shared helpers for the benchmark scripts: statistics and a fake data set."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(name: str, values_ms: list[float], target: str = "") -> str:
    return (f"{name:<52} median {statistics.median(values_ms):7.2f} ms   p95 {p95(values_ms):7.2f} ms"
            f"   (n={len(values_ms)}){'   target ' + target if target else ''}")


def fake_plays(n: int):
    """`n` finished 4-player plays with full breakdowns, like a long-used archive."""
    from companion.core.plays import Play
    from companion.core.scoring import BreakdownLine, PlayerResult

    rules = ["Fish points", "First to seven", "Gold/black/green sets", "Most Coho", "Reel board 1A",
             "Skill card N", "Skill card W", "Bonus hatch"]
    plays = []
    for i in range(n):
        results = tuple(
            PlayerResult(name=f"Player {s}", total=40 + s, rank=4 - s,
                         breakdown=tuple(BreakdownLine(r, (i + s + k) % 5, (i + k) % 9) for k, r in enumerate(rules)))
            for s in range(4)
        )
        plays.append(Play(id=f"play{i:06d}", game="freshwater-fly", played_at=f"2026-{1 + i % 12:02d}-01T20:00:00",
                          results=results, winners=("Player 3",),
                          entry={"players": [{"name": f"Player {s}"} for s in range(4)]}))
    return plays
