"""Joining the table: what a phone downloads and how soon it can be used.

A real server serving the table (`python -m companion --lan`, a roster of one) and
headless Chromium at a phone's viewport, its network emulated at 20 Mbit/s down, 5 Mbit/s
up and 20 ms latency, with a profile on disk as a phone's browser has (its cache and the
code it compiled are kept; a private window keeps neither). Two ways in, interleaved: a
phone at the table (the invitation link, from a browser in the phones' own network namespace:
tests/phone_network.py) and the serving machine's own browser (loopback). They differ: loopback
is a secure context, where the browser offers brotli and decodes images itself; a phone's
address over plain HTTP gets
gzip and Flutter's heavier engine, with its own image codecs.

A first visit (an empty profile), then a second visit in the same browser (a new tab,
as when a phone opens the app again). For each: the bytes on the wire (bodies as sent,
compressed or not, plus headers), the time until the first screen is there to tap (the
Games screen; on a phone's first visit the question of who plays on it, then answered), as
the page itself saw it (`MARKS`), and every request to a host other than the server or
answered with an error.

`join_ratio.py` measures the same way beside a one-button Flet app (`Visit`, `visits`), and traces
a visit with `TracedVisit` (a Chromium performance trace and the visit's timeline).

Usage: ../.venv/bin/python joining.py [runs]   (default 3 runs; medians printed)
"""

from __future__ import annotations

import base64
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from common import ROOT  # noqa: F401  (puts the project on sys.path)

from tests import phone_network
from tests.browser import CHROMIUM, CHROMIUM_ARGS, TEST_CACHE, AppPage, Server, free_port, seed_roster
from companion.ui.phone import DEVICE

PHONE_VIEWPORT = {"width": 360, "height": 740}
SMOKE = {"runs": 1, "late_seconds": 0.2, "ways": ("phone",)}  # the way with the table's key

DOWN_BITS, UP_BITS, LATENCY_MS = 20e6, 5e6, 20
PLAYER = "Ana"  # in the roster: a phone's first visit asks who plays on it
WHO_ASKS = "Who is playing on this phone?"
VERBOSE = bool(os.environ.get("VERBOSE"))


# The moments only the page knows (performance.now(): ms from its navigation's start), set by a script
# that runs before the page's own: Flutter's first frame; the accessibility tree, turned on by the page
# itself at that frame (as a screen reader would; both apps open their websocket after it, so a
# screen's node comes with the frame that builds it); the websocket asked for, opened, its first
# message each way; "node", the moment a node named by `pattern` (a JavaScript regular expression) is
# first in the tree; and "screen", the moment a frame with it drawn is handed to the page's canvas
# (Flutter's engine shows each frame so, as a bitmap): the first frame since the node's whose pixels
# where the node is are not one flat colour (or one shown earlier in the node's own frame). From then
# on a player sees the screen and a finger can tap it. Not the node's moment: a screen's first frame
# is shown 50-250 ms after its node is in the tree (the one-button app 50 ms; Companion's Games screen
# 100 ms, its Dice screen 200 ms), and on a cross-origin isolated page (Flet's own server makes the
# loopback page one; Companion's is not) the engine draws on a worker: 200 ms for one button.
# Read in the page, not by Playwright's waits: those look again after 20, 50, 100, 100 and then every
# 500 ms, so a screen drawn 300 ms into a wait was seen up to half a second late.
MARKS = """(function (pattern) {
  var marks = window.__joinMarks = {}, named = new RegExp(pattern), frame = 0, nodeFrame = null, firstShown = null;
  function mark(name, at) { if (!(name in marks)) marks[name] = at === undefined ? performance.now() : at; }
  function on() {
    var p = document.querySelector('flt-semantics-placeholder');
    if (p && marks.frame && !marks.semantics) { mark('semantics'); p.click(); }
  }
  addEventListener('flutter-first-frame', function () { mark('frame'); on(); });
  var later = window.requestAnimationFrame;
  window.requestAnimationFrame = function (callback) {
    return later.call(window, function (at) { frame = at; return callback(at); });
  };
  function hit(e) { return named.test((e.getAttribute('aria-label') || e.textContent || '').trim()); }
  function drawn(bitmap) {  // the node's place on the frame: not one flat colour
    var nodes = [].filter.call(document.querySelectorAll('flt-semantics'), hit), node = nodes[nodes.length - 1];
    if (!node) return false;  // the innermost: an outer node's words are its children's too
    var r = node.getBoundingClientRect(), d = devicePixelRatio, copy = document.createElement('canvas');
    copy.width = Math.max(1, Math.round(r.width * d));
    copy.height = Math.max(1, Math.round(r.height * d));
    var g = copy.getContext('2d');
    g.drawImage(bitmap, r.left * d, r.top * d, copy.width, copy.height, 0, 0, copy.width, copy.height);
    var px = g.getImageData(0, 0, copy.width, copy.height).data;
    for (var i = 4; i < px.length; i += 4) {
      if (Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]) > 30) return true;
    }
    return false;
  }
  var Bitmaps = window.ImageBitmapRenderingContext, show = Bitmaps.prototype.transferFromImageBitmap;
  Bitmaps.prototype.transferFromImageBitmap = function (bitmap) {
    var there = nodeFrame !== null && !('screen' in marks) && bitmap && drawn(bitmap);
    var done = show.call(this, bitmap);
    if (!firstShown || firstShown[0] !== frame) firstShown = [frame, performance.now()];  // this frame's first
    if (there) mark('screen');
    return done;
  };
  new MutationObserver(function () {
    on();
    if (nodeFrame !== null || ![].some.call(document.querySelectorAll('flt-semantics'), hit)) return;
    mark('node');
    nodeFrame = frame;
    if (firstShown && firstShown[0] === frame) mark('screen', firstShown[1]);  // shown already, in this frame
  }).observe(document, {childList: true, subtree: true, characterData: true});
  var Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      mark('websocket asked for');
      super(url, protocols);
      this.addEventListener('open', function () { mark('websocket opened'); });
      this.addEventListener('message', function () { mark('first message from the server'); });
      var send = this.send.bind(this);
      this.send = function (data) { mark('first message to the server'); return send(data); };
    }
  };
})(%s);"""
# What the page knows of its visit: its time origin (ms since the epoch), its MARKS and its paints.
FACTS = """() => ({origin: performance.timeOrigin, marks: window.__joinMarks || {},
                  paints: performance.getEntriesByType('paint').map(p => [p.name, p.startTime])})"""
