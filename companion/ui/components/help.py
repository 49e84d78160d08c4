"""'Rules help': how the app reads the rules, and which numbers are chosen defaults."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import close_dialog


def help_button(page_of, title: str, text: str) -> ft.Control:
    """An icon button that opens the help text for `title` in a dialog.

    `page_of` returns the page when tapped (the control is built before it is on one).
    """
    def show(e: ft.Event) -> None:
        page = page_of()
        page.show_dialog(ft.AlertDialog(
            title=ft.Text(title),
            content=ft.Column([ft.Markdown(text)], tight=True, scroll=ft.ScrollMode.AUTO, width=420),
            actions=[ft.TextButton("Close", on_click=lambda e: close_dialog(page))],
        ))

    return ft.IconButton(ft.Icons.HELP_OUTLINE, tooltip=f"Rules help: {title}", on_click=show)
