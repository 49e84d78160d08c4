"""Lure's state: the round's fish in the middle, each player's lures, score pile and roll, and the
secret casts (a kit `Secret`: seen only by their player until every cast is in).

Rules text (seed 001): each round is Splash (reveal 3 fish, 2 in a 2-3 player game), Cast
(each player secretly chooses dice and lures) and Fish (players roll "from fewest to most"
dice; equal counts roll together).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.errors import DomainError
from companion.core.table.seats import seat_named
from companion.core.table.secrets import Secret
from companion.games.lure.cards import FishCard

GAME = "lure"
SPLASH, CAST, FISH, OVER = "splash", "cast", "fish", "over"
PHASES = (SPLASH, CAST, FISH, OVER)
ADJUST, BOOST, EXTRA = "adjust", "boost", "extra"
LURES = (ADJUST, BOOST, EXTRA)
LURE_NAMES = {ADJUST: "Adjust", BOOST: "Boost", EXTRA: "Extra Die"}
FILL, ADD = "fill", "add"
REFILLS = (FILL, ADD)
ALL, ONE = "all", "one"
CATCHES = (ALL, ONE)
MIN_PLAYERS, MAX_PLAYERS = 2, 5
D6_SIDES = 6


class LureError(DomainError):
    """An action the Lure rules refuse; the message says why."""


@dataclass(frozen=True)
class Hand:
    """Lure cards: Adjust and Boost counts, and the number shown on each Extra Die lure."""

    adjust: int = 0
    boost: int = 0
    extra: tuple[int, ...] = ()  # ascending

    @property
    def count(self) -> int:
        return self.adjust + self.boost + len(self.extra)

    def holds(self, other: Hand) -> bool:
        """Whether every lure of `other` is in this hand."""
        extra = list(self.extra)
        for value in other.extra:
            if value not in extra:
                return False
            extra.remove(value)
        return other.adjust <= self.adjust and other.boost <= self.boost

    def minus(self, other: Hand) -> Hand:
        extra = list(self.extra)
        for value in other.extra:
            extra.remove(value)
        return Hand(self.adjust - other.adjust, self.boost - other.boost, tuple(extra))

    def plus(self, lure: str, value: int | None = None) -> Hand:
        if lure == ADJUST:
            return replace(self, adjust=self.adjust + 1)
        if lure == BOOST:
            return replace(self, boost=self.boost + 1)
        return replace(self, extra=tuple(sorted((*self.extra, value or 0))))

    def to_dict(self) -> dict[str, Any]:
        return {ADJUST: self.adjust, BOOST: self.boost, EXTRA: list(self.extra)}


@dataclass(frozen=True)
class Settings:
    """One game's numbers and readings, fixed at set-up."""

    d6: int
    deck: int
    reveal: int  # fish revealed each round (for this many players)
    special_dice: tuple[int, ...]
    starting_lures: Hand
    extra_values: tuple[int, ...]
    refill: str
    catches_per_roll: str


@dataclass(frozen=True)
class Cast:
    """A player's secret pick for the round: d6 count, special dice (by sides) and lures played."""

    d6: int
    special: tuple[int, ...] = ()  # sides, ascending
    adjust: int = 0
    boost: int = 0
    extra: tuple[int, ...] = ()  # Extra Die lures played, by number shown

    @property
    def dice(self) -> int:
        """The dice counted for turn order: d6 and special dice ("Extra Die ... does not count
        as a die for turn order")."""
        return self.d6 + len(self.special)

    @property
    def lures(self) -> Hand:
        return Hand(self.adjust, self.boost, self.extra)

    def sides(self) -> tuple[int, ...]:
        """The sides of each die rolled: the d6 first, then the special dice."""
        return (D6_SIDES,) * self.d6 + self.special


@dataclass(frozen=True)
class Roll:
    """A player's dice once rolled: d6 values and special dice values as they stand now
    (after Adjust lures), the dice as rolled, and how many Adjust lures were used."""

    values: tuple[int, ...]
    special: tuple[int, ...]  # in the order of the cast's special dice
    rolled: tuple[int, ...]  # d6 then special, before adjusting
    adjusts: int = 0
    meets: tuple[int, ...] = ()  # the middle fish checked at the table ('other') its player says it meets
    takes: int | None = None  # the fish its player takes (a roll catches one fish): a middle index

    @property
    def dice(self) -> tuple[int, ...]:
        """Every rolled die's value: the d6 first, then the special dice (the index `adjust` uses)."""
        return self.values + self.special


@dataclass(frozen=True)
class Angler:
    """One player's things (their cast is in the state's secret casts)."""

    hand: Hand  # lures in hand (lures played this round leave it when the casts are revealed)
    pile: tuple[FishCard, ...] = ()  # score pile
    boosts: int = 0  # Boost lures kept beside the score pile
    resting: tuple[int, ...] = ()  # special dice (by sides) rolled last round: not usable this round
    roll: Roll | None = None
    done: bool = False  # fished (or ran out of fish) this round
    owed: int = 0  # lure draws owed (a roll that caught no fish, or running out of fish)
    caught: tuple[FishCard, ...] = ()  # caught this round


@dataclass(frozen=True)
class Outcome:
    """What one resolve did, for the screen: a group's catches, and who ran out of fish."""

    round: int
    group: tuple[int, ...]
    totals: tuple[tuple[int, int], ...]  # (seat, total)
    caught: tuple[tuple[int, FishCard], ...]  # (seat, fish)
    tied: tuple[FishCard, ...] = ()  # fish left in the middle: the lowest totals tied
    ran_out: tuple[int, ...] = ()  # seats that had not rolled when the middle emptied
    taken: tuple[int, ...] = ()  # where the caught fish were in the middle (in `caught`'s order)


@dataclass(frozen=True)
class LureState:
    names: tuple[str, ...]
    settings: Settings
    seats: tuple[Angler, ...]
    ids: tuple[str, ...] = ()  # each seat's roster player ("" where the set-up named only players)
    round: int = 1
    phase: str = SPLASH
    middle: tuple[FishCard, ...] = ()  # the revealed fish not caught yet
    drawn: int = 0  # fish drawn from the deck so far
    casts: Secret[Cast] = field(default_factory=Secret)  # this round's (the last round's until Cast)
    outcomes: tuple[Outcome, ...] = field(default=())  # this round's resolves (the last round's until Splash)

    @property
    def deck_left(self) -> int:
        return self.settings.deck - self.drawn

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def cast(self, seat: int) -> Cast | None:
        """`seat`'s cast this round, for the rules (a screen shows `view.cast_of`)."""
        return self.casts.value(seat)


def set_seat(state: LureState, seat: int, **changes: Any) -> LureState:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(state, seats=tuple(seats))


def seat_of(state: LureState, data: Mapping[str, Any]) -> int:
    return seat_named(data, len(state.names), LureError)


def die_name(sides: int) -> str:
    return f"d{sides}"


def in_phase(state: LureState, phase: str, doing: str) -> None:
    """LureError, saying what the table does now, unless the round is in `phase`."""
    if state.phase == phase:
        return
    if state.phase == OVER:
        raise LureError("The game is over.")
    why = {SPLASH: f"round {state.round} starts with Splash: reveal its fish first",
           CAST: f"the players are still casting (round {state.round})",
           FISH: f"the casts of round {state.round} are revealed and the players are fishing"}[state.phase]
    raise LureError(f"Cannot {doing} now: {why}.")
