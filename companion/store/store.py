"""The data folder as a whole: opened once, checked, recovered, backed up.

Opening it takes a lock (one Companion per folder), removes temporary files a crash
left behind, checks every database file, migrates old ones, and replaces a file
that cannot be read: it is moved aside as `<name>.corrupt-<timestamp>` and the
newest backup's copy takes its place. What happened is kept in `notices`, which
the app shows on screen. An automatic backup is taken on the first start of a day.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path

from companion.store import backups
from companion.store.archive import PlayArchive
from companion.store.backups import BackupInfo, InvalidBackupError
from companion.store.db import close_database, open_database, prepare_file
from companion.store.errors import CorruptFileError, StoreError
from companion.store.layout import (
    ARCHIVE_FILE,
    BACKUPS_DIR,
    LOCK_FILE,
    MIGRATION_COPIES_DIR,
    SESSIONS_DIR,
    SETTINGS_FILE,
)
from companion.store.schemas import SCHEMAS, schema_for
from companion.store.migrations import META_TABLE, MigrationError, Raw, Schema, migrate, stamp
from companion.store.sessions import SessionFiles
from companion.store.settings import Settings
from companion.store.storage import write_json_atomically

Clock = Callable[[], datetime]


def local_now() -> datetime:
    return datetime.now().astimezone()


class DataFolderInUse(StoreError):
    pass


class Store:
    """Every repository of one data folder, plus its backups and start-up notices."""

    def __init__(self, root: Path, clock: Clock = local_now, schemas: Mapping[str, Schema] = SCHEMAS) -> None:
        self.root = root
        self.clock = clock
        self._schemas = schemas
        self.notices: list[str] = []
        self._lock_fd = _lock_folder(root)
        try:
            _remove_stale_temp_files(root)
            for relpath in self._database_files():
                self._prepare(relpath)
            self.settings = Settings(open_database(root / SETTINGS_FILE, schemas["settings"]))
            self.archive = PlayArchive(open_database(root / ARCHIVE_FILE, schemas["archive"]))
            self.sessions = SessionFiles(root, schemas["session"])
            if backups.automatic_backup_due(self.backups_dir, clock()):
                self._backup("auto")
        except BaseException:
            self.close()
            raise

    @property
    def backups_dir(self) -> Path:
        return self.root / BACKUPS_DIR

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

    def restore(self, path: Path) -> None:
        """Replace everything with the backup at `path`, after checking all of it.

        A backup of the current state ("pre-restore") is taken first, so a restore
        can itself be undone by restoring that one.
        """
        files = backups.read_backup(path, self.schema_for)
        try:
            migrated = {rel: migrate(raw, self.schema_for(rel)) for rel, raw in files.items()}
        except MigrationError as exc:
            raise InvalidBackupError(f"{path.name}: {exc}") from exc
        self._backup("pre-restore")
        for relpath, kind in ((SETTINGS_FILE, "settings"), (ARCHIVE_FILE, "archive")):
            schema = self._schemas[kind]
            fresh = stamp({}, schema.kind, schema.version)
            open_database(self.root / relpath, schema).replace(migrated.get(relpath, fresh))
        self.sessions.close_all()
        for session_id in self.sessions.ids():
            self.sessions.path(session_id).unlink()
        for relpath, raw in migrated.items():
            if relpath.startswith(f"{SESSIONS_DIR}/"):
                write_json_atomically(self.root / relpath, raw)

    def close(self) -> None:
        """Close every file and release the folder."""
        if getattr(self, "sessions", None) is not None:
            self.sessions.close_all()
        for relpath in (SETTINGS_FILE, ARCHIVE_FILE):
            close_database(self.root / relpath)
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    # Start-up ----------------------------------------------------------------

    def _database_files(self) -> list[str]:
        sessions = sorted((self.root / SESSIONS_DIR).glob("*.json"))
        return [SETTINGS_FILE, ARCHIVE_FILE] + [f"{SESSIONS_DIR}/{p.name}" for p in sessions]

    def _prepare(self, relpath: str) -> None:
        schema = self.schema_for(relpath)
        if schema is None:
            return
        try:
            prepare_file(self.root / relpath, schema, self.root / MIGRATION_COPIES_DIR, self.clock())
        except CorruptFileError as exc:
            self._recover(relpath, schema, str(exc))

    def _recover(self, relpath: str, schema: Schema, problem: str) -> None:
        path = self.root / relpath
        aside = path.with_name(f"{path.name}.corrupt-{self.clock().strftime('%Y%m%d-%H%M%S')}")
        os.replace(path, aside)
        what = _describe(relpath)
        found = backups.newest_copy_of(self.backups_dir, relpath, self.schema_for)
        if found is not None:
            info, raw = found
            write_json_atomically(path, migrate(raw, schema))
            outcome = f"Restored the copy from the backup of {info.created:%d %b %Y, %H:%M}."
        elif relpath.startswith(f"{SESSIONS_DIR}/"):
            outcome = "No backup held this session, so it is not in the list of unfinished sessions."
        else:
            outcome = "No backup held it, so Companion started a new, empty one."
        self.notices.append(f"{what} could not be read: {problem}. The damaged file was moved to {aside}. {outcome}")

    def _snapshot(self) -> dict[str, Raw]:
        """The content of every database file, by relative path."""
        files: dict[str, Raw] = {}
        for relpath in self._database_files():
            schema = self.schema_for(relpath)
            if schema is not None:
                files[relpath] = open_database(self.root / relpath, schema).snapshot()
        return files

    def _backup(self, reason: str) -> Path | None:
        files = self._snapshot()
        if reason == "auto" and not any(_has_records(raw) for raw in files.values()):
            return None  # nothing worth keeping yet
        path = backups.write_backup(self.backups_dir, files, reason, self.clock())
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


def _lock_folder(root: Path) -> int:
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"cannot use the data folder {root}: {exc.strerror or exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise DataFolderInUse(f"another Companion is already using the data folder {root}") from None
    return fd


def _remove_stale_temp_files(root: Path) -> None:
    # Left by a crash between writing a temporary file and replacing the real one:
    # the real file is intact, the temporary one is garbage.
    for pattern in (".*.tmp", f"{SESSIONS_DIR}/.*.tmp", f"{BACKUPS_DIR}/.*.tmp"):
        for tmp in root.glob(pattern):
            tmp.unlink(missing_ok=True)


def open_store(root: Path, clock: Clock = local_now) -> Store:
    """Open the data folder at `root` (see the module docstring)."""
    return Store(root, clock)
