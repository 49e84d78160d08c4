"""Salmon Run's race helper: whose turn, each salmon's deck and Fatigue, the current's die.

Rules text (seed 002). The board, the pawns and the cards stay on the table; the app keeps
what is tedious to keep: each salmon's whole deck (the 11-card Swim Deck, plus every card
special hexes add, minus every card Reeds remove, Fatigue cards in it), the supplemental
piles and the Fatigue Deck, the cards played this turn and the Fatigue they cost, each
hand's size for the hand limit, the die for two-arrow hexes, and the race's end.

The current player records the cards played ("play", "jump"), what the river does to a
salmon ("hex", "bear", "pond") and the end of the turn ("end", with the discards down to
four). A Current, Rapids or Eagle card played waits until every salmon it touches has
answered ("drift", "rapids", "eagle") or countered it ("counter"). Every die roll is in the
action's data.

Readings where the text is open are said where they are used and in the report of the
module's tests; the numbers the text does not give are in `assets/games/salmon_run/river.json`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.scoring import PlayerResult
from companion.games.salmon_run.river import (
    BEAR,
    CARD_NAMES,
    CARDS,
    CURRENT,
    DIE_SIDES,
    DOUBLE_FORWARD,
    DOUBLE_LEFT,
    DOUBLE_RIGHT,
    EAGLE,
    FATIGUE,
    FORWARD,
    LEFT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_PILE,
    RAPIDS,
    RIGHT,
    SUPPLEMENTAL,
    WILD,
    River,
    RiverError,
    SalmonRunData,
    default_data,
    river_from_dict,
)
from companion.games.salmon_run.scoring import (  # noqa: F401  (to_play, GAME_NAME: for History)
    GAME_NAME,
    RaceNotOver,
    score_state,
    to_play,
)

GAME = "salmon-run"
FIRST, RACE, OVER = "first", "race", "over"  # roll for the first player, the race, its end
HAND_SIZE = 4  # "Each player's hand size is always four cards."
MOST_PLAYS = 3  # "The current player plays up to 3 cards from his hand"
MAX_NAME = 20
# "Each player's color-coded Swim Deck consists of: 3 Swim Forward, 3 Swim Right, 3 Swim Left,
# 1 Wild, 1 Bear."
SWIM_DECK = {FORWARD: 3, RIGHT: 3, LEFT: 3, WILD: 1, BEAR: 1}
# "Swim cards include the basic swims ..., the Double Swims ... and the Wild Card."
SWIM_CARDS = (FORWARD, RIGHT, LEFT, DOUBLE_FORWARD, DOUBLE_RIGHT, DOUBLE_LEFT, WILD)
# The cards that wait for the table to answer when played (each counters itself).
ANSWERED = (CURRENT, RAPIDS, EAGLE)

# Special hexes a salmon moves onto (or jumps over, for a Waterfall with an icon) ----------------
BEAR_HEX, EAGLE_HEX, WILD_HEX, CURRENT_HEX, RAPIDS_HEX = "bear", "eagle", "wild", "current", "rapids"
CURRENT_OR_RAPIDS_HEX, SWIM_HEX, DOUBLE_SWIM_HEX = "current_or_rapids", "swim", "double_swim"
FATIGUE_HEX, DRAW_HEX, REEDS_HEX, REEDS_TWO_HEX = "fatigue", "draw", "reeds", "reeds_two"
ROCK_HEX, WATERFALL_HEX = "rock", "waterfall"
# The cards each card-giving hex offers, from the supplemental piles.
HEX_CARDS = {BEAR_HEX: (BEAR,), EAGLE_HEX: (EAGLE,), WILD_HEX: (WILD,), CURRENT_HEX: (CURRENT,),
             RAPIDS_HEX: (RAPIDS,), CURRENT_OR_RAPIDS_HEX: (CURRENT, RAPIDS), SWIM_HEX: (FORWARD, LEFT, RIGHT),
             DOUBLE_SWIM_HEX: (DOUBLE_FORWARD, DOUBLE_LEFT, DOUBLE_RIGHT)}
REEDS_ICONS = {REEDS_HEX: 1, REEDS_TWO_HEX: 2}
HEXES = (*HEX_CARDS, FATIGUE_HEX, DRAW_HEX, REEDS_HEX, REEDS_TWO_HEX)  # what the "hex" action takes


@dataclass(frozen=True)
class HexRule:
    """A special hex and its effect in one line (rules: Special hexes and the hex legend)."""

    id: str
    name: str
    effect: str


SPECIAL_HEXES = (
    HexRule(BEAR_HEX, "Bear (paw print)", "Add a Bear card from the supplemental pile to your discard pile."),
    HexRule(EAGLE_HEX, "Eagle", "Add an Eagle card from the supplemental pile to your discard pile."),
    HexRule(WILD_HEX, "Wild", "Add a Wild card from the supplemental pile to your discard pile."),
    HexRule(CURRENT_HEX, "Current", "Add a Current card from the supplemental pile to your discard pile."),
    HexRule(RAPIDS_HEX, "Rapids", "Add a Rapids card from the supplemental pile to your discard pile."),
    HexRule(CURRENT_OR_RAPIDS_HEX, "Current or Rapids", "Add a Current card or a Rapids card (your choice)."),
    HexRule(SWIM_HEX, "Swim", "Add the Swim Forward, Left or Right card of your choice from what the pile has."),
    HexRule(DOUBLE_SWIM_HEX, "Double Swim",
            "Add the Double Swim Forward, Left or Right card of your choice from what the pile has."),
    HexRule(FATIGUE_HEX, "Fatigue", "Add a Fatigue card to your discard pile."),
    HexRule(DRAW_HEX, "Draw +1", "Draw the top card of your Swim Deck (reshuffle your discard pile if it is empty)."),
    HexRule(REEDS_HEX, "Reeds", "Remove any card from your hand, Swim Deck or discard pile (then reshuffle the deck)."),
    HexRule(REEDS_TWO_HEX, "Reeds (two icons)", "Remove up to two cards from your hand, Swim Deck or discard pile."),
    HexRule(ROCK_HEX, "Rock", "An obstacle: salmon may not swim through, land on or jump over it; Bears may."),
    HexRule(WATERFALL_HEX, "Waterfall",
            "An obstacle: salmon must jump over it (an icon on it still counts); Bears may enter it."),
)
HEX_NAMES = {h.id: h.name for h in SPECIAL_HEXES}

# "COUNTERING CARDS": (card played, what counters it); None: nothing does.
COUNTERS = ((CURRENT, CURRENT), (RAPIDS, RAPIDS), (EAGLE, EAGLE), (BEAR, None))
COUNTER_LINES = ("A Current card counters the Current card.", "A Rapids card counters the Rapids card.",
                 "An Eagle card counters an Eagle card.", "There is no counter to the Bear.",
                 "Only the player who discards the countering card is spared; it does not count as a card play.")
TURN_RULES = (
    "Play up to 3 cards, resolved one at a time in the order played.",
    "Playing 3 Swim cards adds a Fatigue card to your discard pile.",
    "Each jump (two Swim cards combined) adds a Fatigue card to your discard pile.",
    "A Bear on your salmon's hex adds a Fatigue card to your discard pile.",
    "Playing only Fatigue cards returns one of them to the Fatigue Deck.",
    "At the end of your own turn, draw up to four cards or discard down to four.",
)


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
class Turn:
    """The current player's turn so far: the cards played (a jump's two included), the jumps."""

    seat: int
    played: tuple[str, ...] = ()
    jumps: int = 0


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
    """A Current, Rapids or Eagle card played by `by`, and the answers so far."""

    card: str
    by: int
    answers: tuple[Answer, ...] = ()

    def answered(self, seat: int) -> bool:
        return any(a.seat == seat for a in self.answers)


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


# Set-up ------------------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SalmonRunError(f"Each player needs {what}.")
    text = " ".join(value.split())
    if len(text) > MAX_NAME:
        raise SalmonRunError(f"{what[2:].capitalize()}s can be at most {MAX_NAME} characters; {text!r} has "
                             f"{len(text)}.")
    return text


def read_players(players: Any) -> tuple[Salmon, ...]:
    """[{"name", "colour"}] for 2 to 4 players, each name and colour once."""
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        count = len(players) if isinstance(players, list) else 0
        raise SalmonRunError(f"Salmon Run is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}.")
    salmon: list[Salmon] = []
    for player in players:
        if not isinstance(player, Mapping):
            raise SalmonRunError("Each player needs a name and a salmon colour.")
        name = _text(player.get("name"), "a name")
        colour = _text(player.get("colour"), "a salmon colour")
        if any(s.name.casefold() == name.casefold() for s in salmon):
            raise SalmonRunError(f"Two players are called {name}: each player plays once.")
        if any(s.colour.casefold() == colour.casefold() for s in salmon):
            raise SalmonRunError(f"Two salmon are {colour}: each player takes a colour of their own.")
        salmon.append(Salmon(name, colour))
    return tuple(salmon)


def read_piles(setup: Mapping[str, Any], data: SalmonRunData | None = None) -> Deck:
    """The supplemental piles and the Fatigue Deck: the set-up's, else the data file's."""
    data = data or default_data()
    raw = setup.get("supplemental", data.supplemental)
    if not isinstance(raw, Mapping) or set(raw) - set(SUPPLEMENTAL):
        raise SalmonRunError(f"The supplemental piles are {', '.join(SUPPLEMENTAL)}, each with a number of cards.")
    piles = {}
    for pile in SUPPLEMENTAL:
        n = raw.get(pile, 0)
        if not _whole(n) or not 0 <= n <= MOST_PILE:
            raise SalmonRunError(f"The {CARD_NAMES[pile]} pile holds 0 to {MOST_PILE} cards, not {n!r}.")
        piles[pile] = n
    fatigue = setup.get("fatigue_deck", data.fatigue_deck)
    if not _whole(fatigue) or not 0 <= fatigue <= MOST_PILE:
        raise SalmonRunError(f"The Fatigue Deck holds 0 to {MOST_PILE} cards, not {fatigue!r}.")
    return Deck.of({**piles, FATIGUE: fatigue})


def setup_for(players: Sequence[tuple[str, str]], river: River, rolls: Sequence[int] | None = None,
              data: SalmonRunData | None = None) -> dict[str, Any]:
    """A complete set-up for a new race: (name, colour) per player in seat order, the river, and
    the data file's piles written in so the race replays the same if the file changes later.
    `rolls`: the random set-up's rolls, kept for the record. Colours are checked against the data."""
    data = data or default_data()
    for _, colour in players:
        if colour not in data.colours:
            raise SalmonRunError(f"The salmon colours are {', '.join(data.colours)}; not {colour!r}.")
    setup: dict[str, Any] = {"players": [{"name": n, "colour": c} for n, c in players], "river": river.to_dict(),
                             "supplemental": dict(data.supplemental), "fatigue_deck": data.fatigue_deck}
    if rolls is not None:
        setup["river_rolls"] = list(rolls)
    return setup


