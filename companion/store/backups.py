"""Backups: the whole data folder in one JSON file, rotated, validated before use.

A backup bundles the content of every database file (settings, archive, live
sessions) under its relative path. Automatic backups are taken at most once per
day of use and the last `KEEP_AUTOMATIC` are kept; "Back up now" and the copy taken
before a restore are kept until the user removes them.

Beside the files, a bundle says how far each session's journal had reached (`journals`:
the head it was read from and its number of lines, with a checksum): a journal with that
head must still hold at least as many lines, so one cut short is found at the next start.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.core.inputs import InputError, parse_json
from companion.core.session_log import SessionRecord
from companion.store.db import check_migrated
from companion.store.errors import CorruptFileError, StoreError
from companion.store.layout import ARCHIVE_FILE, SESSION_FILE, SETTINGS_FILE
from companion.store.migrations import MigrationError, Raw, Schema
from companion.store.records import record_from_raw
from companion.store.shapes import COUNT, DATE, TEXT, UNREAD, WHOLE, Doc, Table, Text, kind_of, problem, shown
from companion.store.storage import SUM, sealed, write_json_atomically

FORMAT = "companion-backup"
FORMAT_VERSION = 1
KEEP_AUTOMATIC = 10
REASONS = ("auto", "manual", "pre-restore")
_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(rf"^(?P<reason>{'|'.join(REASONS)})-(?P<stamp>\d{{8}}-\d{{6}})(-\d+)?$")

# What `write_backup` writes; each file is checked by its own schema.
JOURNAL = Doc({"base": TEXT, "lines": COUNT, SUM: TEXT})
BUNDLE = Doc({"format": TEXT, "version": WHOLE, "created": DATE,
              "reason": Text(choices=REASONS, what="a reason (auto, manual or pre-restore)"), "files": Table(UNREAD)},
             {"journals": Table(JOURNAL)})


class InvalidBackupError(StoreError):
    """A backup file that must not be restored; the message says why."""


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    reason: str
    created: datetime

    @property
    def name(self) -> str:
        return self.path.name


@dataclass(frozen=True)
class Witness:
    """How far a session's journal had reached when a backup was taken."""

    base: str  # the head it was read from
    lines: int
    backup: BackupInfo


def write_backup(folder: Path, files: Mapping[str, Raw], reason: str, now: datetime,
                 journals: Mapping[str, tuple[str, int]] | None = None) -> Path:
    """Write a bundle of `files` (relative path -> content) and return its path. `journals`:
    for a session's file, the head its journal was read from and its number of lines."""
    assert reason in REASONS
    bundle = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "created": now.isoformat(timespec="seconds"),
        "reason": reason,
        "files": dict(files),
        "journals": {rel: sealed({"base": base, "lines": lines}) for rel, (base, lines) in (journals or {}).items()},
    }
    base = f"{reason}-{now.strftime(_STAMP)}"
    path = folder / f"{base}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.json"
    write_json_atomically(path, bundle)
    return path


def list_backups(folder: Path) -> list[BackupInfo]:
    """Every backup in `folder`, newest first (judged by the name's timestamp)."""
    found = []
    if folder.is_dir():
        for path in folder.glob("*.json"):
            match = _NAME.match(path.stem)
            if match is None:
                continue
            try:
                created = datetime.strptime(match["stamp"], _STAMP)
            except ValueError:
                continue
            found.append(BackupInfo(path, match["reason"], created))
    return sorted(found, key=lambda b: (b.created, b.path.name), reverse=True)


def automatic_backup_due(folder: Path, now: datetime) -> bool:
    """True unless an automatic backup was already taken today."""
    return not any(b.reason == "auto" and b.created.date() == now.date() for b in list_backups(folder))


def rotate(folder: Path, keep: int = KEEP_AUTOMATIC) -> list[Path]:
    """Delete all but the newest `keep` automatic backups; return what was deleted."""
    automatic = [b for b in list_backups(folder) if b.reason == "auto"]
    removed = [b.path for b in automatic[keep:]]
    for path in removed:
        path.unlink()
    return removed


def read_backup(path: Path, schema_for: Callable[[str], Schema | None]) -> dict[str, Raw]:
    """Read and fully check a bundle; return its files or raise InvalidBackupError."""
    return _read_bundle(path, schema_for)[0]


