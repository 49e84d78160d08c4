"""Freshwater Fly's scoring session (its page's Score part): each player's end state, entered by taps.

The state is a `GameEntry` (the same one `companion score` reads); every tap is an
action, so a half-entered sheet survives a closed tab and every tap can be undone.
A sheet may start from an archived play (`setup["entry"]`, `setup["play_id"]`) to
edit it. A sheet set up from the table's dice draft keeps what the draft knows of the game and the
sheet does not: who started (`setup["start"]`, a seat of the sheet) and when the game was set up
(`setup["began"]`, the draft session's creation), so the play saved from it keeps both (the
registry's `start_seat` and `timed`). Sheets set up without them (older ones, or scored without a
draft) know neither.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from companion.core import words
from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.table.phases import anyone
from companion.core.table.rules import Move, TableRules, own, seat_in
from companion.core.table.seats import read_players, seat_named
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
    SINGLE_CARDS,
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
    single_card_problem,
)
from companion.games.freshwater_fly.scoring import score_game

GAME = "freshwater-fly-score"


@dataclass(frozen=True)
class SheetState:
    game: GameEntry
    play_id: str | None = None  # the archived play this sheet edits
    start: int | None = None  # the seat that started the game (the draft's first start player), if known
    began: str | None = None  # when the game was set up (ISO time: its draft's table session), if known

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.game.players)

    def player(self, seat: int) -> PlayerEntry:
        return self.game.players[seat]


def _seat(state: SheetState, data: Mapping[str, Any]) -> int:
    return seat_named(data, len(state.game.players))


def _count(value: Any, what: str, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise DomainError(f"{what} must be a whole number from 0 to {most}, not {value!r}.")
    return value


def _with(state: SheetState, seat: int, **changes: Any) -> SheetState:
    players = list(state.game.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, game=GameEntry(tuple(players)))


def new_sheet(setup: Mapping[str, Any]) -> SheetState:
    """2 to 4 players, each on a reel board of their own; or a saved play (`entry`, `play_id`) to edit."""
    if "entry" in setup:  # a saved play, edited: older plays may have two players on one board
        return SheetState(parse_game(setup["entry"], filed=True), setup.get("play_id"))
    players = read_players(setup.get("players"), MIN_PLAYERS, MAX_PLAYERS, "Freshwater Fly")
    # Each seat starts on a board of its own (sheets started before this all said 1A).
    boards = setup.get("boards", ["1A"] * len(players))
    if not (isinstance(boards, list) and len(boards) == len(players) and all(b in REEL_BOARDS for b in boards)):
        raise DomainError(f"Each seat starts on one of the reel boards {', '.join(REEL_BOARDS)}.")
    game = check_game(GameEntry(tuple(PlayerEntry(p.name, b) for p, b in zip(players, boards))),
                      one_each="boards" in setup)
    return SheetState(game, start=_start_seat(setup.get("start"), len(players)), began=_began(setup.get("began")))


def _start_seat(value: Any, seats: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
        raise DomainError(f"The start player must be one of the {seats} seats.")
    return value


def _began(value: Any) -> str | None:
    if value is None:
        return None
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise DomainError(f"When the game was set up must be a time, not {value!r}.") from None
    return value


def add_a_fish(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    """A fish caught. The points its species' cards print are Settings' (the form refuses others with
    `options.check_fish_points` before the tap is an action): a journal replays whatever Settings said."""
    seat = _seat(state, data)
    player = state.player(seat)
    try:
        new = Fish(Species(data.get("species")), FishColor(data.get("color")),
                   _count(data.get("points"), "A fish's points", MAX_POINTS))
    except ValueError:
        raise DomainError("A fish is one of the eight species in gold, black or green.") from None
    if len(player.fish) >= FISH_CARDS:
        raise DomainError(f"The game has {FISH_CARDS} fish cards: {player.name} cannot have caught more.")
    return _with(state, seat, fish=player.fish + (new,))


def remove_a_fish(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    seat = _seat(state, data)
    player = state.player(seat)
    index = data.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(player.fish):
        raise DomainError(f"{player.name} has no fish number {index!r}.")
    fish = player.fish[:index] + player.fish[index + 1:]
    # Without seven fish a player cannot have been first to seven.
    return _with(state, seat, fish=fish, first_to_seven=player.first_to_seven and len(fish) >= SEVEN)


def hatch_tokens(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    seat = _seat(state, data)
    try:
        colour = Hatch(data.get("color"))
    except ValueError:
        raise DomainError(f"There is no {data.get('color')!r} hatch token.") from None
    count = _count(data.get("count"), f"{colour.value.capitalize()} hatch tokens", HATCH_PER_COLOUR)
    return _with(state, seat, hatch={**state.player(seat).hatch, colour: count})


def reel_board(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    seat = _seat(state, data)
    board = data.get("board")
    if board not in REEL_BOARDS:
        raise DomainError(f"The reel boards are {', '.join(REEL_BOARDS)}.")
    holder = _holder(state, seat, lambda p: p.reel_board == board)
    if holder and state.player(seat).reel_board != board:
        raise DomainError(f"Reel board {board} is {holder}'s: each player has their own (4 Reel Boards). "
                          f"Give {holder} another board first.")
    return _with(state, seat, reel_board=board)


def skill_card(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    """A Skill card N, O, P or W held or not: one player's at most (`entry.check_game`'s words)."""
    seat = _seat(state, data)
    card, held = data.get("card"), data.get("held")
    if not isinstance(card, str) or card not in SINGLE_CARDS or not isinstance(held, bool):
        raise DomainError(f"Skill cards {', '.join(SINGLE_CARDS)} are held or not.")
    holder = _holder(state, seat, lambda p: card in p.cards)
    if held and holder:
        wrong = single_card_problem(card, holder)
        raise DomainError(f"{wrong}.")
    cards = tuple(c for c in state.player(seat).cards if c != card) + ((card,) if held else ())
    return _with(state, seat, cards=_ordered(cards))


def w_cards(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    """A count of W cards: what sheets recorded before W was known to be one card (the screens now hold
    it or not, as N, O and P: `skill_card`), so their journals replay as they were written."""
    seat = _seat(state, data)
    count = _count(data.get("count"), "W cards", MAX_W)
    return _with(state, seat, cards=_ordered(tuple(c for c in state.player(seat).cards if c != W) + (W,) * count))


def first_to_seven(state: SheetState, data: Mapping[str, Any]) -> SheetState:
    seat = _seat(state, data)
    player = state.player(seat)
    if data.get("first") is True and len(player.fish) < SEVEN:
        raise DomainError(f"{player.name} has {len(player.fish)} fish: the first to seven fish has caught seven.")
    if data.get("first") is True:  # only one player can be first: the others are not
        players = tuple(replace(p, first_to_seven=i == seat) for i, p in enumerate(state.game.players))
        return replace(state, game=GameEntry(players))
    return _with(state, seat, first_to_seven=False)


def sheet_seats(state: SheetState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players scoring at the table; a saved play being corrected in History is anyone's."""
    return ((), ()) if state.play_id is not None else (tuple(p.name for p in state.game.players), ())


