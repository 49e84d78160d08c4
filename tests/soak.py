"""kill -9 at random moments while Companion's store does what a table does.

A worker process (`python -m tests.soak work <folder> <seed>`) rolls dice in a session,
saves plays (and saves again the sheets a kill left open), adds players, takes backups and
restores them, printing a line for each step once it is on disk ("ack"). The parent kills it
with SIGKILL after a random while, opens the folder in a new process as the next start would, and
counts (naming each acknowledged step it does not find):

- unreadable files: a data file, backup or notice file that does not parse;
- lost acknowledged actions: an acknowledged roll, play or player that is not there;
- spurious damage notices: a "could not be read" or "was missing" notice (no file was damaged);
- duplicate plays: two plays of one sheet;
- half restores: a restore that was under way left a mix of the backup and what was there.

A kill's moment is chosen by the worker's progress, not by the clock: after 0 to MOST_STEPS
acknowledged steps, and a random while more (within whatever step is then under way); now and then
while it starts. A loaded machine only makes a kill come later: every kill finds the steps it
waited for (how fast the worker goes is measured by benchmarks/soak_pace.py, never asserted).

`make soak` runs 1,000 kills (`python -m tests.soak run 1000`); tests/unit/test_kill.py a few.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STEPS = ("roll", "play", "player", "restored")  # what the worker says once a step is on disk
MOST_STEPS = 40  # a kill comes after 0 to this many acknowledged steps,
AFTER = 0.3  # and up to this many seconds more (the step under way is killed anywhere in it);
WHILE_STARTING = 0.1  # this share of the kills comes within STARTING seconds of the worker's start,
STARTING = 0.6  # whatever it has done (its interpreter, its store opening, a sheet saved again)
HANG = 120.0  # seconds without a step the worker was to reach: it hangs (a limit, not a measure of pace)


def fingerprint(store) -> list:
    """What a restore brings back, in a comparable form."""
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES

    sessions = SessionManager(store.sessions, GAMES, store.clock)
    return [sorted(p.name for p in store.settings.players()),
            sorted([r.id, len(r.actions)] for r in sessions.open_records()),
            sorted(p.id for p in store.archive.all())]


def bundle_fingerprint(files: dict) -> list:
    players = sorted(d["name"] for d in files["settings.json"].get("players", {}).values())
    sessions = sorted([raw["session"]["1"]["id"], len(raw["session"]["1"]["actions"])]
                      for rel, raw in files.items() if rel.startswith("sessions/"))
    plays = sorted(d["id"] for d in files["archive.json"].get("plays", {}).values())
    return [players, sessions, plays]


def digest(value) -> str:
    """A short, fixed-length stand-in for a fingerprint (a line that grew with the data could be
    torn by a kill in the middle of its write)."""
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def say(*words) -> None:
    print(json.dumps(words), flush=True)


def heard_from(out: str) -> list[list]:
    """What the worker said, a step a line. A kill can cut only the last line short, mid-write:
    that one was never said in full (the step it announces counts as not done), and is left out,
    as a session's journal leaves out a torn last line."""
    lines = out.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines = lines[:-1]
    return [json.loads(line) for line in lines if line.strip()]


class Listener:
    """What a worker says, read as it says it: every line, the last one perhaps cut short by the kill."""

    def __init__(self, stream) -> None:
        self.steps = 0  # acknowledged so far
        self.opened = False  # its store is open
        self._lines: list[str] = []
        self._ended = False
        self._said = threading.Condition()
        self._reader = threading.Thread(target=self._read, args=(stream,), name="soak-listener", daemon=True)
        self._reader.start()

    def _read(self, stream) -> None:
        try:
            for line in stream:
                with self._said:
                    self._lines.append(line)
                    said = heard_from(line)[0][0] if line.endswith("\n") else None
                    self.steps += said in STEPS
                    self.opened = self.opened or said == "open"
                    self._said.notify_all()
        finally:  # whatever it said: the kill waits no longer
            with self._said:
                self._ended = True
                self._said.notify_all()

    def wait_for(self, steps: int, timeout: float) -> bool:
        """Wait until the worker has acknowledged `steps` steps (False: it stopped, or hung, first)."""
        with self._said:
            return self._said.wait_for(lambda: self.steps >= steps or self._ended, timeout) and self.steps >= steps

    def wait_open(self, timeout: float) -> bool:
        """Wait until the worker's store is open (False: it stopped, or hung, first)."""
        with self._said:
            return self._said.wait_for(lambda: self.opened or self._ended, timeout) and self.opened

    def everything(self) -> str:
        """All it said (once it is gone)."""
        self._reader.join()
        return "".join(self._lines)


