"""A play's standings and breakdown as a picture to save or share: laid out here, drawn by the host.

The picture is shapes (boxes and words at places in pixels), so both hosts draw the same one with
what they have: the laptop with matplotlib (`laptop/picture.py`), a phone with no computer with its
browser's canvas (`site/picture.py`); `Hosting.paint` turns it into PNG bytes. It is phone-shaped:
720 px wide, read on a phone 360 px wide, no word smaller than 26 px (13 on that phone). Each
player's bar is stacked from their scoring categories (positive points; a negative line is in the
table below), the total at its end, the winner first; the table names each category whole (on up
to four lines where it is long), its colour and pattern beside it: colour is not the only way to tell parts
apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.plays import Play
from companion.core.scoring import winners_words

WIDTH = 720
MARGIN = 24
SMALLEST = 26  # px: 13 px on a phone 360 px wide, its smallest words
INK, MUTED, WIN, RULE, PAPER = "#1b1b1f", "#49454f", "#1b5e20", "#c4c7c5", "#ffffff"
PALETTE = ("#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#c62828", "#00695c", "#5d4037", "#ad1457",
           "#283593", "#9e9d24", "#4e342e", "#37474f")
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")  # each painter draws these patterns
CHAR = 0.6  # a letter's width, as a share of its size (wide enough for the widest of the usual faces)


@dataclass(frozen=True)
class Box:
    """A rectangle filled with `fill` (and `hatch`'s pattern over it, in white)."""

    x: float
    y: float
    w: float
    h: float
    fill: str
    hatch: str = ""


@dataclass(frozen=True)
class Words:
    """A line of text; `y` is its middle, `align` where `x` is: its left, centre or right."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    colour: str = INK
    align: str = "left"


@dataclass(frozen=True)
class Picture:
    width: int
    height: int
    shapes: tuple[Box | Words, ...]


def fits(text: str, width: float, size: float) -> str:
    """`text`, shortened with an ellipsis to what fits in `width` at `size`."""
    most = max(1, int(width / (size * CHAR)))
    return text if len(text) <= most else text[:most - 1] + "…"


def lines(text: str, width: float, size: float, most: int = 3) -> list[str]:
    """`text` on at most `most` lines of `width`, broken between words (the last shortened if need be)."""
    letters = max(1, int(width / (size * CHAR)))
    if len(text) <= letters or most == 1:
        return [fits(text, width, size)]
    cut = text.rfind(" ", 0, letters + 1)
    if cut <= 0:
        return [fits(text, width, size)]
    return [text[:cut], *lines(text[cut + 1:], width, size, most - 1)]


def result_picture(play: Play, title: str, when: str) -> Picture:
    """The picture of `play`: its game's `title`, `when` it was played (a whole date: shared, it is read
    on another day), who won and, under it, why when players tied for the win (`Play.tie`)."""
    shapes: list[Box | Words] = []
    y = MARGIN
    heads = [(title, 34, True, INK, 2), (when, 28, False, MUTED, 2), (winners_words(play.winners), 30, False, WIN, 2)]
    if play.tie:
        heads.append((play.tie, SMALLEST, False, INK, 3))
    for text, size, bold, colour, most in heads:
        for line in lines(text, WIDTH - 2 * MARGIN, size, most=most):
            shapes.append(Words(MARGIN, y + size * 0.7, line, size, bold, colour))
            y += size * 1.4
    results = sorted(play.results, key=lambda r: (r.rank, play.results.index(r)))
    rules = list(dict.fromkeys(b.rule for r in results for b in r.breakdown))
    y = _bars(shapes, results, rules, y + 12)
    y = _table(shapes, results, rules, y + 28) if rules else y
    height = int(y + MARGIN)
    return Picture(WIDTH, height, (Box(0, 0, WIDTH, height, PAPER), *shapes))


def _bars(shapes: list, results, rules: list[str], top: float) -> float:
    label_w, total_w, row = 200, 88, 64
    left, right = MARGIN + label_w, WIDTH - MARGIN - total_w
    longest = max([sum(b.points for b in r.breakdown if b.points > 0) for r in results] + [1])
    for i, r in enumerate(results):
        middle = top + i * row + row / 2
        shapes.append(Words(left - 12, middle, fits(f"{r.rank}. {r.name}", label_w - 12, 30), 30, align="right"))
        x = left
        points = {b.rule: b.points for b in r.breakdown}
        for j, rule in enumerate(rules):
            value = points.get(rule, 0)
            if value > 0:
                w = value / longest * (right - left)
                shapes.append(Box(x, middle - 22, w, 44, PALETTE[j % len(PALETTE)], HATCHES[j % len(HATCHES)]))
                shapes.append(Box(x + w - 1, middle - 22, 2, 44, PAPER))  # a white line between parts
                x += w
        shapes.append(Words(x + 10, middle, str(r.total), 32, bold=True))
    shapes.append(Box(left - 2, top, 2, row * len(results), MUTED))  # the bars' axis
    return top + row * len(results)


def _table(shapes: list, results, rules: list[str], top: float) -> float:
    swatch, size = 30, SMALLEST
    room = WIDTH - 2 * MARGIN - swatch
    name_w = max(240, room - 110 * len(results))  # a category's name, whole on up to four lines
    column = (room - name_w) / len(results)
    first = MARGIN + swatch + name_w
    for i, r in enumerate(results):
        shapes.append(Words(first + column * (i + 0.5), top + 22, fits(r.name, column - 8, size), size, bold=True,
                            align="center"))
    y = top + 44
    for j, rule in enumerate(rules):
        written = lines(rule, name_w - 12, size, most=4)
        h = 12 + size * 1.25 * len(written)
        shapes.append(Box(MARGIN, y, WIDTH - 2 * MARGIN, 2, RULE))
        shapes.append(Box(MARGIN, y + 8, swatch - 6, h - 14, PALETTE[j % len(PALETTE)], HATCHES[j % len(HATCHES)]))
        for k, line in enumerate(written):
            shapes.append(Words(MARGIN + swatch + 4, y + 6 + size * 1.25 * (k + 0.5), line, size, colour=MUTED))
        for i, r in enumerate(results):
            points = next((b.points for b in r.breakdown if b.rule == rule), None)
            if points is not None:
                shapes.append(Words(first + column * (i + 0.5), y + h / 2, str(points), size, align="center"))
        y += h
    shapes.append(Box(MARGIN, y, WIDTH - 2 * MARGIN, 2, MUTED))
    shapes.append(Words(MARGIN + swatch + 4, y + 26, "Total", size, bold=True))
    for i, r in enumerate(results):
        shapes.append(Words(first + column * (i + 0.5), y + 26, str(r.total), size, bold=True, align="center"))
    return y + 52
