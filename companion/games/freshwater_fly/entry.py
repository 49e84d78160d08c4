"""What each player has at the end of a Freshwater Fly game, and its JSON form.

The same JSON is read by `companion score freshwater-fly`, kept in the archive with
each play, and edited on Freshwater Fly's Score part:

    {"players": [{"name": "Ana", "reel_board": "1A",
      "fish": [{"species": "coho", "color": "gold", "points": 5}],
      "hatch": {"yellow": 2, "green": 0, "tan": 1, "orange": 0, "white": 1, "blue": 0},
      "cards": ["N", "W"], "first_to_seven": false}]}

Bad input raises EntryError naming the field (`players[1].fish[0].species: unknown
species 'trout'`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.core.score_input import ScoreInputError, check_keys, choice, flag, key_path, show
from companion.core.table.seats import MAX_NAME, player_name, read_players


class Species(Enum):
    STEELHEAD = "steelhead"
    DOLLY = "dolly"
    CUTTHROAT = "cutthroat"
    BROOK = "brook"
    GRAYLING = "grayling"
    RAINBOW = "rainbow"
    BROWN = "brown"
    COHO = "coho"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class FishColor(Enum):
    GOLD = "gold"
    BLACK = "black"
    GREEN = "green"


class Hatch(Enum):
    YELLOW = "yellow"
    GREEN = "green"
    TAN = "tan"
    ORANGE = "orange"
    WHITE = "white"
    BLUE = "blue"


REEL_BOARDS = ("1A", "2A", "3B", "4B")
ONE_OF_A_KIND = ("N", "O", "P")  # Skill cards that score a bonus once
W = "W"  # tucked under a caught fish: one point
CARDS = (*ONE_OF_A_KIND, W)
# Every Skill card is printed once (seed 000, Components: "16 Rock Cards", Skill actions A to P; Master
# Skill Pack Rules: "eight bonus Skill cards (Q-X)"), so each of these is one player's at most.
SINGLE_CARDS = {**{card: "the 16 Rock cards are A to P" for card in ONE_OF_A_KIND},
                W: "the Master Skill Pack's eight Skill cards are Q to X"}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
SEVEN = 7
# What a real game can reach (seed 000, Components: 48 Fish Cards, 60 Hatch Tokens, 10 of each
# colour); anything more is a typo, refused before it is scored.
FISH_CARDS = 48
MAX_POINTS = 20  # no fish card prints more: the bound of Settings' ranges (`FishPoints`)
HATCH_PER_COLOUR = 10
MAX_W = 30  # W cards a player of a play filed before W was known to be one card may hold

FishPoints = Mapping[Species, tuple[int, int]]  # the lowest and highest points a species' cards print

EntryError = ScoreInputError  # bad end-of-game input; the message starts with the field's path


@dataclass(frozen=True)
class Fish:
    species: Species
    color: FishColor
    points: int


@dataclass(frozen=True)
class PlayerEntry:
    name: str
    reel_board: str = "1A"
    fish: tuple[Fish, ...] = ()
    hatch: Mapping[Hatch, int] = field(default_factory=lambda: {h: 0 for h in Hatch})
    cards: tuple[str, ...] = ()
    first_to_seven: bool = False

    def count(self, species: Species) -> int:
        return sum(1 for f in self.fish if f.species is species)

    def colour_count(self, color: FishColor) -> int:
        return sum(1 for f in self.fish if f.color is color)


@dataclass(frozen=True)
class GameEntry:
    players: tuple[PlayerEntry, ...]


def whole_number(value: Any, path: str, most: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(path, f"expected a whole number, got {show(value)}")
    if value < 0:
        raise EntryError(path, f"cannot be negative, got {value}")
    if most is not None and value > most:
        raise EntryError(path, f"at most {most} in a game, not {value}")
    return value


def fish_points_problem(ranges: FishPoints, species: Species, points: int) -> str | None:
    """What is wrong with a `species` card showing `points`, when its cards print `ranges[species]` (the
    data file's, or Settings'), or None: the one check of the score sheet, the Silent Angler's catch
    and `companion score`."""
    low, high = ranges[species]
    return None if low <= points <= high else f"a {species.label} card shows {low} to {high} points, not {points}"


def single_card_problem(card: str, holder: str) -> str:
    """Why a Skill card that `holder` holds cannot be another player's too."""
    return f"Skill card {card} is {holder}'s: there is one of each ({SINGLE_CARDS[card]})"


def _enum(kind: type[Enum], value: Any, path: str, what: str) -> Any:
    """The member of `kind` named by the text `value`; EntryError naming `path` for anything else."""
    return kind(choice(value, path, [member.value for member in kind], what, listed=False))