def work(folder: Path, seed: int) -> None:
    """Do what a table does, forever, saying each step once it is on disk."""
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.games.dice_roller import GAME as TABLE
    from companion.games.dice_roller import roll
    from companion.games.freshwater_fly import score_sheet as sheet
    from companion.games.freshwater_fly.entry import FishColor, Species
    from companion.store import backups, open_store

    rng = random.Random(seed)
    store = open_store(folder)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    say("open")
    for record in sessions.open_records(sheet.GAME):  # a sheet a kill left open: saved again
        state = sessions.get(record.id).state
        store.archive.add(sheet.to_play(state, record.id, "2026-11-21T10:00:00+00:00"))
        sessions.finish(record.id)
        say("play", record.id)
    n = 0
    while True:
        n += 1
        step = rng.choices(["roll", "play", "player", "backup", "restore"], [60, 12, 10, 10, 8])[0]
        if step == "roll":
            table = sessions.latest(TABLE) or sessions.create(TABLE)
            table.perform(roll(table.state.dice, rng))
            say("roll", table.id, len(table.record.actions))
        elif step == "play":
            scores = sessions.create(sheet.GAME, {"players": ["Ana", "Ben"]})
            scores.perform(sheet.add_fish(scores.state, 0, Species.COHO, FishColor.GOLD, rng.randint(1, 9)))
            store.archive.add(sheet.to_play(scores.state, scores.id, "2026-11-21T10:00:00+00:00"))
            sessions.finish(scores.id)
            say("play", scores.id)
        elif step == "player":
            roster = store.settings.players()
            if len(roster) >= 10:  # the roster holds twelve: make room
                say("removing", roster[0].name)  # a kill may land before "removed": the player may be gone
                store.settings.remove_player(roster[0].id)
                say("removed", roster[0].name)
            name = f"P{seed}-{n}"
            store.settings.add_player(name)
            say("player", name)
        elif step == "backup":
            say("backup", store.backup_now().name)
            for old in [b for b in store.list_backups() if b.reason != "auto"][6:]:
                old.path.unlink()  # as a player tidying up: the folder stays the size of a real one
        else:
            found = [b for b in store.list_backups() if b.reason == "manual"]
            if not found:
                continue
            chosen = rng.choice(found)
            files = backups.read_backup(chosen.path, store.schema_for)
            say("restoring", digest(fingerprint(store)), digest(bundle_fingerprint(files)))
            store.restore(chosen.path, check_session=sessions.check)
            sessions.forget_all()
            say("restored")


def check(folder: Path, heard: list[list]) -> dict[str, int]:
    """Open the folder as the next start would and count what went wrong."""
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.store import open_store
    from companion.store.journal import read_journal
    from companion.store.sessions import session_ids
    from companion.store.storage import read_json

    found = {"unreadable files": 0, "lost acknowledged actions": 0, "spurious damage notices": 0,
             "duplicate plays": 0, "half restores": 0, "kills during a restore": 0}
    newest_backups = sorted((folder / "backups").glob("*.json"), key=lambda p: p.stat().st_mtime)[-10:]
    for path in [*folder.glob("*.json"), *(folder / "sessions").glob("*/*.json"), *newest_backups]:
        try:
            read_json(path)
        except Exception as e:  # noqa: BLE001 - counted, whatever it is
            found["unreadable files"] += 1
            print(f"unreadable: {path.relative_to(folder)}: {e!r}", flush=True)
    for name in session_ids(folder / "sessions") if (folder / "sessions").exists() else []:
        try:  # a last line a kill cut short is no damage: it was never acknowledged
            read_journal(folder / "sessions" / name, repair=False)
        except Exception as e:  # noqa: BLE001 - counted, whatever it is
            found["unreadable files"] += 1
            print(f"unreadable: sessions/{name}: {e!r}", flush=True)
    store = open_store(folder)
    try:
        found["spurious damage notices"] += sum(1 for n in store.notices
                                                if "could not be read" in n or "was missing" in n)
        for notice in store.notices:
            store.dismiss_notice(notice)
        now = fingerprint(store)
        plays = [p.id for p in store.archive.all()]
        found["duplicate plays"] += len(plays) - len(set(plays))
        last_restore = max((i for i, h in enumerate(heard) if h[0] in ("restoring", "restored")), default=-1)
        if last_restore >= 0 and heard[last_restore][0] == "restoring":
            found["kills during a restore"] += 1
            before, backup = heard[last_restore][1], heard[last_restore][2]
            if digest(now) not in (before, backup):
                found["half restores"] += 1
            return found
        sessions = SessionManager(store.sessions, GAMES, store.clock)
        players = {p.name for p in store.settings.players()}
        for said in heard[last_restore + 1:]:
            lost_before = found["lost acknowledged actions"]
            if said[0] == "roll":
                try:
                    kept = len(sessions.get(said[1]).record.actions)
                except Exception as e:  # noqa: BLE001 - a session that is gone lost its rolls
                    print(f"the session {said[1]} does not open: {e!r}", flush=True)
                    kept = 0
                found["lost acknowledged actions"] += kept < said[2]
            elif said[0] == "play":
                found["lost acknowledged actions"] += said[1] not in plays
            elif said[0] == "player":
                found["lost acknowledged actions"] += said[1] not in players and not any(
                    h in (["removing", said[1]], ["removed", said[1]]) for h in heard)
            elif said[0] == "removed":
                found["lost acknowledged actions"] += said[1] in players
            if found["lost acknowledged actions"] > lost_before:  # named, for whoever reads a failure
                print(f"lost: {said} (heard: {heard})", flush=True)
    finally:
        store.close()
    return found


