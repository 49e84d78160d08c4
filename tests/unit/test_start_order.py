"""What a starting server does first: the phones' first screens, then (HISTORY_AFTER seconds after it
listens) History. Importing History's charts takes half a second of the processor: done as the server
listened, every phone coming back after a restart waited for it (a reconnect 0.2 s slower).

The server's trace is written by several threads at once (the event loop says "listening" while the
warm-up thread says "the first screens drawn ahead"): a line torn by two of them once lost "listening"
(companion/join_trace.py now writes each line whole)."""

from __future__ import annotations

import io
import re
import sys
import threading
import time
from types import SimpleNamespace

from companion import join_trace
from companion.laptop.serve import HISTORY_AFTER, once_listening
from tests.browser import Server, free_port, seed_roster

TRACE_LINE = re.compile(r"TRACE (\d+\.\d{4}) (\S.*)")


def torn(log: str) -> list[str]:
    """The lines of the server's output where a TRACE line is not whole: cut, or run into another line."""
    return [line for line in log.splitlines()
            if "TRACE " in line and (not TRACE_LINE.fullmatch(line) or line.count("TRACE ") > 1)]


def steps(log: str) -> dict[str, float]:
    """The server's TRACE lines (companion/join_trace.py): each step's first moment."""
    found: dict[str, float] = {}
    for line in log.splitlines():
        whole = TRACE_LINE.fullmatch(line)
        if whole:
            found.setdefault(whole[2], float(whole[1]))
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
    log = server.log.read_text(errors="replace")
    assert torn(log) == [], f"trace lines torn by two threads:\n{log}"
    found = steps(log)
    assert {"listening", "the first screens drawn ahead", "History made ready"} <= set(found), log
    assert found["History made ready"] - found["listening"] >= HISTORY_AFTER, found
    assert found["the first screens drawn ahead"] < found["History made ready"], found


def test_trace_lines_marked_by_many_threads_at_once_stay_whole(monkeypatch, tmp_path) -> None:
    names = ["listening", "the first screens drawn ahead", "History made ready", "websocket opened"]
    # The server's error output as Python makes it when it is a file: each write goes to the file at once
    # (`print` from several threads tore about one line in 700 here).
    out = io.TextIOWrapper(io.FileIO(tmp_path / "trace.log", "w"), write_through=True)
    monkeypatch.setattr(join_trace, "ON", True)
    monkeypatch.setattr(sys, "stderr", out)
    try:
        threads = [threading.Thread(target=lambda n=name: [join_trace.mark(n) for _ in range(3000)])
                   for name in names]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        monkeypatch.undo()
        out.close()
    log = (tmp_path / "trace.log").read_text()
    assert torn(log) == [] and "" not in log.splitlines(), torn(log)[:5]
    assert len(log.splitlines()) == 3000 * len(names) and sorted(steps(log)) == sorted(names)


def test_a_torn_trace_line_is_found() -> None:
    """What `print` from two threads left once (its text and its newline are two writes): the checks
    above can fail, and "listening" is not found."""
    said = "TRACE 1.0000 listeningTRACE 1.0001 the first screens drawn ahead\n\nTRACE 4.0002 History made ready\n"
    assert torn(said) == ["TRACE 1.0000 listeningTRACE 1.0001 the first screens drawn ahead"]
    assert "listening" not in steps(said) and steps(said)["History made ready"] == 4.0002


def test_once_listening_waits_for_the_server_and_never_runs_if_it_stops_first() -> None:
    ran: list[str] = []
    done = threading.Event()
    up = SimpleNamespace(started=False, should_exit=False)
    once_listening(up, lambda: (ran.append("up"), done.set()), after=0.05)
    time.sleep(0.2)
    assert ran == []  # not listening yet
    up.started = True
    assert done.wait(60), "never ran, though the server listens"  # a hang's limit, however loaded the machine
    assert ran == ["up"]

    stopped = SimpleNamespace(started=False, should_exit=False)
    once_listening(stopped, lambda: ran.append("stopped"), name="never")
    stopped.should_exit = True
    waiting = [thread for thread in threading.enumerate() if thread.name == "never"]
    for thread in waiting:
        thread.join(timeout=60)
    assert waiting == [] or not any(thread.is_alive() for thread in waiting)  # it has seen the stop
    assert ran == ["up"]
