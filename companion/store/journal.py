"""One live session on disk: a folder holding its head, its journal and saved states.

    sessions/<id>/head.json                  the session as it was when the folder was written
    sessions/<id>/log-000000.jsonl ...       its changes since, one JSON line each, in segments
                                             of the length the head says (SEGMENT_LINES)
    sessions/<id>/state-<lines>-<actions>.json   a saved state (the newest KEEP_STATES)

Recording a change appends one line to the last segment and syncs it: the cost does not
grow with the log. A line is acknowledged once synced; a line cut short by a crash (no
newline at the end of the last segment) was never acknowledged and is dropped when the
journal is next read. Anything else that does not read is damage (CorruptFileError).

A saved state covers the first `actions` actions of the log after its first `lines`
lines. It still holds while no later line changed the log before that place; it also
names the head it belongs to and the rules that computed it (`RULES`: a new Companion
replays rather than trust a state its older rules made).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import secrets
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import companion
from companion.core.actions import Action
from companion.core.inputs import InputError, parse_json
from companion.core.session_log import (
    DONE,
    REDONE,
    UNDONE,
    Change,
    SessionRecord,
    apply_change,
    check_change,
)
from companion.store.errors import CorruptFileError
from companion.store.records import action_from_doc, record_from_doc, record_to_doc
from companion.store.storage import fsync_directory, read_json, write_json_atomically

HEAD = "head.json"
HEAD_KIND = "session-head"
STATE_KIND = "session-state"
FORMAT = 1
SEGMENT_LINES = 1000
KEEP_STATES = 2
SEGMENT = re.compile(r"^log-(\d{6})\.jsonl$")
STATE = re.compile(r"^state-(\d+)-(\d+)\.json$")


@functools.cache
def rules_fingerprint() -> str:
    """Which rules computed a saved state: Companion's version and its rules' source (read once)."""
    digest = hashlib.sha256(companion.__version__.encode())
    package = Path(companion.__file__).parent
    for path in sorted([*(package / "core").rglob("*.py"), *(package / "games").rglob("*.py")]):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def change_to_line(change: Change, at: str) -> bytes:
    if change.kind == DONE:
        assert change.action is not None
        doc: dict[str, Any] = {"at": at, DONE: change.action.to_doc()}
    else:
        doc = {"at": at, change.kind: change.index}
    return (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def change_from_line(doc: Any) -> tuple[Change, str]:
    """The change a journal line holds and when it was made; ValueError saying what is wrong."""
    if not isinstance(doc, dict) or not isinstance(doc.get("at"), str):
        raise ValueError("it is not a change with its time")
    if DONE in doc:
        action = action_from_doc(doc[DONE])
        if action is None:
            raise ValueError("its action is not valid")
        return Change(DONE, action), doc["at"]
    for kind in (UNDONE, REDONE):
        index = doc.get(kind)
        if isinstance(index, int) and not isinstance(index, bool):
            return Change(kind, index=index), doc["at"]
    raise ValueError("it is not an action, an undo or a redo")


@dataclass
class Journal:
    """A session folder as read: the head, and the log and redo stack its lines lead to."""

    folder: Path
    head: SessionRecord
    base: str  # names this head: a saved state belongs to one
    actions: list[Action]
    undone: list[Action]
    updated: str
    segment_lines: int
    lines: int = 0
    changed_at: list[int] = field(default_factory=list)  # per line: the place in the log it changed
    _record: SessionRecord | None = None

    @property
    def record(self) -> SessionRecord:
        if self._record is None:
            self._record = replace(self.head, actions=tuple(self.actions), undone=tuple(self.undone),
                                   updated=self.updated)
        return self._record

    def add(self, change: Change, at: str) -> None:
        """Follow `change` in memory (IndexError when it does not fit the log)."""
        self.changed_at.append(apply_change(self.actions, self.undone, change))
        self.lines += 1
        self.updated = at
        self._record = None

    # Writing -------------------------------------------------------------------

    def append(self, change: Change, at: str) -> None:
        """Add `change` to the journal on disk (synced), then in memory. A failed write is cut
        off again, so the file holds nothing the session was not told of."""
        check_change(self.actions, self.undone, change)  # refused before anything is written
        segment = self.folder / f"log-{self.lines // self.segment_lines:06d}.jsonl"
        new = not segment.exists()
        fd = os.open(segment, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            try:
                os.write(fd, change_to_line(change, at))
                os.fdatasync(fd)
            except BaseException:
                os.ftruncate(fd, size)
                raise
        finally:
            os.close(fd)
        if new:
            fsync_directory(self.folder)
        self.add(change, at)

    def save_state(self, actions: int, encoded: Any) -> None:
        """Keep a state reached by the first `actions` actions of the log as it is now."""
        path = self.folder / f"state-{self.lines}-{actions}.json"
        write_json_atomically(path, {"kind": STATE_KIND, "format": FORMAT, "base": self.base,
                                     "rules": rules_fingerprint(), "lines": self.lines, "actions": actions,
                                     "state": encoded})
        for old in state_files(self.folder)[KEEP_STATES:]:
            old.unlink(missing_ok=True)

    # Reading a saved state -------------------------------------------------------

    def still_holds(self, lines: int, actions: int) -> bool:
        """Whether the first `actions` actions after `lines` lines are still the log's first."""
        return (lines <= self.lines and actions <= len(self.actions)
                and all(at >= actions for at in self.changed_at[lines:]))

    def saved_state(self, path: Path) -> tuple[int, Any] | None:
        """The state in `path` (still encoded) and how many actions it covers, when it belongs
        to this log as it is now; else None (made by other rules, or the log changed before
        it). CorruptFileError when it does not read."""
        doc = read_state(path)
        if doc["base"] != self.base or doc["rules"] != rules_fingerprint():
            return None
        return (doc["actions"], doc["state"]) if self.still_holds(doc["lines"], doc["actions"]) else None


