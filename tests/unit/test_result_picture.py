"""A play's shared picture is read on a phone (companion/ui/components/result_picture.py): 720 px wide (a
360 px screen at 2x), no word smaller than 26 px (13 px there), each category named whole in the table
with its points, long names shortened to fit their column, the date whole; drawn as PNG by the laptop
(matplotlib, here) and by a phone's canvas (tests/e2e/test_phone_build_in_browser.py)."""

from __future__ import annotations

import struct

from companion.core.plays import BreakdownLine, Play, PlayerResult
from companion.laptop.picture import draw
from companion.ui.components.result_picture import SMALLEST, WIDTH, Box, Words, lines, result_picture

RULES = ("Fish", "Strikes", "Bonus fly", "3B: sets of two same-coloured hatch tokens", "Rare species", "Trout",
         "Salmon")


def a_play(names) -> Play:
    results = tuple(PlayerResult(name, sum(range(1, len(RULES) + 1)) + i * len(RULES), i + 1,
                                 tuple(BreakdownLine(rule, 1, k + 1 + i) for k, rule in enumerate(RULES)))
                    for i, name in enumerate(names))
    return Play("p001", "freshwater-fly", "2026-11-20T20:00:00", results, (names[0],), {})


def words(picture) -> list[Words]:
    return [s for s in picture.shapes if isinstance(s, Words)]


def test_the_picture_is_phone_shaped_and_longer_with_more_players() -> None:
    two = result_picture(a_play(["Ana", "Ben"]), "Freshwater Fly", "Thu 20 Nov 2026, 20:00")
    six = result_picture(a_play(["Ana", "Benedikt", "Cy", "Dora", "Alexandrina", "Bo"]), "Freshwater Fly",
                         "Thu 20 Nov 2026, 20:00")
    assert two.width == six.width == WIDTH and six.height > two.height
    for picture in (two, six):  # everything inside it
        for s in picture.shapes:
            right = s.x + s.w if isinstance(s, Box) else s.x + (len(s.text) * s.size * 0.6 if s.align == "left" else 0)
            assert 0 <= s.x and right <= picture.width + 0.5 and 0 <= s.y <= picture.height, s


def test_no_word_is_smaller_than_a_phone_reads_and_the_table_names_every_category_whole() -> None:
    picture = result_picture(a_play(["Ana", "Benedikt", "Cy", "Alexandrina"]), "Freshwater Fly",
                             "Thu 20 Nov 2026, 20:00")
    shown = [w.text for w in words(picture)]
    assert min(w.size for w in words(picture)) >= SMALLEST
    assert shown[:3] == ["Freshwater Fly", "Thu 20 Nov 2026, 20:00", "Ana wins"]  # the date whole
    assert {"Fish", "Strikes", "Bonus fly", "Total"} <= set(shown)
    # A long category is on lines of its own, whole: "3B: sets of..." is not cut to 11 letters.
    assert {"3B: sets of", "two", "same-coloured", "hatch tokens"} <= set(shown)
    assert " ".join(lines(RULES[3], 228, SMALLEST, most=4)) == RULES[3]
    assert {"Ana", "Bene…", "Alex…", "Cy"} <= set(shown)  # names shortened to their column (4 players)
    assert {"2. Benedi…", "4. Alexan…"} <= set(shown)  # and beside their bar
    assert "7" in shown  # Ana's Salmon: 7 points


def test_each_category_has_its_colour_and_its_pattern_in_the_bars_and_the_table() -> None:
    picture = result_picture(a_play(["Ana", "Ben"]), "Lure", "Thu 20 Nov 2026, 20:00")
    fills = {(b.fill, b.hatch) for b in picture.shapes if isinstance(b, Box) and b.hatch}
    assert len(fills) == len(RULES) - 1  # every part but the first (plain) one: colour is not the only sign


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_laptop_draws_it_as_a_png_of_its_size() -> None:
    picture = result_picture(a_play(["Ana", "Ben", "Cy"]), "Freshwater Fly", "Thu 20 Nov 2026, 20:00")
    assert png_size(draw(picture)) == (picture.width, picture.height)