# Companion's first screen: the Games screen, or on a phone's first visit the question of who plays on it.
FIRST_SCREEN = r"^(Freshwater Fly\b|Who is playing on this phone\?)"


class Visit:
    """One page load, watched through the DevTools protocol and by the page itself (MARKS), until a
    node named by `pattern` is on its screen."""

    def __init__(self, context, url: str, pattern: str = FIRST_SCREEN) -> None:
        self.page = context.new_page()
        self.page.add_init_script(MARKS % json.dumps(pattern))
        self.cdp = context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS,
            "downloadThroughput": DOWN_BITS / 8, "uploadThroughput": UP_BITS / 8})
        self.bytes = 0
        self.urls: dict[str, str] = {}
        self.problems: list[str] = []
        self.requests: dict[str, dict] = {}  # each one's times in the browser's clock (s), for `timeline`
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", self._failed)
        self.cdp.on("Network.responseReceived", self._response)
        self.url = url

    def _sent(self, event) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]
        self.requests[event["requestId"]] = {"url": event["request"]["url"], "sent": event["timestamp"]}

    def _finished(self, event) -> None:
        if urlsplit(self.urls.get(event["requestId"], "")).scheme in ("blob", "data"):
            return  # made in the page itself (Flutter's pictures, decoded): nothing on the wire
        self.bytes += event["encodedDataLength"]
        if event["requestId"] in self.requests:
            self.requests[event["requestId"]].update(finished=event["timestamp"], bytes=event["encodedDataLength"])

    def _failed(self, event) -> None:
        url = self.urls.get(event["requestId"], "?")
        if not url.startswith("ws"):
            self.problems.append(f"failed: {url} ({event.get('errorText')})")

    def _response(self, event) -> None:
        if event["response"]["status"] >= 400:
            self.problems.append(f"{event['response']['status']}: {event['response']['url']}")
        if event["requestId"] in self.requests:
            timing = event["response"].get("timing")  # when its headers came in, not when the browser said so
            self.requests[event["requestId"]].update(
                first_byte=timing["requestTime"] + timing["receiveHeadersEnd"] / 1000 if timing else event["timestamp"],
                cached=bool(event["response"].get("fromDiskCache")))

    def screen(self, timeout: float = 60) -> dict:
        """Wait until the page's screen is there (its MARKS' "screen"); the page's FACTS (its time origin:
        the clock of the server's own log)."""
        self.page.wait_for_function("() => window.__joinMarks && window.__joinMarks.screen !== undefined",
                                    timeout=timeout * 1000)
        return self.page.evaluate(FACTS)

    def load(self) -> float:
        """Seconds from the page's navigation to its screen ready for a tap (a phone's first visit to
        Companion is asked who plays on it, then answered as a player would, so that its next visit opens
        on Games)."""
        self.page.goto(self.url)
        marks = self.screen()["marks"]
        self.started = marks.get("frame", 0) / 1000
        phone = AppPage(self.page)
        who = phone.text(WHO_ASKS)
        if who.count():
            phone.button(PLAYER).click()
            phone.see(phone.button(f"Playing on this phone: {PLAYER}"))
        return marks["screen"] / 1000

    def elsewhere(self, server_host: str) -> list[str]:
        return sorted({u for u in self.urls.values()
                       if urlsplit(u).scheme in ("http", "https", "ws") and urlsplit(u).hostname != server_host})


