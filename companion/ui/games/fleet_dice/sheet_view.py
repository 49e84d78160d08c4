"""A Fleet Dice sheet drawn like the paper pad: rows of boxes, filled boxes ticked, the
next box of each track outlined, and the boxes a tap may fill now highlighted. Every box
answers a tap (one that cannot be filled now says why: see the Sheets screen).

Built once and changed in place; `show` brings it up to date.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.assets import AssetError
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    COINS,
    HARBOR,
    SALVAGE_USES,
    WHARF,
    Layout,
    default_layout,
    track_name,
)
from companion.games.fleet_dice.sheet import BOAT_KINDS, Sheet
from companion.ui.components.common import empty_state

BOX = 48  # Material's smallest tap target
TICK = "#1B5E20"
TARGET = "#FFB300"
SYMBOL_ICONS = {"boat": ft.Icons.DIRECTIONS_BOAT, "license": ft.Icons.BADGE, "either": ft.Icons.ALT_ROUTE}
SYMBOL_WORDS = {"boat": "launches a boat", "license": "activates a license", "either": "boat or license"}
FACE_PICTURES = {"shrimp": "shrimp.svg", "cod": "cod.svg", "lobster": "lobster.svg", "swordfish": "swordfish.svg",
                 "oyster": "oyster.svg", "coins": "coins.svg", "harbor": "harbor.svg", "wharf": "wharf.svg",
                 "market": "market.svg"}


def sheet_layout() -> tuple[Layout | None, str | None]:
    """The sheet's layout, or (None and) what is wrong with its file."""
    try:
        return default_layout(), None
    except AssetError as exc:
        return None, str(exc)


def layout_problem(problem: str) -> list[ft.Control]:
    """A screen's whole content when the sheet's file is not valid: what is wrong, and that nothing changed."""
    return [empty_state(ft.Icons.ERROR_OUTLINE, "The Fleet Dice sheet file is not valid",
                        f"{problem}. Fix assets/games/fleet_dice/sheet.json; nothing saved was changed.")]


LIT = "lit: a tap fills it"  # what a screen reader hears of a box a tap fills now


class Box:
    """One box: empty, ticked, the next one (outlined), or a target of a tap (highlighted)."""

    def __init__(self, track: str, index: int, label: str, on_tap: Callable[[str, int], None],
                 symbol: str = "", gold: bool = False, inner: ft.IconData | None = None) -> None:
        self.track, self.index = track, index
        self._tick = ft.Icon(ft.Icons.CHECK, size=30, color="#FFFFFF", visible=False)
        if gold:
            mark: ft.Control | None = ft.Text("G", size=16, weight=ft.FontWeight.BOLD, color="#B8860B")
        elif inner is not None:  # an activation symbol, or a Harbor box that launches a boat or fishes
            mark = ft.Icon(inner, size=22, color=ft.Colors.ON_SURFACE_VARIANT)
        else:
            mark = None
        self._mark = mark
        self._box = ft.Container(
            key=f"box-{track}-{index}", width=BOX, height=BOX, border_radius=4, alignment=ft.Alignment.CENTER,
            content=ft.Stack([c for c in (mark, self._tick) if c is not None], alignment=ft.Alignment.CENTER),
            on_click=lambda e: on_tap(track, index),
        )
        # A screen reader hears the box's name, whether it is filled ("Cod box 1, checked"), and a lit box as
        # such ("Cod box 4, lit: a tap fills it"; issue 65: the light was for the eyes only).
        self._words = label
        self.control = ft.Semantics(content=self._box, label=label, checked=False)
        self.symbol = symbol

    def show(self, filled: bool, nextbox: bool, target: bool) -> bool:
        """Draw the box; True when it looks different from before."""
        look = (filled, nextbox, target)
        if look == getattr(self, "_look", None):
            return False
        self._look = look
        c = self._box
        self.control.checked = filled
        self.control.label = f"{self._words}, {LIT}" if target else self._words
        self._tick.visible = filled
        if self._mark is not None:
            self._mark.visible = not filled
        c.bgcolor = TICK if filled else TARGET if target else ft.Colors.SURFACE
        c.border = ft.Border.all(3 if target else 2 if nextbox else 1,
                                 ft.Colors.PRIMARY if nextbox or target else ft.Colors.OUTLINE)
        return True


