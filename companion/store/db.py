"""One TinyDB file: one handle per process, every access under one lock.

TinyDB has no thread safety and Flet runs some callbacks on a thread pool, so all
reads and writes go through `Database.locked()`. Before a file is opened it is
checked and, if older than its schema, copied aside and migrated
(`prepare_file`). A file that cannot be read raises `CorruptFileError`; what to do
then (move it aside, restore a backup, tell the user) is decided by `store.Store`.
"""

from __future__ import annotations

import copy
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from companion.core.inputs import InputError
from companion.store.errors import CorruptFileError, NewerSchemaError, StoreError
from companion.store.migrations import Raw, Schema, meta_of, migrate, stamp
from companion.store.shapes import ANY, kind_of, problem, shown
from companion.store.storage import AtomicJSONStorage, read_json, write_json_atomically


def check_raw(raw: Any, schema: Schema) -> int:
    """Return the schema version of a raw file's content, or raise CorruptFileError.

    Beyond the shape TinyDB needs, a current file's records are checked by the
    schema's own `check` (each repository knows what its records look like); every
    other table, and a file of an older schema before it is migrated, may hold any
    JSON within the limits of `core.inputs`."""
    if not isinstance(raw, dict):
        raise CorruptFileError("it does not hold a JSON object")
    for table, docs in raw.items():
        if not isinstance(docs, dict):
            raise CorruptFileError(f"table {shown(table)} is not a JSON object")
        for doc_id, doc in docs.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                raise CorruptFileError(f"table {shown(table)} has a malformed record {shown(doc_id)}")
    meta = meta_of(raw)
    if meta is None:
        raise CorruptFileError("it is not a Companion file (no _meta record)")
    if meta.get("kind") != schema.kind:
        raise CorruptFileError(f"it holds {_said(meta.get('kind'))} data, not {schema.kind!r}")
    version = meta.get("schema")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CorruptFileError(f"its schema version {_said(version)} is not valid")
    if version > schema.version:
        raise NewerSchemaError(
            f"was written by a newer Companion (schema {version}; this one knows up to"
            f" {schema.version}). Update Companion to open it."
        )
    current = version == schema.version and schema.check is not None  # older files: checked once migrated
    for table, docs in raw.items():
        wrong = None if current and table in schema.tables else problem({table: docs}, ANY)
        if wrong is not None:
            raise CorruptFileError(wrong)
    if current:
        schema.check(raw)
    return version


def _said(value: Any) -> str:
    """A value read from a file, as a message quotes it: a short text or number as it is."""
    return shown(value) if isinstance(value, str) else repr(value) if isinstance(value, int | None) else kind_of(value)


def check_migrated(raw: Any, schema: Schema) -> Raw:
    """`raw` checked, brought to today's schema and checked again in today's shape (an older
    file's records are only checked once migrated): CorruptFileError or MigrationError."""
    if check_raw(raw, schema) == schema.version:
        return raw
    migrated = migrate(raw, schema)
    check_raw(migrated, schema)
    return migrated


def load_raw(path: Path, schema: Schema) -> Raw | None:
    """Read and check a database file; None when it does not exist. An empty file, or one
    holding only `null`, is damage like any other (Companion never writes one)."""
    if not path.exists():
        return None
    try:
        raw = read_json(path)
    except OSError as exc:
        raise CorruptFileError(f"it cannot be read ({exc.__class__.__name__}: {exc})") from exc
    except InputError as exc:
        raise CorruptFileError(str(exc).removeprefix(f"{path.name}: ")) from exc
    if raw is None:
        raise CorruptFileError("it is empty")
    check_raw(raw, schema)
    return raw


def prepare_file(path: Path, schema: Schema, migration_copies: Path, now: datetime) -> bool:
    """Check `path` and migrate it to `schema` if older; True when it was migrated.

    The file is copied into `migration_copies` before anything is changed.
    """
    raw = load_raw(path, schema)
    if raw is None:
        return False
    meta = meta_of(raw)
    assert meta is not None
    if meta["schema"] == schema.version:
        return False
    migrated = check_migrated(raw, schema)
    keep_migration_copy(path, f"schema{meta['schema']}", migration_copies, now)
    write_json_atomically(path, migrated)
    return True


def keep_migration_copy(path: Path, what: str, migration_copies: Path, now: datetime) -> None:
    """Copy `path` into `migration_copies` before a migration changes it (`what`: the layout it had)."""
    migration_copies.mkdir(parents=True, exist_ok=True)
    stamp_text = now.strftime("%Y%m%dT%H%M%S")
    shutil.copy2(path, migration_copies / f"{path.stem}.{what}-{stamp_text}{path.suffix}")


class Database:
    """A TinyDB file with atomic writes, a schema stamp and one lock."""

    def __init__(self, path: Path, schema: Schema) -> None:
        self.path = path
        self.schema = schema
        self._lock = threading.RLock()
        self._tinydb = TinyDB(path, storage=AtomicJSONStorage, initial=stamp({}, schema.kind, schema.version))

    @contextmanager
    def locked(self) -> Iterator[TinyDB]:
        """The TinyDB handle, held under this file's lock for the `with` block."""
        with self._lock:
            yield self._tinydb

    def locked_handle(self) -> TinyDB:
        """The TinyDB handle for a caller that already holds `locked()` (checked)."""
        if not self._lock._is_owned():  # type: ignore[attr-defined]
            raise RuntimeError("the database handle is used without its lock")
        return self._tinydb

    def snapshot(self) -> Raw:
        """A deep copy of the whole file's content (for backups)."""
        with self._lock:
            return copy.deepcopy(self._raw())

    def replace(self, raw: Raw) -> None:
        """Replace the whole content with `raw` (already checked), atomically."""
        check_raw(raw, self.schema)
        with self._lock:
            self._write_raw(migrate(copy.deepcopy(raw), self.schema))

    def reload(self) -> None:
        """Read the file again on next use (a restore replaced it)."""
        with self._lock:
            self._tinydb.storage.forget()
            self._tinydb._tables.clear()  # TinyDB's tables cache query results and the next id

    def close(self) -> None:
        with self._lock:
            self._tinydb.close()

    def _raw(self) -> Raw:
        return self._tinydb.storage.read() or {}

    def _write_raw(self, raw: Raw) -> None:
        self._tinydb.storage.write(raw)
        # TinyDB's Table objects cache query results and the next id; after a
        # wholesale write they are stale, so drop them and let TinyDB make new ones.
        self._tinydb._tables.clear()


_handles: dict[Path, Database] = {}
_handles_lock = threading.Lock()


def open_database(path: Path, schema: Schema) -> Database:
    """The process's one handle on `path`, opened on first use."""
    key = path.resolve()
    with _handles_lock:
        db = _handles.get(key)
        if db is None:
            db = _handles[key] = Database(key, schema)
        elif db.schema.kind != schema.kind:
            raise StoreError(f"{path} is already open as a {db.schema.kind} file")
        return db


def close_database(path: Path) -> None:
    """Close and forget the handle on `path`, if any."""
    with _handles_lock:
        db = _handles.pop(path.resolve(), None)
    if db is not None:
        db.close()
