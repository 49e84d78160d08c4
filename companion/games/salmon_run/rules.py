"""Salmon Run declared with the table kit: the race helper (rules text: seed 002).

The first player is rolled (anyone at the table rolls). The current player records the cards
played ("play", "jump") and the end of the turn ("end", with the discards down to four). A
Current or Rapids card waits until every salmon on the river has answered ("drift", "rapids") or
countered it ("counter"), each on its own phone and in secret until the last answer is in; the die for
a two-arrow hex is rolled ("roll") before the answer, which reads it; an Eagle waits for
its player to name whose hand they look at ("eagle.target"), then for that player's answer on their own
phone: a card lost, or their own Eagle discarded ("eagle"). What the
river does to a salmon ("hex", "bear", "pond") is recorded by that salmon's phone or by the
current player's. Every die roll is in the action's data.

The modules: `state`, `setup`, `view` (what the screens ask), `ledger` (a turn's lines for every
phone, each roll with what it meant), `hexes` (the rules in words), the moves by area (`turn`,
`answers`, `landing`) and `actions` (the moves as taps build them). The numbers the text does not
give are in `assets/games/salmon_run/river.json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.actions import Footprint
from companion.core.table.phases import Phase, nobody
from companion.core.table.rules import Move, TableRules, names_and_ids, seat_in
from companion.core.table.seats import ANY_SEAT
from companion.core.words import listed
from companion.games.salmon_run import answers, candidates, landing, turn
from companion.games.salmon_run.actions import (  # noqa: F401  (the game's moves as taps build them)
    bear,
    counter,
    drift,
    drift_with,
    eagle,
    eagle_target,
    end_turn,
    first_player,
    jump,
    play,
    pond,
    rapids,
    roll,
    roll_first_player,
    roll_with,
    special_hex,
)
from companion.games.salmon_run.hexes import (  # noqa: F401  (the rules in words, for the rules help)
    COUNTER_LINES,
    COUNTERS,
    CURRENT_HEX,
    CURRENT_OR_RAPIDS_HEX,
    DOUBLE_SWIM_HEX,
    DRAW_HEX,
    EAGLE_HEX,
    FATIGUE_HEX,
    HEX_CARDS,
    HEX_NAMES,
    HEXES,
    REEDS_HEX,
    REEDS_ICONS,
    REEDS_TWO_HEX,
    SPECIAL_HEXES,
    SWIM_HEX,
    TURN_RULES,
)
from companion.games.salmon_run.river import BEAR, CARD_NAMES, CURRENT, EAGLE, RAPIDS  # noqa: F401
from companion.games.salmon_run.scoring import GAME_NAME, RaceNotOver, score_state, to_play  # noqa: F401
from companion.games.salmon_run.setup import new_race, read_piles, rules_version, setup_for  # noqa: F401
from companion.games.salmon_run.state import (  # noqa: F401  (the game's words, read through its rules too)
    ANSWERED,
    EARLIER_RULES,
    FIRST,
    GAME,
    HAND_SIZE,
    MOST_PLAYS,
    OVER,
    RACE,
    RULES_VERSION,
    SWIM_CARDS,
    SWIM_DECK,
    Answer,
    Deck,
    Pending,
    RaceState,
    Salmon,
    SalmonRunError,
    Turn,
    add_fatigue,
)
from companion.games.salmon_run.view import (  # noqa: F401  (what the screens ask)
    answer_of,
    arrow_for,
    asked,
    available,
    can_counter,
    cards_left,
    hand_at_end,
    hex_choices,
    is_swim,
    jump_cards,
    may_land,
    may_meet_bear,
    may_roll,
    moved_by_current,
    playable,
    race_ends_after,
    rapids_discards,
    reminders,
    returns_fatigue,
    rolled,
    standings,
    three_swims,
    waiting_on,
)


def eagles(state: RaceState, data: Mapping[str, Any]) -> int | str:
    """The Eagle's answer is its target's, once named (a counter is always the target's own); before, in
    races recorded so, its player said it."""
    p = state.pending
    if data.get("countered") is True or (p is not None and p.target is not None):
        return seat_in()(state, data)
    return p.by if p is not None else ANY_SEAT


def eagle_player(state: RaceState, data: Mapping[str, Any]) -> int | str:
    """The Eagle's player names its target."""
    return state.pending.by if state.pending is not None else ANY_SEAT


def carried(state: RaceState, data: Mapping[str, Any]) -> frozenset[int] | int | str:
    """What the river did to a salmon: its own phone records it, or the current player's (whose card
    moved it)."""
    seat = seat_in()(state, data)
    if seat == ANY_SEAT or state.current is None:
        return seat
    return frozenset({seat, state.current})


# Every salmon answers a Current or Rapids at the same moment on its own phone: an answer touches only
# that salmon and its answer. A hex or a Bear touches that salmon and the piles it takes from.
# Everything else (a card played, a turn ended) touches the whole race.
def answered(data: Mapping[str, Any]) -> Footprint:
    mine = (("salmon", data.get("seat")), ("answer", data.get("seat")))
    return Footprint(reads=mine, writes=mine)


def landed(data: Mapping[str, Any]) -> Footprint:
    mine = (("salmon", data.get("seat")), ("piles",))
    return Footprint(reads=mine, writes=mine)


ANSWERS = frozenset({"counter", "roll", "drift", "rapids"})


def race_phase(state: RaceState) -> Phase:
    """Whom the race waits on: anyone for the first player's roll; then the current player's turn (cards
    played, its end), or, while a card waits, the salmon still to answer it (every one at once for a
    Current or Rapids; for an Eagle, its player naming the target, then that target). What the river
    did to a salmon is recorded at any time."""
    if state.phase == FIRST:
        return Phase("the first player is rolled first", ANY_SEAT, frozenset({"first"}))
    if state.phase == OVER or state.turn is None:
        return nobody("the race is over")
    p, names = state.pending, state.names
    if p is None:
        return Phase(f"it is {names[state.turn.seat]}'s turn", frozenset({state.turn.seat}),
                     frozenset({"play", "jump", "end"}))
    if p.card == EAGLE and p.target is None:
        return Phase(f"{names[p.by]} names the Eagle's target", frozenset({p.by}), frozenset({"eagle.target", "eagle"}))
    if p.card == EAGLE:
        return Phase(f"the Eagle waits on {names[p.target]}'s answer", frozenset({p.target}), frozenset({"eagle"}))
    waiting = state.answers.waiting
    return Phase(f"the {CARD_NAMES[p.card]} waits on {listed([names[s] for s in waiting])}", frozenset(waiting),
                 ANSWERS)


def rolls_unseen(state: RaceState, viewer: int | None) -> RaceState:
    """A Current's die rolled for a salmon is its player's until every answer is in (it tells whether
    they countered): the other phones are not given it."""
    return replace(state, rolls=tuple(r for r in state.rolls if r[0] == viewer))


RULES: TableRules[RaceState] = TableRules(
    game=GAME, title="Salmon Run", setup=new_race, error=SalmonRunError, seats=names_and_ids,
    moves=(
        Move("first", turn.first, ("rolls",)),
        Move("play", turn.play, ("seat", "card"), seat_in(), doing="play a card"),
        Move("jump", turn.jump, ("seat", "cards"), seat_in(), doing="jump"),
        Move("counter", answers.counter, ("seat",), seat_in(), answered, secret=True),
        Move("roll", answers.roll, ("seat", "roll"), seat_in(), answered, secret=True, rolled=True),
        Move("drift", answers.drift, ("seat", "arrows", "roll", "waterfall_arrows", "waterfall_roll"), seat_in(),
             answered, secret=True),
        Move("rapids", answers.rapids, ("seat", "arrows"), seat_in(), answered, secret=True),
        Move("eagle.target", answers.eagle_target, ("seat",), eagle_player),
        Move("eagle", answers.eagle, ("seat", "countered"), eagles),
        Move("bear", landing.bear, ("seat",), carried, landed, anytime=True),
        Move("hex", landing.on_hex, ("seat", "hex", "card", "cards", "from_hand"), carried, landed, anytime=True),
        Move("pond", landing.pond, ("seat",), carried, anytime=True),
        Move("end", turn.end, ("seat", "discards"), seat_in(), doing="end a turn"),
    ),
    over=lambda state: state.over, secret="answers", hides=rolls_unseen, phase=race_phase,
    reopens="every salmon answers again", example_setup=candidates.example_setup,
    candidates=candidates.candidates,
)
