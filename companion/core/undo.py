"""Whose Undo takes back what, and what the button says.

A player's Undo takes back that player's own last action; the phone passed around the table and
the host take back anyone's. A secret choice revealed since it was made is final for its chooser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.actions import Action, Actor, button_label, described
from companion.core.errors import DomainError


class NothingToUndo(DomainError):
    pass


class UndoBlocked(DomainError):
    """The log does not replay without the action to take back: a later one depends on it."""


class RevealFinal(DomainError):
    """A secret choice shown to everyone since it was made: its chooser cannot take it back."""


@dataclass(frozen=True)
class UndoView:
    """What a phone's Undo button shows: the action it takes back (None: nothing), what taking it
    back reopens (a revealed secret choice, on the phone passed around or the host), and whether
    it is final for this phone (its own secret choice, revealed since)."""

    target: Action | None = None
    reopens: str = ""
    final: bool = False

    @property
    def label(self) -> str | None:
        if self.target is None:
            return None
        if self.final:
            return f"{described(self.target)}: revealed, so it stays"
        label = button_label("Undo", self.target)
        return f"{label} ({self.reopens})" if self.reopens else label


def privileged(actor: Actor | None) -> bool:
    """The phone passed around the table and the host (and callers naming no one) act for everyone."""
    return actor is None or actor.undoes_anyone


def last_by(actions: Sequence[Action], actor: Actor | None) -> tuple[int, Action | None]:
    """Where `actor`'s last action in `actions` is, and that action ((-1, None) if none)."""
    for i in range(len(actions) - 1, -1, -1):
        if privileged(actor) or actions[i].by == actor.id:
            return i, actions[i]
    return -1, None


def nothing_to(what: str, actor: Actor | None) -> str:
    if privileged(actor):
        return f"There is nothing to {what}."
    return f"{actor.name} has nothing here to {what}."
