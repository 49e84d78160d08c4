"""Salmon Run's state: each salmon's whole deck and hand, the supplemental piles and the Fatigue Deck,
the turn, and a Current, Rapids or Eagle card waiting for the table's answers (the Current's and the
Rapids' a kit `Secret`: every salmon answers at the same moment on its own phone, and the answers
are shown together once all are in).

Rules text (seed 002). The board, the pawns and the cards stay on the table; the app keeps what is
tedious to keep.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.errors import DomainError
from companion.core.table.seats import seat_named
from companion.core.table.secrets import Secret
from companion.games.salmon_run.river import (
    BEAR,
    CARDS,
    CURRENT,
    DOUBLE_FORWARD,
    DOUBLE_LEFT,
    DOUBLE_RIGHT,
    EAGLE,
    FATIGUE,
    FORWARD,
    LEFT,
    RAPIDS,
    RIGHT,
    WILD,
    River,
)

GAME = "salmon-run"
FIRST, RACE, OVER = "first", "race", "over"  # roll for the first player, the race, its end
# The rules a race was set up with (its set-up's "rules_version", so a journal replays as it was played):
# 1 (no "rules_version": set up before version 2): every salmon answered a Current and Rapids, one in the
# spawning pond too, and a two-arrow answer carried its own roll; 2: a salmon in the spawning pond is on no
# hex of the river, so it has no arrows and is not asked ("Any salmon on a hex with no arrows is unaffected
# by the current"), and a two-arrow roll is recorded by a move of its own ("roll") before it is shown; 3: a
# card a special hex gives goes to the discard pile ("This will allow you to play the Eagle once the card
# cycles through your deck and into your hand"), so it is not played (nor counters) the turn it is taken.
EARLIER_RULES, RULES_VERSION = 1, 3
GAINED_TO_DISCARD = 3  # the first rules version where a card taken this turn cannot be played this turn
HAND_SIZE = 4  # "Each player's hand size is always four cards."
MOST_PLAYS = 3  # "The current player plays up to 3 cards from his hand"
# "Each player's color-coded Swim Deck consists of: 3 Swim Forward, 3 Swim Right, 3 Swim Left,
# 1 Wild, 1 Bear."
SWIM_DECK = {FORWARD: 3, RIGHT: 3, LEFT: 3, WILD: 1, BEAR: 1}
# "Swim cards include the basic swims ..., the Double Swims ... and the Wild Card."
SWIM_CARDS = (FORWARD, RIGHT, LEFT, DOUBLE_FORWARD, DOUBLE_RIGHT, DOUBLE_LEFT, WILD)
# The cards that wait for the table to answer when played (each counters itself).
ANSWERED = (CURRENT, RAPIDS, EAGLE)


class SalmonRunError(DomainError):
    """An action the Salmon Run rules refuse; the message says why."""


# State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """Cards by kind (in `CARDS` order): a salmon's whole deck (Swim Deck, discard pile and hand),
    or the table's piles (the supplemental piles, and the Fatigue Deck as its Fatigue count)."""

    counts: tuple[int, ...] = (0,) * len(CARDS)

    @classmethod
    def of(cls, cards: Mapping[str, int]) -> Deck:
        return cls(tuple(cards.get(kind, 0) for kind in CARDS))

    def count(self, kind: str) -> int:
        return self.counts[CARDS.index(kind)]

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def fatigue(self) -> int:
        return self.count(FATIGUE)

    def plus(self, kind: str, n: int = 1) -> Deck:
        counts = list(self.counts)
        counts[CARDS.index(kind)] += n
        return Deck(tuple(counts))

    def minus(self, kind: str, n: int = 1) -> Deck:
        return self.plus(kind, -n)

    def as_dict(self) -> dict[str, int]:
        """The kinds held, with their counts (none: left out)."""
        return {kind: n for kind, n in zip(CARDS, self.counts) if n}


@dataclass(frozen=True)
class Salmon:
    """One player's salmon and deck. `added`/`removed`: supplemental cards added by hexes and cards
    removed by Reeds; `fatigue_gained`/`fatigue_returned`: Fatigue cards taken and given back."""

    name: str
    colour: str
    deck: Deck = field(default_factory=lambda: Deck.of(SWIM_DECK))
    hand: int = HAND_SIZE  # "shuffles it and draws 4 cards to make their starting hand"
    added: int = 0
    removed: int = 0
    fatigue_gained: int = 0
    fatigue_returned: int = 0
    in_pond: bool = False
    pond_round: int | None = None  # the round (each player's turn count) it reached the pond in
    pond_turn: int | None = None  # the race's turn number then


