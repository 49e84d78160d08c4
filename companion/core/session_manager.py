"""The process's live sessions, shared by every page that shows them."""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from companion.core.actions import plain
from companion.core.errors import DomainError
from companion.core.session import DISCARDED, FINISHED, RESTORED, Clock, GameSession, SessionClosed
from companion.core.session_log import Rules, SessionLog, SessionRecord, replay


KEPT_DAYS = 30  # a discarded session is offered back for this long (its folder is kept longer)


class UnknownGame(DomainError):
    pass


class DamagedSession(DomainError):
    """A saved session whose log the rules refuse (a file changed by hand, or damaged)."""


class SessionManager:
    """The process's live sessions, shared by every page that shows them."""

    def __init__(self, log: SessionLog, games: Mapping[str, Rules[Any]], clock: Clock,
                 rng: random.Random | None = None) -> None:
        self._log = log
        self._rng = rng or random.SystemRandom()  # each new session's chance secret
        self._games = games
        self._clock = clock
        self._lock = threading.RLock()
        self._live: dict[str, GameSession[Any]] = {}
        self._saved_as: dict[str, str] = {}  # session id -> the play it was saved as (while the server runs)

    def rules(self, game: str) -> Rules[Any]:
        try:
            return self._games[game]
        except KeyError:
            raise UnknownGame(f"Companion does not know the game {game!r}.") from None

    def create(self, game: str, setup: Mapping[str, Any] | None = None, title: str | None = None) -> GameSession[Any]:
        """Start a new session; it is saved at once so it can be resumed."""
        rules = self.rules(game)
        setup = plain(setup or {})
        rules.initial_state(setup)  # a bad setup is refused before anything is saved
        now = self._clock().isoformat(timespec="seconds")
        record = SessionRecord(
            id=self._log.new_id(), game=game, title=title or rules.title, setup=setup,
            actions=(), undone=(), created=now, updated=now, chance=f"{self._rng.getrandbits(128):032x}",
        )
        self._log.create(record)
        with self._lock:
            session = self._live[record.id] = GameSession(record, rules, self._log, self._clock)
        return session

    def check(self, record: SessionRecord) -> None:
        """DomainError unless `record`'s log replays under its game's rules (a backup's session)."""
        replay(self.rules(record.game), record.setup, record.actions)

    def get(self, session_id: str) -> GameSession[Any]:
        """The live session `session_id`, loaded from disk on first use (from its newest saved state)."""
        with self._lock:
            session = self._live.get(session_id)
            if session is None:
                session = self._open(session_id, checked=False)
            return session

    def open_checked(self, session_id: str) -> GameSession[Any]:
        """The session as start-up opens it: from its newest state a start-up's replay reached (not one
        its live session saved: a bug in that chain could have let in a line the rules refuse, and a
        state saved after that line would hide it), its log after that replayed under its rules, and the
        state reached kept as checked for the next start. So every line of a log is replayed by a
        start-up, wherever it is, and once: a later start replays only the lines added since.
        DamagedSession when the rules refuse one."""
        with self._lock:
            session = self._live.get(session_id)
            return session if session is not None else self._open(session_id, checked=True)

    def _open(self, session_id: str, checked: bool) -> GameSession[Any]:
        record = self._log.load(session_id)
        rules = self.rules(record.game)  # a game this Companion does not know is no damage
        try:
            session = GameSession(record, rules, self._log, self._clock,
                                  self._log.snapshot(session_id, checked=checked), checked=checked)
        except DomainError as exc:
            raise DamagedSession(
                f"The saved session \"{record.title}\" ({session_id}) cannot be replayed: {exc} "
                "Its file is kept as it is; discard it in Unfinished sessions to start again.") from exc
        self._live[session_id] = session
        return session

    def open_records(self, game: str | None = None) -> list[SessionRecord]:
        """Unfinished sessions (of one game, if given), most recently changed first."""
        with self._lock:
            records = {r.id: r for r in self._log.list_open()}
            records.update({sid: s.record for sid, s in self._live.items() if sid in records})
        chosen = [r for r in records.values() if game is None or r.game == game]
        return sorted(chosen, key=lambda r: (r.updated, r.created, r.id), reverse=True)

    def over(self, session_id: str) -> bool:
        """Whether the session's game has come to its end (False for one that cannot be opened: it is listed,
        and says what is wrong when opened)."""
        try:
            session = self.get(session_id)
        except DomainError:
            return False
        return bool(getattr(session.rules, "ends", False)) and session.rules.over(session.state)

    def latest(self, game: str) -> GameSession[Any] | None:
        """The most recently changed unfinished session of `game`, if any."""
        records = self.open_records(game)
        return self.get(records[0].id) if records else None

    def draft(self, session_id: str, key: str) -> Any:
        """What a player typed into the form `key` of the session and has not sent (None: nothing): kept on
        disk as it is typed, so a browser that dies, or the phone that takes its player over, loses nothing."""
        return self._log.drafts(session_id).get(key)

    def keep_draft(self, session_id: str, key: str, value: Any) -> None:
        """Keep `value` (JSON; None: forget it, once sent) as the form's draft; SessionClosed once the session
        was finished, discarded or restored away."""
        with self._lock:
            live = self._live.get(session_id)
            if live is not None and live.closed:
                raise SessionClosed(live.closed)
            self._log.keep_draft(session_id, key, value)

    def discard(self, session_id: str) -> None:
        with self._lock:
            _close(self._live.pop(session_id, None), "This session was discarded.", DISCARDED)
            self._log.discard(session_id, self._clock())

    def discarded(self, days: int = KEPT_DAYS) -> list[tuple[SessionRecord, datetime]]:
        """The sessions discarded in the last `days` days (each can be brought back: `undiscard`), newest
        first, each with when."""
        found = self._log.discarded(self._clock() - timedelta(days=days))
        return sorted(found, key=lambda pair: pair[1], reverse=True)

    def undiscard(self, session_id: str) -> None:
        self._log.undiscard(session_id)

    def finish(self, session_id: str, saved_as: str | None = None) -> None:
        """The session takes no more actions (kept in `sessions/finished`); `saved_as`: the play it
        was saved as, which every page still showing it shows instead."""
        with self._lock:
            _close(self._live.pop(session_id, None), "This session was saved to History: it is finished.", FINISHED,
                   saved_as)
            if saved_as is not None:
                self._saved_as[session_id] = saved_as
            self._log.finish(session_id)

    def saved_as(self, session_id: str) -> str | None:
        """The play a session finished here was saved as (a page opened on the session's address
        after it was saved shows that play), or None."""
        with self._lock:
            return self._saved_as.get(session_id)

    def forget_all(self) -> None:
        """Drop every live session (after a restore replaced the files): a page still
        holding one can no longer write it back."""
        with self._lock:
            for session in self._live.values():
                session.close("Everything was just restored from a backup, so this screen was out of date. "
                              "It now shows what was restored.", RESTORED)
            self._live.clear()


def _close(session: GameSession[Any] | None, reason: str, ended: str, saved_as: str | None = None) -> None:
    if session is not None:
        session.close(reason, ended, saved_as)
