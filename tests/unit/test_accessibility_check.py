"""The browser check's own rules (tests/accessibility.py), on nodes measured by hand."""

from __future__ import annotations

from tests.accessibility import Node, problems


def node(name: str, width: float, height: float, interactive: bool = False, left: float = 0) -> Node:
    return Node("button" if interactive else "", name, left, left + width, 0, width, height, interactive,
                not interactive, False)


def test_a_word_broken_over_lines_is_found_and_a_word_on_one_line_is_not() -> None:
    # "Oyster" at 11 px on one line (36 x 14); at 22 px in a 48 px column: "Oyst/er" (48 x 52).
    assert problems(360, [node("Oyster", 36, 14)]) == []
    assert problems(360, [node("Oyster", 48, 52)]) == ["a word broken over lines: text 'Oyster' (48 x 52 at 0,0)"]
    assert problems(360, [node("Cod", 20, 40), node("Round 1, boat phase", 100, 80)]) == []  # short, several words
    assert problems(360, [node("/home/ana/companion-data", 328, 52)]) == []  # a path wraps anywhere


def test_small_unnamed_doubled_and_off_screen_controls_are_found() -> None:
    found = problems(360, [node("Roll", 40, 48, interactive=True), node("", 48, 48, interactive=True),
                           node("Roll", 60, 48, interactive=True, left=320)])
    assert found == [
        "smaller than 48 x 48: button 'Roll' (40 x 48 at 0,0)",
        "no name: button '' (48 x 48 at 0,0)",
        "same name as another control: button 'Roll' (60 x 48 at 320,0)",
        "past the screen's edge (360 px): button 'Roll' (60 x 48 at 320,0)",
    ]


def test_a_control_whose_centre_reaches_another_is_found() -> None:
    # The Score chip scrolled under the app bar: a tap at its centre opens "Who is playing?".
    chip = Node("checkbox", "Score", 222, 322, 20, 100, 51, True, False, False,
                covered="Playing on this phone: Ana")
    assert problems(360, [chip]) == [
        "a tap at its centre reaches 'Playing on this phone: Ana': checkbox 'Score' (100 x 51 at 222,20)"]
    assert problems(360, [node("Score", 100, 51, interactive=True)]) == []
