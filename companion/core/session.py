"""A live session: the log of actions is the truth.

A session's state is the replay of its actions through the game's pure rules.
Performing an action checks it against the rules (and that the phone making it may act for
its seat), adds the change to the log on disk and only then changes what the UI sees. Every
action records who made it; a player's Undo takes back that player's own last action (kept
for redo) when the log still replays without it, and never a secret choice of theirs that
was revealed since. Both survive a restart: each change (an action done, undone or redone)
is written as it happens, and the log and redo stack are rebuilt from them.

A long log is never replayed from its first action: the session keeps the states it
reached (`Checkpoints`) and saves one every `SNAPSHOT_EVERY` actions, so Undo, Redo
and opening the session again start from the nearest one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Generic, TypeVar

from companion.core.actions import (
    WHOLE_STATE,
    Action,
    Actor,
    Footprint,
    Part,
    button_label,
    described,
    touches,
)
from companion.core.checkpoints import Checkpoints
from companion.core.errors import DomainError
from companion.core.replay import replay_from, replay_without, state_at
from companion.core.session_log import (
    DONE,
    REDONE,
    UNDONE,
    Change,
    Rules,
    SessionLog,
    SessionRecord,
    apply_change,
)
from companion.core.stale_taps import Commit, RecentCommits, check_expected
from companion.core.undo import (
    NothingToUndo,
    RevealFinal,
    UndoBlocked,
    UndoView,
    held,
    last_by,
    nothing_to,
    privileged,
    undoes,
)

S = TypeVar("S")

Clock = Callable[[], datetime]


class SessionClosed(DomainError):
    """The session was finished, discarded or replaced by a restore: it takes no more actions."""


class GameNotOver(DomainError):
    """A game saved to History before its end."""


FINISHED, DISCARDED, RESTORED = "finished", "discarded", "restored"  # how a session came to take no more actions


SNAPSHOT_EVERY = 100  # actions between two saved states: what opening a session replays at most

log = logging.getLogger(__name__)


class GameSession(Generic[S]):
    """A live session: its log, its current state, undo and redo.

    Every change gets a revision number. A page says which revision it showed when a
    tap was made (`seen`); an action is refused when another page changed a part of the
    state it depends on since then, so nothing is decided on a stale screen.

    `snapshot`: a saved state and how many of the log's actions it covers, to start
    from instead of the first action. `checked`: it was reached by a start-up's replay of the log (or is
    None), so the state reached now is kept as such too (see `SessionManager.open_checked`).
    """

    def __init__(self, record: SessionRecord, rules: Rules[S], log: SessionLog, clock: Clock,
                 snapshot: tuple[int, S] | None = None, checked: bool = False) -> None:
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
        if checked and self._saved_at != len(self._actions):  # replayed past it: the next start begins here
            self._save_snapshot(checked=True)
        self._revision = 0
        self._commits = RecentCommits()
        self._closed: str | None = None
        self._ended: str | None = None
        self._saved_as: str | None = None

    def _resume(self, snapshot: tuple[int, S] | None) -> S:
        """The state the log leads to, from the saved one when it fits (else from the start)."""
        if snapshot is not None and 0 <= snapshot[0] <= len(self._actions):
            try:
                state = replay_from(self._rules, self._actions, self._checkpoints, *snapshot)
                self._saved_at = snapshot[0]
                return state
            except DomainError:  # saved by other rules than these, or a later line they refuse: the log says
                log.warning("session %s: its log does not replay from its saved state; replayed from the start",
                            self.id)
                self._checkpoints.drop_after(0)
        return replay_from(self._rules, self._actions, self._checkpoints, 0, self._checkpoints.nearest(0)[1])

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

    @property
    def ended(self) -> str | None:
        """FINISHED (saved to History), DISCARDED or RESTORED (away by a restore); None while open."""
        return self._ended

    @property
    def saved_as(self) -> str | None:
        """The id of the play a finished session was saved as in History (None: not saved)."""
        return self._saved_as

    def footprint(self, action: Action) -> Footprint:
        """What `action` reads and changes (the whole state unless the rules say less)."""
        footprint_of = getattr(self._rules, "footprint", None)
        return footprint_of(action) if footprint_of is not None else WHOLE_STATE

    # What Undo and Redo would take back --------------------------------------------

    def undo_target(self, actor: Actor | None = None) -> Action | None:
        """The action `actor`'s Undo takes back: their own last one (anyone's for the whole table or the host)."""
        with self._lock:  # the log is changed in place by other pages' taps
            return last_by(self._actions, actor, self._head.undo_from)[1]

    def redo_target(self, actor: Actor | None = None) -> Action | None:
        with self._lock:
            return last_by(self._undone, actor)[1]

    def undo_view(self, actor: Actor | None = None) -> UndoView:
        """What `actor`'s Undo button shows (see `UndoView`)."""
        with self._lock:
            index, target = last_by(self._actions, actor, self._head.undo_from)
            if target is None:
                return UndoView()
            if (later := self._depending(index, target, actor)) is not None:
                return UndoView(target, held_by=later)
            if not privileged(actor) and self._rolled(target):
                return UndoView(target, final="rolled")
            if not self._revealed_since(index, target):
                return UndoView(target)
            if privileged(actor):
                return UndoView(target, getattr(self._rules, "reopens", "") or "reopens a revealed choice")
            return UndoView(target, final="revealed")

    def undo_label_for(self, actor: Actor | None = None) -> str | None:
        """'Undo: roll 3 dice (Ana)', or None when `actor` has nothing to undo."""
        return self.undo_view(actor).label

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
            self._commits.check_fresh(footprint.reads, seen, origin, self._revision)
            self._authorize(action, actor)
            action = _stamped(action, actor, self._is_secret(action))
            new_state = self._rules.apply(self._state, action)
            self._commit(Change(DONE, action), [(len(self._actions) + 1, new_state)], origin, footprint.writes,
                         described(action))
            return new_state

    def finished_state(self, seen: int | None = None, origin: str | None = None) -> S:
        """The state to file as the finished game, as the page `origin` saw it (revision `seen`):
        SessionClosed once it was saved or put away, StaleTap when another page changed it since,
        GameNotOver while its rules say it goes on."""
        with self._lock:
            self._check_open()
            self._commits.check_fresh(WHOLE_STATE.reads, seen, origin, self._revision)
            if getattr(self._rules, "ends", False) and not self._rules.over(self._state):
                raise GameNotOver(f"This game of {self._rules.title} is not over yet: it is saved to History at "
                                  "its end.")
            return self._state

    def undo(self, actor: Actor | None = None, expected: Action | None = None, origin: str | None = None) -> Action:
        """Take back `actor`'s last action (it goes on the redo stack) when the log still replays
        without it. `expected`: the action the Undo button showed, refused if it is no longer the one.
        A secret choice revealed since it was made is final for its chooser (RevealFinal); the phone
        passed around the table and the host may take it back (every choice of that round is then
        secret again)."""
        with self._lock:
            index, target = self._pick(self._actions, actor, expected, "Undo")
            if (later := self._depending(index, target, actor)) is not None:
                raise UndoBlocked(held(target, later, actor))
            if not privileged(actor) and self._rolled(target):
                raise RevealFinal(f"“{described(target)}” was rolled and shown: it stays (a second roll is not in "
                                  "the rules). The host, or the phone passed around the table, can take it back.")
            if not privileged(actor) and self._revealed_since(index, target):
                raise RevealFinal(f"“{described(target)}” was made in secret and every choice has been shown "
                                  "since: it stays. The host, or the phone passed around the table, can reopen it.")
            states = replay_without(self._rules, self._actions, self._checkpoints, index, target)
            self._commit(Change(UNDONE, index=index), states, origin, WHOLE_STATE.writes,
                         f"undo “{described(target)}”")
            return target

    def redo(self, actor: Actor | None = None, expected: Action | None = None, origin: str | None = None) -> Action:
        """Do again `actor`'s action undone last; it goes at the end of the log."""
        with self._lock:
            index, target = self._pick(self._undone, actor, expected, "Redo")
            self._authorize(target, actor)  # whose a move is may have changed since (a new round's start player)
            new_state = self._rules.apply(self._state, target)
            self._commit(Change(REDONE, index=index), [(len(self._actions) + 1, new_state)], origin,
                         WHOLE_STATE.writes, f"redo “{described(target)}”")
            return target

    def close(self, reason: str, ended: str = DISCARDED, saved_as: str | None = None) -> None:
        """Take no more actions from now on (the session was finished, discarded or replaced)."""
        with self._lock:
            if not self._closed:
                self._closed, self._ended, self._saved_as = reason, ended, saved_as

    def _rolled(self, target: Action) -> bool:
        is_rolled = getattr(self._rules, "is_rolled", None)
        return is_rolled is not None and is_rolled(target)

    def _depending(self, index: int, target: Action, actor: Actor | None) -> Action | None:
        """The first later action, someone else's and not `actor`'s to undo as well, that depends on the log's
        action at `index`: it reads what that one changed (their footprints). Taking that one back first
        could change the other's effect, or its seat (a die taken in turn would be another player's); one
        that only writes over it is the same without it."""
        changed = self.footprint(target).writes
        for later in self._actions[index + 1:]:
            if later.by != target.by and not (privileged(actor) and undoes(actor, later)) \
                    and touches(self.footprint(later).depends_on, changed):
                return later
        return None

    def _is_secret(self, action: Action) -> bool:
        is_secret = getattr(self._rules, "is_secret", None)
        return is_secret is not None and is_secret(action)

    def secret_phone(self, seat: int) -> str | None:
        """The phone (`Actor.phone`) on which `seat`'s latest secret choice was made ("" where phones were
        not told apart); None when it made none."""
        with self._lock:
            for action in reversed(self._actions):
                if self._is_secret(action) and self._rules.whose(self._state, action) == seat:
                    return action.phone
        return None

    def _revealed_since(self, index: int, target: Action) -> bool:
        """Whether the log's action at `index` is a secret choice that a reveal has shown since."""
        if not self._is_secret(target):
            return False
        at = state_at(self._rules, self._actions, self._checkpoints, index)
        return self._rules.reveals(self._state) > self._rules.reveals(at)

    def _pick(self, stack: list[Action], actor: Actor | None, expected: Action | None,
              verb: str) -> tuple[int, Action]:
        """Where in `stack` the action `actor`'s Undo (or Redo) takes back is, and that action."""
        self._check_open()
        # An Undo never takes back what came with a restored backup: the restore starts its own history.
        index, target = last_by(stack, actor, self._head.undo_from if stack is self._actions else 0)
        if target is None:
            raise NothingToUndo(nothing_to(verb.lower(), actor))
        check_expected(target, expected, verb)
        return index, target

    def _authorize(self, action: Action, actor: Actor | None) -> None:
        """NotYourSeat, with its words, unless `actor`'s phone may make `action` now (the one seat policy)."""
        authorize = getattr(self._rules, "authorize", None)
        if authorize is not None:
            authorize(self._state, action, actor)

    def _check_open(self) -> None:
        if self._closed:
            raise SessionClosed(self._closed)

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

    def _save_snapshot(self, checked: bool = False) -> None:
        """Keep the state on disk, so a restart starts here. The change is already safe in the
        log: a state that cannot be saved only means a longer replay next time."""
        try:
            self._log.save_snapshot(self.id, len(self._actions), self._state, checked=checked)
        except (OSError, TypeError, ValueError) as exc:
            log.warning("session %s: its state at %d actions was not saved (%s)", self.id, len(self._actions), exc)
            return
        self._saved_at = len(self._actions)


def _stamped(action: Action, actor: Actor | None, secret: bool) -> Action:
    """`action` as made by `actor`; a secret choice also names the phone it was made on."""
    if actor is None:
        return action
    return replace(action, by=actor.id, who=actor.signature, phone=actor.phone if secret else "")

