"""Exact odds that a Lure pick catches a fish (rules: Roll and Catch Fish; Lures; Special Dice).

A pick is d6s, special dice (a d12, a d20), Extra Die lures (fixed numbers added to the roll
that count as dice for requirements but cannot be adjusted) and Adjust lures (+1 or -1 on a
rolled die, never beyond its sides, several on one die allowed). A roll catches a fish when
some use of the adjusts makes its total at least the catch number and meets the requirement.

How it stays exact and fast. For one roll, a requirement is met by a *witness*: at most two
rolled dice moved to target numbers (the other dice only ever move up). If the witness moves
its dice up by `up` and down by `down` in all, the fish is caught exactly when

    up + down <= adjusts                          (enough lures),
    sum(sides - target over the witness) <= cap   (cap = most the pick can show - catch),
    roll total + adjusts + extras - catch >= 2 * down,

because the adjusts left over raise the other dice, one for one, up to their sides. So a
roll's fate depends on its total and on the least `down` over its valid witnesses, a number
in 0..adjusts. The d6s are counted as multisets of faces (3003 for 10 d6), grouped by which
faces show (and which show twice): that is all a witness can see of them. The special dice
are enumerated face by face against each such group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb, prod

D6_SIDES = 6
MAX_D6 = 12  # the default pile is 8 per player; tables with more dice allow up to 12
NEVER = 1 << 30  # a `down` no witness reaches: the requirement cannot be met

REQUIREMENTS: dict[str, str] = {
    "none": "No requirement",
    "pair": "Two dice showing the same number",
    "shows": "A die showing the number n",
    "both": "Two different dice showing n and m",
    "special": "At least one special die (d12 or d20) rolled",
    "other": "Not checked by the app: check it at the table",
}


@dataclass(frozen=True)
class Requirement:
    """What a fish card asks of the dice besides the total (`kind` is a key of REQUIREMENTS)."""

    kind: str
    n: int | None = None
    m: int | None = None


@dataclass(frozen=True)
class Fish:
    """A revealed fish as far as the odds go: its catch number and requirement."""

    catch: int
    requirement: Requirement = Requirement("none")


def _numbers(requirement: Requirement) -> tuple[int, ...]:
    """The numbers the requirement's dice must show; ValueError when the requirement is malformed."""
    kind, n, m = requirement.kind, requirement.n, requirement.m
    if kind not in REQUIREMENTS:
        raise ValueError(f"unknown requirement kind {kind!r}")
    wanted = {"shows": (n,), "both": (n, m)}.get(kind, ())
    if any(not isinstance(x, int) for x in wanted) or len(wanted) != (n is not None) + (m is not None):
        raise ValueError(f"requirement {requirement!r} has the wrong numbers for its kind")
    return wanted  # type: ignore[return-value]


def check(requirement: Requirement, values: Sequence[int], special_values: Sequence[int]) -> bool | None:
    """Whether a roll (after adjusting) meets the requirement; None for "other" (check at the table).

    `values` is every die's number, extra dice included; `special_values` the special dice's."""
    wanted = _numbers(requirement)
    kind = requirement.kind
    if kind == "other":
        return None
    if kind == "special":
        return len(special_values) > 0
    if kind == "pair":
        return len(set(values)) < len(values)
    have = Counter(values)
    return all(have[x] >= k for x, k in Counter(wanted).items())


def chance(d6: int, special: Iterable[int], extra: Iterable[int], adjust: int, fish: Fish) -> Fraction | None:
    """The exact chance that this pick's roll, adjusts used at best, catches `fish`; None for "other"."""
    special, extra = tuple(sorted(special)), tuple(sorted(extra))
    if not 0 <= d6 <= MAX_D6:
        raise ValueError(f"a pick has 0 to {MAX_D6} d6, not {d6}")
    if adjust < 0 or any(s < 1 for s in special):
        raise ValueError("adjusts cannot be negative and a die has at least one side")
    _numbers(fish.requirement)
    return _chance(d6, special, extra, adjust, fish)


def chances(d6: int, special: Iterable[int], extra: Iterable[int], adjust: int,
            fishes: Iterable[Fish]) -> list[Fraction | None]:
    """`chance` for each fish, in order."""
    special, extra = tuple(special), tuple(extra)
    return [chance(d6, special, extra, adjust, f) for f in fishes]


