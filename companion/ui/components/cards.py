"""Strike cards drawn big and high-contrast, readable from across the table."""

from __future__ import annotations

import flet as ft

from companion.games.freshwater_fly.strike import HOOK

HOOK_RED, HOOK_INK = "#C62828", "#FFFFFF"
MISS_BLUE, MISS_INK = "#CFD8DC", "#263238"
BACK = "#37474F"


def strike_card(card: str | None, width: float = 96) -> ft.Control:
    """A face-up Strike card (hook or miss), or a card back when `card` is None."""
    height = width * 1.4
    if card is None:
        return ft.Container(width=width, height=height, border_radius=12, bgcolor=BACK,
                            border=ft.Border.all(3, "#90A4AE"), alignment=ft.Alignment.CENTER,
                            content=ft.Icon(ft.Icons.QUESTION_MARK, color="#90A4AE", size=width * 0.4))
    hooked = card == HOOK
    ink = HOOK_INK if hooked else MISS_INK
    return ft.Semantics(
        label="Strike card: hook" if hooked else "Strike card: miss",
        content=ft.Container(
            width=width, height=height, border_radius=12, bgcolor=HOOK_RED if hooked else MISS_BLUE,
            border=ft.Border.all(3, ink), alignment=ft.Alignment.CENTER,
            content=ft.Column([
                ft.Icon(ft.Icons.PHISHING if hooked else ft.Icons.WAVES, color=ink, size=width * 0.5),
                ft.Text("HOOK" if hooked else "MISS", color=ink, size=width * 0.2, weight=ft.FontWeight.BOLD),
            ], tight=True, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        ),
    )
