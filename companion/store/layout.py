"""Where each file lives inside the data folder, and which schema it follows."""

from __future__ import annotations

import re
from collections.abc import Mapping

from companion.store.migrations import SCHEMAS, Schema

SETTINGS_FILE = "settings.json"
ARCHIVE_FILE = "archive.json"
SESSIONS_DIR = "sessions"
BACKUPS_DIR = "backups"
MIGRATION_COPIES_DIR = "backups/before-migration"
DISCARDED_DIR = "sessions/discarded"
FINISHED_DIR = "sessions/finished"
LOCK_FILE = ".lock"

SESSION_ID = re.compile(r"^[a-z0-9]{1,40}$")
_SESSION_FILE = re.compile(r"^sessions/([a-z0-9]{1,40})\.json$")


def session_file(session_id: str) -> str:
    """The relative path of a live session's file."""
    return f"{SESSIONS_DIR}/{session_id}.json"


def schema_for(relpath: str, schemas: Mapping[str, Schema] = SCHEMAS) -> Schema | None:
    """The schema of the file at `relpath` (relative, '/'-separated), or None if unknown."""
    if relpath == SETTINGS_FILE:
        return schemas["settings"]
    if relpath == ARCHIVE_FILE:
        return schemas["archive"]
    if _SESSION_FILE.match(relpath):
        return schemas["session"]
    return None
