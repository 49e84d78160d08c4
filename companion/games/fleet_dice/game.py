"""Fleet Dice's session (its page's Sheets): every player's sheet and the table's dice, one log for all.

Every roll, fill and choice is an action, so undo, redo, resume and replay cover the
sheets like everything else. King Crab bonuses are exclusive at the table: one taken
on one sheet cannot be taken on another. The table's round (table.py): each phase's
roll, taken one die at a time from the start player clockwise, the die left shared by
all. Sheets kept before table rounds (no start player in their set-up) go on as they
were: each sheet on its own, its dice tapped in.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.table.seats import read_players, seat_named
from companion.core.table.turns import clockwise, start_of_round
from companion.core.words import listed
from companion.games.fleet_dice.layout import (
    default_layout,
)
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import Sheet, SheetError, new_sheet
from companion.games.fleet_dice.table import (
    PHASES,
    TableError,
    TableRoll,
    check_faces,
    position,
)

GAME = "fleet-dice"
GAME_NAME = "fleet-dice"  # how plays are filed in the archive
MAX_SHEETS = 4
# The rules a game was set up with (its set-up's "rules_version", so a journal replays as it was played):
# 1 (no "rules_version": set up before version 2): a Casino re-roll was carried in the use of its die
# ("rerolled_from"), made on that phone alone, and a Swordfish license let a boat skip fishing with no box to
# fill; 2: a Casino re-roll is a move of its own ("reroll"), once per die selected, recorded before its face
# is shown, and a boat skips fishing only for a box it can fill; 3: a fishing with nothing to choose (no boat
# may skip it, no Oyster boat may take a coin) is done by itself, in the move that brought it (issue 65: every
# player tapped "Go fishing" with nothing to choose).
EARLIER_RULES, RULES_VERSION = 1, 3
FISHING_BY_ITSELF = 3  # the first rules version whose fishing with nothing to choose needs no tap
FACE_NAMES = {"shrimp": "Shrimp", "cod": "Cod", "lobster": "Lobster", "swordfish": "Swordfish",
              "oyster": "Oyster", "coins": "3 Coins", "harbor": "Harbor", "wharf": "Wharf", "market": "Market"}


@dataclass(frozen=True)
class FleetGame:
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    start: int | None = None  # the first round's start player; None: sheets kept before table rounds
    roll: TableRoll | None = None  # the latest roll of the table's dice
    ids: tuple[str, ...] = ()  # each seat's roster player ("" where the set-up named only players)
    rules_version: int = RULES_VERSION  # the set-up's (EARLIER_RULES for a game set up before version 2)

    @property
    def over(self) -> bool:
        return all(s.over for s in self.sheets)

    def bonuses_taken(self, but: int | None = None) -> set[str]:
        return {s.bonus for i, s in enumerate(self.sheets) if s.bonus and i != but}

    # The table's round -------------------------------------------------------------------

    @property
    def at_table(self) -> bool:
        return self.start is not None

    def position(self) -> tuple[int, int] | None:
        """The table's (round, phase index): the earliest any sheet is in; None once all are over."""
        return min((p for s in self.sheets if (p := position(s)) is not None), default=None)

    def current_roll(self) -> TableRoll | None:
        """The roll of the phase the table is in, once rolled."""
        where, roll = self.position(), self.roll
        if where is None or roll is None or (roll.round, PHASES.index(roll.phase)) != where:
            return None
        return roll

    def start_player(self) -> int | None:
        """The start player of the round the table is in."""
        where = self.position()
        if self.start is None or where is None:
            return None
        return start_of_round(self.start, where[0], len(self.names))

    def order(self) -> tuple[int, ...]:
        """The seats in this phase's picking order (start player first, then clockwise)."""
        start = self.start_player()
        return () if start is None else clockwise(start, len(self.names))

    def picker(self) -> int | None:
        """Whose pick it is now (None: not rolled yet, or everyone has picked)."""
        roll = self.current_roll()
        return None if roll is None else roll.next_picker(self.order())

    def why_no_roll(self) -> str | None:
        """Why the table's dice cannot be rolled now; None when they can."""
        where = self.position()
        if self.start is None:
            return "These sheets were started before the table's dice: tap each die's face in."
        if where is None:
            return "The game is over."
        phase = PHASES[where[1]]
        if self.current_roll() is not None:
            picker = self.picker()
            waiting = picker if picker is not None else next(
                i for i in self.order() if position(self.sheets[i]) == where)
            what = "picks now" if picker is not None else "still has the shared die to use"
            return f"The {phase} dice are rolled already: {self.names[waiting]} {what}."
        for i in self.order():
            sheet = self.sheets[i]
            if position(sheet) != where:
                return f"Wait for {self.names[i]}: still in round {sheet.round}'s {sheet.phase} phase."
        fishing = [self.names[i] for i in self.order() if self.fishing(i)]
        if fishing:  # everyone at once: every phone names them all
            return f"Everyone goes fishing now: {listed(fishing)} still {'fish' if len(fishing) > 1 else 'fishes'}."
        for i in self.order():
            if self.sheets[i].choice() is not None:
                return f"First {self.names[i]}: {self.sheets[i].what_now()}"
        return None

    def fishing(self, seat: int) -> bool:
        """Whether `seat` still goes fishing this round (every sheet at the same time)."""
        choice = self.sheets[seat].choice()
        return choice is not None and choice.kind == "fishing"

    def waiting_on(self) -> tuple[int, ...]:
        """Whom the table waits for now, first first: those (in picking order) with a choice to make (what
        they just filled asks it), the player picking, those with the shared die to use, or the start
        player, who rolls (none: sheets on their own, or the game over)."""
        where = self.position()
        if where is None or self.start is None:
            return ()
        order = self.order()
        waiting = [i for i in order if self.sheets[i].choice() is not None]
        picker = self.picker()
        if picker is not None:  # the pick in turn: the others wait for it (issue 65: "Your move" on every phone)
            waiting.append(picker)
        elif self.current_roll() is not None:
            waiting += [i for i in order if position(self.sheets[i]) == where]
        else:
            waiting.append(self.start_player())
        return tuple(dict.fromkeys(waiting))

    def acting(self, among: Collection[int] | None = None) -> int | None:
        """Who the table waits for first (of the seats `among`, when given: those the phone passed around
        plays for)."""
        return next((i for i in self.waiting_on() if among is None or i in among), None)

    def phase_name(self) -> str:
        where = self.position()
        return "" if where is None else f"round {where[0]}, {PHASES[where[1]]} phase"