# Every new profile is the same phone with its cache cleared: it keeps its token (phone.DEVICE), so
# each first visit may say the benchmark's player plays on it (a player is on one phone at a time).
SAME_PHONE = """try {
  if (localStorage.getItem('flutter.%s') === null) localStorage.setItem('flutter.%s', '"%s"');
} catch (e) {}""" % (DEVICE, DEVICE, "joining-benchmark-phone-token")


@contextmanager
def phone_browser(playwright, url: str) -> Iterator:
    """A phone's browser for `url`: headless Chromium at a phone's viewport, with a new profile on disk;
    inside the phones' own network when `url` is a phone's link (tests/phone_network.py)."""
    at_the_table = urlsplit(url).hostname == phone_network.SERVER_ADDRESS
    program = phone_network.chromium_in_namespace(CHROMIUM) if at_the_table else CHROMIUM
    with tempfile.TemporaryDirectory(prefix="companion-joining-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=program, headless=True, args=CHROMIUM_ARGS,
            viewport=PHONE_VIEWPORT, device_scale_factor=2, is_mobile=True, has_touch=True)
        context.add_init_script(SAME_PHONE)
        try:
            yield context
        finally:
            context.close()


def visits(context, url: str, late_seconds: float = 1.0, pattern: str = FIRST_SCREEN) -> dict:
    """A first visit and a second (a new tab of the same browser), each until a node named by `pattern`
    is on the screen: each one's figures."""
    figures = {}
    for name in ("first", "second"):
        visit = Visit(context, url, pattern)
        seconds = visit.load()
        time.sleep(late_seconds)  # late requests (fonts, pictures) still count
        figures[name] = {"bytes": visit.bytes, "seconds": seconds,
                         "elsewhere": visit.elsewhere(urlsplit(url).hostname), "problems": visit.problems}
        if VERBOSE:
            print(f"{urlsplit(url).hostname} {name}: {visit.bytes} bytes, Flutter's first frame {visit.started:.2f} s, "
                  f"first screen there {seconds:.2f} s")
        visit.page.close()
    return figures


def run_once(playwright, url: str, late_seconds: float = 1.0) -> dict:
    with phone_browser(playwright, url) as context:
        return visits(context, url, late_seconds)


def compressed_copies_made(timeout: float = 120) -> None:
    """Wait until the server has its compressed copies of what a first visit downloads (made once
    per machine, in the background as the server starts): until then it sends them as they are."""
    from companion.laptop.web_files import HOT, Compressed, web_dir

    compressed = Compressed(TEST_CACHE / "compressed")  # the folder the Server's process uses
    files = [web_dir() / name for name in HOT if (web_dir() / name).is_file()]
    files = [f for f in files if Compressed.worth_it(f)]
    deadline = time.monotonic() + timeout
    while not all(compressed.copy_of(f, e).exists() for f in files for e in ("gzip", "br")):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server made no compressed copies of the client's files in {timeout:.0f} s")
        time.sleep(0.5)


# A visit traced (join_ratio.py --trace): a Chromium performance trace, and the visit's timeline.
TRACE_CATEGORIES = ["-*", "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
                    "disabled-by-default-devtools.timeline.frame", "blink.user_timing", "loading", "v8.execute"]
