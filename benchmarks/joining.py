"""Joining the table: what a phone downloads and how soon it can be used.

A real server serving the table (`python -m companion --lan`, a roster of one) and
headless Chromium at a phone's viewport, its network emulated at 20 Mbit/s down, 5 Mbit/s
up and 20 ms latency, with a profile on disk as a phone's browser has (its cache and the
code it compiled are kept; a private window keeps neither). Two ways in, interleaved: a
phone at the table (the invitation link, on the machine's LAN address) and the serving
machine's own browser (loopback). They differ: loopback is a secure context, where the
browser offers brotli and decodes images itself; the LAN address over plain HTTP gets
gzip and Flutter's heavier engine, with its own image codecs.

A first visit (an empty profile), then a second visit in the same browser (a new tab,
as when a phone opens the app again). For each: the bytes on the wire (bodies as sent,
compressed or not, plus headers), the time until the first screen is there to tap (the
Games screen; on a phone's first visit the question of who plays on it, then answered),
and every request to a host other than the server or answered with an error.

Usage: ../.venv/bin/python joining.py [runs]   (default 3 runs; medians printed)
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from common import ROOT  # noqa: F401  (puts the project on sys.path)

from tests.browser import CHROMIUM, CHROMIUM_ARGS, TEST_CACHE, AppPage, Server, free_port, seed_roster

PHONE_VIEWPORT = {"width": 360, "height": 740}
SMOKE = {"runs": 1, "late_seconds": 0.2, "ways": ("phone",)}  # the way with the table's key

DOWN_BITS, UP_BITS, LATENCY_MS = 20e6, 5e6, 20
PLAYER = "Ana"  # in the roster: a phone's first visit asks who plays on it
WHO_ASKS = "Who is playing on this phone?"
VERBOSE = bool(os.environ.get("VERBOSE"))


class Visit:
    """One page load, watched through the DevTools protocol."""

    def __init__(self, context, url: str) -> None:
        self.page = context.new_page()
        self.cdp = context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS,
            "downloadThroughput": DOWN_BITS / 8, "uploadThroughput": UP_BITS / 8})
        self.bytes = 0
        self.urls: dict[str, str] = {}
        self.problems: list[str] = []
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.on("Network.responseReceived", self._response)
        self.url = url

    def _sent(self, event) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def _finished(self, event) -> None:
        self.bytes += event["encodedDataLength"]

    def _failed(self, event) -> None:
        url = self.urls.get(event["requestId"], "?")
        if not url.startswith("ws"):
            self.problems.append(f"failed: {url} ({event.get('errorText')})")

    def _response(self, event) -> None:
        if event["response"]["status"] >= 400:
            self.problems.append(f"{event['response']['status']}: {event['response']['url']}")

    def load(self) -> float:
        """Seconds from asking for the page to its first screen ready for a tap: the Games
        screen, or on a phone's first visit the question of who plays on it (then answered,
        as a player would, so that its next visit opens on the Games screen)."""
        start = time.perf_counter()
        self.page.goto(self.url)
        self.loaded = time.perf_counter() - start
        phone = AppPage(self.page)
        phone.ready()
        self.started = time.perf_counter() - start
        games, who = phone.card("Freshwater Fly"), phone.text(WHO_ASKS)
        phone.see(games.or_(who))
        seconds = time.perf_counter() - start
        if who.count():
            phone.button(PLAYER).click()
            phone.see(phone.button(f"Playing on this phone: {PLAYER}"))
        return seconds

    def elsewhere(self, server_host: str) -> list[str]:
        return sorted({u for u in self.urls.values()
                       if urlsplit(u).scheme in ("http", "https", "ws") and urlsplit(u).hostname != server_host})


def run_once(playwright, url: str, late_seconds: float = 1.0) -> dict:
    with tempfile.TemporaryDirectory(prefix="companion-joining-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport=PHONE_VIEWPORT, device_scale_factor=2, is_mobile=True, has_touch=True)
        figures = {}
        for name in ("first", "second"):
            visit = Visit(context, url)
            seconds = visit.load()
            time.sleep(late_seconds)  # late requests (fonts, pictures) still count
            figures[name] = {"bytes": visit.bytes, "seconds": seconds,
                             "elsewhere": visit.elsewhere(urlsplit(url).hostname), "problems": visit.problems}
            if VERBOSE:
                print(f"{urlsplit(url).hostname} {name}: {visit.bytes} bytes, page loaded {visit.loaded:.2f} s, "
                      f"client started {visit.started:.2f} s, first screen there {seconds:.2f} s")
            visit.page.close()
        context.close()
    return figures


def compressed_copies_made(timeout: float = 120) -> None:
    """Wait until the server has its compressed copies of what a first visit downloads (made once
    per machine, in the background as the server starts): until then it sends them as they are."""
    from companion.web_files import HOT, Compressed, web_dir

    compressed = Compressed(TEST_CACHE / "compressed")  # the folder the Server's process uses
    files = [web_dir() / name for name in HOT if (web_dir() / name).is_file()]
    files = [f for f in files if Compressed.worth_it(f)]
    deadline = time.monotonic() + timeout
    while not all(compressed.copy_of(f, e).exists() for f in files for e in ("gzip", "br")):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server made no compressed copies of the client's files in {timeout:.0f} s")
        time.sleep(0.5)


# The two ways a browser joins: the serving machine's own (loopback: a secure context) and
# a phone at the table (the invitation link on the LAN address, plain HTTP: not one).
WAYS = {"host": "the serving machine, loopback", "phone": "a phone at the table, LAN address"}


def measure(runs: int = 3, late_seconds: float = 1.0, ways: tuple[str, ...] = tuple(WAYS)) -> dict[str, list[dict]]:
    """For each way (of WAYS), each run's visits ("first", "second"): the bytes on the wire, the
    seconds until the first screen can be tapped, the other hosts asked and the failed requests."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="companion-joining-") as tmp:
        data = Path(tmp) / "data"
        seed_roster(data, [PLAYER])
        server = Server(data, free_port(), lan=True)
        server.start()
        try:
            compressed_copies_made()
            urls = {"host": server.host_url(), "phone": server.phone_url()}
            results: dict[str, list[dict]] = {way: [] for way in ways}
            with sync_playwright() as playwright:
                for _ in range(runs):
                    for way in ways:  # interleaved: both see the same load on the machine
                        results[way].append(run_once(playwright, urls[way], late_seconds))
            return results
        finally:
            server.stop()


def report(results: dict[str, list[dict]]) -> None:
    for way, runs in results.items():
        print(f"{way} ({WAYS[way]}):")
        for name, target_mb, target_s in (("first", 5.0, 3.0), ("second", 0.3, 1.0)):
            mb = statistics.median(r[name]["bytes"] for r in runs) / 1e6
            seconds = statistics.median(r[name]["seconds"] for r in runs)
            print(f"  {name} visit: {mb:6.2f} MB on the wire (target <= {target_mb}), "
                  f"usable in {seconds:5.2f} s (target <= {target_s})   (median of {len(runs)})")
            elsewhere = sorted({u for r in runs for u in r[name]["elsewhere"]})
            problems = sorted({p for r in runs for p in r[name]["problems"]})
            print(f"    requests to other hosts: {elsewhere or 'none'}")
            print(f"    failed requests: {problems or 'none'}")


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
