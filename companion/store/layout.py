"""Where each file lives inside the data folder."""

from __future__ import annotations

import re

SETTINGS_FILE = "settings.json"
ARCHIVE_FILE = "archive.json"
SESSIONS_DIR = "sessions"
BACKUPS_DIR = "backups"
MIGRATION_COPIES_DIR = "backups/before-migration"
DISCARDED_DIR = "sessions/discarded"
FINISHED_DIR = "sessions/finished"
LOCK_FILE = ".lock"

SESSION_ID = re.compile(r"^[a-z0-9]{1,40}$")
SESSION_FILE = re.compile(r"^sessions/([a-z0-9]{1,40})\.json$")

