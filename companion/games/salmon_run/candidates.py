"""What the players of a Salmon Run race might do now, with any die rolled by `rng`: the
moves random play and the conformance tests choose from (a hex may find its pile empty)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.games.salmon_run import river as rv
from companion.games.salmon_run import rules as sr

PLAYERS = (("Ana", "red"), ("Ben", "blue"), ("Cy", "green"), ("Dee", "yellow"))


def example_setup(rng: random.Random, players: Sequence[tuple[str, str]] = PLAYERS) -> dict[str, Any]:
    """A race of 2 to 4 salmon on a river of any length, its boards on any side."""
    length = rng.choice(sorted(rv.LENGTH_NAMES))
    river = rv.random_river(length, rv.roll_random_river(length, rng))
    return sr.setup_for(list(players[:rng.randint(2, min(4, len(players)))]), river)


def _special_hex(state: sr.RaceState, rng: random.Random) -> Action:
    seat = rng.randrange(len(state.salmon))
    hex_id = rng.choice(sr.HEXES)
    offered = sr.hex_choices(state, hex_id) or (None,)
    held = [c for c, n in state.salmon[seat].deck.as_dict().items() for _ in range(min(n, 2))]
    cards = rng.sample(held, min(len(held), sr.REEDS_ICONS.get(hex_id, 1))) if held else []
    return sr.special_hex(state, seat, hex_id, card=rng.choice(offered), cards=cards,
                          from_hand=rng.randint(0, min(len(cards), state.salmon[seat].hand)))


def candidates(state: sr.RaceState, rng: random.Random) -> list[Action]:
    if state.phase == sr.FIRST:
        return [sr.roll_first_player(state, rng)]
    if state.phase == sr.OVER:
        return []
    p = state.pending
    if p is not None and p.card == sr.EAGLE:
        return [sr.eagle(state, seat, countered=sr.available(state, seat, sr.EAGLE) > 0 and rng.random() < 0.3)
                for seat in range(len(state.salmon))]
    if p is not None:
        moves = [sr.counter(state, seat) for seat in sr.waiting_on(state) if sr.can_counter(state, seat)]
        for seat in sr.waiting_on(state):
            arrows = rng.randrange(3)
            if p.card == sr.CURRENT:
                falls = rng.choice([None, None, 1, 2]) if arrows else None
                moves.append(sr.drift_with(state, seat, arrows, rng, falls))
            else:
                moves.append(sr.rapids(state, seat, arrows))
        return moves
    seat = state.current
    moves = [sr.play(state, seat, card) for card in sr.playable(state)]
    swims = [c for c in sr.jump_cards(state) for _ in range(sr.available(state, seat, c))]
    if len(swims) >= 2:
        moves.append(sr.jump(state, seat, rng.sample(swims, 2)))
    moves += [sr.end_turn(state, seat), _special_hex(state, rng)]
    if rng.random() < 0.2:
        moves.append(sr.bear(state, rng.randrange(len(state.salmon))))
    if state.round >= 3 and not state.salmon[seat].in_pond:
        moves.append(sr.pond(state, seat))
    return moves