# Reading the state (for the screen too) ------------------------------------------------------


def arrow_for(roll: int) -> int:
    """The arrow a roll picks on a two-arrow hex: "On an odd-numbered roll, move in the direction of
    the arrow labeled 1. On an even-numbered roll, move in the direction of the arrow labeled 2."""
    return 1 if roll % 2 else 2


def rapids_discards(arrows: int, hand: int) -> int:
    """Rapids: "Each player must discard that number of cards from their hand" (no more than held)."""
    return min(arrows, hand)


def is_swim(card: str) -> bool:
    return card in SWIM_CARDS


def available(state: RaceState, seat: int, card: str) -> int:
    """How many `card`s `seat` could still play now: its deck's, less those played this turn."""
    held = state.salmon[seat].deck.count(card)
    if state.turn is not None and state.turn.seat == seat:
        held -= state.turn.played.count(card)
    return max(0, held)


def cards_left(state: RaceState) -> int:
    """Cards the current player may still play this turn (of 3)."""
    return 0 if state.turn is None else MOST_PLAYS - len(state.turn.played)


def playable(state: RaceState) -> tuple[str, ...]:
    """The kinds of card the current player may play now (none while a card waits for answers)."""
    if state.phase != RACE or state.turn is None or state.pending is not None or cards_left(state) < 1:
        return ()
    seat = state.turn.seat
    if state.salmon[seat].hand < 1:
        return ()
    return tuple(c for c in CARDS if available(state, seat, c) > 0)