def state_files(folder: Path) -> list[Path]:
    """The saved states in a session folder, newest (most lines) first."""
    found = [(int(m[1]), int(m[2]), p) for p in folder.glob("state-*.json") if (m := STATE.match(p.name))]
    return [p for _, _, p in sorted(found, key=lambda t: (t[0], t[1]), reverse=True)]


def read_state(path: Path) -> dict[str, Any]:
    """A saved state's file, checked for shape (its state is read by the caller)."""
    try:
        doc = read_json(path)
    except (OSError, InputError) as exc:
        raise CorruptFileError(f"it cannot be read ({exc})") from exc
    match = STATE.match(path.name)
    if not (isinstance(doc, dict) and doc.get("kind") == STATE_KIND and doc.get("format") == FORMAT
            and all(isinstance(doc.get(k), str) for k in ("base", "rules")) and "state" in doc
            and match and doc.get("lines") == int(match[1]) and doc.get("actions") == int(match[2])):
        raise CorruptFileError("it is not a saved state of this session")
    return doc


# Reading and writing whole folders ------------------------------------------------

def read_journal(folder: Path, repair: bool = True) -> Journal:
    """The session folder at `folder`; CorruptFileError naming what is wrong. `repair`: cut
    off a last line a crash left unfinished (it was never acknowledged)."""
    head_path = folder / HEAD
    if not head_path.exists():
        raise CorruptFileError(f"it has no {HEAD}")
    try:
        head = read_json(head_path)
    except (OSError, InputError) as exc:
        raise CorruptFileError(f"its {HEAD} cannot be read ({exc})") from exc
    if not isinstance(head, dict) or head.get("kind") != HEAD_KIND:
        raise CorruptFileError(f"its {HEAD} is not a session's head")
    if head.get("format") != FORMAT:
        raise CorruptFileError(f"its {HEAD} is in format {head.get('format')!r}; this Companion reads {FORMAT}")
    if not isinstance(head.get("base"), str):
        raise CorruptFileError(f"its {HEAD} does not say which head it is")
    segment_lines = head.get("segment_lines")
    if not isinstance(segment_lines, int) or isinstance(segment_lines, bool) or segment_lines < 1:
        raise CorruptFileError(f"its {HEAD} does not say how long a log segment is")
    record = record_from_doc(head)
    journal = Journal(folder, record, head["base"], list(record.actions), list(record.undone), record.updated,
                      segment_lines)
    segments = sorted((int(m[1]), p) for p in folder.glob("log-*.jsonl") if (m := SEGMENT.match(p.name)))
    for n, (number, path) in enumerate(segments):
        if number != n:
            raise CorruptFileError(f"its log segment {n:06d} is missing")
        last = n == len(segments) - 1
        _read_segment(journal, path, last, repair)
    return journal


def _read_segment(journal: Journal, path: Path, last: bool, repair: bool) -> None:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorruptFileError(f"its {path.name} cannot be read ({exc})") from exc
    complete = data.rfind(b"\n") + 1
    if complete < len(data):  # a line a crash cut short: it was never acknowledged
        if not last:
            raise CorruptFileError(f"its {path.name} ends in the middle of a line")
        if repair:
            with open(path, "r+b") as f:
                f.truncate(complete)
                os.fsync(f.fileno())
    lines = data[:complete].splitlines()
    if not last and len(lines) != journal.segment_lines:
        raise CorruptFileError(f"its {path.name} holds {len(lines)} changes, not {journal.segment_lines}")
    try:  # all lines at once (quick); line by line only to name the one that is wrong
        docs = parse_json(b"[" + b",".join(lines) + b"]", path.name)
    except InputError:
        docs = None
    for i, line in enumerate(lines, 1):
        try:
            change, at = change_from_line(docs[i - 1] if docs is not None else parse_json(line, path.name))
            journal.add(change, at)
        except (InputError, ValueError, IndexError) as exc:
            raise CorruptFileError(f"line {i} of its {path.name} is not valid: {exc}") from exc


def write_journal(folder: Path, record: SessionRecord, set_aside: Path | None = None) -> Journal:
    """Write `record` as the session folder at `folder`, whole or not at all: it is built
    beside and renamed into place. `set_aside`: where the folder there now goes (a damaged
    one), moved only once the new one is whole (a crash then leaves it to `tidy`)."""
    staging = folder.with_name(f".{folder.name}.new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    base = secrets.token_hex(8)
    write_json_atomically(staging / HEAD, {"kind": HEAD_KIND, "format": FORMAT, "base": base,
                                           "segment_lines": SEGMENT_LINES, **record_to_doc(record)})
    if set_aside is not None:
        os.replace(folder, set_aside)
    os.rename(staging, folder)
    fsync_directory(folder.parent)
    return Journal(folder, record, base, list(record.actions), list(record.undone), record.updated, SEGMENT_LINES)
