"""Lure's round helper: Splash, Cast, Fish, round after round, to the end of the game.

Rules text (seed 001): each round is Splash (reveal 3 fish, 2 in a 2-3 player game), Cast
(each player secretly chooses dice and lures) and Fish (players roll "from fewest to
most" dice; equal counts roll together). The fish deck and the lure deck stay at the
table: the table enters the fish it reveals and the lure each player draws; the dice are
rolled by the app or entered from the physical dice, so every random outcome is in the
action's data.

The numbers the text does not give (d6 per player, fish deck size, starting lures, Extra
Die numbers) and the readings where it is open (how Splash refills, how many fish one
roll catches) are in `assets/games/lure/lure.json`; a game's set-up may change some.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.assets import AssetError, load_data, require, whole_number
from companion.core.errors import DomainError
from companion.core.scoring import PlayerResult
from companion.games.lure.cards import MAX_FACE, FishCard
from companion.games.lure.odds import MAX_D6, check
from companion.games.lure.scoring import GAME_NAME, score_state, to_play  # noqa: F401  (to_play: for History)

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
MAX_NAME = 20
D6_SIDES = 6
# Bounds no box comes near: a value past them is a typo, refused by name.
MOST_D6, MOST_DECK, MOST_REVEAL, MOST_LURES = MAX_D6, 100, 10, 10  # the odds count up to MAX_D6 d6


class LureError(DomainError):
    """An action the Lure rules refuse; the message says why."""


# Data: assets/games/lure/lure.json ---------------------------------------------------------


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
class LureData:
    """What `lure.json` holds (see its notes for which values are chosen defaults)."""

    d6: int
    deck: int
    splash: Mapping[int, int]  # players -> fish revealed each round
    special_dice: tuple[int, ...]  # sides of each player's special dice
    starting_lures: Hand
    extra_values: tuple[int, ...]  # the numbers an Extra Die lure may show
    refill: str
    catches_per_roll: str


def _word(data: Any, key: str, where: str, words: tuple[str, ...]) -> str:
    value = require(data, key, str, where)
    if value not in words:
        raise AssetError(f"{where}.{key}: one of {', '.join(repr(w) for w in words)}, not {value!r}")
    return value


def _numbers(raw: Any, where: str, least: int, most: int, at_most: int, distinct: bool) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) > at_most:
        raise AssetError(f"{where}: expected a list of at most {at_most} numbers")
    values = tuple(whole_number(v, f"{where}[{i}]", least, most) for i, v in enumerate(raw))
    if distinct and len(set(values)) != len(values):
        raise AssetError(f"{where}: each number once")
    return values


def parse_data(data: Any, where: str = "lure.json") -> LureData:
    """The data in `data`, checked; AssetError names the first field that does not fit."""
    splash_raw = require(data, "splash", dict, where)
    splash = {n: whole_number(require(splash_raw, str(n), int, f"{where}.splash"), f"{where}.splash.{n}", 1, MOST_REVEAL)
              for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    special = _numbers(require(data, "special_dice", list, where), f"{where}.special_dice", 2, MAX_FACE, 3, True)
    extra_values = _numbers(require(data, "extra_die_values", list, where), f"{where}.extra_die_values",
                            1, MAX_FACE, MAX_FACE, True)
    if not extra_values:
        raise AssetError(f"{where}.extra_die_values: at least one number")
    lures = require(data, "starting_lures", dict, where)
    here = f"{where}.starting_lures"
    start_extra = _numbers(require(lures, EXTRA, list, here), f"{here}.extra", 1, MAX_FACE, MOST_LURES, False)
    for i, value in enumerate(start_extra):
        if value not in extra_values:
            raise AssetError(f"{here}.extra[{i}]: {value} is not one of extra_die_values")
    starting = Hand(whole_number(require(lures, ADJUST, int, here), f"{here}.adjust", 0, MOST_LURES),
                    whole_number(require(lures, BOOST, int, here), f"{here}.boost", 0, MOST_LURES),
                    tuple(sorted(start_extra)))
    return LureData(
        d6=whole_number(require(data, "d6", int, where), f"{where}.d6", 1, MOST_D6),
        deck=whole_number(require(data, "deck", int, where), f"{where}.deck", 1, MOST_DECK),
        splash=splash, special_dice=tuple(sorted(special)), starting_lures=starting, extra_values=extra_values,
        refill=_word(data, "refill", where, REFILLS),
        catches_per_roll=_word(data, "catches_per_roll", where, CATCHES),
    )


@cache
def default_data() -> LureData:
    """The shipped data file (or the player's own copy of it), checked."""
    return load_data("games/lure/lure.json", parse_data)


# State ----------------------------------------------------------------------------------


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

    @property
    def dice(self) -> tuple[int, ...]:
        """Every rolled die's value: the d6 first, then the special dice (the index `adjust` uses)."""
        return self.values + self.special


@dataclass(frozen=True)
class Seat:
    """One player's things."""

    hand: Hand  # lures in hand (lures played this round leave it when the casts are revealed)
    pile: tuple[FishCard, ...] = ()  # score pile
    boosts: int = 0  # Boost lures kept beside the score pile
    resting: tuple[int, ...] = ()  # special dice (by sides) rolled last round: not usable this round
    cast: Cast | None = None
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
    seats: tuple[Seat, ...]
    round: int = 1
    phase: str = SPLASH
    middle: tuple[FishCard, ...] = ()  # the revealed fish not caught yet
    drawn: int = 0  # fish drawn from the deck so far
    outcomes: tuple[Outcome, ...] = field(default=())  # this round's resolves (the last round's until Splash)

    @property
    def deck_left(self) -> int:
        return self.settings.deck - self.drawn

    @property
    def over(self) -> bool:
        return self.phase == OVER


# Set-up -----------------------------------------------------------------------------------


def _whole_setting(setup: Mapping[str, Any], key: str, default: int, least: int, most: int, what: str) -> int:
    value = setup.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise LureError(f"{what} is {least} to {most}, not {value!r}.")
    return value


def _word_setting(setup: Mapping[str, Any], key: str, default: str, words: tuple[str, ...], what: str) -> str:
    value = setup.get(key, default)
    if value not in words:
        raise LureError(f"{what} is one of {', '.join(words)}; not {value!r}.")
    return value


def _setup_numbers(value: Any, what: str, allowed: Iterable[int], at_most: int) -> tuple[int, ...]:
    allowed = set(allowed)
    if not isinstance(value, list) or len(value) > at_most or any(
            not isinstance(v, int) or isinstance(v, bool) or v not in allowed for v in value):
        raise LureError(f"{what}: a list of at most {at_most} numbers from {', '.join(map(str, sorted(allowed)))}.")
    return tuple(value)


def read_settings(setup: Mapping[str, Any], players: int, data: LureData | None = None) -> Settings:
    """A game's settings: the data file's, with the set-up's overrides (checked)."""
    data = data or default_data()
    extra_values = data.extra_values
    if "extra_values" in setup:
        extra_values = _setup_numbers(setup["extra_values"], "Extra Die numbers", range(1, MAX_FACE + 1), MAX_FACE)
        if not extra_values or len(set(extra_values)) != len(extra_values):
            raise LureError("Extra Die numbers: at least one, each once.")
    special = data.special_dice
    if "special_dice" in setup:
        special = _setup_numbers(setup["special_dice"], "Special dice", range(2, MAX_FACE + 1), 3)
        if len(set(special)) != len(special):
            raise LureError("Special dice: each size once.")
        special = tuple(sorted(special))
    starting = data.starting_lures
    if "lures" in setup:
        lures = setup["lures"]
        if not isinstance(lures, Mapping):
            raise LureError("Starting lures: say how many Adjust and Boost lures, and the Extra Die numbers.")
        extra = _setup_numbers(lures.get(EXTRA, []), "Starting Extra Die lures", extra_values, MOST_LURES)
        starting = Hand(_whole_setting(lures, ADJUST, 0, 0, MOST_LURES, "Starting Adjust lures"),
                        _whole_setting(lures, BOOST, 0, 0, MOST_LURES, "Starting Boost lures"), tuple(sorted(extra)))
    elif not set(starting.extra) <= set(extra_values):
        raise LureError("Starting Extra Die lures must show numbers an Extra Die lure can show.")
    return Settings(
        d6=_whole_setting(setup, "d6", data.d6, 1, MOST_D6, "Each player's number of d6"),
        deck=_whole_setting(setup, "deck", data.deck, 1, MOST_DECK, "The number of fish cards in the deck"),
        reveal=_whole_setting(setup, "reveal", data.splash[players], 1, MOST_REVEAL, "The fish revealed each round"),
        special_dice=special, starting_lures=starting, extra_values=extra_values,
        refill=_word_setting(setup, "refill", data.refill, REFILLS, "How Splash refills the middle"),
        catches_per_roll=_word_setting(setup, "catches_per_roll", data.catches_per_roll, CATCHES,
                                       "How many fish one roll catches"),
    )


def setup_for(names: Sequence[str], **overrides: Any) -> dict[str, Any]:
    """A complete set-up for a new game: the data file's values written in, so the game replays
    the same even if the data file changes later. `overrides`: d6, deck, refill, catches_per_roll..."""
    data = default_data()
    setup: dict[str, Any] = {
        "players": list(names), "d6": data.d6, "deck": data.deck, "reveal": data.splash.get(len(names), 3),
        "special_dice": list(data.special_dice), "lures": data.starting_lures.to_dict(),
        "extra_values": list(data.extra_values), "refill": data.refill, "catches_per_roll": data.catches_per_roll,
    }
    if "players" in overrides:
        raise TypeError("names are given as the first argument")
    setup.update(overrides)
    return setup


def read_names(players: Any) -> tuple[str, ...]:
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        count = len(players) if isinstance(players, list) else 0
        raise LureError(f"Lure is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}.")
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise LureError("Each player needs a name.")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise LureError(f"Names can be at most {MAX_NAME} characters; {name!r} has {len(name)}.")
        if any(other.casefold() == name.casefold() for other in names):
            raise LureError(f"Two players are called {name}: each player plays once.")
        names.append(name)
    return tuple(names)


# Reading the state (for the screen too) ------------------------------------------------------


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
    return state.phase in (FISH, OVER) and all(s.cast is not None for s in state.seats)


def has_cast(state: LureState, seat: int) -> bool:
    """Whether `seat` has locked in a cast this round (what the table may see before the reveal)."""
    return state.seats[seat].cast is not None


def cast_of(state: LureState, seat: int) -> Cast | None:
    """`seat`'s cast. Before `revealed(state)` it is that player's secret: show it only to them."""
    return state.seats[seat].cast


def groups(state: LureState) -> tuple[tuple[int, ...], ...]:
    """The turn order once the casts are revealed: seats grouped by dice chosen (d6 and special
    dice), "from fewest to most"; equal counts form one group that rolls together."""
    if not revealed(state):
        return ()
    counts = sorted({s.cast.dice for s in state.seats if s.cast is not None})
    return tuple(tuple(i for i, s in enumerate(state.seats) if s.cast is not None and s.cast.dice == n)
                 for n in counts)


def current_group(state: LureState) -> int | None:
    """The index (in `groups`) of the group whose turn it is, None when no group is to fish."""
    if state.phase != FISH:
        return None
    for k, group in enumerate(groups(state)):
        if any(not state.seats[i].done for i in group):
            return k
    return None


def current_seats(state: LureState) -> tuple[int, ...]:
    k = current_group(state)
    return () if k is None else groups(state)[k]


def total(state: LureState, seat: int) -> int:
    """What `seat`'s roll adds up to: d6, special dice and Extra Die lures (0 before rolling)."""
    s = state.seats[seat]
    if s.roll is None or s.cast is None:
        return 0
    return sum(s.roll.dice) + sum(s.cast.extra)


def _meets(state: LureState, seat: int, index: int, other: Iterable[int] = ()) -> bool:
    """Whether `seat`'s roll meets middle fish `index`: total at least its catch number, and its
    requirement (an Extra Die counts as a die for requirements; 'other': as the table says)."""
    s, fish = state.seats[seat], state.middle[index]
    if s.roll is None or s.cast is None or total(state, seat) < fish.catch:
        return False
    if fish.requirement.kind == "other":
        return index in set(other)
    values = (*s.roll.dice, *s.cast.extra)
    return bool(check(fish.requirement, values, s.roll.special))


def can_catch(state: LureState, seat: int, other: Iterable[int] = ()) -> list[int]:
    """The middle fish (indices) `seat`'s roll meets now; fish whose requirement is checked at the
    table count only when listed in `other`."""
    other = set(other)
    return [i for i in range(len(state.middle)) if _meets(state, seat, i, other)]


def to_check(state: LureState, seat: int) -> list[int]:
    """The middle fish whose requirement the app cannot check ('other') and whose catch number
    `seat`'s total reaches: the table says whether the roll meets them."""
    s = state.seats[seat]
    if s.roll is None:
        return []
    return [i for i, f in enumerate(state.middle)
            if f.requirement.kind == "other" and total(state, seat) >= f.catch]


def owed_draws(state: LureState, seat: int) -> int:
    """Lure draws `seat` is owed and has not recorded yet."""
    return state.seats[seat].owed


def adjusts_left(state: LureState, seat: int) -> int:
    s = state.seats[seat]
    if s.cast is None:
        return 0
    return s.cast.adjust - (s.roll.adjusts if s.roll is not None else 0)


def standings(state: LureState) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Every player's score so far in seat order (fish VP and kept Boosts) and who leads (the
    winners once the game is over)."""
    return score_state(state)


def next_step(state: LureState) -> str:
    """What the table does now, in a sentence."""
    if state.phase == OVER:
        _, winners = standings(state)
        return f"The game is over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}."
    if state.phase == SPLASH:
        n = splash_count(state)
        return f"Round {state.round}, Splash: reveal {n} fish." if n else \
            f"Round {state.round}, Splash: the middle is full, no fish to reveal."
    if state.phase == CAST:
        waiting = [state.names[i] for i, s in enumerate(state.seats) if s.cast is None]
        return f"Round {state.round}, Cast: waiting for {', '.join(waiting)}."
    seats = current_seats(state)
    names = " and ".join(state.names[i] for i in seats)
    to_roll = [state.names[i] for i in seats if state.seats[i].roll is None]
    if to_roll:
        return f"Round {state.round}, Fish: {', '.join(to_roll)} to roll" + \
            (f" ({names} roll together)." if len(seats) > 1 else ".")
    return f"Round {state.round}, Fish: {names} {'has' if len(seats) == 1 else 'have'} rolled; make the catch."


# The rules --------------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(state: LureState, data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not _whole(seat) or not 0 <= seat < len(state.names):
        raise LureError(f"There is no player {seat!r} at this table.")
    return seat


def _set_seat(state: LureState, seat: int, **changes: Any) -> LureState:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(state, seats=tuple(seats))


def _in_phase(state: LureState, phase: str, doing: str) -> None:
    if state.phase == phase:
        return
    if state.phase == OVER:
        raise LureError("The game is over.")
    why = {SPLASH: f"round {state.round} starts with Splash: reveal its fish first",
           CAST: f"the players are still casting (round {state.round})",
           FISH: f"the casts of round {state.round} are revealed and the players are fishing"}[state.phase]
    raise LureError(f"Cannot {doing} now: {why}.")


def _die(sides: int) -> str:
    return f"d{sides}"


class LureRules:
    game = GAME
    title = "Lure"

    def initial_state(self, setup: Mapping[str, Any]) -> LureState:
        if not isinstance(setup, Mapping):
            raise LureError("A game of Lure is set up with its players.")
        names = read_names(setup.get("players"))
        settings = read_settings(setup, len(names))
        return LureState(names, settings, tuple(Seat(settings.starting_lures) for _ in names))

    def footprint(self, action: Action) -> Footprint:
        """Casts are made at the same time on every phone, and players rolling together roll
        and adjust at the same time: each of these, and a lure drawn, touches its own seat. The
        last cast reveals them all (every hand gives up its played lures), which no other
        seat's cast, roll or draw depends on: a roll is only offered once the casts are shown."""
        data = action.data if isinstance(action.data, Mapping) else {}
        if action.type in ("cast", "roll", "adjust", "draw"):
            seat = ("seat", data.get("seat"))
            return Footprint(reads=(seat,), writes=(seat,))
        return Footprint()

    def apply(self, state: LureState, action: Action) -> LureState:
        data = action.data
        if not isinstance(data, Mapping):
            raise LureError("This action carries nothing the Lure rules can read.")
        handlers = {"splash": _splash, "cast": _cast, "roll": _roll, "adjust": _adjust, "resolve": _resolve,
                    "draw": _draw}
        handler = handlers.get(action.type)
        if handler is None:
            raise LureError(f"Lure does not know the action {action.type!r}.")
        return handler(state, data)


