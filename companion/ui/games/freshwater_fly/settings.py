"""Freshwater Fly's part of the Settings screen: what the player's printed copy shows where the
rulebook's pictures were lost (shared with Fly Solo, which plays with the same cards)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import DomainError
from companion.games.freshwater_fly.entry import MAX_POINTS, FishColor, Species
from companion.games.freshwater_fly.options import (
    FACE_CHANGES,
    FISH_POINTS,
    STRIKE_HOOKS,
    TIE_BREAK,
    FlyOptions,
    default_fish_points,
)
from companion.games.registry import FRESHWATER_FLY
from companion.ui.components.common import ChoiceRow, chip, close_dialog
from companion.ui.components.number_pad import NumberPad
from companion.ui.host import SETTINGS, Host


def options_section(host: Host, redraw: Callable[[], None]) -> list[ft.Control]:
    """The controls of the section; `redraw` draws the Settings screen again after a change."""
    options: FlyOptions = host.ctx.options(FRESHWATER_FLY.id)

    def change(key: str, value: Any) -> bool:
        if host.attempt(lambda: host.ctx.change_options(FRESHWATER_FLY.id, key, value)):
            host.changed(SETTINGS)
            redraw()
            return True
        return False

    hooks = ChoiceRow([(str(n), str(n)) for n in range(1, 4)], lambda v: change(STRIKE_HOOKS, int(v)), key="hooks")
    hooks.select(str(options.strike_hooks))
    rows: list[ft.Control] = [
        ft.Text("The rulebook's pictures did not survive, so these match your printed copy here (Fly Solo "
                "uses them too).", color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text("How many of your 4 Strike cards show a hook (chosen default: 1)", size=16),
        hooks.control,
        ft.Text("Skill cards that change a die's face (chosen defaults: C 1 to 6, D 6 to 1, H 2 to 5)", size=16),
    ]
    order = ", then ".join(c.value for c in options.tie_break)
    rows.append(ft.Text("Ties for the win go to the most fish of one colour, then the next (chosen default: "
                        "gold, then black, then green)", size=16))
    rows.append(ft.Row([chip(", ".join(c.value for c in o).capitalize(),
                             lambda o=o: change(TIE_BREAK, [c.value for c in o]),
                             key=f"tie-{'-'.join(c.value for c in o)}", selected=o == options.tie_break)
                        for o in itertools.permutations(FishColor)], wrap=True, spacing=6, run_spacing=6))
    rows.append(ft.Text(f"Now: {order}.", size=14, color=ft.Colors.ON_SURFACE_VARIANT, key="tie-break"))
    for card, face_change in options.face_changes.items():
        rows.append(ft.Row([
            ft.Text(f"Skill {card}: a {face_change.from_face} becomes a {face_change.to_face}", size=16,
                    expand=True, key=f"skill-{card}"),
            ft.OutlinedButton(content=ft.Text("Change", semantics_label=f"Change Skill {card}"),
                              key=f"change-skill-{card}",
                              on_click=lambda e, card=card: _edit_face_change(host, options, card, redraw)),
        ]))
    defaults = default_fish_points()
    rows.append(ft.Text("The points each fish's cards print, lowest to highest (chosen defaults: "
                        + ", ".join(f"{s.label} {low}-{high}" for s, (low, high) in defaults.items())
                        + "). The score sheet takes only these.", size=16))
    for species, (low, high) in options.fish_points.items():
        rows.append(ft.Row([
            ft.Text(f"{species.label}: {low} to {high} points", size=16, expand=True, key=f"points-{species.value}"),
            ft.OutlinedButton(content=ft.Text("Change", semantics_label=f"Change {species.label} points"),
                              key=f"change-points-{species.value}",
                              on_click=lambda e, s=species: _edit_fish_points(host, options, s, redraw)),
        ]))
    return rows


def _edit_fish_points(host: Host, options: FlyOptions, species: Species, redraw: Callable[[], None]) -> None:
    low, high = options.fish_points[species]
    chosen = {"lowest": low, "highest": high}
    words = {"lowest": f"Fewest points on a {species.label}", "highest": "Most points"}
    boxes = {end: ft.Container() for end in chosen}
    typing: list[str] = []  # the end whose digits the last tap typed on (the next digit goes on its end)

    def show() -> None:  # a lowest past the highest is refused on Save, in words
        for end, box in boxes.items():
            box.content = NumberPad(words[end], chosen[end], 0, MAX_POINTS, lambda n, end=end: pick(end, n),
                                    f"{species.value}-{end}", typing == [end]).control

    def pick(end: str, value: int) -> None:
        chosen[end], typing[:] = value, [end]
        show()
        host.page.update()

    show()
    _setting_dialog(host, f"{species.label} cards", list(boxes.values()), f"save-points-{species.value}",
                    lambda: (FISH_POINTS, [species.value, chosen["lowest"], chosen["highest"]]), redraw)


def _edit_face_change(host: Host, options: FlyOptions, card: str, redraw: Callable[[], None]) -> None:
    change = options.face_changes[card]
    chosen = {"from": change.from_face, "to": change.to_face}
    rows = {}
    for end in ("from", "to"):
        rows[end] = ChoiceRow([(str(n), str(n)) for n in range(1, 7)], lambda v, end=end: pick(end, v),
                              key=f"{card}-{end}")
        rows[end].select(str(chosen[end]))

    def pick(end: str, value: str) -> None:
        chosen[end] = int(value)
        rows[end].select(value)
        host.page.update()

    _setting_dialog(host, f"Skill {card}", [ft.Text("A die showing"), rows["from"].control, ft.Text("becomes"),
                                            rows["to"].control],
                    f"save-skill-{card}", lambda: (FACE_CHANGES, [card, chosen["from"], chosen["to"]]), redraw)


def _setting_dialog(host: Host, title: str, body: list[ft.Control], save_key: str,
                    setting: Callable[[], tuple[str, Any]], redraw: Callable[[], None]) -> None:
    """A dialog that changes one setting on Save: `setting()` gives its key and value; a refusal is
    shown in the dialog, nothing changed."""
    error = ft.Text("", color=ft.Colors.ERROR)

    def save(e: ft.Event) -> None:
        try:
            host.ctx.change_options(FRESHWATER_FLY.id, *setting())
        except DomainError as exc:
            error.value = str(exc)
            host.page.update()
            return
        close_dialog(host.page)
        host.changed(SETTINGS)
        redraw()

    host.page.show_dialog(ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column([*body, error], tight=True, spacing=8, width=320),
        actions=[ft.TextButton("Cancel", on_click=lambda e: close_dialog(host.page)),
                 ft.FilledButton("Save", key=save_key, on_click=save)],
    ))
