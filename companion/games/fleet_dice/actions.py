"""Fleet Dice's actions as the screens build them from taps, each labelled with what it did
("Ana: takes a die, Cod: fill Cod box 4"), and every action the rules allow on a sheet now."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.words import a, count
from companion.games.fleet_dice.game import EARLIER_RULES, FACE_NAMES, FleetGame, fishes_by_itself
from companion.games.fleet_dice.layout import BOAT_TYPES, HARBOR, WHARF, track_name
from companion.games.fleet_dice.sheet import Sheet
from companion.games.fleet_dice.sheet_terms import BOAT_FACES, FACES, TOWN_FACES
from companion.games.fleet_dice.table import PHASES, pool, position


def _who(game: FleetGame, seat: int) -> str:
    return game.names[seat]


def _box(sheet: Sheet, track: str) -> str:
    index = sheet.next_box(track)
    return f"{track_name(sheet.layout, track)} box {index + 1}" if index is not None else track_name(sheet.layout, track)


def _then_fishing(game: FleetGame, seat: int, action: Action, after: Callable[[Sheet], Sheet]) -> Action:
    """`action`, its words saying so when its sheet then goes fishing by itself (`game.fishes_by_itself`):
    "Ana: the shared die, Cod: fill Cod box 4; fishing, nothing to choose: 3 fish caught". `after` is what
    the move does to the sheet (a move the rules refuse keeps its words: the refusal is said when it is made)."""
    try:
        sheet = after(game.sheets[seat])
    except DomainError:
        return action
    if not fishes_by_itself(game, sheet):
        return action
    caught = sum(map(sum, sheet.go_fishing().boats.values())) - sum(map(sum, sheet.boats.values()))
    return replace(action, label=f"{action.label}; fishing, nothing to choose: {count(caught, 'fish', 'fish')} caught")


def roll_dice(game: FleetGame, faces: Sequence[str], app: bool = False) -> Action:
    """The table's roll of this phase's pool (`app`: with the app's dice, the next phases' then roll by
    themselves)."""
    return Action("roll", {"faces": list(faces), **({"app": True} if app else {})}, rolled_words(game, faces))


def rolled_words(game: FleetGame, faces: Sequence[str]) -> str:
    """'Town dice of round 2: Cod, Harbor, 3 Coins, Shrimp'."""
    where = game.position()
    phase = PHASES[where[1]] if where else "boat"
    shown = ", ".join(FACE_NAMES.get(f, str(f)) for f in faces)
    return f"{phase.capitalize()} dice of round {where[0] if where else '?'}: {shown}"


def app_roll(game: FleetGame, rng: random.Random) -> list[str]:
    """The faces of this phase's pool rolled with `rng`."""
    return [rng.choice(die) for die in pool(PHASES[game.position()[1]], len(game.names))]


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
    return _then_fishing(game, seat, Action("use", data, f"{_who(game, seat)}: {which}, {shown}{reroll}: {what}"),
                         lambda sheet: sheet.use(die, face, how, target, second, rerolled_from))


def casino_reroll(game: FleetGame, seat: int, was: str, face: str, pick: int | None = None) -> Action:
    """The Casino re-rolls the die `seat` selected (the table's die `pick`, showing `was`) to `face`, for
    every phone to see: 'Ana: Casino re-roll of die 2, Shrimp: now Cod'."""
    which = f"die {pick + 1}, " if isinstance(pick, int) else ""
    data: dict = {"seat": seat, "rerolled_from": was, "face": face}
    if pick is not None:
        data["pick"] = pick
    return Action("reroll", data, f"{_who(game, seat)}: Casino re-roll of {which}{FACE_NAMES.get(was, was)}: "
                                  f"now {FACE_NAMES.get(face, face)}")


def reroll_with(game: FleetGame, seat: int, was: str, rng, pick: int | None = None) -> Action:
    """`casino_reroll` with the new face rolled by `rng`: a boat die shows a boat face again, a town die a
    town face."""
    return casino_reroll(game, seat, was, rng.choice(BOAT_FACES if was in BOAT_FACES else TOWN_FACES), pick)