def clear_caches() -> None:
    """Forget every cached result (benchmarks time a cold start with it)."""
    for cached in (_chance, _sum_counts, _d6_groups):
        cached.cache_clear()


@lru_cache(maxsize=4096)
def _chance(d6: int, special: tuple[int, ...], extra: tuple[int, ...], adjust: int, fish: Fish) -> Fraction | None:
    requirement = fish.requirement
    if requirement.kind == "other":
        return None
    if requirement.kind == "special" and not special:
        return Fraction(0)
    outcomes = D6_SIDES ** d6 * prod(special)
    cap = D6_SIDES * d6 + sum(special) + sum(extra) - fish.catch
    if cap < 0:  # every die at its highest still falls short
        return Fraction(0)
    # With no die moved down, a roll is caught when its total reaches `low`.
    low = fish.catch - adjust - sum(extra)
    if requirement.kind == "special" or check(requirement, extra, ()):
        counts = _sum_counts(d6, special)
        return Fraction(sum(counts[max(low, 0):]), outcomes)
    single, double = _witness_rules(requirement, extra, adjust, cap)
    return Fraction(_count_caught(d6, special, adjust, low, single, double), outcomes)


@lru_cache(maxsize=256)
def _sum_counts(d6: int, special: tuple[int, ...]) -> tuple[int, ...]:
    """How many ordered rolls give each total (index = total)."""
    counts = [1]
    for sides in (D6_SIDES,) * d6 + special:
        grown = [0] * (len(counts) + sides)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, sides + 1):
                    grown[total + face] += ways
        counts = grown
    return tuple(counts)


@lru_cache(maxsize=MAX_D6 + 1)
def _d6_groups(d6: int) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """The rolls of `d6` d6s by (faces showing, faces showing twice or more) as bit masks of face - 1:
    for each group, (total, number of ordered rolls) pairs. Built from the multisets of faces."""
    groups: dict[tuple[int, int], dict[int, int]] = {}

    def place(face: int, left: int, total: int, shown: int, twice: int, ways: int) -> None:
        bit = 1 << (face - 1)
        if face == D6_SIDES:  # the last face takes the dice left
            key = (shown | bit if left else shown, twice | bit if left >= 2 else twice)
            sums = groups.setdefault(key, {})
            sums[total + face * left] = sums.get(total + face * left, 0) + ways
            return
        for k in range(left + 1):
            place(face + 1, left - k, total + face * k, shown | bit if k else shown,
                  twice | bit if k >= 2 else twice, ways * comb(left, k))

    place(1, d6, 0, 0, 0, 1)
    return {key: tuple(sums.items()) for key, sums in groups.items()}


Single = Callable[[int, int], int]
Double = Callable[[int, int, int, int], int]


def _to_target(sides: int, value: int, target: int, adjust: int, cap: int) -> int:
    """The `down` of moving one die to show `target`, or NEVER when that cannot catch."""
    if not 1 <= target <= sides or abs(value - target) > adjust or sides - target > cap:
        return NEVER
    return max(0, value - target)


