"""Fleet Dice's session (its page's Sheets): every player's sheet and the table's dice, one log for all.

Every roll, fill and choice is an action, so undo, redo, resume and replay cover the
sheets like everything else. King Crab bonuses are exclusive at the table: one taken
on one sheet cannot be taken on another. The table's round (table.py): each phase's
roll, taken one die at a time from the start player clockwise, the die left shared by
all. Sheets kept before table rounds (no start player in their set-up) go on as they
were: each sheet on its own, its dice tapped in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    HARBOR,
    WHARF,
    default_layout,
    track_name,
)
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import Sheet, SheetError, new_sheet
from companion.games.fleet_dice.table import (
    PHASES,
    TableError,
    TableRoll,
    check_faces,
    pick_order,
    position,
    start_player,
)

GAME = "fleet-dice"
GAME_NAME = "fleet-dice"  # how plays are filed in the archive
MAX_SHEETS = 4
FACE_NAMES = {"shrimp": "Shrimp", "cod": "Cod", "lobster": "Lobster", "swordfish": "Swordfish",
              "oyster": "Oyster", "coins": "3 Coins", "harbor": "Harbor", "wharf": "Wharf", "market": "Market"}


@dataclass(frozen=True)
class FleetGame:
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    start: int | None = None  # the first round's start player; None: sheets kept before table rounds
    roll: TableRoll | None = None  # the latest roll of the table's dice

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
        return start_player(self.start, where[0], len(self.names))

    def order(self) -> tuple[int, ...]:
        """The seats in this phase's picking order (start player first, then clockwise)."""
        start = self.start_player()
        return () if start is None else pick_order(start, len(self.names))

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
            if sheet.choice() is not None:
                return f"First {self.names[i]}: {sheet.what_now()}"
        return None

    def acting(self) -> int | None:
        """Who the table waits for now: the first (in picking order) with a choice to make (what
        they just filled asks it), else the player picking, else the first with the shared die
        to use, else the start player, who rolls."""
        where = self.position()
        if where is None or self.start is None:
            return None
        order = self.order()
        choosing = [i for i in order if self.sheets[i].choice() is not None]
        if choosing:
            return choosing[0]
        picker = self.picker()
        if picker is not None:
            return picker
        if self.current_roll() is not None:
            return next(i for i in order if position(self.sheets[i]) == where)
        return self.start_player()

    def phase_name(self) -> str:
        where = self.position()
        return "" if where is None else f"round {where[0]}, {PHASES[where[1]]} phase"


def _seat(game: FleetGame, data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(game.sheets):
        raise DomainError(f"There is no sheet {seat!r} on this device.")
    return seat


def _boat(value: Any) -> tuple[str, int]:
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int)):
        raise SheetError("A boat is named by its kind and number.")
    return value[0], value[1]


