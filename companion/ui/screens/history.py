"""History: every finished play, newest first; one play's breakdown; edit or delete it."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.games import GAME_TITLES
from companion.games.registry import play_editors
from companion.store.archive import PlayNotFound
from companion.ui.components.common import empty_state
from companion.ui.host import Host
from companion.ui.theme import TAP_SMALL
from companion.ui.routes import session_route
from companion.ui.screen import Screen
from companion.ui.screens.sessions import when


def game_title(play: Play) -> str:
    return GAME_TITLES.get(play.game, play.game)


class HistoryScreen(Screen):
    title = "History"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("history", self.render)

    def build(self) -> list[ft.Control]:
        if self.arg is not None:
            try:
                return self._detail(self.ctx.store.archive.get(self.arg))
            except PlayNotFound as exc:
                return [empty_state(ft.Icons.SEARCH_OFF, "Play not found", str(exc)),
                        ft.Button("All plays", on_click=lambda e: self.host.navigate("/history"))]
        plays = self.ctx.store.archive.all()
        if not plays:
            return [empty_state(ft.Icons.HISTORY, "No finished plays yet",
                                "When a game is scored and saved on its page (Games), it is kept here with every "
                                "player's total and breakdown.")]
        return [self._card(play) for play in plays]

    def _card(self, play: Play) -> ft.Control:
        return ft.Container(
            key=f"play-{play.id}", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, ink=True,
            on_click=lambda e: self.host.navigate(f"/history/{play.id}"),
            content=ft.Column([
                ft.Text(f"{game_title(play)} · {when(play.played_at)}", weight=ft.FontWeight.W_600, size=16),
                ft.Text(", ".join(f"{r.name} {r.total}" for r in play.results), size=16),
                ft.Text(f"Won by {' and '.join(play.winners)}", color=ft.Colors.PRIMARY),
            ], spacing=4),
        )

    def _detail(self, play: Play) -> list[ft.Control]:
        controls: list[ft.Control] = [
            ft.Text(f"{game_title(play)} · {when(play.played_at)}", size=22, weight=ft.FontWeight.W_600),
            ft.Text(f"{'Winner' if len(play.winners) == 1 else 'Shared win'}: {' and '.join(play.winners)}",
                    size=20, color=ft.Colors.PRIMARY, weight=ft.FontWeight.BOLD, key="play-winners"),
        ]
        for seat, r in enumerate(play.results, 1):
            controls.append(ft.Container(
                padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Column([
                    ft.Row([ft.Text(f"Seat {seat}: {r.name}", size=18, weight=ft.FontWeight.W_600, expand=True),
                            ft.Text(f"{r.total} (rank {r.rank})", size=18, weight=ft.FontWeight.BOLD)]),
                    *[ft.Row([ft.Text(b.rule, size=15, expand=True), ft.Text(f"x{b.count}", size=15, width=40),
                              ft.Text(str(b.points), size=15, width=36, text_align=ft.TextAlign.RIGHT)])
                      for b in r.breakdown],
                ], spacing=2),
            ))
        controls.append(ft.Row([
            ft.FilledButton("Edit", icon=ft.Icons.EDIT, key="edit-play", height=TAP_SMALL, expand=True,
                            on_click=lambda e: self.edit(play)),
            ft.OutlinedButton("Delete", icon=ft.Icons.DELETE_OUTLINE, key="delete-play", height=TAP_SMALL,
                              expand=True, visible=self.host.is_host, on_click=lambda e: self.delete(play)),
        ], spacing=8))
        controls.append(ft.TextButton("All plays", icon=ft.Icons.ARROW_BACK, height=TAP_SMALL,
                                      on_click=lambda e: self.host.navigate("/history")))
        return controls

    def edit(self, play: Play) -> None:
        """Open the play in its game's editor (Freshwater Fly: its Score part; Fleet Dice: its
        sheets' correction); saving there replaces this play (same id and date)."""
        kind = play_editors().get(play.game)

        def start() -> None:
            session = self.ctx.sessions.create(kind, {"entry": dict(play.entry), "play_id": play.id},
                                               title=f"Editing {game_title(play)} of {when(play.played_at)}")
            self.host.changed("sessions")
            self.host.navigate(session_route(session.record))

        if kind is None:
            self.host.toast(f"Plays of {game_title(play)} cannot be edited yet.")
            return
        self.host.attempt(start)

    def delete(self, play: Play) -> None:
        """Deleting a play is the host's (with undo)."""
        try:
            self.host.require_host("Deleting a play")
            self.ctx.store.archive.delete(play.id)
        except DomainError as exc:  # a phone, or a play deleted on another page meanwhile
            self.host.toast(str(exc))
            return

        def undo() -> None:
            self.ctx.store.archive.add(play)
            self.host.changed("history")
            self.host.navigate(f"/history/{play.id}")

        self.host.changed("history")
        self.host.navigate("/history")
        self.host.toast(f"Deleted the {game_title(play)} play of {when(play.played_at)}.", undo=undo)

