"""What a Lure game's screens (and its rules) ask of a state: how many fish Splash reveals, the
casts (each secret until all are in), the turn order of the fishing, what a roll meets, the
standings and what the table does now."""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.scoring import PlayerResult, winners_words
from companion.core.table.turns import first_open, groups_by
from companion.core.words import listed
from companion.games.lure.odds import check
from companion.games.lure.scoring import score_state
from companion.games.lure.state import CAST, FILL, FISH, OVER, SPLASH, Cast, LureState


def splash_count(state: LureState) -> int:
    """How many fish Splash reveals now: the round's number ("Reveal 3 (or 2 in 2-3 players
    game) fish"), less the fish left in the middle when refilling up to it, and never more
    than the deck still holds."""
    wanted = state.settings.reveal
    if state.settings.refill == FILL:
        wanted = max(0, wanted - len(state.middle))
    return min(wanted, state.deck_left)


def revealed(state: LureState) -> bool:
    """Whether this round's casts are shown to everyone (every player has cast)."""
    return state.phase in (FISH, OVER) and state.casts.revealed


def has_cast(state: LureState, seat: int) -> bool:
    """Whether `seat` has locked in a cast this round (what the table may see before the reveal)."""
    return state.phase == CAST and state.casts.has_chosen(seat) or revealed(state)


def cast_of(state: LureState, seat: int, viewer: int | None = None) -> Cast | None:
    """`seat`'s cast as the phone of `viewer` (a seat, or None) may see it: once revealed, or its own."""
    if state.phase == SPLASH:
        return None
    return state.casts.shown_to(seat, viewer)


def groups(state: LureState) -> tuple[tuple[int, ...], ...]:
    """The turn order once the casts are revealed: seats grouped by dice chosen (d6 and special
    dice), "from fewest to most"; equal counts form one group that rolls together."""
    if not revealed(state):
        return ()
    return groups_by((seat, state.cast(seat).dice) for seat in range(len(state.seats)))


def current_group(state: LureState) -> int | None:
    """The index (in `groups`) of the group whose turn it is, None when no group is to fish."""
    if state.phase != FISH:
        return None
    return first_open(groups(state), lambda seat: state.seats[seat].done)


def current_seats(state: LureState) -> tuple[int, ...]:
    k = current_group(state)
    return () if k is None else groups(state)[k]


def total(state: LureState, seat: int) -> int:
    """What `seat`'s roll adds up to: d6, special dice and Extra Die lures (0 before rolling)."""
    s, cast = state.seats[seat], state.cast(seat)
    if s.roll is None or cast is None:
        return 0
    return sum(s.roll.dice) + sum(cast.extra)


def _meets(state: LureState, seat: int, index: int, other: Iterable[int] = ()) -> bool:
    """Whether `seat`'s roll meets middle fish `index`: total at least its catch number, and its
    requirement (an Extra Die counts as a die for requirements; 'other': as the table says)."""
    s, cast, fish = state.seats[seat], state.cast(seat), state.middle[index]
    if s.roll is None or cast is None or total(state, seat) < fish.catch:
        return False
    if fish.requirement.kind == "other":
        return index in set(other)
    return bool(check(fish.requirement, (*s.roll.dice, *cast.extra), s.roll.special))


def can_catch(state: LureState, seat: int, other: Iterable[int] = ()) -> list[int]:
    """The middle fish (indices) `seat`'s roll meets now; fish whose requirement is checked at the
    table count only when listed in `other`."""
    other = set(other)
    return [i for i in range(len(state.middle)) if _meets(state, seat, i, other)]


def to_check(state: LureState, seat: int) -> list[int]:
    """The middle fish whose requirement the app cannot check ('other') and whose catch number
    `seat`'s total reaches: the table says whether the roll meets them."""
    if state.seats[seat].roll is None:
        return []
    return [i for i, f in enumerate(state.middle)
            if f.requirement.kind == "other" and total(state, seat) >= f.catch]


def owed_draws(state: LureState, seat: int) -> int:
    """Lure draws `seat` is owed and has not recorded yet."""
    return state.seats[seat].owed


def adjusts_left(state: LureState, seat: int) -> int:
    s, cast = state.seats[seat], state.cast(seat)
    if cast is None or state.phase not in (FISH, OVER):
        return 0
    return cast.adjust - (s.roll.adjusts if s.roll is not None else 0)


def standings(state: LureState) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Every player's score so far in seat order (fish VP and kept Boosts) and who leads (the
    winners once the game is over)."""
    return score_state(state)


def next_step(state: LureState) -> str:
    """What the table does now, in a sentence."""
    if state.phase == OVER:
        _, winners = standings(state)
        return f"The game is over: {winners_words(winners)}."
    if state.phase == SPLASH:
        n = splash_count(state)
        return f"Round {state.round}, Splash: reveal {n} fish." if n else \
            f"Round {state.round}, Splash: the middle is full, no fish to reveal."
    if state.phase == CAST:
        waiting = [state.names[i] for i in state.casts.waiting]
        return f"Round {state.round}, Cast: waiting for {', '.join(waiting)}."
    seats = current_seats(state)
    names = listed([state.names[i] for i in seats])
    to_roll = [state.names[i] for i in seats if state.seats[i].roll is None]
    if to_roll:
        return f"Round {state.round}, Fish: {', '.join(to_roll)} to roll" + \
            (f" ({names} roll together)." if len(seats) > 1 else ".")
    return f"Round {state.round}, Fish: {names} {'has' if len(seats) == 1 else 'have'} rolled; make the catch."
