"""A TinyDB storage that never leaves a half-written file behind.

TinyDB's own JSONStorage rewrites the open file in place and truncates afterwards,
so a crash in between leaves a file that no longer parses. This storage writes the
whole document to a temporary file in the same folder, flushes and fsyncs it, and
then atomically replaces the old file: after a crash the file on disk is either the
old version or the new one, never a mixture.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.core.inputs import parse_json


def write_json_atomically(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that a crash leaves the old or the new file."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        if os.path.exists(tmp_name):
            os.unlink(tmp_name)
        raise
    fsync_directory(path.parent)


def fsync_directory(folder: Path) -> None:
    # The rename itself is only durable once the directory entry is on disk.
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_json(path: Path) -> Any:
    """Parse the JSON file at `path` (checked as anything read from outside, see
    core.inputs); an empty file reads as None. InputError when it is not usable."""
    data = path.read_bytes()
    if not data.strip():
        return None
    return parse_json(data, path.name)


class AtomicJSONStorage(Storage):
    """TinyDB storage: atomic replace on write, parsed data kept in memory.

    The process holds the only handle on the file (see `db.Database`), so the data
    last written or read is the data on disk and need not be parsed again. TinyDB
    mutates the dict it read before writing it back; if that write fails, the cache
    is dropped so the next read comes from disk again.
    """

    def __init__(self, path: str | os.PathLike[str], initial: dict[str, Any] | None = None) -> None:
        super().__init__()
        self._path = Path(path)
        self._initial = initial
        self._cache: dict[str, Any] | None = None

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            if not self._path.exists():
                # A new file is only written with its first record, never empty.
                return copy.deepcopy(self._initial)
            self._cache = read_json(self._path)
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        try:
            write_json_atomically(self._path, data)
        except BaseException:
            self._cache = None
            raise
        self._cache = data

    def forget(self) -> None:
        """Read the file again next time (it was replaced behind this storage's back: a restore)."""
        self._cache = None

    def close(self) -> None:
        self._cache = None