def check_afresh(folder: Path, heard: list[list]) -> dict[str, int]:
    """`check` in a new process, as the next start is: nothing this process holds (another test's
    handles, caches or patches) can colour what it finds. What it prints is passed on."""
    checker = subprocess.run([sys.executable, "-m", "tests.soak", "check", str(folder)], input=json.dumps(heard),
                             cwd=ROOT, capture_output=True, text=True)
    if checker.returncode != 0:
        raise AssertionError(f"the check failed ({checker.returncode}):\n{checker.stderr}")
    *said, found = checker.stdout.splitlines()
    for line in said:
        print(line, flush=True)
    return json.loads(found)


def run(kills: int, seed: int = 1, quiet: bool = False) -> dict[str, int]:
    """Kill the worker `kills` times at random moments, checking the folder after each."""
    rng = random.Random(seed)
    totals = {"kills": 0, "unreadable files": 0, "lost acknowledged actions": 0, "spurious damage notices": 0,
              "duplicate plays": 0, "half restores": 0, "kills during a restore": 0, "acknowledged steps": 0,
              "steps awaited": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(kills):
            folder = Path(tmp) / f"data-{k // 100}"  # a new folder every 100 kills: it grows as a real one does
            awaited = 0 if rng.random() < WHILE_STARTING else rng.randint(0, MOST_STEPS)
            with open(Path(tmp) / "stderr", "w+") as err:
                worker = subprocess.Popen([sys.executable, "-m", "tests.soak", "work", str(folder),
                                           str(rng.randrange(10**9))],
                                          cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
                listener = Listener(worker.stdout)
                if awaited == 0:
                    time.sleep(rng.uniform(0, STARTING))
                    reached = True
                else:
                    reached = listener.wait_for(awaited, HANG)
                    time.sleep(rng.uniform(0, AFTER))
                os.kill(worker.pid, signal.SIGKILL)
                worker.wait()
                out = listener.everything()
                worker.stdout.close()
                err.seek(0)
                if worker.returncode != -signal.SIGKILL:
                    raise AssertionError(f"the worker stopped by itself ({worker.returncode}):\n{err.read()}")
                if not reached:
                    raise AssertionError(f"the worker acknowledged {listener.steps} of {awaited} steps in {HANG:.0f} s "
                                         f"(it hangs):\n{out}\n{err.read()}")
            heard = heard_from(out)
            found = check_afresh(folder, heard)
            totals["kills"] += 1
            totals["acknowledged steps"] += sum(1 for h in heard if h[0] in STEPS)
            totals["steps awaited"] += awaited
            for key, n in found.items():
                totals[key] += n
            if not quiet and (k + 1) % 50 == 0:
                print(f"{k + 1} kills: {totals}", flush=True)
    return totals


if __name__ == "__main__":
    if sys.argv[1] == "work":
        work(Path(sys.argv[2]), int(sys.argv[3]))
    elif sys.argv[1] == "check":
        print(json.dumps(check(Path(sys.argv[2]), json.loads(sys.stdin.read()))), flush=True)
    else:
        figures = run(int(sys.argv[2]) if len(sys.argv) > 2 else 1000)
        print(json.dumps(figures, indent=1))
