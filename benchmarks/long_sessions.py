"""Long sessions: one recorded action and one Undo, at log lengths 50 to 20,000.

Through the session API on the table's dice roller (the rules plus the durable write,
without the screen), as the issue measured it. One session per length, built by real
actions; then rounds of "roll, then Undo it", the lengths interleaved so every length
faces the same machine load. Targets: an action at 20,000 / an action at 50 <= 1.3
(medians), and an Undo <= 5 ms at any length. Also shown, for a session opened again
after a restart: reading its log from disk, then its state from the newest saved
state and the actions after it, beside replaying its whole log from the first action
(what every open and every Undo cost before).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from common import summary

LENGTHS = (50, 1_000, 5_000, 20_000)
ROUNDS = 200
OPENS = 5
# Past 100 actions a session has a saved state to open from (core/session.py: SNAPSHOT_EVERY).
SMOKE = {"lengths": (10, 120), "rounds": 3, "opens": 1}


def build(folder: Path, length: int):
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.games.dice_roller import GAME, roll
    from companion.store import open_store

    store = open_store(folder)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(GAME)
    rng = random.Random(length)
    for _ in range(length):
        session.perform(roll(session.state.dice, rng))
    return store, sessions, session


def measure(lengths: tuple[int, ...] = LENGTHS, rounds: int = ROUNDS,
            opens: int = OPENS) -> dict[str, dict[int, list[float]]]:
    """Milliseconds of each kind ("action", "undo", "read", "open", "replay") at each log length."""
    from companion.core.session_log import replay
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.games.dice_roller import roll

    times: dict[str, dict[int, list[float]]] = {k: {n: [] for n in lengths}
                                                 for k in ("action", "undo", "read", "open", "replay")}
    with tempfile.TemporaryDirectory() as tmp:
        built = {n: build(Path(tmp) / f"data-{n}", n) for n in lengths}
        rng = random.Random(1)
        for i in range(rounds):
            for n in lengths if i % 2 == 0 else reversed(lengths):
                _, _, session = built[n]
                action = roll(session.state.dice, rng)
                t0 = time.perf_counter()
                session.perform(action)
                t1 = time.perf_counter()
                session.undo()
                t2 = time.perf_counter()
                times["action"][n].append((t1 - t0) * 1000)
                times["undo"][n].append((t2 - t1) * 1000)
        for _ in range(opens):
            for n in lengths:
                store, _, session = built[n]
                store.sessions.close_all()  # as after a restart: read from disk again
                t0 = time.perf_counter()
                store.sessions.load(session.id)
                t1 = time.perf_counter()
                opened = SessionManager(store.sessions, GAMES, store.clock).get(session.id)
                t2 = time.perf_counter()
                whole = replay(opened.rules, opened.record.setup, opened.record.actions)
                t3 = time.perf_counter()
                assert whole == opened.state == session.state
                times["read"][n].append((t1 - t0) * 1000)
                times["open"][n].append((t2 - t1) * 1000)
                times["replay"][n].append((t3 - t2) * 1000)
        for n, (store, _, session) in built.items():
            assert len(store.sessions.load(session.id).actions) == n  # every round's action was undone
            store.close()
    return times


def report(times: dict[str, dict[int, list[float]]]) -> None:
    lengths = sorted(times["action"])
    for n in lengths:
        print(summary(f"one action, {n:,} in the log", times["action"][n]))
    for n in lengths:
        print(summary(f"one Undo, {n:,} in the log", times["undo"][n], "<= 5 ms"))
    for n in lengths:
        print(summary(f"opened again: its log read, {n:,} in the log", times["read"][n]))
        print(summary("  its state from the newest saved state", times["open"][n]))
        print(summary("  (its state replayed from the first action)", times["replay"][n]))
    ratio = statistics.median(times["action"][lengths[-1]]) / statistics.median(times["action"][lengths[0]])
    label = f"ratio action {lengths[-1]:,} / {lengths[0]:,} (medians)"
    print(f"{label:<52} {ratio:7.2f}              target <= 1.3")
    worst = max(statistics.median(times["undo"][n]) for n in lengths)
    print(f"{'slowest Undo (median at one length)':<52} {worst:7.2f} ms           target <= 5 ms")


if __name__ == "__main__":
    report(measure())
