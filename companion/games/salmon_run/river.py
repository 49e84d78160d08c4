"""Salmon Run's river and data: the boards between Start and Finish, chosen or rolled.

Rules text (seed 002, Set-up and Optional rules): a river is the Starting board (side S1 or
S2), two to six of the six numbered boards each on one of its sides, and the Finish board
(F1 or F2). Each numbered board has an Easy side (E) and a Medium (M) or Hard (H) side.
Random set-up, with the game's one standard die (d6): "Roll the die. On an even roll use S2,
on an odd roll use S1. Roll again and use the corresponding numbered board. Roll again. On
an even roll use the Easy side (E), on an odd roll use the Medium or Hard side. Repeat Step 2
for however many numbered boards you want to use. Roll the die again for the last board. On
an even roll use F2, on an odd roll use F1." A board number already used is rolled again.

Which side of which board is Medium or Hard, the colours and the card piles are in
`assets/games/salmon_run/river.json` (chosen defaults where the text is silent).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.core.assets import AssetError, load_data, require, whole_number
from companion.core.errors import DomainError
from companion.core.table.seats import is_whole

DIE_SIDES = 6  # "1 standard die (d6)"
BOARDS = (1, 2, 3, 4, 5, 6)  # "6 numbered boards"
MIN_LENGTH, MAX_LENGTH = 2, 6
# Optional rules: the game lengths, by the numbered boards between Start and Finish.
LENGTHS = {"short": 2, "beginner": 3, "experienced": 4, "long": 5, "marathon": 6}
LENGTH_NAMES = {2: "Short", 3: "Beginner", 4: "Experienced", 5: "Long", 6: "Marathon"}
STARTS, FINISHES = ("S1", "S2"), ("F1", "F2")
EASY, MEDIUM, HARD = "E", "M", "H"
RATINGS = {EASY: "Easy", MEDIUM: "Medium", HARD: "Hard"}
# Difficulties a river is laid out by (Set-up: "customize the river by difficulty"; "For the
# first game and for beginners ... Easy-rated boards"): every board on its Easy side, or every
# board on its other (Medium or Hard) side. Board by board is `chosen_river`.
EASY_SIDES, OTHER_SIDES = "easy", "other"
DIFFICULTIES = {EASY_SIDES: "Easy sides (first games, beginners)", OTHER_SIDES: "Medium and Hard sides"}

# The cards (one vocabulary for the Swim Deck, the supplemental piles and the Fatigue Deck).
FORWARD, RIGHT, LEFT = "forward", "right", "left"
DOUBLE_FORWARD, DOUBLE_RIGHT, DOUBLE_LEFT = "double_forward", "double_right", "double_left"
WILD, BEAR, EAGLE, CURRENT, RAPIDS, FATIGUE = "wild", "bear", "eagle", "current", "rapids", "fatigue"
CARDS = (FORWARD, RIGHT, LEFT, DOUBLE_FORWARD, DOUBLE_RIGHT, DOUBLE_LEFT, WILD, BEAR, EAGLE, CURRENT, RAPIDS,
         FATIGUE)
CARD_NAMES = {FORWARD: "Swim Forward", RIGHT: "Swim Right", LEFT: "Swim Left",
              DOUBLE_FORWARD: "Double Swim Forward", DOUBLE_RIGHT: "Double Swim Right",
              DOUBLE_LEFT: "Double Swim Left", WILD: "Wild", BEAR: "Bear", EAGLE: "Eagle", CURRENT: "Current",
              RAPIDS: "Rapids", FATIGUE: "Fatigue"}
SUPPLEMENTAL = tuple(c for c in CARDS if c != FATIGUE)  # the piles of the Supplemental Deck
MOST_PILE = 100  # no box comes near it: a value past it is a typo
MIN_PLAYERS, MAX_PLAYERS = 2, 4


class RiverError(DomainError):
    """A river the set-up rules refuse; the message says why."""


# Data: assets/games/salmon_run/river.json ------------------------------------------------


@dataclass(frozen=True)
class SalmonRunData:
    """What `river.json` holds (see its notes for the chosen defaults)."""

    other_side: Mapping[int, str]  # board -> "M" or "H"
    colours: tuple[str, ...]
    supplemental: Mapping[str, int]  # pile -> cards
    fatigue_deck: int


def parse_data(data: Any, where: str = "river.json") -> SalmonRunData:
    """The data in `data`, checked; AssetError names the first field that does not fit."""
    sides = require(data, "other_side", dict, where)
    other = {}
    for board in BOARDS:
        side = require(sides, str(board), str, f"{where}.other_side")
        if side not in (MEDIUM, HARD):
            raise AssetError(f"{where}.other_side.{board}: 'M' or 'H', not {side!r}")
        other[board] = side
    extra = sorted(set(sides) - {str(b) for b in BOARDS})
    if extra:
        raise AssetError(f"{where}.other_side.{extra[0]}: there are numbered boards 1 to 6 only")
    raw_colours = require(data, "colours", list, where)
    colours: list[str] = []
    for i, colour in enumerate(raw_colours):
        if not isinstance(colour, str) or not colour.strip() or len(colour) > 20 or not colour.isprintable():
            raise AssetError(f"{where}.colours[{i}]: a colour's name (1 to 20 letters), not {colour!r}")
        if colour.casefold() in (c.casefold() for c in colours):
            raise AssetError(f"{where}.colours[{i}]: {colour!r} is listed twice")
        colours.append(colour)
    if not MAX_PLAYERS <= len(colours) <= 12:
        raise AssetError(f"{where}.colours: {MAX_PLAYERS} to 12 colours (one per player), not {len(colours)}")
    piles_raw = require(data, "supplemental", dict, where)
    piles = {pile: whole_number(require(piles_raw, pile, int, f"{where}.supplemental"),
                                f"{where}.supplemental.{pile}", 0, MOST_PILE) for pile in SUPPLEMENTAL}
    unknown = sorted(set(piles_raw) - set(SUPPLEMENTAL))
    if unknown:
        raise AssetError(f"{where}.supplemental.{unknown[0]}: not a pile of the Supplemental Deck")
    fatigue = whole_number(require(data, "fatigue_deck", int, where), f"{where}.fatigue_deck", 0, MOST_PILE)
    return SalmonRunData(other, tuple(colours), piles, fatigue)


@cache
def default_data() -> SalmonRunData:
    """The shipped data file (or the player's own copy of it), checked."""
    return load_data("games/salmon_run/river.json", parse_data)


# The river ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RiverBoard:
    """A numbered board laid on one of its sides: "E", or its other side's "M" or "H"."""

    number: int
    side: str

    @property
    def rating(self) -> str:
        return RATINGS[self.side]

    @property
    def label(self) -> str:
        """'3E', '5H': as printed on the board."""
        return f"{self.number}{self.side}"


@dataclass(frozen=True)
class River:
    """The river from the Starting board (downstream) to the Finish board (the spawning pond)."""

    start: str  # "S1" or "S2"
    boards: tuple[RiverBoard, ...]  # in order from Start to Finish
    finish: str  # "F1" or "F2"

    @property
    def length(self) -> int:
        return len(self.boards)

    def labels(self) -> tuple[str, ...]:
        """The river's picture, board by board: ('S1', '3E', '5H', '1E', 'F2')."""
        return (self.start, *(b.label for b in self.boards), self.finish)

    def describe(self) -> str:
        """'S1 · 3E · 5H · F2 (Short game)'."""
        return f"{' · '.join(self.labels())} ({LENGTH_NAMES[self.length]} game)"

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start, "boards": [{"board": b.number, "side": b.side} for b in self.boards],
                "finish": self.finish}


