"""Event-sourced game sessions: the log of actions is the truth.

A session's state is the replay of its actions through the game's pure rules.
Performing an action checks it against the rules, adds the change to the log on disk
and only then changes what the UI sees. Every action records who made it; a player's
Undo takes back that player's own last action (kept for redo) when the log still
replays without it. Both survive a restart: each change (an action done, undone or
redone) is written as it happens, and the log and redo stack are rebuilt from them.

A long log is never replayed from its first action: the session keeps the states it
reached (`Checkpoints`) and saves one every `SNAPSHOT_EVERY` actions, so Undo, Redo
and opening the session again start from the nearest one.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

from companion.core.checkpoints import Checkpoints
from companion.core.errors import DomainError

S = TypeVar("S")
Part = tuple[Any, ...]  # a part of a state: () is all of it, ("sheet", 2) one player's sheet


@dataclass(frozen=True)
class Footprint:
    """The parts of the state an action depends on (`reads`) and changes (`writes`)."""

    reads: tuple[Part, ...] = ((),)
    writes: tuple[Part, ...] = ((),)


WHOLE_STATE = Footprint()

TABLE = "table"  # the author of actions made on the phone passed around the table


@dataclass(frozen=True)
class Actor:
    """Who acts on a page: a roster player (by id), or the whole table.

    `undoes_anyone`: whose Undo takes back the last action of anyone (the whole
    table's phone and the host), not only their own.
    """

    id: str = TABLE
    name: str = "The whole table"
    undoes_anyone: bool = True


@dataclass(frozen=True)
class Action:
    """One thing a player did. `data` is JSON-able and carries every random outcome;
    `by` is who did it (a player's id, TABLE, or "" in logs older than identities) and
    `who` their name at the time."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    by: str = ""
    who: str = ""

    def to_doc(self) -> dict[str, Any]:
        doc = {"type": self.type, "data": plain(self.data), "label": self.label}
        if self.by:
            doc["by"] = self.by
        if self.who:
            doc["who"] = self.who
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Action:
        return cls(type=doc["type"], data=plain(doc["data"]), label=doc["label"],
                   by=doc.get("by", ""), who=doc.get("who", ""))


def plain(value: Any) -> Any:
    """A deep, independent copy built from plain dicts and lists."""
    kind = type(value)  # the usual kinds first: an ABC isinstance check costs more than a copy
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): plain(v) for k, v in value.items()}
    if kind is list:
        return [plain(v) for v in value]
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

    # Optional: `footprint(action) -> Footprint`, the parts of the state an action
    # reads and changes. An action whose reads no other action's writes touch, and the
    # other way round, commutes with it; without it every action touches the whole state.


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


DONE, UNDONE, REDONE = "do", "undo", "redo"


@dataclass(frozen=True)
class Change:
    """One change to a session's log, as its journal keeps it: an action done (`action`),
    the log's action at `index` taken back (it goes on the redo stack), or the redo
    stack's entry at `index` done again (it goes at the end of the log)."""

    kind: str  # DONE, UNDONE or REDONE
    action: Action | None = None
    index: int = -1


def check_change(actions: Sequence[Action], undone: Sequence[Action], change: Change) -> None:
    """IndexError unless `change` fits this log and redo stack (what it takes back is there)."""
    stack = actions if change.kind == UNDONE else undone if change.kind == REDONE else None
    if change.kind not in (DONE, UNDONE, REDONE) or (change.kind == DONE and change.action is None):
        raise IndexError(f"{change.kind!r} is not a change to a log")
    if stack is not None and not 0 <= change.index < len(stack):
        raise IndexError(f"there is nothing at place {change.index} to {change.kind}")


def apply_change(actions: list[Action], undone: list[Action], change: Change) -> int:
    """Change the log and the redo stack in place as `change` says; return the place in the
    log it changed (everything before it is as it was). IndexError when it does not fit.
    Your new action ends your redo: it clears your entries from the redo stack."""
    check_change(actions, undone, change)
    if change.kind == DONE:
        assert change.action is not None
        if any(a.by == change.action.by for a in undone):
            undone[:] = [a for a in undone if a.by != change.action.by]
        actions.append(change.action)
        return len(actions) - 1
    if change.kind == UNDONE:
        undone.append(actions.pop(change.index))
        return change.index
    actions.append(undone.pop(change.index))
    return len(actions) - 1


def replay(rules: Rules[S], setup: Mapping[str, Any], actions: Sequence[Action]) -> S:
    """The state reached by applying `actions` in order from the initial state."""
    state = rules.initial_state(setup)
    for action in actions:
        state = rules.apply(state, action)
    return state


