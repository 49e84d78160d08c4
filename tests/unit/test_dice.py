"""Dice: every face equally likely; pools and faces are checked."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.dice import STANDARD_DICE, check_faces, check_pool, describe_pool, roll
from companion.core.errors import DomainError

# Chi-square critical values at p = 0.001 for (sides - 1) degrees of freedom.
CHI2_999 = {3: 16.27, 5: 20.52, 7: 24.32, 9: 27.88, 11: 31.26, 19: 43.82}


@pytest.mark.parametrize("die_id", list(STANDARD_DICE))
def test_every_standard_die_is_fair(die_id: str) -> None:
    die = STANDARD_DICE[die_id]
    rng = random.Random(20261121)
    n = 600 * die.sides
    counts = Counter(roll([die] * 60, rng)[i] for _ in range(n // 60) for i in range(60))
    assert set(counts) == set(range(1, die.sides + 1))
    expected = n / die.sides
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, die.sides + 1))
    assert chi2 < CHI2_999[die.sides - 1]


def test_a_biased_source_fails_the_fairness_check() -> None:
    """The check above can fail: a die that never shows 6 is caught."""
    class NoSixes(random.Random):
        def randint(self, a, b):
            return super().randint(a, b - 1)

    die = STANDARD_DICE["d6"]
    counts = Counter(roll([die] * 600, NoSixes(1)))
    chi2 = sum((counts[f] - 100) ** 2 / 100 for f in range(1, 7))
    assert chi2 > CHI2_999[5]


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
