"""Companion on one phone with no computer (`make site`), beside Flet's own floor, in one interleaved run.

Both builds are made by `companion/site/build.py`: Companion's, and the smallest Flet app built the same
way (the same folder, its archive holding one `ft.Button` and the packages Flet needs: the floor of
Flet's Python in the browser). They are served by a static file server here that answers every request
(the page's, the Python worker's, the service worker's) 20 ms late and sends at most 20 Mbit/s in all,
as a phone's network would, counting the bytes it sends. Headless Chromium at a phone's size, a profile
on disk as a phone's browser keeps one.

Each round, for each build in a new profile: a first visit (an empty profile, the browser kept open until
its service worker has kept every file it keeps, Companion's own fonts too, as a phone left on the first
screen for a few seconds) and a second (the browser closed and opened again on that profile, as a phone
opens the app again: its service worker answers),
each until the first screen can be tapped as the page itself saw it (`joining.MARKS`: the frame with
Companion's Games card, or the one button, drawn). Then taps: "Roll 2 d6" on the Dice screen until the
roll's history line shows (`tap_latency.MEASURE`), on the phone build and on Companion served by the
laptop (the real server on loopback), in turns.

The ratios of the issue's targets (medians):
- second visit / the one-button build's second visit (target <= 1.5x);
- first visit / its floor: Companion's first-visit bytes at 20 Mbit/s plus the one-button build's second
  visit (target <= 1.2x);
- a tap on the phone build / a tap on Companion served by the laptop (target <= 2x).

Usage: ../.venv/bin/python phone_build.py [rounds]   (default 5)
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from joining import DOWN_BITS, FACTS, LATENCY_MS, MARKS
from one_button import LABEL
from tap_latency import MEASURE

from companion.site import archive
from companion.site.build import STARTING, build, write_service_worker
from tests.browser import CHROMIUM, CHROMIUM_ARGS, AppPage, Server, free_port

ROUNDS = 5
TAPS = 10  # each turn, on each host
WARM_UP = 3  # a page's first taps: not counted
SMOKE = {"rounds": 1, "taps": 2}
SCREENS = {"companion": r"^Freshwater Fly\b", "one_button": f"^{LABEL}$"}
ONE_BUTTON = f"""import flet as ft


def main(page):
    page.add(ft.Button({LABEL!r}, on_click=lambda e: None))


ft.run(main)
"""
TARGETS = {"second visit": 1.5, "first visit": 1.2, "tap": 2.0}
PHONE = {"width": 360, "height": 740}


class Network:
    """What every answer shares: a line of 20 Mbit/s (bytes wait their turn on it) and a count of bytes."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the line is free again
        self.sent = 0

    def count(self, n: int) -> None:
        with self.lock:
            self.sent += n

    def send(self, out, data: bytes) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + len(data) * 8 / DOWN_BITS
            self.sent += len(data)
            wait = self.free_at - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        out.write(data)


class Paced(http.server.SimpleHTTPRequestHandler):
    network: Network

    def log_message(self, *args) -> None:
        pass

    def handle_one_request(self) -> None:
        time.sleep(LATENCY_MS / 1000)
        super().handle_one_request()

    def copyfile(self, source, outputfile) -> None:
        while chunk := source.read(64 * 1024):
            self.network.send(outputfile, chunk)

    def end_headers(self) -> None:
        self.network.count(sum(len(line) for line in getattr(self, "_headers_buffer", [])) + 2)
        super().end_headers()


class StaticHost:
    """`folder` served on a loopback port through `Network`."""

    def __init__(self, folder: Path) -> None:
        self.network = Network()
        handler = functools.partial(type("Handler", (Paced,), {"network": self.network}), directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def builds(folder: Path) -> dict[str, tuple[Path, list[str]]]:
    """Companion's phone build, and the one-button app's made the same way (its own archive): each its
    folder and the fonts its service worker keeps once its first screen is shown."""
    from companion.client.fonts import FallbackFonts

    companion = folder / "companion"
    made = build(companion, fonts=FallbackFonts(folder / "cache", font_dirs=()))  # fonts: asked for by names in them
    one_button = folder / "one_button"
    shutil.copytree(companion, one_button)
    archive.write(one_button / "app.zip", one_button / "pyodide", main=ONE_BUTTON, packages=("flet", "msgpack"),
                  companion=False)
    page = one_button / "index.html"  # no words of Companion's while it starts (its Python never takes them away)
    page.write_text(page.read_text().replace(STARTING, ""))
    write_service_worker(one_button, {})
    return {"companion": (companion, made["own_fonts"]), "one_button": (one_button, [])}


# Every one of `fonts` in this version's cache.
ALL_KEPT = """async (fonts) => {
  const name = (await caches.keys()).find((key) => key.startsWith("companion-"));
  if (!name) return false;  // not opened here: caches.open would make an empty one of that name
  const cache = await caches.open(name);
  for (const font of fonts) if (!(await cache.match(new URL(font, location.href).href))) return false;
  return true;
}"""


def browser(playwright, profile: Path):
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, viewport=PHONE,
        device_scale_factor=2, is_mobile=True, has_touch=True)


# The moment the page's own words while Companion starts are taken away (site/build.py's STARTING).
STARTING_GONE = """new MutationObserver(function (changes, watch) {
  if (document.body && !document.getElementById("companion-starting")) {
    window.__startingGone = performance.now();
    watch.disconnect();
  }
}).observe(document, {childList: true, subtree: true});"""