def exclusive(data: Mapping[str, Any]) -> Footprint:
    """A reel board or a Skill card N, O or P is one player's at the table: taking one reads everyone's."""
    return Footprint(reads=(("seat",),), writes=(("seat", data.get("seat")),))


def first(data: Mapping[str, Any]) -> Footprint:
    """Naming who was first to seven changes everyone's."""
    if data.get("first") is True:
        return Footprint(reads=(("seat", data.get("seat")),), writes=(("seat",),))
    return own("seat")(data)


def _holder(state: SheetState, seat: int, holds) -> str | None:
    """The name of another player holding what `holds` tests, or None."""
    return next((p.name for i, p in enumerate(state.game.players) if i != seat and holds(p)), None)


def _ordered(cards: tuple[str, ...]) -> tuple[str, ...]:
    order = (*ONE_OF_A_KIND, W)
    return tuple(sorted(cards, key=order.index))


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
                  f"{state.player(seat).name}: {words.count(count, f'{colour.value} hatch token')}")


def set_board(state: SheetState, seat: int, board: str) -> Action:
    return Action("board", {"seat": seat, "board": board}, f"{state.player(seat).name}: reel board {board}")


def hold_card(state: SheetState, seat: int, card: str, held: bool) -> Action:
    who = state.player(seat).name
    return Action("card", {"seat": seat, "card": card, "held": held},
                  f"{who}: {'holds' if held else 'does not hold'} Skill {card}")


