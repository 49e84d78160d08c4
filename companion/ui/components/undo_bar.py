"""Undo and redo, labelled with what they take back."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.theme import TAP_SMALL


def undo_bar(undo_label: str | None, redo_label: str | None,
             on_undo: Callable[[], None], on_redo: Callable[[], None]) -> ft.Control:
    """Two wide buttons; each is disabled when there is nothing to take back."""
    undo = ft.OutlinedButton(
        content=undo_label or "Nothing to undo",
        icon=ft.Icons.UNDO,
        disabled=undo_label is None,
        on_click=lambda e: on_undo(),
        height=TAP_SMALL,
        expand=True,
        key="undo",
    )
    redo = ft.OutlinedButton(
        content=redo_label or "Redo",
        icon=ft.Icons.REDO,
        disabled=redo_label is None,
        on_click=lambda e: on_redo(),
        height=TAP_SMALL,
        key="redo",
    )
    return ft.Row([undo, redo], spacing=8)
