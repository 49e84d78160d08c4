"""States a session's log reached, kept so that a change is replayed from the nearest one.

States are values (immutable), so keeping one costs a reference. A session keeps the
state after each of its last `RECENT` actions (an Undo of a recent action replays only
what came after it), one every `every` actions further back (at most `FAR` of them),
and the initial state.
"""

from __future__ import annotations

import bisect
from typing import Generic, TypeVar

S = TypeVar("S")

RECENT = 32
FAR = 16


class Checkpoints(Generic[S]):
    """States by how many of the log's actions led to them."""

    def __init__(self, initial: S, every: int) -> None:
        self._every = every
        self._states: dict[int, S] = {0: initial}
        self._far: list[int] = []  # kept multiples of `every`, in order

    def add(self, position: int, state: S) -> None:
        """Keep `state`, reached after `position` actions (the newest, or one on its way to it)."""
        self._states[position] = state
        if position % self._every == 0 and position and position not in self._far:
            bisect.insort(self._far, position)
            if len(self._far) > FAR:
                self._states.pop(self._far.pop(0), None)
        old = position - RECENT
        if old > 0 and old % self._every:
            self._states.pop(old, None)

    def nearest(self, position: int) -> tuple[int, S]:
        """The kept state reached after the most actions, `position` at most."""
        best = max(p for p in self._states if p <= position)
        return best, self._states[best]

    def drop_after(self, position: int) -> None:
        """Forget the states after `position` actions: the log changed there."""
        for p in [p for p in self._states if p > position]:
            del self._states[p]
        del self._far[bisect.bisect_right(self._far, position):]
