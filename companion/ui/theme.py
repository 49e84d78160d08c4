"""Colours, sizes and themes shared by every screen."""

from __future__ import annotations

import flet as ft

SEED = "#00695C"  # river green-blue
TAP = 56  # height of a primary tap target, in logical pixels
TAP_SMALL = 48  # the smallest tap target we draw
GAP = 12
MAX_CONTENT_WIDTH = 720  # content column width on a desktop screen

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}


def themes() -> tuple[ft.Theme, ft.Theme]:
    """The light and dark themes."""
    return (
        ft.Theme(color_scheme_seed=SEED, use_material3=True),
        ft.Theme(color_scheme_seed=SEED, use_material3=True),
    )


def big_button_style() -> ft.ButtonStyle:
    return ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=20, vertical=12),
        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.W_600),
        shape=ft.RoundedRectangleBorder(radius=14),
    )
