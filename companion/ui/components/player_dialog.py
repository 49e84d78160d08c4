"""A roster player added or edited in a dialog: their name and colour. Settings' roster and every game's
set-up (its seats: `seats.seat_chooser`) open the same one, so a late player joins where the game is."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.errors import DomainError
from companion.core.players import Player, PlayerColor
from companion.ui.components.common import close_dialog
from companion.ui.host import SETTINGS, Host
from companion.ui.theme import TAP_SMALL


def edit_player(host: Host, player: Player | None, saved: Callable[[Player], None]) -> None:
    """Ask for a new player (`player` None) or `player`'s new name and colour; once saved, every other page
    hears of it (SETTINGS: a set-up page shows the new name at once) and `saved` gets the player."""
    settings = host.ctx.store.settings
    name = ft.TextField(label="Name", value=player.name if player else "", autofocus=True,
                        max_length=20, key="player-name", text_size=18)
    chosen = {"color": player.color if player else None}
    swatches = ft.Row(wrap=True, spacing=8, run_spacing=8)

    def draw_swatches() -> None:
        current = chosen["color"]
        swatches.controls = [
            ft.Container(
                width=TAP_SMALL, height=TAP_SMALL, border_radius=TAP_SMALL / 2, bgcolor=color.value,
                border=ft.Border.all(4, ft.Colors.ON_SURFACE) if color == current else None,
                tooltip=color.label, on_click=lambda e, c=color: pick(c),
                content=ft.Icon(ft.Icons.CHECK, color=ft.Colors.WHITE) if color == current else None,
                alignment=ft.Alignment.CENTER,
            )
            for color in PlayerColor
        ]

    def pick(color: PlayerColor) -> None:
        chosen["color"] = color
        draw_swatches()

    def apply() -> Player:
        if player is None:
            return settings.add_player(name.value or "", chosen["color"])
        renamed = settings.rename_player(player.id, name.value or "")
        if chosen["color"] is not None and chosen["color"] != player.color:
            return settings.set_player_color(player.id, chosen["color"])
        return renamed

    def save(e: ft.Event | None = None) -> None:
        try:
            done = apply()
        except DomainError as exc:  # a refused name (empty, taken, the roster full) is explained by the field
            name.error = str(exc)
            return
        close_dialog(host.page)
        host.changed(SETTINGS)
        saved(done)

    name.on_submit = save
    draw_swatches()
    host.page.show_dialog(ft.AlertDialog(
        title=ft.Text("New player" if player is None else f"Edit {player.name}"),
        content=ft.Column([name, ft.Text("Colour"), swatches], tight=True, spacing=12, width=320),
        actions=[
            ft.TextButton("Cancel", on_click=lambda e: close_dialog(host.page)),
            ft.FilledButton("Save", key="save-player", on_click=save),
        ],
    ))
