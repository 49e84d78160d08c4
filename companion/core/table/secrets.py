"""Simultaneous secret choices: some seats choose at the same moment, each on their own phone;
nobody sees a choice before every one is in, and then all are shown at once (the reveal).

A game's state holds its latest round of secret choices (`Secret`): who must choose, what each
chose, and its number among the game's rounds of choices. Its `reveals` count only goes up, so
the session layer can tell that a choice was revealed after it was made: from then on it is
final for its chooser (the host or the phone passed around the table may still reopen it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.core.errors import DomainError

T = TypeVar("T")


class SecretError(DomainError):
    """A choice that does not fit the round under way."""


class Hidden:
    """A choice made in secret by another seat, as a phone that may not see it is given it: made, and
    nothing more (`Secret.seen_by`)."""

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN = Hidden()


@dataclass(frozen=True)
class Secret(Generic[T]):
    """One round of secret choices: `choices[k]` is `seats[k]`'s (None: not made yet)."""

    seats: tuple[int, ...] = ()
    choices: tuple[T | None, ...] = ()
    number: int = 0  # rounds of secret choices opened in this game, this one included (0: none yet)

    def open(self, seats: Iterable[int]) -> Secret[T]:
        """The game's next round of secret choices, for `seats`."""
        seats = tuple(seats)
        return Secret(seats, (None,) * len(seats), self.number + 1)

    @property
    def revealed(self) -> bool:
        """Every choice is in: all are shown."""
        return self.number > 0 and None not in self.choices

    @property
    def under_way(self) -> bool:
        return self.number > 0 and not self.revealed

    @property
    def reveals(self) -> int:
        """How many rounds of choices the game has revealed so far."""
        return self.number if self.revealed else max(0, self.number - 1)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to choose (safe to show everyone)."""
        return tuple(s for s, c in zip(self.seats, self.choices) if c is None) if self.under_way else ()

    def has_chosen(self, seat: int) -> bool:
        return seat in self.seats and self.choices[self.seats.index(seat)] is not None

    def choose(self, seat: int, value: T, again: bool = True) -> Secret[T]:
        """`seat`'s choice (made again, while the round is secret, when `again`)."""
        if not self.under_way or seat not in self.seats:
            raise SecretError("There is no secret choice for this player to make now.")
        k = self.seats.index(seat)
        if not again and self.choices[k] is not None:
            raise SecretError("This choice is made already: it is shown when every choice is in.")
        return Secret(self.seats, self.choices[:k] + (value,) + self.choices[k + 1:], self.number)

    def value(self, seat: int) -> T | None:
        """`seat`'s choice, for the rules. A screen shows `shown_to` instead."""
        return self.choices[self.seats.index(seat)] if seat in self.seats else None

    def seen_by(self, viewer: int | None) -> Secret[T]:
        """This round as the phone of `viewer` (a seat, or None) is given it: while it is secret, every
        choice but the viewer's own is HIDDEN (still made, so everyone sees who has chosen)."""
        if not self.under_way:
            return self
        return Secret(self.seats, tuple(c if c is None or s == viewer else HIDDEN  # type: ignore[misc]
                                        for s, c in zip(self.seats, self.choices)), self.number)

    def shown_to(self, seat: int, viewer: int | None) -> T | None:
        """`seat`'s choice as the phone of `viewer` (a seat, or None) may see it: once revealed, or its own."""
        return self.value(seat) if self.revealed or viewer == seat else None
