"""Small building blocks shared by the screens."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def section(title: str, *controls: ft.Control) -> ft.Control:
    """A titled group of controls."""
    return ft.Column(
        [ft.Text(title, size=20, weight=ft.FontWeight.W_600), *controls],
        spacing=8,
    )


def empty_state(icon: ft.IconData, title: str, text: str) -> ft.Control:
    """What a screen shows when there is nothing in it yet."""
    return ft.Container(
        padding=ft.Padding.symmetric(vertical=40, horizontal=16),
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            [
                ft.Icon(icon, size=64, color=ft.Colors.PRIMARY),
                ft.Text(title, size=22, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
                ft.Text(text, size=16, text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=12,
        ),
    )


def notice_card(text: str, on_dismiss: Callable[[], None], key: str, dismissible: bool = True) -> ft.Control:
    """A warning the user must see (a damaged file, a browser limitation)."""
    rows: list[ft.Control] = [ft.Row(
        [ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=ft.Colors.ON_ERROR_CONTAINER),
         ft.Text(text, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )]
    if dismissible:
        rows.append(ft.Row([ft.TextButton("Dismiss", on_click=lambda e: on_dismiss())],
                           alignment=ft.MainAxisAlignment.END))
    return ft.Container(key=key, bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=12,
                        content=ft.Column(rows, spacing=4))


class ChoiceRow:
    """A row of big toggle tiles, exactly one selected; kept on screen, `select` moves the choice."""

    def __init__(self, options: list[tuple[str, str]], on_select: Callable[[str], None], key: str,
                 size: float = 48, width: float | None = None) -> None:
        self._tiles: dict[str, tuple[ft.Container, ft.Text]] = {}
        for value, label in options:
            text = ft.Text(label, size=16, weight=ft.FontWeight.W_600)
            tile = ft.Container(key=f"{key}-{value}", width=width or size, height=size, border_radius=10,
                                alignment=ft.Alignment.CENTER, content=text,
                                on_click=lambda e, v=value: on_select(v))
            self._tiles[value] = (tile, text)
        self.control = ft.Row([t for t, _ in self._tiles.values()], wrap=True, spacing=4, run_spacing=4,
                              alignment=ft.MainAxisAlignment.CENTER)

    def select(self, selected: str) -> None:
        for value, (tile, text) in self._tiles.items():
            chosen = value == selected
            tile.bgcolor = ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGH
            text.color = ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE


def chip(label: str, on_click: Callable[[], None], key: str, selected: bool = False,
         color: str | None = None) -> ft.Control:
    """A big, content-sized choice button; `color` rings it (a player's seat colour)."""
    style = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=16),
        side=ft.BorderSide(3, color) if color else None,
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGH,
        color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
        text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600),
    )
    return ft.Button(label, key=key, height=48, style=style, elevation=0, on_click=lambda e: on_click())


def panel(*controls: ft.Control, key: str | None = None, color: str = ft.Colors.SURFACE_CONTAINER) -> ft.Control:
    """A rounded block of a screen holding one thing to do (a pick, a turn, an answer)."""
    return ft.Container(ft.Column(list(controls), spacing=8), padding=12, border_radius=16, bgcolor=color, key=key)


def button_row(items, key: str) -> ft.Control:
    """(words, on_tap) pairs as a wrapped row of 48 px buttons, keyed `key-0`, `key-1`..."""
    return ft.Row([ft.OutlinedButton(words, height=48, key=f"{key}-{i}", on_click=lambda e, f=f: f())
                   for i, (words, f) in enumerate(items)], wrap=True, spacing=6, run_spacing=6)