class SessionLog(Protocol):
    """Where session logs are kept (implemented by `store.sessions`)."""

    def new_id(self) -> str: ...

    def create(self, record: SessionRecord) -> None:
        """Save a new session."""
        ...

    def record_change(self, session_id: str, change: Change, updated: str) -> None:
        """Add `change` (made at `updated`) to a session's log, on disk before it returns;
        refused when the session was finished, discarded or restored away."""
        ...

    def load(self, session_id: str) -> SessionRecord: ...

    def snapshot(self, session_id: str) -> tuple[int, Any] | None:
        """The newest saved state that the log still leads to: (how many of its actions
        it covers, the state), or None."""
        ...

    def save_snapshot(self, session_id: str, actions: int, state: Any) -> None:
        """Keep `state`, reached by the first `actions` actions of the log as it is now."""
        ...

    def list_open(self) -> list[SessionRecord]: ...

    def discard(self, session_id: str) -> None: ...

    def undiscard(self, session_id: str) -> None: ...

    def finish(self, session_id: str) -> None: ...


Clock = Callable[[], datetime]


class NothingToUndo(DomainError):
    pass


class UndoBlocked(DomainError):
    """The log does not replay without the action to take back: a later one depends on it."""


class StaleTap(DomainError):
    """A tap made on a screen that another phone's action changed before the tap arrived."""


class SessionClosed(DomainError):
    """The session was finished, discarded or replaced by a restore: it takes no more actions."""


@dataclass(frozen=True)
class Commit:
    """One change to a live session, kept for a while to check taps that were on their way."""

    revision: int
    origin: str | None  # the page that made it
    writes: tuple[Part, ...]
    what: str


RECENT_COMMITS = 512  # how far back a late tap can be checked (a tap older than that is refused)


def described(action: Action) -> str:
    """The action's label naming who made it: 'roll 2 d6 (Ana)'."""
    if not action.who or action.label.startswith(f"{action.who} ") or action.label.startswith(f"{action.who}:"):
        return action.label
    return f"{action.label} ({action.who})"


def button_label(verb: str, action: Action | None) -> str | None:
    """'Undo: roll 2 d6 (Ana)', or None when there is nothing to take back."""
    return f"{verb}: {described(action)}" if action is not None else None


def overlaps(a: Part, b: Part) -> bool:
    """Whether two parts of a state meet (one holds the other)."""
    return a[:len(b)] == b or b[:len(a)] == a


def touches(parts: Sequence[Part], others: Sequence[Part]) -> bool:
    return any(overlaps(a, b) for a in parts for b in others)


def independent(a: Footprint, b: Footprint) -> bool:
    """Neither action changes what the other reads or writes: in either order, the same state."""
    return not (touches(a.writes, b.reads) or touches(b.writes, a.reads) or touches(a.writes, b.writes))


SNAPSHOT_EVERY = 100  # actions between two saved states: what opening a session replays at most

log = logging.getLogger(__name__)