def check_length(length: Any) -> int:
    if not is_whole(length) or not MIN_LENGTH <= length <= MAX_LENGTH:
        raise RiverError(f"A river has {MIN_LENGTH} to {MAX_LENGTH} numbered boards between Start and Finish, "
                         f"not {length!r}.")
    return length


def _check_start_finish(start: Any, finish: Any) -> None:
    if start not in STARTS:
        raise RiverError(f"The Starting board is used on side S1 or S2, not {start!r}.")
    if finish not in FINISHES:
        raise RiverError(f"The Finish board is used on side F1 or F2, not {finish!r}.")


def _check_boards(boards: Sequence[RiverBoard]) -> None:
    seen: set[int] = set()
    for board in boards:
        if board.number in seen:
            raise RiverError(f"Board {board.number} is in the river twice: each numbered board is laid once.")
        seen.add(board.number)


def river_from_dict(raw: Any) -> River:
    """A river kept in a set-up ({"start", "boards": [{"board", "side"}], "finish"}), checked."""
    if not isinstance(raw, Mapping):
        raise RiverError("A river needs its Starting board, numbered boards and Finish board.")
    boards_raw = raw.get("boards")
    if not isinstance(boards_raw, list):
        raise RiverError("A river needs its numbered boards, in order.")
    check_length(len(boards_raw))
    boards = []
    for item in boards_raw:
        number = item.get("board") if isinstance(item, Mapping) else None
        side = item.get("side") if isinstance(item, Mapping) else None
        if not is_whole(number) or number not in BOARDS:
            raise RiverError(f"The numbered boards are 1 to 6, not {number!r}.")
        if side not in RATINGS:
            raise RiverError(f"Board {number} is laid on its E, M or H side, not {side!r}.")
        boards.append(RiverBoard(number, side))
    _check_boards(boards)
    _check_start_finish(raw.get("start"), raw.get("finish"))
    return River(raw["start"], tuple(boards), raw["finish"])


def chosen_river(length: int, boards_and_sides: Sequence[tuple[int, str]], start: str = "S1", finish: str = "F1",
                 data: SalmonRunData | None = None) -> River:
    """The river laid board by board: `boards_and_sides` is [(board number, side)] from Start to
    Finish, a side being "E" or the board's other side ("M" or "H" as the data says)."""
    data = data or default_data()
    check_length(length)
    if len(boards_and_sides) != length:
        raise RiverError(f"A river of {length} numbered boards needs {length} boards, not {len(boards_and_sides)}.")
    boards = []
    for number, side in boards_and_sides:
        if not is_whole(number) or number not in BOARDS:
            raise RiverError(f"The numbered boards are 1 to 6, not {number!r}.")
        other = data.other_side[number]
        if side not in (EASY, other):
            raise RiverError(f"Board {number}'s sides are E and {other}, not {side!r}.")
        boards.append(RiverBoard(number, side))
    _check_boards(boards)
    _check_start_finish(start, finish)
    return River(start, tuple(boards), finish)


