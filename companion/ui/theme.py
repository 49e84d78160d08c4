"""Colours, sizes and themes shared by every screen."""

from __future__ import annotations

import flet as ft

SEED = "#00695C"  # river green-blue
TAP = 56  # height of a primary tap target, in logical pixels
REFUSED_OPACITY = 0.45  # a control that cannot act now, and says why when tapped (`common.refusing`)
TAP_SMALL = 48  # the smallest tap target we draw
GAP = 12
MAX_CONTENT_WIDTH = 720  # content column width on a desktop screen

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}


def tap_padding(vertical: float = 14, horizontal: float = 16) -> ft.Padding:
    """A button's padding that makes it at least 48 px tall at normal text size (a 20 px line and
    14 px above and below) and lets it grow with the text: no button has a fixed height, which
    would cut its words off at 200 % text."""
    return ft.Padding.symmetric(vertical=vertical, horizontal=horizontal)


def themes() -> tuple[ft.Theme, ft.Theme]:
    """The light and dark themes.

    Every tap target is at least 48 x 48 px whatever the device: Flutter draws compact
    controls for a desktop browser (icon buttons 40 px, text buttons 32 px tall) unless
    told otherwise. Filled buttons (what a screen is for) are 56 px tall.
    """
    def theme() -> ft.Theme:
        return ft.Theme(
            color_scheme_seed=SEED, use_material3=True, visual_density=ft.VisualDensity.STANDARD,
            icon_button_theme=ft.IconButtonTheme(style=ft.ButtonStyle(padding=12)),
            button_theme=ft.ButtonTheme(style=ft.ButtonStyle(padding=tap_padding())),
            outlined_button_theme=ft.OutlinedButtonTheme(style=ft.ButtonStyle(padding=tap_padding())),
            text_button_theme=ft.TextButtonTheme(style=ft.ButtonStyle(padding=tap_padding())),
            filled_button_theme=ft.FilledButtonTheme(style=ft.ButtonStyle(padding=tap_padding(18, 24))),
        )

    return theme(), theme()


def big_button_style() -> ft.ButtonStyle:
    return ft.ButtonStyle(
        padding=tap_padding(18, 20),
        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.W_600),
        shape=ft.RoundedRectangleBorder(radius=14),
    )
