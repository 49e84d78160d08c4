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
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")  # colour is not the only way to tell parts apart


def result_picture(play: Play, title: str, when: str) -> bytes:
    """The picture of `play` (its game's `title`, `when` it was played) as PNG bytes."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    results = sorted(play.results, key=lambda r: (r.rank, play.results.index(r)))
    rules = list(dict.fromkeys(b.rule for r in results for b in r.breakdown))
    rows = len(results)
    with _drawing:
        fig = Figure(figsize=(8, 3.2 + 0.75 * rows + 0.32 * len(rules)), dpi=120)
        fig.patch.set_facecolor("white")
        grid = fig.add_gridspec(2, 1, height_ratios=(0.9 + 0.75 * rows, 0.5 + 0.32 * len(rules)), hspace=0.35)
        ax = fig.add_subplot(grid[0])
        fig.suptitle(f"{title} · {when}", fontsize=17, fontweight="bold", x=0.03, ha="left")
        ax.set_title(winners_words(play.winners), fontsize=14, loc="left", color="#1b5e20")
        names = [f"{r.rank}. {r.name}" for r in results]
        for y, r in enumerate(results):
            left = 0
            points = {b.rule: b.points for b in r.breakdown}
            for j, rule in enumerate(rules):
                value = points.get(rule, 0)
                if value > 0:
                    ax.barh(y, value, left=left, color=PALETTE[j % len(PALETTE)], hatch=HATCHES[j % len(HATCHES)],
                            edgecolor="white", linewidth=0.8)
                    left += value
            ax.text(left + 0.5, y, str(r.total), va="center", fontsize=14, fontweight="bold")
        ax.set_yticks(range(rows), names, fontsize=13)
        ax.invert_yaxis()
        ax.spines[["top", "right"]].set_visible(False)
        ax.set_xlabel("points", fontsize=11)
        table_ax = fig.add_subplot(grid[1])
        table_ax.axis("off")
        if rules:
            cells = [[""] + [str(next((b.points for b in r.breakdown if b.rule == rule), "")) for r in results]
                     for rule in rules]
            table = table_ax.table(cellText=cells + [[""] + [str(r.total) for r in results]],
                                   rowLabels=rules + ["Total"], colLabels=[""] + [r.name for r in results],
                                   loc="upper center", cellLoc="center")
            table.auto_set_font_size(False)
            table.set_fontsize(10)
            table.scale(1, 1.25)
            for row in range(len(rules) + 2):  # a narrow swatch column: each category's bar colour and pattern
                cell = table[(row, 0)]
                cell.set_width(0.06)
                if 1 <= row <= len(rules):
                    cell.set_facecolor(PALETTE[(row - 1) % len(PALETTE)])
                    cell.set_hatch(HATCHES[(row - 1) % len(HATCHES)])
                    cell.set_edgecolor("white")
        out = io.BytesIO()
        fig.savefig(out, format="png", bbox_inches="tight")
    return out.getvalue()