def _splash(state: LureState, data: Mapping[str, Any]) -> LureState:
    _in_phase(state, SPLASH, "reveal fish")
    raw = data.get("fish")
    if not isinstance(raw, list):
        raise LureError("Splash: say which fish were revealed.")
    wanted = splash_count(state)
    if len(raw) != wanted:
        why = f"Round {state.round}'s Splash reveals {wanted} fish, not {len(raw)}"
        reveal = state.settings.reveal
        if wanted < reveal:
            parts = []
            if state.settings.refill == FILL and state.middle:
                parts.append(f"the middle holds {len(state.middle)} already, and Splash fills it up to {reveal}")
            if state.deck_left < reveal:
                parts.append(f"the deck has {state.deck_left} fish left")
            why += f" ({'; '.join(parts)})" if parts else ""
        elif reveal != 3:
            why += f" ({reveal} with {len(state.names)} players)"
        raise LureError(why + ".")
    fish = []
    for i, card in enumerate(raw):
        try:
            fish.append(FishCard.from_dict(card))
        except DomainError as exc:
            raise LureError(f"Fish {i + 1}: {exc}") from None
    return replace(state, phase=CAST, middle=state.middle + tuple(fish), drawn=state.drawn + len(fish), outcomes=())


def _read_cast(state: LureState, seat: int, data: Mapping[str, Any]) -> Cast:
    name, s, settings = state.names[seat], state.seats[seat], state.settings
    d6 = data.get("d6", 0)
    if not _whole(d6) or d6 < 0:
        raise LureError(f"{name}: say how many d6 to cast (0 to {settings.d6}).")
    if d6 > settings.d6:
        raise LureError(f"{name} has only {settings.d6} d6, so cannot cast {d6}.")
    special = data.get("special", [])
    if not isinstance(special, list) or not all(_whole(v) for v in special):
        raise LureError(f"{name}: say which special dice to cast, by their sides (e.g. 12).")
    for sides in special:
        if sides not in settings.special_dice:
            owned = " and ".join(f"a {_die(n)}" for n in settings.special_dice) or "none"
            raise LureError(f"{name} has no {_die(sides)} special die (special dice: {owned}).")
        if sides in s.resting:
            raise LureError(f"{name}'s {_die(sides)} is resting this round: a special die rolled last round "
                            "cannot be used again for 1 round (Special Dice).")
    if len(set(special)) != len(special):
        raise LureError(f"{name} has one of each special die.")
    played: dict[str, int] = {}
    for lure in (ADJUST, BOOST):
        n = data.get(lure, 0)
        if not _whole(n) or n < 0:
            raise LureError(f"{name}: say how many {LURE_NAMES[lure]} lures to play.")
        played[lure] = n
    extra = data.get("extra", [])
    if not isinstance(extra, list) or not all(_whole(v) for v in extra):
        raise LureError(f"{name}: say which Extra Die lures to play, by the number they show.")
    cast = Cast(d6, tuple(sorted(special)), played[ADJUST], played[BOOST], tuple(sorted(extra)))
    hand = s.hand
    for lure, held in ((ADJUST, hand.adjust), (BOOST, hand.boost)):
        if played[lure] > held:
            raise LureError(f"{name} has {held} {LURE_NAMES[lure]} lure{'s' if held != 1 else ''} in hand, "
                            f"so cannot play {played[lure]}.")
    if not hand.holds(cast.lures):
        missing = next(v for v in sorted(set(extra)) if extra.count(v) > hand.extra.count(v))
        raise LureError(f"{name} has no{' more' if missing in hand.extra else ''} Extra Die {missing} lure in hand.")
    return cast