class FleetRules:
    game = GAME
    title = "Fleet Dice sheets"

    def initial_state(self, setup: Mapping[str, Any]) -> FleetGame:
        players = setup.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_SHEETS:
            raise DomainError(f"Start 1 to {MAX_SHEETS} Fleet Dice sheets.")
        names, sheets = [], []
        for p in players:
            if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
                raise DomainError("Each sheet needs a player's name.")
            names.append(p["name"].strip())
            sheets.append(new_sheet(p.get("start"), default_layout()))
        if len({n.casefold() for n in names}) != len(names):
            raise DomainError("Each player has one sheet.")
        start = setup.get("start_player")
        if start is not None and (not isinstance(start, int) or isinstance(start, bool)
                                  or not 0 <= start < len(names)):
            raise DomainError(f"The start player is one of the {len(names)} seats, not {start!r}.")
        return FleetGame(tuple(names), tuple(sheets), start)

    def footprint(self, action: Action) -> Footprint:
        """One player's sheet; a King Crab bonus is one per table, so choosing one touches every sheet.
        The table's dice: a roll needs every sheet ready; a pick takes a die from the table; the
        shared die only reads which die was left, so players use it at the same moment."""
        if action.type == "bonus":
            return Footprint(reads=(("sheet",),), writes=(("sheet",),))
        if action.type == "roll":
            return Footprint(reads=(("sheet",), ("table",)), writes=(("table",),))
        sheet = ("sheet", action.data.get("seat"))
        if action.type == "use" and "pick" in action.data:
            return Footprint(reads=(sheet, ("table",)), writes=(sheet, ("table",)))
        if action.type == "use" and action.data.get("die") == "shared":
            return Footprint(reads=(sheet, ("table",)), writes=(sheet,))
        return Footprint(reads=(sheet,), writes=(sheet,))

    def apply(self, game: FleetGame, action: Action) -> FleetGame:
        data = action.data
        if action.type == "roll":
            return _roll(game, data.get("faces"))
        seat = _seat(game, data)
        if action.type == "use" and game.at_table:
            game = _take_table_die(game, seat, data)
        sheet = game.sheets[seat]
        kind = action.type
        if kind == "use":
            sheet = sheet.use(data.get("die"), data.get("face"), data.get("how", "normal"), data.get("target"),
                              data.get("second"), data.get("rerolled_from"))
        elif kind == "either":
            sheet = sheet.choose_either(data.get("what"))
        elif kind == "free_fill":
            sheet = sheet.free_fill(data.get("track"))
        elif kind == "bonus":
            sheet = sheet.choose_bonus(data.get("bonus"), game.bonuses_taken(but=seat))
        elif kind == "fish":
            skip, coins = data.get("skip", []), data.get("oyster_coins", [])
            if not isinstance(skip, list) or not isinstance(coins, list):
                raise SheetError("Say which boats skip fishing and which Oyster boats take a coin.")
            sheet = sheet.go_fishing([_boat(b) for b in skip], coins)
        else:
            raise DomainError(f"The Fleet Dice sheet does not know the action {kind!r}.")
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


def _roll(game: FleetGame, faces: Any) -> FleetGame:
    """The start player rolls the phase's pool (in the app, or the faces of the physical dice)."""
    reason = game.why_no_roll()
    if reason is not None:
        raise TableError(reason)
    where = game.position()
    assert where is not None
    phase = PHASES[where[1]]
    faces = check_faces(phase, len(game.names), faces)
    return replace(game, roll=TableRoll(where[0], phase, faces, (None,) * len(game.names)))


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
        pick = data.get("pick")
        picker = roll.next_picker(game.order())
        if picker != seat:
            raise TableError(f"It is {game.names[picker]}'s pick now." if picker is not None
                             else "Every player has picked a die already.")
        if not isinstance(pick, int) or isinstance(pick, bool) or not 0 <= pick < len(roll.faces):
            raise TableError(f"Pick one of the {len(roll.faces)} dice rolled.")
        if pick not in roll.free():
            raise TableError(f"{game.names[roll.taken.index(pick)]} took that die already.")
        shown = rerolled if rerolled is not None else face
        if shown != roll.faces[pick]:
            raise TableError(f"That die shows {FACE_NAMES[roll.faces[pick]]}.")
        return replace(game, roll=roll.take(seat, pick))
    if data.get("die") == "shared" and sheet.die == "shared":
        if roll.shared is None:
            raise TableError(f"The shared die is the one left once everyone has picked: "
                             f"{game.names[roll.next_picker(game.order())]} picks now.")
        if face != roll.faces[roll.shared] or rerolled is not None:
            raise TableError(f"The shared die shows {FACE_NAMES[roll.faces[roll.shared]]}.")
        return game
    raise SheetError(f"Use {'your' if sheet.die == 'chosen' else 'the shared'} die now.")


RULES = FleetRules()


# Action builders: labels say what the tap did ---------------------------------------------

def _who(game: FleetGame, seat: int) -> str:
    return game.names[seat]


