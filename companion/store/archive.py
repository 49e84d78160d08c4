"""The archive of finished plays (`archive.json`), and the plays deleted from it in the last KEPT_DAYS days
(its table `deleted`, each with when it was deleted: offered back on History, issue 63)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from tinydb import Query

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.store.db import Database
from companion.store.errors import CorruptFileError
from companion.store.game_docs import entry_shape
from companion.store.migrations import Raw
from companion.store.shapes import DATE, TEXT, UNREAD, WHOLE, Doc, Items, Text, problem, shown

TABLE = "plays"
DELETED = "deleted"  # a play's record and its "deleted_at"; read leniently (an unreadable one is not offered)
DELETED_AT = "deleted_at"
KEPT_DAYS = 30  # a deleted play is offered back for this long, then forgotten at the next delete

LINE = Doc({"rule": TEXT, "count": WHOLE, "points": WHOLE})
RESULT = Doc({"name": TEXT, "total": WHOLE, "rank": WHOLE, "breakdown": Items(LINE)})
PLAY = Doc({"id": Text(filled=True), "game": TEXT, "played_at": DATE, "results": Items(RESULT),
            "winners": Items(TEXT), "entry": UNREAD},  # an entry is its game's (`game_docs`)
           # "tie": the words on a tie for the win (`Play.tie`; none in plays filed before them); a start
           # seat or a length that is not one reads as not known (`Play.from_doc`)
           {"location": TEXT, "tie": TEXT, "note": TEXT})


class PlayNotFound(DomainError):
    pass


class PlayNotValid(DomainError):
    pass


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless every play record can be read back and shown, and is one Companion
    could have written (its entry: the types its game writes; see `game_docs`)."""
    for doc_id, doc in raw.get(TABLE, {}).items():
        wrong = record_problem(doc)
        if wrong:
            raise CorruptFileError(f"its play record {doc_id} {wrong}")


def record_problem(doc: dict) -> str | None:
    """What is wrong with a play's record ("is not valid: ..."), or None."""
    wrong = problem(doc, PLAY) or problem(doc["entry"], entry_shape(doc["game"]), "entry")
    if wrong is None:
        return None
    try:  # said as before where it was said before
        play = Play.from_doc(doc)
    except (KeyError, TypeError, ValueError) as exc:
        return f"is not valid ({exc!r})"
    return _problem(play) or f"is not valid: {wrong}"