def _cast(state: LureState, data: Mapping[str, Any]) -> LureState:
    _in_phase(state, CAST, "cast")
    seat = _seat(state, data)
    state = _set_seat(state, seat, cast=_read_cast(state, seat, data))
    if all(s.cast is not None for s in state.seats):
        return _reveal(state)
    return state


def _reveal(state: LureState) -> LureState:
    """Every player has cast: the casts are shown and the lures played leave the hands."""
    seats = tuple(replace(s, hand=s.hand.minus(s.cast.lures)) if s.cast is not None else s for s in state.seats)
    state = replace(state, seats=seats, phase=FISH)
    if not state.middle:  # nothing to fish for (only a data file with odd numbers gets here)
        return _after_catch(state, Outcome(state.round, (), (), ()))
    return state


def _check_turn(state: LureState, seat: int, doing: str) -> None:
    name, s = state.names[seat], state.seats[seat]
    if s.done:
        raise LureError(f"{name} cannot {doing}: {name}'s catch is made this round.")
    if seat not in current_seats(state):
        order = " and ".join(state.names[i] for i in current_seats(state))
        raise LureError(f"{name} cannot {doing} yet: fewest dice first, so {order} now.")


def _roll(state: LureState, data: Mapping[str, Any]) -> LureState:
    _in_phase(state, FISH, "roll")
    seat = _seat(state, data)
    _check_turn(state, seat, "roll")
    name, s = state.names[seat], state.seats[seat]
    assert s.cast is not None
    if s.roll is not None:
        raise LureError(f"{name} has rolled already.")
    values = data.get("values", [])
    if not isinstance(values, list) or len(values) != s.cast.d6:
        raise LureError(f"{name} cast {s.cast.d6} d6: give {s.cast.d6} value{'s' if s.cast.d6 != 1 else ''}.")
    for v in values:
        if not _whole(v) or not 1 <= v <= D6_SIDES:
            raise LureError(f"A d6 shows 1 to 6, not {v!r}.")
    special = data.get("special", {})
    if not isinstance(special, Mapping):
        raise LureError(f"{name}: give each special die's value by its sides, e.g. {{\"12\": 9}}.")
    wanted = {str(n): n for n in s.cast.special}
    for key in special:
        if str(key) not in wanted:
            raise LureError(f"{name} did not cast a d{key} special die.")
    special_values = []
    for key, sides in wanted.items():
        if key not in {str(k) for k in special}:
            raise LureError(f"{name} cast a {_die(sides)}: give its value.")
        value = next(v for k, v in special.items() if str(k) == key)
        if not _whole(value) or not 1 <= value <= sides:
            raise LureError(f"A {_die(sides)} shows 1 to {sides}, not {value!r}.")
        special_values.append(value)
    roll = Roll(tuple(values), tuple(special_values), tuple(values) + tuple(special_values))
    return _set_seat(state, seat, roll=roll)


