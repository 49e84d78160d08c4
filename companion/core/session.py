"""Event-sourced game sessions: the log of actions is the truth.

A session's state is the replay of its actions through the game's pure rules.
Performing an action checks it against the rules, writes the new log to disk and
only then changes what the UI sees. Undo drops the last action (kept for redo)
and replays; both survive a restart because the whole log, redo stack included,
is saved.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from companion.core.errors import DomainError

S = TypeVar("S")


@dataclass(frozen=True)
class Action:
    """One thing a player did. `data` is JSON-able and carries every random outcome."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""

    def to_doc(self) -> dict[str, Any]:
        return {"type": self.type, "data": plain(self.data), "label": self.label}

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Action:
        return cls(type=doc["type"], data=plain(doc["data"]), label=doc["label"])


def plain(value: Any) -> Any:
    """A deep, independent copy built from plain dicts and lists."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


class Rules(Protocol[S]):
    """The pure rules of one kind of session (a game, or the table tools)."""

    game: str
    title: str

    def initial_state(self, setup: Mapping[str, Any]) -> S: ...

    def apply(self, state: S, action: Action) -> S:
        """The state after `action`, or raise DomainError saying why it is not allowed."""
        ...


@dataclass(frozen=True)
class SessionRecord:
    """Everything saved about one session."""

    id: str
    game: str
    title: str
    setup: Mapping[str, Any]
    actions: tuple[Action, ...]
    undone: tuple[Action, ...]  # the redo stack: the last one is redone first
    created: str
    updated: str


def replay(rules: Rules[S], setup: Mapping[str, Any], actions: Sequence[Action]) -> S:
    """The state reached by applying `actions` in order from the initial state."""
    state = rules.initial_state(setup)
    for action in actions:
        state = rules.apply(state, action)
    return state


class SessionLog(Protocol):
    """Where session records are kept (implemented by `store.sessions`)."""

    def new_id(self) -> str: ...

    def save(self, record: SessionRecord) -> None: ...

    def load(self, session_id: str) -> SessionRecord: ...

    def list_open(self) -> list[SessionRecord]: ...

    def discard(self, session_id: str) -> None: ...

    def undiscard(self, session_id: str) -> None: ...

    def finish(self, session_id: str) -> None: ...


Clock = Callable[[], datetime]


class NothingToUndo(DomainError):
    pass


class GameSession(Generic[S]):
    """A live session: its record, its current state, undo and redo."""

    def __init__(self, record: SessionRecord, rules: Rules[S], log: SessionLog, clock: Clock) -> None:
        self._rules = rules
        self._log = log
        self._clock = clock
        self._lock = threading.RLock()
        self._record = record
        self._state = replay(rules, record.setup, record.actions)

    @property
    def id(self) -> str:
        return self._record.id

    @property
    def record(self) -> SessionRecord:
        return self._record

    @property
    def state(self) -> S:
        return self._state

    @property
    def rules(self) -> Rules[S]:
        return self._rules

    @property
    def undo_label(self) -> str | None:
        """'Undo: roll 3 dice', or None when there is nothing to undo."""
        actions = self._record.actions
        return f"Undo: {actions[-1].label}" if actions else None

    @property
    def redo_label(self) -> str | None:
        undone = self._record.undone
        return f"Redo: {undone[-1].label}" if undone else None

    def perform(self, action: Action) -> S:
        """Apply `action`; it is on disk before the new state is returned."""
        with self._lock:
            new_state = self._rules.apply(self._state, action)
            record = replace(self._record, actions=self._record.actions + (action,), undone=())
            self._commit(record, new_state)
            return new_state

    def undo(self) -> Action:
        """Take back the last action; it goes on the redo stack."""
        with self._lock:
            if not self._record.actions:
                raise NothingToUndo("There is nothing to undo.")
            *kept, last = self._record.actions
            record = replace(self._record, actions=tuple(kept), undone=self._record.undone + (last,))
            self._commit(record, replay(self._rules, record.setup, record.actions))
            return last

    def redo(self) -> Action:
        """Do again the action undone last."""
        with self._lock:
            if not self._record.undone:
                raise NothingToUndo("There is nothing to redo.")
            *rest, action = self._record.undone
            new_state = self._rules.apply(self._state, action)
            record = replace(self._record, actions=self._record.actions + (action,), undone=tuple(rest))
            self._commit(record, new_state)
            return action

    def _commit(self, record: SessionRecord, state: S) -> None:
        record = replace(record, updated=self._clock().isoformat(timespec="seconds"))
        self._log.save(record)
        self._record = record
        self._state = state


class UnknownGame(DomainError):
    pass


class DamagedSession(DomainError):
    """A saved session whose log the rules refuse (a file changed by hand, or damaged)."""


class SessionManager:
    """The process's live sessions, shared by every page that shows them."""

    def __init__(self, log: SessionLog, games: Mapping[str, Rules[Any]], clock: Clock) -> None:
        self._log = log
        self._games = games
        self._clock = clock
        self._lock = threading.RLock()
        self._live: dict[str, GameSession[Any]] = {}

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
            actions=(), undone=(), created=now, updated=now,
        )
        self._log.save(record)
        with self._lock:
            session = self._live[record.id] = GameSession(record, rules, self._log, self._clock)
        return session

    def get(self, session_id: str) -> GameSession[Any]:
        """The live session `session_id`, loaded from disk on first use."""
        with self._lock:
            session = self._live.get(session_id)
            if session is None:
                record = self._log.load(session_id)
                try:
                    session = GameSession(record, self.rules(record.game), self._log, self._clock)
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

    def latest(self, game: str) -> GameSession[Any] | None:
        """The most recently changed unfinished session of `game`, if any."""
        records = self.open_records(game)
        return self.get(records[0].id) if records else None

    def discard(self, session_id: str) -> None:
        with self._lock:
            self._live.pop(session_id, None)
            self._log.discard(session_id)

    def undiscard(self, session_id: str) -> None:
        self._log.undiscard(session_id)

    def finish(self, session_id: str) -> None:
        with self._lock:
            self._live.pop(session_id, None)
            self._log.finish(session_id)

    def forget_all(self) -> None:
        """Drop every live session (after a restore replaced the files)."""
        with self._lock:
            self._live.clear()