def _seat(game: FleetGame, data: Mapping[str, Any]) -> int:
    return seat_named(data, len(game.sheets))


def _boat(value: Any) -> tuple[str, int]:
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)):
        raise SheetError("A boat is named by its kind and number.")
    return value[0], value[1]


def new_game(setup: Mapping[str, Any]) -> FleetGame:
    """A sheet per player (1 to 4, in clockwise order, each with its start boat) and, at the table's
    round, the first round's start player."""
    players = read_players(setup.get("players"), 1, MAX_SHEETS, "Fleet Dice")
    sheets = tuple(new_sheet(p.doc.get("start"), default_layout()) for p in players)
    names = tuple(p.name for p in players)
    start = setup.get("start_player")
    if start is not None and (not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < len(names)):
        raise DomainError(f"The start player is one of the {len(names)} seats, not {start!r}.")
    version = setup.get("rules_version", EARLIER_RULES)
    if not isinstance(version, int) or isinstance(version, bool) or not EARLIER_RULES <= version <= RULES_VERSION:
        raise DomainError(f"The game's rules version is {EARLIER_RULES} to {RULES_VERSION}, not {version!r}.")
    return FleetGame(names, sheets, start, ids=tuple(p.id for p in players), rules_version=version)


def setup_for(players: list[dict[str, Any]], start_player: int | None) -> dict[str, Any]:
    """A new game's set-up: the players (each with its "start" boat), the first round's start player (None:
    sheets on their own), and the rules version it is played by."""
    setup: dict[str, Any] = {"players": players, "rules_version": RULES_VERSION}
    if start_player is not None:
        setup["start_player"] = start_player
    return setup


