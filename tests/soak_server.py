"""kill -9 the real server at random moments while two phones in a browser tap.

A `--lan` server (tests/browser.py's Server: `python -m companion --lan`) serves a table of two
players; two headless Chromium phones join with the invitation link as Ana and Ben and open
/dice. Each kill: both phones tap Roll at random intervals (100 to 600 ms), the server's process
group gets SIGKILL after a random while (0.3 to 2.5 s, taps in flight), and it is started again
on the same port and data folder. Every phone keeps a record of every roll it showed (its
number and faces, read from what a screen reader reads: the "#n" rows of Earlier rolls and the
dice of the last roll), and after each restart the session file is compared with it:

- lost shown rolls: a roll a phone showed that is not in the session file (or with other faces);
- phones back by themselves: the page reloaded itself and shows Roll again, as its player,
  with every recorded roll, without a tap;
- phones asked who plays again: it came back to "Who is playing on this phone?" (a tap to
  answer, done here so the soak goes on, and counted);
- phones not back: not usable within a minute (reloaded by hand here, and counted);
- phones not usable: a Roll tapped after the comeback not shown within 15 s;
- server tracebacks: in the server's output (a phone that leaves while the server writes to it is
  not one).

`make soak` runs 30 kills (`python -m tests.soak_server run 30`); tests/e2e/test_soak_server_runs.py 2.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.browser import PHONE_SCREEN, AppPage, Server, free_port, launch_chromium, seed_roster

PLAYERS = ("Ana", "Ben")
ROLL = "Roll 2 d6"
COMEBACK = 60.0  # seconds a phone has to come back by itself

# What a phone showed, kept in the page (from its first script on, on every load): every roll's
# number and faces, read every 25 ms from the accessibility tree: the "#n" rows of Earlier rolls
# (each followed by its "4 · 1 = 5") and the last roll's dice ("Die 1: d6 showing 4"), whose
# number is one more than the newest row's (1 when there is no row yet).
RECORDER = """(() => {
  const shown = window.companionShown = {};
  window.companionTaps = 0;
  const texts = () => [...document.querySelectorAll('flt-semantics')].map(e => e.getAttribute('aria-label')
    || (e.querySelector('flt-semantics') ? '' : e.textContent.trim()));  // a leaf's text
  const read = () => {
    const seen = texts(), dice = [];
    let newest = 0, total = false;
    seen.forEach((text, i) => {
      const row = /^#(\\d+)$/.exec(text), faces = /^([\\d · ]+) = \\d+$/.exec(seen[i + 1] || '');
      if (row && faces) {
        shown[row[1]] = faces[1].split(' · ').join(',');
        newest = Math.max(newest, +row[1]);
      }
      const die = /^Die \\d+: d6 showing (\\d+)$/.exec(text);
      if (die) dice.push(die[1]);
      if (/^Total \\d+$/.test(text)) total = true;
    });
    if (total && dice.length) shown[newest + 1] = dice.join(',');
  };
  setInterval(read, 25);
})();"""
TAPPING = """(label) => {
  const tap = () => {
    const button = [...document.querySelectorAll('flt-semantics[role=button]')]
      .find(e => e.textContent.trim() === label);
    if (button) { button.click(); window.companionTaps++; }
    window.companionTapping = setTimeout(tap, 100 + Math.random() * 500);
  };
  tap();
}"""
STOP = "() => { clearTimeout(window.companionTapping); return window.companionTaps; }"
SHOWN = "() => window.companionShown || {}"


def shown_of(phone: AppPage) -> dict[int, tuple[int, ...]]:
    """Every roll this page showed since it loaded: its number and its faces."""
    return {int(n): tuple(int(f) for f in faces.split(",")) for n, faces in phone.page.evaluate(SHOWN).items()}


def recorded(server: Server) -> list[tuple[int, ...]]:
    """The faces of every roll in the session file, in order."""
    docs = [d for d in server.session_files() if d["game"] == "table"]
    assert len(docs) <= 1, "the phones started two dice sessions instead of sharing one"
    return [tuple(a["data"]["faces"]) for a in docs[0]["actions"] if a["type"] == "dice.roll"] if docs else []


def join(phone: AppPage, server: Server, name: str) -> None:
    """The phone opens the invitation link and says who plays on it (as the table's players do)."""
    from tests.e2e.test_table_of_phones_in_browser import join as join_table

    join_table(phone, server, name, "/dice")


def newest(phone: AppPage) -> int:
    return max(shown_of(phone), default=0)


def wait(check, timeout: float, phone: AppPage) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except Exception:  # noqa: BLE001 - a page between two loads has nothing to read yet
            pass
        phone.page.wait_for_timeout(100)
    return False


def come_back(phone: AppPage, name: str, server: Server, totals: dict) -> float | None:
    """Wait for the phone to reload itself and be usable as `name`; the seconds it took, or None."""
    start = time.monotonic()

    def usable() -> bool:
        if phone.page.evaluate("window.companionBefore === undefined && !document.querySelector('#loading')"):
            if phone.page.locator("flt-semantics").count() == 0:
                phone.page.locator("flt-semantics-placeholder").dispatch_event("click", timeout=1000)
                return False
            return phone.button(f"Playing on this phone: {name}").count() > 0 and phone.button(ROLL).count() > 0
        return False

    asked = phone.text("Who is playing on this phone?")
    if wait(lambda: usable() or asked.count() > 0, COMEBACK, phone) and (usable() or wait(usable, 8, phone)):
        return time.monotonic() - start
    if asked.count():
        totals["phones asked who plays again"] += 1
        print(f"{name}'s phone asks who plays on it again", flush=True)
        phone.tap(phone.button(name))
    else:
        totals["phones not back"] += 1
        print(f"{name}'s phone is not back after {COMEBACK:.0f} s: reloaded by hand", flush=True)
        phone.open(server.phone_url("/dice"))
    if not wait(usable, 30, phone):
        raise AssertionError(f"{name}'s phone is not usable even after a hand's help")
    return None


def check(server: Server, shown: dict[int, tuple[int, ...]], who: str, totals: dict) -> None:
    rolls = recorded(server)
    for number, faces in sorted(shown.items()):
        if number > len(rolls) or rolls[number - 1] != faces:
            totals["lost shown rolls"] += 1
            kept = rolls[number - 1] if number <= len(rolls) else "nothing"
            print(f"lost: {who}'s phone showed roll #{number} {faces}; the file has {kept}", flush=True)


def run(kills: int, seed: int = 1, quiet: bool = False) -> dict:
    """Kill the server `kills` times while two phones tap; what went wrong, counted."""
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    totals = {"kills": 0, "taps": 0, "rolls shown": 0, "rolls recorded": 0, "lost shown rolls": 0,
              "phones back by themselves": 0, "phones asked who plays again": 0, "phones not back": 0,
              "phones back without every roll": 0, "phones not usable": 0}
    comebacks: list[float] = []
    shown_anywhere: set[int] = set()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        seed_roster(Path(tmp) / "data", PLAYERS)
        server = Server(Path(tmp) / "data", free_port(), lan=True)
        server.start()
        browser = launch_chromium(playwright, phones=True)  # phones that are not the host
        try:
            phones = {}
            for name in PLAYERS:
                context = browser.new_context(**PHONE_SCREEN)
                context.add_init_script(RECORDER)
                phones[name] = AppPage(context.new_page())
                join(phones[name], server, name)
            for k in range(kills):
                for name, phone in phones.items():  # usable: a Roll is shown
                    before = newest(phone)
                    phone.tap(phone.button(ROLL))
                    totals["taps"] += 1
                    if not wait(lambda: newest(phone) > before, 15, phone):
                        totals["phones not usable"] += 1
                        print(f"{name}'s Roll was not shown within 15 s", flush=True)
                for phone in phones.values():
                    phone.page.evaluate(TAPPING, ROLL)
                time.sleep(rng.uniform(0.3, 2.5))
                server.kill()
                for phone in phones.values():
                    totals["taps"] += phone.page.evaluate(STOP)
                time.sleep(0.3)  # what arrived before the kill is drawn by now
                shown = {name: shown_of(phone) for name, phone in phones.items()}
                for phone in phones.values():
                    phone.page.evaluate("window.companionBefore = 1")  # gone when the page reloads
                server.start()
                totals["kills"] += 1
                for name in PLAYERS:
                    check(server, shown[name], name, totals)
                    shown_anywhere |= set(shown[name])
                rolls = len(recorded(server))
                for name, phone in phones.items():
                    took = come_back(phone, name, server, totals)
                    if took is None:
                        continue
                    if wait(lambda: newest(phone) == rolls, 10, phone):
                        totals["phones back by themselves"] += 1
                        comebacks.append(took)
                    else:
                        totals["phones back without every roll"] += 1
                        print(f"{name}'s phone came back showing roll #{newest(phone)} of {rolls}", flush=True)
                if not quiet:
                    print(f"{k + 1} kills: {totals}", flush=True)
            totals["rolls shown"] = len(shown_anywhere)
            totals["rolls recorded"] = len(recorded(server))
        finally:
            server.kill()
            browser.close()
        printed = server.log.read_text(errors="replace")
        totals["server tracebacks"] = printed.count("Traceback (most recent call last)")
        shared = [line for line in printed.splitlines() if "share the key" in line]
        if shared:
            raise AssertionError(f"a screen drew siblings under one key: {shared[:3]}")
    if comebacks:
        totals["median comeback s"] = round(statistics.median(comebacks), 1)
        totals["slowest comeback s"] = round(max(comebacks), 1)
    return totals


if __name__ == "__main__":
    figures = run(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
    print(json.dumps(figures, indent=1))
