"""`companion score freshwater-fly FILE`: JSON in, JSON out; bad input names its field."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import json_places

GAME = {"players": [
    {"name": "Ana", "reel_board": "1A",
     "fish": [{"species": "coho", "color": "gold", "points": 5}],
     "hatch": {"yellow": 2, "green": 0, "tan": 1, "orange": 0, "white": 1, "blue": 0},
     "cards": ["N", "W"], "first_to_seven": False},
    {"name": "Ben", "reel_board": "3B",
     "fish": [{"species": "brook", "color": "black", "points": 2}, {"species": "brook", "color": "gold", "points": 3}],
     "hatch": {"tan": 2}},
]}


def score(payload, tmp_path: Path, *, stdin: bool = False, game: str = "freshwater-fly") -> subprocess.CompletedProcess:
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data")}
    text = payload if isinstance(payload, str) else json.dumps(payload)
    if stdin:
        args, given = ["-"], text
    else:
        (tmp_path / "game.json").write_text(text)
        args, given = [str(tmp_path / "game.json")], None
    return subprocess.run([sys.executable, "-m", "companion", "score", game, *args], input=given,
                          capture_output=True, text=True, timeout=60, env=env)


def test_scores_a_game_and_stores_nothing(tmp_path: Path) -> None:
    result = score(GAME, tmp_path)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    # Ana: fish 5, Most Coho 6 (only Coho), 1A: yellow 2 x1 = 2, white 1 x2 = 2, W 1; N: 0 rainbow/cutthroat.
    # Ben: fish 2 + 3 = 5; 3B: one colour (tan) with a pair, 3.
    assert out == {
        "players": [
            {"name": "Ana", "total": 16, "rank": 1, "breakdown": [
                {"rule": "Fish points", "count": 1, "points": 5},
                {"rule": "Most Coho", "count": 1, "points": 6},
                {"rule": "1A: orange, green, yellow hatch tokens", "count": 2, "points": 2},
                {"rule": "1A: white hatch tokens", "count": 1, "points": 2},
                {"rule": "Skill W", "count": 1, "points": 1},
            ]},
            {"name": "Ben", "total": 8, "rank": 2, "breakdown": [
                {"rule": "Fish points", "count": 2, "points": 5},
                {"rule": "3B: colours with two same-coloured hatch tokens", "count": 1, "points": 3},
            ]},
        ],
        "winners": ["Ana"],
    }
    assert not (tmp_path / "data").exists()


def test_reads_standard_input(tmp_path: Path) -> None:
    result = score(GAME, tmp_path, stdin=True)
    assert result.returncode == 0 and json.loads(result.stdout)["winners"] == ["Ana"]


def changed(path: str, value) -> dict:
    """GAME with one field set (path like 'players.1.fish.0.species'); value None removes it."""
    return json_places.changed(GAME, path, value, delete=value is None)


@pytest.mark.parametrize("game, message", [
    (changed("players.1.fish.0.species", "trout"), "players[1].fish[0].species: unknown species 'trout'"),
    (changed("players.0.fish.0.color", "purple"), "players[0].fish[0].color: unknown colour 'purple'"),
    (changed("players.0.reel_board", "5C"), "players[0].reel_board: unknown reel board '5C' (one of 1A, 2A, 3B, 4B)"),
    (changed("players.0.cards", ["N", "Q"]), "players[0].cards[1]: unknown card 'Q' (one of N, O, P, W)"),
    (changed("players.0.cards", ["N", "N"]),
     "players[0].cards[1]: N is listed twice: there is one of each (the 16 Rock cards are A to P)"),
    (changed("players.0.hatch.purple", 1), "players[0].hatch.purple: unknown hatch colour 'purple'"),
    (changed("players.0.hatch.yellow", -1), "players[0].hatch.yellow: cannot be negative, got -1"),
    (changed("players.0.fish.0.points", 2.5), "players[0].fish[0].points: expected a whole number, got 2.5"),
    (changed("players.0.fish.0.points", True), "players[0].fish[0].points: expected a whole number, got True"),
    (changed("players.0.colour", "red"), "players[0].colour: unknown key"),
    (changed("players.0.fish.0.size", 3), "players[0].fish[0].size: unknown key"),
    (changed("players.0.reel_board", None), "players[0].reel_board: missing"),
    (changed("players.1.name", "Ana"), "players[1].name: 'Ana' is already players[0]: each player plays once"),
    (changed("players.0.first_to_seven", True), "players[0].first_to_seven: the first to seven fish has at least 7 fish, not 1"),
    ({"players": GAME["players"][:1]}, "players: Freshwater Fly is played by 2 to 4 players, not 1"),
    ({"players": GAME["players"], "round": 3}, "round: unknown key"),
])
def test_bad_input_names_the_field_and_exits_2(tmp_path: Path, game, message) -> None:
    result = score(game, tmp_path)
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert result.stdout == ""


def test_two_players_first_to_seven(tmp_path: Path) -> None:
    seven = [{"species": "brook", "color": "gold", "points": 1}] * 7
    game = copy.deepcopy(GAME)
    for p in game["players"]:
        p["fish"], p["first_to_seven"] = seven, True
    result = score(game, tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("players[1].first_to_seven: only one player can be first to seven fish; "
                             "players[0] already is\n")


def test_the_only_player_with_seven_fish_is_first_to_seven_unmarked(tmp_path: Path) -> None:
    """SCORING A.i and END OF GAME: with no player marked, the only one with seven fish was first (+2)."""
    game = copy.deepcopy(GAME)
    game["players"][1]["fish"] = [{"species": "brook", "color": "gold", "points": 1}] * 7
    out = json.loads(score(game, tmp_path).stdout)
    ben = {b["rule"]: b["points"] for b in out["players"][1]["breakdown"]}
    assert ben["First to seven fish"] == 2
    assert "First to seven fish" not in {b["rule"] for b in out["players"][0]["breakdown"]}


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    result = score("{nope", tmp_path)
    assert result.returncode == 2 and "not valid JSON" in result.stderr and len(result.stderr.splitlines()) == 1
    missing = subprocess.run([sys.executable, "-m", "companion", "score", "freshwater-fly", str(tmp_path / "x.json")],
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and missing.stderr.startswith("companion: cannot read")


def test_two_players_on_one_reel_board_or_with_one_skill_card_are_refused(tmp_path: Path) -> None:
    """Components: 4 Reel Boards, 'Give each player one Reel board' (Setup E); N, O and P are single cards."""
    game = copy.deepcopy(GAME)
    game["players"][1]["reel_board"] = game["players"][0]["reel_board"]
    result = score(game, tmp_path)
    assert (result.returncode, result.stderr) == (2, "players[1].reel_board: reel board 1A is players[0]'s: "
                                                     "each player has their own\n")
    game = copy.deepcopy(GAME)
    game["players"][1]["cards"] = ["N"]
    result = score(game, tmp_path)
    assert (result.returncode, result.stderr) == (2, "players[1].cards: Skill card N is players[0]'s: "
                                                     "there is one of each (the 16 Rock cards are A to P)\n")
