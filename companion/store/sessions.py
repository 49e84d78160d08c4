"""Live sessions: one small TinyDB file each, so recording an action never
rewrites the archive of finished plays."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tinydb.table import Document

from companion.core.errors import DomainError
from companion.core.session import Action, SessionRecord, plain
from companion.store.db import close_database, open_database
from companion.store.errors import CorruptFileError, StoreError
from companion.store.layout import DISCARDED_DIR, FINISHED_DIR, SESSION_ID, SESSIONS_DIR
from companion.store.migrations import Raw, Schema, stamp
from companion.store.storage import write_json_atomically

TABLE = "session"


class SessionNotFound(DomainError):
    pass


def record_to_doc(record: SessionRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "game": record.game,
        "title": record.title,
        "setup": plain(record.setup),
        "actions": [a.to_doc() for a in record.actions],
        "undone": [a.to_doc() for a in record.undone],
        "created": record.created,
        "updated": record.updated,
    }


def record_from_doc(doc: Mapping[str, Any]) -> SessionRecord:
    """Build a record from a saved document, or raise CorruptFileError naming the field."""
    for name, kind in (("id", str), ("game", str), ("title", str), ("setup", dict),
                       ("actions", list), ("undone", list), ("created", str), ("updated", str)):
        if not isinstance(doc.get(name), kind):
            raise CorruptFileError(f"its session field {name!r} is missing or not a {kind.__name__}")

    def actions(name: str) -> tuple[Action, ...]:
        out = []
        for i, a in enumerate(doc[name]):
            if not (isinstance(a, dict) and isinstance(a.get("type"), str)
                    and isinstance(a.get("data"), dict) and isinstance(a.get("label"), str)
                    and isinstance(a.get("by", ""), str) and isinstance(a.get("who", ""), str)):
                raise CorruptFileError(f"its {name}[{i}] is not a valid action")
            out.append(Action.from_doc(a))
        return tuple(out)

    return SessionRecord(
        id=doc["id"], game=doc["game"], title=doc["title"], setup=plain(doc["setup"]),
        actions=actions("actions"), undone=actions("undone"),
        created=doc["created"], updated=doc["updated"],
    )


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless the file holds exactly one valid session record."""
    docs = raw.get(TABLE, {})
    if list(docs) != ["1"]:
        raise CorruptFileError("it does not hold exactly one session")
    record_from_doc(docs["1"])


class SessionFiles:
    """The `SessionLog` of `core.session`, kept in `<data>/sessions/<id>.json`."""

    def __init__(self, root: Path, schema: Schema) -> None:
        self._root = root
        self._schema = schema
        (root / SESSIONS_DIR).mkdir(parents=True, exist_ok=True)

    def path(self, session_id: str) -> Path:
        if not SESSION_ID.match(session_id):
            raise SessionNotFound(f"There is no session called {session_id!r}.")
        return self._root / SESSIONS_DIR / f"{session_id}.json"

    def new_id(self) -> str:
        while True:
            session_id = secrets.token_hex(6)
            if not self.path(session_id).exists():
                return session_id

    def create(self, record: SessionRecord) -> None:
        """Write a new session's file once, whole (a crash leaves it complete or absent)."""
        path = self.path(record.id)
        if path.exists():
            raise StoreError(f"a session file {path.name} already exists")
        write_json_atomically(path, stamp({TABLE: {"1": record_to_doc(record)}}, self._schema.kind,
                                          self._schema.version))

    def save(self, record: SessionRecord) -> None:
        # A page still holding a session that was finished, discarded or restored away
        # must not bring its old log back to life.
        if not self.path(record.id).exists():
            raise SessionNotFound(f"The session {record.id} is no longer here (finished, discarded or "
                                  "replaced by a restore); nothing was written.")
        self._write(record)

    def _write(self, record: SessionRecord) -> None:
        db = open_database(self.path(record.id), self._schema)
        with db.locked() as tdb:
            tdb.table(TABLE).upsert(Document(record_to_doc(record), doc_id=1))

    def load(self, session_id: str) -> SessionRecord:
        path = self.path(session_id)
        if not path.exists():
            raise SessionNotFound(f"The session {session_id} is no longer here (finished or discarded).")
        db = open_database(path, self._schema)
        with db.locked() as tdb:
            doc = tdb.table(TABLE).get(doc_id=1)
        if doc is None:
            raise CorruptFileError(f"{path.name} holds no session")
        return record_from_doc(doc)

    def ids(self) -> list[str]:
        folder = self._root / SESSIONS_DIR
        return sorted(p.stem for p in folder.glob("*.json") if SESSION_ID.match(p.stem))

    def list_open(self) -> list[SessionRecord]:
        return [self.load(session_id) for session_id in self.ids()]

    def discard(self, session_id: str) -> None:
        self._move(session_id, self._root / DISCARDED_DIR)

    def undiscard(self, session_id: str) -> None:
        source = self._root / DISCARDED_DIR / f"{self.path(session_id).name}"
        if not source.exists():
            raise SessionNotFound(f"The discarded session {session_id} is gone.")
        os.replace(source, self.path(session_id))

    def finish(self, session_id: str) -> None:
        self._move(session_id, self._root / FINISHED_DIR)

    def close_all(self) -> None:
        for session_id in self.ids():
            close_database(self.path(session_id))

    def _move(self, session_id: str, folder: Path) -> None:
        path = self.path(session_id)
        if not path.exists():  # finished or discarded on another page a moment ago
            raise SessionNotFound(f"The session {session_id} is no longer here (finished or discarded).")
        close_database(path)
        folder.mkdir(parents=True, exist_ok=True)
        os.replace(path, folder / path.name)

