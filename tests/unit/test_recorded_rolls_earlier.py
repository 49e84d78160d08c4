"""Sessions of Salmon Run, the pearl boat game and Fleet Dice played by the version before the rolls were
recorded (issue 42) replay with the rules of now, each action accepted and each state as it was then.

The fixture (tests/fixtures/before-recorded-rolls.json, written by tests/fixtures/before_recorded_rolls.py
at commit 8c79744) holds games reaching each rule changed since: a Salmon Run two-arrow roll carried in the
answer's own data and a salmon in the spawning pond answering a Current and Rapids (a race set up without
`rules_version`); a pearl boat game set up with rules_version 2 (a Frozen drawn by a Slowed boat thrown
away, a Move choice free of fuel after the roll) and one set up before rules_version; Fleet Dice Casino
re-rolls carried in the use of the die (no re-roll of its own in the log), a Swordfish skip and Oyster
coins at every fishing; and random play of each game.
"""

from __future__ import annotations

import json

import pytest

from companion.core.actions import Action
from tests.fixtures.before_recorded_rolls import FILE, RULES, summary

SESSIONS = json.loads(FILE.read_text())["sessions"]


@pytest.mark.parametrize("session", SESSIONS, ids=[s["name"] for s in SESSIONS])
def test_a_session_of_the_version_before_replays_to_the_same_states(session) -> None:
    rules = RULES[session["kind"]]
    state = rules.initial_state(session["setup"])
    for n, recorded in enumerate(session["actions"]):
        state = rules.apply(state, Action(recorded["type"], recorded["data"], recorded["label"]))
        if "summary" in recorded:
            assert summary(session["kind"], state) == recorded["summary"], (session["name"], n, recorded["label"])


def test_the_fixture_reaches_what_changed() -> None:
    """The sessions hold what the changed rules would read differently (so the replay above checks them)."""
    by_kind: dict[str, list[dict]] = {}
    for s in SESSIONS:
        by_kind.setdefault(s["kind"], []).append(s)
    salmon = [a for s in by_kind["salmon-run"] for a in s["actions"]]
    assert any(a["type"] == "drift" and "roll" in a["data"] for a in salmon)
    assert all("rules_version" not in s["setup"] for s in by_kind["salmon-run"])
    fleet = [a for s in by_kind["fleet-dice"] for a in s["actions"]]
    assert sum("rerolled_from" in a["data"] for a in fleet) > 10 and any(a["data"].get("skip") for a in fleet)
    assert all("rules_version" not in s["setup"] for s in by_kind["fleet-dice"])
    assert {s["setup"].get("rules_version") for s in by_kind["pearl-boat"]} == {None, 2}
