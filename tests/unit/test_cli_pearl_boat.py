"""`companion score pearl-boat FILE`: each boat's pearls and fish back at the market in, the places
and the winner out; bad input (and a game not over) says so in one line and exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.test_score_command import score

GAME = {"players": [
    {"name": "Ana", "pearls": 4, "fish": ["salmon", "bass", "carp"], "trips": 2},
    {"name": "Ben", "pearls": 20, "fish": ["halibut", "halibut"]},
    {"name": "Cy", "pearls": 20, "fish": ["salmon"]},
]}


def test_scores_a_game_and_stores_nothing(tmp_path: Path) -> None:
    result = score(GAME, tmp_path, game="pearl-boat")
    assert result.returncode == 0, result.stderr
    # Ana has three different fish back: she wins. Ben and Cy have one kind each and 20 pearls: they share 2nd.
    # Fish pearls: Salmon 7 + Bass 3 + Carp 2 = 12; Halibut 4 x 2 = 8; Salmon 7.
    assert json.loads(result.stdout) == {"players": [
        {"name": "Ana", "pearls": 4, "fish": ["salmon", "bass", "carp"], "different_fish": 3, "fish_pearls": 12,
         "trips": 2, "rank": 1},
        {"name": "Ben", "pearls": 20, "fish": ["halibut", "halibut"], "different_fish": 1, "fish_pearls": 8, "rank": 2},
        {"name": "Cy", "pearls": 20, "fish": ["salmon"], "different_fish": 1, "fish_pearls": 7, "rank": 2},
    ], "winners": ["Ana"]}
    assert not (tmp_path / "data").exists()


def test_reads_standard_input_and_first_back_decides_between_two(tmp_path: Path) -> None:
    game = {"players": [GAME["players"][0], {"name": "Ben", "pearls": 1, "fish": ["halibut", "bass", "carp"]}],
            "first_back": "Ben"}
    result = score(game, tmp_path, stdin=True, game="pearl-boat")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["winners"] == ["Ben"] and [p["rank"] for p in out["players"]] == [2, 1]


@pytest.mark.parametrize("game, message", [
    ({"players": [{"name": "Ana", "pearls": 0, "fish": ["bass"]}, {"name": "Ben", "pearls": 0, "fish": []}]},
     "The game is not over: no boat has three different fish back at the fish market."),
    ({"players": [GAME["players"][0], {**GAME["players"][0], "name": "Ben"}]},
     "first_back: Ana and Ben have three different fish: say who came back to the fish market first"),
    ({**GAME, "first_back": "Ben"}, "first_back: Ben has 1 different fish back, not three"),
    ({**GAME, "first_back": "Zed"}, "first_back: 'Zed' is not one of the players"),
    ({"players": GAME["players"][:1]}, "players: the pearl boat game is played by 2 to 6 players, not 1"),
    ({"players": [GAME["players"][0], {"name": "Ben", "pearls": 1, "fish": ["cod"]}]},
     "players[1].fish[0]: unknown fish 'cod' (one of salmon, rainbow_trout, halibut, bass, carp)"),
    ({"players": [GAME["players"][0], {"name": "Ben", "pearls": -1, "fish": []}]},
     "players[1].pearls: cannot be negative, got -1"),
    ({"players": [GAME["players"][0], {"name": "Ben", "pearls": 1.5, "fish": []}]},
     "players[1].pearls: expected a whole number, got 1.5"),
    ({"players": [GAME["players"][0], {"name": "Ben", "fish": []}]}, "players[1].pearls: missing"),
    ({"players": [GAME["players"][0], {"name": "ana", "pearls": 1, "fish": []}]},
     "players[1].name: 'ana' is already players[0]: each player plays once"),
    ({"players": [GAME["players"][0], {"name": "Ben", "pearls": 1, "fish": "carp"}]},
     "players[1].fish: expected a list of fish, got 'carp'"),
    ({"players": [GAME["players"][0], {"name": "Ben", "pearls": 1, "fish": [], "fuel": 3}]},
     "players[1].fuel: unknown key"),
    ({**GAME, "round": 3}, "round: unknown key"),
    ([1, 2], "game: expected an object, got a list"),
])
def test_bad_input_says_what_in_one_line_and_exits_2(tmp_path: Path, game, message) -> None:
    result = score(game, tmp_path, game="pearl-boat")
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert result.stdout == ""


def test_not_json(tmp_path: Path) -> None:
    result = score("{nope", tmp_path, game="pearl-boat")
    assert result.returncode == 2 and "not valid JSON" in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_play_kept_in_history_scores_the_same() -> None:
    from companion.games.pearl_boat.scoring import score_json
    from tests.unit.test_pearl_boat_rules import act, at_market, started
    from companion.games.pearl_boat.rules import deliver, to_play

    state = at_market(started(), fish=("bass",), delivered=("salmon", "halibut"))
    state = act(state, deliver(state, 0))
    play = to_play(state, "p", "2026-12-01T20:00:00")
    assert score_json(play.entry)["winners"] == list(play.winners) == ["Ana"]
