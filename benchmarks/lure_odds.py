"""Lure's exact catch odds (`companion.games.lure.odds.chance`) for the heaviest picks.

The pick a player can make that costs most: 10 d6 plus the d12 and the d20, two Extra Die
lures (1 and 4, which meet none of the requirements on their own) and three Adjust lures,
against a fish with catch number 60, once per requirement kind. Cold: every cache cleared
before the call (the first figure a player sees for a new pick); warm: the same call again
(the UI redrawing). Also the 12 d6 most a table allows, and the three fish of a round.
Target: median <= 50 ms per fish, cold.

Usage: ../.venv/bin/python lure_odds.py [runs]   (default 15 runs; medians printed)
"""

from __future__ import annotations

import sys
import time

from common import ROOT, summary  # noqa: F401  (puts the project on sys.path)

from companion.games.lure.odds import Fish, Requirement, chance, chances, clear_caches

RUNS = 15
SMOKE = {"runs": 1}
SPECIAL, EXTRA, ADJUST, CATCH = (12, 20), (1, 4), 3, 60
REQUIREMENTS = [Requirement("none"), Requirement("pair"), Requirement("shows", 3), Requirement("both", 2, 5),
                Requirement("special"), Requirement("other")]
TARGET = "median <= 50 ms"


def _time_ms(call) -> float:
    t0 = time.perf_counter()
    call()
    return (time.perf_counter() - t0) * 1000


def measure(runs: int = RUNS) -> list[tuple[str, list[float], str]]:
    """(label, times in ms, target) for each figure."""
    figures = []
    for d6 in (10, 12):
        for requirement in REQUIREMENTS:
            fish = Fish(CATCH, requirement)
            label = f"{d6} d6 + d12 + d20, 2 extra, 3 adjust: {requirement.kind}"

            def cold() -> None:
                clear_caches()
                chance(d6, SPECIAL, EXTRA, ADJUST, fish)

            def warm() -> None:
                chance(d6, SPECIAL, EXTRA, ADJUST, fish)

            figures.append((label + ", cold", [_time_ms(cold) for _ in range(runs)], TARGET))
            if d6 == 10:
                figures.append((label + ", warm", [_time_ms(warm) for _ in range(runs)], ""))
    round_fish = [Fish(45, Requirement("pair")), Fish(CATCH, Requirement("shows", 3)),
                  Fish(70, Requirement("both", 2, 5))]

    def three() -> None:
        clear_caches()
        chances(10, SPECIAL, EXTRA, ADJUST, round_fish)

    figures.append(("10 d6 + d12 + d20: a round of three fish, cold", [_time_ms(three) for _ in range(runs)],
                    "median <= 150 ms"))
    return figures


def report(figures: list[tuple[str, list[float], str]]) -> None:
    for label, times, target in figures:
        print(summary(label, times, target))


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