def parse_player(data: Any, path: str, longest: int | None = MAX_NAME, fish_points: FishPoints | None = None,
                 filed: bool = False) -> PlayerEntry:
    """One player's end of game, checked: each fish's points within what its species' cards print (when
    `fish_points` is given), each Skill card once; `filed`: a play already in History, read as it was filed
    (its W cards as many as the sheet then allowed)."""
    data = check_keys(data, path, ("name", "reel_board", "fish", "hatch", "cards", "first_to_seven"),
                 ("name", "reel_board", "fish"))
    name = player_name(data["name"], f"{path}.name", longest)
    board = choice(data["reel_board"], f"{path}.reel_board", REEL_BOARDS, "reel board")
    if not isinstance(data["fish"], list):
        raise EntryError(f"{path}.fish", f"expected a list, got {show(data['fish'])}")
    if len(data["fish"]) > FISH_CARDS:
        raise EntryError(f"{path}.fish", f"the game has {FISH_CARDS} fish cards, not {len(data['fish'])}")
    fish = []
    for j, raw in enumerate(data["fish"]):
        here = f"{path}.fish[{j}]"
        raw = check_keys(raw, here, ("species", "color", "points"), ("species", "color", "points"))
        species = _enum(Species, raw["species"], f"{here}.species", "species")
        colour = _enum(FishColor, raw["color"], f"{here}.color", "colour")
        points = whole_number(raw["points"], f"{here}.points", MAX_POINTS)
        wrong = fish_points_problem(fish_points, species, points) if fish_points is not None else None
        if wrong:
            raise EntryError(f"{here}.points", wrong)
        fish.append(Fish(species, colour, points))
    hatch_data = data.get("hatch", {})
    if not isinstance(hatch_data, dict):
        raise EntryError(f"{path}.hatch", f"expected an object, got {show(hatch_data)}")
    hatch = {h: 0 for h in Hatch}
    for colour, n in hatch_data.items():
        colour_path = key_path(f"{path}.hatch", colour)
        hatch[_enum(Hatch, colour, colour_path, "hatch colour")] = whole_number(
            n, colour_path, HATCH_PER_COLOUR)
    cards_data = data.get("cards", [])
    if not isinstance(cards_data, list):
        raise EntryError(f"{path}.cards", f"expected a list, got {show(cards_data)}")
    cards: list[str] = []
    once = ONE_OF_A_KIND if filed else CARDS  # unfiled: each card once, so a fifth is listed twice
    if filed and len(cards_data) > len(ONE_OF_A_KIND) + MAX_W:
        raise EntryError(f"{path}.cards", f"at most {len(ONE_OF_A_KIND) + MAX_W} cards, not {len(cards_data)}")
    for j, card in enumerate(cards_data):
        choice(card, f"{path}.cards[{j}]", CARDS, "card")
        if card in once and card in cards:
            raise EntryError(f"{path}.cards[{j}]", f"{card} is listed twice: there is one of each "
                                                   f"({SINGLE_CARDS[card]})")
        cards.append(card)
    first = flag(data.get("first_to_seven", False), f"{path}.first_to_seven")
    if first and len(fish) < SEVEN:
        raise EntryError(f"{path}.first_to_seven", f"the first to seven fish has at least 7 fish, not {len(fish)}")
    return PlayerEntry(name, board, tuple(fish), hatch, tuple(cards), first)


def parse_game(data: Any, filed: bool = False, fish_points: FishPoints | None = None) -> GameEntry:
    """A whole end of game, checked; EntryError names the first bad field. `filed`: a play already in
    History, read as it was filed (older plays may have two players on one reel board, W cards by the
    dozen, and a BG Stats file names longer than the roster's); else each reel board and each Skill card
    N, O, P and W is held by one player at most (see check_game). `fish_points`: the points each species'
    cards print (`companion score`: the data file's), each fish's checked against them."""
    data = check_keys(data, "game", ("players",), ("players",))
    longest = None if filed else MAX_NAME
    seated = read_players(data["players"], MIN_PLAYERS, MAX_PLAYERS, "Freshwater Fly", longest=longest)
    players = tuple(parse_player(p.doc, f"players[{i}]", longest, fish_points, filed) for i, p in enumerate(seated))
    return check_game(GameEntry(players), one_each=not filed)


def check_game(game: GameEntry, one_each: bool = True) -> GameEntry:
    """What no single player's entry can check: unique names, one first to seven, and
    (`one_each`) one player per reel board (Components: 4 Reel Boards; Setup E: 'Give each
    player one Reel board') and per Skill card N, O, P and W (single cards: `SINGLE_CARDS`)."""
    names: dict[str, int] = {}
    for i, p in enumerate(game.players):
        if p.name.casefold() in names:
            raise EntryError(f"players[{i}].name", f"{p.name!r} is already players[{names[p.name.casefold()]}]")
        names[p.name.casefold()] = i
    firsts = [i for i, p in enumerate(game.players) if p.first_to_seven]
    if len(firsts) > 1:
        raise EntryError(f"players[{firsts[1]}].first_to_seven",
                         f"only one player can be first to seven fish; players[{firsts[0]}] already is")
    if one_each:
        boards: dict[str, int] = {}
        cards: dict[str, int] = {}
        for i, p in enumerate(game.players):
            if p.reel_board in boards:
                raise EntryError(f"players[{i}].reel_board", f"reel board {p.reel_board} is players"
                                 f"[{boards[p.reel_board]}]'s: each player has their own")
            boards[p.reel_board] = i
            for card in sorted(set(p.cards) & set(SINGLE_CARDS)):
                if card in cards:
                    raise EntryError(f"players[{i}].cards", single_card_problem(card, f"players[{cards[card]}]"))
                cards[card] = i
    return game


def player_to_json(player: PlayerEntry) -> dict[str, Any]:
    return {
        "name": player.name,
        "reel_board": player.reel_board,
        "fish": [{"species": f.species.value, "color": f.color.value, "points": f.points} for f in player.fish],
        "hatch": {h.value: player.hatch.get(h, 0) for h in Hatch},
        "cards": list(player.cards),
        "first_to_seven": player.first_to_seven,
    }


def game_to_json(game: GameEntry) -> dict[str, Any]:
    return {"players": [player_to_json(p) for p in game.players]}
