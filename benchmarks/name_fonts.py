"""Names in other scripts: how long a phone waits for their fonts, the slices Flutter asks for (what Companion
serves) against the whole families (what it served before, issue 65), in one run.

A fresh browser (nothing kept) opens a screen naming "Ana 🎣🐟", "李雷" and "محمد" at 20 Mbit/s (Chromium's
network emulation), on a server whose machine has no fonts of its own. Timed from the moment the names are on the
screen (in its accessibility tree) until the last font their characters asked for has arrived: Flutter draws them
in its next frame. "whole": each slice of Chinese and emoji asked for is answered by the whole family instead, as
before, the same server and network. Rounds alternate between the two. Target: the names within a second.

Usage: ../.venv/bin/python name_fonts.py [rounds]   (default 5)
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (the project on the path)

from companion.client.fonts import FONT_DIRS_VARIABLE
from tests.browser import AppPage, Server, free_port, launch_chromium, seed_roster

ROUNDS = 5
SMOKE = {"rounds": 1}
NAMES = ("Ana 🎣🐟", "李雷", "محمد")
FAMILIES = ("notocoloremoji", "notosanssc", "notosansarabic")
CUT = re.compile(r"/assets/fonts/(notosanssc|notocoloremoji)/")  # the families Companion serves in slices
BYTES_PER_S = 20_000_000 / 8
TARGET = "the names within 1 s"


def one(browser, url: str, whole: bool) -> tuple[float, int]:
    """Seconds from the names on screen to their last font arrived, and the fonts' bytes."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        if whole:  # each slice of a family Companion cuts answered by the whole family, as before
            context.route(CUT, lambda route: route.continue_(
                url=re.sub(r"/assets/fonts/(noto[a-z]+)/.*$", r"/_fonts/\1-whole.woff2", route.request.url)))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                     "downloadThroughput": BYTES_PER_S,
                                                     "uploadThroughput": BYTES_PER_S / 4})
        arrived: dict[str, float] = {}
        sizes: dict[str, int] = {}

        def finished(request) -> None:
            family = next((f for f in FAMILIES if f"/assets/fonts/{f}/" in request.url or f"/_fonts/{f}-" in request.url),
                          None)
            if family is not None:
                arrived[family] = time.monotonic()
                sizes[request.url] = request.sizes()["responseBodySize"]

        page.on("requestfinished", finished)
        app = AppPage(page).open(f"{url}/games/freshwater-fly/draft")
        for name in NAMES:
            app.see(app.button(name))
        shown = time.monotonic()
        deadline = shown + 120
        while set(arrived) != set(FAMILIES):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the fonts did not all arrive: {sorted(arrived)}")
            page.wait_for_timeout(50)
        return max(0.0, max(arrived.values()) - shown), sum(sizes.values())
    finally:
        context.close()


def measure(rounds: int = ROUNDS) -> dict:
    from playwright.sync_api import sync_playwright

    waits: dict[str, list[float]] = {"slices": [], "whole": []}
    sent: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        data, no_fonts = Path(tmp) / "data", Path(tmp) / "no-fonts"
        no_fonts.mkdir()
        seed_roster(data, NAMES)
        server = Server(data, free_port(), env={FONT_DIRS_VARIABLE: str(no_fonts)})
        server.start()
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                for _ in range(rounds):
                    for how in ("slices", "whole"):
                        seconds, size = one(browser, server.url, how == "whole")
                        waits[how].append(seconds * 1000)
                        sent[how] = size
                browser.close()
        finally:
            server.stop()
    return {"ms": waits, "bytes": sent}


def report(figures: dict) -> None:
    slices, whole = (statistics.median(figures["ms"][k]) for k in ("slices", "whole"))
    print(f"names in other scripts at 20 Mbit/s, names on screen to their fonts arrived: slices {slices:.0f} ms "
          f"({figures['bytes']['slices']:,} bytes), whole families {whole:.0f} ms ({figures['bytes']['whole']:,} "
          f"bytes): ratio {slices / whole if whole else float('nan'):.2f}   target {TARGET}")


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS))
