"""kill -9 at random moments while the store works (see tests/soak.py; `make soak` runs 1,000):
no unreadable file, no acknowledged step lost, no damage announced where there was none,
no play saved twice, no half restore."""

from __future__ import annotations

import json

import pytest

from tests.soak import digest, heard_from, run

KILLS = 25


def test_kill_9_at_random_moments_loses_and_breaks_nothing() -> None:
    figures = run(KILLS, seed=7, quiet=True)
    # Each kill came after the steps it waited for (by the worker's progress, not the clock: however
    # loaded the machine), so every one of them was checked; how many a second is benchmarks/soak_pace.py's.
    assert figures["kills"] == KILLS and figures["acknowledged steps"] >= figures["steps awaited"] > KILLS * 10, figures
    assert {k: v for k, v in figures.items()
            if k not in ("kills", "acknowledged steps", "steps awaited", "kills during a restore")} \
        == {"unreadable files": 0, "lost acknowledged actions": 0, "spurious damage notices": 0, "duplicate plays": 0,
            "half restores": 0}, figures


def test_a_last_line_the_kill_cut_short_is_left_out_and_no_line_grows_with_the_data() -> None:
    said = json.dumps(["roll", "9c3b6d5894b8", 3]) + "\n"
    assert heard_from(said + '["restoring", "0f3a') == [["roll", "9c3b6d5894b8", 3]]
    assert heard_from(said + said) == [["roll", "9c3b6d5894b8", 3]] * 2
    with pytest.raises(json.JSONDecodeError):  # only the last line can be cut short: any other is damage
        heard_from('["roll", "9c3b' + "\n" + said)
    assert len(digest([["Ana"], [["x" * 12, 500]] * 2000, []])) == len(digest([[], [], []])) == 16
