"""Undo and redo, labelled with what they take back."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.theme import TAP_SMALL


class UndoBar:
    """Two wide buttons kept on screen; `show` relabels them after every change."""

    def __init__(self, on_undo: Callable[[], None], on_redo: Callable[[], None]) -> None:
        self.undo = ft.OutlinedButton(icon=ft.Icons.UNDO, on_click=lambda e: on_undo(), height=TAP_SMALL,
                                      expand=True, key="undo")
        self.redo = ft.OutlinedButton(icon=ft.Icons.REDO, on_click=lambda e: on_redo(), height=TAP_SMALL,
                                      key="redo")
        self.control = ft.Row([self.undo, self.redo], spacing=8)
        self.show(None, None)

    def show(self, undo_label: str | None, redo_label: str | None) -> None:
        """Each button is disabled when there is nothing to take back."""
        self.undo.content = undo_label or "Nothing to undo"
        self.undo.disabled = undo_label is None
        self.redo.content = redo_label or "Redo"
        self.redo.disabled = redo_label is None
