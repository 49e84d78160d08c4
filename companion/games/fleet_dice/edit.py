"""Editing a saved Fleet Dice play (History's Edit): each player's final sheet, corrected by taps.

A correction is of the final state, not a replay of the game: how many boxes of each
track are filled (the golden rule holds because a track is only a count), each boat
type's licenses, which boats are launched and the fish on each, and the King Crab
bonus (one per table, and only on a finished King Crab). Every correction is an
action, so it can be undone; saving re-scores the play (rules: Game End) and replaces
it in the archive.

Plays saved before boats were kept ("fish_on_boats") hold only totals; their boats are
estimated from the boxes and the layout's activation symbols, and the state says so,
so the screen can ask the player to check them against the paper sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.table.seats import read_players, seat_named
from companion.core.words import count, noun
from companion.games.fleet_dice import game as fleet
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    COINS,
    SALVAGE_USES,
    Layout,
    default_layout,
    track_name,
)
from companion.games.fleet_dice.sheet import BOAT_KINDS, Sheet

GAME = "fleet-dice-edit"
LICENSES = 3  # licenses of each boat type on the sheet (rules: Licenses and Boats, "the third license")


@dataclass(frozen=True)
class Estimate:
    """A player's boats rebuilt from an older play, and what that play said, to compare."""

    boats: int | None  # launched boats the saved play counted (None: it did not say)
    fish: int | None


@dataclass(frozen=True)
class EditState:
    names: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    play_id: str | None = None  # the archived play being corrected
    estimates: tuple[Estimate | None, ...] = ()  # per seat: boats estimated (None: as saved)

    def estimate(self, seat: int) -> Estimate | None:
        return self.estimates[seat] if seat < len(self.estimates) else None

    def bonus_holder(self, bonus: str, but: int | None = None) -> str | None:
        """Who (other than seat `but`) took King Crab bonus `bonus`."""
        return next((n for i, (n, s) in enumerate(zip(self.names, self.sheets)) if i != but and s.bonus == bonus),
                    None)


# Reading the sheet ------------------------------------------------------------------------

def boats_available(layout: Layout, kind: str) -> int:
    """How many boats of `kind` the sheet has."""
    if kind in layout.boat_types:
        return len(layout.boat_types[kind].boats)
    if kind == "barge":
        return 1
    return len(layout.harbor[kind].boats)


def boat_name(layout: Layout, kind: str, index: int) -> str:
    """'Cod boat 2', 'King Crab boat 1', 'Barge'."""
    return "Barge" if kind == "barge" else f"{track_name(layout, kind)} boat {index + 1}"


def track_words(layout: Layout, track: str) -> str:
    """What a track's count is called: 'Cod boxes', 'coins', 'Salvage Yard uses'."""
    if track == COINS:
        return "coins"
    if track == SALVAGE_USES:
        return "Salvage Yard uses"
    return f"{track_name(layout, track)} boxes"


def symbols_filled(layout: Layout, boat_type: str, filled: int) -> tuple[int, int, int]:
    """The boat, license and either symbols beside the first `filled` boxes of a boat type's track."""
    symbols = layout.boat_types[boat_type].track[:filled]
    return symbols.count("boat"), symbols.count("license"), symbols.count("either")


def harbor_boats(layout: Layout, kind: str, filled: int) -> int:
    """The King Crab, Inuit or Barge boats `filled` boxes of its track launch (no choice is involved)."""
    spec = layout.harbor[kind]
    if kind == "barge":
        return 1 if filled >= (spec.complete or spec.boxes) else 0
    return min(len(spec.boats), sum(1 for n in spec.launch if n <= filled))


def checks(sheet: Sheet) -> list[str]:
    """What on a corrected sheet the rules could not have produced, in words (hints, not refusals:
    the paper sheet is what the player copies)."""
    layout, found = sheet.layout, []
    for t in BOAT_TYPES:
        n, name = sheet.filled[t], track_name(layout, t)
        b, lic, e = symbols_filled(layout, t, n)
        boats, licenses, most_boats = len(sheet.boats[t]), sheet.licenses[t], boats_available(layout, t)
        low, high = min(b, most_boats), min(b + e, most_boats)
        if not low <= boats <= high:
            found.append(f"{name}: {count(n, 'box', 'boxes')} launch {_range(low, high)} {noun(high, 'boat')}, but {boats} "
                         f"{'is' if boats == 1 else 'are'} launched.")
        low, high = min(lic, LICENSES), min(lic + e, LICENSES)
        if not low <= licenses <= high:
            found.append(f"{name}: {count(n, 'box', 'boxes')} activate {_range(low, high)} {noun(high, 'license')}, "
                         f"but the sheet has {licenses}.")
        elif boats + licenses > b + lic + e:
            found.append(f"{name}: {count(n, 'box', 'boxes')} give {b + lic + e} boats and licenses in all, but the sheet has "
                         f"{boats + licenses}.")
    for h in ("king_crab", "inuit", "barge"):
        expected, boats = harbor_boats(layout, h, sheet.filled[h]), len(sheet.boats[h])
        if boats != expected:
            found.append(f"{track_name(layout, h)}: {count(sheet.filled[h], 'box', 'boxes')} launch {count(expected, 'boat')}, "
                         f"but {boats} "
                         f"{'is' if boats == 1 else 'are'} launched.")
    return found


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


