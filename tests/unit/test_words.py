"""A count and its word, said once for every screen (companion/core/words.py)."""

from __future__ import annotations

from companion.core.words import count, listed, noun, these


def test_one_is_singular_every_other_count_is_plural() -> None:
    assert [count(n, "play") for n in (0, 1, 2)] == ["0 plays", "1 play", "2 plays"]
    assert count(1, "win") == "1 win" and count(3, "win") == "3 wins"
    assert count(12_345, "play") == "12,345 plays"  # thousands grouped, as History's count was


def test_an_irregular_plural_is_passed_in() -> None:
    assert count(1, "fish", "fish") == "1 fish" and count(2, "fish", "fish") == "2 fish"
    assert count(1, "die", "dice") == "1 die" and count(5, "die", "dice") == "5 dice"
    assert count(2, "miss", "misses") == "2 misses"


def test_the_word_alone_and_these() -> None:
    assert noun(1, "play") == "play" and noun(0, "play") == "plays" and noun(2, "die", "dice") == "dice"
    assert these(1, "play") == "this play" and these(2, "play") == "these 2 plays"


def test_listed() -> None:
    assert listed(["Lure"]) == "Lure"
    assert listed(["Lure", "Fleet Dice"]) == "Lure and Fleet Dice"
    assert listed(["Lure", "Fleet Dice", "Salmon Run"]) == "Lure, Fleet Dice and Salmon Run"
