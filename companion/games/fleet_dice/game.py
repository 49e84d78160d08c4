"""Fleet Dice's session (its page's Sheets): every Fleet Dice sheet on this device, one log for all.

Every fill and every choice is an action, so undo, redo, resume and replay cover the
sheets like everything else. King Crab bonuses are exclusive at the table: one taken
on one sheet cannot be taken on another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.session import Action, Footprint
from companion.games.fleet_dice.layout import BOAT_TYPES, default_layout, track_name
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import Sheet, SheetError, new_sheet

GAME = "fleet-dice"
GAME_NAME = "fleet-dice"  # how plays are filed in the archive
MAX_SHEETS = 4
FACE_NAMES = {"shrimp": "Shrimp", "cod": "Cod", "lobster": "Lobster", "swordfish": "Swordfish",
              "oyster": "Oyster", "coins": "3 Coins", "harbor": "Harbor", "wharf": "Wharf", "market": "Market"}


@dataclass(frozen=True)
class FleetGame:
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]

    @property
    def over(self) -> bool:
        return all(s.over for s in self.sheets)

    def bonuses_taken(self, but: int | None = None) -> set[str]:
        return {s.bonus for i, s in enumerate(self.sheets) if s.bonus and i != but}


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
        return FleetGame(tuple(names), tuple(sheets))

    def footprint(self, action: Action) -> Footprint:
        """One player's sheet; a King Crab bonus is one per table, so choosing one touches every sheet."""
        if action.type == "bonus":
            return Footprint(reads=(("sheet",),), writes=(("sheet",),))
        sheet = ("sheet", action.data.get("seat"))
        return Footprint(reads=(sheet,), writes=(sheet,))

    def apply(self, game: FleetGame, action: Action) -> FleetGame:
        data = action.data
        seat = _seat(game, data)
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


RULES = FleetRules()


# Action builders: labels say what the tap did ---------------------------------------------

def _who(game: FleetGame, seat: int) -> str:
    return game.names[seat]


def _box(sheet: Sheet, track: str) -> str:
    index = sheet.next_box(track)
    return f"{track_name(sheet.layout, track)} box {index + 1}" if index is not None else track_name(sheet.layout, track)


def use_die(game: FleetGame, seat: int, die: str, face: str, how: str = "normal", target: str | None = None,
            second: str | None = None, rerolled_from: str | None = None) -> Action:
    sheet = game.sheets[seat]
    which = "your die" if die == "chosen" else "the shared die"
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
                          "licenses": dict(s.licenses), "king_crab_bonus": s.bonus, "boxes": dict(s.filled)}
                         for n, s in zip(game.names, game.sheets)]}
    return Play(play_id, GAME_NAME, played_at, results, winners, entry)


def legal_actions(game: FleetGame, seat: int, faces: Sequence[str] | None = None) -> list[Action]:
    """Every action the rules allow on a sheet now (for dice: the `faces` rolled, else any)."""
    from companion.games.fleet_dice.sheet import BOAT_FACES, FACES

    sheet = game.sheets[seat]
    if sheet.over:
        return []
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
    actions = []
    targets = sheet.gold_targets()
    for face in faces or (BOAT_FACES if sheet.phase == "boat" else FACES):
        for how in sheet.ways_to_use(face, sheet.die):
            if how in ("salvage", "any_box"):
                actions += [use_die(game, seat, sheet.die, face, how, t) for t in targets]
            elif how == "any_type":
                actions += [use_die(game, seat, sheet.die, face, how, t) for t in BOAT_TYPES if sheet.next_box(t) is not None]
            elif how == "double":
                actions += [use_die(game, seat, sheet.die, face, how, t, targets[-1])
                            for t in BOAT_TYPES if sheet.next_box(t) is not None]
            elif how == "normal" and face in ("harbor", "wharf"):
                from companion.games.fleet_dice.layout import HARBOR, WHARF

                area = HARBOR if face == "harbor" else WHARF
                actions += [use_die(game, seat, sheet.die, face, how, t) for t in area if sheet.next_box(t) is not None]
            elif how == "normal" and face in BOAT_TYPES and sheet.next_box(face) is None:
                continue
            else:
                actions.append(use_die(game, seat, sheet.die, face, how))
    return actions
