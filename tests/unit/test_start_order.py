"""What a starting server does first: the phones' first screens, then (HISTORY_AFTER seconds after it
listens) History. Importing History's charts takes half a second of the processor: done as the server
listened, every phone coming back after a restart waited for it (a reconnect 0.2 s slower)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

from companion.laptop.serve import HISTORY_AFTER, once_listening
from tests.browser import Server, free_port, seed_roster


def steps(log: str) -> dict[str, float]:
    """The server's TRACE lines (companion/join_trace.py): each step's first moment."""
    found: dict[str, float] = {}
    for line in log.splitlines():
        if line.startswith("TRACE "):
            _, seconds, step = line.split(" ", 2)
            found.setdefault(step, float(seconds))
    return found


def test_history_is_made_ready_after_the_server_listens_and_the_first_screens(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPANION_TRACE", "1")
    data = tmp_path / "data"
    seed_roster(data, ["Ana"])
    server = Server(data, free_port(), lan=True)
    server.start()
    try:
        deadline = time.monotonic() + HISTORY_AFTER + 20
        while "History made ready" not in steps(server.log.read_text(errors="replace")):
            assert time.monotonic() < deadline, f"History was never made ready:\n{server.log.read_text()}"
            time.sleep(0.1)
    finally:
        server.stop()
    found = steps(server.log.read_text(errors="replace"))
    assert found["History made ready"] - found["listening"] >= HISTORY_AFTER, found
    assert found["the first screens drawn ahead"] < found["History made ready"], found


def test_once_listening_waits_for_the_server_and_never_runs_if_it_stops_first() -> None:
    ran: list[str] = []
    up = SimpleNamespace(started=False, should_exit=False)
    once_listening(up, lambda: ran.append("up"), after=0.05)
    time.sleep(0.2)
    assert ran == []  # not listening yet
    up.started = True
    for _ in range(100):
        if ran:
            break
        time.sleep(0.02)
    assert ran == ["up"]

    stopped = SimpleNamespace(started=False, should_exit=False)
    once_listening(stopped, lambda: ran.append("stopped"), name="never")
    stopped.should_exit = True
    for thread in threading.enumerate():
        if thread.name == "never":
            thread.join(timeout=2)
    assert ran == ["up"]
