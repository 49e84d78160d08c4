"""The laptop draws a result's picture (`ui.components.result_picture`) with matplotlib: PNG bytes, made
on a thread of its own so the other phones' taps go on meanwhile. matplotlib is imported when History is
made ready (`serve.prepare_history`), not when the server starts."""

from __future__ import annotations

import asyncio
import io
import threading

from companion.ui.components.result_picture import Box, Picture, Words

DPI = 144  # 720 px: 5 inches
_drawing = threading.Lock()  # one picture at a time
_ALIGN = {"left": "left", "center": "center", "right": "right"}


def draw(picture: Picture) -> bytes:
    """`picture` as PNG bytes."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    width, height = picture.width, picture.height
    with _drawing:
        fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
        for shape in picture.shapes:
            if isinstance(shape, Box):
                fig.add_artist(Rectangle((shape.x / width, 1 - (shape.y + shape.h) / height), shape.w / width,
                                         shape.h / height, transform=fig.transFigure, facecolor=shape.fill,
                                         edgecolor="white" if shape.hatch else "none", linewidth=0,
                                         hatch=shape.hatch or None))
            elif isinstance(shape, Words):
                fig.text(shape.x / width, 1 - shape.y / height, shape.text, fontsize=shape.size * 72 / DPI,
                         fontweight="bold" if shape.bold else "normal", color=shape.colour,
                         ha=_ALIGN[shape.align], va="center_baseline")
        out = io.BytesIO()
        fig.savefig(out, format="png", dpi=DPI)
    return out.getvalue()


async def paint(picture: Picture) -> bytes:
    """`draw`, on a thread: a picture takes a few hundred milliseconds of the processor."""
    return await asyncio.to_thread(draw, picture)


def warm_up() -> None:
    """Import matplotlib and draw once (History made ready): a player's first picture waits for neither."""
    draw(Picture(8, 8, (Box(0, 0, 8, 8, "#ffffff", "//"), Words(1, 4, "A", 4))))
