"""The turn's ledger on every phone: what the current turn did so far (and, until it does something,
the turn before), each die the app rolled drawn with its face beside what it meant."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.core.actions import Action
from companion.core.dice import standard_die
from companion.games.salmon_run.ledger import ledgers
from companion.games.salmon_run.rules import RaceState
from companion.ui.components.common import panel
from companion.ui.components.die import DieFace, Look

D6 = standard_die(6)


BESIDE = 2  # dice drawn beside their line; more (a roll-off rolled again and again) go above it, wrapping


def die_row(text: str, rolls: Sequence[int], key: str, size: int = 15) -> ft.Control:
    """`text` after the faces of the dice rolled for it ('⚄ Ben rolled 5 (odd): arrow 1'); many dice
    above it, in rows that wrap, so the words keep the phone's width."""
    faces = []
    for roll in rolls:
        face = DieFace(size=32)
        face.show(Look(D6, roll))
        faces.append(face.control)
    if len(faces) > BESIDE:
        return ft.Column([ft.Row(faces, wrap=True, spacing=6, run_spacing=6), ft.Text(text, size=size, key=key)],
                         spacing=4)
    return ft.Row([*faces, ft.Text(text, size=size, expand=True, key=key)], spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def ledger_panel(state: RaceState, actions: Sequence[Action]) -> ft.Control | None:
    """Every phone's lines of the turn; None before anything happened."""
    controls: list[ft.Control] = []
    for ledger in ledgers(state, actions):
        if not ledger.lines:
            continue
        name = state.names[ledger.seat]
        controls.append(ft.Text(f"{name}'s turn, just ended:" if ledger.ended else f"{name}'s turn so far:", size=16,
                                weight=ft.FontWeight.W_600, key=f"ledger-{'before' if ledger.ended else 'now'}"))
        controls += [die_row(line.text, line.rolls, f"ledger-{'before' if ledger.ended else 'now'}-{i}")
                     for i, line in enumerate(ledger.lines)]
    return panel(*controls, key="ledger") if controls else None
