"""Lure's Fish: the rolls in turn order (fewest dice first, equal counts together), Adjust lures,
the catch (the lower total gets a fish both meet; a tie leaves it), the lures drawn, the round's
end and the game's (rules: Fish, Lures, Special Dice, End of game)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.table.seats import is_whole
from companion.core.words import count, listed
from companion.games.lure.cards import FishCard
from companion.games.lure.state import (
    D6_SIDES,
    EXTRA,
    FISH,
    LURE_NAMES,
    LURES,
    ONE,
    OVER,
    SPLASH,
    LureError,
    LureState,
    Outcome,
    Roll,
    die_name,
    in_phase,
    seat_of,
    set_seat,
)
from companion.games.lure.view import (
    adjusts_left,
    can_catch,
    current_group,
    current_seats,
    groups,
    total,
)


def roll(state: LureState, data: Mapping[str, Any]) -> LureState:
    in_phase(state, FISH, "roll")
    seat = seat_of(state, data)
    name, s, cast = state.names[seat], state.seats[seat], state.cast(seat)
    assert cast is not None
    if s.roll is not None:
        raise LureError(f"{name} has rolled already.")
    values = data.get("values", [])
    if not isinstance(values, list) or len(values) != cast.d6:
        raise LureError(f"{name} cast {cast.d6} d6: give {count(cast.d6, 'value')}.")
    for v in values:
        if not is_whole(v) or not 1 <= v <= D6_SIDES:
            raise LureError(f"A d6 shows 1 to 6, not {v!r}.")
    special = data.get("special", {})
    if not isinstance(special, Mapping):
        raise LureError(f"{name}: give each special die's value by its sides, e.g. {{\"12\": 9}}.")
    wanted = {str(n): n for n in cast.special}
    for key in special:
        if str(key) not in wanted:
            raise LureError(f"{name} did not cast a d{key} special die.")
    special_values = []
    for key, sides in wanted.items():
        if key not in {str(k) for k in special}:
            raise LureError(f"{name} cast a {die_name(sides)}: give its value.")
        value = next(v for k, v in special.items() if str(k) == key)
        if not is_whole(value) or not 1 <= value <= sides:
            raise LureError(f"A {die_name(sides)} shows 1 to {sides}, not {value!r}.")
        special_values.append(value)
    roll = Roll(tuple(values), tuple(special_values), tuple(values) + tuple(special_values))
    return set_seat(state, seat, roll=roll)


def adjust(state: LureState, data: Mapping[str, Any]) -> LureState:
    in_phase(state, FISH, "adjust a die")
    seat = seat_of(state, data)
    name, s, cast = state.names[seat], state.seats[seat], state.cast(seat)
    if s.done and s.roll is not None:
        raise LureError(f"{name} has fished already: you cannot adjust any dice once you catch a fish.")
    if s.roll is None or cast is None:
        raise LureError(f"{name} has not rolled yet.")
    if adjusts_left(state, seat) <= 0:
        played = cast.adjust
        raise LureError(f"{name} played {played} Adjust lure{'s' if played != 1 else ''} and "
                        f"{'has used it' if played == 1 else 'none are left' if played else 'so cannot adjust'}.")
    die, by = data.get("die"), data.get("by")
    sides = cast.sides()
    if not is_whole(die) or not 0 <= die < len(sides):
        raise LureError(f"{name} rolled {count(len(sides), 'die', 'dice')}: there is no die {die!r}.")
    if not is_whole(by) or by not in (1, -1):
        raise LureError("An Adjust lure moves a die up or down by 1.")
    dice = list(s.roll.dice)
    new = dice[die] + by
    if not 1 <= new <= sides[die]:
        edge = "highest" if by > 0 else "lowest"
        raise LureError(f"A {die_name(sides[die])} showing {dice[die]} cannot go {'up' if by > 0 else 'down'}: "
                        f"Adjust never goes beyond a die's {edge} number.")
    dice[die] = new
    roll = replace(s.roll, values=tuple(dice[:cast.d6]), special=tuple(dice[cast.d6:]),
                   adjusts=s.roll.adjusts + 1)
    return set_seat(state, seat, roll=roll)


def judge(state: LureState, data: Mapping[str, Any]) -> LureState:
    """A player says whether their roll meets a fish whose requirement is checked at the table."""
    seat, roll = _rolled(state, data, "say what the roll meets")
    index = _fish_index(state, data.get("fish"), "Checked at the table")
    if state.middle[index].requirement.kind != "other":
        raise LureError(f"The {state.middle[index].catch} has no requirement to check at the table.")
    meets = data.get("meets")
    if not isinstance(meets, bool):
        raise LureError("Say whether the roll meets the fish: true or false.")
    listed = tuple(sorted(set(roll.meets) | {index} if meets else set(roll.meets) - {index}))
    return set_seat(state, seat, roll=replace(roll, meets=listed))


def take(state: LureState, data: Mapping[str, Any]) -> LureState:
    """A player whose roll meets several fish chooses the one it catches (a roll catches one fish)."""
    seat, roll = _rolled(state, data, "choose a fish")
    if state.settings.catches_per_roll != ONE:
        raise LureError("A roll catches every fish it meets in this game: there is no fish to choose.")
    index = data.get("fish")
    if index is not None:
        index = _fish_index(state, index, f"{state.names[seat]}'s choice")
        if index not in can_catch(state, seat, roll.meets):
            raise LureError(f"{state.names[seat]}'s roll does not catch the {state.middle[index].catch}.")
    return set_seat(state, seat, roll=replace(roll, takes=index))


def _rolled(state: LureState, data: Mapping[str, Any], doing: str) -> tuple[int, Roll]:
    in_phase(state, FISH, doing)
    seat = seat_of(state, data)
    roll = state.seats[seat].roll
    if roll is None:
        raise LureError(f"{state.names[seat]} has not rolled yet.")
    return seat, roll


def _seat_map(raw: Any, what: str, state: LureState, group: tuple[int, ...]) -> dict[int, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise LureError(f"{what}: give it by player.")
    out = {}
    for key, value in raw.items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise LureError(f"{what}: there is no player {key!r} at this table.") from None
        if seat not in group:
            who = state.names[seat] if 0 <= seat < len(state.names) else repr(key)
            raise LureError(f"{what}: {who} is not rolling now.")
        out[seat] = value
    return out


def _fish_index(state: LureState, value: Any, what: str) -> int:
    if not is_whole(value) or not 0 <= value < len(state.middle):
        raise LureError(f"{what}: there is no fish {value!r} in the middle ({len(state.middle)} there).")
    return value


def outcome(state: LureState, other: Mapping[Any, Any] | None = None,
            choice: Mapping[Any, Any] | None = None) -> Outcome:
    """What resolving the current group would do (LureError when it cannot be resolved now).

    Each fish goes to the one player of the group who meets it; "If they can both catch a
    fish, the player with the lower total gets it. If tied, no one gets it (leave it in the
    middle)." With catches_per_roll 'all' a roll catches every fish it meets; with 'one' each
    player catches only the fish they choose. What each player said of their roll (`judge`,
    `take`) counts, unless `other` and `choice` say it (as a catch recorded by earlier versions did)."""
    if state.phase != FISH:
        in_phase(state, FISH, "make the catch")
    k = current_group(state)
    if k is None:  # pragma: no cover - a round in phase FISH always has a group to fish
        raise LureError("Every player has fished this round.")
    group = groups(state)[k]
    for seat in group:
        if state.seats[seat].roll is None:
            raise LureError(f"Wait for {state.names[seat]} to roll.")
    rolls = {seat: state.seats[seat].roll for seat in group}
    if other is None:
        other = {seat: list(roll.meets) for seat, roll in rolls.items() if roll.meets}
    if choice is None:
        choice = {seat: roll.takes for seat, roll in rolls.items() if roll.takes is not None}
    others: dict[int, set[int]] = {}
    for seat, met in _seat_map(other, "Requirements checked at the table", state, group).items():
        if not isinstance(met, list):
            raise LureError("Requirements checked at the table: list the fish each player meets.")
        indices = {_fish_index(state, i, "Requirements checked at the table") for i in met}
        for i in indices:
            if state.middle[i].requirement.kind != "other":
                raise LureError(f"The {state.middle[i].catch} has no requirement to check at the table.")
        others[seat] = indices
    meets = {seat: can_catch(state, seat, others.get(seat, ())) for seat in group}
    totals = {seat: total(state, seat) for seat in group}
    if state.settings.catches_per_roll == ONE:
        chosen = _seat_map(choice, "Choice of fish", state, group)
        wants: dict[int, list[int]] = {}
        for seat in group:
            name = state.names[seat]
            if seat in chosen:
                index = _fish_index(state, chosen[seat], f"{name}'s choice")
                if index not in meets[seat]:
                    raise LureError(f"{name}'s roll does not catch the {state.middle[index].catch}.")
                wants[seat] = [index]
            elif len(meets[seat]) > 1:
                raise LureError(f"{name} can catch {len(meets[seat])} fish: choose one.")
            else:
                wants[seat] = meets[seat]
    else:
        if choice:
            raise LureError("A roll catches every fish it meets in this game: there is no fish to choose.")
        wants = meets
    caught: list[tuple[int, FishCard]] = []
    taken: list[int] = []
    tied: list[FishCard] = []
    for index, fish in enumerate(state.middle):
        rivals = [seat for seat in group if index in wants[seat]]
        if not rivals:
            continue
        lowest = min(totals[s] for s in rivals)
        winners = [s for s in rivals if totals[s] == lowest]
        if len(winners) == 1:
            caught.append((winners[0], fish))
            taken.append(index)
        else:
            tied.append(fish)
    return Outcome(state.round, group, tuple((s, totals[s]) for s in group), tuple(caught), tuple(tied),
                   taken=tuple(taken))


def resolve(state: LureState, data: Mapping[str, Any]) -> LureState:
    in_phase(state, FISH, "make the catch")
    k = current_group(state)
    group = data.get("group")
    if not is_whole(group) or group != k:
        names = listed([state.names[i] for i in current_seats(state)])
        raise LureError(f"It is the turn of {names} (group {k}), not group {group!r}.")
    result = outcome(state, data.get("other"), data.get("choice"))
    seats = list(state.seats)
    for seat in result.group:
        s, cast = seats[seat], state.cast(seat)
        assert cast is not None
        mine = tuple(fish for who, fish in result.caught if who == seat)
        if mine:  # "If you caught at least 1 fish, place all boost lures you played near your score pile"
            seats[seat] = replace(s, pile=s.pile + mine, boosts=s.boosts + cast.boost, done=True, caught=mine)
        else:  # "Discard the rest of the lures. If you caught no fish, draw 1 lure."
            seats[seat] = replace(s, owed=s.owed + 1, done=True)
    middle = tuple(fish for i, fish in enumerate(state.middle) if i not in result.taken)
    return after_catch(replace(state, seats=tuple(seats), middle=middle), result)


def after_catch(state: LureState, result: Outcome) -> LureState:
    """Run out of fish, then the round's end once every group has fished."""
    if not state.middle:
        # "If the last faceup fish is caught, everyone who hasn't rolled yet discards all lures
        # they played and draws 1 lure. Then return their dice (special dice still go in front)."
        waiting = tuple(i for i, s in enumerate(state.seats) if not s.done)
        seats = tuple(replace(s, owed=s.owed + 1, done=True) if i in waiting else s
                      for i, s in enumerate(state.seats))
        state = replace(state, seats=seats)
        result = replace(result, ran_out=waiting)
    state = replace(state, outcomes=state.outcomes + (result,))
    if any(not s.done for s in state.seats):
        return state
    return end_round(state)


