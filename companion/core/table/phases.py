"""Where a game stands and whom the table waits on (boardgame.io's phases and active players; OpenSpiel's
current player and simultaneous nodes).

A game declares its phase as a function of its state (`TableRules(phase=...)`): the phase's name in
words, the seats it waits on (a seat, several at once, everyone, or a player asked to answer), and the
moves it opens. The kit refuses, in one place and with words, a move the phase does not open and a
move for a seat it does not wait on; a move declared `anytime` (a boat's own cards) is open in every
phase. Every phone reads whom the table waits on from the same declaration (`waiting_words`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.table.seats import ANY_SEAT, Whose
from companion.core.words import listed


@dataclass(frozen=True)
class Phase:
    """`name`: the phase in words, a clause ("it is Ben's turn", "the Eagle waits on Ben's answer"), said
    when a move is not open ("Not now: it is Ben's turn."); `waiting`: the seats the table
    waits on (ANY_SEAT: anyone at it; none: nobody, the game is over); `moves`: the move types it opens
    (None: every move); `active`: the seats that may act in it, where more than it waits on (a secret
    choice locked in may be made again until the last is in; None: those it waits on)."""

    name: str
    waiting: frozenset[int] | str = ANY_SEAT
    moves: frozenset[str] | None = None
    active: frozenset[int] | None = None

    def seats(self) -> tuple[int, ...]:
        return () if self.waiting == ANY_SEAT else tuple(sorted(self.waiting))


def anyone(name: str) -> Callable[[Any], Phase]:
    """The one phase of a game played at anyone's pace, every move open to the seat it is for (a dice
    roller, a score sheet each player fills, a solo journal)."""
    phase = Phase(name)
    return lambda state: phase


def nobody(name: str) -> Phase:
    """A phase that waits on no one and opens no move (a game over)."""
    return Phase(name, frozenset(), frozenset())


def out_of_phase(phase: Phase, move: str, whose: Whose, names: Sequence[str] = (), doing: str = "") -> str | None:
    """Why `move`, for `whose`, is not open in `phase` (None: it is): "Not now: the Eagle waits on Ben's
    answer."; a move the phase opens, for a seat it does not wait on, in the move's own words where it has
    them (`doing`): "It is Ana's turn: Ben cannot play a card now." """
    if phase.moves is not None and move not in phase.moves:
        return f"Not now: {phase.name}."
    active = phase.active if phase.active is not None else phase.waiting
    if active == ANY_SEAT or not isinstance(whose, (int, frozenset)):
        return None
    seats = frozenset({whose}) if isinstance(whose, int) else whose
    if seats & active:
        return None
    if doing and isinstance(whose, int) and 0 <= whose < len(names):
        return f"{phase.name[:1].upper()}{phase.name[1:]}: {names[whose]} cannot {doing} now."
    return f"Not now: {phase.name}."


def waiting_words(phase: Phase | None, names: Sequence[str], viewer: int | None) -> str:
    """What every phone reads of whom the table waits on: 'Waiting on Ana and Ben', 'Your move' (this
    phone's seat among them: 'Your move; also waiting on Ben and Cy'), '' when anyone may act or the
    game waits on no one."""
    if phase is None:
        return ""
    seats = phase.seats()
    if not seats:
        return ""
    if viewer in seats:
        others = [names[s] for s in seats if s != viewer]
        return "Your move" + (f"; also waiting on {listed(others)}" if others else "")
    return f"Waiting on {listed([names[s] for s in seats])}"
