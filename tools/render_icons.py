"""Render the app's SVG pictures to the PNGs the app sends: assets/icon.svg to the icons the web
client and the README use, and each game's `picture.svg` to its `picture.png` (drawn by the phone's
browser far sooner than an SVG, which Flutter parses on the page's main thread: about 0.15 s less
before the Games screen can be tapped, measured with benchmarks/join_ratio.py).

Run with the project's venv: `.venv/bin/python tools/render_icons.py` (needs Chromium).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ASSETS = Path(__file__).resolve().parents[1] / "assets"
TARGETS = {
    "icon.png": 512,
    "favicon.png": 64,
    "icons/icon-192.png": 192,
    "icons/icon-512.png": 512,
    "icons/icon-maskable-192.png": 192,
    "icons/icon-maskable-512.png": 512,
    "icons/apple-touch-icon-192.png": 192,
}
GAME_PICTURE = 228  # pixels: the Games screen shows it at 76 points, three pixels each on a sharp phone
GAME_COLOURS = 64  # a game's picture is a few flat colours: a palette of 64 keeps it as drawn, at a third of the bytes


def targets() -> dict[Path, tuple[Path, int]]:
    """Each PNG, from its SVG at its size in pixels."""
    found = {ASSETS / name: (ASSETS / "icon.svg", size) for name, size in TARGETS.items()}
    for svg in sorted(ASSETS.glob("games/*/picture.svg")):
        found[svg.with_suffix(".png")] = (svg, GAME_PICTURE)
    return found


def main() -> None:
    os.environ["HOME"] = tempfile.mkdtemp()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium"),
                                    headless=True, args=["--no-sandbox"])
        for png, (svg, size) in targets().items():
            page = browser.new_page(viewport={"width": size, "height": size})
            drawing = svg.read_text().replace("<svg ", f"<svg width={size} height={size} ", 1)
            page.set_content(f"<html><body style='margin:0;background:transparent'>"
                             f"<div style='width:{size}px;height:{size}px'>{drawing}</div></body></html>")
            png.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(png), omit_background=True)
            page.close()
            if size == GAME_PICTURE and png.name == "picture.png":
                with Image.open(png) as drawn:
                    fewer = drawn.convert("RGBA").quantize(GAME_COLOURS, method=Image.Quantize.FASTOCTREE,
                                                           dither=Image.Dither.NONE)
                fewer.save(png, optimize=True)
        browser.close()


if __name__ == "__main__":
    main()
