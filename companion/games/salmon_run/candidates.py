"""What the players of a Salmon Run race might do now, with any die rolled by `rng`: the
moves random play and the conformance tests choose from (a hex may find its pile empty)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.core.table.seats import seat_entry
from companion.games.salmon_run import actions as sr
from companion.games.salmon_run import river as rv
from companion.games.salmon_run import view
from companion.games.salmon_run.hexes import HEXES, REEDS_ICONS
from companion.games.salmon_run.river import CURRENT, EAGLE
from companion.games.salmon_run.setup import setup_for
from companion.games.salmon_run.state import EARLIER_RULES, FIRST, OVER, RaceState

PLAYERS = (("Ana", "red"), ("Ben", "blue"), ("Cy", "green"), ("Dee", "yellow"))


def example_setup(rng: random.Random, players: Sequence[tuple[str, str]] = PLAYERS) -> dict[str, Any]:
    """A race of 2 to 4 salmon on a river of any length, its boards on any side."""
    length = rng.choice(sorted(rv.LENGTH_NAMES))
    river = rv.random_river(length, rv.roll_random_river(length, rng))
    return setup_for([seat_entry(n, f"p-{n.lower()}", colour=c) for n, c in players[:rng.randint(2, min(4, len(players)))]],
                     river)


def _special_hex(state: RaceState, rng: random.Random) -> Action:
    seat = rng.randrange(len(state.salmon))
    hex_id = rng.choice(HEXES)
    offered = view.hex_choices(state, hex_id) or (None,)
    held = [c for c, n in state.salmon[seat].deck.as_dict().items() for _ in range(min(n, 2))]
    cards = rng.sample(held, min(len(held), REEDS_ICONS.get(hex_id, 1))) if held else []
    return sr.special_hex(state, seat, hex_id, card=rng.choice(offered), cards=cards,
                          from_hand=rng.randint(0, min(len(cards), state.salmon[seat].hand)))


def candidates(state: RaceState, rng: random.Random) -> list[Action]:
    if state.phase == FIRST:
        return [sr.roll_first_player(state, rng)]
    if state.phase == OVER:
        return []
    p = state.pending
    if p is not None and p.card == EAGLE and p.target is None:
        return [sr.eagle_target(state, seat) for seat in range(len(state.salmon))]
    if p is not None and p.card == EAGLE:
        return [sr.eagle(state, p.target, countered=rng.random() < 0.3)]
    if p is not None:
        moves = [sr.counter(state, seat) for seat in view.waiting_on(state) if view.can_counter(state, seat)]
        for seat in view.waiting_on(state):
            arrows = rng.randrange(3)
            if p.card != CURRENT:
                moves.append(sr.rapids(state, seat, arrows))
            elif arrows == 2 and view.may_roll(state, seat) and (state.rules_version > EARLIER_RULES
                                                                  or rng.random() < 0.5):
                moves.append(sr.roll_with(state, seat, rng))  # the die first, recorded; the answer reads it
            else:
                falls = rng.choice([None, None, 1, 2]) if arrows else None
                moves.append(sr.drift_with(state, seat, arrows, rng, falls))
        return moves
    seat = state.current
    moves = [sr.play(state, seat, card) for card in view.playable(state)]
    swims = [c for c in view.jump_cards(state) for _ in range(view.available(state, seat, c))]
    if len(swims) >= 2:
        moves.append(sr.jump(state, seat, rng.sample(swims, 2)))
    moves += [sr.end_turn(state, seat), _special_hex(state, rng)]
    if rng.random() < 0.2:
        moves.append(sr.bear(state, rng.randrange(len(state.salmon))))
    if state.round >= 3 and not state.salmon[seat].in_pond:
        moves.append(sr.pond(state, seat))
    return moves
