"""Eight phones at one table for a minute: taps lost, and tap to visible change.

A real `--lan` server and eight players on the Dice tab. Every phone taps "Roll" at
human rates (one tap every 0.5-2 s) and, every ten seconds, all eight tap at the same
instant.

Two of the phones are headless Chromium pages (a browser context each): their taps
are made inside the page (a DOM click on the button's accessibility node, as a screen
reader or a finger does) and a roll counts as visible when it shows on the page. The
other six speak Flet's protocol without a screen (wire_phone.py): eight real browsers
on this 2-core machine would spend the cores drawing each other's screens, where a real
phone draws only its own (`REAL_PHONES=8` runs them all in Chromium, to see that).

A roll is visible when the history line of the roll before it appears (the history
shows every roll but the newest, which is the big tray). Every phone notes when each
line arrives; the recorded actions (in the session file) say whose tap each roll was.
Lost taps = taps made - rolls recorded - refusals shown (there should be none of either).
Target: 0 lost; p95 <= 150 ms.

Usage: [PHONES=8] [REAL_PHONES=2] [SECONDS=60] ../.venv/bin/python table_of_phones.py [--json]
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from common import summary

from tests.browser import AppPage, Server, free_port, launch_chromium, seed_roster

PHONES = int(os.environ.get("PHONES", 8))
REAL_PHONES = int(os.environ.get("REAL_PHONES", 2))
SECONDS = int(os.environ.get("SECONDS", 60))
BURST_EVERY = 10.0
LABEL = "Roll 2 d6"
SMOKE = {"phones": 2, "real_phones": 1, "seconds": 3, "join_seconds": 3, "tail_seconds": 2}

# Runs in each page: taps at the planned moments (ms since the epoch), and notes when
# each history line '#n' first shows and when any message appears.
PLAYER = """([label, moments]) => {
  const host = () => document.querySelector('flt-semantics-host');
  window.bench = {taps: [], seen: {}, messages: []};
  const look = (node, now) => {
    const t = (node.textContent || '').trim();
    if (/^#\d+$/.test(t) && !(t in window.bench.seen)) window.bench.seen[t] = now;
    const m = node.getAttribute && node.getAttribute('role') === 'group' && node.getAttribute('aria-label');
    if (m && !window.bench.messages.includes(m)) window.bench.messages.push(m);
  };
  // Only what changed is looked at: a scan of the whole tree on every change would slow the page down.
  const note = (records) => {
    const now = performance.timeOrigin + performance.now();
    for (const r of records) {
      if (r.type === 'characterData') { look(r.target.parentElement || r.target, now); continue; }
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) { if (n.parentElement) look(n.parentElement, now); continue; }
        look(n, now);
        for (const e of n.querySelectorAll('span, flt-semantics')) look(e, now);
      }
    }
  };
  new MutationObserver(note).observe(host(), {subtree: true, childList: true, characterData: true});
  for (const at of moments) {
    setTimeout(() => {
      const button = [...host().querySelectorAll('flt-semantics[role=button], flt-semantics[role=checkbox]')].find(
        e => e.textContent.trim() === label || e.getAttribute('aria-label') === label);
      window.bench.taps.push(performance.timeOrigin + performance.now());
      if (button) button.click(); else window.bench.messages.push('no button to tap');
    }, at - Date.now());
  }
}"""


def plan(rng: random.Random, start_ms: float, phones: int, seconds: int) -> list[list[float]]:
    """Each phone's tap moments: every 0.5-2 s, plus all together every BURST_EVERY seconds."""
    moments = []
    for _ in range(phones):
        t, mine = start_ms + rng.uniform(0, 1500), []
        while t < start_ms + seconds * 1000:
            mine.append(t)
            t += rng.uniform(500, 2000)
        moments.append(mine)
    bursts = [start_ms + k * BURST_EVERY * 1000 for k in range(1, int(seconds / BURST_EVERY))]
    return [sorted(m + bursts) for m in moments]


