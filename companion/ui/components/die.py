"""Dice drawn as pictures: pips for a d6, a tinted tile with its number otherwise.

`DieFace` and `DiceTray` are kept on screen and changed in place, so a roll only
sends which pips show, not new controls.
"""

from __future__ import annotations

from collections.abc import Sequence

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
PIP_CELLS = sorted(frozenset().union(*PIPS.values()))

# A tint per die size, so a mixed pool reads at a glance.
TINTS = {4: "#FFE0B2", 6: "#FAFAFA", 8: "#C8E6C9", 10: "#BBDEFB", 12: "#E1BEE7", 20: "#FFCDD2"}
INK = "#212121"


def die_label(die: DieType, value: int) -> str:
    return f"{die.name} showing {die.label(value)}"


class DieFace:
    """One die on screen; `show` turns it to another face (or another kind of die)."""

    def __init__(self, size: float = 64) -> None:
        border, padding = max(1.5, size / 32), size * 0.12
        inner = size - 2 * (border + padding)  # Flutter insets the content by border and padding
        dot = inner * 0.26
        step = (inner - dot) / 2
        self._pips = {
            cell: ft.Container(left=cell[1] * step, top=cell[0] * step, width=dot, height=dot,
                               border_radius=dot / 2, bgcolor=INK, visible=False)
            for cell in PIP_CELLS
        }
        self._number = ft.Text("", size=size * 0.42, weight=ft.FontWeight.BOLD, color=INK)
        self._name = ft.Text("", size=size * 0.16, color=INK)
        self._numbered = ft.Column([self._number, self._name], spacing=0, tight=True, visible=False,
                                   alignment=ft.MainAxisAlignment.CENTER,
                                   horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self._tile = ft.Container(
            width=size, height=size, border=ft.Border.all(border, INK), border_radius=size * 0.18,
            padding=padding, alignment=ft.Alignment.CENTER,
            content=ft.Stack([*self._pips.values(), self._numbered], width=inner, height=inner,
                             alignment=ft.Alignment.CENTER),
        )
        self.control = ft.Semantics(content=self._tile)

    def show(self, die: DieType, value: int) -> None:
        self.control.label = die_label(die, value)
        self._tile.bgcolor = TINTS.get(die.sides, "#FAFAFA")
        pips = PIPS[value] if die.id == "d6" else frozenset()
        for cell, pip in self._pips.items():
            pip.visible = cell in pips
        self._numbered.visible = die.id != "d6"
        self._number.value = die.label(value)
        self._name.value = die.name


class DiceTray:
    """A row of dice that wraps; faces are reused from one roll to the next."""

    def __init__(self, size: float = 64) -> None:
        self._size = size
        self._faces: list[DieFace] = []
        self.control = ft.Row(wrap=True, spacing=12, run_spacing=12, alignment=ft.MainAxisAlignment.CENTER)

    def show(self, dice: Sequence[tuple[DieType, int]]) -> None:
        while len(self._faces) < len(dice):
            self._faces.append(DieFace(self._size))
        for face, (die, value) in zip(self._faces, dice):
            face.show(die, value)
        self.control.controls = [face.control for face in self._faces[:len(dice)]]

