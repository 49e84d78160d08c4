"""`companion score salmon-run FILE`: each salmon's pond and Fatigue cards in, the places and the
winners out; bad input (and a race not over) says so in one line and exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.test_score_command import score

RACE = {"players": [
    {"name": "Ana", "in_pond": True, "fatigue": 3},
    {"name": "Ben", "in_pond": True, "fatigue": 1},
    {"name": "Cy", "in_pond": False, "fatigue": 0},
]}


def test_scores_a_race_and_stores_nothing(tmp_path: Path) -> None:
    result = score(RACE, tmp_path, game="salmon-run")
    assert result.returncode == 0, result.stderr
    # Ana and Ben in the pond: Ben has fewer Fatigue cards (1 against 3) and wins; Cy is not in the pond.
    assert json.loads(result.stdout) == {"players": [
        {"name": "Ana", "in_pond": True, "fatigue": 3, "rank": 2},
        {"name": "Ben", "in_pond": True, "fatigue": 1, "rank": 1},
        {"name": "Cy", "in_pond": False, "fatigue": 0, "rank": 3},
    ], "winners": ["Ben"], "tie": "Ana and Ben reached the spawning pond; Ben wins with the fewest Fatigue cards: Ben 1, Ana 3"}
    assert not (tmp_path / "data").exists()


def test_reads_standard_input_and_names_a_tie(tmp_path: Path) -> None:
    race = {"players": [{"name": "Ana", "in_pond": True, "fatigue": 2}, {"name": "Ben", "in_pond": True, "fatigue": 2}]}
    result = score(race, tmp_path, stdin=True, game="salmon-run")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Ana", "Ben"]  # "the same number of Fatigue cards: a tie"


@pytest.mark.parametrize("race, message", [
    ({"players": [{"name": "Ana", "in_pond": False, "fatigue": 0}, {"name": "Ben", "in_pond": False, "fatigue": 4}]},
     "The race is not over: no salmon is in the spawning pond."),
    ({"players": RACE["players"][:1]}, "players: Salmon Run is played by 2 to 4 players, not 1"),
    ({"players": RACE["players"] * 2}, "players: Salmon Run is played by 2 to 4 players, not 6"),
    ({"players": [{"name": "Ana", "in_pond": True}, RACE["players"][1]]}, "players[0].fatigue: missing"),
    ({"players": [{"name": "Ana", "in_pond": True, "fatigue": -1}, RACE["players"][1]]},
     "players[0].fatigue: cannot be negative, got -1"),
    ({"players": [{"name": "Ana", "in_pond": True, "fatigue": 1.5}, RACE["players"][1]]},
     "players[0].fatigue: expected a whole number, got 1.5"),
    ({"players": [{"name": "Ana", "in_pond": 1, "fatigue": 1}, RACE["players"][1]]},
     "players[0].in_pond: expected true or false, got 1"),
    ({"players": [RACE["players"][0], {"name": "ana", "in_pond": True, "fatigue": 1}]},
     "players[1].name: 'ana' is already players[0]: each player plays once"),
    ({"players": [RACE["players"][0], {"name": "Ben", "in_pond": True, "fatigue": 1, "eagles": 2}]},
     "players[1].eagles: unknown key"),
    ({"players": RACE["players"], "round": 3}, "round: unknown key"),
    ([1, 2], "game: expected an object, got a list"),
])
def test_bad_input_says_what_in_one_line_and_exits_2(tmp_path: Path, race, message) -> None:
    result = score(race, tmp_path, game="salmon-run")
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert result.stdout == ""


def test_not_json(tmp_path: Path) -> None:
    result = score("{nope", tmp_path, game="salmon-run")
    assert result.returncode == 2 and "not valid JSON" in result.stderr and len(result.stderr.splitlines()) == 1
