"""Which schema each file of the data folder follows: one check per kind of file, the same at
start-up and for a file inside a backup (`db.check_raw`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.store import archive, records, settings
from companion.store.layout import ARCHIVE_FILE, SESSION_FILE, SETTINGS_FILE
from companion.store.migrations import Schema

# Version 1 is the first released layout. A new layout bumps the version here and
# registers `{old_version: function}` (see migrations.py).
SCHEMAS: dict[str, Schema] = {
    "settings": Schema("settings", 2, {1: settings.games_own_their_settings}, check=settings.check_docs,
                       tables=(settings.SETTINGS, settings.PLAYERS)),
    "archive": Schema("archive", 1, check=archive.check_docs, tables=(archive.TABLE,)),
    "session": Schema("session", 1, check=records.check_docs, tables=(records.TABLE,)),
}


def schema_for(relpath: str, schemas: Mapping[str, Schema] = SCHEMAS) -> Schema | None:
    """The schema of the file at `relpath` (relative, '/'-separated), or None if unknown."""
    if relpath == SETTINGS_FILE:
        return schemas["settings"]
    if relpath == ARCHIVE_FILE:
        return schemas["archive"]
    if SESSION_FILE.match(relpath):
        return schemas["session"]
    return None
