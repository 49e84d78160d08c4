"""A play's standings and breakdown as a PNG picture, to save or share (drawn by matplotlib).

Each player's bar is stacked from their scoring categories (positive points; a negative line is
written in the table below), the total at its end, the winner first. matplotlib is imported
when the first picture is drawn: start-up does not pay for it.
"""

from __future__ import annotations

import io
import threading

from companion.core.plays import Play
from companion.core.scoring import winners_words

_drawing = threading.Lock()  # pyplot keeps global state: one picture at a time
PALETTE = ("#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#c62828", "#00695c", "#5d4037", "#ad1457",
           "#283593", "#9e9d24", "#4e342e", "#37474f")
WIDTH, DPI = 5.0, 144  # inches: 720 px wide, read on a phone 360 px wide
SMALLEST = 13  # pt: 13 px on that phone, its smallest words
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")  # colour is not the only way to tell parts apart


def result_picture(play: Play, title: str, when: str) -> bytes:
    """The picture of `play` (its game's `title`, `when` it was played) as PNG bytes."""
    with _drawing:
        out = io.BytesIO()
        figure(play, title, when).savefig(out, format="png")
    return out.getvalue()


def figure(play: Play, title: str, when: str):
    """The picture of `play`, as a matplotlib Figure (drawn under `_drawing`)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    results = sorted(play.results, key=lambda r: (r.rank, play.results.index(r)))
    rules = list(dict.fromkeys(b.rule for r in results for b in r.breakdown))
    rows = len(results)
    bars_height, table_height = 0.9 + 0.62 * rows, (0.45 + 0.36 * len(rules)) if rules else 0.1
    # Phone-shaped (see WIDTH and SMALLEST).
    fig = Figure(figsize=(WIDTH, 1.1 + bars_height + table_height), dpi=DPI, layout="constrained")
    fig.patch.set_facecolor("white")
    grid = fig.add_gridspec(2, 1, height_ratios=(bars_height, table_height))
    ax = fig.add_subplot(grid[0])
    fig.suptitle(f"{title} · {when}", fontsize=17, fontweight="bold", x=0.02, ha="left")
    ax.set_title(winners_words(play.winners), fontsize=15, loc="left", color="#1b5e20")
    names = [f"{r.rank}. {_short(r.name)}" for r in results]
    for y, r in enumerate(results):
        left = 0
        points = {b.rule: b.points for b in r.breakdown}
        for j, rule in enumerate(rules):
            value = points.get(rule, 0)
            if value > 0:
                ax.barh(y, value, left=left, color=PALETTE[j % len(PALETTE)], hatch=HATCHES[j % len(HATCHES)],
                        edgecolor="white", linewidth=0.8)
                left += value
        ax.text(left, y, f" {r.total}", va="center", fontsize=16, fontweight="bold")
    ax.set_yticks(range(rows), names, fontsize=15)
    ax.invert_yaxis()
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(axis="x", labelsize=SMALLEST)
    ax.margins(x=0.12)
    table_ax = fig.add_subplot(grid[1])
    table_ax.axis("off")
    if rules:
        cells = [[""] + [str(next((b.points for b in r.breakdown if b.rule == rule), "")) for r in results]
                 for rule in rules]
        table = table_ax.table(cellText=cells + [[""] + [str(r.total) for r in results]],
                               rowLabels=[_short(rule, 12) for rule in rules] + ["Total"],
                               colLabels=[""] + [_short(r.name, min(9, 24 // rows)) for r in results],
                               loc="upper center", cellLoc="center", bbox=(0.28, 0, 0.72, 1))
        table.auto_set_font_size(False)
        table.set_fontsize(SMALLEST)
        for row in range(len(rules) + 2):  # a narrow swatch column: each category's bar colour and pattern
            cell = table[(row, 0)]
            cell.set_width(0.05)
            if 1 <= row <= len(rules):
                cell.set_facecolor(PALETTE[(row - 1) % len(PALETTE)])
                cell.set_hatch(HATCHES[(row - 1) % len(HATCHES)])
                cell.set_edgecolor("white")
    return fig


def _short(name: str, most: int = 9) -> str:
    """A name as long as a phone's column lets it be ("Benedikt", "Alexandr…"; a table of 6 players
    has columns of 4 letters: "Ben…")."""
    return name if len(name) <= most else name[:most - 1] + "…"


_warming: list[threading.Thread] = []


def warm_up_soon() -> None:
    """Import matplotlib and draw a picture once, on a thread of its own, the first time a play's
    page is shown: the first picture a player asks for then waits for neither (start-up does not
    pay for it, and a phone joining the table does not either)."""
    if not _warming:
        thread = threading.Thread(target=_warm_up, name="picture-warm-up", daemon=True)
        _warming.append(thread)
        thread.start()


def _warm_up() -> None:
    from companion.core.plays import Play, PlayerResult
    result_picture(Play("warm-up", "", "", (PlayerResult("A", 1, 1, ()),), ("A",), {}), "", "")
