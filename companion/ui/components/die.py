"""Dice drawn as pictures: pips for a d6, a tinted tile with its number otherwise."""

from __future__ import annotations

import flet as ft

from companion.core.dice import DieType

# Which cells of a 3 x 3 grid hold a pip, for each face of a d6.
PIPS: dict[int, frozenset[tuple[int, int]]] = {
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 0), (2, 2)}),
    3: frozenset({(0, 0), (1, 1), (2, 2)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)}),
}

# A tint per die size, so a mixed pool reads at a glance.
TINTS = {4: "#FFE0B2", 6: "#FAFAFA", 8: "#C8E6C9", 10: "#BBDEFB", 12: "#E1BEE7", 20: "#FFCDD2"}
INK = "#212121"


def die_face(die: DieType, value: int, size: float = 64) -> ft.Control:
    """One die showing `value`, labelled for screen readers ('d6 showing 4')."""
    border, padding = max(1.5, size / 32), size * 0.12
    inner = size - 2 * (border + padding)  # Flutter insets the content by border and padding
    tile = ft.Container(
        width=size,
        height=size,
        bgcolor=TINTS.get(die.sides, "#FAFAFA"),
        border=ft.Border.all(border, INK),
        border_radius=size * 0.18,
        padding=padding,
        content=_pips(value, inner) if die.id == "d6" else _numbered(die, value, size),
    )
    return ft.Semantics(label=f"{die.name} showing {die.label(value)}", content=tile)


def _pips(value: int, inner: float) -> ft.Control:
    # Pips are placed absolutely on a 3 x 3 grid so the face looks the same at any size.
    dot = inner * 0.26
    step = (inner - dot) / 2
    return ft.Stack(
        [
            ft.Container(left=col * step, top=row * step, width=dot, height=dot, border_radius=dot / 2, bgcolor=INK)
            for row, col in sorted(PIPS[value])
        ],
        width=inner,
        height=inner,
    )


def _numbered(die: DieType, value: int, size: float) -> ft.Control:
    return ft.Column(
        [
            ft.Text(die.label(value), size=size * 0.42, weight=ft.FontWeight.BOLD, color=INK),
            ft.Text(die.name, size=size * 0.16, color=INK),
        ],
        spacing=0,
        alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        tight=True,
    )