class GameSession(Generic[S]):
    """A live session: its log, its current state, undo and redo.

    Every change gets a revision number. A page says which revision it showed when a
    tap was made (`seen`); an action is refused when another page changed a part of the
    state it depends on since then, so nothing is decided on a stale screen.

    `snapshot`: a saved state and how many of the log's actions it covers, to start
    from instead of the first action.
    """

    def __init__(self, record: SessionRecord, rules: Rules[S], log: SessionLog, clock: Clock,
                 snapshot: tuple[int, S] | None = None) -> None:
        self._rules = rules
        self._log = log
        self._clock = clock
        self._lock = threading.RLock()
        self._record: SessionRecord | None = record
        self._head = record
        self._actions = list(record.actions)
        self._undone = list(record.undone)
        self._updated = record.updated
        self._checkpoints: Checkpoints[S] = Checkpoints(rules.initial_state(record.setup), SNAPSHOT_EVERY)
        self._saved_at = 0  # how many actions the newest saved state still valid covers
        self._state = self._resume(snapshot)
        self._revision = 0
        self._commits: deque[Commit] = deque(maxlen=RECENT_COMMITS)
        self._closed: str | None = None

    def _resume(self, snapshot: tuple[int, S] | None) -> S:
        """The state the log leads to, from the saved one when it fits (else from the start)."""
        if snapshot is not None and 0 <= snapshot[0] <= len(self._actions):
            try:
                state = self._replay_from(*snapshot)
                self._saved_at = snapshot[0]
                return state
            except DomainError:  # saved by other rules than these: the log says what is true
                log.warning("session %s: its saved state does not fit its log; replayed from the start", self.id)
                self._checkpoints.drop_after(0)
        return self._replay_from(0, self._checkpoints.nearest(0)[1])

    def _replay_from(self, start: int, state: S) -> S:
        self._checkpoints.add(start, state)
        for position, action in enumerate(self._actions[start:], start + 1):
            state = self._rules.apply(state, action)
            self._checkpoints.add(position, state)
        return state

    @property
    def id(self) -> str:
        return self._head.id

    @property
    def record(self) -> SessionRecord:
        """The session as saved: its log and redo stack as they are now."""
        with self._lock:
            if self._record is None:
                self._record = replace(self._head, actions=tuple(self._actions), undone=tuple(self._undone),
                                       updated=self._updated)
            return self._record

    @property
    def state(self) -> S:
        return self._state

    @property
    def rules(self) -> Rules[S]:
        return self._rules

    @property
    def revision(self) -> int:
        """Counts the changes since the session was loaded."""
        return self._revision

    @property
    def closed(self) -> str | None:
        """Why the session takes no more actions, or None while it is open."""
        return self._closed

    def footprint(self, action: Action) -> Footprint:
        """What `action` reads and changes (the whole state unless the rules say less)."""
        footprint_of = getattr(self._rules, "footprint", None)
        return footprint_of(action) if footprint_of is not None else WHOLE_STATE

    # What Undo and Redo would take back --------------------------------------------

    def undo_target(self, actor: Actor | None = None) -> Action | None:
        """The action `actor`'s Undo takes back: their own last one (anyone's for the whole table or the host)."""
        with self._lock:  # the log is changed in place by other pages' taps
            return _last_by(self._actions, actor)[1]

    def redo_target(self, actor: Actor | None = None) -> Action | None:
        with self._lock:
            return _last_by(self._undone, actor)[1]

    def undo_label_for(self, actor: Actor | None = None) -> str | None:
        """'Undo: roll 3 dice (Ana)', or None when `actor` has nothing to undo."""
        return button_label("Undo", self.undo_target(actor))

    def redo_label_for(self, actor: Actor | None = None) -> str | None:
        return button_label("Redo", self.redo_target(actor))

    @property
    def undo_label(self) -> str | None:
        return self.undo_label_for(None)

    @property
    def redo_label(self) -> str | None:
        return self.redo_label_for(None)

    # Changes -----------------------------------------------------------------------

    def perform(self, action: Action, actor: Actor | None = None, seen: int | None = None,
                origin: str | None = None) -> S:
        """Apply `action` made by `actor` on a page (`origin`) that showed revision `seen`;
        it is on disk before the new state is returned."""
        with self._lock:
            self._check_open()
            footprint = self.footprint(action)
            self._check_fresh(footprint.reads, seen, origin)
            action = _stamped(action, actor)
            new_state = self._rules.apply(self._state, action)
            self._commit(Change(DONE, action), [(len(self._actions) + 1, new_state)], origin, footprint.writes,
                         described(action))
            return new_state

    def undo(self, actor: Actor | None = None, expected: Action | None = None, origin: str | None = None) -> Action:
        """Take back `actor`'s last action (it goes on the redo stack) when the log still replays
        without it. `expected`: the action the Undo button showed, refused if it is no longer the one."""
        with self._lock:
            index, target = self._pick(self._actions, actor, expected, "Undo")
            states = self._replay_without(index, target)
            self._commit(Change(UNDONE, index=index), states, origin, WHOLE_STATE.writes,
                         f"undo “{described(target)}”")
            return target

    def redo(self, actor: Actor | None = None, expected: Action | None = None, origin: str | None = None) -> Action:
        """Do again `actor`'s action undone last; it goes at the end of the log."""
        with self._lock:
            index, target = self._pick(self._undone, actor, expected, "Redo")
            new_state = self._rules.apply(self._state, target)
            self._commit(Change(REDONE, index=index), [(len(self._actions) + 1, new_state)], origin,
                         WHOLE_STATE.writes, f"redo “{described(target)}”")
            return target

    def close(self, reason: str) -> None:
        """Take no more actions from now on (the session was finished, discarded or replaced)."""
        with self._lock:
            self._closed = self._closed or reason

    def _pick(self, stack: list[Action], actor: Actor | None, expected: Action | None,
              verb: str) -> tuple[int, Action]:
        """Where in `stack` the action `actor`'s Undo (or Redo) takes back is, and that action."""
        self._check_open()
        index, target = _last_by(stack, actor)
        if target is None:
            raise NothingToUndo(_nothing(verb.lower(), actor))
        _check_expected(target, expected, verb)
        return index, target

    def _check_open(self) -> None:
        if self._closed:
            raise SessionClosed(self._closed)

    def _check_fresh(self, reads: tuple[Part, ...], seen: int | None, origin: str | None) -> None:
        if seen is None or seen >= self._revision:
            return
        if not self._commits or seen < self._commits[0].revision - 1:
            raise StaleTap("This screen was out of date when your tap arrived, so it was not recorded. "
                           "Look again, and tap again if you still want it.")
        for commit in self._commits:
            if commit.revision > seen and commit.origin != origin and touches(reads, commit.writes):
                raise StaleTap(f"Just before your tap: {commit.what}. Your tap was not recorded; "
                               "look again, and tap again if you still want it.")

    def _replay_without(self, index: int, target: Action) -> list[tuple[int, S]]:
        """The states the log reaches without its action at `index` (by how many actions they
        cover), from the nearest state kept before it: UndoBlocked when a later action needs it."""
        start, state = self._checkpoints.nearest(index)
        states = [(start, state)]
        for i in range(start, len(self._actions)):
            if i == index:
                continue
            action = self._actions[i]
            try:
                state = self._rules.apply(state, action)
            except DomainError as exc:
                if i < index:  # the log was already broken before the action: not this undo's doing
                    raise
                raise UndoBlocked(f"“{described(target)}” cannot be undone: the later “{described(action)}” "
                                  f"depends on it ({exc}). Undo that one first.") from exc
            states.append((len(states) + start, state))
        return states

    def _commit(self, change: Change, states: list[tuple[int, S]], origin: str | None,
                writes: tuple[Part, ...], what: str) -> None:
        """Write `change` to disk, then make it the session's. `states`: states the changed log
        reaches, by how many of its actions they cover; the last one is the new state."""
        updated = self._clock().isoformat(timespec="seconds")
        self._log.record_change(self.id, change, updated)
        at = apply_change(self._actions, self._undone, change)
        self._checkpoints.drop_after(at)
        for position, state in states:
            self._checkpoints.add(position, state)
        self._record = None
        self._updated = updated
        self._state = states[-1][1]
        self._revision += 1
        self._commits.append(Commit(self._revision, origin, writes, what))
        if at < self._saved_at:
            self._saved_at = 0
        if len(self._actions) - self._saved_at >= SNAPSHOT_EVERY:
            self._save_snapshot()

    def _save_snapshot(self) -> None:
        """Keep the state on disk, so a restart starts here. The change is already safe in the
        log: a state that cannot be saved only means a longer replay next time."""
        try:
            self._log.save_snapshot(self.id, len(self._actions), self._state)
        except (OSError, TypeError, ValueError) as exc:
            log.warning("session %s: its state at %d actions was not saved (%s)", self.id, len(self._actions), exc)
            return
        self._saved_at = len(self._actions)


