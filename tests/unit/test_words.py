"""A count and its word, said once for every screen (companion/core/words.py)."""

from __future__ import annotations

from companion.core.words import a, count, listed, noun, these


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


def test_dice_and_lure_refusals_say_one_die_and_one_value() -> None:
    """Refusals count in words too: "A roll of 1 die", not "A roll of 1 dice"."""
    import pytest

    from companion.core.dice import check_faces, check_pool
    from companion.core.errors import DomainError

    [d6] = check_pool(["d6"])
    with pytest.raises(DomainError, match=r"^A roll of 1 die is a list of 1 face, not 'x'\.$"):
        check_faces([d6], "x")
    with pytest.raises(DomainError, match=r"^1 die needs 1 face, not 2\.$"):
        check_faces([d6], [1, 2])
    with pytest.raises(DomainError, match=r"^2 dice need 2 faces, not 1\.$"):
        check_faces([d6, d6], [1])


def test_names_are_listed_the_one_way_everywhere() -> None:
    """"Ana, Ben and Cy have rolled", not "Ana and Ben and Cy" (Lure's step, a shared win, who still chooses)."""
    from companion.core.scoring import winners_words
    from companion.core.words import listed

    assert listed([]) == "" and listed(["Ana"]) == "Ana" and listed(["Ana", "Ben", "Cy"]) == "Ana, Ben and Cy"
    assert winners_words(["Ana", "Ben", "Cy"]) == "Shared win: Ana, Ben and Cy"


def test_a_word_takes_the_article_it_is_said_with() -> None:
    # The table read "Dee catches a 8", "Launch a Oyster boat".
    assert [a(w) for w in (6, 8, 11, 18, 80, 1, 110, "Oyster", "Eagle", "Cod", "d8")] == \
        ["a 6", "an 8", "an 11", "an 18", "an 80", "a 1", "a 110", "an Oyster", "an Eagle", "a Cod", "a d8"]
    # By the sound, not the letter: a silent h, a "you" or "won" sound.
    assert [a(w) for w in ("hour", "Halibut", "unicorn", "Umbrella", "one-step move", "Eurasian perch")] == \
        ["an hour", "a Halibut", "a unicorn", "an Umbrella", "a one-step move", "a Eurasian perch"]


def test_the_games_say_an_where_it_is_said() -> None:
    from companion.games.lure.cards import describe_requirement
    from companion.games.lure.odds import Requirement

    assert describe_requirement(Requirement("both", 8, 3)) == "an 8 and a 3"
    assert describe_requirement(Requirement("both", 1, 5)) == "a 1 and a 5"
