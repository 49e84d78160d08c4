"""The server soak (`make soak`: tests/soak_server.py) runs, with two kills, and finds nothing wrong:
a script that stopped running would otherwise fail only when someone runs the soak."""

from __future__ import annotations

import os

import pytest

from tests.browser import CHROMIUM


def test_the_server_soak_runs_two_kills() -> None:
    if os.environ.get("COMPANION_SKIP_BROWSER") == "1":
        pytest.skip("COMPANION_SKIP_BROWSER=1: browser tests skipped on purpose")
    assert os.path.exists(CHROMIUM), f"Chromium is not at {CHROMIUM}"
    from tests.soak_server import run

    figures = run(2, seed=2, quiet=True)
    assert figures["kills"] == 2
    assert figures["rolls shown"] >= 4, figures  # each phone's Roll, before each kill
    assert figures["lost shown rolls"] == 0, figures
    assert figures["phones not back"] == figures["phones not usable"] == 0, figures
    assert figures["phones back without every roll"] == 0, figures
    assert figures["server tracebacks"] == 0, figures
    # Every phone reloads itself as its player (14 of 60 comebacks asked again who plays on it, before the
    # phone's settings came with its connection: tests/unit/test_phone_kept.py).
    assert figures["phones back by themselves"] == 4 and figures["phones asked who plays again"] == 0, figures