def measure(seed: int = 9, phones: int = PHONES, real_phones: int = REAL_PHONES, seconds: int = SECONDS,
            join_seconds: float = 8, tail_seconds: float = 6) -> dict:
    """Taps made, recorded, refused and lost, and the delays (ms) from a tap to its roll on each phone.
    The screenless phones join in the `join_seconds` before the first tap; the last `tail_seconds`
    let the last rolls arrive."""
    import multiprocessing

    from playwright.sync_api import sync_playwright
    from wire_phone import play_all

    names = [f"Player {i + 1}" for i in range(phones)]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        seed_roster(data, names)
        server = Server(data, free_port(), lan=True)
        server.start()
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p, phones=True)  # phones that are not the host
                pages = []
                for name in names[:real_phones]:
                    context = browser.new_context(viewport={"width": 360, "height": 740})
                    page = AppPage(context.new_page()).open(server.phone_url("/dice"))
                    page.button(name).click()
                    page.see(page.button(LABEL))
                    pages.append(page)
                start = time.time() * 1000 + join_seconds * 1000  # the screenless phones join meanwhile
                moments = plan(random.Random(seed), start, phones, seconds)
                until = start + (seconds + tail_seconds) * 1000
                address = server.phone_url().split("/?")[0]
                headers = {"Origin": address, "Cookie": f"companion_table={server.key()['secret']}"}
                out = multiprocessing.get_context("spawn").Queue()
                wire = multiprocessing.get_context("spawn").Process(
                    target=play_all, args=(address, headers, names[real_phones:], moments[real_phones:], until, out))
                wire.start()
                for page, mine in zip(pages, moments):
                    page.page.evaluate(PLAYER, [LABEL, mine])
                time.sleep(max(0.0, (until - time.time() * 1000) / 1000))
                results = [page.page.evaluate("() => window.bench") for page in pages]
                results += [{**r, "messages": ["not recorded"] * r["refused"]} for r in out.get(timeout=60)]
                wire.join(timeout=10)
                browser.close()
        finally:
            server.stop()
        [session] = server.session_files()
    return {"phones": phones, "real_phones": real_phones, "seconds": seconds,
            **analyse(names, results, session["actions"], real_phones)}


def analyse(names: list[str], results: list[dict], actions: list[dict], real_phones: int) -> dict:
    """Taps lost, and the delays from each tap to its roll on the tapping phone and on every other."""
    rolls = [a for a in actions if a["type"] == "dice.roll"]
    taps = sum(len(r["taps"]) for r in results)
    refused = sum(1 for r in results for m in r["messages"] if "not recorded" in m or "no button" in m)
    by_player = {name: [i for i, a in enumerate(rolls) if a["who"] == name] for name in names}
    delays: dict[tuple[bool, bool], list[float]] = {(o, b): [] for o in (True, False) for b in (True, False)}
    for i, (name, result) in enumerate(zip(names, results)):
        for tap_time, roll in zip(result["taps"], by_player[name]):
            # Roll number roll+1 shows once the history line of the roll before it, '#roll', does.
            for j, seen in enumerate(results):
                if roll > 0 and f"#{roll}" in seen["seen"]:
                    delays[(i == j, j < real_phones)].append(seen["seen"][f"#{roll}"] - tap_time)
    return {"taps": taps, "recorded": len(rolls), "refused": refused, "lost": taps - len(rolls) - refused,
            "delays": delays}


def report(figures: dict) -> None:
    print(f"{figures['phones']} phones ({figures['real_phones']} in Chromium), {figures['seconds']} s: "
          f"{figures['taps']} taps, "
          f"{figures['recorded']} recorded, {figures['refused']} refused with a message, "
          f"{figures['lost']} lost (target 0)")
    for (own, real), values in figures["delays"].items():
        if values:
            where = "visible in Chromium" if real else "arrived on a screenless phone"
            print(summary(f"tap to {where}, {'the tapping phone' if own else 'the watching phones'}", values,
                          "p95 <= 150 ms"))


if __name__ == "__main__":
    figures = measure()
    report(figures)
    if "--json" in sys.argv:
        print(json.dumps({k: v for k, v in figures.items() if k != "delays"}))
