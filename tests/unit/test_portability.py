"""Companion on a host without POSIX's calls (Windows; macOS lacks fdatasync), simulated on Linux:
`fcntl` cannot be imported, `os` has no O_DIRECTORY nor fdatasync, opening a folder is refused as
Windows refuses it, and a file the store writes itself must be opened as binary (O_BINARY).
Without fcntl the folder lock is filelock's soft lock, which runs for real here; its Windows lock
is tested in filelock's own CI."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import filelock
import pytest

from companion.core.actions import Action
from companion.core.session_log import DONE, Change, SessionRecord
from companion.store import DataFolderInUse, open_store

FAKE_O_BINARY = 0x40000000  # a bit Linux does not use: stripped before the real os.open

BLOCK_POSIX = f"""
import os, sys
sys.modules["fcntl"] = None  # `import fcntl` raises ImportError, as on Windows
del os.O_DIRECTORY, os.fdatasync
os.O_BINARY = {FAKE_O_BINARY}
real_open = os.open
def windows_open(path, flags, mode=0o777, *, dir_fd=None):
    if os.path.isdir(path) and sys._getframe(1).f_globals["__name__"].startswith("companion."):
        raise PermissionError(13, "Permission denied", str(path))  # Companion's own: not the standard library's
    return real_open(path, flags & ~os.O_BINARY, mode, dir_fd=dir_fd)
