"""Atomic storage: after a crash the file on disk is the old or the new version."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tinydb import TinyDB

from companion.store.storage import AtomicJSONStorage, read_json, write_json_atomically


def test_write_then_read_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_json_atomically(path, {"t": {"1": {"name": "Ana"}}})
    assert read_json(path) == {"t": {"1": {"name": "Ana"}}}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # no temporary file left


def test_empty_file_reads_as_nothing(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("")
    assert read_json(path) is None


def test_crash_between_write_and_replace_keeps_old_file(tmp_path: Path) -> None:
    """A real process dies (os._exit) after the temporary file is written, before the rename."""
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.insert({"name": "before"})
    db.close()
    script = textwrap.dedent(f"""
        import os
        from tinydb import TinyDB
        from companion.store.storage import AtomicJSONStorage
        os.replace = lambda *a, **k: os._exit(9)   # the power goes out here
        db = TinyDB({str(path)!r}, storage=AtomicJSONStorage)
        db.insert({{"name": "after"}})
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True)
    assert result.returncode == 9
    assert TinyDB(path, storage=AtomicJSONStorage).all() == [{"name": "before"}]
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "db.json"]
    assert len(leftovers) == 1 and leftovers[0].endswith(".tmp")  # the new content, never renamed


def test_failed_write_leaves_file_and_memory_consistent(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.insert({"n": 1})

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(OSError):
        db.insert({"n": 2})
    monkeypatch.undo()
    # The failed insert is in neither the file nor what the handle reads next.
    assert json.loads(path.read_text())["_default"] == {"1": {"n": 1}}
    assert db.all() == [{"n": 1}]
    assert [p.name for p in tmp_path.iterdir()] == ["db.json"]


def test_unserialisable_data_does_not_touch_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    write_json_atomically(path, {"ok": True})
    with pytest.raises(TypeError):
        write_json_atomically(path, {"bad": object()})
    assert read_json(path) == {"ok": True}
