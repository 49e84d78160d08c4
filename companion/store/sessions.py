"""Live sessions: a folder each (see `journal`), so recording an action appends one line
and never rewrites the log before it, let alone the archive of finished plays."""

from __future__ import annotations

import json
import logging
import os
import secrets
import shutil
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.core import state_codec
from companion.core.errors import DomainError
from companion.core.session_log import Change, SessionRecord
from companion.core.words import count
from companion.store import journal as journals
from companion.store import storage
from companion.store.backups import Witness
from companion.store.db import check_migrated
from companion.store.errors import CorruptFileError, StoreError
from companion.store.journal import Journal
from companion.store.layout import DISCARDED_DIR, FINISHED_DIR, SESSION_ID, SESSIONS_DIR
from companion.store.migrations import Raw, Schema
from companion.store.records import record_from_raw, record_to_raw
from companion.store.storage import fsync_directory, read_json, write_json_atomically

log = logging.getLogger(__name__)

Report = Callable[[str, str], None]  # (the file's path in the data folder, what happened)


class SessionNotFound(DomainError):
    pass


class DamagedFiles(DomainError):
    """A session's folder that no longer reads while Companion runs (changed behind its back)."""


DRAFTS = "drafts.json"  # in a session's folder: what its forms hold, typed and not sent (`keep_draft`)
NOT_SESSIONS = (Path(DISCARDED_DIR).name, Path(FINISHED_DIR).name)  # folders in sessions/ that are not one


def session_ids(folder: Path) -> list[str]:
    """The ids of the live sessions' folders in `folder` (a data folder's `sessions/`)."""
    return sorted(p.name for p in folder.iterdir()
                  if p.is_dir() and SESSION_ID.match(p.name) and p.name not in NOT_SESSIONS)