def _witness_rules(requirement: Requirement, extra: tuple[int, ...], adjust: int, cap: int) -> tuple[Single, Double]:
    """The least `down` of a valid witness made of one rolled die (sides, value) and of two.

    Only called when the extra dice alone do not meet the requirement."""
    kind = requirement.kind

    def no_double(s1: int, v1: int, s2: int, v2: int) -> int:
        return NEVER

    if kind == "pair":
        targets = sorted(set(extra))  # an extra die's number, matched by one rolled die

        def single(sides: int, value: int) -> int:
            return min((_to_target(sides, value, e, adjust, cap) for e in targets), default=NEVER)

        def double(s1: int, v1: int, s2: int, v2: int) -> int:
            # Both dice go to one number w; the highest w the lures reach is best for both the
            # cap and `down`: the lower die goes up, the higher one down only past the smaller die.
            lo, hi = min(v1, v2), max(v1, v2)
            if hi - lo > adjust:
                return NEVER
            w = min(s1, s2, (adjust + lo + hi) // 2)
            return max(0, hi - w) if s1 + s2 - 2 * w <= cap else NEVER

        return single, double

    # "shows" and "both": the numbers still wanted once the extra dice have shown theirs.
    wanted = Counter(_numbers(requirement)) - Counter(extra)
    targets = tuple(wanted.elements())
    if len(targets) == 1:
        (target,) = targets
        return (lambda sides, value: _to_target(sides, value, target, adjust, cap)), no_double

    n, m = targets

    def two_targets(s1: int, v1: int, s2: int, v2: int) -> int:
        best = NEVER
        for t1, t2 in ((n, m), (m, n)):
            if (1 <= t1 <= s1 and 1 <= t2 <= s2 and abs(v1 - t1) + abs(v2 - t2) <= adjust
                    and (s1 - t1) + (s2 - t2) <= cap):
                best = min(best, max(0, v1 - t1) + max(0, v2 - t2))
        return best

    return (lambda sides, value: NEVER), two_targets


def _count_caught(d6: int, special: tuple[int, ...], adjust: int, low: int, single: Single, double: Double) -> int:
    """Ordered rolls whose total reaches low + 2 * (least `down` of a valid witness)."""
    faces = range(1, D6_SIDES + 1)
    single6 = [single(D6_SIDES, v) for v in faces]
    double66 = [[double(D6_SIDES, u, D6_SIDES, v) for v in faces] for u in faces]
    # cross[k][u - 1] = the `down` of pairing a d6 showing u with special die k, by its face.
    cross = [[tuple(double(D6_SIDES, u, s, a) for a in range(1, s + 1)) for u in faces] for s in special]

    shown_down: dict[int, int] = {}  # the best witness among the d6 faces showing
    twice_down: dict[int, int] = {}  # among two d6s showing the same face
    signature: dict[int, tuple[tuple[int, ...], ...]] = {0: tuple((NEVER,) * s for s in special)}

    def d6_shown(mask: int) -> int:
        if mask not in shown_down:
            showing = [v for v in faces if mask >> (v - 1) & 1]
            shown_down[mask] = min([single6[v - 1] for v in showing]
                                   + [double66[u - 1][v - 1] for i, u in enumerate(showing) for v in showing[i + 1:]],
                                   default=NEVER)
        return shown_down[mask]

    def d6_twice(mask: int) -> int:
        if mask not in twice_down:
            twice_down[mask] = min((double66[v - 1][v - 1] for v in faces if mask >> (v - 1) & 1), default=NEVER)
        return twice_down[mask]

    def cross_rows(mask: int) -> tuple[tuple[int, ...], ...]:
        """For each special die, by its face, the best witness pairing it with a d6 showing."""
        if mask not in signature:
            low_face = (mask & -mask).bit_length()
            rest = cross_rows(mask & (mask - 1))
            signature[mask] = tuple(tuple(map(min, row, cross[k][low_face - 1])) for k, row in enumerate(rest))
        return signature[mask]

    # Rolls of the d6s, by what the special dice can see of them and their own best witness.
    top = D6_SIDES * d6
    by_view: dict[tuple[tuple[int, ...], ...], dict[int, list[int]]] = {}
    for (shown, twice), sums in _d6_groups(d6).items():
        down = min(d6_shown(shown), d6_twice(twice))
        counts = by_view.setdefault(cross_rows(shown), {}).setdefault(down, [0] * (top + 1))
        for total, ways in sums:
            counts[total] += ways

    # The special dice's rolls: their total and their own best witness (alone or together).
    rolls = []
    for faces_up in product(*(range(1, s + 1) for s in special)):
        own = min((single(s, v) for s, v in zip(special, faces_up)), default=NEVER)
        for i in range(len(special)):
            for j in range(i + 1, len(special)):
                own = min(own, double(special[i], faces_up[i], special[j], faces_up[j]))
        rolls.append((sum(faces_up), own, faces_up))

    caught = 0
    for rows, by_down in by_view.items():
        seen: Counter[tuple[int, int]] = Counter()
        for total, own, faces_up in rolls:
            for row, face in zip(rows, faces_up):
                if row[face - 1] < own:
                    own = row[face - 1]
            seen[total, own] += 1
        for down, counts in by_down.items():
            at_least = [0] * (top + 2)  # at_least[t] = rolls of the d6s totalling t or more
            for t in range(top, -1, -1):
                at_least[t] = at_least[t + 1] + counts[t]
            for (total, own), times in seen.items():
                best = min(down, own)
                if best > adjust:
                    continue
                need = low + 2 * best - total
                if need <= top:
                    caught += times * at_least[max(need, 0)]
    return caught
