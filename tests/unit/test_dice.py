"""Dice: every face equally likely, custom faces, keeping dice through a re-roll, checked pools."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.assets import AssetError
from companion.core.dice import all_dice, check_faces, check_pool, describe_pool, die_type, parse_dice, reroll, roll
from companion.core.errors import DomainError

# Chi-square critical values at p = 0.001 for (sides - 1) degrees of freedom.
CHI2_999 = {3: 16.27, 5: 20.52, 7: 24.32, 9: 27.88, 11: 31.26, 19: 43.82}


def chi_square(counts: Counter, outcomes: list, n: int) -> float:
    expected = n / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


@pytest.mark.parametrize("die_id", list(all_dice()))
def test_every_die_is_fair(die_id: str) -> None:
    die = all_dice()[die_id]
    rng = random.Random(20261121)
    n = 600 * die.sides
    counts = Counter(roll([die] * n, rng))
    assert set(counts) == set(range(1, die.sides + 1))
    assert chi_square(counts, list(range(1, die.sides + 1)), n) < CHI2_999[die.sides - 1]


def test_a_biased_source_fails_the_fairness_check() -> None:
    """The check above can fail: a die that never shows 6 is caught."""
    class NoSixes(random.Random):
        def randint(self, a, b):
            return super().randint(a, b - 1)

    counts = Counter(roll([die_type("d6")] * 600, NoSixes(1)))
    assert chi_square(counts, list(range(1, 7)), 600) > CHI2_999[5]


def test_fleet_dice_boat_and_town_faces() -> None:
    boat, town = die_type("boat"), die_type("town")
    assert [f.label for f in boat.faces] == ["Shrimp", "Cod", "Lobster", "Swordfish", "Oyster", "3 Coins"]
    assert Counter(f.label for f in town.faces) == {"Harbor": 2, "Wharf": 2, "Market": 2}
    assert boat.icon(1) == "shrimp.svg" and not boat.numbered and die_type("d12").numbered


def test_town_die_shows_each_building_a_third_of_the_time() -> None:
    town = die_type("town")
    n = 3000
    labels = Counter(town.label(f) for f in roll([town] * n, random.Random(5)))
    assert chi_square(labels, ["Harbor", "Wharf", "Market"], n) < 13.82  # p = 0.001, 2 dof


def test_chance_d8_has_the_eight_chance_deck_outcomes() -> None:
    chance = die_type("chance")
    assert chance.sides == 8 and chance.label(4) == "Frozen" and chance.label(8) == "Block"


def test_reroll_keeps_the_kept_dice() -> None:
    pool = [die_type("d6")] * 5
    rng = random.Random(3)
    faces = roll(pool, rng)
    for _ in range(50):
        again = reroll(pool, faces, {0, 3}, rng)
        assert (again[0], again[3]) == (faces[0], faces[3])
    changed = {i for _ in range(50) for i, (a, b) in enumerate(zip(faces, reroll(pool, faces, {0, 3}, rng))) if a != b}
    assert changed == {1, 2, 4}


def test_empty_and_oversized_pools_are_refused() -> None:
    with pytest.raises(DomainError, match="at least one die"):
        check_pool([])
    with pytest.raises(DomainError, match="At most 20 dice"):
        check_pool(["d6"] * 21)
    with pytest.raises(DomainError, match="no die called 'd7'"):
        check_pool(["d7"])


def test_faces_must_be_on_the_die() -> None:
    pool = check_pool(["d6", "d4"])
    check_faces(pool, [6, 4])
    with pytest.raises(DomainError, match="Die 2 is a d4: its face must be 1 to 4, not 5"):
        check_faces(pool, [1, 5])
    with pytest.raises(DomainError, match="2 dice need 2 faces, not 1"):
        check_faces(pool, [1])


def test_pool_description_groups_dice() -> None:
    assert describe_pool(check_pool(["d6", "d20", "d6"])) == "2 d6 + 1 d20"
    assert describe_pool(check_pool(["town", "town", "boat"])) == "2 Town dice + 1 Boat die"


@pytest.mark.parametrize("data, problem", [
    ({}, "dice.json.dice: missing"),
    ({"dice": [{"id": "d6", "name": "x", "faces": []}]}, "'d6' is already a die"),
    ({"dice": [{"id": "coin", "name": "Coin", "faces": [{"label": "Heads"}]}]}, "a die has 2 to 100 faces, not 1"),
    ({"dice": [{"id": "coin", "name": "Coin", "faces": [{"label": "H"}, {"lbl": "T"}]}]}, r"faces\[1\].label: missing"),
    ({"dice": [{"id": "coin", "name": "Coin", "faces": [{"label": "H", "icon": 3}, {"label": "T"}]}]}, "icon: expected str"),
])
def test_bad_dice_data_is_named(data, problem) -> None:
    with pytest.raises(AssetError, match=problem):
        parse_dice(data)
