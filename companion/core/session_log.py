"""A session's log: what is saved of a session, the changes its journal keeps, the rules
that replay it, and where logs are kept.

A session's state is the replay of its actions through the rules of its kind. Each change to
its log (an action done, undone or redone) is kept as it happens; the log and its redo stack
are rebuilt from those changes by `apply_change`, the same function the live session uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from companion.core.actions import Action

S = TypeVar("S")


class Rules(Protocol[S]):
    """The pure rules of one kind of session (a game, or the table tools)."""

    game: str
    title: str

    def initial_state(self, setup: Mapping[str, Any]) -> S: ...

    def apply(self, state: S, action: Action) -> S:
        """The state after `action`, or raise DomainError saying why it is not allowed."""
        ...

    # Optional (a game declared with the table kit, `core.table.rules.TableRules`, has them all):
    # - `footprint(action) -> Footprint`: the parts of the state an action reads and changes. An
    #   action whose reads no other action's writes touch, and the other way round, commutes with
    #   it; without it every action touches the whole state.
    # - `authorize(state, action, author)`: raises when the author's phone may not make it.
    # - `is_secret(action)`, `reveals(state)`, `reopens`: a secret choice, how many rounds of
    #   them the state has revealed, and what taking back a revealed one reopens.


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
    chance: str = ""  # the secret its chance is drawn from (`core/chance.py`); "" in sessions begun before it
    undo_from: int = 0  # the first action an Undo may take back: those before came with a restored backup


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

    def snapshot(self, session_id: str, checked: bool = False) -> tuple[int, Any] | None:
        """The newest saved state that the log still leads to: (how many of its actions
        it covers, the state), or None. `checked`: only of those a start-up's replay reached."""
        ...

    def save_snapshot(self, session_id: str, actions: int, state: Any, checked: bool = False) -> None:
        """Keep `state`, reached by the first `actions` actions of the log as it is now; `checked`:
        by a start-up's replay of the log (`SessionManager.open_checked`), not the live session's chain."""
        ...

    def list_open(self) -> list[SessionRecord]: ...

    def discard(self, session_id: str, at: datetime | None = None) -> None:
        """Put the session away (kept, to be brought back: `undiscard`), noting when (`at`)."""
        ...

    def discarded(self, since: datetime) -> list[tuple[SessionRecord, datetime]]:
        """The sessions put away since `since`, each with when."""
        ...

    def drafts(self, session_id: str) -> dict[str, Any]:
        """What players have typed into the session's forms and not sent yet, by form (`SessionManager.draft`)."""
        ...

    def keep_draft(self, session_id: str, key: str, value: Any) -> None:
        """Keep `value` (JSON; None: forget it) as the draft of form `key`, on disk before it returns."""
        ...

    def undiscard(self, session_id: str) -> None: ...

    def finish(self, session_id: str) -> None: ...

