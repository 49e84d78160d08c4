"""A TinyDB storage that never leaves a half-written file behind.

TinyDB's own JSONStorage rewrites the open file in place and truncates afterwards,
so a crash in between leaves a file that no longer parses. This storage writes the
whole document to a temporary file in the same folder, flushes and fsyncs it, and
then atomically replaces the old file: after a crash the file on disk is either the
old version or the new one, never a mixture.
"""

from __future__ import annotations

import copy
import errno
import json
import logging
import os
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.core.inputs import parse_json
from companion.store.errors import CorruptFileError, DiskFull

log = logging.getLogger(__name__)

SUM = "sum"  # the key of a checksum, always a document's last
_SEAL_START, _SEAL_END = b',"sum":"', b'"}'
_SEAL_LENGTH = len(_SEAL_START) + 8 + len(_SEAL_END)
_HEX = frozenset(b"0123456789abcdef")


def compact(doc: Any) -> bytes:
    """`doc` as the data folder's files hold JSON: compact, UTF-8 (as `write_json_atomically` writes it)."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _checksum(body: bytes) -> str:
    return f"{zlib.crc32(body):08x}"


def sealed(doc: dict[str, Any]) -> dict[str, Any]:
    """`doc` with its checksum added as its last key: written compact, the file ends in it, and
    `check_seal` finds any byte changed since (a CRC-32 of the rest: every burst of up to 32 bits)."""
    assert doc and SUM not in doc
    return {**doc, SUM: _checksum(compact(doc))}


def seal_compact(body: bytes) -> bytes:
    """`compact(doc)` as `compact(sealed(doc))` is, without writing it twice."""
    assert body.startswith(b"{") and body.endswith(b"}") and len(body) > 2
    return body[:-1] + _SEAL_START + _checksum(body).encode() + _SEAL_END


def check_seal(data: bytes) -> bool:
    """Whether `data`, one compact JSON object (a file, or a line without its newline), ends in
    its checksum: True when it does and the rest matches it, False when it has none (written
    before checksums, or its checksum's own bytes were damaged: the caller then finds a `sum`
    that is not where it belongs). CorruptFileError when the rest does not match it."""
    data = data.rstrip(b" \t\r\n")  # outside the object: changes nothing it says
    tail = data[-_SEAL_LENGTH:]
    if not (len(data) > _SEAL_LENGTH and tail.startswith(_SEAL_START) and tail.endswith(_SEAL_END)
            and _HEX.issuperset(tail[len(_SEAL_START):-len(_SEAL_END)])):
        return False
    if _checksum(data[:-_SEAL_LENGTH] + b"}").encode() != tail[len(_SEAL_START):-len(_SEAL_END)]:
        raise CorruptFileError("it does not match its checksum (a byte of it was changed)")
    return True


def unsealed(doc: Any, had_seal: bool, keys: frozenset[str]) -> dict[str, Any]:
    """A document `check_seal` passed, without its checksum; CorruptFileError when it is not an
    object of these `keys` only, or holds a `sum` that is not its checksum (a damaged one)."""
    if not isinstance(doc, dict):
        raise CorruptFileError("it is not a JSON object")
    if SUM in doc and not had_seal:
        raise CorruptFileError("its checksum is damaged")
    unknown = set(doc) - keys - {SUM}
    if unknown:
        raise CorruptFileError(f"it holds {', '.join(sorted(map(repr, unknown)))}, which no Companion writes there")
    doc.pop(SUM, None)
    return doc


def aside_path(path: Path, when: datetime) -> Path:
    """Where a damaged file or folder at `path` is moved: `<name>.corrupt-<time>`, and a number
    after it when one of that name is there already (damaged twice the same second)."""
    aside = path.with_name(f"{path.name}.corrupt-{when.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{when.strftime('%Y%m%d-%H%M%S')}-{n}")
    return aside


REPLACE_TRIES = 12  # about 2 s in all: how long an antivirus or an indexer holds a file it opened


def replace(source: str | Path, target: str | Path) -> None:
    """`os.replace`, tried again on Windows while another program holds the file (an antivirus, the
    search indexer: PermissionError with winerror 5 or 32), as Windows refuses it for a moment."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError as exc:
            if os.name != "nt" or getattr(exc, "winerror", None) not in (5, 32) or attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(0.03 * (attempt + 1))


def write_json_atomically(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that a crash leaves the old or the new file (and a full disk
    the old one, with DiskFull)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    with disk_full_refused(path.parent):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as tmp:
                tmp.write(text)
                tmp.flush()
                os.fsync(tmp.fileno())
            replace(tmp_name, path)
        except BaseException:
            if os.path.exists(tmp_name):
                os.unlink(tmp_name)
            raise
        fsync_directory(path.parent)


@contextmanager
def disk_full_refused(folder: Path) -> Iterator[None]:
    """A write the disk had no room for raises DiskFull (its words for the player), said once in the
    log, not as a traceback; the caller has cut off whatever part of it reached the file."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            raise
        log.warning("%s: the disk is full (%s): a change was refused, nothing of it kept", folder, exc.strerror)
        raise DiskFull() from None


def fsync_directory(folder: Path) -> None:
    """Make a rename in `folder` durable: its entry is on disk once the folder is synced. Skipped
    where a folder cannot be opened (Windows: no O_DIRECTORY): a rename there is as durable as the system makes it."""
    directory = getattr(os, "O_DIRECTORY", None)
    if directory is None:
        return
    fd = os.open(folder, os.O_RDONLY | directory)
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
