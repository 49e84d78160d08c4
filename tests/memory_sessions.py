"""A `SessionLog` kept in memory, for random play in the tests: TinyDB's `MemoryStorage` beside its
`JSONStorage` is the model. It keeps what a session folder keeps, as text: the head (the record as set
up), one JSON line per change (`core.session_log.Change`, as `store.journal` writes and reads it) and
the saved states (`core.state_codec`, each checked to read back equal). Each line is read back as it is
kept (as `store.journal.Journal` follows its folder); after `close_all` (a restart), a session opened
again is rebuilt from its lines with `apply_change`: what a replay reads is what was written, without
the disk's writes and syncs.

What the disk adds (files written whole, synced, checksums, a torn last line) is the store's own tests'
(tests/unit/test_store.py, test_crash_windows.py, tests/soak.py); the conformance suite replays one game
of every kind from a real data folder too.
"""

from __future__ import annotations

import itertools
import json
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import state_codec
from companion.core.session_log import DONE, Change, SessionRecord, apply_change, check_change
from companion.store.journal import change_from_line
from companion.store.records import record_from_doc, record_to_doc
from companion.store.sessions import SessionNotFound


@dataclass
class _Kept:
    """One session as text (its head, its changes' lines, its saved states: lines, actions, state, checked), and
    the log its lines lead to, read from them (as `store.journal.Journal` follows its folder)."""

    head: str
    lines: list[str] = field(default_factory=list)
    states: list[tuple[int, int, str, bool]] = field(default_factory=list)
    where: str = "open"  # "open", "finished" or "discarded"
    discarded_at: Any = None  # when it was discarded
    drafts: dict = field(default_factory=dict)  # `keep_draft`
    read: _Read | None = None  # None: not read yet (or forgotten: read again from the text)


@dataclass
class _Read:
    actions: list
    undone: list
    updated: str
    changed_at: list[int]  # per line, the place in the log it changed

    def follow(self, line: str) -> None:
        change, self.updated = change_from_line(json.loads(line))
        self.changed_at.append(apply_change(self.actions, self.undone, change))


class MemorySessions:
    """The sessions of one data folder that is never written: the `SessionLog` of `core.session`."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._kept: dict[str, _Kept] = {}
        self._ids = (f"{n:012x}" for n in itertools.count(1))

    def new_id(self) -> str:
        return next(self._ids)

    def create(self, record: SessionRecord) -> None:
        with self._lock:
            assert record.id not in self._kept, f"a session {record.id} already exists"
            self._kept[record.id] = _Kept(json.dumps(record_to_doc(record)))

    def record_change(self, session_id: str, change: Change, updated: str) -> None:
        with self._lock:
            read = self._read(session_id)
            check_change(read.actions, read.undone, change)  # refused before anything is kept
            doc = {"at": updated, DONE: change.action.to_doc()} if change.kind == DONE else \
                {"at": updated, change.kind: change.index}
            line = json.dumps(doc)
            self._kept[session_id].lines.append(line)
            read.follow(line)  # what was kept, read back

    def load(self, session_id: str) -> SessionRecord:
        with self._lock:
            read = self._read(session_id)
            head = record_from_doc(json.loads(self._kept[session_id].head))
            return replace(head, actions=tuple(read.actions), undone=tuple(read.undone), updated=read.updated)

    def snapshot(self, session_id: str, checked: bool = False) -> tuple[int, Any] | None:
        """The newest saved state the log still leads to (its first actions unchanged since); `checked`:
        of those a start-up's replay reached."""
        with self._lock:
            read, kept = self._read(session_id), self._kept[session_id]
            for lines, actions, text, by_a_start in reversed(kept.states):
                if (by_a_start or not checked) and all(at >= actions for at in read.changed_at[lines:]):
                    return actions, state_codec.decode(json.loads(text))
            return None

    def save_snapshot(self, session_id: str, actions: int, state: Any, checked: bool = False) -> None:
        try:
            text = json.dumps(state_codec.encode(state))
        except TypeError as exc:
            raise AssertionError(f"a state cannot be saved: {exc}") from exc
        assert state_codec.decode(json.loads(text)) == state, "a saved state reads back different"
        with self._lock:
            kept = self._open(session_id)
            kept.states.append((len(kept.lines), actions, text, checked))

    def list_open(self) -> list[SessionRecord]:
        with self._lock:
            return [self.load(session_id) for session_id, kept in self._kept.items() if kept.where == "open"]

    def discard(self, session_id: str, at=None) -> None:
        with self._lock:
            kept = self._open(session_id)
            kept.where, kept.discarded_at = "discarded", at

    def discarded(self, since):
        with self._lock:
            return [(self.load(sid), kept.discarded_at) for sid, kept in self._kept.items()
                    if kept.where == "discarded" and kept.discarded_at is not None and kept.discarded_at >= since]

    def drafts(self, session_id: str) -> dict[str, Any]:
        with self._lock:
            return dict(self._open(session_id).drafts)

    def keep_draft(self, session_id: str, key: str, value: Any) -> None:
        with self._lock:
            drafts = self._open(session_id).drafts
            drafts.pop(key, None) if value is None else drafts.update({key: json.loads(json.dumps(value))})

    def undiscard(self, session_id: str) -> None:
        with self._lock:
            kept = self._kept.get(session_id)
            if kept is None or kept.where != "discarded":
                raise SessionNotFound(f"The discarded session {session_id} is gone.")
            kept.where = "open"

    def finish(self, session_id: str) -> None:
        with self._lock:
            self._open(session_id).where = "finished"

    def close_all(self) -> None:
        """Forget what was read: the next use reads each session again from its text (a restart)."""
        with self._lock:
            for kept in self._kept.values():
                kept.read = None

    # ---------------------------------------------------------------------------------

    def _open(self, session_id: str) -> _Kept:
        kept = self._kept.get(session_id)
        if kept is None or kept.where != "open":
            raise SessionNotFound(f"The session {session_id} is no longer here (finished, discarded or "
                                  "replaced by a restore); nothing was written.")
        return kept

    def _read(self, session_id: str) -> _Read:
        kept = self._open(session_id)
        if kept.read is None:
            head = record_from_doc(json.loads(kept.head))
            kept.read = _Read(list(head.actions), list(head.undone), head.updated, [])
            for line in kept.lines:
                kept.read.follow(line)
        return kept.read
