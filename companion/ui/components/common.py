"""Small building blocks shared by the screens."""

from __future__ import annotations

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


def notice_card(text: str, on_dismiss, key: str) -> ft.Control:
    """A warning the user must see (a damaged file, a browser limitation)."""
    return ft.Container(
        key=key,
        bgcolor=ft.Colors.ERROR_CONTAINER,
        border_radius=12,
        padding=12,
        content=ft.Column(
            [
                ft.Row(
                    [ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=ft.Colors.ON_ERROR_CONTAINER),
                     ft.Text(text, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                ft.Row([ft.TextButton("Dismiss", on_click=lambda e: on_dismiss())], alignment=ft.MainAxisAlignment.END),
            ],
            spacing=4,
        ),
    )


def choice_row(options: list[tuple[str, str]], selected: str, on_select, key: str, size: float = 48) -> ft.Control:
    """A row of big toggle tiles; exactly one is selected. `options` are (value, label)."""
    def tile(value: str, label: str) -> ft.Control:
        chosen = value == selected
        return ft.Container(
            key=f"{key}-{value}",
            width=size, height=size,
            border_radius=10,
            alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Text(label, size=16, weight=ft.FontWeight.W_600,
                            color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE),
            on_click=lambda e: on_select(value),
        )
    return ft.Row([tile(v, l) for v, l in options], wrap=True, spacing=4, run_spacing=4,
                  alignment=ft.MainAxisAlignment.CENTER)
