"""The Freshwater Fly dice draft, round by round (rulebook: Gameplay, End of Round, Fly Solo).

Players take one die each in turn order from the start player until the pool is
empty; then each player's dice are summed and the lowest total starts the next
round. In Fly Solo you take three dice in a row and the Silent Angler gets the one
or two left, lowest first. Before a die is taken its face may change: Finesse
+1/-1, Momentum 5A (flip to the opposite face), Skill cards C, D, H and L; and
Momentum 5B re-rolls the pool. Every change is an action carrying its faces, so a
replay needs no random source and no settings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require
from companion.core.errors import DomainError
from companion.core.table.seats import read_players
from companion.core.words import count

MIN_SEATS, MAX_SEATS = 2, 4
SOLO_PICKS = 3  # Fly Solo: you take three dice in a row
SOLO_POOLS = (4, 5)  # the on-deck hatch tile shows 4 or 5
YOU, SILENT_ANGLER = "You", "Silent Angler"


def pool_size(seats: int) -> int:
    """Setup I: 7 dice with 2-3 players, 9 with 4."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise DomainError(f"The dice draft seats {MIN_SEATS} to {MAX_SEATS} players, not {seats}.")
    return 9 if seats == 4 else 7


@dataclass(frozen=True)
class FaceChange:
    """A Skill card that turns one face into another (C, D, H)."""

    card: str
    from_face: int
    to_face: int


def parse_face_changes(data: Any, where: str = "skills.json") -> dict[str, FaceChange]:
    changes = {}
    raw = require(data, "face_changes", dict, where)
    if len(raw) > 10:
        raise AssetError(f"{where}.face_changes: at most 10 Skill cards")
    for card, rule in raw.items():
        here = f"{where}.face_changes.{card}"
        try:
            changes[card] = check_face_change(
                FaceChange(card, require(rule, "from", int, here), require(rule, "to", int, here)))
        except DomainError as exc:
            raise AssetError(f"{here}: {exc}") from None
    return changes


def check_face_change(change: FaceChange) -> FaceChange:
    """The change if it turns one face (1-6) into another, else DomainError."""
    if not (1 <= change.from_face <= 6 and 1 <= change.to_face <= 6) or change.from_face == change.to_face:
        raise DomainError(f"Skill {change.card} must turn one face (1 to 6) into another, "
                          f"not {change.from_face} into {change.to_face}.")
    return change


@cache
def default_face_changes() -> Mapping[str, FaceChange]:
    return load_data("games/freshwater_fly/skills.json", parse_face_changes)


@dataclass(frozen=True)
class RoundResult:
    round: int
    totals: tuple[int, ...]  # per seat
    next_start: int | None  # None in Fly Solo


@dataclass(frozen=True)
class DraftState:
    seats: tuple[str, ...]
    solo: bool
    start: int = 0  # the seat that takes first this round
    round: int = 0  # 0 until the first roll
    pool: tuple[int, ...] = ()  # faces of the dice still in the pool
    picks: tuple[tuple[int, int], ...] = ()  # (seat, face) taken this round, in order
    results: tuple[RoundResult, ...] = ()
    changed: int | None = None  # the pool die changed this turn: the one the player then takes

    @property
    def round_over(self) -> bool:
        return self.round == 0 or not self.pool

    @property
    def turn(self) -> int | None:
        """The seat that takes the next die, or None between rounds."""
        if self.round_over:
            return None
        if self.solo:
            return 0
        return (self.start + len(self.picks)) % len(self.seats)

    def dice_of(self, seat: int) -> tuple[int, ...]:
        return tuple(face for s, face in self.picks if s == seat)


def next_start_player(totals: Sequence[int], last_taker: int) -> int:
    """End of Round 1: the lowest total starts; a tie goes to the tied player who comes
    next in turn order, counting on from the player who took the last die."""
    n = len(totals)
    lowest = min(totals)
    for step in range(1, n + 1):
        seat = (last_taker + step) % n
        if totals[seat] == lowest:
            return seat
    raise AssertionError("unreachable: some seat has the lowest total")


def begin(seats: Any, start: Any, solo: Any) -> DraftState:
    if not isinstance(solo, bool):
        raise DomainError("Say whether the draft is Fly Solo or not.")
    if solo:
        return DraftState((YOU, SILENT_ANGLER), True)
    names = tuple(p.name for p in read_players(seats, MIN_SEATS, MAX_SEATS, "The dice draft", "seats"))
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < len(names):
        raise DomainError(f"The start player must be one of the {len(names)} seats.")
    return DraftState(names, False, start)