@dataclass(frozen=True)
class Answer:
    """One salmon's answer to a Current, Rapids or Eagle card.

    Current: the arrows on its hex (0, 1, 2), the roll for two arrows, the arrow followed (None:
    no arrow, it stays), and the same for a Waterfall the current pushed it into. Rapids: the
    arrows on its hex and the cards discarded. Eagle: the card discarded (0 or 1)."""

    seat: int
    countered: bool = False
    arrows: int = 0
    roll: int | None = None
    arrow: int | None = None
    waterfall_arrows: int | None = None
    waterfall_roll: int | None = None
    waterfall_arrow: int | None = None
    discards: int = 0


@dataclass(frozen=True)
class Pending:
    """A Current, Rapids or Eagle card played by `by`. While it waits, the answers are the state's
    secret `answers`; once every answer is in, `answers` holds them, in seat order (an Eagle: its one,
    given by the `target` its player named: a card lost, or the target's own Eagle discarded)."""

    card: str
    by: int
    answers: tuple[Answer, ...] = ()
    target: int | None = None  # an Eagle's: the player named, who answers it on their own phone


@dataclass(frozen=True)
class Turn:
    """The current player's turn so far: the cards played (a jump's two included), the jumps, and the
    Current and Rapids cards answered in full (every salmon's answer, for the screens to show)."""

    seat: int
    played: tuple[str, ...] = ()
    jumps: int = 0
    answered: tuple[Pending, ...] = ()
    gained: tuple[tuple[int, str], ...] = ()  # (seat, card) taken from a special hex this turn: in the discard pile


@dataclass(frozen=True)
class RaceState:
    salmon: tuple[Salmon, ...]
    river: River
    piles: Deck  # the supplemental piles; its Fatigue count is the Fatigue Deck
    phase: str = FIRST
    first: int | None = None  # the first player's seat
    first_rolls: tuple[int, ...] = ()
    turn: Turn | None = None
    turns: int = 0  # the race's turns begun (the current one included)
    pending: Pending | None = None  # a card waiting for the table's answers
    last: Pending | None = None  # the last card answered in full (for the screen)
    previous: Turn | None = None  # the turn ended last (for the screens: what it did)
    ids: tuple[str, ...] = ()  # each seat's roster player ("" where the set-up named only players)
    answers: Secret[Answer] = field(default_factory=Secret)  # the Current's or Rapids' answers, secret until all are in
    # The die rolled for a salmon's two-arrow hex in the Current waiting, as (seat, roll) in seat order: each
    # seat's own (shown on its phone), in its answer once every salmon has answered.
    rolls: tuple[tuple[int, int], ...] = ()
    rules_version: int = RULES_VERSION  # the set-up's (EARLIER_RULES for a race set up before version 2)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.salmon)

    @property
    def current(self) -> int | None:
        """The current player's seat (None before the first roll and once the race is over)."""
        return self.turn.seat if self.turn is not None else None

    @property
    def round(self) -> int:
        """How many times the turn has gone round the table (1 in the first players' turns)."""
        return 0 if self.turns == 0 else 1 + (self.turns - 1) // len(self.salmon)

    @property
    def last_seat(self) -> int | None:
        """The last player in turn order (the one before the first player)."""
        return None if self.first is None else (self.first - 1) % len(self.salmon)

    @property
    def over(self) -> bool:
        return self.phase == OVER


def seat_of(state: RaceState, data: Mapping[str, Any]) -> int:
    return seat_named(data, len(state.salmon), SalmonRunError)


def card_of(value: Any) -> str:
    if value not in CARDS:
        raise SalmonRunError(f"Salmon Run has no card {value!r}.")
    return value


def set_salmon(state: RaceState, seat: int, **changes: Any) -> RaceState:
    salmon = list(state.salmon)
    salmon[seat] = replace(salmon[seat], **changes)
    return replace(state, salmon=tuple(salmon))


def in_race(state: RaceState) -> None:
    if state.phase == FIRST:
        raise SalmonRunError("Roll for the first player first.")
    if state.phase == OVER:
        raise SalmonRunError("The race is over.")


def add_fatigue(state: RaceState, seat: int) -> RaceState:
    """One Fatigue card from the Fatigue Deck into `seat`'s discard pile (none when the deck is empty:
    the text does not say, and there is no card to add)."""
    if state.piles.fatigue < 1:
        return state
    s = state.salmon[seat]
    state = replace(state, piles=state.piles.minus(FATIGUE))
    return set_salmon(state, seat, deck=s.deck.plus(FATIGUE), fatigue_gained=s.fatigue_gained + 1)