def _stamped(action: Action, actor: Actor | None) -> Action:
    if actor is None:
        return action
    return replace(action, by=actor.id, who="" if actor.id == TABLE else actor.name)


def _last_by(actions: Sequence[Action], actor: Actor | None) -> tuple[int, Action | None]:
    """Where `actor`'s last action in `actions` is, and that action ((-1, None) if none)."""
    for i in range(len(actions) - 1, -1, -1):
        if actor is None or actor.undoes_anyone or actions[i].by == actor.id:
            return i, actions[i]
    return -1, None


def _nothing(what: str, actor: Actor | None) -> str:
    if actor is None or actor.undoes_anyone:
        return f"There is nothing to {what}."
    return f"{actor.name} has nothing here to {what}."


def _check_expected(target: Action, expected: Action | None, button: str) -> None:
    if expected is not None and target is not expected and target != expected:
        raise StaleTap(f"Your {button} button showed “{described(expected)}”, but it changed to "
                       f"“{described(target)}” before your tap arrived. Nothing was taken back; look again.")


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
        self._log.create(record)
        with self._lock:
            session = self._live[record.id] = GameSession(record, rules, self._log, self._clock)
        return session

    def check(self, record: SessionRecord) -> None:
        """DomainError unless `record`'s log replays under its game's rules (a backup's session)."""
        replay(self.rules(record.game), record.setup, record.actions)

    def get(self, session_id: str) -> GameSession[Any]:
        """The live session `session_id`, loaded from disk on first use."""
        with self._lock:
            session = self._live.get(session_id)
            if session is None:
                record = self._log.load(session_id)
                try:
                    session = GameSession(record, self.rules(record.game), self._log, self._clock,
                                          self._log.snapshot(session_id))
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
            _close(self._live.pop(session_id, None), "This session was discarded.")
            self._log.discard(session_id)

    def undiscard(self, session_id: str) -> None:
        self._log.undiscard(session_id)

    def finish(self, session_id: str) -> None:
        with self._lock:
            _close(self._live.pop(session_id, None), "This session was finished.")
            self._log.finish(session_id)

    def forget_all(self) -> None:
        """Drop every live session (after a restore replaced the files): a page still
        holding one can no longer write it back."""
        with self._lock:
            for session in self._live.values():
                session.close("Everything was just restored from a backup, so this screen was out of date. "
                              "It now shows what was restored.")
            self._live.clear()


def _close(session: GameSession[Any] | None, reason: str) -> None:
    if session is not None:
        session.close(reason)