def _adjust(state: LureState, data: Mapping[str, Any]) -> LureState:
    _in_phase(state, FISH, "adjust a die")
    seat = _seat(state, data)
    name, s = state.names[seat], state.seats[seat]
    if s.done and s.roll is not None:
        raise LureError(f"{name} has fished already: you cannot adjust any dice once you catch a fish.")
    _check_turn(state, seat, "adjust a die")
    if s.roll is None or s.cast is None:
        raise LureError(f"{name} has not rolled yet.")
    if adjusts_left(state, seat) <= 0:
        played = s.cast.adjust
        raise LureError(f"{name} played {played} Adjust lure{'s' if played != 1 else ''} and "
                        f"{'has used it' if played == 1 else 'none are left' if played else 'so cannot adjust'}.")
    die, by = data.get("die"), data.get("by")
    sides = s.cast.sides()
    if not _whole(die) or not 0 <= die < len(sides):
        raise LureError(f"{name} rolled {len(sides)} dice: there is no die {die!r}.")
    if not _whole(by) or by not in (1, -1):
        raise LureError("An Adjust lure moves a die up or down by 1.")
    dice = list(s.roll.dice)
    new = dice[die] + by
    if not 1 <= new <= sides[die]:
        edge = "highest" if by > 0 else "lowest"
        raise LureError(f"A {_die(sides[die])} showing {dice[die]} cannot go {'up' if by > 0 else 'down'}: "
                        f"Adjust never goes beyond a die's {edge} number.")
    dice[die] = new
    roll = replace(s.roll, values=tuple(dice[:s.cast.d6]), special=tuple(dice[s.cast.d6:]),
                   adjusts=s.roll.adjusts + 1)
    return _set_seat(state, seat, roll=roll)


