"""Schema versions of the database files and the migrations between them.

Every file carries a `_meta` table with one record: `{"kind": ..., "schema": n}`.
A migration turns the raw content of a file (TinyDB's `{table: {id: doc}}` dict)
at version n into version n + 1. At start-up each file older than its schema is
copied aside and then migrated step by step (see `db.prepare_file`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Raw = dict[str, Any]
Migration = Callable[[Raw], Raw]

META_TABLE = "_meta"
META_ID = "1"


@dataclass(frozen=True)
class Schema:
    """What one kind of file looks like now and how older versions catch up.

    `check` raises CorruptFileError naming the first record that is not valid, in the tables
    `tables`; any other table (and `_meta`) may hold any JSON within the limits of `core.inputs`."""

    kind: str
    version: int
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    check: Callable[[Raw], None] | None = None
    tables: tuple[str, ...] = ()


def meta_of(raw: Raw) -> dict[str, Any] | None:
    """The `_meta` record of a raw file, or None."""
    table = raw.get(META_TABLE)
    if not isinstance(table, dict):
        return None
    record = table.get(META_ID)
    return record if isinstance(record, dict) else None


def stamp(raw: Raw, kind: str, version: int) -> Raw:
    """Return `raw` with its `_meta` record set to `kind` and `version`."""
    raw = dict(raw)
    raw[META_TABLE] = {META_ID: {"kind": kind, "schema": version}}
    return raw


class MigrationError(Exception):
    """A file cannot be brought to the current schema."""


def migrate(raw: Raw, schema: Schema) -> Raw:
    """Run every migration from the file's version up to `schema.version`."""
    meta = meta_of(raw)
    version = meta["schema"] if meta else schema.version
    while version < schema.version:
        step = schema.migrations.get(version)
        if step is None:
            raise MigrationError(
                f"no migration for {schema.kind} files from schema {version} to {version + 1}"
            )
        raw = stamp(step(raw), schema.kind, version + 1)
        version += 1
    return raw
