"""`companion score lure FILE`: the players' fish and kept Boosts in, the results out; bad input
names its field in one line and exits 2."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests import json_places
from tests.unit.test_score_command import score

GAME = {"players": [
    {"name": "Ana", "fish": [{"vp": 3}, {"vp": 5}], "boosts": 1},
    {"name": "Ben", "fish": [{"vp": 4}, {"vp": 4}, {"catch": 12, "vp": 2, "requirement": {"kind": "pair"}}]},
    {"name": "Cy", "fish": [{"vp": 10}], "boosts": 0},
]}


def test_scores_a_game_and_stores_nothing(tmp_path: Path) -> None:
    result = score(GAME, tmp_path, game="lure")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    # Ana 3 + 5 + 2 (a Boost) = 10 with 2 fish; Ben 4 + 4 + 2 = 10 with 3 fish; Cy 10 with 1 fish:
    # the tie goes to the fewest fish (Cy), then Ana, then Ben.
    assert out == {
        "players": [
            {"name": "Ana", "total": 10, "rank": 2, "breakdown": [{"rule": "Fish", "count": 2, "points": 8},
                                                                  {"rule": "Boosts", "count": 1, "points": 2}]},
            {"name": "Ben", "total": 10, "rank": 3, "breakdown": [{"rule": "Fish", "count": 3, "points": 10}]},
            {"name": "Cy", "total": 10, "rank": 1, "breakdown": [{"rule": "Fish", "count": 1, "points": 10}]},
        ],
        "winners": ["Cy"],
        "tie": "Cy wins the tie: fewest fish Ana 2, Ben 3, Cy 1",
    }
    assert not (tmp_path / "data").exists()


def test_reads_standard_input_and_shares_a_tie(tmp_path: Path) -> None:
    game = {"players": [{"name": "Ana", "fish": [{"vp": 6}]}, {"name": "Ben", "fish": [{"vp": 4}], "boosts": 1}]}
    result = score(game, tmp_path, stdin=True, game="lure")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Ana", "Ben"]  # 6 each, one fish each: a shared win


def changed(path: str, value) -> dict:
    """GAME with one field set (path like 'players.1.fish.0.vp'); value None removes it."""
    return json_places.changed(GAME, path, value, delete=value is None)


@pytest.mark.parametrize("game, message", [
    (changed("players.0.fish.1.vp", 2.5), "players[0].fish[1].vp: expected a whole number, got 2.5"),
    (changed("players.0.fish.1.vp", -1), "players[0].fish[1].vp: cannot be negative, got -1"),
    (changed("players.0.fish.1.vp", 21), "players[0].fish[1].vp: at most 20, not 21"),
    (changed("players.0.fish.1.vp", None), "players[0].fish[1].vp: missing"),
    (changed("players.0.fish.1.size", 3), "players[0].fish[1].size: unknown key"),
    (changed("players.1.fish.2.catch", None),
     "players[1].fish[2].catch: missing (a fish with a requirement has its catch number too)"),
    (changed("players.1.fish.2.catch", "12"), "players[1].fish[2].catch: expected a whole number, got '12'"),
    (changed("players.1.fish.2.catch", 0), "players[1].fish[2]: A fish's catch number is 1 to 60, not 0."),
    (changed("players.1.fish.2.requirement", {"kind": "colour"}),
     "players[1].fish[2]: A fish's requirement is one of none, pair, shows, both, special, other; not 'colour'."),
    (changed("players.0.boosts", True), "players[0].boosts: expected a whole number, got True"),
    (changed("players.0.colour", "red"), "players[0].colour: unknown key"),
    (changed("players.0.fish", None), "players[0].fish: missing"),
    (changed("players.0.fish", {"vp": 3}), "players[0].fish: expected a list of fish, got an object"),
    (changed("players.2.name", "ana"), "players[2].name: 'ana' is already players[0]: each player plays once"),
    (changed("players.2.name", "  "), "players[2].name: a player needs a name"),
    ({"players": GAME["players"][:1]}, "players: Lure is played by 2 to 5 players, not 1"),
    ({"players": GAME["players"] * 2}, "players: Lure is played by 2 to 5 players, not 6"),
    ({"players": GAME["players"], "round": 3}, "round: unknown key"),
    ([1, 2], "game: expected an object, got a list"),
])
def test_bad_input_names_the_field_and_exits_2(tmp_path: Path, game, message) -> None:
    result = score(game, tmp_path, game="lure")
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert result.stdout == ""


def test_not_json(tmp_path: Path) -> None:
    result = score("{nope", tmp_path, game="lure")
    assert result.returncode == 2 and "not valid JSON" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_name_the_terminals_code_page_cannot_write_comes_out_escaped_not_as_a_traceback(tmp_path: Path) -> None:
    # Issue 44: on Windows' terms (a legacy code page), a CJK name made `companion score` exit 1 with a
    # UnicodeEncodeError. The same JSON, with \u escapes, reads back to the same names.
    import os
    import subprocess
    import sys

    game = copy.deepcopy(GAME)
    game["players"][0]["name"] = "李娜"
    (tmp_path / "game.json").write_text(json.dumps(game), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "companion", "score", "lure", str(tmp_path / "game.json")],
                            check=False, capture_output=True, timeout=60,
                            env={**os.environ, "COMPANION_DATA_DIR": str(tmp_path / "data"),
                                 "PYTHONIOENCODING": "cp1252"})
    assert result.returncode == 0, result.stderr.decode("cp1252", "replace")
    assert b"\\u674e\\u5a1c" in result.stdout
    assert json.loads(result.stdout.decode("cp1252"))["players"][0]["name"] == "李娜"
