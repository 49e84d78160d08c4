"""Whose Undo takes back what, and what the button says.

A player's Undo takes back that player's own last action; the host takes back anyone's, and the phone
passed around the table anyone's but those of the players on phones of their own (`Actor.elsewhere`).
A secret choice revealed since it was made is final for its chooser, and so is a roll shown to the
player who made it (their Undo would be a second roll).
A player's Undo never changes another player's action: when a later action of someone else's
depends on the one to take back (it reads what that one changed, by their declared footprints), the
Undo takes back nothing and names it: that player undoes first, or the phone passed around the table
undoes both.
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
    back reopens (a revealed secret choice, on the phone passed around or the host), whether it is
    final for this phone (its own secret choice, revealed since), and the later action of another
    player's that depends on it (this phone cannot take it back before that one is)."""

    target: Action | None = None
    reopens: str = ""
    final: str = ""  # why it stays for this phone: "revealed", "rolled"
    held_by: Action | None = None

    @property
    def label(self) -> str | None:
        if self.target is None:
            return None
        if self.final:
            return f"{described(self.target)}: {self.final}, so it stays"
        if self.held_by is not None:
            return f"{described(self.target)}: {described(self.held_by)} came after it"
        label = button_label("Undo", self.target)
        return f"{label} ({self.reopens})" if self.reopens else label

    @property
    def locked(self) -> bool:
        """The button cannot take its action back from this phone (it says why)."""
        return bool(self.final) or self.held_by is not None


def held(target: Action, later: Action, actor: Actor | None = None) -> str:
    """Why `target` cannot be taken back while `later`, someone else's, depends on it."""
    if privileged(actor):  # the phone passed around, and `later` is of a player on their own phone
        first = f"{later.who} undoes that first on their own phone, or the host undoes both."
    elif later.who:
        first = f"{later.who} undoes that first, or the phone passed around the table undoes both."
    else:
        first = "Undo that on the phone passed around the table first."
    return f"“{described(target)}” cannot be undone: the later “{described(later)}” depends on it. {first}"


def privileged(actor: Actor | None) -> bool:
    """The phone passed around the table and the host (and callers naming no one) act for everyone."""
    return actor is None or actor.undoes_anyone


def undoes(actor: Actor | None, action: Action) -> bool:
    """Whether `actor`'s Undo may take back `action`: their own; anyone's for the host; for the phone
    passed around, anyone's but a player's who plays on a phone of their own."""
    if privileged(actor):
        return actor is None or action.by not in actor.elsewhere
    return action.by == actor.id


def last_by(actions: Sequence[Action], actor: Actor | None, start: int = 0) -> tuple[int, Action | None]:
    """Where `actor`'s last action in `actions` (from `start` on) is, and that action ((-1, None) if none)."""
    for i in range(len(actions) - 1, start - 1, -1):
        if undoes(actor, actions[i]):
            return i, actions[i]
    return -1, None


def nothing_to(what: str, actor: Actor | None) -> str:
    if privileged(actor):
        return f"There is nothing to {what}."
    return f"{actor.name} has nothing here to {what}."