def _seat_map(raw: Any, what: str, state: LureState, group: tuple[int, ...]) -> dict[int, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise LureError(f"{what}: give it by player.")
    out = {}
    for key, value in raw.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise LureError(f"{what}: there is no player {key!r} at this table.") from None
        if seat not in group:
            who = state.names[seat] if 0 <= seat < len(state.names) else repr(key)
            raise LureError(f"{what}: {who} is not rolling now.")
        out[seat] = value
    return out


def _fish_index(state: LureState, value: Any, what: str) -> int:
    if not _whole(value) or not 0 <= value < len(state.middle):
        raise LureError(f"{what}: there is no fish {value!r} in the middle ({len(state.middle)} there).")
    return value


def outcome(state: LureState, other: Mapping[Any, Any] | None = None,
            choice: Mapping[Any, Any] | None = None) -> Outcome:
    """What resolving the current group would do (LureError when it cannot be resolved now).

    Each fish goes to the one player of the group who meets it; "If they can both catch a
    fish, the player with the lower total gets it. If tied, no one gets it (leave it in the
    middle)." With catches_per_roll 'all' a roll catches every fish it meets; with 'one' each
    player catches only the fish they choose."""
    if state.phase != FISH:
        _in_phase(state, FISH, "make the catch")
    k = current_group(state)
    if k is None:  # pragma: no cover - a round in phase FISH always has a group to fish
        raise LureError("Every player has fished this round.")
    group = groups(state)[k]
    for seat in group:
        if state.seats[seat].roll is None:
            raise LureError(f"Wait for {state.names[seat]} to roll.")
    others: dict[int, set[int]] = {}
    for seat, listed in _seat_map(other, "Requirements checked at the table", state, group).items():
        if not isinstance(listed, list):
            raise LureError("Requirements checked at the table: list the fish each player meets.")
        indices = {_fish_index(state, i, "Requirements checked at the table") for i in listed}
        for i in indices:
            if state.middle[i].requirement.kind != "other":
                raise LureError(f"The {state.middle[i].catch} has no requirement to check at the table.")
        others[seat] = indices
    meets = {seat: can_catch(state, seat, others.get(seat, ())) for seat in group}
    totals = {seat: total(state, seat) for seat in group}
    if state.settings.catches_per_roll == ONE:
        chosen = _seat_map(choice, "Choice of fish", state, group)
        wants: dict[int, list[int]] = {}
        for seat in group:
            name = state.names[seat]
            if seat in chosen:
                index = _fish_index(state, chosen[seat], f"{name}'s choice")
                if index not in meets[seat]:
                    raise LureError(f"{name}'s roll does not catch the {state.middle[index].catch}.")
                wants[seat] = [index]
            elif len(meets[seat]) > 1:
                raise LureError(f"{name} can catch {len(meets[seat])} fish: choose one.")
            else:
                wants[seat] = meets[seat]
    else:
        if choice:
            raise LureError("A roll catches every fish it meets in this game: there is no fish to choose.")
        wants = meets
    caught: list[tuple[int, FishCard]] = []
    taken: list[int] = []
    tied: list[FishCard] = []
    for index, fish in enumerate(state.middle):
        rivals = [seat for seat in group if index in wants[seat]]
        if not rivals:
            continue
        lowest = min(totals[s] for s in rivals)
        winners = [s for s in rivals if totals[s] == lowest]
        if len(winners) == 1:
            caught.append((winners[0], fish))
            taken.append(index)
        else:
            tied.append(fish)
    return Outcome(state.round, group, tuple((s, totals[s]) for s in group), tuple(caught), tuple(tied),
                   taken=tuple(taken))


def _resolve(state: LureState, data: Mapping[str, Any]) -> LureState:
    _in_phase(state, FISH, "make the catch")
    k = current_group(state)
    group = data.get("group")
    if not _whole(group) or group != k:
        names = " and ".join(state.names[i] for i in current_seats(state))
        raise LureError(f"It is the turn of {names} (group {k}), not group {group!r}.")
    result = outcome(state, data.get("other"), data.get("choice"))
    seats = list(state.seats)
    for seat in result.group:
        s = seats[seat]
        assert s.cast is not None
        mine = tuple(fish for who, fish in result.caught if who == seat)
        if mine:  # "If you caught at least 1 fish, place all boost lures you played near your score pile"
            seats[seat] = replace(s, pile=s.pile + mine, boosts=s.boosts + s.cast.boost, done=True, caught=mine)
        else:  # "Discard the rest of the lures. If you caught no fish, draw 1 lure."
            seats[seat] = replace(s, owed=s.owed + 1, done=True)
    middle = tuple(fish for i, fish in enumerate(state.middle) if i not in result.taken)
    return _after_catch(replace(state, seats=tuple(seats), middle=middle), result)


def _after_catch(state: LureState, result: Outcome) -> LureState:
    """Run out of fish, then the round's end once every group has fished."""
    if not state.middle:
        # "If the last faceup fish is caught, everyone who hasn't rolled yet discards all lures
        # they played and draws 1 lure. Then return their dice (special dice still go in front)."
        waiting = tuple(i for i, s in enumerate(state.seats) if not s.done)
        seats = tuple(replace(s, owed=s.owed + 1, done=True) if i in waiting else s
                      for i, s in enumerate(state.seats))
        state = replace(state, seats=seats)
        result = replace(result, ran_out=waiting)
    state = replace(state, outcomes=state.outcomes + (result,))
    if any(not s.done for s in state.seats):
        return state
    return _end_round(state)


def _end_round(state: LureState) -> LureState:
    """"When the last fish is drawn from the deck, finish the current round then end the game."
    Otherwise the next round: special dice cast this round rest ("cannot use it again for 1
    round"); the rest come back."""
    if state.deck_left <= 0:
        return replace(state, phase=OVER)
    seats = tuple(replace(s, resting=s.cast.special if s.cast is not None else (), cast=None, roll=None,
                          done=False, caught=())
                  for s in state.seats)
    return replace(state, seats=seats, round=state.round + 1, phase=SPLASH)


def _draw(state: LureState, data: Mapping[str, Any]) -> LureState:
    seat = _seat(state, data)
    name, s = state.names[seat], state.seats[seat]
    if s.owed <= 0:
        raise LureError(f"{name} is owed no lure: a lure is drawn after a roll that caught no fish, "
                        "or when the fish run out before your turn.")
    lure, value = data.get("lure"), data.get("value")
    if lure not in LURES:
        raise LureError(f"A lure is {', '.join(LURE_NAMES.values())}; not {lure!r}.")
    if lure == EXTRA:
        if not _whole(value) or value not in state.settings.extra_values:
            shown = ", ".join(map(str, state.settings.extra_values))
            raise LureError(f"An Extra Die lure shows one of {shown}, not {value!r}.")
    elif value is not None:
        raise LureError(f"A {LURE_NAMES[lure]} lure shows no number.")
    return _set_seat(state, seat, hand=s.hand.plus(lure, value), owed=s.owed - 1)


RULES = LureRules()


# Action builders: labels say what happened, never a secret ------------------------------------


def _name(state: LureState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < len(state.names) else f"Player {seat + 1}"


def splash(state: LureState, fish: Sequence[FishCard | Mapping[str, Any]]) -> Action:
    """The fish the table revealed at Splash."""
    cards = [f.to_dict() if isinstance(f, FishCard) else dict(f) for f in fish]
    shown = ", ".join(f.describe() for f in fish if isinstance(f, FishCard))
    label = f"Round {state.round} Splash: {shown}" if shown else f"Round {state.round} Splash: {len(cards)} fish"
    return Action("splash", {"fish": cards}, label)


def cast(state: LureState, seat: int, d6: int, special: Sequence[int] = (), adjust: int = 0, boost: int = 0,
         extra: Sequence[int] = ()) -> Action:
    """A player's secret pick; the label says only that they cast."""
    again = 0 <= seat < len(state.seats) and state.seats[seat].cast is not None
    return Action("cast", {"seat": seat, "d6": d6, "special": list(special), "adjust": adjust, "boost": boost,
                           "extra": list(extra)},
                  f"{_name(state, seat)} casts{' again' if again else ''}")


def roll(state: LureState, seat: int, values: Sequence[int], special: Mapping[int, int] | None = None) -> Action:
    """`seat`'s dice as rolled (by the app, or entered from the physical dice)."""
    special = dict(special or {})
    shown = ", ".join(map(str, values))
    extra = [f"a {_die(int(sides))} {value}" for sides, value in sorted(special.items(), key=lambda kv: int(kv[0]))]
    if extra:
        shown = f"{shown} and {', '.join(extra)}" if shown else ", ".join(extra)
    return Action("roll", {"seat": seat, "values": list(values), "special": {str(k): v for k, v in special.items()}},
                  f"{_name(state, seat)} rolls {shown or 'no dice'}")


def roll_with(state: LureState, seat: int, rng: random.Random) -> Action:
    """`seat` rolls the dice of their cast with `rng`."""
    c = state.seats[seat].cast
    if c is None:
        raise LureError(f"{_name(state, seat)} has not cast.")
    values = [rng.randint(1, D6_SIDES) for _ in range(c.d6)]
    return roll(state, seat, values, {sides: rng.randint(1, sides) for sides in c.special})


def adjust(state: LureState, seat: int, die: int, by: int) -> Action:
    """One Adjust lure played by `seat` moves one of their dice by 1."""
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    label = f"{_name(state, seat)} adjusts a die {'up' if by > 0 else 'down'}"
    if s is not None and s.roll is not None and s.cast is not None and 0 <= die < len(s.roll.dice):
        now = s.roll.dice[die]
        label = f"{_name(state, seat)} adjusts a {_die(s.cast.sides()[die])} from {now} to {now + by}"
    return Action("adjust", {"seat": seat, "die": die, "by": by}, label)


def describe_outcome(state: LureState, result: Outcome) -> str:
    parts = []
    for seat in result.group:
        mine = [f for who, f in result.caught if who == seat]
        name = state.names[seat]
        if mine:
            what = ", ".join(f"a {f.catch} ({f.vp} VP)" for f in mine)
            parts.append(f"{name} catches {what}")
        else:
            parts.append(f"{name} catches nothing")
    for fish in result.tied:
        parts.append(f"a tie leaves the {fish.catch} in the middle")
    if result.ran_out:
        parts.append(f"out of fish: {', '.join(state.names[i] for i in result.ran_out)} draw a lure")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def resolve(state: LureState, other: Mapping[int, Sequence[int]] | None = None,
            choice: Mapping[int, int] | None = None) -> Action:
    """The current group's catch. `other`: per seat, the middle fish with a requirement checked at
    the table that the table says they meet; `choice`: per seat, the fish chosen (catches_per_roll
    'one')."""
    data: dict[str, Any] = {"group": current_group(state)}
    if other:
        data["other"] = {str(seat): list(indices) for seat, indices in other.items()}
    if choice:
        data["choice"] = {str(seat): index for seat, index in choice.items()}
    try:
        result = outcome(state, data.get("other"), data.get("choice"))
    except DomainError:
        return Action("resolve", data, "Make the catch")
    middle_after = len(state.middle) - len(result.caught)
    if middle_after == 0:
        waiting = tuple(i for i, s in enumerate(state.seats) if not s.done and i not in result.group)
        result = replace(result, ran_out=waiting)
    return Action("resolve", data, describe_outcome(state, result))


def draw(state: LureState, seat: int, lure: str, value: int | None = None) -> Action:
    """The lure card `seat` drew (the label keeps it secret)."""
    data: dict[str, Any] = {"seat": seat, "lure": lure}
    if value is not None:
        data["value"] = value
    return Action("draw", data, f"{_name(state, seat)} draws a lure")
