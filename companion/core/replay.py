"""Replaying a live session's log through its rules, from the nearest state kept (`Checkpoints`):
the state its actions lead to, the state after its first actions, and the states it reaches
without one of them (what an Undo leaves). `core.session` keeps the log and the states."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from companion.core.actions import Action, described
from companion.core.checkpoints import Checkpoints
from companion.core.errors import DomainError
from companion.core.session_log import Rules
from companion.core.undo import UndoBlocked

S = TypeVar("S")


def replay_from(rules: Rules[S], actions: Sequence[Action], checkpoints: Checkpoints[S], start: int, state: S) -> S:
    """The state `actions` lead to from `state`, reached after the first `start` of them; every state
    on the way is kept in `checkpoints`."""
    checkpoints.add(start, state)
    for position, action in enumerate(actions[start:], start + 1):
        state = rules.apply(state, action)
        checkpoints.add(position, state)
    return state


def state_at(rules: Rules[S], actions: Sequence[Action], checkpoints: Checkpoints[S], position: int) -> S:
    """The state the log's first `position` actions lead to (from the nearest state kept)."""
    start, state = checkpoints.nearest(position)
    for action in actions[start:position]:
        state = rules.apply(state, action)
    return state


def replay_without(rules: Rules[S], actions: Sequence[Action], checkpoints: Checkpoints[S], index: int,
                   target: Action) -> list[tuple[int, S]]:
    """The states the log reaches without its action at `index` (by how many actions they
    cover), from the nearest state kept before it: UndoBlocked when a later action needs it."""
    start, state = checkpoints.nearest(index)
    states = [(start, state)]
    for i in range(start, len(actions)):
        if i == index:
            continue
        action = actions[i]
        try:
            state = rules.apply(state, action)
        except DomainError as exc:
            if i < index:  # the log was already broken before the action: not this undo's doing
                raise
            raise UndoBlocked(f"“{described(target)}” cannot be undone: the later “{described(action)}” "
                              f"depends on it ({exc}). Undo that one first.") from exc
        states.append((len(states) + start, state))
    return states
