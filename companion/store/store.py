"""The data folder as a whole: opened once, checked, recovered, backed up.

Opening it takes a lock (one Companion per folder), removes temporary files a crash
left behind, finishes a restore a crash interrupted, checks every database file,
migrates old ones, and replaces a file that cannot be read (or is empty, or is gone
while a backup still holds it): it is moved aside as `<name>.corrupt-<timestamp>` and
the newest backup's copy takes its place. What happened is kept in `notices.json`
until the user dismisses it (written before anything is moved, so a crash cannot
lose it), and the app shows it on screen. An automatic backup is taken on the first
start of a day.

A session's folder is damaged when it does not read, when a checksum does not match,
when its log holds fewer lines than one of its saved states was made after or than the
newest backup says it had (a crash cuts only the line it was writing), or (checked by
`check_replays`, with the rules) when its rules refuse any line of its log (each replayed by a
start-up: `store.saved_states`). Its whole folder is moved
aside as `sessions/<id>.corrupt-<timestamp>` and the session written anew from what holds
more of it: what of its log still reads, or the newest backup's copy (`salvage`); the
notice says which and exactly what was lost. The table's key file is checked too
(`table_key`): a damaged one is set aside and its copy used.

A restore is all or nothing, even across a crash (`restore.py`).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path

from companion.core.errors import DomainError
from companion.core.session_log import SessionRecord
from companion.core.session_manager import DamagedSession, UnknownGame
from companion.store import backups, folder_lock, storage
from companion.store.archive import PlayArchive
from companion.store.backups import BackupInfo, InvalidBackupError
from companion.store.db import (
    close_database,
    keep_migration_copy,
    open_database,
    prepare_file,
)
from companion.store.errors import CorruptFileError
from companion.store.layout import (
    ARCHIVE_FILE,
    BACKUPS_DIR,
    MIGRATION_COPIES_DIR,
    NOTICES_FILE,
    PICKED_DIR,
    SESSIONS_DIR,
    SETTINGS_FILE,
)
from companion.store.migrations import META_TABLE, Raw, Schema, migrate
from companion.store.restore import checked_backup, finish_restore, stage_restore
from companion.store.salvage import Replays, replays_ok, salvage
from companion.store.schemas import SCHEMAS, schema_for
from companion.store.sessions import SessionFiles
from companion.store.settings import Settings
from companion.store.storage import (
    aside_path,
    fsync_directory,
    read_json,
    write_json_atomically,
)
from companion.store.table_key import check_table_key

Clock = Callable[[], datetime]
log = logging.getLogger(__name__)


def local_now() -> datetime:
    return datetime.now().astimezone()


class Store:
    """Every repository of one data folder, plus its backups and start-up notices."""

    def __init__(self, root: Path, clock: Clock = local_now, schemas: Mapping[str, Schema] = SCHEMAS) -> None:
        self.root = root
        self.clock = clock
        self._schemas = schemas
        self._notices: list[dict[str, str]] = []
        self._recovered: set[str] = set()  # sessions recovered at this start
        self.found_damaged: list[str] = []  # what this start found damaged and mended (its notices' files)
        self._folder_lock: folder_lock.FolderLock | None = folder_lock.lock_folder(root)
        try:
            _remove_stale_temp_files(root)
            self._notices = _read_notices(root)
            self.sessions = SessionFiles(root, schemas["session"], report=self._notice)
            self.sessions.tidy()
            finish_restore(self.root, self.sessions, self._schemas)
            for relpath in (SETTINGS_FILE, ARCHIVE_FILE):
                self._prepare(relpath)
                self._recover_if_missing(relpath)
            self._prepare_sessions()
            check_table_key(root, self._notice, clock())
            self.settings = Settings(open_database(root / SETTINGS_FILE, schemas["settings"]))
            self.archive = PlayArchive(open_database(root / ARCHIVE_FILE, schemas["archive"]))
            if backups.automatic_backup_due(self.backups_dir, clock()):
                self._backup("auto")
        except BaseException:
            self.close()
            raise

    @property
    def backups_dir(self) -> Path:
        return self.root / BACKUPS_DIR

    # Notices ----------------------------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """What the user must still be told (a damaged file replaced), oldest first."""
        return [n["text"] for n in self._notices]

    def dismiss_notice(self, text: str) -> None:
        self._notices = [n for n in self._notices if n["text"] != text]
        write_json_atomically(self.root / NOTICES_FILE, {"notices": self._notices})

    def _notice(self, relpath: str, text: str) -> None:
        """Keep a notice on disk before the change it announces (one per file: the newest)."""
        self.found_damaged.append(relpath)
        self._notices = [n for n in self._notices if n["file"] != relpath] + [{"file": relpath, "text": text}]
        write_json_atomically(self.root / NOTICES_FILE, {"notices": self._notices})

    def schema_for(self, relpath: str) -> Schema | None:
        return schema_for(relpath, self._schemas)

    # Backups -----------------------------------------------------------------

    def backup_now(self) -> BackupInfo:
        """Take a manual backup of everything and return it."""
        path = self._backup("manual")
        assert path is not None
        return next(b for b in backups.list_backups(self.backups_dir) if b.path == path)

    def list_backups(self) -> list[BackupInfo]:
        return backups.list_backups(self.backups_dir)

    def restore(self, path: Path, check_session: Callable[[SessionRecord], None] | None = None) -> None:
        """Replace everything with the backup at `path`, after checking all of it: every
        file, and every session log through `check_session` (which replays it and raises
        DomainError when the rules refuse it). All or nothing, even across a crash.

        A backup of the current state ("pre-restore") is taken first, so a restore
        can itself be undone by restoring that one.
        """
        migrated = checked_backup(path, self.schema_for, check_session)
        self._backup("pre-restore")
        stage_restore(self.root, migrated)
        finish_restore(self.root, self.sessions, self._schemas)

    def restore_file(self, name: str, data: bytes,
                     check_session: Callable[[SessionRecord], None] | None = None) -> None:
        """`restore` from a backup file's content (one the phone picked), named `name` in what is said."""
        folder = self.root / PICKED_DIR
        shutil.rmtree(folder, ignore_errors=True)
        shown_name = Path(name).name.strip() or "backup.json"
        path = folder / shown_name
        try:
            try:
                folder.mkdir()
                path.write_bytes(data)
            except (OSError, ValueError) as exc:  # a name this system cannot hold, a full disk
                raise InvalidBackupError(f"{shown_name} cannot be read here: {getattr(exc, 'strerror', None) or exc}")
            self.restore(path, check_session)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def close(self) -> None:
        """Close every file and release the folder."""
        for relpath in (SETTINGS_FILE, ARCHIVE_FILE):
            close_database(self.root / relpath)
        if self._folder_lock is not None:
            self._folder_lock.release()
            self._folder_lock = None

    # Start-up ----------------------------------------------------------------

    def _prepare_sessions(self) -> None:
        """Bring sessions kept whole in one file (before journals) into folders, the file
        copied aside first as for every migration; then read every session's folder, and
        replace a damaged one from the newest backup."""
        for session_id in self.sessions.old_files():
            relpath = f"{SESSIONS_DIR}/{session_id}.json"
            self._prepare(relpath)
            path = self.root / relpath
            if path.exists():
                keep_migration_copy(path, f"schema{self._schemas['session'].version}",
                                    self.root / MIGRATION_COPIES_DIR, self.clock())
                self.sessions.adopt(session_id)
        ids = self.sessions.ids()
        witnesses = backups.witnesses(self.backups_dir) if ids else {}
        for session_id in ids:
            try:
                self.sessions.check(session_id, witnesses.get(f"{SESSIONS_DIR}/{session_id}.json"))
            except CorruptFileError as exc:
                self._recover_session(session_id, str(exc))

    def check_replays(self, open_session: Callable[[str], object], replays: Replays) -> None:
        """The start-up check's second half, with the rules (`core.session_manager`'s): open every
        unfinished session (each line a start-up has not replayed yet is); one whose log its rules refuse
        (a line that reads but does not apply) is damaged as one that does not read is."""
        for session_id in self.sessions.ids():
            try:
                open_session(session_id)
            except UnknownGame:  # a game of another Companion's: its session is kept as it is
                continue
            except DomainError as exc:
                problem = str(exc.__cause__ if isinstance(exc, DamagedSession) and exc.__cause__ else exc)
                self._recover_session(session_id, f"its log cannot be replayed: {problem}", replays)
            except Exception:  # noqa: BLE001 - a fault of the rules, not of the file: said when it is opened
                log.exception("the unfinished session %s could not be opened at start-up", session_id)

    def _recover_session(self, session_id: str, problem: str, replays: Replays | None = None) -> None:
        """Move a damaged session's folder aside and write the session anew from what holds more of
        it: what can still be read of its log, or the newest backup's copy (see `salvage`). The notice
        is kept first and the new folder built beside before the damaged one moves, so a crash leaves
        the damaged one (recovered again) or the new one ready (`SessionFiles.tidy`)."""
        relpath = f"{SESSIONS_DIR}/{session_id}.json"
        folder = self.root / SESSIONS_DIR / session_id
        aside = aside_path(folder, self.clock())
        found = salvage(folder)
        if replays is not None:
            found.keep_replaying(replays)
        copy = backups.newest_copy(self.backups_dir, relpath, self.schema_for,
                                   accept=None if replays is None else lambda record: replays_ok(replays, record))
        kept_lines = None
        if found.head is not None and (copy is None or found.keeps_more_than(copy.record, copy.witness)):
            kept_lines = len(found.changes)
        words = found.words(None if copy is None else (f"{copy.info.created:%d %b %Y, %H:%M}", copy.record,
                                                       copy.witness), kept_lines, replays is not None)
        key, text = f"{SESSIONS_DIR}/{session_id}", (f"The unfinished session {session_id} could not be read: "
                                                     f"{problem}. It was moved to {aside}. {words}")
        if session_id in self._recovered:  # its copy was damaged too: both are said
            text = " ".join([n["text"] for n in self._notices if n["file"] == key] + [text])
        self._recovered.add(session_id)
        self._notice(key, text)
        self.sessions.forget(session_id)
        if kept_lines is not None:
            self.sessions.rewrite(session_id, found.record(kept_lines), set_aside=aside)
        elif copy is not None:
            self.sessions.write(session_id, copy.raw, set_aside=aside)
        else:
            storage.replace(folder, aside)
            fsync_directory(folder.parent)

    def _prepare(self, relpath: str) -> None:
        schema = self.schema_for(relpath)
        if schema is None:
            return
        try:
            prepare_file(self.root / relpath, schema, self.root / MIGRATION_COPIES_DIR, self.clock())
        except CorruptFileError as exc:
            self._recover(relpath, schema, str(exc))

    def _recover(self, relpath: str, schema: Schema, problem: str) -> None:
        """Move a damaged file aside and put the newest backup's copy in its place. The notice
        is kept first and the copy staged before the damaged file moves: a crash at any point
        leaves either the damaged file (recovered again next time) or nothing (see
        `_recover_if_missing`), never a silently empty roster."""
        path = self.root / relpath
        aside = aside_path(path, self.clock())
        found = backups.newest_copy_of(self.backups_dir, relpath, self.schema_for)
        if found is not None:
            outcome = f"Restored the copy from the backup of {found[0].created:%d %b %Y, %H:%M}."
        elif relpath.startswith(f"{SESSIONS_DIR}/"):
            outcome = "No backup held this session, so it is not in the list of unfinished sessions."
        else:
            outcome = "No backup held it, so Companion started a new, empty one."
        self._notice(relpath, f"{_describe(relpath)} could not be read: {problem}. The damaged file was moved to "
                              f"{aside}. {outcome}")
        staged = path.with_name(f".{path.name}.recovered.tmp")
        if found is not None:
            write_json_atomically(staged, migrate(found[1], schema))
        storage.replace(path, aside)
        if found is not None:
            storage.replace(staged, path)
        fsync_directory(path.parent)

    def _recover_if_missing(self, relpath: str) -> None:
        """A settings or history file that is gone while a backup still holds records of it is
        damage too (deleted by hand, or a crash between moving a damaged file aside and
        putting the copy in its place)."""
        path = self.root / relpath
        if path.exists():
            return
        found = backups.newest_copy_of(self.backups_dir, relpath, self.schema_for)
        if found is None or not _has_records(found[1]):
            return  # a new folder, or nothing was ever in it: nothing is lost
        info, raw = found
        self._notice(relpath, f"{_describe(relpath)} was missing. Restored the copy from the backup of "
                              f"{info.created:%d %b %Y, %H:%M}.")
        write_json_atomically(path, migrate(raw, self.schema_for(relpath)))

    def _snapshot(self) -> tuple[dict[str, Raw], dict[str, tuple[str, int]]]:
        """The content of every file, by relative path (a session as one whole document), and
        how far each session's journal had reached (see `backups.Witness`)."""
        files = {relpath: open_database(self.root / relpath, self._schemas[kind]).snapshot()
                 for relpath, kind in ((SETTINGS_FILE, "settings"), (ARCHIVE_FILE, "archive"))}
        reached = {}
        for session_id in self.sessions.ids():
            relpath = f"{SESSIONS_DIR}/{session_id}.json"
            with self.sessions.held():  # the record and its number of lines, of one moment
                files[relpath] = self.sessions.export(session_id)
                reached[relpath] = self.sessions.reached(session_id)
        return files, reached

    def _backup(self, reason: str) -> Path | None:
        files, reached = self._snapshot()
        if reason == "auto" and not any(_has_records(raw) for raw in files.values()):
            return None  # nothing worth keeping yet
        path = backups.write_backup(self.backups_dir, files, reason, self.clock(), reached)
        if reason == "auto":
            backups.rotate(self.backups_dir)
        return path