# Rebuilding a saved play ------------------------------------------------------------------

def _whole(value: Any, what: str, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise DomainError(f"{what} must be a whole number from 0 to {most}, not {value!r}.")
    return value


def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise DomainError(f"{what} should be a table of names and numbers, not {value!r}.")
    return value


def rebuild(name: str, player: Mapping[str, Any], layout: Layout) -> tuple[Sheet, Estimate | None]:
    """One entry player's final sheet (and how its boats were estimated, if they were)."""
    boxes = _mapping(player.get("boxes"), f"{name}'s boxes")
    filled = {t: 0 for t in layout.tracks}
    for track, filled_boxes in boxes.items():
        if track not in filled:
            raise DomainError(f"{name}'s saved sheet has a {track!r} track, which this sheet does not have.")
        filled[track] = _whole(filled_boxes, f"{name}'s {track_words(layout, track)}", layout.track_length(track))
    licenses = {t: 0 for t in BOAT_TYPES}
    for boat_type, level in _mapping(player.get("licenses"), f"{name}'s licenses").items():
        if boat_type not in licenses:
            raise DomainError(f"{name}'s saved sheet has licenses of {boat_type!r}, which is not a boat type.")
        licenses[boat_type] = _whole(level, f"{name}'s {track_name(layout, boat_type)} licenses", LICENSES)
    bonus = player.get("king_crab_bonus")
    if bonus is not None and bonus not in [b.id for b in layout.bonuses]:  # a list: a damaged file's [] is refused
        raise DomainError(f"{name}'s King Crab bonus {bonus!r} is not one of "
                          f"{', '.join(b.id for b in layout.bonuses)}.")
    sheet = Sheet(layout, filled, licenses, {k: () for k in BOAT_KINDS}, bonus, round=layout.rounds, phase="over")
    if bonus is not None and not sheet.complete("king_crab"):
        sheet = replace(sheet, bonus=None)  # an unfinished King Crab scores no bonus
    if "fish_on_boats" in player:
        return _with_boats(sheet, _mapping(player["fish_on_boats"], f"{name}'s boats"), name), None
    return _estimated_boats(sheet, player.get("fish")), Estimate(_count_or_none(player.get("boats")),
                                                                  _count_or_none(player.get("fish")))


def _count_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _with_boats(sheet: Sheet, fish_on_boats: Mapping[str, Any], name: str) -> Sheet:
    layout = sheet.layout
    boats = dict(sheet.boats)
    for kind, fish in fish_on_boats.items():
        if kind not in boats:
            raise DomainError(f"{name}'s saved sheet has {kind!r} boats, which this sheet does not have.")
        most = boats_available(layout, kind)
        if not isinstance(fish, list) or len(fish) > most:
            raise DomainError(f"{name}'s {track_name(layout, kind)} boats should be a list of at most {most}.")
        boats[kind] = tuple(fish)
    sheet = replace(sheet, boats=boats)
    for kind, i in sheet.launched():
        _whole(sheet.boats[kind][i], f"The fish on {name}'s {boat_name(layout, kind, i)}", sheet.capacity(kind, i))
    return sheet


def _estimated_boats(sheet: Sheet, fish: Any) -> Sheet:
    """Boats from the filled boxes' symbols (an 'either' went to a license only as far as the licenses
    say), the Harbor tracks' launch boxes, and the saved fish spread onto launched boats in order."""
    layout, counts = sheet.layout, {}
    for t in BOAT_TYPES:
        b, lic, e = symbols_filled(layout, t, sheet.filled[t])
        to_licenses = min(e, max(0, sheet.licenses[t] - min(lic, LICENSES)))
        counts[t] = min(boats_available(layout, t), b + e - to_licenses)
    for h in ("king_crab", "inuit", "barge"):
        counts[h] = harbor_boats(layout, h, sheet.filled[h])
    sheet = replace(sheet, boats={k: (0,) * counts.get(k, 0) for k in BOAT_KINDS})
    left = _count_or_none(fish) or 0
    boats = {k: list(v) for k, v in sheet.boats.items()}
    for kind, i in sheet.launched():
        boats[kind][i] = min(left, sheet.capacity(kind, i))
        left -= boats[kind][i]
    return replace(sheet, boats={k: tuple(v) for k, v in boats.items()})


# The rules -----------------------------------------------------------------------------

def _seat(state: EditState, data: Mapping[str, Any]) -> int:
    return seat_named(data, len(state.sheets))


def _boat_kind(layout: Layout, value: Any) -> str:
    if value not in BOAT_KINDS:
        raise DomainError(f"There are no {value!r} boats on the sheet; the boats are "
                          f"{', '.join(track_name(layout, k) for k in BOAT_KINDS)}.")
    return value


def new_correction(setup: Mapping[str, Any]) -> EditState:
    """Each player's final sheet, rebuilt from the saved play's entry (`setup["entry"]`)."""
    entry = setup.get("entry")
    if not isinstance(entry, Mapping) or not isinstance(entry.get("players"), list) or not entry["players"]:
        raise DomainError("Open a saved Fleet Dice play in History to correct it.")
    players = read_players(entry["players"], 1, fleet.MAX_SHEETS, "Fleet Dice", "entry.players",
                           longest=None)  # as filed: a BG Stats file may have brought longer names
    layout = default_layout()
    names, sheets, estimates = [], [], []
    for player in players:
        sheet, estimate = rebuild(player.name, player.doc, layout)
        names.append(player.name)
        sheets.append(sheet)
        estimates.append(estimate)
    bonuses = [s.bonus for s in sheets if s.bonus]
    if len(set(bonuses)) != len(bonuses):
        raise DomainError("Two players of the saved play took the same King Crab bonus; each bonus is one "
                          "player's.")
    play_id = setup.get("play_id")
    return EditState(tuple(names), tuple(sheets), play_id if isinstance(play_id, str) else None, tuple(estimates))


def _corrected(state: EditState, seat: int, sheet: Sheet) -> EditState:
    sheets = list(state.sheets)
    sheets[seat] = sheet
    return replace(state, sheets=tuple(sheets))


def set_box_count(state: EditState, data: Mapping[str, Any]) -> EditState:
    seat = _seat(state, data)
    sheet, who = state.sheets[seat], state.names[seat]
    track = data.get("track")
    if not isinstance(track, str) or track not in sheet.filled:
        raise DomainError(f"There is no {track!r} track on the sheet.")
    count = _whole(data.get("count"), f"{who}'s {track_words(sheet.layout, track)}", sheet.layout.track_length(track))
    sheet = replace(sheet, filled={**sheet.filled, track: count})
    if not sheet.complete("king_crab"):
        sheet = replace(sheet, bonus=None)  # its bonus goes with a finished King Crab
    return _corrected(state, seat, sheet)


def set_license_level(state: EditState, data: Mapping[str, Any]) -> EditState:
    seat = _seat(state, data)
    sheet, who = state.sheets[seat], state.names[seat]
    layout = sheet.layout
    boat_type = data.get("boat_type")
    if boat_type not in BOAT_TYPES:
        raise DomainError(f"Licenses are of a boat type: {', '.join(BOAT_TYPES)}; not {boat_type!r}.")
    level = _whole(data.get("level"), f"{who}'s {track_name(layout, boat_type)} licenses", LICENSES)
    changed = replace(sheet, licenses={**sheet.licenses, boat_type: level})
    for boat, i in changed.launched():
        if changed.boats[boat][i] > changed.capacity(boat, i):
            raise DomainError(f"{who}'s {boat_name(layout, boat, i)} has {changed.boats[boat][i]} fish; with "
                              f"{level} {track_name(layout, boat_type)} {noun(level, 'license')} it holds "
                              f"{changed.capacity(boat, i)}. Take fish off it first.")
    return _corrected(state, seat, changed)


def set_boats_launched(state: EditState, data: Mapping[str, Any]) -> EditState:
    seat = _seat(state, data)
    sheet, who = state.sheets[seat], state.names[seat]
    boat = _boat_kind(sheet.layout, data.get("kind"))
    count = _whole(data.get("count"), f"{who}'s launched {track_name(sheet.layout, boat)} boats",
                   boats_available(sheet.layout, boat))
    fish = sheet.boats[boat]
    return _corrected(state, seat, replace(sheet, boats={**sheet.boats, boat: fish[:count] + (0,) * (count - len(fish))}))


def set_fish_on_boat(state: EditState, data: Mapping[str, Any]) -> EditState:
    seat = _seat(state, data)
    sheet, who = state.sheets[seat], state.names[seat]
    boat = _boat_kind(sheet.layout, data.get("kind"))
    index = data.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(sheet.boats[boat]):
        raise DomainError(f"{who} has no launched {track_name(sheet.layout, boat)} boat number {index!r}: "
                          "launch it first.")
    fish = _whole(data.get("fish"), f"The fish on {who}'s {boat_name(sheet.layout, boat, index)}",
                  sheet.capacity(boat, index))
    boats = list(sheet.boats[boat])
    boats[index] = fish
    return _corrected(state, seat, replace(sheet, boats={**sheet.boats, boat: tuple(boats)}))


def set_bonus(state: EditState, data: Mapping[str, Any]) -> EditState:
    seat = _seat(state, data)
    sheet, who = state.sheets[seat], state.names[seat]
    bonus = data.get("bonus")
    if bonus is not None:
        ids = [b.id for b in sheet.layout.bonuses]
        if bonus not in ids:
            raise DomainError(f"The King Crab bonuses are {', '.join(ids)}; not {bonus!r}.")
        if not sheet.complete("king_crab"):
            raise DomainError(f"{who}'s King Crab is not finished ({sheet.filled['king_crab']} of "
                              f"{sheet.layout.harbor['king_crab'].complete} boxes): no bonus yet.")
        holder = state.bonus_holder(bonus, but=seat)
        if holder is not None:
            raise DomainError(f"{holder} took that King Crab bonus: each bonus is one player's. "
                              f"Take it from {holder} first.")
    return _corrected(state, seat, replace(sheet, bonus=bonus))




def to_play(state: EditState, play_id: str, played_at: str) -> Play:
    """The corrected play, scored (rules: Game End), in the same entry format as a played game's."""
    return fleet.to_play(fleet.FleetGame(state.names, state.sheets), play_id, played_at)


# Action builders: labels say what the tap corrected -------------------------------------

def set_boxes(state: EditState, seat: int, track: str, count: int) -> Action:
    sheet = state.sheets[seat]
    label = f"{state.names[seat]}: {track_words(sheet.layout, track)} {sheet.filled[track]} → {count}"
    if track == "king_crab" and sheet.bonus and count < sheet.layout.harbor["king_crab"].complete:
        label += " (its bonus goes)"
    return Action("boxes", {"seat": seat, "track": track, "count": count}, label)


def set_license(state: EditState, seat: int, boat_type: str, level: int) -> Action:
    sheet = state.sheets[seat]
    return Action("license", {"seat": seat, "boat_type": boat_type, "level": level},
                  f"{state.names[seat]}: {track_name(sheet.layout, boat_type)} licenses "
                  f"{sheet.licenses[boat_type]} → {level}")


def set_boats(state: EditState, seat: int, kind: str, count: int) -> Action:
    """Launch or take back boats of `kind` (the topmost ones: boats are launched in order)."""
    sheet = state.sheets[seat]
    layout, now = sheet.layout, len(sheet.boats[kind])
    if count == now + 1:
        what = f"launch {boat_name(layout, kind, now)}"
    elif count == now - 1 >= 0:
        fish = sheet.boats[kind][-1]
        what = f"unlaunch {boat_name(layout, kind, count)}" + (f" (and its {fish} fish)" if fish else "")
    else:
        what = f"{track_name(layout, kind)} boats launched {now} → {count}"
    return Action("boats", {"seat": seat, "kind": kind, "count": count}, f"{state.names[seat]}: {what}")


def launch(state: EditState, seat: int, kind: str) -> Action:
    return set_boats(state, seat, kind, len(state.sheets[seat].boats[kind]) + 1)


def unlaunch(state: EditState, seat: int, kind: str) -> Action:
    return set_boats(state, seat, kind, len(state.sheets[seat].boats[kind]) - 1)


def set_fish(state: EditState, seat: int, kind: str, index: int, fish: int) -> Action:
    sheet = state.sheets[seat]
    now = sheet.boats[kind][index] if 0 <= index < len(sheet.boats[kind]) else 0
    return Action("fish", {"seat": seat, "kind": kind, "index": index, "fish": fish},
                  f"{state.names[seat]}: fish on {boat_name(sheet.layout, kind, index)} {now} → {fish}")


def choose_bonus(state: EditState, seat: int, bonus: str | None) -> Action:
    layout = state.sheets[seat].layout
    name = next((b.name for b in layout.bonuses if b.id == bonus), bonus)
    return Action("bonus", {"seat": seat, "bonus": bonus},
                  f"{state.names[seat]}: " + (f"King Crab bonus {name}" if bonus else "no King Crab bonus"))
