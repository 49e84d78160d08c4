"""A number a player enters at the table in one or two taps: its digit keys under it (a fish
card's catch number "10" is 1 then 0, ⌫ takes the last digit off), never a run of - and + steps."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.theme import TAP_SMALL


def typed(value: int, digit: int, appending: bool, least: int, most: int) -> int:
    """The number after a tap on `digit`: added to the end of `value` while the player is typing on
    this pad (and the result is at most `most`), else a number of its own; one out of range keeps
    `value`."""
    if appending and least <= value * 10 + digit <= most:
        return value * 10 + digit
    return digit if least <= digit <= most else value


class NumberPad:
    """`label` and the number, then a key for each digit. `appending`: the player's last tap was on
    this pad (the next digit goes on the end); `on_set` hears the new number."""

    def __init__(self, label: str, value: int, least: int, most: int, on_set: Callable[[int], None], key: str,
                 appending: bool) -> None:
        digits = [d for d in (*range(1, 10), 0) if d <= most]
        self.control = ft.Column([
            ft.Row([ft.Text(label, size=16, expand=True),
                    ft.Text(str(value), size=22, weight=ft.FontWeight.W_700, key=f"{key}-count")],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row([*[_key(label, str(d), f"{key}-{d}", lambda d=d: on_set(typed(value, d, appending, least, most)))
                      for d in digits],
                    _key(label, "⌫", f"{key}-back", lambda: on_set(max(value // 10, least)), "the last digit off")],
                   wrap=True, spacing=4, run_spacing=4),
        ], spacing=4)


def _key(label: str, face: str, key: str, on_tap: Callable[[], None], reads: str | None = None) -> ft.Control:
    """A key, 48 px square; a screen reader hears which number it types into."""
    return ft.Semantics(button=True, content=ft.Container(
        ft.Text(face, size=20, weight=ft.FontWeight.W_600, semantics_label=f"{label}: {reads or face}"),
        key=key, width=TAP_SMALL, height=TAP_SMALL, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.SECONDARY_CONTAINER, on_click=lambda e: on_tap()))
