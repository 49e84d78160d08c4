"""A session folder's saved states: the files, which rules made them, how one is read.

A saved state is a shortcut for replaying the log up to its place (see `journal`): its name says
how many lines and actions of the log it covers, and `.checked` in it that a start-up's replay of the
log reached it (not the live session's own chain of states). An earlier Companion reads no `.checked`
state (its pattern did not take one), so none of them is damage to it.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path
from typing import Any

import companion
from companion.core.inputs import InputError, parse_json
from companion.store.errors import CorruptFileError
from companion.store.storage import SUM, check_seal, unsealed

FORMAT = 1  # of a session folder's files: its head's and its saved states'
STATE_KIND = "session-state"
KEEP_STATES = 2  # of each kind: saved by the live session, and checked
CHECKED = ".checked"  # in the name of a state a start-up's replay reached
STATE = re.compile(r"^state-(\d+)-(\d+)(\.checked)?\.json$")
STATE_KEYS = frozenset({"kind", "format", "base", "rules", "lines", "log", "actions", "state"})


@functools.cache
def rules_fingerprint() -> str:
    """Which rules computed a saved state: Companion's version and its rules' source (read once)."""
    digest = hashlib.sha256(companion.__version__.encode())
    package = Path(companion.__file__).parent
    for path in sorted([*(package / "core").rglob("*.py"), *(package / "games").rglob("*.py")]):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def state_files(folder: Path) -> list[Path]:
    """The saved states in a session folder, newest (most lines) first, a checked one first at one place."""
    found = [(int(m[1]), int(m[2]), bool(m[3]), p) for p in folder.glob("state-*.json") if (m := STATE.match(p.name))]
    return [t[3] for t in sorted(found, key=lambda t: t[:3], reverse=True)]


def is_checked(path: Path) -> bool:
    """Whether the saved state at `path` was reached by a start-up's replay of the log."""
    return path.name.endswith(f"{CHECKED}.json")


def read_state(path: Path, sealed: bool) -> tuple[dict[str, Any], str | None]:
    """A saved state's file, checked for shape (its state is read by the caller), and what is
    wrong with its checksum, or None (`sealed`: it must have one). That problem is the caller's to
    raise once it has decoded the state: what decoding finds is said first, it says more."""
    try:
        data = path.read_bytes()
        doc = parse_json(data, path.name) if data.strip() else None
    except (OSError, InputError) as exc:
        raise CorruptFileError(f"it cannot be read ({exc})") from exc
    problem = None
    try:
        had = check_seal(data)
    except CorruptFileError as exc:
        had, problem = True, str(exc)
    if isinstance(doc, dict):
        try:
            unsealed(dict(doc), had, STATE_KEYS)
        except CorruptFileError as exc:
            problem = problem or str(exc)
        problem = problem or (None if had or not sealed else "it has no checksum")
        doc.pop(SUM, None)
    match = STATE.match(path.name)
    if not (isinstance(doc, dict) and doc.get("kind") == STATE_KIND and doc.get("format") == FORMAT
            and all(isinstance(doc.get(k), str) for k in ("base", "rules")) and "state" in doc
            and match and doc.get("lines") == int(match[1]) and doc.get("actions") == int(match[2])):
        raise CorruptFileError("it is not a saved state of this session")
    return doc, problem
