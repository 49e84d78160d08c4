"""Seating players from the roster: tap them in turn order (every game's set-up, one way)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.players import MAX_PLAYERS, Player
from companion.core.table.seats import seat_entry
from companion.ui.components.common import chip
from companion.ui.components.player_dialog import edit_player
from companion.ui.host import Host


def toggle_seat(seated: list[str], name: str, most: int) -> list[str]:
    """`seated` with `name` taken out, or added last if there is room."""
    if name in seated:
        return [n for n in seated if n != name]
    return [*seated, name] if len(seated) < most else seated


def seat_entries(players: list[Player], seated: list[str], **more: dict[str, Any]) -> list[dict[str, Any]]:
    """The set-up's players: each seated name with its roster id (so each phone finds its seat), and
    what else the game asks of each (`more`: a field's values by name, e.g. colour={"Ana": "red"})."""
    ids = {p.name: p.id for p in players}
    return [seat_entry(name, ids.get(name, ""), **{key: values[name] for key, values in more.items()})
            for name in seated]


def seat_chooser(players: list[Player], seated: list[str], on_toggle: Callable[[str], None],
                 host: Host | None = None) -> ft.Control:
    """One chip per roster player, in their colour, two to a line, each in a cell of its own: a seated
    player's chip shows their seat ('1. Ana') and a tick where its icon was, so nothing moves under the
    finger (a chip that grew when chosen sent the next ones to another place or line). With `host`, a last
    button, *New player*, adds a player to the roster and seats them (issue 64: a late player joins where the game is; every
    other phone's set-up shows them at once)."""
    chips = []
    for p in players:
        one = chip(f"{seated.index(p.name) + 1}. {p.name}" if p.name in seated else p.name,
                   lambda name=p.name: on_toggle(name), key=f"seat-{p.name}", selected=p.name in seated,
                   color=p.color.value, icon=ft.Icons.PERSON_ADD_ALT)
        one.col = 6
        chips.append(one)
    if host is not None and len(players) < MAX_PLAYERS:
        chips.append(ft.OutlinedButton("New player", icon=ft.Icons.PERSON_ADD, key="seat-new-player", col=6,
                                       on_click=lambda e: edit_player(host, None, lambda p: on_toggle(p.name))))
    return ft.ResponsiveRow(chips, spacing=8, run_spacing=8, key="seats")
