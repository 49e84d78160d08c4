"""What a Freshwater Fly table might do now (the dice draft, the Strike cards, the score sheet),
with any die or shuffle drawn from `rng`: the moves random play and the conformance tests
choose from (a few, a second fish of one colour too many, are refused)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.actions import Action
from companion.games.freshwater_fly import draft as draft_rules
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly import strike as strike_rules
from companion.games.freshwater_fly import table
from companion.games.freshwater_fly.entry import REEL_BOARDS, FishColor, Hatch, Species

NAMES = ("Ana", "Ben", "Cy", "Dee")


def draft_moves(draft: draft_rules.DraftState | None, rng: random.Random,
                names: Sequence[str] = NAMES) -> list[Action]:
    if draft is None:
        seats = list(names[:rng.randint(2, min(4, len(names)))])
        return [table.start_draft(seats, rng.randrange(len(seats))), table.start_draft([], solo=True)]
    if draft.round_over:
        return [table.roll_draft(draft, rng, rng.choice(draft_rules.SOLO_POOLS)), table.end_draft()]
    index = draft.changed if draft.changed is not None else rng.randrange(len(draft.pool))
    moves = [table.take_die(draft, index)]
    face = draft.pool[index]
    if face < 6:
        moves.append(table.change_die(draft, index, draft_rules.FINESSE_UP, face + 1))
    if draft.changed is None and rng.random() < 0.2:
        moves.append(table.reroll_draft(draft, rng))
    return moves


def strike_moves(strike: strike_rules.StrikeState, rng: random.Random) -> list[Action]:
    rules = strike_rules.deck_rules()
    if strike.status == "idle":
        return [table.start_cast(rules.default_hooks, rng, silent=rng.random() < 0.3)]
    moves = [table.end_cast()]
    if strike.status == "casting" and strike.mode == "silent":
        moves.append(table.silent_row(strike, rng.random() < 0.6))
    if strike.can_deal:
        moves += [table.deal(), table.deal(2) if len(strike.deck) >= 2 else table.deal()]
    if strike.can_finesse:
        moves.append(table.deal(finesse=True))
    if strike.mode == "you" and strike.status in ("casting", "hooked") and rng.random() < 0.2:
        moves.append(table.restart_cast(strike, rng))
    return moves


def table_candidates(state: table.FlyTable, rng: random.Random) -> list[Action]:
    return draft_moves(state.draft, rng) + strike_moves(state.strike, rng)


def sheet_setup(rng: random.Random, names: Sequence[str] = NAMES) -> dict[str, Any]:
    players = list(names[:rng.randint(2, min(4, len(names)))])
    return {"players": players, "boards": rng.sample(REEL_BOARDS, len(players))}


def sheet_moves(state: sheet.SheetState, seat: int, rng: random.Random) -> list[Action]:
    player = state.player(seat)
    moves = [sheet.add_fish(state, seat, rng.choice(list(Species)), rng.choice(list(FishColor)), rng.randint(1, 4)),
             sheet.set_hatch(state, seat, rng.choice(list(Hatch)), rng.randint(0, 4)),
             sheet.set_board(state, seat, rng.choice(REEL_BOARDS)),
             sheet.hold_card(state, seat, rng.choice(["N", "O", "P"]), rng.random() < 0.5),
             sheet.set_w(state, seat, rng.randint(0, 2)),
             sheet.set_first(state, seat, len(player.fish) >= 7 and rng.random() < 0.5)]
    if player.fish:
        moves.append(sheet.remove_fish(state, seat, rng.randrange(len(player.fish))))
    return moves


def sheet_candidates(state: sheet.SheetState, rng: random.Random) -> list[Action]:
    return [a for seat in range(len(state.game.players)) for a in sheet_moves(state, seat, rng)]
