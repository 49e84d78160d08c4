"""A whole session record as one JSON document: the shape of a session in a backup, and
in the files of Companions before sessions had journals (`sessions/<id>.json`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.actions import Action, plain
from companion.core.session_log import SessionRecord
from companion.store.errors import CorruptFileError
from companion.store.migrations import Raw, stamp
from companion.store.shapes import ANY, DATE, TEXT, WHOLE, Doc, Items, Table, problem

TABLE = "session"
KIND, VERSION = "session", 1

# What Companion writes of a session (an action's data and the set-up are the rules' to read).
ACTION = Doc({"type": TEXT, "data": Table(ANY), "label": TEXT}, {"by": TEXT, "who": TEXT, "phone": TEXT})
RECORD = Doc({"id": TEXT, "game": TEXT, "title": TEXT, "setup": Table(ANY), "actions": Items(ACTION),
              "undone": Items(ACTION), "created": DATE, "updated": DATE}, {"chance": TEXT, "undo_from": WHOLE})


def record_to_doc(record: SessionRecord) -> dict[str, Any]:
    doc = {
        "id": record.id,
        "game": record.game,
        "title": record.title,
        "setup": plain(record.setup),
        "actions": [a.to_doc() for a in record.actions],
        "undone": [a.to_doc() for a in record.undone],
        "created": record.created,
        "updated": record.updated,
    }
    if record.chance:  # a session begun before it has none (and is written back as it was)
        doc["chance"] = record.chance
    if record.undo_from:
        doc["undo_from"] = record.undo_from
    return doc


def action_from_doc(doc: Any) -> Action | None:
    """The action a document just read from a file holds (its data is used as it is, not
    copied: nothing else holds it), or None when it is not one."""
    return None if problem(doc, ACTION) is not None else _action(doc)


def _action(doc: Mapping[str, Any]) -> Action:
    return Action(doc["type"], doc["data"], doc["label"], doc.get("by", ""), doc.get("who", ""),
                  doc.get("phone", ""))


def record_from_doc(doc: Mapping[str, Any]) -> SessionRecord:
    """Build a record from a saved document, or raise CorruptFileError naming the field."""
    for name, kind in (("id", str), ("game", str), ("title", str), ("setup", dict),
                       ("actions", list), ("undone", list), ("created", str), ("updated", str)):
        if not isinstance(doc.get(name), kind):
            raise CorruptFileError(f"its session field {name!r} is missing or not a {kind.__name__}")
    wrong = problem(doc, RECORD)
    if wrong is not None:
        raise CorruptFileError(f"its session's {wrong}")
    if not 0 <= doc.get("undo_from", 0) <= len(doc["actions"]):
        raise CorruptFileError(f"its session's undo_from is {doc['undo_from']}, past its {len(doc['actions'])} actions")
    return SessionRecord(
        id=doc["id"], game=doc["game"], title=doc["title"], setup=plain(doc["setup"]),
        actions=tuple(map(_action, doc["actions"])), undone=tuple(map(_action, doc["undone"])),
        created=doc["created"], updated=doc["updated"], chance=doc.get("chance", ""),
        undo_from=doc.get("undo_from", 0),
    )


def record_to_raw(record: SessionRecord) -> Raw:
    """`record` as a whole-session file's content (as a backup holds it)."""
    return stamp({TABLE: {"1": record_to_doc(record)}}, KIND, VERSION)


def record_from_raw(raw: Raw) -> SessionRecord:
    return record_from_doc(raw[TABLE]["1"])


def restored(raw: Raw) -> Raw:
    """A backup's session as a restore writes it: its history starts there (issue 63: the phone's Undo
    offered the last action of the laptop the backup came from): no Undo or Redo reaches before it."""
    record = record_from_raw(raw)
    return record_to_raw(replace(record, undone=(), undo_from=len(record.actions)))


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless the file holds exactly one valid session record."""
    docs = raw.get(TABLE, {})
    if list(docs) != ["1"]:
        raise CorruptFileError("it does not hold exactly one session")
    record_from_doc(docs["1"])