def roll(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    return _roll(game, data.get("faces"), app=data.get("app") is True)


def rolls_next(game: FleetGame) -> bool:
    """Whether the next phase's dice are rolled by the move that made them due: the phase just ended was rolled
    with the app's dice, and nothing is left to do before the next roll (issue 65: the start player's tap on
    *Roll the dice*, half a tap a player a round, asked nothing of them)."""
    return game.roll is not None and game.roll.app and game.current_roll() is None and game.why_no_roll() is None


Effect = Callable[[FleetGame, Mapping[str, Any]], FleetGame]  # what a move does to the game, from its data


def then_roll(move: Effect) -> Effect:
    """`move`, then the next phase's roll its data carries ("roll": the faces), made with the app's dice: the
    move that ends a phase rolled with them brings the next phase's roll (`rolls_next`)."""

    def moved(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
        game = move(game, data)
        if "roll" not in data:
            return game
        if not rolls_next(game):  # why the next roll is not due now, or not the app's to make
            raise TableError(game.why_no_roll() or "The table rolls its own dice: the start player taps them in.")
        return _roll(game, data["roll"], app=True)

    return moved


def use(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    seat = _seat(game, data)
    _check_reroll(game, seat, data)
    if game.at_table:
        game = _take_table_die(game, seat, data)
    return _with_sheet(game, seat, game.sheets[seat].use(data.get("die"), data.get("face"), data.get("how", "normal"),
                                                         data.get("target"), data.get("second"),
                                                         data.get("rerolled_from")))


def _check_reroll(game: FleetGame, seat: int, data: Mapping[str, Any]) -> None:
    """A die re-rolled with the Casino is used with its new face; a re-roll not recorded first is refused
    (a game set up before rules version 2 carried it in the use alone)."""
    sheet, name = game.sheets[seat], game.names[seat]
    face, rerolled = data.get("face"), data.get("rerolled_from")
    r = sheet.reroll
    if r is not None:
        if data.get("die") != "chosen" or face != r.face or rerolled != r.was or (
                game.at_table and data.get("pick") != r.pick):
            which = f"die {r.pick + 1}" if r.pick is not None else "the die"
            raise SheetError(f"{name} re-rolled {which} with the Casino: use it, showing {FACE_NAMES[r.face]} "
                             f"(re-rolled from {FACE_NAMES[r.was]}).")
    elif rerolled is not None and game.rules_version > EARLIER_RULES:
        raise SheetError("Re-roll the die with the Casino first: the re-roll is recorded, then the die is used.")


def reroll(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    """The Casino re-rolls the die `seat` selects ("After filling in two boxes, you may re-roll the die you
    select in either phase"): at the table, the free die `pick` on this seat's pick, its face the roll's."""
    seat = _seat(game, data)
    sheet, name = game.sheets[seat], game.names[seat]
    was, face, pick = data.get("rerolled_from"), data.get("face"), data.get("pick")
    if sheet.reroll is not None:
        raise SheetError(f"{name} has re-rolled this die already: the Casino re-rolls the die you select once.")
    if game.at_table:
        roll = game.current_roll()
        if position(sheet) != game.position() or roll is None:
            raise TableError(f"{name} has no die of the table's to re-roll now ({game.phase_name()}).")
        if sheet.die == "chosen" and not sheet.pending:
            _check_pick(game, roll, seat, pick, was)
    elif pick is not None:
        raise TableError("These sheets were started before the table's dice: the die re-rolled is the one tapped in.")
    return _with_sheet(game, seat, sheet.re_roll(pick if game.at_table else None, was, face))


def either(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    seat = _seat(game, data)
    return _with_sheet(game, seat, game.sheets[seat].choose_either(data.get("what")))


def free_fill(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    seat = _seat(game, data)
    return _with_sheet(game, seat, game.sheets[seat].free_fill(data.get("track")))


def bonus(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    seat = _seat(game, data)
    return _with_sheet(game, seat, game.sheets[seat].choose_bonus(data.get("bonus"), game.bonuses_taken(but=seat)))


def fish(game: FleetGame, data: Mapping[str, Any]) -> FleetGame:
    seat = _seat(game, data)
    skip, coins = data.get("skip", []), data.get("oyster_coins", [])
    if not isinstance(skip, list) or not isinstance(coins, list):
        raise SheetError("Say which boats skip fishing and which Oyster boats take a coin.")
    return _with_sheet(game, seat, game.sheets[seat].go_fishing([_boat(b) for b in skip], coins,
                                                                skip_needs_room=game.rules_version > EARLIER_RULES))


def fishes_by_itself(game: FleetGame, sheet: Sheet) -> bool:
    """Whether `sheet` goes fishing now with nothing to choose, so with no tap (rules version 3 on): no
    boat may skip fishing for a box (`swordfish_skips`), no Oyster boat may take a coin."""
    choice = sheet.choice()
    return game.rules_version >= FISHING_BY_ITSELF and choice is not None and choice.kind == "fishing" \
        and not sheet.swordfish_skips() and not sheet.oyster_coin_boats()


def _with_sheet(game: FleetGame, seat: int, sheet: Sheet) -> FleetGame:
    while fishes_by_itself(game, sheet):
        sheet = sheet.go_fishing()
    sheets = list(game.sheets)
    sheets[seat] = sheet
    return _without_lost_bonuses(replace(game, sheets=tuple(sheets)))


def _without_lost_bonuses(game: FleetGame) -> FleetGame:
    """A finished King Crab whose bonuses are all taken at the table gets none."""
    sheets = list(game.sheets)
    for i, sheet in enumerate(sheets):
        choice = sheet.choice()
        if choice is not None and choice.kind == "king_crab" and \
                not {b.id for b in sheet.layout.bonuses} - game.bonuses_taken(but=i):
            sheets[i] = sheet.drop_choice()
    return replace(game, sheets=tuple(sheets))


def _roll(game: FleetGame, faces: Any, app: bool) -> FleetGame:
    """The start player rolls the phase's pool (in the app, or the faces of the physical dice)."""
    reason = game.why_no_roll()
    if reason is not None:
        raise TableError(reason)
    where = game.position()
    assert where is not None
    phase = PHASES[where[1]]
    faces = check_faces(phase, len(game.names), faces)
    return replace(game, roll=TableRoll(where[0], phase, faces, (None,) * len(game.names), app))


def _take_table_die(game: FleetGame, seat: int, data: Mapping[str, Any]) -> FleetGame:
    """A die used at the table: the one this seat picks in turn, or the one left for everyone.
    Its face is the roll's (a Casino re-roll: the new face, re-rolled from the roll's)."""
    sheet, roll, name = game.sheets[seat], game.current_roll(), game.names[seat]
    if position(sheet) != game.position():
        raise TableError(f"{name} has used both dice of this phase: wait for the others "
                         f"({game.phase_name()}).")
    if roll is None:
        raise TableError(f"Roll the dice of the {game.phase_name()} first.")
    face, rerolled = data.get("face"), data.get("rerolled_from")
    if data.get("die") == "chosen" and sheet.die == "chosen":
        pick = data.get("pick")  # a die re-rolled with the Casino: its pick (`_check_reroll`)
        _check_pick(game, roll, seat, pick, rerolled if rerolled is not None else face)
        return replace(game, roll=roll.take(seat, pick))
    if data.get("die") == "shared" and sheet.die == "shared":
        if roll.shared is None:
            raise TableError(f"The shared die is the one left once everyone has picked: "
                             f"{game.names[roll.next_picker(game.order())]} picks now.")
        if face != roll.faces[roll.shared] or rerolled is not None:
            raise TableError(f"The shared die shows {FACE_NAMES[roll.faces[roll.shared]]}.")
        return game
    raise SheetError(f"Use {'your' if sheet.die == 'chosen' else 'the shared'} die now.")


def _check_pick(game: FleetGame, roll: TableRoll, seat: int, pick: Any, shown: Any) -> None:
    """TableError unless `seat` picks now, and `pick` is a die of `roll` still free showing `shown`."""
    picker = roll.next_picker(game.order())
    if picker != seat:
        raise TableError(f"It is {game.names[picker]}'s pick now." if picker is not None
                         else "Every player has picked a die already.")
    if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick < len(roll.faces):
        raise TableError(f"Pick one of the {len(roll.faces)} dice rolled.")
    if pick not in roll.free():
        raise TableError(f"{game.names[roll.taken.index(pick)]} took that die already.")
    if shown != roll.faces[pick]:
        raise TableError(f"That die shows {FACE_NAMES[roll.faces[pick]]}.")


def to_play(game: FleetGame, play_id: str, played_at: str) -> Play:
    """The finished game, scored, for the archive."""
    results, winners = score(game.names, game.sheets)
    entry = {"players": [{"name": n, "fish": s.fish, "boats": len(s.launched()), "coins": s.coins,
                          "licenses": dict(s.licenses), "king_crab_bonus": s.bonus, "boxes": dict(s.filled),
                          "fish_on_boats": {k: list(f) for k, f in s.boats.items() if f}}
                         for n, s in zip(game.names, game.sheets)]}
    return Play(play_id, GAME_NAME, played_at, results, winners, entry)
