"""Taps made on a screen that was out of date: a live session's recent changes, and the checks a tap meets.

A tap says which revision of the session its page showed; `RecentCommits` refuses it (StaleTap) when
another page changed a part of the state the tap depends on since then, and an Undo or Redo tap when
the action its button showed is no longer the one it would take back (`check_expected`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from companion.core.actions import Action, Part, described, touches
from companion.core.errors import DomainError


class StaleTap(DomainError):
    """A tap made on a screen that another phone's action changed before the tap arrived."""


@dataclass(frozen=True)
class Commit:
    """One change to a live session, kept for a while to check taps that were on their way."""

    revision: int
    origin: str | None  # the page that made it
    writes: tuple[Part, ...]
    what: str


RECENT_COMMITS = 512  # how far back a late tap can be checked (a tap older than that is refused)


class RecentCommits:
    """A session's last `RECENT_COMMITS` changes, oldest first."""

    def __init__(self) -> None:
        self._commits: deque[Commit] = deque(maxlen=RECENT_COMMITS)

    def append(self, commit: Commit) -> None:
        self._commits.append(commit)

    def check_fresh(self, reads: tuple[Part, ...], seen: int | None, origin: str | None, revision: int) -> None:
        """StaleTap when a page other than `origin` changed what `reads` names since the page's tap saw
        revision `seen` (the session is at `revision` now)."""
        if seen is None or seen >= revision:
            return
        if not self._commits or seen < self._commits[0].revision - 1:
            raise StaleTap("This screen was out of date when your tap arrived, so it was not recorded. "
                           "Look again, and tap again if you still want it.")
        for commit in self._commits:
            if commit.revision > seen and commit.origin != origin and touches(reads, commit.writes):
                raise StaleTap(f"Just before your tap: {commit.what}. Your tap was not recorded; "
                               "look again, and tap again if you still want it.")


def check_expected(target: Action, expected: Action | None, button: str) -> None:
    if expected is not None and target is not expected and target != expected:
        raise StaleTap(f"Your {button} button showed “{described(expected)}”, but it changed to "
                       f"“{described(target)}” before your tap arrived. Nothing was taken back; look again.")
