"""History tab: every finished play, newest first."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import empty_state
from companion.ui.views.screen import Screen
from companion.ui.views.sessions import when


class HistoryScreen(Screen):
    title = "History"

    def __init__(self, host, arg=None) -> None:
        super().__init__(host, arg)
        host.watch("history", self.render)

    def build(self) -> list[ft.Control]:
        plays = self.ctx.store.archive.all()
        if not plays:
            return [empty_state(ft.Icons.HISTORY, "No finished plays yet",
                                "When a game is scored and saved, it is kept here with every player's "
                                "total and breakdown.")]
        return [
            ft.Container(
                padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Column([
                    ft.Text(f"{play.game} · {when(play.played_at)}", weight=ft.FontWeight.W_600),
                    ft.Text(", ".join(f"{r.name} {r.total}" for r in play.results)),
                    ft.Text(f"Won by {' and '.join(play.winners)}", color=ft.Colors.PRIMARY),
                ], spacing=4),
            )
            for play in plays
        ]