class SessionFiles:
    """The `SessionLog` of `core.session`, kept in `<data>/sessions/<id>/`.

    Each session's folder is read once and then followed in memory (this process holds
    the data folder alone); `close_all` forgets them, so a restore's files are read anew.
    `report` hears of a saved state that was damaged (set aside; the log rebuilds it).
    """

    def __init__(self, root: Path, schema: Schema, report: Report | None = None) -> None:
        self._root = root
        self._folder = root / SESSIONS_DIR
        self._schema = schema
        self._report = report or (lambda relpath, text: None)
        self._lock = threading.RLock()
        self._journals: dict[str, Journal] = {}
        self._folder.mkdir(parents=True, exist_ok=True)

    def path(self, session_id: str) -> Path:
        if not SESSION_ID.match(session_id) or session_id in NOT_SESSIONS:
            raise SessionNotFound(f"There is no session called {session_id!r}.")
        return self._folder / session_id

    def new_id(self) -> str:
        while True:
            session_id = secrets.token_hex(6)
            if not self.path(session_id).exists():
                return session_id

    def ids(self) -> list[str]:
        return session_ids(self._folder)

    # The SessionLog --------------------------------------------------------------

    def create(self, record: SessionRecord) -> None:
        """Write a new session's folder, whole (a crash leaves it complete or absent)."""
        with self._lock:
            folder = self.path(record.id)
            if folder.exists():
                raise StoreError(f"a session folder {folder.name} already exists")
            self._journals[record.id] = journals.write_journal(folder, record)

    def record_change(self, session_id: str, change: Change, updated: str) -> None:
        with self._lock:
            self._journal(session_id).append(change, updated)

    def load(self, session_id: str) -> SessionRecord:
        with self._lock:
            return self._journal(session_id).record

    def list_open(self) -> list[SessionRecord]:
        return [self.load(session_id) for session_id in self.ids()]

    def save_snapshot(self, session_id: str, actions: int, state: Any, checked: bool = False) -> None:
        """Keep `state`, reached by the first `actions` actions of the log; `checked`: by a start-up's replay
        of it, kept only if it reads back equal (a later start begins there: ValueError otherwise)."""
        encoded = state_codec.encode(state)
        if checked and state_codec.decode(json.loads(json.dumps(encoded))) != state:
            raise ValueError("it does not read back as it was")
        with self._lock:
            self._journal(session_id).save_state(actions, encoded, checked)

    def snapshot(self, session_id: str, checked: bool = False) -> tuple[int, Any] | None:
        """The newest saved state the log still leads to (`checked`: of those a start-up's replay reached).
        A damaged one is set aside and reported: the log still holds everything, so the state is rebuilt
        from it."""
        with self._lock:
            journal = self._journal(session_id)
            for path in journals.state_files(journal.folder):
                if checked and not journals.is_checked(path):
                    continue
                try:
                    saved = journal.saved_state(path)
                    if saved is not None:
                        actions, encoded, problem = saved
                        state = state_codec.decode(encoded)
                        if problem is not None:
                            raise CorruptFileError(problem)
                        return actions, state
                except Exception as exc:  # noqa: BLE001 - anything a damaged file makes the decoder raise
                    self._set_aside(journal, path, str(exc))
            return None

    def discard(self, session_id: str, at: datetime | None = None) -> None:
        self._move(session_id, self._root / DISCARDED_DIR)
        if at is not None:  # when it was put away: the folder's time (kept by the phone build's storage too)
            os.utime(self._root / DISCARDED_DIR / session_id, (at.timestamp(), at.timestamp()))

    def drafts(self, session_id: str) -> dict[str, Any]:
        """The session's drafts (`SessionManager.draft`); none when its file is missing or damaged (a draft is
        what was being typed: the log holds everything sent)."""
        with self._lock:
            try:
                drafts = read_json(self.path(session_id) / DRAFTS)
            except (OSError, DomainError, StoreError, ValueError):  # InputError: a damaged file
                return {}
        return drafts if isinstance(drafts, dict) else {}

    def keep_draft(self, session_id: str, key: str, value: Any) -> None:
        with self._lock:
            folder = self.path(session_id)
            if not folder.is_dir():
                raise SessionNotFound(f"The session {session_id} is no longer here (finished or discarded).")
            drafts = self.drafts(session_id)
            if value is None and key not in drafts:
                return
            drafts = {k: v for k, v in drafts.items() if k != key} | ({} if value is None else {key: value})
            write_json_atomically(folder / DRAFTS, drafts)

    def discarded(self, since: datetime) -> list[tuple[SessionRecord, datetime]]:
        """The sessions discarded since `since` (a damaged one is left out), each with when."""
        folder = self._root / DISCARDED_DIR
        found = []
        with self._lock:
            for path in sorted(folder.iterdir()) if folder.is_dir() else ():
                if not (path.is_dir() and SESSION_ID.match(path.name)):
                    continue
                when = datetime.fromtimestamp(path.stat().st_mtime, since.tzinfo or timezone.utc)
                if when < since:
                    continue
                try:
                    found.append((journals.read_journal(path, repair=False).record, when))
                except CorruptFileError:
                    continue
        return found

    def undiscard(self, session_id: str) -> None:
        with self._lock:
            source = self._root / DISCARDED_DIR / session_id
            if not source.is_dir():
                raise SessionNotFound(f"The discarded session {session_id} is gone.")
            storage.replace(source, self.path(session_id))
            fsync_directory(self._folder)

    def finish(self, session_id: str) -> None:
        self._move(session_id, self._root / FINISHED_DIR)

    # The data folder's care (start-up, backups, restores) -------------------------

    def check(self, session_id: str, witness: Witness | None = None) -> None:
        """Read a session's folder and its saved states, and only then cut off a line a crash left
        unfinished: CorruptFileError naming what is wrong with its log, or when it holds fewer
        lines than a saved state of it was made after, or than the backup `witness` holds (a log
        only grows, and a crash can only cut the line it was writing, never acknowledged). A
        damaged saved state is set aside and reported (the log holds everything it held)."""
        with self._lock:
            self._journals.pop(session_id, None)
            journal = journals.read_journal(self.path(session_id), repair=False)
            for path in journals.state_files(journal.folder):
                try:
                    doc, problem = journals.read_state(path, journal.sealed)
                    if doc["rules"] == journals.rules_fingerprint():  # what decoding finds is said first
                        state_codec.decode(doc["state"])
                    if problem is not None:
                        raise CorruptFileError(problem)
                except Exception as exc:  # noqa: BLE001 - anything a damaged file makes the decoder raise
                    self._set_aside(journal, path, str(exc))
                    continue
                if doc["base"] != journal.base:
                    raise CorruptFileError(f"its {journals.HEAD} is not the head its saved position {path.name} "
                                           "was made from")
                if doc["lines"] > journal.lines:
                    raise CorruptFileError(f"its log ends after {count(journal.lines, 'change')}, but its saved "
                                           f"position {path.name} was made after {doc['lines']:,}")
            if witness is not None and witness.base == journal.base and witness.lines > journal.lines:
                raise CorruptFileError(f"its log ends after {count(journal.lines, 'change')}, but the backup of "
                                       f"{witness.backup.created:%d %b %Y, %H:%M} holds {witness.lines:,} of them")
            journal.repair()
            self._journals[session_id] = journal

    def forget(self, session_id: str) -> None:
        """Forget what was read of one session (its folder was moved away)."""
        with self._lock:
            self._journals.pop(session_id, None)

    def old_files(self) -> list[str]:
        """Ids of sessions kept whole in `sessions/<id>.json` (see `adopt`)."""
        return sorted(p.stem for p in self._folder.glob("*.json") if SESSION_ID.match(p.stem))

    def tidy(self) -> None:
        """Finish what a crash cut short: a session folder is built beside its place and is
        whole once its head is written; it is moved into place when nothing is there yet
        (a damaged session's copy from a backup), else thrown away."""
        for staging in self._folder.glob(".*.new"):
            target = self._folder / staging.name[1:-len(".new")]
            if (staging / journals.HEAD).exists() and SESSION_ID.match(target.name) and not target.exists():
                storage.replace(staging, target)
            else:
                shutil.rmtree(staging)
        fsync_directory(self._folder)

    def held(self) -> AbstractContextManager[bool]:
        """Hold every session still while a few reads are made (one moment's view of a session)."""
        return self._lock

    def reached(self, session_id: str) -> tuple[str, int]:
        """How far the session's journal has reached: the head it was read from, its number of lines."""
        with self._lock:
            journal = self._journal(session_id)
            return journal.base, journal.lines

    def export(self, session_id: str) -> Raw:
        """The whole session as one document (as a backup holds it)."""
        return record_to_raw(self.load(session_id))

    def write(self, session_id: str, raw: Raw, set_aside: Path | None = None) -> None:
        """Write the whole-session document `raw` (checked) as the session's folder; the one
        there now, if any, is moved to `set_aside`."""
        self.rewrite(session_id, record_from_raw(check_migrated(raw, self._schema)), set_aside)

    def rewrite(self, session_id: str, record: SessionRecord, set_aside: Path | None = None) -> None:
        """Write `record` as the session's folder; the one there now, if any, is moved to `set_aside`."""
        with self._lock:
            self._journals.pop(session_id, None)
            self._journals[session_id] = journals.write_journal(self.path(session_id), record, set_aside)

    def adopt(self, session_id: str) -> None:
        """Turn `sessions/<id>.json` (a whole session, as Companions before journals kept it,
        or as a restore puts it) into the session's folder, then remove the file. A folder
        already there was made from it by a start a crash cut short: it is kept."""
        old = self._folder / f"{session_id}.json"
        if not self.path(session_id).exists():
            self.write(session_id, read_json(old))
        old.unlink()
        fsync_directory(self._folder)

    def close_all(self) -> None:
        """Forget what was read: the next use reads the folders again."""
        with self._lock:
            self._journals.clear()

    def _journal(self, session_id: str) -> Journal:
        journal = self._journals.get(session_id)
        folder = self.path(session_id)
        if journal is None or not folder.exists():
            if not folder.exists():
                self._journals.pop(session_id, None)
                # A page still holding a session that was finished, discarded or restored away
                # must not bring its old log back to life.
                raise SessionNotFound(f"The session {session_id} is no longer here (finished, discarded or "
                                      "replaced by a restore); nothing was written.")
            try:
                journal = self._journals[session_id] = journals.read_journal(folder)
            except CorruptFileError as exc:
                raise DamagedFiles(f"The saved session {session_id} cannot be read: {exc}. Its files are kept as "
                                   "they are; start Companion again to restore it from the newest backup, or "
                                   "discard it in Unfinished sessions.") from exc
        return journal

    def _set_aside(self, journal: Journal, path: Path, problem: str) -> None:
        aside = path.with_name(f"{path.name}.corrupt")
        storage.replace(path, aside)
        relpath = aside.relative_to(self._root).as_posix()
        log.warning("%s: %s", relpath, problem)
        self._report(relpath, f"A saved position of the unfinished session \"{journal.head.title}\" could not be "
                              f"read: {problem}. It was moved to {aside}; the session's log holds every action, "
                              "so nothing was lost.")

    def _move(self, session_id: str, folder: Path) -> None:
        with self._lock:
            path = self.path(session_id)
            if not path.exists():  # finished or discarded on another page a moment ago
                raise SessionNotFound(f"The session {session_id} is no longer here (finished or discarded).")
            self._journals.pop(session_id, None)
            folder.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(folder / session_id, ignore_errors=True)
            storage.replace(path, folder / session_id)
            fsync_directory(self._folder)
