"""Render assets/icon.svg to the PNG icons the web client and the README use.

Run with the project's venv: `.venv/bin/python tools/render_icons.py` (needs Chromium).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

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


def main() -> None:
    os.environ["HOME"] = tempfile.mkdtemp()
    svg = (ASSETS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium"),
                                    headless=True, args=["--no-sandbox"])
        for name, size in TARGETS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<html><body style='margin:0;background:transparent'>"
                             f"<div style='width:{size}px;height:{size}px'>{svg.replace('<svg ', f'<svg width={size} height={size} ', 1)}</div></body></html>")
            (ASSETS / name).parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ASSETS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
