"""Fleet Dice games played by rules version 2, before a fishing with nothing to choose went by itself
(rules version 3, issue 65), replay with the rules of now: every action accepted, every "Go fishing" tap
included, and every state as it was then.

The fixture (tests/fixtures/before-fishing-by-itself.json) was written by
tests/fixtures/before_fishing_by_itself.py with the rules of version 2 (commit 8c0e784)."""

from __future__ import annotations

import json

import pytest

from companion.core.actions import Action
from companion.games.fleet_dice import rules as fleet
from tests.fixtures.before_fishing_by_itself import FILE
from tests.fixtures.before_recorded_rolls import summary

SESSIONS = json.loads(FILE.read_text())["sessions"]


@pytest.mark.parametrize("session", SESSIONS, ids=[s["name"] for s in SESSIONS])
def test_a_game_of_rules_version_2_replays_to_the_same_states(session) -> None:
    state = fleet.RULES.initial_state(session["setup"])
    checked = 0
    for n, recorded in enumerate(session["actions"]):
        state = fleet.RULES.apply(state, Action(recorded["type"], recorded["data"], recorded["label"]))
        if "summary" in recorded:
            assert summary("fleet-dice", state) == recorded["summary"], (session["name"], n, recorded["label"])
            checked += 1
    assert state.over and checked > 10


def test_the_fixture_holds_fishing_with_nothing_to_choose() -> None:
    """What rules version 3 does by itself: a "Go fishing" with no boat skipping and no Oyster coin, tapped."""
    assert {s["setup"]["rules_version"] for s in SESSIONS} == {2}
    taps = [a for s in SESSIONS for a in s["actions"] if a["type"] == "fish"
            and not a["data"]["skip"] and not a["data"]["oyster_coins"]]
    assert len(taps) > 20
