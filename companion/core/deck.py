"""Card decks: shuffling with a random source passed in, and exact odds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import TypeVar

T = TypeVar("T")


def shuffled(cards: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """The same cards in a random order."""
    order = list(cards)
    rng.shuffle(order)
    return tuple(order)


def chance_of_any(remaining: Sequence[T], wanted: T, draws: int) -> Fraction:
    """The exact chance that at least one of the next `draws` cards of a shuffled
    `remaining` is `wanted` (drawing without putting back)."""
    n = len(remaining)
    draws = min(draws, n)
    if draws <= 0:
        return Fraction(0)
    others = n - sum(1 for card in remaining if card == wanted)
    return 1 - Fraction(comb(others, draws), comb(n, draws))


def percent(chance: Fraction | float) -> str:
    """A chance in percent, never rounded to a certainty it is not: '0%' and '100%' only when exact,
    'over 99%' (99.5% for three d6 against a 4), 'under 1%', else '67%'."""
    if chance == 0 or chance == 1:
        return f"{int(chance) * 100}%"
    value = float(chance) * 100
    return "over 99%" if value > 99 else "under 1%" if value < 1 else f"{round(value)}%"


def describe_chance(chance: Fraction) -> str:
    """'1 in 4 (25%)', '2 in 3 (67%)', 'certain', 'none'."""
    if chance == 0:
        return "none"
    if chance == 1:
        return "certain"
    return f"{chance.numerator} in {chance.denominator} ({percent(chance)})"