def roll_round(state: DraftState, faces: Any) -> DraftState:
    """Roll the pool for the next round (its start player follows the last round's sums)."""
    if not state.round_over:
        left = len(state.pool)
        raise DomainError(f"Round {state.round} is not over: {count(left, 'die', 'dice')} "
                          f"{'is' if left == 1 else 'are'} still in the pool.")
    expected = SOLO_POOLS if state.solo else (pool_size(len(state.seats)),)
    faces = _check_faces(faces)
    if len(faces) not in expected:
        raise DomainError(f"This draft rolls {' or '.join(map(str, expected))} dice, not {len(faces)}.")
    start = state.start
    if state.results and state.results[-1].next_start is not None:
        start = state.results[-1].next_start
    return replace(state, start=start, round=state.round + 1, pool=faces, picks=(), changed=None)


FINESSE_UP, FINESSE_DOWN, FLIP, ANY_FACE = "finesse+1", "finesse-1", "momentum-5A", "skill-L"


def change_face(state: DraftState, index: Any, to: Any, how: Any, skill_from: Any = None) -> DraftState:
    """Change one die in the pool. `how` says by which rule; a Skill C/D/H change
    carries the face it changes from, as the player's card says. Finesse, Momentum 5A and
    Skills C, D, H and L change 'the die you select' (rulebook: Finesse i, Appendix A): once a
    die is changed, it is the one taken this turn, and no other die changes."""
    face = _pool_die(state, index)
    if state.changed is not None and index != state.changed:
        raise DomainError(f"This turn's change went to the {state.pool[state.changed]}: the die you select is "
                          "the one you change, and the one you take.")
    if not isinstance(to, int) or isinstance(to, bool):
        raise DomainError(f"A die shows 1 to 6, not {to!r}.")
    if how in (FINESSE_UP, FINESSE_DOWN):
        step = 1 if how == FINESSE_UP else -1
        if face + step != to or not 1 <= to <= 6:
            raise DomainError(f"Finesse changes a die by one, never above 6 nor below 1: a {face} cannot "
                              f"become a {to}.")
    else:
        _check_face(to)
        if how == FLIP:
            if to != 7 - face:
                raise DomainError(f"Momentum 5A flips a die to its opposite side: a {face} becomes a {7 - face}.")
        elif how == ANY_FACE:
            if to == face:
                raise DomainError(f"Skill L changes the die to another face; it already shows {face}.")
        elif isinstance(how, str) and how.startswith("skill-") and how[6:] in ("C", "D", "H"):
            if skill_from != face:
                raise DomainError(f"Skill {how[6:]} changes a {skill_from} into a {to}; this die shows {face}.")
            check_face_change(FaceChange(how[6:], face, to))
        else:
            raise DomainError(f"There is no face change called {how!r}.")
    pool = state.pool[:index] + (to,) + state.pool[index + 1:]
    return replace(state, pool=pool, changed=index)


def reroll_pool(state: DraftState, faces: Any) -> DraftState:
    """Momentum 5B: re-roll the dice in the pool."""
    if state.round_over:
        raise DomainError("There is no pool to re-roll between rounds.")
    faces = _check_faces(faces)
    if len(faces) != len(state.pool):
        raise DomainError(f"The pool holds {count(len(state.pool), 'die', 'dice')}; a re-roll gives "
                          f"{count(len(state.pool), 'face')}, not {len(faces)}.")
    return replace(state, pool=faces, changed=None)


def take(state: DraftState, index: Any) -> DraftState:
    """The player whose turn it is takes a die (the one changed this turn, if any); the round
    ends when the pool is empty."""
    face = _pool_die(state, index)
    if state.changed is not None and index != state.changed:
        raise DomainError(f"You changed the {state.pool[state.changed]} this turn: that is the die you take "
                          "(Finesse and Skills change the die you select).")
    seat = state.turn
    assert seat is not None
    pool = state.pool[:index] + state.pool[index + 1:]
    picks = state.picks + ((seat, face),)
    if state.solo and len(picks) == SOLO_PICKS:
        # The Silent Angler gets the dice left, and casts with the lower one first.
        picks += tuple((1, f) for f in sorted(pool))
        pool = ()
    state = replace(state, pool=pool, picks=picks, changed=None)
    if not pool:
        totals = tuple(sum(state.dice_of(s)) for s in range(len(state.seats)))
        next_start = None if state.solo else next_start_player(totals, seat)
        state = replace(state, results=state.results + (RoundResult(state.round, totals, next_start),))
    return state


def roll_faces(n: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, 6) for _ in range(n)]


def _pool_die(state: DraftState, index: Any) -> int:
    if state.round_over:
        raise DomainError("Roll the pool first: there are no dice to take.")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(state.pool):
        raise DomainError(f"The pool has dice 1 to {len(state.pool)}; there is no die {index!r}.")
    return state.pool[index]


def _check_face(face: Any) -> int:
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
        raise DomainError(f"A die shows 1 to 6, not {face!r}.")
    return face


def _check_faces(faces: Any) -> tuple[int, ...]:
    if not isinstance(faces, list):
        raise DomainError("A roll is a list of faces.")
    return tuple(_check_face(f) for f in faces)
