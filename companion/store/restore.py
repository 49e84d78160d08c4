"""A restore from a backup, for `Store.restore`: the backup checked, staged, then swapped in.

A restore is all or nothing: every file of the backup is checked (and each session
log replayed by the caller's check), staged in `.restore/`, and only when all of it is
on disk does a manifest say so; the swap that follows is finished at the next start if
a crash interrupts it, and a staging without its manifest is thrown away.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

from companion.core.errors import DomainError
from companion.core.session_log import SessionRecord
from companion.store import backups, storage
from companion.store.backups import InvalidBackupError
from companion.store.db import open_database
from companion.store.layout import (
    ARCHIVE_FILE,
    REPLACED_DIR,
    RESTORE_DIR,
    RESTORE_MANIFEST,
    SESSION_FILE,
    SESSIONS_DIR,
    SETTINGS_FILE,
)
from companion.store.migrations import MigrationError, Raw, Schema, migrate
from companion.store.records import record_from_raw, restored
from companion.store.schemas import schema_for
from companion.store.sessions import SessionFiles
from companion.store.shapes import cut, shown
from companion.store.storage import fsync_directory, read_json, write_json_atomically

REFUSAL = 200  # letters of the rules' refusal a restore's one line quotes


def checked_backup(path: Path, schema_of: Callable[[str], Schema | None],
                   check_session: Callable[[SessionRecord], None] | None) -> dict[str, Raw]:
    """Every file of the backup at `path`, migrated (a session as restored: see `records.restored`), once
    each session log passed `check_session`: InvalidBackupError, naming the file, when one does not."""
    files = backups.read_backup(path, schema_of)
    try:
        migrated = {rel: migrate(raw, schema_of(rel)) for rel, raw in files.items()}
    except MigrationError as exc:
        raise InvalidBackupError(f"{path.name}: {exc}") from exc
    migrated = {rel: restored(raw) if SESSION_FILE.match(rel) else raw for rel, raw in migrated.items()}
    for relpath, raw in migrated.items():
        if SESSION_FILE.match(relpath) and check_session is not None:
            record = record_from_raw(raw)
            try:
                check_session(record)
            except DomainError as exc:
                raise InvalidBackupError(f"{path.name}: the session {shown(record.title)} ({relpath}) cannot "
                                         f"be replayed: {cut(str(exc), REFUSAL)}") from exc
    return migrated


def stage_restore(root: Path, files: Mapping[str, Raw]) -> None:
    """Write `files` in the staging folder, then the manifest that says all of them are on disk."""
    staging = root / RESTORE_DIR
    shutil.rmtree(staging, ignore_errors=True)
    for relpath, raw in files.items():
        write_json_atomically(staging / relpath, raw)
    write_json_atomically(staging / RESTORE_MANIFEST, {"files": sorted(files)})


def finish_restore(root: Path, sessions: SessionFiles, schemas: Mapping[str, Schema]) -> None:
    """Swap in a staged restore whose manifest is on disk (again after a crash: each step
    can be repeated); throw away a staging without one (the restore never began)."""
    staging = root / RESTORE_DIR
    if not staging.exists():
        return
    try:
        manifest = read_json(staging / RESTORE_MANIFEST)
        staged = [rel for rel in manifest["files"] if schema_for(rel, schemas) is not None]
    except (OSError, DomainError, TypeError, KeyError):
        shutil.rmtree(staging)
        return
    sessions.close_all()
    restored = {m[1] for rel in staged if (m := SESSION_FILE.match(rel))}
    replaced = staging / REPLACED_DIR  # a folder is deleted file by file: moved out whole first
    replaced.mkdir(exist_ok=True)
    for session_id in [*sessions.ids(), *sessions.old_files()]:
        # the sessions of now go, unless the one the backup holds is already in their place
        if session_id not in restored or (staging / SESSIONS_DIR / f"{session_id}.json").exists():
            folder = root / SESSIONS_DIR / session_id
            if folder.exists():
                shutil.rmtree(replaced / session_id, ignore_errors=True)
                storage.replace(folder, replaced / session_id)
            (root / SESSIONS_DIR / f"{session_id}.json").unlink(missing_ok=True)
    for relpath in staged:
        source = staging / relpath
        if source.exists():
            (root / relpath).parent.mkdir(parents=True, exist_ok=True)
            storage.replace(source, root / relpath)
    fsync_directory(root)
    fsync_directory(root / SESSIONS_DIR)
    for session_id in sessions.old_files():
        sessions.adopt(session_id)
    (staging / RESTORE_MANIFEST).unlink()
    shutil.rmtree(staging)
    for relpath, kind in ((SETTINGS_FILE, "settings"), (ARCHIVE_FILE, "archive")):
        open_database(root / relpath, schemas[kind]).reload()
