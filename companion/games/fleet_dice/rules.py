"""Fleet Dice declared with the table kit (rules: ../shared/seeds/004): every player's sheet and the
table's round, one log for all.

Each phase "the start player rolls" the pool (the start player's phone, the phone passed around or
the host; rolled with the app's dice, the next phases' rolls come with the move that ends the phase
before: `and_next_roll`); "one at a time, beginning with the start player and continuing in clockwise order,
players will select one available die" (each on their own sheet, `use` with the die's `pick`);
"all players use the remaining, unselected die" at the same moment; every fill and choice is its
sheet's own. A finished Casino re-rolls the die selected ("reroll"), once, recorded before its new face
is shown, for every phone to see. The start player passes clockwise each round (`core.table.turns`).

The modules: `game` (the sheets and the table's round, the moves), `sheet` (one player's, its
fishing and Casino in `fishing`, its words in `sheet_terms`), `layout`, `table`
(a phase's roll), `scoring`, `actions` (the moves as taps build them); a saved play corrected:
`edit`, declared in `correction`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.errors import DomainError
from companion.core.table.phases import Phase, nobody
from companion.core.table.rules import Move, TableRules, names_and_ids, own, seat_in
from companion.core.table.seats import ANY_SEAT
from companion.core.words import listed
from companion.games.fleet_dice import candidates, game
from companion.games.fleet_dice.actions import (  # noqa: F401  (the game's moves as taps build them)
    app_roll,
    casino_reroll,
    choose_bonus,
    choose_either,
    free_fill,
    go_fishing,
    legal_actions,
    reroll_with,
    roll_dice,
    rolled_words,
    table_dice,
    use_die,
)
from companion.games.fleet_dice.game import (  # noqa: F401  (the game's words, read through its rules too)
    EARLIER_RULES,
    FACE_NAMES,
    GAME,
    GAME_NAME,
    MAX_SHEETS,
    RULES_VERSION,
    FleetGame,
    setup_for,
    then_roll,
    to_play,
)


def start_players(state: FleetGame, data: Mapping[str, Any]) -> int | str:
    """"The start player rolls" (sheets kept before the table's round have no start player)."""
    start = state.start_player()
    return ANY_SEAT if start is None else start


# One player's sheet; a King Crab bonus is one per table, so choosing one touches every sheet. The
# table's dice: a roll needs every sheet ready; a pick takes a die from the table; the shared die
# only reads which die was left, so players use it at the same moment.
def used(data: Mapping[str, Any]) -> Footprint:
    mine = ("sheet", data.get("seat"))
    if "pick" in data:
        return Footprint(reads=(mine, ("table",)), writes=(mine, ("table",)))
    if data.get("die") == "shared":
        return Footprint(reads=(mine, ("table",)), writes=(mine,))
    return Footprint(reads=(mine,), writes=(mine,))


def rolled(data: Mapping[str, Any]) -> Footprint:
    return Footprint(reads=(("sheet",), ("table",)), writes=(("table",),))


def casino(data: Mapping[str, Any]) -> Footprint:
    """A Casino re-roll: the die this seat selects, on its own sheet (its pick at the table is its own)."""
    mine = ("sheet", data.get("seat"))
    return Footprint(reads=(mine, ("table",)), writes=(mine,))


def every_sheet(data: Mapping[str, Any]) -> Footprint:
    return Footprint(reads=(("sheet",),), writes=(("sheet",),))


def and_roll(touches: Callable[[Mapping[str, Any]], Footprint]) -> Callable[[Mapping[str, Any]], Footprint]:
    """A move's footprint, and the next phase's roll's when it carries one (`game.then_roll`): it writes the table
    (a pick from that roll then ends the move's Undo by its player alone) and rests on every sheet (an earlier
    move of another's, which it waited on, is not undone before it). What it reads is the move's own, what its
    player saw: read, the other sheets made a shared die used at the same moment as another's a stale tap."""

    def touched(data: Mapping[str, Any]) -> Footprint:
        own = touches(data)
        if "roll" not in data:
            return own
        return Footprint(reads=own.reads, writes=(*own.writes, ("table",)), rests_on=rolled(data).reads)

    return touched


def table_phase(state: FleetGame) -> Phase:
    """Whom the table's round waits on (a choice, the pick, the shared die, the roll); sheets on their
    own go at anyone's pace."""
    if state.over:
        return nobody("the game is over")
    waiting = state.waiting_on()
    if not waiting:
        return Phase("every sheet goes at its own pace", ANY_SEAT)
    return Phase(f"the table waits on {listed([state.names[s] for s in waiting])}", frozenset(waiting))


RULES: TableRules[FleetGame] = TableRules(
    game=GAME, title="Fleet Dice sheets", setup=game.new_game, seats=names_and_ids,
    moves=(
        Move("roll", game.roll, ("faces", "app"), start_players, rolled),
        # A move that ends a phase rolled with the app's dice carries the next phase's roll ("roll").
        Move("use", then_roll(game.use), ("seat", "die", "face", "how", "target", "second", "rerolled_from", "pick",
                                          "roll"), seat_in(), and_roll(used)),
        Move("reroll", game.reroll, ("seat", "pick", "rerolled_from", "face"), seat_in(), casino, rolled=True),
        Move("either", then_roll(game.either), ("seat", "what", "roll"), seat_in(), and_roll(own("sheet"))),
        Move("free_fill", then_roll(game.free_fill), ("seat", "track", "roll"), seat_in(), and_roll(own("sheet"))),
        Move("bonus", then_roll(game.bonus), ("seat", "bonus", "roll"), seat_in(), and_roll(every_sheet)),
        Move("fish", then_roll(game.fish), ("seat", "skip", "oyster_coins", "roll"), seat_in(),
             and_roll(own("sheet"))),
    ),
    over=lambda state: state.over, phase=table_phase, example_setup=candidates.example_setup,
    candidates=lambda state, rng: [and_next_roll(state, a, lambda after: rng)
                                   for a in candidates.candidates(state, rng)],  # as the screens make them
)


def and_next_roll(state: FleetGame, action: Action, dice: Callable[[FleetGame], random.Random]) -> Action:
    """`action`, with the next phase's roll when it ends a phase rolled with the app's dice (`game.rolls_next`):
    its faces from `dice(game after it)`, the table's chance for that phase, so whoever makes the last move, and
    an Undo and the move again, roll the same dice. Its words say it: "...; boat dice of round 2: Cod, ...". A
    move the rules refuse is left as it is (the refusal is said when it is made)."""
    if state.roll is None or not state.roll.app:  # the table's own dice, or none yet: nothing rolls by itself
        return action
    try:
        after = RULES.apply(state, action)
    except DomainError:
        return action
    if not game.rolls_next(after):
        return action
    faces = app_roll(after, dice(after))
    return replace(action, data={**action.data, "roll": faces}, label=f"{action.label}; {rolled_words(after, faces)}")