def difficulty_river(length: int, difficulty: str = EASY_SIDES, start: str = "S1", finish: str = "F1",
                     data: SalmonRunData | None = None) -> River:
    """Boards 1 to `length`, every one on its Easy side ("easy": first games) or its Medium or
    Hard side ("other")."""
    data = data or default_data()
    check_length(length)
    if difficulty not in DIFFICULTIES:
        raise RiverError(f"The difficulty is {' or '.join(DIFFICULTIES)}, not {difficulty!r}.")
    sides = [(n, EASY if difficulty == EASY_SIDES else data.other_side[n]) for n in BOARDS[:length]]
    return chosen_river(length, sides, start, finish, data)


# Random set-up -------------------------------------------------------------------------------


def start_side(roll: int) -> str:
    """'On an even roll use S2, on an odd roll use S1.'"""
    return "S2" if roll % 2 == 0 else "S1"


def finish_side(roll: int) -> str:
    """'On an even roll use F2, on an odd roll use F1.'"""
    return "F2" if roll % 2 == 0 else "F1"


def easy_side(roll: int) -> bool:
    """'On an even roll use the Easy side (E), on an odd roll use the Medium or Hard side.'"""
    return roll % 2 == 0


@dataclass(frozen=True)
class RandomSetup:
    """The random set-up worked through a sequence of rolls: what each roll decided, the river
    once complete, and how many rolls it used (extra rolls are left unused)."""

    steps: tuple[str, ...]  # one line per roll used: "4: S2 (even)"
    used: int
    river: River | None  # None while more rolls are needed
    next_roll: str | None  # what the next roll decides, None once complete


def random_setup(length: int, rolls: Sequence[int], data: SalmonRunData | None = None) -> RandomSetup:
    """Work the optional random set-up through `rolls` (d6 results, in the order rolled)."""
    data = data or default_data()
    check_length(length)
    for roll in rolls:
        if not is_whole(roll) or not 1 <= roll <= DIE_SIDES:
            raise RiverError(f"A roll of the die is 1 to {DIE_SIDES}, not {roll!r}.")
    steps: list[str] = []
    used = 0
    start: str | None = None
    boards: list[RiverBoard] = []
    number: int | None = None  # a board rolled, its side not rolled yet

    def parity(roll: int) -> str:
        return "even" if roll % 2 == 0 else "odd"

    def wants() -> str | None:
        if start is None:
            return "the Starting board (even S2, odd S1)"
        if number is not None:
            return f"board {number}'s side (even Easy, odd {RATINGS[data.other_side[number]]})"
        if len(boards) < length:
            return f"numbered board {len(boards) + 1} of {length} (the board with that number)"
        if finish is None:
            return "the Finish board (even F2, odd F1)"
        return None

    finish: str | None = None
    while wants() is not None and used < len(rolls):
        roll = rolls[used]
        used += 1
        if start is None:
            start = start_side(roll)
            steps.append(f"{roll}: {start} ({parity(roll)})")
        elif number is not None:
            side = EASY if easy_side(roll) else data.other_side[number]
            boards.append(RiverBoard(number, side))
            steps.append(f"{roll}: board {number} on its {RATINGS[side]} side ({side}, {parity(roll)})")
            number = None
        elif len(boards) < length:
            if any(b.number == roll for b in boards):
                steps.append(f"{roll}: board {roll} is already in the river, roll again")
            else:
                number = roll
                steps.append(f"{roll}: board {roll}")
        else:
            finish = finish_side(roll)
            steps.append(f"{roll}: {finish} ({parity(roll)})")
    need = wants()
    river = River(start, tuple(boards), finish) if need is None and start and finish else None
    return RandomSetup(tuple(steps), used, river, need)


def random_river(length: int, rolls: Sequence[int], data: SalmonRunData | None = None) -> River:
    """The river the random set-up lays with `rolls` (d6 results in order); RiverError when
    they run out before the river is complete."""
    done = random_setup(length, rolls, data)
    if done.river is None:
        raise RiverError(f"The random set-up needs another roll, for {done.next_roll}.")
    return done.river


def rolls_used(length: int, rolls: Sequence[int], data: SalmonRunData | None = None) -> int:
    """How many of `rolls` the random set-up used (the rest were not needed)."""
    random_river(length, rolls, data)
    return random_setup(length, rolls, data).used


def roll_random_river(length: int, rng: random.Random, data: SalmonRunData | None = None) -> list[int]:
    """Roll the die until the random set-up is complete: the rolls, for `random_river`."""
    rolls: list[int] = []
    while random_setup(length, rolls, data).next_roll is not None:
        rolls.append(rng.randint(1, DIE_SIDES))
    return rolls