class FleetSheetView:
    """The whole sheet of one player."""

    def __init__(self, layout: Layout, on_tap: Callable[[str, int], None]) -> None:
        self.layout = layout
        self.boxes: dict[str, list[Box]] = {}
        self.licenses: dict[str, list[ft.Container]] = {}
        self.boats: dict[str, list[ft.Container]] = {}

        def box(track: str, index: int, symbol: str = "", gold: bool = False, inner: ft.IconData | None = None,
                note: str = "") -> Box:
            words = f"{track_name(layout, track)} box {index + 1}"
            if symbol or note:
                words += f" ({SYMBOL_WORDS.get(symbol, note)})"
            b = Box(track, index, words, on_tap, symbol, gold, inner)
            self.boxes.setdefault(track, []).append(b)
            return b

        columns = []
        for t in BOAT_TYPES:
            spec = layout.boat_types[t]
            # Headed by the picture alone, the names said once above the columns: a name under its
            # picture breaks mid-word in a column one box wide from 115 % text ("Swordf/ish").
            rows: list[ft.Control] = [ft.Image(src=f"dice/{FACE_PICTURES[t]}", width=34, height=34,
                                               semantics_label=track_name(layout, t))]
            for i, symbol in enumerate(spec.track):
                rows.append(box(t, i, symbol, inner=SYMBOL_ICONS.get(symbol)).control)
            self.licenses[t] = [self._dot(f"{track_name(layout, t)} license {n + 1}") for n in range(3)]
            self.boats[t] = [self._boat(f"{track_name(layout, t)} boat {n + 1}") for n in range(len(spec.boats))]
            rows += [ft.Row(self.licenses[t], spacing=2, tight=True), ft.Column(self.boats[t], spacing=2)]
            columns.append(ft.Column(rows, spacing=4, width=BOX + 4,
                                     horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        self.coins_row = ft.Row([box(COINS, i, gold=i + 1 in layout.gold).control for i in range(layout.coin_boxes)],
                                wrap=True, spacing=4, run_spacing=4)
        wharf_rows = [self._building_row(w, layout.wharf[w].name, layout.wharf[w].boxes,
                                         f"{layout.wharf[w].points} pts", box) for w in WHARF]
        wharf_rows.append(self._building_row(SALVAGE_USES, "Salvage uses", layout.wharf["salvage_yard"].uses,
                                             "", box, gold=True))
        harbor_rows = []
        for h in HARBOR:
            spec = layout.harbor[h]
            boxes = []
            for i in range(spec.boxes):
                if i + 1 in spec.launch:
                    boxes.append(box(h, i, "boat", inner=ft.Icons.DIRECTIONS_BOAT).control)
                elif i + 1 in spec.fish or (h == "captains_club" and i + 1 == spec.complete):
                    boxes.append(box(h, i, inner=ft.Icons.SET_MEAL, note="a fishing phase").control)
                elif i + 1 == spec.complete and h == "king_crab":
                    boxes.append(box(h, i, inner=ft.Icons.STAR, note="choose a King Crab bonus").control)
                else:
                    boxes.append(box(h, i).control)
            if h in ("king_crab", "inuit"):
                self.boats[h] = [self._boat(f"{spec.name} boat {n + 1}") for n in range(len(spec.boats))]
            elif h == "barge":
                self.boats[h] = [self._boat("Barge")]
            extra = self.boats.get(h, [])
            harbor_rows.append(ft.Column([
                ft.Text(spec.name, size=14, weight=ft.FontWeight.W_600),
                ft.Row(boxes, wrap=True, spacing=4, run_spacing=4),
                ft.Row(extra, wrap=True, spacing=4) if extra else ft.Container(),
            ], spacing=3))
        self.bonus = ft.Text(size=14, key="king-crab-bonus")
        legend = ft.Text("Boat columns, left to right: " + ", ".join(track_name(layout, t) for t in BOAT_TYPES),
                         size=14, key="boat-columns")
        self.control = ft.Column([
            legend,
            ft.Row(columns, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, vertical_alignment=ft.CrossAxisAlignment.START,
                   scroll=ft.ScrollMode.AUTO),
            ft.Text("Coins", size=16, weight=ft.FontWeight.W_600),
            self.coins_row,
            ft.Text("Wharf", size=16, weight=ft.FontWeight.W_600),
            *wharf_rows,
            ft.Text("Harbor", size=16, weight=ft.FontWeight.W_600),
            *harbor_rows,
            self.bonus,
            ft.Text("Market: " + ", ".join(f"{at}+ fish: {coins}" for at, coins in layout.market) + " coins",
                    size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=8)

    @staticmethod
    def _dot(label: str) -> ft.Container:
        return ft.Container(width=14, height=14, border_radius=7, border=ft.Border.all(1.5, ft.Colors.OUTLINE),
                            tooltip=label)

    @staticmethod
    def _boat(label: str) -> ft.Container:
        return ft.Container(padding=ft.Padding.symmetric(horizontal=4, vertical=1), border_radius=9,
                            border=ft.Border.all(1, ft.Colors.OUTLINE), tooltip=label,
                            content=ft.Text("", size=11))

    @staticmethod
    def _building_row(track: str, name: str, boxes: int, note: str, box, gold: bool = False) -> ft.Control:
        return ft.Column([
            ft.Row([ft.Text(name, size=14, weight=ft.FontWeight.W_600),
                    ft.Text(note, size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=8, wrap=True),
            ft.Row([box(track, i, gold=gold).control for i in range(boxes)], spacing=4, wrap=True, run_spacing=4),
        ], spacing=3)

    def show(self, sheet: Sheet, targets: set[str]) -> list[ft.Control]:
        """Draw `sheet`; the next boxes of the tracks in `targets` may be tapped.
        Returns the controls that changed (boxes that look different, and the rest)."""
        changed: list[ft.Control] = []
        for track, boxes in self.boxes.items():
            filled = sheet.filled[track]
            for b in boxes:
                if b.show(b.index < filled, b.index == filled, b.index == filled and track in targets):
                    changed.append(b.control)
        for t, dots in self.licenses.items():
            for n, dot in enumerate(dots):
                dot.bgcolor = ft.Colors.PRIMARY if n < sheet.licenses[t] else None
        for kind in BOAT_KINDS:
            for i, chip in enumerate(self.boats.get(kind, [])):
                launched = i < len(sheet.boats[kind])
                chip.bgcolor = ft.Colors.SECONDARY_CONTAINER if launched else None
                chip.content.value = (f"{sheet.boats[kind][i]}/{sheet.capacity(kind, i)}" if launched
                                      else f"-/{sheet.boat_spec(kind, i).capacity}")
        bonus = next((b.name for b in sheet.layout.bonuses if b.id == sheet.bonus), None)
        self.bonus.value = f"King Crab bonus: {bonus}" if bonus else ""
        self.bonus.visible = bonus is not None
        # Licenses, boats and the bonus are few: they are always sent.
        return changed + [d for dots in self.licenses.values() for d in dots] + \
            [c for chips in self.boats.values() for c in chips] + [self.bonus]
