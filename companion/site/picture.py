"""A phone with no computer draws a result's picture (`ui.components.result_picture`) with its browser's
canvas (an OffscreenCanvas in the page's worker, where Companion's Python runs): PNG bytes. The phone's
own fonts draw the words, so a name in any script reads as it does on screen. Runs only in the browser."""

from __future__ import annotations

from companion.ui.components.result_picture import Box, Picture, Words

FONTS = 'Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif'
TILE = 12  # px: a pattern's repeat


async def paint(picture: Picture) -> bytes:
    """`picture` as PNG bytes."""
    from js import OffscreenCanvas, Uint8Array
    from pyodide.ffi import to_js

    canvas = OffscreenCanvas.new(picture.width, picture.height)
    pen = canvas.getContext("2d")
    patterns: dict[str, object] = {}
    for shape in picture.shapes:
        if isinstance(shape, Box):
            pen.fillStyle = shape.fill
            pen.fillRect(shape.x, shape.y, shape.w, shape.h)
            if shape.hatch:
                if shape.hatch not in patterns:
                    patterns[shape.hatch] = pen.createPattern(_tile(shape.hatch), "repeat")
                pen.fillStyle = patterns[shape.hatch]
                pen.fillRect(shape.x, shape.y, shape.w, shape.h)
        elif isinstance(shape, Words):
            pen.font = f"{'bold ' if shape.bold else ''}{shape.size:.0f}px {FONTS}"
            pen.fillStyle = shape.colour
            pen.textAlign = shape.align
            pen.textBaseline = "middle"
            pen.fillText(shape.text, shape.x, shape.y)
    blob = await canvas.convertToBlob(to_js({"type": "image/png"}))
    return bytes(Uint8Array.new(await blob.arrayBuffer()).to_py())


def _tile(hatch: str):
    """One repeat of `hatch`'s pattern (result_picture.HATCHES, drawn as matplotlib draws them), in white."""
    from js import OffscreenCanvas

    tile = OffscreenCanvas.new(TILE, TILE)
    pen = tile.getContext("2d")
    pen.strokeStyle = pen.fillStyle = "rgba(255,255,255,0.9)"
    pen.lineWidth = 1.5
    mark = hatch[0]
    if mark in "/x\\-+|":
        pen.beginPath()
        if mark in "/x":
            pen.moveTo(0, TILE)
            pen.lineTo(TILE, 0)
        if mark in "\\x":
            pen.moveTo(0, 0)
            pen.lineTo(TILE, TILE)
        if mark in "-+":
            pen.moveTo(0, TILE / 2)
            pen.lineTo(TILE, TILE / 2)
        if mark == "+":
            pen.moveTo(TILE / 2, 0)
            pen.lineTo(TILE / 2, TILE)
        pen.stroke()
    else:  # dots ('.') and rings ('o')
        pen.beginPath()
        pen.arc(TILE / 2, TILE / 2, 1.6 if mark == "." else 3, 0, 6.2832)
        if mark == ".":
            pen.fill()
        else:
            pen.stroke()
    return tile
