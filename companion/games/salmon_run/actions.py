"""Salmon Run's actions as the screens build them from taps: each label says what happened ("Ana plays
Swim Forward (+1 Fatigue: 3 Swim cards)"); a die rolled in the app is drawn here, from the random
source passed in, and carried in the action's data."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.games.salmon_run.hexes import DRAW_HEX, FATIGUE_HEX, HEX_CARDS, HEX_NAMES, REEDS_ICONS
from companion.games.salmon_run.river import CARD_NAMES, DIE_SIDES
from companion.games.salmon_run.state import RaceState
from companion.games.salmon_run.view import hand_at_end, returns_fatigue, rolled, three_swims


def _name(state: RaceState, seat: int) -> str:
    return state.names[seat] if 0 <= seat < len(state.salmon) else f"Player {seat + 1}"


def first_player(state: RaceState, rolls: Sequence[int]) -> Action:
    """The die rolled for the first player: 1 names the first seat, 2 the second...; a roll above the
    number of players is rolled again (every roll in order)."""
    n = len(state.salmon)
    rolls = list(rolls)
    again = [str(r) for r in rolls[:-1]]
    who = _name(state, rolls[-1] - 1) if rolls and 1 <= rolls[-1] <= n else "?"
    label = (f"Roll for the first player: {', '.join(again)} rolled again; {rolls[-1]}: {who} starts" if again else
             f"Roll for the first player: {rolls[-1] if rolls else '?'}: {who} starts")
    return Action("first", {"rolls": rolls}, label)


def roll_first_player(state: RaceState, rng: random.Random) -> Action:
    rolls = [rng.randint(1, DIE_SIDES)]
    while rolls[-1] > len(state.salmon):
        rolls.append(rng.randint(1, DIE_SIDES))
    return first_player(state, rolls)


def _fatigue_note(state: RaceState, seat: int, played: Sequence[str], jumps: int) -> str:
    """' (+1 Fatigue: a jump)' and the like, for a label."""
    why = []
    if jumps:
        why.append("a jump")
    if state.turn is not None and three_swims((*state.turn.played, *played)):
        why.append("3 Swim cards")
    if not why or state.piles.fatigue < 1:
        return ""
    n = min(len(why), state.piles.fatigue)
    return f" (+{n} Fatigue: {' and '.join(why)})"


def play(state: RaceState, seat: int, card: str) -> Action:
    """`seat` plays one card: 'Ana plays Swim Forward (+1 Fatigue: 3 Swim cards)'."""
    label = f"{_name(state, seat)} plays {CARD_NAMES.get(card, card)}{_fatigue_note(state, seat, [card], 0)}"
    return Action("play", {"seat": seat, "card": card}, label)


def jump(state: RaceState, seat: int, cards: Sequence[str]) -> Action:
    """`seat` combines two Swim cards to jump: 'Ana jumps with Swim Forward + Double Swim Left (+1 Fatigue: a jump)'."""
    names = " + ".join(CARD_NAMES.get(c, str(c)) for c in cards)
    label = f"{_name(state, seat)} jumps with {names}{_fatigue_note(state, seat, list(cards), 1)}"
    return Action("jump", {"seat": seat, "cards": list(cards)}, label)


def answers(state: RaceState, seat: int) -> str:
    """The label of an answer to the Current or the Rapids, which says nothing of it (the answers are
    secret until the last is in; the screens show them then): 'Ben answers the Current'."""
    card = CARD_NAMES[state.pending.card] if state.pending is not None else "card"
    return f"{_name(state, seat)} answers the {card}"


def counter(state: RaceState, seat: int) -> Action:
    """`seat` discards a Current (Rapids) card to be spared the one waiting."""
    return Action("counter", {"seat": seat}, answers(state, seat))


def roll(state: RaceState, seat: int, value: int) -> Action:
    """The die rolled for `seat`'s two-arrow hex in the Current waiting, recorded before any phone shows
    it: 'Ben rolls the die for the Current' (its face is shown on Ben's phone, and to all once every salmon
    has answered)."""
    return Action("roll", {"seat": seat, "roll": value}, f"{_name(state, seat)} rolls the die for the Current")


def roll_with(state: RaceState, seat: int, rng: random.Random) -> Action:
    """`roll` with the die rolled by `rng`."""
    return roll(state, seat, rng.randint(1, DIE_SIDES))


def drift(state: RaceState, seat: int, arrows: int, roll: int | None = None, waterfall_arrows: int | None = None,
          waterfall_roll: int | None = None) -> Action:
    """`seat`'s salmon moves with the Current: the arrows on its hex, the roll when there are two (the one
    recorded for this Current, by default), and a Waterfall it was pushed into (its arrows and roll)."""
    if arrows == 2 and roll is None and 0 <= seat < len(state.salmon):
        roll = rolled(state, seat)
    data: dict[str, Any] = {"seat": seat, "arrows": arrows}
    if roll is not None:
        data["roll"] = roll
    if waterfall_arrows is not None:
        data["waterfall_arrows"] = waterfall_arrows
        if waterfall_roll is not None:
            data["waterfall_roll"] = waterfall_roll
    return Action("drift", data, answers(state, seat))


def drift_with(state: RaceState, seat: int, arrows: int, rng: random.Random, waterfall_arrows: int | None = None,
               ) -> Action:
    """`drift` with the die rolled by `rng` where two arrows need it (the hex's roll recorded for this Current
    where there is one: a race set up before rules version 2 carried it in the answer)."""
    recorded = rolled(state, seat) if 0 <= seat < len(state.salmon) else None
    roll = (recorded if recorded is not None else rng.randint(1, DIE_SIDES)) if arrows == 2 else None
    fall = rng.randint(1, DIE_SIDES) if waterfall_arrows == 2 else None
    return drift(state, seat, arrows, roll, waterfall_arrows, fall)


def rapids(state: RaceState, seat: int, arrows: int) -> Action:
    """`seat` says how many arrows its hex has (it discards as many cards, at the reveal)."""
    return Action("rapids", {"seat": seat, "arrows": arrows}, answers(state, seat))


def eagle_target(state: RaceState, seat: int) -> Action:
    """The Eagle's player names whose hand they look at: 'Ana's Eagle is on Ben'."""
    by = _name(state, state.pending.by) if state.pending is not None else "The"
    return Action("eagle.target", {"seat": seat}, f"{by}'s Eagle is on {_name(state, seat)}")


def eagle(state: RaceState, seat: int, countered: bool = False) -> Action:
    """The Eagle's target: 'Ana's Eagle: Ben discards a card' or 'Ben counters the Eagle'."""
    by = _name(state, state.pending.by) if state.pending is not None else "The"
    label = (f"{_name(state, seat)} counters the Eagle" if countered
             else f"{by}'s Eagle: {_name(state, seat)} discards a card")
    return Action("eagle", {"seat": seat, "countered": countered}, label)


def bear(state: RaceState, seat: int) -> Action:
    """A Bear on `seat`'s salmon: 'A Bear on Ben's salmon: +1 Fatigue'."""
    note = " +1 Fatigue" if state.piles.fatigue > 0 else " the Fatigue Deck is empty"
    return Action("bear", {"seat": seat}, f"A Bear on {_name(state, seat)}'s salmon:{note}")


def special_hex(state: RaceState, seat: int, hex_id: str, card: str | None = None, cards: Sequence[str] = (),
                from_hand: int = 0) -> Action:
    """`seat`'s salmon on a special hex: the card it takes (`card`, a choice for Swim, Double Swim and
    Current-or-Rapids hexes) or, on Reeds, the cards it removes (`cards`, `from_hand` of them from the hand).
    'Ana: Double Swim hex, takes Double Swim Left'; 'Ana: Reeds, removes Fatigue'."""
    data: dict[str, Any] = {"seat": seat, "hex": hex_id}
    name, hex_name = _name(state, seat), HEX_NAMES.get(hex_id, str(hex_id))
    if hex_id in REEDS_ICONS:
        data["cards"] = list(cards)
        if from_hand:
            data["from_hand"] = from_hand
        what = ", ".join(CARD_NAMES.get(c, str(c)) for c in cards)
        return Action("hex", data, f"{name}: {hex_name}, removes {what}")
    if hex_id == DRAW_HEX:
        return Action("hex", data, f"{name}: Draw +1, draws a card")
    if hex_id == FATIGUE_HEX:
        return Action("hex", data, f"{name}: Fatigue hex, +1 Fatigue")
    offered = HEX_CARDS.get(hex_id, ())
    card = card if card is not None else (offered[0] if len(offered) == 1 else None)
    if card is not None:
        data["card"] = card
    return Action("hex", data, f"{name}: {hex_name} hex, takes {CARD_NAMES.get(card, str(card))}")


def pond(state: RaceState, seat: int) -> Action:
    """`seat`'s salmon reaches the spawning pond: 'Ana's salmon reaches the spawning pond (round 5)'."""
    return Action("pond", {"seat": seat}, f"{_name(state, seat)}'s salmon reaches the spawning pond "
                                          f"(round {state.round})")


def end_turn(state: RaceState, seat: int, discards: int | None = None) -> Action:
    """`seat` ends the turn, discarding down to four (`discards`, by default what the hand limit asks):
    'Ana ends the turn: draws 2 back up to four' (', returns a Fatigue', ': the race is over')."""
    name = _name(state, seat)
    change = hand_at_end(state) if state.turn is not None and state.turn.seat == seat else 0
    if discards is None:
        discards = max(0, -change)
    parts = []
    if change > 0:
        parts.append(f"draws {change} back up to four")
    elif discards:
        parts.append(f"discards {discards} down to four")
    if returns_fatigue(state):
        parts.append("returns a Fatigue card")
    if any(s.in_pond for s in state.salmon) and seat == state.last_seat:
        parts.append("the race is over")
    label = f"{name} ends the turn" + (f": {', '.join(parts)}" if parts else "")
    return Action("end", {"seat": seat, "discards": discards}, label)
