"""Start-up with long unfinished sessions: the store opened and every session checked by its rules
(`app.build_context`), in a fresh process each run, against the start-up before issue 44's check.

One folder per length, holding one dice session of that many rolls (a state saved every 100). Each
is started as it is, and as it is after one start and `NEW` rolls more; from a fresh copy each run,
the kinds taken in turns so every kind faces the same machine load. Timed: from opening the store to
the context built (Python's import not counted), and the check of the sessions alone, once the store
is open (the part the issue changed: a whole start varies by 10-20 % between runs here). Beside them,
the same folders started as before the check (each session opened from its newest saved state:
`check_replays(SessionManager.get, ...)`, still the code of a session opened later). An earlier
revision's own code cannot stand in for it: its rules' source differs, so it trusts none of these
folders' states and replays every log from the first action (as every new Companion does once).
Figures, not a test: the ratios are what is judged.

Usage: ../.venv/bin/python startup_sessions.py [runs]   (default 9)
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import ROOT, summary

LENGTHS = (1_000, 20_000)
RUNS = 9
NEW = 100  # rolls played after the first start: a sitting's worth
SMOKE = {"lengths": (150,), "runs": 1, "new": 5}
TARGET = "later start <= 1.2x before"
PROBE = r'''
import sys, time
from pathlib import Path
from companion.app import build_context
from companion.laptop.hosting import LAPTOP
from companion.store import open_store

folder, how = Path(sys.argv[1]), sys.argv[2]
t0 = time.perf_counter()
store = open_store(folder)
t1 = time.perf_counter()
if how == "newest":  # the start-up before issue 44's check: every session opened from its newest saved state
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES

    sessions = SessionManager(store.sessions, GAMES, store.clock)
    store.check_replays(sessions.get, sessions.check)
    notices = store.notices
else:
    notices = build_context(store, LAPTOP).notices
t2 = time.perf_counter()
store.close()
assert not notices, notices
print((t2 - t0) * 1000, (t2 - t1) * 1000)
'''


def build(folder: Path, length: int, new: int) -> tuple[Path, Path]:
    """Two data folders of one dice session of `length` rolls: as play left it ("first": never started
    by this Companion), and after one start and `new` rolls more ("later"). Each has today's backup."""
    from companion.app import build_context
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.games.dice_roller import GAME, roll
    from companion.laptop.hosting import LAPTOP
    from companion.store import open_store

    rng = random.Random(length)
    first, later = folder / "first", folder / "later"
    store = open_store(first)
    session = SessionManager(store.sessions, GAMES, store.clock).create(GAME)
    for _ in range(length):
        session.perform(roll(session.state.dice, rng))
    store.close()
    open_store(first).close()  # today's automatic backup taken: no start measured takes one
    shutil.copytree(first, later)
    store = open_store(later)
    session = build_context(store, LAPTOP).sessions.get(session.id)
    for _ in range(new):
        session.perform(roll(session.state.dice, rng))
    store.close()
    return first, later


def start(template: Path, how: str, scratch: Path) -> tuple[float, float]:
    """Milliseconds of one start, in a fresh process, on a fresh copy of `template`:
    in all, and of its check of the sessions (after the store was opened: the part issue 44 changed)."""
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(template, scratch)
    out = subprocess.run([sys.executable, "-c", PROBE, str(scratch), how], capture_output=True, text=True,
                         cwd=ROOT)
    if out.returncode != 0:
        raise RuntimeError(f"the start failed:\n{out.stderr}")
    whole, check = out.stdout.strip().splitlines()[-1].split()
    return float(whole), float(check)


def measure(lengths: tuple[int, ...] = LENGTHS, runs: int = RUNS,
            new: int = NEW) -> dict[str, dict[str, dict[int, list[float]]]]:
    """Milliseconds of each kind of start at each length, in all ("start") and of its check of the sessions
    ("check"): "first" and "later" as Companion starts, "newest first" and "newest later" as it started
    before the check."""
    with tempfile.TemporaryDirectory() as tmp:
        kinds = [("first", "checked", 0), ("later", "checked", 1), ("newest first", "newest", 0),
                 ("newest later", "newest", 1)]
        times = {part: {kind: {n: [] for n in lengths} for kind, *_ in kinds} for part in ("start", "check")}
        folders = {n: build(Path(tmp) / f"data-{n}", n, new) for n in lengths}
        for i in range(runs):
            for kind, how, which in kinds if i % 2 == 0 else reversed(kinds):
                for n in lengths:
                    whole, check = start(folders[n][which], how, Path(tmp) / "scratch")
                    times["start"][kind][n].append(whole)
                    times["check"][kind][n].append(check)
    return times


def report(times: dict[str, dict[str, dict[int, list[float]]]]) -> None:
    for n in sorted(times["start"]["first"]):
        for part, what in (("start", "start"), ("check", "its sessions checked")):
            for kind in times[part]:
                print(summary(f"{what}, one session of {n:,}: {kind}", times[part][kind][n]))
            for kind, base in (("first", "newest first"), ("later", "newest later")):
                ratio = statistics.median(times[part][kind][n]) / statistics.median(times[part][base][n])
                label = f"  ratio {kind} / {base} (medians)"
                target = f"              target {TARGET}" if part == "start" and kind == "later" else ""
                print(f"{label:<52} {ratio:7.2f}{target}")


if __name__ == "__main__":
    report(measure(runs=int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