def set_w(state: SheetState, seat: int, count: int) -> Action:
    """A count of W cards, as sheets recorded before W was known to be one card (replayed, no longer made
    by a screen: `hold_card(state, seat, W, held)`)."""
    return Action("w", {"seat": seat, "count": count},
                  f"{state.player(seat).name}: {words.count(count, 'Skill W card')}")


def set_first(state: SheetState, seat: int, first: bool) -> Action:
    who = state.player(seat).name
    return Action("first", {"seat": seat, "first": first},
                  f"{who} was first to seven fish" if first else f"{who} was not first to seven fish")


# What the players might enter now (random play and the conformance tests) -------------

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def sheet_setup(rng: random.Random, names: Sequence[str] = PLAYERS) -> dict[str, Any]:
    players = list(names[:rng.randint(2, min(4, len(names)))])
    setup: dict[str, Any] = {"players": players, "boards": rng.sample(REEL_BOARDS, len(players))}
    if rng.random() < 0.5:  # set up from the table's draft: its start player and when it began
        setup.update(start=rng.randrange(len(players)), began="2026-11-20T20:00:00+01:00")
    return setup


def sheet_moves(state: SheetState, seat: int, rng: random.Random) -> list[Action]:
    player = state.player(seat)
    moves = [add_fish(state, seat, rng.choice(list(Species)), rng.choice(list(FishColor)), rng.randint(1, 4)),
             set_hatch(state, seat, rng.choice(list(Hatch)), rng.randint(0, 4)),
             set_board(state, seat, rng.choice(REEL_BOARDS)),
             hold_card(state, seat, rng.choice(list(SINGLE_CARDS)), rng.random() < 0.5),
             set_first(state, seat, len(player.fish) >= 7 and rng.random() < 0.5)]
    if player.fish:
        moves.append(remove_fish(state, seat, rng.randrange(len(player.fish))))
    return moves


def sheet_candidates(state: SheetState, rng: random.Random) -> list[Action]:
    return [a for seat in range(len(state.game.players)) for a in sheet_moves(state, seat, rng)]


RULES: TableRules[SheetState] = TableRules(
    game=GAME, title="Freshwater Fly scores", setup=new_sheet, seats=sheet_seats,
    moves=(Move("fish.add", add_a_fish, ("seat", "species", "color", "points"), seat_in(), own("seat")),
           Move("fish.remove", remove_a_fish, ("seat", "index"), seat_in(), own("seat")),
           Move("hatch", hatch_tokens, ("seat", "color", "count"), seat_in(), own("seat")),
           Move("board", reel_board, ("seat", "board"), seat_in(), exclusive),
           Move("card", skill_card, ("seat", "card", "held"), seat_in(), exclusive),
           Move("w", w_cards, ("seat", "count"), seat_in(), own("seat")),
           Move("first", first_to_seven, ("seat", "first"), seat_in(), first)),
    phase=anyone("each player fills their own sheet, at their own pace"), example_setup=sheet_setup,
    candidates=sheet_candidates,
)