WRAPPERS = {"ThreadControllerImpl::RunTask", "RunTask", "ThreadPool_RunTask"}  # a task's own time: "other work"


class TracedVisit(Visit):
    """A visit with a Chromium performance trace (the DevTools protocol's Tracing domain) and the
    moments of its timeline: each request, the paints, and the page's own (MARKS: Flutter's first frame,
    the websocket, the screen). The websocket's moments are the page's: the DevTools protocol reports
    them when the page's thread is free again, up to 300 ms late while Flutter is busy."""

    def __init__(self, context, url: str, pattern: str = FIRST_SCREEN) -> None:
        super().__init__(context, url, pattern)
        self.complete: list[dict] = []
        self.cdp.on("Tracing.tracingComplete", lambda e: self.complete.append(e))
        self.cdp.send("Tracing.start", {"transferMode": "ReturnAsStream", "traceConfig": {
            "includedCategories": TRACE_CATEGORIES, "recordMode": "recordAsMuchAsPossible"}})

    def trace(self, path: Path) -> dict:
        """Stop the trace, write it to `path` (Chrome's JSON: chrome://tracing, ui.perfetto.dev, DevTools)
        and return the visit's timeline (see `timeline`)."""
        self.page.wait_for_timeout(300)  # the frames after the screen's
        facts = self.page.evaluate(FACTS)
        self.cdp.send("Tracing.end")
        while not self.complete:
            self.page.wait_for_timeout(50)
        handle = self.complete[0]["stream"]
        with open(path, "wb") as out:
            while True:
                chunk = self.cdp.send("IO.read", {"handle": handle, "size": 1 << 20})
                out.write(base64.b64decode(chunk["data"]) if chunk.get("base64Encoded") else chunk["data"].encode())
                if chunk.get("eof"):
                    break
        self.cdp.send("IO.close", {"handle": handle})
        return timeline(json.loads(path.read_bytes())["traceEvents"], self, facts)


def timeline(events: list[dict], visit: TracedVisit, facts: dict) -> dict:
    """The visit's moments in ms from its navigation's start, that start's time since the epoch (the
    clock of the server's own timestamps), and where each 100 ms went in the page's process."""
    host = urlsplit(visit.url).hostname
    starts = [e for e in events if e["name"] == "navigationStart"
              and urlsplit(e["args"]["data"].get("documentLoaderURL") or "x:").hostname == host]
    if not starts:
        raise RuntimeError(f"no navigation to {host} in the trace")
    start = starts[-1]

    def ms(seconds: float) -> float:  # the DevTools protocol's clock and the trace's are the same
        return seconds * 1000 - start["ts"] / 1000

    requests = sorted(visit.requests.values(), key=lambda r: r["sent"])
    moments = [(0.0, "navigation start"), (ms(requests[0]["first_byte"]), "the HTML's first byte")]
    for r in requests:
        if "finished" in r:
            size = "from the cache" if r.get("cached") else f"{r['bytes'] / 1e3:.1f} kB"
            moments.append((ms(r["finished"]), f"{file_name(r['url'])} finished "
                                               f"(asked at {ms(r['sent']):.0f} ms, {size})"))
    moments += [(at, name.replace("-", " ")) for name, at in facts["paints"]]
    marks = {"frame": "Flutter's first frame (its loading screen removed)",
             "semantics": "Flutter's accessibility tree turned on",
             "node": "the first screen's button in the accessibility tree",
             "screen": "the frame with the first screen shown (its button drawn, handed to the page's canvas)"}
    moments += [(at, marks.get(name, name)) for name, at in facts["marks"].items()]
    moments.sort()
    end = facts["marks"].get("screen", moments[-1][0]) + 100
    return {"epoch_ms": facts["origin"], "moments": moments, "buckets": buckets(events, start["pid"], start["ts"], end)}


