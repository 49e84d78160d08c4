"""Turn order, the same arithmetic for every game (seats are numbered clockwise from 0).

- Round robin: the seats from a start player on, clockwise (`clockwise`), the start player
  passed clockwise each round (`start_of_round`), the turn passed to the next seat (`next_seat`).
- Ordered groups: seats grouped by a key, equal keys together, the groups in the key's order
  (`groups_by`: Lure's "from fewest to most" dice, equal counts rolling together).
- Roll-offs: everyone rolls, highest first, the tied roll again among themselves (`roll_off`,
  `next_tie`), until no group holds two seats.
- The whole table at once: every seat in one group (`everyone`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

Groups = tuple[tuple[int, ...], ...]


def clockwise(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, from `start` on, clockwise."""
    return tuple((start + k) % players for k in range(players))


def start_of_round(first: int, round_: int, players: int) -> int:
    """The start player of round `round_` (from 1): the first round's, passed clockwise each round."""
    return (first + round_ - 1) % players


def next_seat(order: Sequence[int], seat: int) -> int:
    """The seat after `seat` in `order`, the first again after the last."""
    return order[(list(order).index(seat) + 1) % len(order)]


def everyone(players: int) -> Groups:
    """The whole table at once: one group of every seat."""
    return (tuple(range(players)),)


def groups_by(keys: Iterable[tuple[int, Hashable]], highest_first: bool = False) -> Groups:
    """Seats grouped by their key (equal keys together, in seat order), the groups in the keys'
    order: lowest first, or highest first."""
    pairs = list(keys)
    ordered = sorted({key for _, key in pairs}, reverse=highest_first)  # type: ignore[type-var]
    return tuple(tuple(seat for seat, key in pairs if key == wanted) for wanted in ordered)


def next_tie(groups: Groups) -> tuple[int, ...]:
    """The first group of two or more seats, who roll off next; () once the order is clear."""
    return next((group for group in groups if len(group) > 1), ())


def roll_off(groups: Groups, seats: tuple[int, ...], rolls: Sequence[int]) -> Groups:
    """`groups` with the group `seats` split by their rolls: highest first, equal rolls together."""
    at = groups.index(seats)
    return groups[:at] + groups_by(zip(seats, rolls), highest_first=True) + groups[at + 1:]


def first_open(groups: Groups, done: Callable[[int], bool]) -> int | None:
    """The first group with a seat not `done` (whose turn it is), or None when every seat is."""
    return next((k for k, group in enumerate(groups) if not all(done(seat) for seat in group)), None)
