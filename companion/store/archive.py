"""The archive of finished plays (`archive.json`)."""

from __future__ import annotations

from datetime import datetime

from tinydb import Query

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.store.db import Database
from companion.store.errors import CorruptFileError
from companion.store.migrations import Raw

TABLE = "plays"


class PlayNotFound(DomainError):
    pass


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless every play record can be read back and shown."""
    for doc_id, doc in raw.get(TABLE, {}).items():
        try:
            play = Play.from_doc(doc)
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptFileError(f"its play record {doc_id} is not valid ({exc!r})") from None
        problem = _problem(play)
        if problem:
            raise CorruptFileError(f"its play record {doc_id} {problem}")


def _problem(play: Play) -> str | None:
    """What in a play read back would break the History screen, or None."""
    if not all(isinstance(t, str) for t in (play.id, play.game, play.played_at)) or not play.id:
        return "has an id, game or date that is not text"
    try:
        datetime.fromisoformat(play.played_at)
    except ValueError:
        return f"has a date that is not a date ({play.played_at!r})"
    if not isinstance(play.entry, dict):
        return "has an entry that is not an object"
    if not all(isinstance(w, str) for w in play.winners):
        return "has a winner that is not a name"
    for r in play.results:
        if not isinstance(r.name, str) or not all(isinstance(b.rule, str) for b in r.breakdown):
            return "has a name or a scoring rule that is not text"
        numbers = (r.total, r.rank, *(x for b in r.breakdown for x in (b.count, b.points)))
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            return "has a score that is not a whole number"
    return None


class PlayArchive:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, play: Play) -> None:
        """File `play`; filing it again (its id already there) replaces it: no duplicate,
        whatever a crash repeated."""
        with self._db.locked() as db:
            db.table(TABLE).upsert(play.to_doc(), Query().id == play.id)

    def add_many(self, plays: list[Play]) -> None:
        """Add several plays in one write (imports, benchmarks)."""
        with self._db.locked() as db:
            db.table(TABLE).insert_multiple(p.to_doc() for p in plays)

    def all(self) -> list[Play]:
        """Every play, newest first."""
        with self._db.locked() as db:
            docs = db.table(TABLE).all()
        return sorted((Play.from_doc(d) for d in docs), key=lambda p: (p.played_at, p.id), reverse=True)

    def count(self) -> int:
        with self._db.locked() as db:
            return len(db.table(TABLE))

    def get(self, play_id: str) -> Play:
        with self._db.locked() as db:
            doc = db.table(TABLE).get(Query().id == play_id)
        if doc is None:
            raise PlayNotFound(f"That play ({play_id}) is no longer in the history.")
        return Play.from_doc(doc)

    def replace(self, play: Play) -> None:
        with self._db.locked() as db:
            if not db.table(TABLE).update(play.to_doc(), Query().id == play.id):
                raise PlayNotFound(f"That play ({play.id}) is no longer in the history.")

    def delete(self, play_id: str) -> Play:
        """Remove a play and return it, so the caller can offer to undo."""
        play = self.get(play_id)
        with self._db.locked() as db:
            db.table(TABLE).remove(Query().id == play_id)
        return play