def choose_either(game: FleetGame, seat: int, what: str) -> Action:
    choice = game.sheets[seat].choice()
    boat_type = track_name(game.sheets[seat].layout, choice.boat_type) if choice and choice.boat_type else ""
    words = f"launch {a(boat_type)} boat" if what == "boat" else f"activate {a(boat_type)} license"
    return _then_fishing(game, seat, Action("either", {"seat": seat, "what": what}, f"{_who(game, seat)}: {words}"),
                         lambda sheet: sheet.choose_either(what))


def free_fill(game: FleetGame, seat: int, track: str) -> Action:
    sheet = game.sheets[seat]
    reason = "Swordfish license" if sheet.choice() and sheet.choice().kind == "swordfish" else "G"
    return _then_fishing(game, seat, Action("free_fill", {"seat": seat, "track": track},
                                            f"{_who(game, seat)}: {reason}: fill {_box(sheet, track)}"),
                         lambda sheet: sheet.free_fill(track))


def choose_bonus(game: FleetGame, seat: int, bonus: str) -> Action:
    name = next((b.name for b in game.sheets[seat].layout.bonuses if b.id == bonus), bonus)
    return _then_fishing(game, seat, Action("bonus", {"seat": seat, "bonus": bonus},
                                            f"{_who(game, seat)}: King Crab bonus {name}"),
                         lambda sheet: sheet.choose_bonus(bonus, game.bonuses_taken(but=seat)))


def go_fishing(game: FleetGame, seat: int, skip: Sequence[tuple[str, int]] = (),
               oyster_coins: Sequence[int] = ()) -> Action:
    return Action("fish", {"seat": seat, "skip": [list(b) for b in skip], "oyster_coins": list(oyster_coins)},
                  f"{_who(game, seat)}: go fishing")


def table_dice(game: FleetGame, seat: int) -> list[tuple[int | None, str]]:
    """The table's dice `seat` may use now, as (pick, face): a free die on their pick (pick is
    its place in the roll), the die left for everyone (pick None) once all have picked."""
    sheet, roll = game.sheets[seat], game.current_roll()
    if roll is None or sheet.choice() is not None or position(sheet) != game.position():
        return []
    if sheet.die == "chosen" and sheet.reroll is not None:  # re-rolled with the Casino: that die, its new face
        return [(sheet.reroll.pick, sheet.reroll.face)] if game.picker() == seat else []
    if sheet.die == "chosen":
        return [(i, roll.faces[i]) for i in roll.free()] if game.picker() == seat else []
    return [] if roll.shared is None else [(None, roll.faces[roll.shared])]


def legal_actions(game: FleetGame, seat: int, faces: Sequence[str] | None = None) -> list[Action]:
    """Every action the rules allow on a sheet now (for dice: the table's, else the `faces`
    rolled, else any)."""
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
        skips = sheet.swordfish_skips() if game.rules_version > EARLIER_RULES else \
            sheet.layout.swordfish_boats[sword - 1] if sword else 0
        if sword and room and skips:
            options.append(go_fishing(game, seat, skip=room[:skips]))
        if sheet.oyster_coin_boats():
            options.append(go_fishing(game, seat, oyster_coins=sheet.oyster_coin_boats()))
        return options
    if sheet.reroll is not None:
        return _dice_actions(game, seat, [sheet.reroll.face])
    return _dice_actions(game, seat, faces or (BOAT_FACES if sheet.phase == "boat" else FACES))


def _dice_actions(game: FleetGame, seat: int, faces: Sequence[str], pick: int | None = None) -> list[Action]:
    """Every way the sheet may use its next die showing one of `faces` (the table's die `pick`; a die
    re-rolled with the Casino: that one)."""
    sheet = game.sheets[seat]
    actions = []
    targets = sheet.gold_targets()
    rerolled = sheet.reroll.was if sheet.reroll is not None and sheet.die == "chosen" else None
    for face in faces:
        def use(how: str, target: str | None = None, second: str | None = None) -> Action:
            return use_die(game, seat, sheet.die, face, how, target, second, rerolled, pick)

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