def file_name(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme == "data":
        return "a data: address"
    return parts.path if parts.path != "/" else "the page"


def self_times(events: list[dict]) -> list[tuple[str, float, float]]:
    """One thread's complete events cut into (name, from, to): the time each spent outside its children."""
    pieces, stack = [], []  # stack: [name, end, where its own time resumes]
    for e in sorted(events, key=lambda e: (e["ts"], -e.get("dur", 0))):
        t = e["ts"]
        while stack and stack[-1][1] <= t:
            name, end, since = stack.pop()
            pieces.append((name, since, end))
            if stack:
                stack[-1][2] = end
        if stack:
            pieces.append((stack[-1][0], stack[-1][2], t))
        stack.append([e["name"], min(t + e.get("dur", 0), stack[-1][1]) if stack else t + e.get("dur", 0), t])
    while stack:
        name, end, since = stack.pop()
        pieces.append((name, since, end))
        if stack:
            stack[-1][2] = end
    return [p for p in pieces if p[2] > p[1]]


def buckets(events: list[dict], pid: int, start_us: float, end_ms: float) -> list[dict]:
    """For each 100 ms: the page's main thread's busy ms and what kept it busy; the page's other threads'."""
    main = {e["tid"] for e in events if e.get("ph") == "M" and e["pid"] == pid and e["name"] == "thread_name"
            and e["args"]["name"] == "CrRendererMain"}
    threads: dict[int, list[dict]] = {}
    for e in events:
        if e.get("ph") == "X" and e["pid"] == pid:
            threads.setdefault(e["tid"], []).append(e)
    rows = [{"from": n * 100, "main": {}, "other": 0.0} for n in range(int(end_ms // 100) + 1)]
    for tid, on_thread in threads.items():
        for name, t0, t1 in self_times(on_thread):
            a, b = (t0 - start_us) / 1000, (t1 - start_us) / 1000
            for n in range(max(0, int(a // 100)), min(len(rows) - 1, int(b // 100)) + 1):
                spent = min(b, n * 100 + 100) - max(a, n * 100)
                if spent <= 0:
                    continue
                if tid in main:
                    what = "other work" if name in WRAPPERS else name
                    rows[n]["main"][what] = rows[n]["main"].get(what, 0) + spent
                else:
                    rows[n]["other"] += spent
    return rows


def print_timeline(name: str, line: dict) -> None:
    clock = time.strftime("%H:%M:%S", time.localtime(line["epoch_ms"] / 1000)) + f".{int(line['epoch_ms'] % 1000):03d}"
    print(f"\n  trace of {name}: {line['file']} (chrome://tracing, ui.perfetto.dev or DevTools' Performance panel)")
    print(f"  navigation start at {clock} (epoch {line['epoch_ms']:.1f} ms: the clock of the server's own log)")
    for at, what in line["moments"]:
        print(f"    {at:7.0f} ms  {what}")
    print("  by 100 ms: the page's main thread (busy ms: its three biggest), its other threads, what happened")
    for row in line["buckets"]:
        top = sorted(row["main"].items(), key=lambda kv: -kv[1])[:3]
        happened = [what.split(" (")[0].rsplit("/", 1)[-1] for at, what in line["moments"]  # a file by its name
                    if row["from"] <= at < row["from"] + 100]
        happened = happened[:3] + [f"{len(happened) - 3} more"] if len(happened) > 4 else happened
        print(f"    {row['from']:5.0f}-{row['from'] + 100:<5.0f} main {sum(row['main'].values()):3.0f} ms"
              f" ({', '.join(f'{k} {v:.0f}' for k, v in top) or 'idle'}); other threads {row['other']:3.0f} ms"
              + (f"; {'; '.join(happened)}" if happened else ""))


def traced_visit(playwright, url: str, name: str, pattern: str = FIRST_SCREEN) -> dict:
    """A second visit traced (a first visit in a new profile, then a new tab), until a node named by
    `pattern` is on the screen: its trace written to /tmp/join-trace-<name>.json, its timeline to
    /tmp/join-trace-<name>-timeline.json; returns the timeline (`print_timeline` prints it)."""
    path = Path(tempfile.gettempdir()) / f"join-trace-{name}.json"
    with phone_browser(playwright, url) as context:
        first = Visit(context, url, pattern)
        first.load()
        first.page.close()
        visit = TracedVisit(context, url, pattern)
        visit.load()
        line = visit.trace(path)
        visit.page.close()
    line["file"] = str(path)
    path.with_name(f"join-trace-{name}-timeline.json").write_text(json.dumps(line, indent=1))
    return line


# The two ways a browser joins: the serving machine's own (loopback: a secure context) and
# a phone at the table (the invitation link, from the phones' own network, plain HTTP: not one).
WAYS = {"host": "the serving machine, loopback", "phone": "a phone at the table, its own network"}


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