def end_round(state: LureState) -> LureState:
    """"When the last fish is drawn from the deck, finish the current round then end the game."
    Otherwise the next round: special dice cast this round rest ("cannot use it again for 1
    round"); the rest come back."""
    if state.deck_left <= 0:
        return replace(state, phase=OVER)
    seats = tuple(replace(s, resting=cast.special if (cast := state.cast(i)) is not None else (), roll=None,
                          done=False, caught=())
                  for i, s in enumerate(state.seats))
    return replace(state, seats=seats, round=state.round + 1, phase=SPLASH)


def draw(state: LureState, data: Mapping[str, Any]) -> LureState:
    seat = seat_of(state, data)
    name, s = state.names[seat], state.seats[seat]
    if s.owed <= 0:
        raise LureError(f"{name} is owed no lure: a lure is drawn after a roll that caught no fish, "
                        "or when the fish run out before your turn.")
    lure, value = data.get("lure"), data.get("value")
    if lure not in LURES:
        raise LureError(f"A lure is {', '.join(LURE_NAMES.values())}; not {lure!r}.")
    if lure == EXTRA:
        if not is_whole(value) or value not in state.settings.extra_values:
            shown = ", ".join(map(str, state.settings.extra_values))
            raise LureError(f"An Extra Die lure shows one of {shown}, not {value!r}.")
    elif value is not None:
        raise LureError(f"A {LURE_NAMES[lure]} lure shows no number.")
    return set_seat(state, seat, hand=s.hand.plus(lure, value), owed=s.owed - 1)