def _read_bundle(path: Path, schema_for: Callable[[str], Schema | None]) -> tuple[dict[str, Raw], dict]:
    try:
        bundle = parse_json(path.read_bytes(), path.name)
    except OSError as exc:
        raise InvalidBackupError(f"{path.name} cannot be read: {exc}") from exc
    except InputError as exc:
        raise InvalidBackupError(str(exc)) from exc
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise InvalidBackupError(f"{path.name} is not a Companion backup")
    version = bundle.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        said = version if type(version) is int else kind_of(version)
        raise InvalidBackupError(f"{path.name} is a backup format {said}; this Companion reads {FORMAT_VERSION}")
    files = bundle.get("files")
    if not isinstance(files, dict):
        raise InvalidBackupError(f"{path.name} has no 'files' object")
    for required in (SETTINGS_FILE, ARCHIVE_FILE):  # every backup holds both, even empty
        if required not in files:
            raise InvalidBackupError(f"{path.name} holds no {required}: it is not a whole backup")
    for relpath, raw in files.items():
        schema = schema_for(relpath)
        if schema is None:
            raise InvalidBackupError(f"{path.name} holds an unknown file {shown(relpath)}")
        try:
            check_migrated(raw, schema)
        except MigrationError as exc:
            raise InvalidBackupError(f"{path.name}: {relpath} {exc}") from exc
        except CorruptFileError as exc:
            raise InvalidBackupError(f"{path.name}: {relpath} is damaged: {exc}") from exc
        except StoreError as exc:
            raise InvalidBackupError(f"{path.name}: {relpath} {exc}") from exc
        session = SESSION_FILE.match(relpath)
        if session and raw.get("session", {}).get("1", {}).get("id") != session[1]:
            raise InvalidBackupError(f"{path.name}: {relpath} holds a session with another id")
    wrong = problem(bundle, BUNDLE)
    if wrong is not None:
        raise InvalidBackupError(f"{path.name} is damaged: {wrong}")
    for relpath, doc in bundle.get("journals", {}).items():
        if relpath not in files or not SESSION_FILE.match(relpath):
            raise InvalidBackupError(f"{path.name} says how far the journal of {shown(relpath)} had reached, a "
                                     "session it does not hold")
        if _witnessed(doc) is None:
            raise InvalidBackupError(f"{path.name} is damaged: its record of how far the journal of {relpath} had "
                                     "reached does not match its checksum")
    return files, bundle


def _witnessed(doc: Any) -> tuple[str, int] | None:
    """The head and number of lines a bundle's `journals` entry says, when it is one (its checksum
    matches), else None."""
    if problem(doc, JOURNAL) is not None or doc != sealed({"base": doc["base"], "lines": doc["lines"]}):
        return None
    return doc["base"], doc["lines"]


def witnesses(folder: Path) -> dict[str, Witness]:
    """How far each session's journal had reached, by its file's relative path, as the newest
    backup that reads says (one of before this was kept says nothing; nor does an entry whose
    checksum does not match). Its files are not checked: each entry has its own checksum."""
    for info in list_backups(folder):
        try:
            bundle = parse_json(info.path.read_bytes(), info.path.name)
        except (OSError, InputError):
            continue
        if isinstance(bundle, dict) and isinstance(bundle.get("files"), dict):
            return _witnesses(bundle, bundle["files"], info)
    return {}


def _witnesses(bundle: dict, files: Mapping[str, Raw], info: BackupInfo) -> dict[str, Witness]:
    found = {}
    journals = bundle.get("journals")
    for relpath, doc in (journals.items() if isinstance(journals, dict) else ()):
        reached = _witnessed(doc) if relpath in files else None
        if reached is not None:
            found[relpath] = Witness(*reached, info)
    return found


@dataclass(frozen=True)
class Copy:
    """A session's copy in a backup."""

    info: BackupInfo
    raw: Raw
    record: SessionRecord
    witness: Witness | None  # how far its journal had reached (None: a backup of before this was kept)


def newest_copy(folder: Path, relpath: str, schema_for: Callable[[str], Schema | None],
                accept: Callable[[SessionRecord], bool] | None = None) -> Copy | None:
    """The newest valid backup's copy of the session file `relpath` (that `accept` accepts)."""
    for info in list_backups(folder):
        try:
            files, bundle = _read_bundle(info.path, schema_for)
        except InvalidBackupError:
            continue
        schema = schema_for(relpath)
        if relpath not in files or schema is None:
            continue
        record = record_from_raw(check_migrated(files[relpath], schema))
        if accept is None or accept(record):
            return Copy(info, files[relpath], record, _witnesses(bundle, files, info).get(relpath))
    return None


def newest_copy_of(folder: Path, relpath: str,
                   schema_for: Callable[[str], Schema | None]) -> tuple[BackupInfo, Raw] | None:
    """The newest valid backup that holds `relpath`, with that file's content."""
    for info in list_backups(folder):
        try:
            files = read_backup(info.path, schema_for)
        except InvalidBackupError:
            continue
        if relpath in files:
            return info, files[relpath]
    return None
