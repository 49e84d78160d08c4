"""One live session on disk: a folder holding its head, its journal and saved states.

    sessions/<id>/head.json                  the session as it was when the folder was written
    sessions/<id>/log-000000.jsonl ...       its changes since, one JSON line each, in segments
                                             of the length the head says (SEGMENT_LINES)
    sessions/<id>/state-<lines>-<actions>.json   a saved state (the newest KEEP_STATES)
    sessions/<id>/state-<lines>-<actions>.checked.json   one a start-up's replay reached (the newest
                                             KEEP_STATES of them too)

Recording a change appends one line to the last segment and syncs it: the cost does not
grow with the log. A line is acknowledged once synced; a line cut short by a crash (no
newline at the end of the last segment) was never acknowledged and is dropped when the
journal is next read. Anything else that does not read is damage (CorruptFileError).

Every file and line carries a checksum as its last key (`storage.sealed`): a changed byte is
damage even where the JSON still parses, and so is a key no Companion writes there. In a
folder whose head has one, every line and saved state must have one; a folder written before
checksums has none and is read as it is (its new lines and states have them).

A saved state covers the first `actions` actions of the log after its first `lines`
lines. It still holds while no later line changed the log before that place; it also
names the head it belongs to, the rules that computed it (`RULES`: a new Companion
replays rather than trust a state its older rules made) and a digest of those lines (a
line changed before it since, by a hand or a bug, is replayed and so found: no state
stands in for lines that are not the ones it followed).

A state the live session saved was reached through its own chain of states; should a bug in that
chain have let a line the rules refuse into the log, a state saved after it still holds. So each
start-up opens a session from the newest *checked* state instead, one reached by an earlier start's
replay of the log (or from the first action when there is none), replays the rest under the rules
and keeps the state it reaches as checked: every line is replayed once by a start-up, wherever it
is in the log, and a later start replays only what was added since (`core.session_manager`).
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

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
from companion.store import storage
from companion.store.errors import CorruptFileError
from companion.store.records import action_from_doc, record_from_doc, record_to_doc
from companion.store.saved_states import (
    CHECKED,
    FORMAT,
    KEEP_STATES,
    STATE,
    STATE_KIND,
    is_checked,
    read_state,
    rules_fingerprint,
    state_files,
)
from companion.store.shapes import DATE, problem
from companion.store.storage import (
    check_seal,
    compact,
    disk_full_refused,
    fsync_directory,
    seal_compact,
    sealed,
    unsealed,
    write_json_atomically,
)

HEAD = "head.json"
HEAD_KIND = "session-head"
SEGMENT_LINES = 1000
SEGMENT = re.compile(r"^log-(\d{6})\.jsonl$")
HEAD_KEYS = frozenset({"kind", "format", "base", "segment_lines", "id", "game", "title", "setup", "actions",
                       "undone", "created", "updated", "chance", "undo_from"})
LINE_KEYS = frozenset({"at", DONE, UNDONE, REDONE})


def change_to_line(change: Change, at: str) -> bytes:
    if change.kind == DONE:
        assert change.action is not None
        doc: dict[str, Any] = {"at": at, DONE: change.action.to_doc()}
    else:
        doc = {"at": at, change.kind: change.index}
    return seal_compact(compact(doc)) + b"\n"


def change_from_line(doc: Any) -> tuple[Change, str]:
    """The change a journal line holds and when it was made; ValueError saying what is wrong."""
    if not isinstance(doc, dict) or problem(doc.get("at"), DATE) is not None:
        raise ValueError("it is not a change with its time")
    if sum(kind in doc for kind in (DONE, UNDONE, REDONE)) != 1:
        raise ValueError("it is not one action, undo or redo")
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
    sealed: bool = True  # its head has a checksum: so must every line and saved state
    lines: int = 0
    changed_at: list[int] = field(default_factory=list)  # per line: the place in the log it changed
    torn: tuple[Path, int] | None = None  # a last line a crash cut short: its segment, where it begins
    digests: dict[int, str] = field(default_factory=dict)  # the lines' digest after so many: where states were made
    _digest: Any = field(default_factory=hashlib.sha256)  # of every line so far
    _record: SessionRecord | None = None

    @property
    def record(self) -> SessionRecord:
        if self._record is None:
            self._record = replace(self.head, actions=tuple(self.actions), undone=tuple(self.undone),
                                   updated=self.updated)
        return self._record

    def add(self, change: Change, at: str, line: bytes) -> None:
        """Follow `change`, read from or written as `line` (without its newline), in memory
        (IndexError when it does not fit the log)."""
        self.changed_at.append(apply_change(self.actions, self.undone, change))
        self._digest.update(line + b"\n")
        self.lines += 1
        if self.lines in self.digests:
            self.digests[self.lines] = self._digest.hexdigest()
        self.updated = at
        self._record = None

    # Writing -------------------------------------------------------------------

    def append(self, change: Change, at: str) -> None:
        """Add `change` to the journal on disk (synced), then in memory. A failed write is cut
        off again, so the file holds nothing the session was not told of."""
        check_change(self.actions, self.undone, change)  # refused before anything is written
        self.repair()
        segment = self.folder / f"log-{self.lines // self.segment_lines:06d}.jsonl"
        new = not segment.exists()
        line = change_to_line(change, at)
        with disk_full_refused(self.folder):
            fd = os.open(segment, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            try:
                size = os.fstat(fd).st_size
                try:
                    if os.write(fd, line) != len(line):  # a full disk takes part of a line: not kept
                        raise OSError(errno.ENOSPC, "only part of the line was written")
                    getattr(os, "fdatasync", os.fsync)(fd)  # no fdatasync on macOS and Windows
                except BaseException:
                    os.ftruncate(fd, size)
                    raise
            finally:
                os.close(fd)
            if new:
                fsync_directory(self.folder)
        self.add(change, at, line[:-1])

    def save_state(self, actions: int, encoded: Any, checked: bool = False) -> None:
        """Keep a state reached by the first `actions` actions of the log as it is now (`checked`: by a
        start-up's replay of the log, see `saved_states`); the newest KEEP_STATES of each kind are kept."""
        path = self.folder / f"state-{self.lines}-{actions}{CHECKED if checked else ''}.json"
        self.digests[self.lines] = self._digest.hexdigest()
        write_json_atomically(path, sealed({"kind": STATE_KIND, "format": FORMAT, "base": self.base,
                                            "rules": rules_fingerprint(), "lines": self.lines,
                                            "log": self.digests[self.lines], "actions": actions,
                                            "state": encoded}))
        for kept in (False, True):
            for old in [p for p in state_files(self.folder) if is_checked(p) == kept][KEEP_STATES:]:
                old.unlink(missing_ok=True)

    # Reading a saved state -------------------------------------------------------

    def still_holds(self, lines: int, actions: int) -> bool:
        """Whether the first `actions` actions after `lines` lines are still the log's first."""
        return (lines <= self.lines and actions <= len(self.actions)
                and all(at >= actions for at in self.changed_at[lines:]))

    def saved_state(self, path: Path) -> tuple[int, Any, str | None] | None:
        """The state in `path` (still encoded), how many actions it covers and what is wrong with
        its checksum (see `read_state`), when it belongs to this log as it is now; else None
        (made by other rules, its lines changed since, or the log changed before it by a later
        line). CorruptFileError when it does not read."""
        doc, problem = read_state(path, self.sealed)
        if doc["base"] != self.base or doc["rules"] != rules_fingerprint():
            return None
        if doc.get("log") is None or doc["log"] != self.digests.get(doc["lines"]):
            return None
        return (doc["actions"], doc["state"], problem) if self.still_holds(doc["lines"], doc["actions"]) else None

    def repair(self) -> None:
        """Cut off the last line a crash left unfinished (it was never acknowledged)."""
        if self.torn is not None:
            path, complete = self.torn
            with open(path, "r+b") as f:
                f.truncate(complete)
                os.fsync(f.fileno())
            self.torn = None


# Reading and writing whole folders ------------------------------------------------

def read_head(folder: Path) -> Journal:
    """The session folder's head, as a journal of no lines yet; CorruptFileError naming what is wrong."""
    head_path = folder / HEAD
    if not head_path.exists():
        raise CorruptFileError(f"it has no {HEAD}")
    try:
        data = head_path.read_bytes()
        head = parse_json(data, HEAD) if data.strip() else None
    except (OSError, InputError) as exc:
        raise CorruptFileError(f"its {HEAD} cannot be read ({exc})") from exc
    if head is None:
        raise CorruptFileError(f"its {HEAD} is empty")
    try:
        had = check_seal(data)
        head = unsealed(head, had, HEAD_KEYS)
    except CorruptFileError as exc:
        raise CorruptFileError(f"its {HEAD}: {exc}") from exc
    if head.get("kind") != HEAD_KIND:
        raise CorruptFileError(f"its {HEAD} is not a session's head")
    if head.get("format") != FORMAT:
        raise CorruptFileError(f"its {HEAD} is in format {head.get('format')!r}; this Companion reads {FORMAT}")
    if not isinstance(head.get("base"), str):
        raise CorruptFileError(f"its {HEAD} does not say which head it is")
    segment_lines = head.get("segment_lines")
    if not isinstance(segment_lines, int) or isinstance(segment_lines, bool) or segment_lines < 1:
        raise CorruptFileError(f"its {HEAD} does not say how long a log segment is")
    record = record_from_doc(head)
    if record.id != folder.name:
        raise CorruptFileError(f"its {HEAD} is the head of another session ({record.id})")
    return Journal(folder, record, head["base"], list(record.actions), list(record.undone), record.updated,
                   segment_lines, sealed=had)


def segments(folder: Path) -> list[Path]:
    """The log segments of a session folder in order; CorruptFileError when one is missing."""
    found = sorted((int(m[1]), p) for p in folder.glob("log-*.jsonl") if (m := SEGMENT.match(p.name)))
    for n, (number, _) in enumerate(found):
        if number != n:
            raise CorruptFileError(f"its log segment {n:06d} is missing")
    return [p for _, p in found]


def read_journal(folder: Path, repair: bool = True) -> Journal:
    """The session folder at `folder`; CorruptFileError naming what is wrong. `repair`: cut
    off a last line a crash left unfinished (it was never acknowledged; else `Journal.torn`
    says where it is, and `Journal.repair` cuts it off)."""
    journal = read_head(folder)
    journal.digests = {int(m[1]): "" for p in folder.glob("state-*.json") if (m := STATE.match(p.name))}
    paths = segments(folder)
    for n, path in enumerate(paths):
        _read_segment(journal, path, n == len(paths) - 1)
    if repair:
        journal.repair()
    return journal


def split_segment(path: Path, last: bool) -> tuple[list[bytes], int | None]:
    """A segment's whole lines (without their newlines) and, when a crash cut its last line
    short, where that line begins. CorruptFileError when it does not read, or when its end is
    not what a crash leaves: a line cut short in a segment before the last, or a whole line
    followed by one byte that is not its newline (a changed byte, not a crash)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorruptFileError(f"its {path.name} cannot be read ({exc})") from exc
    complete = data.rfind(b"\n") + 1
    torn = None
    if complete < len(data):
        if not last:
            raise CorruptFileError(f"its {path.name} ends in the middle of a line")
        if _whole(data[complete:-1]):
            raise CorruptFileError(f"the end of its {path.name} was changed: its last line lost its newline")
        torn = complete
    return data[:complete].split(b"\n")[:-1], torn


def _whole(data: bytes) -> bool:
    """Whether `data` is a whole JSON object (a crash leaves only a line's beginning)."""
    try:
        return isinstance(parse_json(data, "line"), dict)
    except InputError:
        return False


def line_change(journal: Journal, line: bytes, number: int, name: str, parsed: Any = None) -> tuple[Change, str]:
    """The change one line of the segment `name` holds (`parsed`: the line already parsed),
    checked; CorruptFileError saying what is wrong."""
    where = f"line {number} of its {name}"
    try:
        had = check_seal(line)
        doc = unsealed(parse_json(line, name) if parsed is None else parsed, had, LINE_KEYS)
        if journal.sealed and not had:
            raise CorruptFileError("it has no checksum")
        return change_from_line(doc)
    except CorruptFileError as exc:
        raise CorruptFileError(f"{where}: {exc}") from exc
    except (InputError, ValueError) as exc:
        raise CorruptFileError(f"{where} is not valid: {exc}") from exc


def _read_segment(journal: Journal, path: Path, last: bool) -> None:
    lines, torn = split_segment(path, last)
    if torn is not None:
        journal.torn = (path, torn)
    if not last and len(lines) != journal.segment_lines:
        raise CorruptFileError(f"its {path.name} holds {len(lines)} changes, not {journal.segment_lines}")
    try:  # all lines at once (quick); line by line only to name the one that is wrong
        docs = parse_json(b"[" + b",".join(lines) + b"]", path.name)
    except InputError:
        docs = None
    if docs is not None and len(docs) != len(lines):
        docs = None
    for i, line in enumerate(lines, 1):
        change, at = line_change(journal, line, i, path.name, None if docs is None else docs[i - 1])
        try:
            journal.add(change, at, line)
        except IndexError as exc:
            raise CorruptFileError(f"line {i} of its {path.name} is not valid: {exc}") from exc


def write_journal(folder: Path, record: SessionRecord, set_aside: Path | None = None) -> Journal:
    """Write `record` as the session folder at `folder`, whole or not at all: it is built
    beside and renamed into place. `set_aside`: where the folder there now goes (a damaged
    one), moved only once the new one is whole (a crash then leaves it to `tidy`)."""
    staging = folder.with_name(f".{folder.name}.new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    base = secrets.token_hex(8)
    write_json_atomically(staging / HEAD, sealed({"kind": HEAD_KIND, "format": FORMAT, "base": base,
                                                  "segment_lines": SEGMENT_LINES, **record_to_doc(record)}))
    if set_aside is not None:
        storage.replace(folder, set_aside)
    storage.replace(staging, folder)
    fsync_directory(folder.parent)
    return Journal(folder, record, base, list(record.actions), list(record.undone), record.updated, SEGMENT_LINES)