def jump_cards(state: RaceState) -> tuple[str, ...]:
    """The Swim cards the current player could combine in a jump now (none when a jump is not possible)."""
    if state.phase != RACE or state.turn is None or state.pending is not None or cards_left(state) < 2:
        return ()
    seat = state.turn.seat
    cards = tuple(c for c in SWIM_CARDS if available(state, seat, c) > 0)
    if state.salmon[seat].hand < 2 or sum(available(state, seat, c) for c in cards) < 2:
        return ()
    return cards


def waiting_on(state: RaceState) -> tuple[int, ...]:
    """The seats still to answer (or counter) the card waiting; for an Eagle, every seat it may target."""
    if state.pending is None:
        return ()
    if state.pending.card == EAGLE:
        return tuple(range(len(state.salmon)))
    return tuple(i for i in range(len(state.salmon)) if not state.pending.answered(i))


def can_counter(state: RaceState, seat: int) -> bool:
    """Whether `seat` may counter the Current or Rapids waiting (it has one to discard, not answered yet)."""
    p = state.pending
    return (p is not None and p.card in (CURRENT, RAPIDS) and not p.answered(seat)
            and available(state, seat, p.card) > 0 and state.salmon[seat].hand > 0)


def hex_choices(state: RaceState, hex_id: str) -> tuple[str, ...]:
    """The cards a card-giving hex offers now (its piles not empty); () when it gives nothing."""
    return tuple(c for c in HEX_CARDS.get(hex_id, ()) if state.piles.count(c) > 0)


def hand_at_end(state: RaceState) -> int:
    """What the hand limit asks of the current player at the end of the turn: cards to draw back up
    to four (positive) or to discard down to four (negative)."""
    if state.turn is None:
        return 0
    s = state.salmon[state.turn.seat]
    if s.hand > HAND_SIZE:
        return HAND_SIZE - s.hand
    return max(0, min(HAND_SIZE, s.deck.size) - s.hand)


def three_swims(played: Sequence[str]) -> bool:
    """"If he plays 3 Swim cards, he must add a fatigue card to his Discard Pile.\""""
    return len(played) == MOST_PLAYS and all(is_swim(c) for c in played)


def only_fatigue(played: Sequence[str]) -> bool:
    """"If you play only Fatigue cards on your turn, you may return one of them to the Fatigue Deck.\""""
    return bool(played) and all(c == FATIGUE for c in played)


def race_ends_after(state: RaceState) -> int | None:
    """The seat whose end of turn ends the race, once a salmon is in the pond ("play continues until
    the last player's turn"); None before."""
    if state.phase != RACE or not any(s.in_pond for s in state.salmon):
        return None
    return state.last_seat


def standings(state: RaceState) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]] | None:
    """Each player's place and the winners as things stand; None while no salmon is in the pond."""
    try:
        return score_state(state)
    except RaceNotOver:
        return None


