"""Dice drawn as pictures: pips on a d6, a picture on a custom face, a tinted tile with
its number otherwise.

`DieFace` and `DiceTray` stay on screen and are changed in place, so a roll sends
which pips and pictures show, not new controls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

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

# A tint per kind of die, so a mixed pool reads at a glance.
TINTS = {"d4": "#FFE0B2", "d6": "#FAFAFA", "d8": "#C8E6C9", "d10": "#BBDEFB", "d12": "#E1BEE7",
         "d20": "#FFCDD2", "boat": "#E3F2FD", "town": "#FFF8E1", "chance": "#EDE7F6"}
INK = "#212121"
KEPT = "#FF6F00"
RING = 4  # the ring around a selected die


def die_label(die: DieType, value: int, kept: bool = False) -> str:
    """What a screen reader says: 'd6 showing 4', 'Boat die showing Shrimp, kept'."""
    return f"{die.name} showing {die.label(value)}{', kept' if kept else ''}"


@dataclass(frozen=True)
class Look:
    """How one die is drawn right now."""

    die: DieType
    value: int
    kept: bool = False
    selected: bool = False
    reading: str | None = None  # what the face means in this game ('Arrow 1')


class DieFace:
    """One die on screen; `show` turns it to another face, kind, or state."""

    def __init__(self, size: float = 64, on_tap: Callable[[], None] | None = None, key: str | None = None) -> None:
        self.size = size
        border, padding = max(1.5, size / 32), size * 0.12
        inner = size - 2 * (border + padding)  # Flutter insets the content by border and padding
        dot = inner * 0.26
        step = (inner - dot) / 2
        self._pips = {
            cell: ft.Container(left=cell[1] * step, top=cell[0] * step, width=dot, height=dot,
                               border_radius=dot / 2, bgcolor=INK, visible=False)
            for cell in PIP_CELLS
        }
        self._number = ft.Text("", size=size * 0.38, weight=ft.FontWeight.BOLD, color=INK)
        self._caption = ft.Text("", size=max(9, size * 0.15), color=INK, text_align=ft.TextAlign.CENTER,
                                max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
        self._picture = ft.Image(src="dice/cod.svg", width=inner * 0.72, height=inner * 0.72, visible=False)
        self._words = ft.Column([self._picture, self._number, self._caption], spacing=0, tight=True,
                                alignment=ft.MainAxisAlignment.CENTER,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER, visible=False)
        badge = size * 0.3
        self._lock = ft.Container(
            right=-2, top=-2, width=badge, height=badge, border_radius=badge / 2, bgcolor=KEPT, visible=False,
            alignment=ft.Alignment.CENTER, content=ft.Icon(ft.Icons.LOCK, size=badge * 0.62, color="#FFFFFF"),
        )
        self._tile = ft.Container(
            key=key, width=size, height=size, border=ft.Border.all(border, INK), border_radius=size * 0.18,
            padding=padding, alignment=ft.Alignment.CENTER,
            content=ft.Stack([*self._pips.values(), self._words], width=inner, height=inner,
                             alignment=ft.Alignment.CENTER),
            on_click=(lambda e: on_tap()) if on_tap else None,
            animate_rotation=ft.Animation(250, ft.AnimationCurve.EASE_OUT),
            rotate=0,
        )
        self._reading = ft.Text("", size=max(12, size * 0.2), weight=ft.FontWeight.W_600, visible=False,
                                text_align=ft.TextAlign.CENTER)
        # A selected die gets a ring around it; its own border never changes width, which
        # would shrink the face inside it.
        self._ring = ft.Container(padding=RING, border_radius=size * 0.18 + RING, content=self._tile)
        framed = size + 2 * RING
        self.control = ft.Semantics(
            button=on_tap is not None,
            content=ft.Column([ft.Stack([self._ring, self._lock], width=framed, height=framed), self._reading],
                              spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        )

    def show(self, look: Look, number: int | None = None) -> None:
        """`number`: the die's place among dice to pick from, read first ("Die 2: d6 showing 6"),
        so that two dice showing the same face are told apart."""
        die, value = look.die, look.value
        self.control.label = (f"Die {number}: " if number else "") + die_label(die, value, look.kept)
        if self._tile.on_click is not None:  # a die to pick: a screen reader hears whether it is picked
            self.control.checked = look.selected
        self._tile.bgcolor = TINTS.get(die.id, "#FAFAFA")
        self._ring.bgcolor = ft.Colors.PRIMARY if look.selected else KEPT if look.kept else None
        pips = PIPS[value] if die.id == "d6" else frozenset()
        for cell, pip in self._pips.items():
            pip.visible = cell in pips
        self._words.visible = die.id != "d6"
        icon = die.icon(value)
        self._picture.visible = icon is not None
        if icon is not None:
            self._picture.src = f"dice/{icon}"
        self._number.visible = icon is None
        self._number.value = die.label(value) if die.numbered else str(value)
        self._number.size = self.size * (0.38 if die.numbered else 0.26)
        self._caption.value = die.name if die.numbered else die.label(value)
        self._caption.visible = die.id != "d6"
        self._lock.visible = look.kept
        self._reading.visible = look.reading is not None
        self._reading.value = look.reading or ""

    def spin(self) -> None:
        """A quarter-second turn after a roll; the new face is already showing."""
        self._tile.rotate = (self._tile.rotate or 0) + 6.2832


class DiceTray:
    """A wrapping row of dice; faces are reused from one roll to the next."""

    def __init__(self, size: float = 64, on_tap: Callable[[int], None] | None = None, key: str = "die") -> None:
        self._size = size
        self._key = key
        self._on_tap = on_tap
        self._faces: list[DieFace] = []
        self.control = ft.Row(wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER)

    def show(self, looks: Sequence[Look], spin: bool = False) -> None:
        while len(self._faces) < len(looks):
            i = len(self._faces)
            tap = (lambda i=i: self._on_tap(i)) if self._on_tap else None
            self._faces.append(DieFace(self._size, tap, key=f"{self._key}-{i}"))
        for i, (face, look) in enumerate(zip(self._faces, looks)):
            face.show(look, i + 1 if self._on_tap else None)
            if spin and not look.kept:
                face.spin()
        self.control.controls = [face.control for face in self._faces[:len(looks)]]
