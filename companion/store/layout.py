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
NOTICES_FILE = "notices.json"  # what Companion must still tell the user (a damaged file it replaced)
RESTORE_DIR = ".restore"  # a restore's files, staged before they take the place of the current ones
RESTORE_MANIFEST = "manifest.json"  # written last: the staged files are complete, the swap may begin
PICKED_DIR = ".picked"  # a backup file the phone picked, while it is checked and restored
REPLACED_DIR = "replaced"  # in RESTORE_DIR: the sessions a restore replaces, moved out whole before deleted

SESSION_ID = re.compile(r"^[a-z0-9]{1,40}$")
SESSION_FILE = re.compile(r"^sessions/([a-z0-9]{1,40})\.json$")

