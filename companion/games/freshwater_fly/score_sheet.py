"""Freshwater Fly's scoring session (its page's Score part): each player's end state, entered by taps.

The state is a `GameEntry` (the same one `companion score` reads); every tap is an
action, so a half-entered sheet survives a closed tab and every tap can be undone.
A sheet may start from an archived play (`setup["entry"]`, `setup["play_id"]`) to
edit it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.games.freshwater_fly.entry import (
    FISH_CARDS,
    HATCH_PER_COLOUR,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_W,
    MIN_PLAYERS,
    ONE_OF_A_KIND,
    REEL_BOARDS,
    SEVEN,
    Fish,
    FishColor,
    GameEntry,
    Hatch,
    PlayerEntry,
    Species,
    W,
    check_game,
    game_to_json,
    parse_game,
)
from companion.games.freshwater_fly.scoring import score_game

GAME = "freshwater-fly-score"


@dataclass(frozen=True)
class SheetState:
    game: GameEntry
    play_id: str | None = None  # the archived play this sheet edits

    def player(self, seat: int) -> PlayerEntry:
        return self.game.players[seat]


def _seat(state: SheetState, data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.game.players):
        raise DomainError(f"There is no seat {seat!r} at this table.")
    return seat


def _count(value: Any, what: str, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise DomainError(f"{what} must be a whole number from 0 to {most}, not {value!r}.")
    return value


def _with(state: SheetState, seat: int, **changes: Any) -> SheetState:
    players = list(state.game.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, game=GameEntry(tuple(players)))


class SheetRules:
    game = GAME
    title = "Freshwater Fly scores"

    def initial_state(self, setup: Mapping[str, Any]) -> SheetState:
        if "entry" in setup:  # a saved play, edited: older plays may have two players on one board
            return SheetState(parse_game(setup["entry"], one_each=False), setup.get("play_id"))
        names = setup.get("players")
        if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise DomainError(f"Seat {MIN_PLAYERS} to {MAX_PLAYERS} players to score Freshwater Fly.")
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise DomainError("Each seat needs a player's name.")
        # Each seat starts on a board of its own (sheets started before this all said 1A).
        boards = setup.get("boards", ["1A"] * len(names))
        if not (isinstance(boards, list) and len(boards) == len(names) and all(b in REEL_BOARDS for b in boards)):
            raise DomainError(f"Each seat starts on one of the reel boards {', '.join(REEL_BOARDS)}.")
        return SheetState(check_game(GameEntry(tuple(PlayerEntry(n.strip(), b) for n, b in zip(names, boards))),
                                     one_each="boards" in setup))

    def footprint(self, action: Action) -> Footprint:
        """One player's entry; naming who was first to seven changes everyone's."""
        seat = ("seat", action.data.get("seat"))
        if action.type == "first" and action.data.get("first") is True:
            return Footprint(reads=(seat,), writes=(("seat",),))
        return Footprint(reads=(seat,), writes=(seat,))

    def apply(self, state: SheetState, action: Action) -> SheetState:
        data = action.data
        seat = _seat(state, data)
        player = state.player(seat)
        kind = action.type
        if kind == "fish.add":
            try:
                new = Fish(Species(data.get("species")), FishColor(data.get("color")),
                           _count(data.get("points"), "A fish's points", MAX_POINTS))
            except ValueError:
                raise DomainError("A fish is one of the eight species in gold, black or green.") from None
            if len(player.fish) >= FISH_CARDS:
                raise DomainError(f"The game has {FISH_CARDS} fish cards: {player.name} cannot have caught more.")
            return _with(state, seat, fish=player.fish + (new,))
        if kind == "fish.remove":
            index = data.get("index")
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(player.fish):
                raise DomainError(f"{player.name} has no fish number {index!r}.")
            fish = player.fish[:index] + player.fish[index + 1:]
            # Without seven fish a player cannot have been first to seven.
            return _with(state, seat, fish=fish, first_to_seven=player.first_to_seven and len(fish) >= SEVEN)
        if kind == "hatch":
            try:
                colour = Hatch(data.get("color"))
            except ValueError:
                raise DomainError(f"There is no {data.get('color')!r} hatch token.") from None
            count = _count(data.get("count"), f"{colour.value.capitalize()} hatch tokens", HATCH_PER_COLOUR)
            return _with(state, seat, hatch={**player.hatch, colour: count})
        if kind == "board":
            board = data.get("board")
            if board not in REEL_BOARDS:
                raise DomainError(f"The reel boards are {', '.join(REEL_BOARDS)}.")
            holder = _holder(state, seat, lambda p: p.reel_board == board)
            if holder and player.reel_board != board:
                raise DomainError(f"Reel board {board} is {holder}'s: each player has their own (4 Reel Boards). "
                                  f"Give {holder} another board first.")
            return _with(state, seat, reel_board=board)
        if kind == "card":
            card, held = data.get("card"), data.get("held")
            if card not in ONE_OF_A_KIND or not isinstance(held, bool):
                raise DomainError(f"Skill cards {', '.join(ONE_OF_A_KIND)} are held or not.")
            holder = _holder(state, seat, lambda p: card in p.cards)
            if held and holder:
                raise DomainError(f"Skill card {card} is {holder}'s: there is one of each card.")
            cards = tuple(c for c in player.cards if c != card) + ((card,) if held else ())
            return _with(state, seat, cards=_ordered(cards))
        if kind == "w":
            count = _count(data.get("count"), "W cards", MAX_W)
            return _with(state, seat, cards=_ordered(tuple(c for c in player.cards if c != W) + (W,) * count))
        if kind == "first":
            if data.get("first") is True and len(player.fish) < SEVEN:
                raise DomainError(f"{player.name} has {len(player.fish)} fish: the first to seven fish has "
                                  "caught seven.")
            if data.get("first") is True:  # only one player can be first: the others are not
                players = tuple(replace(p, first_to_seven=i == seat) for i, p in enumerate(state.game.players))
                return replace(state, game=GameEntry(players))
            return _with(state, seat, first_to_seven=False)
        raise DomainError(f"The score sheet does not know the action {kind!r}.")


def _holder(state: SheetState, seat: int, holds) -> str | None:
    """The name of another player holding what `holds` tests, or None."""
    return next((p.name for i, p in enumerate(state.game.players) if i != seat and holds(p)), None)


def _ordered(cards: tuple[str, ...]) -> tuple[str, ...]:
    order = (*ONE_OF_A_KIND, W)
    return tuple(sorted(cards, key=order.index))


RULES = SheetRules()
GAME_NAME = "freshwater-fly"  # how plays of this game are filed in the archive


def to_play(state: SheetState, play_id: str, played_at: str, tie_break: Sequence[FishColor] | None = None) -> Play:
    """The finished play the sheet describes, scored, ready for the archive."""
    results, winners = score_game(state.game, tie_break)
    return Play(play_id, GAME_NAME, played_at, results, winners, game_to_json(state.game))


# Action builders: a tap becomes an action with a label saying what it did -------------

def add_fish(state: SheetState, seat: int, species: Species, color: FishColor, points: int) -> Action:
    who = state.player(seat).name
    return Action("fish.add", {"seat": seat, "species": species.value, "color": color.value, "points": points},
                  f"{who}: add a {color.value} {species.label} ({points})")


def remove_fish(state: SheetState, seat: int, index: int) -> Action:
    player = state.player(seat)
    f = player.fish[index]
    return Action("fish.remove", {"seat": seat, "index": index},
                  f"{player.name}: remove the {f.color.value} {f.species.label} ({f.points})")


def set_hatch(state: SheetState, seat: int, colour: Hatch, count: int) -> Action:
    return Action("hatch", {"seat": seat, "color": colour.value, "count": count},
                  f"{state.player(seat).name}: {count} {colour.value} hatch token{'s' if count != 1 else ''}")


def set_board(state: SheetState, seat: int, board: str) -> Action:
    return Action("board", {"seat": seat, "board": board}, f"{state.player(seat).name}: reel board {board}")


def hold_card(state: SheetState, seat: int, card: str, held: bool) -> Action:
    who = state.player(seat).name
    return Action("card", {"seat": seat, "card": card, "held": held},
                  f"{who}: {'holds' if held else 'does not hold'} Skill {card}")


def set_w(state: SheetState, seat: int, count: int) -> Action:
    return Action("w", {"seat": seat, "count": count},
                  f"{state.player(seat).name}: {count} Skill W card{'s' if count != 1 else ''}")


def set_first(state: SheetState, seat: int, first: bool) -> Action:
    who = state.player(seat).name
    return Action("first", {"seat": seat, "first": first},
                  f"{who} was first to seven fish" if first else f"{who} was not first to seven fish")
