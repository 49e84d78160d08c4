"""The pearl boat game's turn panel's keys (`turn.py`): a number in one tap (the table's die, a space's
value, the steps to the fish market or a blocking boat), buttons in a wrapped row, and pearls in words."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.words import count, noun
from companion.ui.theme import TAP_SMALL

REACH = 6  # a d6 roll moves at most 6 steps: the fish market or a blocking boat further away is out of reach


def pearls(n: int) -> str:
    """'1 pearl', '2 pearls'."""
    return count(n, "pearl")


def signed_pearls(value: int) -> str:
    """A space's value: '+1 pearl', '+3 pearls', '-2 pearls'."""
    return f"{value:+d} {noun(abs(value), 'pearl')}"


def number_key(shown: int | str, heard: str, key: str, on_tap: Callable[[], None],
               picked: bool | None = None) -> ft.Control:
    """A key showing a number (`shown`: 4, '+4'), sharing its row's width, 48 px tall; `heard` by a screen
    reader, as a button, or with `picked` a choice (checked or not)."""
    return ft.Semantics(button=True if picked is None else None, checked=picked, expand=True, content=ft.Container(
        ft.Text(str(shown), size=20, weight=ft.FontWeight.W_600, semantics_label=heard,
                color=ft.Colors.ON_PRIMARY if picked else None),
        key=key, height=TAP_SMALL, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY if picked else ft.Colors.SECONDARY_CONTAINER if picked is None
        else ft.Colors.SURFACE_CONTAINER_HIGHEST, on_click=lambda e: on_tap()))


def key_rows(keys: list[ft.Control]) -> ft.Control:
    """Number keys in rows of at most 6 sharing the width (a d6 on one row of a phone, a d8 on two)."""
    per_row = len(keys) if len(keys) <= 6 else (len(keys) + 1) // 2
    # 2 px between keys: six of them share a phone's panel at 49 px each (4 px left them 47, under 48).
    return ft.Column([ft.Row(keys[i:i + per_row], spacing=2) for i in range(0, len(keys), per_row)], spacing=4)


def die_keys(die: str, faces: range, on_tap: Callable[[int], None], key: str) -> ft.Control:
    """A key per face of the table's own die, the number it shows, in one tap ('d6 rolled 4')."""
    return key_rows([number_key(n, f"{die} rolled {n}", f"{key}-{n}", lambda n=n: on_tap(n)) for n in faces])


def value_keys(values: tuple[int, ...], on_tap: Callable[[int], None]) -> ft.Control:
    """A space's values as number keys ('+4', heard '+4 pearls'), keyed `reward-0`...: the whole row in
    view under the turn's step at 200 % text (as buttons with their word, the third went below the fold)."""
    return key_rows([number_key(f"{v:+d}", signed_pearls(v), f"reward-{i}", lambda v=v: on_tap(v))
                     for i, v in enumerate(values)])


def steps_keys(label: str, chosen: int | None, least: int, on_pick: Callable[[int | None], None],
               key: str) -> ft.Control:
    """The steps to it, a key each in one row as the d6's (`die_keys`): one tap; the key chosen tapped
    again, none is: out of a roll's reach, as at first (a chip 'far' beside them made two rows)."""
    return key_rows([number_key(n, f"{label}: {count(n, 'step')}", f"{key}-{n}",
                                lambda n=n: on_pick(None if chosen == n else n), picked=chosen == n)
                     for n in range(least, REACH + least)])


def buttons(items: list[tuple[str, str, Callable[[], None]]], reads: list[str] | None = None,
            icon: ft.IconData | None = None) -> ft.Control:
    """(words, key, on_tap) as a wrapped row of 48 px buttons; with `reads`, what a screen reader hears of each."""
    heard = reads or [None] * len(items)
    return ft.Row([ft.OutlinedButton(content=ft.Text(words, semantics_label=said), icon=icon, key=key,
                                     on_click=lambda e, f=f: f())
                   for (words, key, f), said in zip(items, heard, strict=True)], wrap=True, spacing=6, run_spacing=6)
