"""The table's key: the secret every phone's link carries, and the short code typed
instead when a phone has no link. Kept in `<data>/table-key.json`, outside the
backups (restoring a backup must not lock the table's phones out), so that phones
which joined once stay in after the server restarts.

Whenever the key is made or changed, a copy is written beside it (`table-key.copy.json`),
and both carry a checksum. A key file that does not read (or whose checksum does not match:
a changed byte of a secret still looks like a secret) is damage: at start-up it is set aside
as `table-key.json.corrupt-<time>` and the copy takes its place, so every phone stays in; only
when the copy is damaged too does the table get a new key. Either way the host is told.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.core.inputs import InputError, parse_json
from companion.store.errors import CorruptFileError
from companion.store.storage import (
    aside_path,
    check_seal,
    fsync_directory,
    replace,
    sealed,
    unsealed,
    write_json_atomically,
)

log = logging.getLogger(__name__)

TABLE_KEY_FILE = "table-key.json"
TABLE_KEY_COPY = "table-key.copy.json"
CODE_DIGITS = 6
Report = Callable[[str, str], None]  # (the file's path in the data folder, what happened)


@dataclass(frozen=True)
class TableKey:
    secret: str  # in the invitation link and the phone's cookie
    code: str  # six digits a player can type

    @property
    def spoken_code(self) -> str:
        """'482 913': easier to read out across a table."""
        return f"{self.code[:3]} {self.code[3:]}"


def new_key() -> TableKey:
    return TableKey(secrets.token_urlsafe(18), f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}")


def _read(path: Path) -> TableKey:
    """The key in `path`; CorruptFileError saying what is wrong (FileNotFoundError when it is not there)."""
    try:
        data = path.read_bytes()
        doc = parse_json(data, path.name) if data.strip() else None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise CorruptFileError(f"it cannot be read ({exc.strerror or exc})") from exc
    except InputError as exc:
        raise CorruptFileError(str(exc).removeprefix(f"{path.name}: ")) from exc
    if doc is None:
        raise CorruptFileError("it is empty")
    doc = unsealed(doc, check_seal(data), frozenset({"secret", "code"}))
    secret, code = doc.get("secret"), doc.get("code")
    if not (isinstance(secret, str) and len(secret) >= 16 and isinstance(code, str)
            and len(code) == CODE_DIGITS and code.isdigit()):
        raise CorruptFileError("it does not hold a table key")
    return TableKey(secret, code)


def _write(root: Path, key: TableKey) -> None:
    """The key file, then its copy (a crash between leaves the key file right: its copy is written again)."""
    doc = sealed({"secret": key.secret, "code": key.code})
    write_json_atomically(root / TABLE_KEY_FILE, doc)
    write_json_atomically(root / TABLE_KEY_COPY, doc)


def check_table_key(root: Path, report: Report | None = None, now: datetime | None = None) -> TableKey | None:
    """The folder's table key as it is kept, or None when none was made yet. A damaged or missing
    key file is set aside and its copy takes its place (a new key when the copy is damaged too);
    `report` hears what happened before it happens. A damaged copy of a good key is written again."""
    path, copy = root / TABLE_KEY_FILE, root / TABLE_KEY_COPY
    if not path.exists() and not copy.exists():
        return None
    try:
        key = _read(path)
        problem = None
    except FileNotFoundError:
        key, problem = None, "was missing"
    except CorruptFileError as exc:
        key, problem = None, f"could not be read: {exc}"
    if key is not None:
        try:
            good = _read(copy) == key
        except (FileNotFoundError, CorruptFileError):
            good = False
        if not good:
            write_json_atomically(copy, sealed({"secret": key.secret, "code": key.code}))
        return key
    try:
        kept: TableKey | None = _read(copy)
    except (FileNotFoundError, CorruptFileError):
        kept = None
    aside = aside_path(path, now or datetime.now())
    moved = f" It was moved to {aside}." if path.exists() else ""
    if kept is not None:
        outcome = (f"Its copy, {TABLE_KEY_COPY}, was used instead: every phone that joined stays in, with the same "
                   "link and code. To give the table a new code, use Invite phones.")
    else:
        kept = new_key()
        outcome = ("No copy of it could be read either, so the table has a new key: every phone must join again "
                   "(Invite phones shows the new QR code and code).")
    text = f"The table's key file {TABLE_KEY_FILE} {problem}.{moved} {outcome}"
    log.warning("%s", text)
    (report or (lambda relpath, words: None))(TABLE_KEY_FILE, text)
    if path.exists():
        replace(path, aside)
        fsync_directory(root)
    _write(root, kept)
    return kept


def load_table_key(root: Path, report: Report | None = None) -> TableKey:
    """The folder's table key, made (and saved) on first use; see `check_table_key`."""
    return check_table_key(root, report) or renew_table_key(root)


def renew_table_key(root: Path) -> TableKey:
    """A new key: every phone must join again with the new link or code."""
    key = new_key()
    _write(root, key)
    return key


class TableKeys:
    """The table's key while serving: read once, renewed on the host's request."""

    def __init__(self, root: Path) -> None:
        self._root = root
        self._key = load_table_key(root)

    def __call__(self) -> TableKey:
        return self._key

    def renew(self) -> TableKey:
        self._key = renew_table_key(self._root)
        return self._key