def visit(context, url: str, pattern: str) -> float:
    """Seconds from the page's navigation until its first screen is there to tap: drawn (MARKS' "screen")
    and no longer under the page's words while Companion starts."""
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(MARKS % json.dumps(pattern))
    page.add_init_script(STARTING_GONE)
    page.goto(url)
    page.wait_for_function("() => window.__joinMarks && window.__joinMarks.screen !== undefined"
                           " && window.__startingGone !== undefined", timeout=300_000)
    return max(page.evaluate(FACTS)["marks"]["screen"], page.evaluate("window.__startingGone")) / 1000


def visits(playwright, host: StaticHost, pattern: str, profile: Path, fonts: list[str]) -> dict:
    """A first visit in an empty profile, then a second in the browser opened again on it. The first's
    `bytes` are those sent until its service worker has kept every file it keeps ahead; `fonts`, kept
    after the first screen is shown, are waited for too (`fonts bytes`), so that no download of the
    first visit is still under way, and counted as the second's, when the browser is closed."""
    figures = {}
    for name in ("first", "second"):
        before = host.network.sent
        context = browser(playwright, profile)
        try:
            figures[name] = {"seconds": visit(context, host.url, pattern)}
            if name == "first":  # the service worker keeps every file before the browser is closed
                page = context.pages[0]
                page.wait_for_function("!!navigator.serviceWorker.controller", timeout=300_000)
                figures[name]["bytes"] = host.network.sent - before
                kept_by = time.monotonic() + 300
                while not page.evaluate(ALL_KEPT, fonts):  # evaluate awaits its promise (wait_for_function
                    assert time.monotonic() < kept_by, f"{fonts} not kept"  # took the promise for true)
                    time.sleep(0.25)
                figures[name]["fonts bytes"] = host.network.sent - before - figures[name]["bytes"]
        finally:
            context.close()
        figures[name].setdefault("bytes", host.network.sent - before)
    return figures


def tap_times(app: AppPage, taps: int, start: int) -> list[float]:
    return [app.page.evaluate(MEASURE, ["Roll 2 d6", f"#{n}"]) for n in range(start, start + taps)]


def measure(rounds: int = ROUNDS, taps: int = TAPS) -> dict:
    from playwright.sync_api import sync_playwright

    figures: dict = {"rounds": [], "taps": {"phone build": [], "laptop": []}}
    with tempfile.TemporaryDirectory(prefix="companion-phone-build-") as tmp, sync_playwright() as playwright:
        folder = Path(tmp)
        made = builds(folder)
        hosts = {name: StaticHost(path) for name, (path, _) in made.items()}
        laptop = Server(folder / "laptop-data", free_port())
        laptop.start()
        try:
            for n in range(rounds):
                figures["rounds"].append({name: visits(playwright, hosts[name], SCREENS[name], folder / f"p{n}{name}",
                                                        made[name][1])
                                          for name in ("one_button", "companion")})
            phone_context = browser(playwright, folder / "taps")
            phone = AppPage(phone_context.new_page())
            phone.page.goto(hosts["companion"].url + "#/dice")
            phone.ready()
            phone.see(phone.button("Roll 2 d6"), timeout=300_000)
            laptop_browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            served = AppPage(laptop_browser.new_page(viewport=PHONE)).open(laptop.url + "/dice")
            for app in (phone, served):  # a first roll: each tap then adds a line to the earlier rolls
                app.button("Roll 2 d6").click()
                app.see(app.button("Undo: roll 2 d6"), timeout=60_000)
            shown = 1
            for turn in range(max(1, rounds)):
                for name, app in (("phone build", phone), ("laptop", served)):
                    times = tap_times(app, taps + (WARM_UP if turn == 0 else 0), shown)
                    figures["taps"][name] += times[WARM_UP:] if turn == 0 else times
                shown += taps + (WARM_UP if turn == 0 else 0)
            phone_context.close()
            laptop_browser.close()
        finally:
            laptop.stop()
            for host in hosts.values():
                host.stop()
    return figures


def ratios(figures: dict) -> dict[str, float]:
    def median(name: str, which: str, key: str = "seconds") -> float:
        return statistics.median(r[name][which][key] for r in figures["rounds"])

    floor = median("companion", "first", "bytes") * 8 / DOWN_BITS + median("one_button", "second")
    return {"second visit": median("companion", "second") / median("one_button", "second"),
            "first visit": median("companion", "first") / floor,
            "tap": statistics.median(figures["taps"]["phone build"]) / statistics.median(figures["taps"]["laptop"])}


def report(figures: dict) -> None:
    def median(name: str, which: str, key: str) -> float:
        return statistics.median(r[name][which][key] for r in figures["rounds"])

    print(f"The phone build beside the one-button Flet app built the same way ({len(figures['rounds'])} rounds, "
          f"medians; 20 Mbit/s, {LATENCY_MS} ms):")
    for name in ("companion", "one_button"):
        print(f"  {name:<11} first visit {median(name, 'first', 'seconds'):6.2f} s, "
              f"{median(name, 'first', 'bytes') / 1e6:6.2f} MB;   second visit "
              f"{median(name, 'second', 'seconds'):6.2f} s, {median(name, 'second', 'bytes') / 1e6:6.3f} MB")
    for name, times in figures["taps"].items():
        print(f"  a tap, {name:<12} median {statistics.median(times):7.1f} ms (n={len(times)})")
    for name, ratio in ratios(figures).items():
        verdict = "met" if ratio <= TARGETS[name] else "MISSED"
        print(f"  {name:<13} {ratio:5.2f}x   target <= {TARGETS[name]}x: {verdict}")


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS))