def _box(sheet: Sheet, track: str) -> str:
    index = sheet.next_box(track)
    return f"{track_name(sheet.layout, track)} box {index + 1}" if index is not None else track_name(sheet.layout, track)


def roll_dice(game: FleetGame, faces: Sequence[str]) -> Action:
    """The table's roll of this phase's pool."""
    where = game.position()
    phase = PHASES[where[1]] if where else "boat"
    shown = ", ".join(FACE_NAMES.get(f, str(f)) for f in faces)
    return Action("roll", {"faces": list(faces)}, f"{phase.capitalize()} dice of round {where[0] if where else '?'}: {shown}")


def use_die(game: FleetGame, seat: int, die: str, face: str, how: str = "normal", target: str | None = None,
            second: str | None = None, rerolled_from: str | None = None, pick: int | None = None) -> Action:
    sheet = game.sheets[seat]
    which = "takes a die" if pick is not None else "your die" if die == "chosen" else "the shared die"
    shown = FACE_NAMES.get(face, face)
    if how == "income":
        what = "take income"
    elif how in ("salvage", "any_box", "any_type") or (how == "normal" and target):
        what = f"fill {_box(sheet, target)}" if target in sheet.filled else "fill a box"
        what = {"salvage": "Salvage Yard: ", "any_box": "Shrimp license: ", "any_type": "Shrimp license: "}.get(
            how, "") + what
    elif how == "double":
        what = f"Shrimp license: fill {_box(sheet, target)} and {_box(sheet, second)}" \
            if target in sheet.filled and second in sheet.filled else "Shrimp license"
    elif face in BOAT_TYPES:
        what = f"fill {_box(sheet, face)}"
    elif face == "coins":
        what = "take 3 coins"
    else:
        what = "go to the market"
    reroll = f" (Casino re-roll of {FACE_NAMES.get(rerolled_from, rerolled_from)})" if rerolled_from else ""
    data = {"seat": seat, "die": die, "face": face, "how": how}
    data.update({k: v for k, v in (("target", target), ("second", second), ("rerolled_from", rerolled_from)) if v})
    if pick is not None:
        data["pick"] = pick
    return Action("use", data, f"{_who(game, seat)}: {which}, {shown}{reroll}: {what}")


def choose_either(game: FleetGame, seat: int, what: str) -> Action:
    choice = game.sheets[seat].choice()
    boat_type = track_name(game.sheets[seat].layout, choice.boat_type) if choice and choice.boat_type else ""
    words = f"launch a {boat_type} boat" if what == "boat" else f"activate a {boat_type} license"
    return Action("either", {"seat": seat, "what": what}, f"{_who(game, seat)}: {words}")


def free_fill(game: FleetGame, seat: int, track: str) -> Action:
    sheet = game.sheets[seat]
    reason = "Swordfish license" if sheet.choice() and sheet.choice().kind == "swordfish" else "G"
    return Action("free_fill", {"seat": seat, "track": track}, f"{_who(game, seat)}: {reason}: fill {_box(sheet, track)}")


def choose_bonus(game: FleetGame, seat: int, bonus: str) -> Action:
    name = next((b.name for b in game.sheets[seat].layout.bonuses if b.id == bonus), bonus)
    return Action("bonus", {"seat": seat, "bonus": bonus}, f"{_who(game, seat)}: King Crab bonus {name}")


def go_fishing(game: FleetGame, seat: int, skip: Sequence[tuple[str, int]] = (),
               oyster_coins: Sequence[int] = ()) -> Action:
    return Action("fish", {"seat": seat, "skip": [list(b) for b in skip], "oyster_coins": list(oyster_coins)},
                  f"{_who(game, seat)}: go fishing")