def _has_records(raw: Raw) -> bool:
    return any(docs for table, docs in raw.items() if table != META_TABLE)


def _describe(relpath: str) -> str:
    if relpath == SETTINGS_FILE:
        return "Your settings and player roster file"
    if relpath == ARCHIVE_FILE:
        return "Your play history file"
    return f"The unfinished session file {Path(relpath).name}"


def _read_notices(root: Path) -> list[dict[str, str]]:
    """The notices not dismissed yet; a damaged notices file is read as none (they are only words)."""
    try:
        doc = read_json(root / NOTICES_FILE) if (root / NOTICES_FILE).exists() else None
        notices = doc["notices"] if isinstance(doc, dict) else []
        return [n for n in notices if isinstance(n, dict) and isinstance(n.get("file"), str)
                and isinstance(n.get("text"), str)]
    except (OSError, DomainError, TypeError, KeyError):
        return []


def _remove_stale_temp_files(root: Path) -> None:
    # Left by a crash between writing a temporary file and replacing the real one:
    # the real file is intact, the temporary one is garbage (so is a picked backup not restored).
    shutil.rmtree(root / PICKED_DIR, ignore_errors=True)
    for pattern in (".*.tmp", f"{SESSIONS_DIR}/.*.tmp", f"{SESSIONS_DIR}/*/.*.tmp", f"{BACKUPS_DIR}/.*.tmp"):
        for tmp in root.glob(pattern):
            tmp.unlink(missing_ok=True)


def open_store(root: Path, clock: Clock = local_now) -> Store:
    """Open the data folder at `root` (see the module docstring)."""
    return Store(root, clock)
