"""What a Salmon Run turn did, in lines every phone shows (the turn's ledger): the log's own words for
each card played, jump, hex, Bear, pond and end of turn, the first player's roll, and, once every salmon
has answered a Current or Rapids, each salmon's answer with the die the app rolled for it and what the
roll meant. An answer still secret is not in it: its log words say only who answered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.actions import Action
from companion.core.words import a, count
from companion.games.salmon_run.river import CARD_NAMES, CURRENT, RAPIDS
from companion.games.salmon_run.state import Answer, RaceState, Turn

ANSWER_MOVES = ("drift", "rapids", "counter", "roll")  # secret until the last is in: shown from the turn instead


@dataclass(frozen=True)
class Line:
    """One thing the turn did; `rolls`: the faces of the dice the app rolled for it, in order."""

    text: str
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True)
class Ledger:
    """A turn's lines: whose turn, and whether it has ended."""

    seat: int
    lines: tuple[Line, ...]
    ended: bool = False


def roll_words(roll: int, arrow: int) -> str:
    """'rolled 5 (odd): arrow 1' ("On an odd-numbered roll, move in the direction of the arrow labeled 1")."""
    return f"rolled {roll} ({'odd' if roll % 2 else 'even'}): arrow {arrow}"


def answer_words(who: str, answer: Answer, card: str) -> str:
    """`who`'s answer to a Current or Rapids `card`: 'Ben rolled 5 (odd): arrow 1', 'Ana: 0 arrows, stayed',
    'Cy countered it with a Rapids card', 'Ana: 2 arrows, so 2 cards to discard'."""
    if answer.countered:
        return f"{who} countered it with {a(CARD_NAMES[card])} card"
    if card == RAPIDS:
        return f"{who}: {count(answer.arrows, 'arrow')}, so {count(answer.discards, 'card')} to discard"
    if answer.arrow is None:
        return f"{who}: 0 arrows, stayed"
    words = f"{who} {roll_words(answer.roll, answer.arrow)}" if answer.roll is not None else \
        f"{who}: 1 arrow, followed it"
    if answer.waterfall_arrow is not None:
        words += (f", then into a Waterfall and {roll_words(answer.waterfall_roll, answer.waterfall_arrow)}"
                  if answer.waterfall_roll is not None else ", then into a Waterfall: its 1 arrow, followed it")
    return words


def answer_rolls(answer: Answer) -> tuple[int, ...]:
    return tuple(r for r in (answer.roll, answer.waterfall_roll) if r is not None)


def _lines(state: RaceState, actions: Sequence[Action], turn: Turn | None) -> tuple[Line, ...]:
    lines: list[Line] = []
    answered = list(turn.answered) if turn is not None else []
    for action in actions:
        if action.type in ANSWER_MOVES:
            continue
        rolls = tuple(action.data.get("rolls", ())) if action.type == "first" else ()
        lines.append(Line(action.label, rolls))
        card = action.data.get("card")
        if action.type == "play" and card in (CURRENT, RAPIDS) and answered:
            done = answered.pop(0)
            lines += [Line(answer_words(state.names[a.seat], a, done.card), answer_rolls(a)) for a in done.answers]
    return tuple(lines)


def ledgers(state: RaceState, actions: Sequence[Action]) -> tuple[Ledger, ...]:
    """The current turn's ledger from the session's log (`actions`); while it has nothing yet, the turn
    before it too (what a phone that looked away missed); once the race is over, its last turn."""
    ends = [i for i, a in enumerate(actions) if a.type == "end"]
    start = ends[-1] + 1 if ends else 0
    shown: list[Ledger] = []
    if state.turn is not None:
        now = _lines(state, actions[start:], state.turn)
        shown.append(Ledger(state.turn.seat, now))
        if now:
            return tuple(shown)
    if ends and state.previous is not None:
        before = ends[-2] + 1 if len(ends) > 1 else 0
        shown.append(Ledger(state.previous.seat, _lines(state, actions[before:ends[-1] + 1], state.previous), True))
    return tuple(shown)