def to_play(game: FleetGame, play_id: str, played_at: str) -> Play:
    """The finished game, scored, for the archive."""
    results, winners = score(game.names, game.sheets)
    entry = {"players": [{"name": n, "fish": s.fish, "boats": len(s.launched()), "coins": s.coins,
                          "licenses": dict(s.licenses), "king_crab_bonus": s.bonus, "boxes": dict(s.filled),
                          "fish_on_boats": {k: list(f) for k, f in s.boats.items() if f}}
                         for n, s in zip(game.names, game.sheets)]}
    return Play(play_id, GAME_NAME, played_at, results, winners, entry)


def table_dice(game: FleetGame, seat: int) -> list[tuple[int | None, str]]:
    """The table's dice `seat` may use now, as (pick, face): a free die on their pick (pick is
    its place in the roll), the die left for everyone (pick None) once all have picked."""
    sheet, roll = game.sheets[seat], game.current_roll()
    if roll is None or sheet.choice() is not None or position(sheet) != game.position():
        return []
    if sheet.die == "chosen":
        return [(i, roll.faces[i]) for i in roll.free()] if game.picker() == seat else []
    return [] if roll.shared is None else [(None, roll.faces[roll.shared])]


def legal_actions(game: FleetGame, seat: int, faces: Sequence[str] | None = None) -> list[Action]:
    """Every action the rules allow on a sheet now (for dice: the table's, else the `faces`
    rolled, else any)."""
    from companion.games.fleet_dice.sheet import BOAT_FACES, FACES

    sheet = game.sheets[seat]
    if sheet.over:
        return []
    if game.at_table and sheet.choice() is None:
        return [a for pick, face in table_dice(game, seat) for a in _dice_actions(game, seat, [face], pick)]
    choice = sheet.choice()
    if choice is not None:
        if choice.kind == "either":
            return [choose_either(game, seat, w) for w in ("boat", "license")]
        if choice.kind == "gold":
            return [free_fill(game, seat, t) for t in sheet.gold_targets()]
        if choice.kind == "swordfish":
            return [free_fill(game, seat, t) for t in sheet.swordfish_targets()]
        if choice.kind == "king_crab":
            taken = game.bonuses_taken(but=seat)
            return [choose_bonus(game, seat, b.id) for b in sheet.layout.bonuses if b.id not in taken]
        options = [go_fishing(game, seat)]
        sword = sheet.licenses["swordfish"]
        room = [b for b in sheet.launched() if not sheet.full(*b)]
        if sword and room:
            options.append(go_fishing(game, seat, skip=room[:sheet.layout.swordfish_boats[sword - 1]]))
        if sheet.oyster_coin_boats():
            options.append(go_fishing(game, seat, oyster_coins=sheet.oyster_coin_boats()))
        return options
    return _dice_actions(game, seat, faces or (BOAT_FACES if sheet.phase == "boat" else FACES))


def _dice_actions(game: FleetGame, seat: int, faces: Sequence[str], pick: int | None = None) -> list[Action]:
    """Every way the sheet may use its next die showing one of `faces` (the table's die `pick`)."""
    sheet = game.sheets[seat]
    actions = []
    targets = sheet.gold_targets()
    for face in faces:
        def use(how: str, target: str | None = None, second: str | None = None) -> Action:
            return use_die(game, seat, sheet.die, face, how, target, second, pick=pick)

        for how in sheet.ways_to_use(face, sheet.die):
            if how in ("salvage", "any_box"):
                actions += [use(how, t) for t in targets]
            elif how == "any_type":
                actions += [use(how, t) for t in BOAT_TYPES if sheet.next_box(t) is not None]
            elif how == "double":
                actions += [use(how, t, targets[-1])
                            for t in BOAT_TYPES if sheet.next_box(t) is not None]
            elif how == "normal" and face in ("harbor", "wharf"):
                area = HARBOR if face == "harbor" else WHARF
                actions += [use(how, t) for t in area if sheet.next_box(t) is not None]
            elif how == "normal" and face in BOAT_TYPES and sheet.next_box(face) is None:
                continue
            else:
                actions.append(use(how))
    return actions