os.open = windows_open
"""


def without_posix(monkeypatch, text_mode_refused: list[str]) -> None:
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.delitem(sys.modules, "msvcrt", raising=False)
    monkeypatch.delattr(os, "O_DIRECTORY")
    monkeypatch.delattr(os, "fdatasync")
    monkeypatch.setattr(os, "O_BINARY", FAKE_O_BINARY, raising=False)
    real_open = os.open

    def windows_open(path, flags, mode=0o777, *, dir_fd=None):
        if os.path.isdir(path) and sys._getframe(1).f_globals["__name__"].startswith("companion."):
            raise PermissionError(13, "Permission denied", str(path))  # shutil opens folders its own way there
        writes = flags & (os.O_WRONLY | os.O_RDWR)
        if writes and not flags & FAKE_O_BINARY and sys._getframe(1).f_globals["__name__"].startswith("companion."):
            text_mode_refused.append(str(path))
        return real_open(path, flags & ~FAKE_O_BINARY, mode, dir_fd=dir_fd)

    monkeypatch.setattr(os, "open", windows_open)


@pytest.fixture
def no_posix(monkeypatch):
    refused: list[str] = []
    without_posix(monkeypatch, refused)
    monkeypatch.setattr(filelock, "FileLock", filelock.SoftFileLock)  # what filelock takes without fcntl
    yield refused
    monkeypatch.undo()


def record(session_id: str, label: str) -> SessionRecord:
    return SessionRecord(session_id, "table", "Table dice", {}, (Action("roll", {}, label),), (),
                         "2026-11-21T10:00:00+00:00", "2026-11-21T10:00:00+00:00")


def test_store_starts_records_backs_up_and_restores_without_fcntl(no_posix, data_dir, clock) -> None:
    store = open_store(data_dir, clock)
    try:
        assert store._folder_lock.kind == "SoftFileLock"
        with pytest.raises(DataFolderInUse, match="already using"):  # still one Companion per folder
            open_store(data_dir, clock)
        store.settings.add_player("Ana")
        store.sessions.create(record("aaa111", "roll 1 d6"))
        store.sessions.record_change("aaa111", Change(DONE, Action("roll", {}, "roll 2 d6")),
                                     "2026-11-21T10:01:00+00:00")
        backup = store.backup_now()
        clock.advance(minutes=5)
        store.settings.add_player("Ben")
        store.sessions.create(record("bbb222", "roll 3 d6"))
        store.restore(backup.path)
        assert [p.name for p in store.settings.players()] == ["Ana"]
        assert store.sessions.ids() == ["aaa111"]
        assert [a.label for a in store.sessions.load("aaa111").actions] == ["roll 1 d6", "roll 2 d6"]
    finally:
        store.close()
    store = open_store(data_dir, clock)  # released on close: the next start takes it
    try:
        assert [a.label for a in store.sessions.load("aaa111").actions] == ["roll 1 d6", "roll 2 d6"]
    finally:
        store.close()
    assert no_posix == [], "opened for writing in text mode (Windows would turn \\n into \\r\\n)"


def test_a_lock_left_by_a_companion_that_is_gone_is_taken_over(no_posix, data_dir, clock) -> None:
    """The soft lock of a Companion that ended without releasing it (killed) is taken over; one held by a
    Companion that runs is not."""
    data_dir.mkdir(parents=True)
    hold = (f"import filelock, os, sys; lock = filelock.SoftFileLock({str(data_dir / '.lock')!r}, timeout=0); "
            "lock.acquire(); print('held', flush=True); sys.stdin.readline() if sys.argv[1:] else os._exit(9)")
    gone = subprocess.run([sys.executable, "-c", hold], capture_output=True, text=True)
    assert gone.stdout == "held\n" and gone.returncode == 9 and (data_dir / ".lock").exists()
    open_store(data_dir, clock).close()
    running = subprocess.Popen([sys.executable, "-c", hold, "wait"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    try:
        assert running.stdout.readline() == "held\n"
        with pytest.raises(DataFolderInUse, match="already using"):
            open_store(data_dir, clock)
    finally:
        running.communicate("done\n", timeout=30)


def test_the_folder_lock_here_is_the_systems(data_dir, clock) -> None:
    """On Linux, flock: filelock's UnixFileLock (its Windows lock is tested in filelock's own CI)."""
    store = open_store(data_dir, clock)
    try:
        assert store._folder_lock.kind == "UnixFileLock"
        with pytest.raises(DataFolderInUse, match="already using"):
            open_store(data_dir, clock)
    finally:
        store.close()
    open_store(data_dir, clock).close()


def get_when_up(port: int, within: float = 60) -> bytes:
    deadline = time.monotonic() + within
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                conn.sendall(f"GET / HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                return conn.recv(200)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_the_command_starts_serves_and_stops_without_fcntl(tmp_path: Path) -> None:
    """`companion` itself, in a process where fcntl cannot be imported: it opens the store, serves,
    refuses a second one on the same folder, and stops on Ctrl+C with the lock released."""
    def companion(port: int) -> subprocess.Popen:
        code = BLOCK_POSIX + "from companion.cli import main\nsys.exit(main(sys.argv[1:]))"
        return subprocess.Popen([sys.executable, "-c", code, "--port", str(port), "--data-dir", str(data)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    from tests.browser import free_port

    data = tmp_path / "data"
    port = free_port()
    first = companion(port)
    try:
        line = first.stdout.readline()
        assert line.startswith("Companion is serving at"), line + first.stderr.read()
        assert b"200 OK" in get_when_up(port)
        second = companion(free_port())
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2 and "another Companion is already using the data folder" in err
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=30)
    assert first.returncode == 0
    third = companion(free_port())  # the lock was released: the next start takes the folder
    try:
        line = third.stdout.readline()
        assert line.startswith("Companion is serving at"), line + third.stderr.read()
    finally:
        third.send_signal(signal.SIGINT)
        third.communicate(timeout=30)


def test_a_test_workers_port_is_never_one_chromium_refuses(monkeypatch) -> None:
    import tests.browser as browser

    pid = next(p for p in range(1, 100_000) if p * 7919 % 2_000 == 80)  # gw0's draw starts at port 10,080
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    monkeypatch.setattr(browser.os, "getpid", lambda: pid)
    monkeypatch.setattr(browser, "_PORTS_TAKEN", set())
    assert browser.free_port() == 10_081  # 10,080 is net::ERR_UNSAFE_PORT in Chromium
