"""A worker that rolls dice in one session until it is killed in the middle of a write.

`python -m tests.killed_while_writing <folder> <where> <nth>` rolls, printing "ack <n>" once
roll n is on disk, and stops for good (printing "cut") in the middle of its `nth` write of:

- segment: a journal line, half of it written;
- state: a saved state, written to its temporary file but not yet renamed into place;
- state-renamed: a saved state in place, its folder not yet synced.

The test kills it there (SIGKILL) and opens the folder as the next start would.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

SNAPSHOT_EVERY = 4
SEGMENT_LINES = 3


def roll(n: int):
    from companion.core.actions import Action

    return Action("dice.roll", {"faces": [1 + n % 6, 1 + n // 6 % 6]}, f"roll {n}")


def stop_here() -> None:
    print("cut", flush=True)
    time.sleep(600)


def cut(where: str, nth: int) -> None:
    from companion.store import journal, storage

    seen = [0]

    def counts() -> bool:
        seen[0] += 1
        return seen[0] == nth

    if where == "segment":
        write = journal.os.write

        def half_written(fd, data):
            if counts():
                write(fd, data[: len(data) // 2])
                stop_here()
            return write(fd, data)

        journal.os.write = half_written
    elif where == "state":
        replace = storage.os.replace

        def not_renamed(source, target):
            if Path(target).name.startswith("state-") and counts():
                stop_here()
            return replace(source, target)

        storage.os.replace = not_renamed
    elif where == "state-renamed":
        sync = storage.fsync_directory

        def not_synced(folder):
            if any(Path(folder).glob("state-*")) and counts():
                stop_here()
            return sync(folder)

        storage.fsync_directory = not_synced


def work(folder: Path, where: str, nth: int) -> None:
    from companion.core import session as session_module
    from companion.core.session_manager import SessionManager
    from companion.games import GAMES
    from companion.store import journal, open_store

    session_module.SNAPSHOT_EVERY = SNAPSHOT_EVERY
    journal.SEGMENT_LINES = SEGMENT_LINES
    store = open_store(folder)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.latest("table") or sessions.create("table")
    n = len(session.record.actions)
    cut(where, nth)
    while True:
        n += 1
        session.perform(roll(n))
        print("ack", n, flush=True)


if __name__ == "__main__":
    work(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
