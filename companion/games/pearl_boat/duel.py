"""The hidden duel (rules: Hidden attack): "both players choose net, anchor or hook", each in secret on
their own phone; the second choice reveals both. "If both players choose the same item, they must
announce their new choices until there is a clear victor. The loser from this battle loses 2
pearls." Each round of choices is a kit `Secret`, so a revealed round is final for its choosers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.core.words import count
from companion.games.pearl_boat.chance import HIDDEN_ATTACK
from companion.games.pearl_boat.ledger import pay, remove_card, seat_of
from companion.games.pearl_boat.state import (
    DUEL_CHOICES,
    DUEL_NAMES,
    Duel,
    DuelRound,
    PearlBoatState,
)
from companion.games.pearl_boat.store import PearlBoatError


def start(state: PearlBoatState, attacker: int, defender: int) -> PearlBoatState:
    """A hidden attack on a boat that holds one: both choose, in secret."""
    turn = state.turn.number if state.turn is not None else 0
    return replace(state, duel=Duel(attacker, defender, turn=turn), choices=state.choices.open((attacker, defender)))


def round_words(names: tuple[str, ...], duel: Duel, shown: DuelRound) -> str:
    """A round revealed, as its notice begins: 'Ana Net, Ben Anchor'."""
    return f"{names[duel.attacker]} {DUEL_NAMES[shown.attacker]}, {names[duel.defender]} {DUEL_NAMES[shown.defender]}"


def choose(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = seat_of(state, data)
    duel = state.duel
    if duel is None:
        raise PearlBoatError("There is no hidden duel to choose in.")
    if seat not in (duel.attacker, duel.defender):
        raise PearlBoatError(f"{state.names[seat]} is not in the hidden duel.")
    choice = data.get("choice")
    if choice not in DUEL_CHOICES:
        raise PearlBoatError(f"Choose net, anchor or hook, not {choice!r}.")
    if state.choices.has_chosen(seat):
        raise PearlBoatError(f"{state.names[seat]} has already chosen this round.")
    choices = state.choices.choose(seat, choice)
    if not choices.revealed:
        return replace(state, choices=choices)
    shown = DuelRound(choices.value(duel.attacker), choices.value(duel.defender))
    duel = replace(duel, rounds=(*duel.rounds, shown))
    said = round_words(state.names, duel, shown)
    if shown.winner is None:
        return replace(state, duel=duel, choices=choices.open((duel.attacker, duel.defender)),
                       notice=f"{said}: the same, choose again.")
    winner, loser = (duel.attacker, duel.defender) if shown.winner == "first" else (duel.defender, duel.attacker)
    paid = min(state.data.duel_loss, state.boats[loser].pearls)
    state = pay(state, loser, -state.data.duel_loss)
    if state.data.duel_spends_defender and HIDDEN_ATTACK in state.boats[duel.defender].attacks:
        state = remove_card(state, duel.defender, HIDDEN_ATTACK, "spend")
    duel = replace(duel, winner=winner, loser=loser, paid=paid)
    return replace(state, duel=None, last_duel=duel, choices=choices,
                   notice=f"{said}: {state.names[winner]} wins, {state.names[loser]} pays "
                          f"{count(paid, 'pearl')}.")