def _problem(play: Play) -> str | None:
    """What in a play read back would break the History screen, or None."""
    if not all(isinstance(t, str) for t in (play.id, play.game, play.played_at)) or not play.id:
        return "has an id, game or date that is not text"
    try:
        datetime.fromisoformat(play.played_at)
    except ValueError:
        return f"has a date that is not a date ({shown(play.played_at)})"
    if not isinstance(play.location, str):
        return "has a location that is not text"
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
    """The finished plays. Reading them all is kept (History, stats and exports read the whole
    archive on every screen; 10,000 plays take about half a second to read and parse) until the
    file changes: by a write here, a restore, or anything else that replaces it."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._cache: tuple[tuple[int, int, int], tuple[Play, ...]] | None = None

    def _file_id(self) -> tuple[int, int, int]:
        try:
            st = self._db.path.stat()
        except FileNotFoundError:
            return (0, 0, 0)
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def add(self, play: Play) -> None:
        """File `play`; filing it again (its id already there) replaces it: no duplicate,
        whatever a crash repeated."""
        with self._db.locked() as db:
            self._cache = None
            db.table(TABLE).upsert(play.to_doc(), Query().id == play.id)

    def add_many(self, plays: list[Play]) -> None:
        """Add several plays in one write (imports, benchmarks)."""
        with self._db.locked() as db:
            self._cache = None
            db.table(TABLE).insert_multiple(p.to_doc() for p in plays)

    def exchange(self, put: list[Play], remove: Sequence[str] = ()) -> list[Play]:
        """In one write, file `put` (a play whose id is there already replaces it) and remove the
        plays of ids `remove`; return the plays replaced or removed, so the caller can undo. A play that
        Companion could not have written (a BG Stats file's, changed) is refused by name: nothing changes."""
        for play in put:
            wrong = record_problem(play.to_doc())
            if wrong:
                raise PlayNotValid(f"The play {shown(play.id)} cannot be kept: it {wrong}.")
        with self._db.locked():
            raw = self._db.snapshot()
            docs = raw.setdefault(TABLE, {})
            where = {doc["id"]: key for key, doc in docs.items()}
            gone = [Play.from_doc(docs.pop(where.pop(i))) for i in dict.fromkeys(remove) if i in where]
            next_key = max(map(int, docs), default=0) + 1
            for play in put:
                if play.id in where:
                    gone.append(Play.from_doc(docs[where[play.id]]))
                else:
                    where[play.id] = str(next_key)
                    next_key += 1
                docs[where[play.id]] = play.to_doc()
            self._cache = None
            self._db.replace(raw)
        return gone

    def all(self) -> list[Play]:
        """Every play, newest first."""
        return list(self.newest_first())

    def newest_first(self) -> tuple[Play, ...]:
        """Every play, newest first, shared (not copied): read again only when the file changed."""
        with self._db.locked() as db:
            file_id = self._file_id()
            if self._cache is not None and self._cache[0] == file_id:
                return self._cache[1]
            docs = db.table(TABLE).all()
            plays = tuple(sorted((Play.from_doc(d) for d in docs), key=lambda p: (p.played_at, p.id), reverse=True))
            self._cache = (file_id, plays)
            return plays

    def count(self) -> int:
        return len(self.newest_first())

    def get(self, play_id: str) -> Play:
        for play in self.newest_first():
            if play.id == play_id:
                return play
        raise PlayNotFound(f"That play ({play_id}) is no longer in the history.")

    def replace(self, play: Play) -> None:
        with self._db.locked() as db:
            self._cache = None
            if not db.table(TABLE).update(play.to_doc(), Query().id == play.id):
                raise PlayNotFound(f"That play ({play.id}) is no longer in the history.")

    def delete(self, play_id: str, at: datetime) -> Play:
        """Move a play to the deleted ones (`at`: now) and return it, in one write; deleted ones older than
        KEPT_DAYS are forgotten by it."""
        play = self.get(play_id)

        def change(docs: dict, deleted: dict) -> None:
            limit = at - timedelta(days=KEPT_DAYS)
            for key in [k for k, d in docs.items() if _id(d) == play_id]:
                del docs[key]
            for key in [k for k, d in deleted.items() if _id(d) == play_id or not _since(d, limit)]:
                del deleted[key]
            deleted[_next_key(deleted)] = {**play.to_doc(), DELETED_AT: at.isoformat()}

        self._write(change)
        return play

    def deleted(self, now: datetime) -> list[tuple[Play, datetime]]:
        """The plays deleted in the last KEPT_DAYS days, with when, the latest first."""
        limit = now - timedelta(days=KEPT_DAYS)
        with self._db.locked() as db:
            docs = db.table(DELETED).all()
        found = [(Play.from_doc(_body(d)), _when(d)) for d in docs if _since(d, limit) and _readable(d)]
        return sorted(found, key=lambda pair: pair[1], reverse=True)

    def bring_back(self, play_id: str) -> Play:
        """A deleted play filed again, in one write (PlayNotFound: it is not among the deleted now)."""
        back: list[Play] = []

        def change(docs: dict, deleted: dict) -> None:
            keys = [k for k, d in deleted.items() if _id(d) == play_id and _readable(d)]
            if not keys:
                raise PlayNotFound("That play is no longer among the deleted ones: brought back already?")
            body = _body(deleted.pop(keys[-1]))
            for key in [k for k, d in deleted.items() if _id(d) == play_id]:
                del deleted[key]
            for key in [k for k, d in docs.items() if _id(d) == play_id]:
                del docs[key]
            docs[_next_key(docs)] = body
            back.append(Play.from_doc(body))

        self._write(change)
        return back[0]

    def _write(self, change) -> None:
        """`change(plays, deleted)` made to the file's two tables, written at once."""
        with self._db.locked():
            raw = self._db.snapshot()
            change(raw.setdefault(TABLE, {}), raw.setdefault(DELETED, {}))
            self._cache = None
            self._db.replace(raw)


def _id(doc: object) -> object:
    return doc.get("id") if isinstance(doc, dict) else None


def _next_key(table: dict) -> str:
    """The next document id of a TinyDB table (its keys are numbers in text)."""
    return str(max((int(k) for k in table if k.isdigit()), default=0) + 1)


def _body(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != DELETED_AT}


def _readable(doc: object) -> bool:
    """A deleted play's record that reads back as a play Companion could have written."""
    return isinstance(doc, dict) and isinstance(doc.get("game"), str) and record_problem(_body(doc)) is None


def _when(doc: dict) -> datetime | None:
    """When a deleted play was deleted (None: not said as a time)."""
    text = doc.get(DELETED_AT) if isinstance(doc, dict) else None
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def _since(doc: dict, limit: datetime) -> bool:
    when = _when(doc)
    try:
        return when is not None and when >= limit
    except TypeError:  # a time without its offset, from an edited file
        return False
