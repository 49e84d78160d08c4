"""A play's shared picture is read on a phone: 720 px wide (a 360 px screen at 2x), no word smaller
than 13 pt (13 px there; the table was 10 pt in a picture 960 px wide: 4 px on the phone), each
category's points in the table, long names shortened to fit their column."""

from __future__ import annotations

import struct

from matplotlib.text import Text

from companion.core.plays import BreakdownLine, Play, PlayerResult
from companion.ui.components.result_picture import SMALLEST, figure, result_picture

RULES = ("Fish", "Strikes", "Bonus fly", "Longest fish", "Rare species", "Trout", "Salmon")


def a_play(names) -> Play:
    results = tuple(PlayerResult(name, sum(range(1, len(RULES) + 1)) + i * len(RULES), i + 1,
                                 tuple(BreakdownLine(rule, 1, k + 1 + i) for k, rule in enumerate(RULES)))
                    for i, name in enumerate(names))
    return Play("p001", "freshwater-fly", "2026-11-20T20:00:00", results, (names[0],), {})


def size(png: bytes) -> tuple[int, int]:
    return struct.unpack(">II", png[16:24])


def test_the_picture_is_phone_shaped_and_longer_with_more_players() -> None:
    two = result_picture(a_play(["Ana", "Ben"]), "Freshwater Fly", "20 Nov 2026")
    six = result_picture(a_play(["Ana", "Benedikt", "Cy", "Dora", "Alexandrina", "Bo"]), "Freshwater Fly",
                         "20 Nov 2026")
    assert png_is(two) and png_is(six)
    assert size(two)[0] == size(six)[0] == 720
    assert size(six)[1] > size(two)[1]


def png_is(data: bytes) -> bool:
    return data[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_word_is_smaller_than_a_phone_reads_and_the_table_holds_every_category() -> None:
    fig = figure(a_play(["Ana", "Benedikt", "Cy", "Alexandrina"]), "Freshwater Fly", "20 Nov 2026")
    fig.canvas.draw()
    cells = [cell.get_text() for ax in fig.axes for table in ax.tables for cell in table.get_celld().values()]
    texts = [t for t in fig.findobj(Text) + cells if t.get_text().strip() and t.get_visible()]
    assert min(t.get_fontsize() for t in texts) >= SMALLEST
    words = {t.get_text() for t in texts}
    assert set(RULES[:3]) <= words and "Total" in words  # each category's row, and the totals
    assert {"Ana", "Bened…", "Alexa…"} <= words  # names shortened to their column (6 letters for 4)
    assert "4. Alexandr…" in words  # and beside their bar
    assert "7" in words and "Ana wins" in words  # Ana's Salmon: 7 points
