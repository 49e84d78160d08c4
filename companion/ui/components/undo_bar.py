"""Undo and redo, labelled with what they take back."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.theme import TAP_SMALL


class UndoBar:
    """Two wide buttons kept on screen; `show` relabels them after every change."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None]) -> None:
        # Labels can be long ("Undo: Ana: the shared die, Oyster: fill Oyster box 1"): two lines at most.
        self._undo_text = ft.Text("", max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, size=14)
        self.undo = ft.OutlinedButton(content=self._undo_text, icon=ft.Icons.UNDO, on_click=lambda e: on_undo(),
                                      height=TAP_SMALL + 4, expand=True, key="undo")
        self.redo = ft.OutlinedButton(icon=ft.Icons.REDO, on_click=lambda e: on_redo(), height=TAP_SMALL + 4,
                                      key="redo")
        self.control = ft.Row([self.undo, self.redo], spacing=8)
        self.show(None, None)

    def show(self, undo_label: str | None, redo_label: str | None) -> None:
        """Each button is disabled when there is nothing to take back."""
        self._undo_text.value = undo_label or "Nothing to undo"
        self.undo.disabled = undo_label is None
        self.redo.content = redo_label or "Redo"
        self.redo.disabled = redo_label is None
