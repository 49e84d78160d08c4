"""The table's key: the secret every phone's link carries, and the short code typed
instead when a phone has no link. Kept in `<data>/table-key.json`, outside the
backups (restoring a backup must not lock the table's phones out), so that phones
which joined once stay in after the server restarts.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.core.inputs import InputError
from companion.store.storage import read_json, write_json_atomically

log = logging.getLogger(__name__)

TABLE_KEY_FILE = "table-key.json"
CODE_DIGITS = 6


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


def _parse(doc: object) -> TableKey | None:
    if not isinstance(doc, dict):
        return None
    secret, code = doc.get("secret"), doc.get("code")
    if not (isinstance(secret, str) and len(secret) >= 16 and isinstance(code, str)
            and len(code) == CODE_DIGITS and code.isdigit()):
        return None
    return TableKey(secret, code)


def load_table_key(root: Path) -> TableKey:
    """The folder's table key, made (and saved) on first use or when the file is unreadable."""
    path = root / TABLE_KEY_FILE
    try:
        key = _parse(read_json(path)) if path.exists() else None
    except (OSError, InputError) as exc:
        log.warning("the table key file %s cannot be read (%s); phones must join again", path, exc)
        key = None
    return key or renew_table_key(root)


def renew_table_key(root: Path) -> TableKey:
    """A new key: every phone must join again with the new link or code."""
    key = new_key()
    write_json_atomically(root / TABLE_KEY_FILE, {"secret": key.secret, "code": key.code})
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
