"""kill -9 at random moments while the store works (see tests/soak.py; `make soak` runs 1,000):
no unreadable file, no acknowledged step lost, no damage announced where there was none,
no play saved twice, no half restore."""

from __future__ import annotations

from tests.soak import run

KILLS = 25


def test_kill_9_at_random_moments_loses_and_breaks_nothing() -> None:
    figures = run(KILLS, seed=7, quiet=True)
    assert figures["kills"] == KILLS and figures["acknowledged steps"] > KILLS * 20
    assert {k: v for k, v in figures.items() if k not in ("kills", "acknowledged steps", "kills during a restore")} \
        == {"unreadable files": 0, "lost acknowledged actions": 0, "spurious damage notices": 0, "duplicate plays": 0,
            "half restores": 0}, figures