def _list(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def reminders(state: RaceState) -> tuple[str, ...]:
    """The rules that apply now, in words for the screen."""
    if state.phase == FIRST:
        return ("Roll the die for the first player.",)
    if state.phase == OVER:
        result = standings(state)
        winners = result[1] if result else ()
        if len(winners) > 1:
            return (f"The race is over: a tie between {_list(winners)}.",)
        return (f"The race is over: {winners[0]} wins.",) if winners else ("The race is over.",)
    lines: list[str] = []
    p = state.pending
    if p is not None:
        waiting = [state.names[i] for i in waiting_on(state)]
        if p.card == CURRENT:
            lines.append(f"Resolve the Current: {_list(waiting)} still move with it (a two-arrow hex: roll, odd "
                         "arrow 1, even arrow 2) or counter it with a Current card.")
        elif p.card == RAPIDS:
            lines.append(f"Resolve the Rapids: {_list(waiting)} still discard one card per arrow on their hex, "
                         "or counter it with a Rapids card.")
        else:
            lines.append(f"Resolve the Eagle: {state.names[p.by]} looks at any player's hand and discards a card; "
                         "that player may discard their own Eagle to stop it.")
    turn = state.turn
    assert turn is not None
    name = state.names[turn.seat]
    lines.append(f"{name} has played {len(turn.played)} of {MOST_PLAYS} cards.")
    if len(turn.played) == 2 and all(is_swim(c) for c in turn.played):
        lines.append(f"A third Swim card adds a Fatigue card to {name}'s discard pile.")
    if only_fatigue(turn.played):
        lines.append(f"Only Fatigue cards played: one goes back to the Fatigue Deck when {name} ends the turn.")
    change = hand_at_end(state)
    hand = state.salmon[turn.seat].hand
    if change > 0:
        lines.append(f"End of turn: {name} holds {hand}, draws {change} back up to four.")
    elif change < 0:
        lines.append(f"End of turn: {name} holds {hand}, discards {-change} down to four.")
    ends = race_ends_after(state)
    if ends is not None:
        in_pond = [s.name for s in state.salmon if s.in_pond]
        lines.append(f"{_list(in_pond)} {'is' if len(in_pond) == 1 else 'are'} in the spawning pond: the race ends "
                     f"when {state.names[ends]} ends the turn.")
    return tuple(lines)


# The rules ---------------------------------------------------------------------------------


def _seat(state: RaceState, data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not _whole(seat) or not 0 <= seat < len(state.salmon):
        raise SalmonRunError(f"There is no player {seat!r} in this race.")
    return seat


def _card(value: Any) -> str:
    if value not in CARDS:
        raise SalmonRunError(f"Salmon Run has no card {value!r}.")
    return value


def _set_salmon(state: RaceState, seat: int, **changes: Any) -> RaceState:
    salmon = list(state.salmon)
    salmon[seat] = replace(salmon[seat], **changes)
    return replace(state, salmon=tuple(salmon))


def _in_race(state: RaceState) -> None:
    if state.phase == FIRST:
        raise SalmonRunError("Roll for the first player first.")
    if state.phase == OVER:
        raise SalmonRunError("The race is over.")


def _current_turn(state: RaceState, seat: int, doing: str) -> Turn:
    _in_race(state)
    turn = state.turn
    assert turn is not None
    if seat != turn.seat:
        raise SalmonRunError(f"It is {state.names[turn.seat]}'s turn: {state.names[seat]} cannot {doing} now.")
    if state.pending is not None:
        waiting = _list([state.names[i] for i in waiting_on(state)])
        what = CARD_NAMES[state.pending.card]
        raise SalmonRunError(f"First resolve the {what}: {waiting} still to answer it."
                             if state.pending.card != EAGLE else f"First resolve the Eagle: say whose hand "
                                                                 f"{state.names[state.pending.by]} looks at.")
    return turn


def add_fatigue(state: RaceState, seat: int) -> RaceState:
    """One Fatigue card from the Fatigue Deck into `seat`'s discard pile (none when the deck is empty:
    the text does not say, and there is no card to add)."""
    if state.piles.fatigue < 1:
        return state
    s = state.salmon[seat]
    state = replace(state, piles=state.piles.minus(FATIGUE))
    return _set_salmon(state, seat, deck=s.deck.plus(FATIGUE), fatigue_gained=s.fatigue_gained + 1)


def _check_holds(state: RaceState, seat: int, cards: Sequence[str], doing: str) -> None:
    for card in set(cards):
        want, have = cards.count(card), available(state, seat, card)
        if want > have:
            s = state.salmon[seat]
            held, what = s.deck.count(card), CARD_NAMES[card]
            if held == 0:
                why = f"{s.name}'s deck holds no {what} card"
            elif have == 0:
                why = f"{s.name}'s {what} card{'s were' if held > 1 else ' was'} played this turn already"
            else:
                why = f"{s.name} has {have} {what} card{'s' if have != 1 else ''} left to play"
            raise SalmonRunError(f"Cannot {doing}: {why}.")


def _first(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    if state.phase != FIRST:
        raise SalmonRunError("The first player is already chosen.")
    rolls = data.get("rolls")
    n = len(state.salmon)
    if not isinstance(rolls, list) or not rolls or any(not _whole(r) or not 1 <= r <= DIE_SIDES for r in rolls):
        raise SalmonRunError(f"Roll the die for the first player: rolls of 1 to {DIE_SIDES}.")
    if rolls[-1] > n or any(r <= n for r in rolls[:-1]):
        raise SalmonRunError(f"The die picks the first player: 1 to {n} names a seat, a roll above {n} is rolled "
                             f"again; {rolls} does not end with the first roll of 1 to {n}.")
    first = rolls[-1] - 1
    return replace(state, phase=RACE, first=first, first_rolls=tuple(rolls), turn=Turn(first), turns=1)


def _after_play(state: RaceState, seat: int, turn: Turn) -> RaceState:
    if three_swims(turn.played):
        state = add_fatigue(state, seat)
    return state


def _play(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    card = _card(data.get("card"))
    turn = _current_turn(state, seat, "play a card")
    if len(turn.played) >= MOST_PLAYS:
        raise SalmonRunError(f"{state.names[seat]} has played {MOST_PLAYS} cards this turn: end the turn.")
    _check_holds(state, seat, [card], f"play {'an' if CARD_NAMES[card][0] in 'AEIOU' else 'a'} {CARD_NAMES[card]} card")
    s = state.salmon[seat]
    if s.hand < 1:
        raise SalmonRunError(f"{s.name} has no card left in hand.")
    turn = replace(turn, played=turn.played + (card,))
    state = replace(_set_salmon(state, seat, hand=s.hand - 1), turn=turn)
    if card in ANSWERED:
        state = replace(state, pending=Pending(card, seat))
    return _after_play(state, seat, turn)


def _jump(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    cards = data.get("cards")
    turn = _current_turn(state, seat, "jump")
    if not isinstance(cards, list) or len(cards) != 2 or any(c not in SWIM_CARDS for c in cards):
        raise SalmonRunError("A jump combines two Swim cards (a Double Swim cannot jump by itself).")
    if len(turn.played) > MOST_PLAYS - 2:
        raise SalmonRunError(f"A jump is two card plays: {state.names[seat]} has {cards_left(state)} left this turn.")
    _check_holds(state, seat, cards, "jump")
    s = state.salmon[seat]
    if s.hand < 2:
        raise SalmonRunError(f"{s.name} holds {s.hand} card{'s' if s.hand != 1 else ''}: a jump takes two.")
    turn = replace(turn, played=turn.played + tuple(cards), jumps=turn.jumps + 1)
    state = replace(_set_salmon(state, seat, hand=s.hand - 2), turn=turn)
    state = add_fatigue(state, seat)  # "every time you jump you must add a Fatigue card to your Discard Pile"
    return _after_play(state, seat, turn)


def _answer(state: RaceState, seat: int, answer: Answer) -> RaceState:
    p = state.pending
    assert p is not None
    p = replace(p, answers=p.answers + (answer,))
    if p.card == EAGLE or all(p.answered(i) for i in range(len(state.salmon))):
        return replace(state, pending=None, last=p)
    return replace(state, pending=p)


def _waiting_for(state: RaceState, seat: int, cards: tuple[str, ...], doing: str) -> Pending:
    _in_race(state)
    p = state.pending
    if p is None or p.card not in cards:
        raise SalmonRunError(f"No {' or '.join(CARD_NAMES[c] for c in cards)} card is waiting: "
                             f"{state.names[seat]} cannot {doing} now.")
    if p.answered(seat):
        raise SalmonRunError(f"{state.names[seat]} has already answered this {CARD_NAMES[p.card]}.")
    return p


def _counter(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    p = _waiting_for(state, seat, (CURRENT, RAPIDS), "counter it")
    s = state.salmon[seat]
    if available(state, seat, p.card) < 1 or s.hand < 1:
        raise SalmonRunError(f"{s.name} has no {CARD_NAMES[p.card]} card to counter with.")
    return _answer(_set_salmon(state, seat, hand=s.hand - 1), seat, Answer(seat, countered=True))


def _arrows(value: Any, what: str) -> int:
    if not _whole(value) or not 0 <= value <= 2:
        raise SalmonRunError(f"{what} has 0, 1 or 2 current arrows, not {value!r}.")
    return value


def _roll_for(arrows: int, roll: Any, name: str, where: str) -> int | None:
    if arrows == 2:
        if not _whole(roll) or not 1 <= roll <= DIE_SIDES:
            raise SalmonRunError(f"{name}'s {where} has two arrows: roll the die (odd: arrow 1, even: arrow 2).")
        return roll
    if roll is not None:
        raise SalmonRunError(f"{name}'s {where} has {arrows} arrow{'s' if arrows != 1 else ''}: no roll is needed.")
    return None


def _drift(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _waiting_for(state, seat, (CURRENT,), "move with the current")
    name = state.names[seat]
    arrows = _arrows(data.get("arrows"), f"{name}'s hex")
    roll = _roll_for(arrows, data.get("roll"), name, "hex")
    arrow = None if arrows == 0 else 1 if arrows == 1 else arrow_for(roll)  # type: ignore[arg-type]
    answer = Answer(seat, arrows=arrows, roll=roll, arrow=arrow)
    falls = data.get("waterfall_arrows")
    if falls is not None:
        if arrows == 0:
            raise SalmonRunError(f"{name}'s hex has no arrows: the current leaves the salmon where it is.")
        if not _whole(falls) or not 1 <= falls <= 2:
            raise SalmonRunError(f"A Waterfall hex pushes the salmon back along its 1 or 2 arrows, not {falls!r}.")
        fall_roll = _roll_for(falls, data.get("waterfall_roll"), name, "Waterfall hex")
        answer = replace(answer, waterfall_arrows=falls, waterfall_roll=fall_roll,
                         waterfall_arrow=1 if falls == 1 else arrow_for(fall_roll))  # type: ignore[arg-type]
    elif data.get("waterfall_roll") is not None:
        raise SalmonRunError("A roll for a Waterfall hex, but the current pushed the salmon into no Waterfall.")
    return _answer(state, seat, answer)


def _rapids(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _waiting_for(state, seat, (RAPIDS,), "answer the Rapids")
    s = state.salmon[seat]
    arrows = _arrows(data.get("arrows"), f"{s.name}'s hex")
    discards = rapids_discards(arrows, s.hand)
    state = _set_salmon(state, seat, hand=s.hand - discards)
    return _answer(state, seat, Answer(seat, arrows=arrows, discards=discards))


def _eagle(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _waiting_for(state, seat, (EAGLE,), "be the Eagle's target")
    countered = data.get("countered", False)
    if not isinstance(countered, bool):
        raise SalmonRunError("Say whether the player countered the Eagle: true or false.")
    s = state.salmon[seat]
    if countered:
        if available(state, seat, EAGLE) < 1 or s.hand < 1:
            raise SalmonRunError(f"{s.name} has no Eagle card to counter with.")
        return _answer(_set_salmon(state, seat, hand=s.hand - 1), seat, Answer(seat, countered=True))
    discards = min(1, s.hand)
    return _answer(_set_salmon(state, seat, hand=s.hand - discards), seat, Answer(seat, discards=discards))


def _bear(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _in_race(state)
    # "Any time a salmon occupies the same hex as a Bear, that player must add a Fatigue card."
    return add_fatigue(state, seat)


def _hex(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _in_race(state)
    hex_id = data.get("hex")
    if hex_id not in HEXES:
        raise SalmonRunError(f"Salmon Run has no special hex {hex_id!r} that changes a deck.")
    s = state.salmon[seat]
    name = HEX_NAMES[hex_id]
    if hex_id in HEX_CARDS:
        offered = HEX_CARDS[hex_id]
        card = data.get("card", offered[0] if len(offered) == 1 else None)
        if card not in offered:
            raise SalmonRunError(f"The {name} hex gives {' or '.join(CARD_NAMES[c] for c in offered)}, "
                                 f"not {CARD_NAMES.get(card, repr(card))}.")
        if state.piles.count(card) < 1:
            left = hex_choices(state, hex_id)
            if left:
                raise SalmonRunError(f"The {CARD_NAMES[card]} pile is empty: choose "
                                     f"{' or '.join(CARD_NAMES[c] for c in left)}.")
            raise SalmonRunError(f"The {CARD_NAMES[card]} pile is empty: the {name} hex gives nothing.")
        state = replace(state, piles=state.piles.minus(card))
        return _set_salmon(state, seat, deck=s.deck.plus(card), added=s.added + 1)
    if hex_id == FATIGUE_HEX:
        if state.piles.fatigue < 1:
            raise SalmonRunError("The Fatigue Deck is empty: the Fatigue hex gives nothing.")
        return add_fatigue(state, seat)
    if hex_id == DRAW_HEX:
        if s.hand >= s.deck.size:
            raise SalmonRunError(f"{s.name} holds every card of the deck: there is nothing to draw.")
        return _set_salmon(state, seat, hand=s.hand + 1)
    icons = REEDS_ICONS[hex_id]
    cards = data.get("cards")
    if not isinstance(cards, list) or not 1 <= len(cards) <= icons or any(c not in CARDS for c in cards):
        raise SalmonRunError(f"The {name} hex removes 1{' or 2 cards' if icons == 2 else ' card'}: say which.")
    for card in set(cards):
        if s.deck.count(card) < cards.count(card):
            held = s.deck.count(card)
            raise SalmonRunError(f"{s.name}'s deck holds {held or 'no'} {CARD_NAMES[card]} card"
                                 f"{'s' if held > 1 else ''}: it cannot remove {cards.count(card)}.")
    from_hand = data.get("from_hand", 0)
    if not _whole(from_hand) or not 0 <= from_hand <= min(len(cards), s.hand):
        raise SalmonRunError(f"Of the cards removed, 0 to {min(len(cards), s.hand)} come from {s.name}'s hand, "
                             f"not {from_hand!r}.")
    deck = s.deck
    for card in cards:
        deck = deck.minus(card)
    return _set_salmon(state, seat, deck=deck, removed=s.removed + len(cards), hand=s.hand - from_hand)


def _pond(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    _in_race(state)
    if state.salmon[seat].in_pond:
        raise SalmonRunError(f"{state.names[seat]}'s salmon is already in the spawning pond.")
    return _set_salmon(state, seat, in_pond=True, pond_round=state.round, pond_turn=state.turns)


def _end(state: RaceState, data: Mapping[str, Any]) -> RaceState:
    seat = _seat(state, data)
    turn = _current_turn(state, seat, "end a turn")
    s = state.salmon[seat]
    discards = data.get("discards", 0)
    wanted = max(0, s.hand - HAND_SIZE)
    if discards != wanted or not _whole(discards):
        raise SalmonRunError(f"{s.name} holds {s.hand} cards: discard {wanted} down to four, not {discards!r}."
                             if wanted else f"{s.name} holds {s.hand} cards: nothing to discard (draw back up to "
                                            f"four), not {discards!r}.")
    if only_fatigue(turn.played):
        s = replace(s, deck=s.deck.minus(FATIGUE), fatigue_returned=s.fatigue_returned + 1)
        state = replace(state, piles=state.piles.plus(FATIGUE))
    state = _set_salmon(state, seat, deck=s.deck, fatigue_returned=s.fatigue_returned,
                        hand=min(HAND_SIZE, s.deck.size))
    if any(x.in_pond for x in state.salmon) and seat == state.last_seat:
        return replace(state, phase=OVER, turn=None)
    return replace(state, turn=Turn((seat + 1) % len(state.salmon)), turns=state.turns + 1)


HANDLERS = {"first": _first, "play": _play, "jump": _jump, "counter": _counter, "drift": _drift, "rapids": _rapids,
            "eagle": _eagle, "bear": _bear, "hex": _hex, "pond": _pond, "end": _end}


class SalmonRunRules:
    game = GAME
    title = "Salmon Run"

    def initial_state(self, setup: Mapping[str, Any]) -> RaceState:
        if not isinstance(setup, Mapping):
            raise SalmonRunError("A Salmon Run race is set up with its players and its river.")
        salmon = read_players(setup.get("players"))
        try:
            river = river_from_dict(setup.get("river"))
        except RiverError as exc:
            raise SalmonRunError(str(exc)) from None
        return RaceState(salmon, river, read_piles(setup))

    def footprint(self, action: Action) -> Footprint:
        """Every salmon answers a Current or Rapids at the same moment on its own phone: an answer
        touches only that salmon and its answer. A hex or a Bear touches that salmon and the piles
        it takes from. Everything else (a card played, a turn ended) touches the whole race."""
        data = action.data if isinstance(action.data, Mapping) else {}
        salmon = ("salmon", data.get("seat"))
        if action.type in ("counter", "drift", "rapids"):
            answer = ("answer", data.get("seat"))
            return Footprint(reads=(salmon, answer), writes=(salmon, answer))
        if action.type in ("hex", "bear"):
            return Footprint(reads=(salmon, ("piles",)), writes=(salmon, ("piles",)))
        return Footprint()

    def apply(self, state: RaceState, action: Action) -> RaceState:
        data = action.data
        if not isinstance(data, Mapping):
            raise SalmonRunError("This action carries nothing the Salmon Run rules can read.")
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise SalmonRunError(f"Salmon Run does not know the action {action.type!r}.")
        return handler(state, data)


RULES = SalmonRunRules()


# Actions (built by the screen) ---------------------------------------------------------------


def _name(state: RaceState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < len(state.salmon) else f"Player {seat + 1}"


def first_player(state: RaceState, rolls: Sequence[int]) -> Action:
    """The die rolled for the first player: 1 names the first seat, 2 the second...; a roll above the
    number of players is rolled again (every roll in order)."""
    n = len(state.salmon)
    rolls = list(rolls)
    again = [str(r) for r in rolls[:-1]]
    who = _name(state, rolls[-1] - 1) if rolls and 1 <= rolls[-1] <= n else "?"
    label = (f"Roll for the first player: {', '.join(again)} rolled again; {rolls[-1]}: {who} starts" if again else
             f"Roll for the first player: {rolls[-1] if rolls else '?'}: {who} starts")
    return Action("first", {"rolls": rolls}, label)


def roll_first_player(state: RaceState, rng: random.Random) -> Action:
    rolls = [rng.randint(1, DIE_SIDES)]
    while rolls[-1] > len(state.salmon):
        rolls.append(rng.randint(1, DIE_SIDES))
    return first_player(state, rolls)


def _fatigue_note(state: RaceState, seat: int, played: Sequence[str], jumps: int) -> str:
    """' (+1 Fatigue: a jump)' and the like, for a label."""
    why = []
    if jumps:
        why.append("a jump")
    if state.turn is not None and three_swims((*state.turn.played, *played)):
        why.append("3 Swim cards")
    if not why or state.piles.fatigue < 1:
        return ""
    n = min(len(why), state.piles.fatigue)
    return f" (+{n} Fatigue: {' and '.join(why)})"


def play(state: RaceState, seat: int, card: str) -> Action:
    """`seat` plays one card: 'Ana plays Swim Forward (+1 Fatigue: 3 Swim cards)'."""
    label = f"{_name(state, seat)} plays {CARD_NAMES.get(card, card)}{_fatigue_note(state, seat, [card], 0)}"
    return Action("play", {"seat": seat, "card": card}, label)


def jump(state: RaceState, seat: int, cards: Sequence[str]) -> Action:
    """`seat` combines two Swim cards to jump: 'Ana jumps with Swim Forward + Double Swim Left (+1 Fatigue: a jump)'."""
    names = " + ".join(CARD_NAMES.get(c, str(c)) for c in cards)
    label = f"{_name(state, seat)} jumps with {names}{_fatigue_note(state, seat, list(cards), 1)}"
    return Action("jump", {"seat": seat, "cards": list(cards)}, label)


def counter(state: RaceState, seat: int) -> Action:
    """`seat` discards a Current (Rapids) card to be spared the one waiting: 'Ben counters the Current'."""
    card = CARD_NAMES[state.pending.card] if state.pending is not None else "card"
    return Action("counter", {"seat": seat}, f"{_name(state, seat)} counters the {card}")


def drift(state: RaceState, seat: int, arrows: int, roll: int | None = None, waterfall_arrows: int | None = None,
          waterfall_roll: int | None = None) -> Action:
    """`seat`'s salmon moves with the Current: the arrows on its hex, the roll when there are two, and
    a Waterfall it was pushed into (its arrows and roll). 'Ben rolls 4: arrow 2'."""
    data: dict[str, Any] = {"seat": seat, "arrows": arrows}
    name = _name(state, seat)
    if roll is not None:
        data["roll"] = roll
    if arrows == 0:
        label = f"{name}'s hex has no arrows: the salmon stays"
    elif arrows == 2 and _whole(roll):
        label = f"{name} rolls {roll}: arrow {arrow_for(roll)}"  # type: ignore[arg-type]
    else:
        label = f"{name} moves with the current"
    if waterfall_arrows is not None:
        data["waterfall_arrows"] = waterfall_arrows
        if waterfall_roll is not None:
            data["waterfall_roll"] = waterfall_roll
            if _whole(waterfall_roll):
                label += f"; into a Waterfall, rolls {waterfall_roll}: arrow {arrow_for(waterfall_roll)}"
        else:
            label += "; into a Waterfall and back along its arrow"
    return Action("drift", data, label)


def drift_with(state: RaceState, seat: int, arrows: int, rng: random.Random, waterfall_arrows: int | None = None,
               ) -> Action:
    """`drift` with the die rolled by `rng` where two arrows need it."""
    roll = rng.randint(1, DIE_SIDES) if arrows == 2 else None
    fall = rng.randint(1, DIE_SIDES) if waterfall_arrows == 2 else None
    return drift(state, seat, arrows, roll, waterfall_arrows, fall)


def rapids(state: RaceState, seat: int, arrows: int) -> Action:
    """`seat` says how many arrows its hex has: 'Ben: 2 arrows, discards 2 cards'."""
    hand = state.salmon[seat].hand if 0 <= seat < len(state.salmon) else 0
    n = rapids_discards(arrows, hand) if _whole(arrows) and arrows >= 0 else 0
    return Action("rapids", {"seat": seat, "arrows": arrows},
                  f"{_name(state, seat)}: {arrows} arrow{'s' if arrows != 1 else ''}, discards {n} "
                  f"card{'s' if n != 1 else ''}")


def eagle(state: RaceState, seat: int, countered: bool = False) -> Action:
    """The Eagle's target: 'Ana's Eagle: Ben discards a card' or 'Ben counters the Eagle'."""
    by = _name(state, state.pending.by) if state.pending is not None else "The"
    label = (f"{_name(state, seat)} counters the Eagle" if countered
             else f"{by}'s Eagle: {_name(state, seat)} discards a card")
    return Action("eagle", {"seat": seat, "countered": countered}, label)


def bear(state: RaceState, seat: int) -> Action:
    """A Bear on `seat`'s salmon: 'A Bear on Ben's salmon: +1 Fatigue'."""
    note = " +1 Fatigue" if state.piles.fatigue > 0 else " the Fatigue Deck is empty"
    return Action("bear", {"seat": seat}, f"A Bear on {_name(state, seat)}'s salmon:{note}")


def special_hex(state: RaceState, seat: int, hex_id: str, card: str | None = None, cards: Sequence[str] = (),
                from_hand: int = 0) -> Action:
    """`seat`'s salmon on a special hex: the card it takes (`card`, a choice for Swim, Double Swim and
    Current-or-Rapids hexes) or, on Reeds, the cards it removes (`cards`, `from_hand` of them from the hand).
    'Ana: Double Swim hex, takes Double Swim Left'; 'Ana: Reeds, removes Fatigue'."""
    data: dict[str, Any] = {"seat": seat, "hex": hex_id}
    name, hex_name = _name(state, seat), HEX_NAMES.get(hex_id, str(hex_id))
    if hex_id in REEDS_ICONS:
        data["cards"] = list(cards)
        if from_hand:
            data["from_hand"] = from_hand
        what = ", ".join(CARD_NAMES.get(c, str(c)) for c in cards)
        return Action("hex", data, f"{name}: {hex_name}, removes {what}")
    if hex_id == DRAW_HEX:
        return Action("hex", data, f"{name}: Draw +1, draws a card")
    if hex_id == FATIGUE_HEX:
        return Action("hex", data, f"{name}: Fatigue hex, +1 Fatigue")
    offered = HEX_CARDS.get(hex_id, ())
    card = card if card is not None else (offered[0] if len(offered) == 1 else None)
    if card is not None:
        data["card"] = card
    return Action("hex", data, f"{name}: {hex_name} hex, takes {CARD_NAMES.get(card, str(card))}")


def pond(state: RaceState, seat: int) -> Action:
    """`seat`'s salmon reaches the spawning pond: 'Ana's salmon reaches the spawning pond (round 5)'."""
    return Action("pond", {"seat": seat}, f"{_name(state, seat)}'s salmon reaches the spawning pond "
                                          f"(round {state.round})")


def end_turn(state: RaceState, seat: int, discards: int | None = None) -> Action:
    """`seat` ends the turn, discarding down to four (`discards`, by default what the hand limit asks):
    'Ana ends the turn: draws 2 back up to four' (', returns a Fatigue', ': the race is over')."""
    name = _name(state, seat)
    change = hand_at_end(state) if state.turn is not None and state.turn.seat == seat else 0
    if discards is None:
        discards = max(0, -change)
    parts = []
    if change > 0:
        parts.append(f"draws {change} back up to four")
    elif discards:
        parts.append(f"discards {discards} down to four")
    if state.turn is not None and only_fatigue(state.turn.played):
        parts.append("returns a Fatigue card")
    if any(s.in_pond for s in state.salmon) and seat == state.last_seat:
        parts.append("the race is over")
    label = f"{name} ends the turn" + (f": {', '.join(parts)}" if parts else "")
    return Action("end", {"seat": seat, "discards": discards}, label)
