"""Undo and redo, labelled with what they take back and whose it was."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.actions import Action, button_label


class UndoBar:
    """Two wide buttons kept on screen; `show` relabels them after every change.

    A button names one action and takes back that one only: when what it would take
    back changes, the buttons are drawn anew (a new control), so a tap made on the
    old label still carries the action it showed and is refused if that is no longer
    the one (see `GameSession.undo`'s `expected`).
    """

    def __init__(self, on_undo: Callable[[Action | None], None], on_redo: Callable[[Action | None], None]) -> None:
        self._on_undo, self._on_redo = on_undo, on_redo
        self._drawn = 0
        self._shown: tuple[Action | None, Action | None] | None = None
        self.control = ft.Row(spacing=8)
        self.show(None, None)

    def show(self, undo: Action | None, redo: Action | None) -> None:
        """Each button is disabled when there is nothing to take back."""
        if self._shown is not None and self._shown[0] is undo and self._shown[1] is redo:
            return
        self._shown = (undo, redo)
        self._drawn += 1
        # Labels can be long ("Undo: Ana: the shared die, Oyster: fill Oyster box 1"): two lines at most.
        undo_button = ft.OutlinedButton(
            content=ft.Text(button_label("Undo", undo) or "Nothing to undo", max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS, size=14),
            icon=ft.Icons.UNDO, on_click=lambda e: self._on_undo(undo), expand=True,
            key="undo", disabled=undo is None)
        redo_button = ft.OutlinedButton(
            content=button_label("Redo", redo) or "Redo", icon=ft.Icons.REDO,
            on_click=lambda e: self._on_redo(redo), key="redo", disabled=redo is None)
        # The wrapper's key changes with what the buttons do: Flet then sends new controls.
        self.control.controls = [ft.Container(undo_button, key=f"undo-{self._drawn}", expand=True),
                                 ft.Container(redo_button, key=f"redo-{self._drawn}")]
