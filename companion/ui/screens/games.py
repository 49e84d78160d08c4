"""Games: the first screen. One card per game system, each opening the game's page, with
Resume when a session of that game is open (on this phone or any other at the table)."""

from __future__ import annotations

import flet as ft

from companion.core.session_log import SessionRecord
from companion.games import registry
from companion.games.registry import Game
from companion.ui.host import Host
from companion.ui.routes import game_route, session_route
from companion.ui.screen import Screen
from companion.ui.screens.sessions import when

PICTURE = 76


class GamesScreen(Screen):
    title = "Games"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("sessions", self.render)  # a session started or finished on another phone

    def build(self) -> list[ft.Control]:
        open_records = self.ctx.unfinished()  # newest first
        return [self._card(entry, self._latest(entry, open_records)) for entry in registry.GAMES]

    @staticmethod
    def _latest(entry: Game, records: list[SessionRecord]) -> SessionRecord | None:
        kinds = {kind.kind for kind in entry.sessions}
        return next((r for r in records if r.game in kinds), None)

    def _card_face(self, entry: Game) -> ft.Control:
        """The picture beside the words; at large text, above them (the title keeps the whole width)."""
        picture = ft.Image(src=self.host.asset(entry.picture), width=PICTURE, height=PICTURE, border_radius=16)
        words = [ft.Text(entry.title, size=21, weight=ft.FontWeight.W_600),
                 ft.Text(entry.players, size=15, color=ft.Colors.ON_SURFACE_VARIANT),
                 ft.Text(entry.summary, size=15)]
        chevron = ft.Icon(ft.Icons.CHEVRON_RIGHT, size=32)
        if self.host.large_text:
            return ft.Column([ft.Row([picture, chevron], alignment=ft.MainAxisAlignment.SPACE_BETWEEN), *words],
                             spacing=4)
        return ft.Row([picture, ft.Column(words, spacing=4, expand=True), chevron], spacing=14,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    def _card(self, entry: Game, open_session: SessionRecord | None) -> ft.Control:
        """The game's card: one button to its page; Resume is a button of its own under it, so a
        screen reader names both."""
        opens = ft.Container(
            key=f"game-{entry.id}", padding=14, border_radius=16, ink=True,
            on_click=lambda e: self.host.navigate(game_route(entry)),
            content=self._card_face(entry),
        )
        parts: list[ft.Control] = [opens]
        if open_session is not None:
            indent = 14 if self.host.large_text else 14 + PICTURE + 14
            parts.append(ft.Container(padding=ft.Padding.only(left=indent, bottom=14), content=ft.FilledButton(
                "Resume", icon=ft.Icons.PLAY_ARROW, key=f"resume-{entry.id}",
                tooltip=f"Resume {open_session.title} ({when(open_session.updated)})",
                on_click=lambda e: self.host.navigate(session_route(open_session)))))
        return ft.Container(border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
                            content=ft.Column(parts, spacing=0))
