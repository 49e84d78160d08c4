"""Salmon Run's end of the race (seeds/002: Winning the game), worked by hand."""

from __future__ import annotations

import pytest

from companion.core.scoring import BreakdownLine
from companion.games.salmon_run.scoring import (
    NOT_OVER,
    RaceNotOver,
    ScoreInputError,
    breakdown,
    score,
    score_json,
)


def test_one_salmon_in_the_pond_wins_whatever_its_fatigue() -> None:
    # "If only one salmon is in the spawning pond, that player wins."
    results, winners = score(["Ana", "Ben", "Cy"], [False, True, False], [0, 7, 1])
    assert winners == ("Ben",)
    assert [(r.name, r.rank, r.total) for r in results] == [("Ana", 2, 0), ("Ben", 1, 7), ("Cy", 2, 1)]


def test_several_in_the_pond_the_fewest_fatigue_wins() -> None:
    # "the winner is the player with the fewest Fatigue cards in his Swim deck (including his discard pile and
    # his hand)." Ana 3, Ben 2 (both in the pond), Cy 0 but not in the pond.
    results, winners = score(["Ana", "Ben", "Cy"], [True, True, False], [3, 2, 0])
    assert winners == ("Ben",) and [r.rank for r in results] == [2, 1, 3]


def test_the_same_fatigue_is_a_tie() -> None:
    # "If they have the same number of Fatigue cards, the game is a tie."
    results, winners = score(["Ana", "Ben", "Cy", "Dee"], [True, True, True, False], [2, 2, 4, 0])
    assert winners == ("Ana", "Ben") and [r.rank for r in results] == [1, 1, 3, 4]


def test_no_salmon_in_the_pond_is_not_over() -> None:
    with pytest.raises(RaceNotOver) as caught:
        score(["Ana", "Ben"], [False, False], [0, 0])
    assert str(caught.value) == NOT_OVER == "The race is not over: no salmon is in the spawning pond."


def test_the_breakdown_explains_the_total() -> None:
    assert breakdown(True, 3) == (BreakdownLine("In the spawning pond", 1, 0), BreakdownLine("Fatigue cards", 3, 3))


def test_score_json_mirrors_the_command() -> None:
    out = score_json({"players": [{"name": "Ana", "in_pond": True, "fatigue": 3},
                                  {"name": " Ben ", "in_pond": True, "fatigue": 1, "colour": "blue", "turn": 9},
                                  {"name": "Cy", "in_pond": False, "fatigue": 0, "turn": None}]})
    assert out == {"players": [
        {"name": "Ana", "in_pond": True, "fatigue": 3, "rank": 2},
        {"name": "Ben", "colour": "blue", "turn": 9, "in_pond": True, "fatigue": 1, "rank": 1},
        {"name": "Cy", "in_pond": False, "fatigue": 0, "rank": 3},
    ], "winners": ["Ben"], "tie": "Ana and Ben reached the spawning pond; Ben wins with the fewest Fatigue cards: Ben 1, Ana 3"}


@pytest.mark.parametrize("data, message", [
    ({"players": [{"name": "Ana", "in_pond": "yes", "fatigue": 1}, {"name": "Ben", "in_pond": True, "fatigue": 0}]},
     "players[0].in_pond: expected true or false, got 'yes'"),
    ({"players": [{"name": "Ana", "in_pond": False, "fatigue": 1, "turn": 3},
                  {"name": "Ben", "in_pond": True, "fatigue": 0}]},
     "players[0].turn: only a salmon in the spawning pond has a finishing turn"),
])
def test_bad_input_names_its_field(data, message) -> None:
    with pytest.raises(ScoreInputError) as caught:
        score_json(data)
    assert str(caught.value) == message
