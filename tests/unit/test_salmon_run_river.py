"""Salmon Run's river (seeds/002: Set-up; Optional rules: Random set-up and the game lengths),
worked by hand from the text against scripted rolls of the game's one d6."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.assets import AssetError, assets_dir
from companion.games import registry
from companion.games.salmon_run import river as rv
from companion.games.salmon_run.river import (
    LENGTHS,
    River,
    RiverBoard,
    RiverError,
    chosen_river,
    default_data,
    difficulty_river,
    parse_data,
    random_river,
    random_setup,
    river_from_dict,
    roll_random_river,
    rolls_used,
)

SHIPPED = json.loads((assets_dir() / "games/salmon_run/river.json").read_text())


def test_the_game_lengths_are_the_texts() -> None:
    # "SHORT GAME: Use only two boards ... BEGINNER GAME: 3 ... EXPERIENCED: 4 ... LONG: 5 ... MARATHON: all 6"
    assert LENGTHS == {"short": 2, "beginner": 3, "experienced": 4, "long": 5, "marathon": 6}


def test_random_set_up_odd_start_even_sides_even_finish() -> None:
    # 1 (odd): S1. 3: board 3; 2 (even): its Easy side. 5: board 5; 6 (even): Easy. 4 (even): F2.
    river = random_river(2, [1, 3, 2, 5, 6, 4])
    assert river == River("S1", (RiverBoard(3, "E"), RiverBoard(5, "E")), "F2")
    assert river.labels() == ("S1", "3E", "5E", "F2")
    assert river.describe() == "S1 · 3E · 5E · F2 (Short game)"


def test_random_set_up_even_start_odd_sides_odd_finish() -> None:
    # 6 (even): S2. 2: board 2; 3 (odd): "the Medium or Hard side" (board 2's is M by default).
    # 4: board 4; 5 (odd): board 4's other side, H by default. 1 (odd): F1.
    river = random_river(2, [6, 2, 3, 4, 5, 1])
    assert river.labels() == ("S2", "2M", "4H", "F1")
    assert [b.rating for b in river.boards] == ["Medium", "Hard"]


def test_a_board_already_used_is_rolled_again() -> None:
    # 3: S1. 4: board 4, 4: Easy. 4 again: board 4 is in the river, roll again; 2: board 2, 1: Medium.
    # 5: board 5, 2: Easy. 2: F2. Ten rolls offered, nine used.
    rolls = [3, 4, 4, 4, 2, 1, 5, 2, 2, 6]
    done = random_setup(3, rolls)
    assert done.river == River("S1", (RiverBoard(4, "E"), RiverBoard(2, "M"), RiverBoard(5, "E")), "F2")
    assert done.used == rolls_used(3, rolls) == 9
    assert done.steps == ("3: S1 (odd)", "4: board 4", "4: board 4 on its Easy side (E, even)",
                          "4: board 4 is already in the river, roll again", "2: board 2",
                          "1: board 2 on its Medium side (M, odd)", "5: board 5", "2: board 5 on its Easy side (E, even)",
                          "2: F2 (even)")
    assert done.next_roll is None


def test_a_marathon_uses_every_board() -> None:
    # 1: S1. 1: board 1, 2: E. 1: used, again. 2: board 2, 4: E. 3: board 3, 5: M (odd). 6: board 6,
    # 2: E. 6: used, again. 5: board 5, 6: E. 6: used, again. 4: board 4, 3: H (odd). 5: F1 (odd).
    rolls = [1, 1, 2, 1, 2, 4, 3, 5, 6, 2, 6, 5, 6, 6, 4, 3, 5]
    river = random_river(6, rolls)
    assert river.labels() == ("S1", "1E", "2E", "3M", "6E", "5E", "4H", "F1")
    assert rolls_used(6, rolls) == len(rolls)


def test_running_out_of_rolls_says_what_the_next_roll_is_for() -> None:
    assert random_setup(2, []).next_roll == "the Starting board (even S2, odd S1)"
    assert random_setup(2, [1]).next_roll == "numbered board 1 of 2 (the board with that number)"
    assert random_setup(2, [1, 4]).next_roll == "board 4's side (even Easy, odd Hard)"
    assert random_setup(2, [1, 4, 2, 1, 1]).next_roll == "the Finish board (even F2, odd F1)"
    with pytest.raises(RiverError) as caught:
        random_river(2, [1, 4, 2])
    assert str(caught.value) == "The random set-up needs another roll, for numbered board 2 of 2 (the board with that number)."


@pytest.mark.parametrize("length, rolls, message", [
    (1, [1] * 9, "A river has 2 to 6 numbered boards between Start and Finish, not 1."),
    (7, [1] * 9, "A river has 2 to 6 numbered boards between Start and Finish, not 7."),
    (2, [1, 7, 2], "A roll of the die is 1 to 6, not 7."),
    (2, [1, 0], "A roll of the die is 1 to 6, not 0."),
])
def test_bad_random_set_ups_are_refused(length, rolls, message) -> None:
    with pytest.raises(RiverError) as caught:
        random_river(length, rolls)
    assert str(caught.value) == message


@given(length=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_rolled_rivers_are_complete_and_lay_each_board_once(length, seed) -> None:
    rolls = roll_random_river(length, random.Random(seed))
    river = random_river(length, rolls)
    assert river.length == length and rolls_used(length, rolls) == len(rolls)
    assert len({b.number for b in river.boards}) == length
    assert river_from_dict(river.to_dict()) == river


def test_chosen_and_difficulty_rivers() -> None:
    # "For the first game and for beginners ... a river with a length of 5 boards (1 starting, 3 numbered,
    # and 1 finish) using Easy-rated boards."
    assert difficulty_river(3).labels() == ("S1", "1E", "2E", "3E", "F1")
    assert difficulty_river(4, "other", "S2", "F2").labels() == ("S2", "1M", "2M", "3M", "4H", "F2")
    assert chosen_river(2, [(6, "H"), (1, "E")], "S2", "F1").labels() == ("S2", "6H", "1E", "F1")


@pytest.mark.parametrize("call, message", [
    (lambda: chosen_river(2, [(3, "E"), (3, "M")]), "Board 3 is in the river twice: each numbered board is laid once."),
    (lambda: chosen_river(1, [(3, "E")]), "A river has 2 to 6 numbered boards between Start and Finish, not 1."),
    (lambda: chosen_river(7, [(1, "E")] * 7), "A river has 2 to 6 numbered boards between Start and Finish, not 7."),
    (lambda: chosen_river(3, [(1, "E"), (2, "E")]), "A river of 3 numbered boards needs 3 boards, not 2."),
    (lambda: chosen_river(2, [(1, "H"), (2, "E")]), "Board 1's sides are E and M, not 'H'."),
    (lambda: chosen_river(2, [(7, "E"), (2, "E")]), "The numbered boards are 1 to 6, not 7."),
    (lambda: chosen_river(2, [(1, "E"), (2, "E")], start="S3"), "The Starting board is used on side S1 or S2, not 'S3'."),
    (lambda: chosen_river(2, [(1, "E"), (2, "E")], finish="F0"), "The Finish board is used on side F1 or F2, not 'F0'."),
    (lambda: difficulty_river(2, "medium"), "The difficulty is easy or other, not 'medium'."),
    (lambda: river_from_dict({"start": "S1", "boards": [{"board": 2, "side": "E"}, {"board": 2, "side": "H"}],
                              "finish": "F1"}), "Board 2 is in the river twice: each numbered board is laid once."),
])
def test_bad_rivers_are_refused_with_the_reason(call, message) -> None:
    with pytest.raises(RiverError) as caught:
        call()
    assert str(caught.value) == message


def test_the_data_file_states_its_defaults() -> None:
    data = default_data()
    assert SHIPPED["chosen"] == ["other_side", "colours", "supplemental"] and "about" in SHIPPED
    assert data.fatigue_deck == 32  # "32-card Fatigue Deck"
    assert sum(data.supplemental.values()) == 48  # "48-card Supplemental Deck" (its split: chosen)
    assert data.colours == ("red", "blue", "green", "yellow")
    assert ("games/salmon_run/river.json", "companion.games.salmon_run.river:default_data") in registry.data_files()


@pytest.mark.parametrize("change, message", [
    (("other_side", "3", "E"), "river.json.other_side.3: 'M' or 'H', not 'E'"),
    (("supplemental", "eagle", -1), "river.json.supplemental.eagle: must be 0 to 100, not -1"),
    (("colours", None, ["red", "Red", "blue", "green"]), "river.json.colours[1]: 'Red' is listed twice"),
    (("colours", None, ["red"]), "river.json.colours: 4 to 12 colours (one per player), not 1"),
    (("fatigue_deck", None, "32"), "river.json.fatigue_deck: expected int, got '32'"),
])
def test_a_bad_data_file_names_its_field(change, message) -> None:
    data = json.loads(json.dumps(SHIPPED))
    key, sub, value = change
    if sub is None:
        data[key] = value
    else:
        data[key][sub] = value
    with pytest.raises(AssetError) as caught:
        parse_data(data)
    assert str(caught.value) == message


def test_the_die_rules_of_the_set_up() -> None:
    assert [rv.start_side(r) for r in range(1, 7)] == ["S1", "S2"] * 3
    assert [rv.finish_side(r) for r in range(1, 7)] == ["F1", "F2"] * 3
    assert [rv.easy_side(r) for r in range(1, 7)] == [False, True] * 3
