"""Unfinished sessions: resume one, or discard it (asked first when it holds a move, with undo); those
discarded in the last 30 days, each brought back in one tap (issue 63: a won adventure was gone for good)."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.core.errors import DomainError
from companion.core.session_log import SessionRecord
from companion.core.session_manager import KEPT_DAYS
from companion.ui.components.common import discard_asked, empty_state
from companion.ui.routes import session_route
from companion.ui.screen import Screen


def when(iso: str) -> str:
    """'Today 14:05' or 'Sat 21 Nov, 14:05' for a saved ISO time."""
    moment = datetime.fromisoformat(iso)
    today = datetime.now(moment.tzinfo).date()
    return f"Today {moment:%H:%M}" if moment.date() == today else f"{moment:%a %d %b, %H:%M}"


class SessionsScreen(Screen):
    title = "Unfinished sessions"

    def __init__(self, host, arg=None) -> None:
        super().__init__(host, arg)
        host.watch("sessions", self.render)

    def build(self) -> list[ft.Control]:
        records = self.ctx.unfinished()
        controls = [self._card(r) for r in records] or [empty_state(
            ft.Icons.TASK_ALT, "Nothing unfinished", "Sessions you start (dice at the table, score sheets, journals) "
            "wait here until you finish them, even if the app or the phone is closed.")]
        discarded = self.ctx.sessions.discarded()
        if discarded:
            controls += [ft.Text(f"Discarded in the last {KEPT_DAYS} days", size=18, weight=ft.FontWeight.W_600,
                                 key="discarded-title"),
                         *(self._discarded_card(r, at) for r, at in discarded)]
        return controls

    def _discarded_card(self, record: SessionRecord, at: datetime) -> ft.Control:
        count = len(record.actions)
        return ft.Container(
            key=f"discarded-{record.id}", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Column([
                ft.Text(record.title, size=17, weight=ft.FontWeight.W_600),
                ft.Text(f"{count} action{'s' if count != 1 else ''} · discarded: {when(at.isoformat())}",
                        color=ft.Colors.ON_SURFACE_VARIANT),
                ft.OutlinedButton("Bring back", icon=ft.Icons.RESTORE_FROM_TRASH, key=f"bring-back-{record.id}",
                                  on_click=lambda e: self._bring_back(record)),
            ], spacing=6),
        )

    def _bring_back(self, record: SessionRecord) -> None:
        try:
            self.ctx.sessions.undiscard(record.id)
        except DomainError as exc:  # brought back on another page meanwhile
            self.host.toast(str(exc))
        else:
            self.host.toast(f"{record.title} is back.")
        self.host.changed("sessions")
        self.render()

    def _card(self, record: SessionRecord) -> ft.Control:
        last = record.actions[-1].label if record.actions else "nothing yet"
        count = len(record.actions)
        return ft.Container(
            key=f"session-{record.id}",
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            content=ft.Column([
                ft.Text(record.title, size=18, weight=ft.FontWeight.W_600),
                ft.Text(f"{count} action{'s' if count != 1 else ''} · last: {last} · {when(record.updated)}",
                        color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Row([
                    ft.FilledButton("Resume", icon=ft.Icons.PLAY_ARROW,
                                    on_click=lambda e: self.host.navigate(session_route(record))),
                    ft.OutlinedButton("Discard", icon=ft.Icons.DELETE_OUTLINE,
                                      on_click=lambda e: self._discard(record)),
                ], spacing=8),
            ], spacing=6),
        )

    def _discard(self, record: SessionRecord) -> None:
        discard_asked(self.host.page, record.title, len(record.actions), lambda: self._discard_now(record))

    def _discard_now(self, record: SessionRecord) -> None:
        try:
            self.ctx.sessions.discard(record.id)
        except DomainError as exc:  # discarded or finished on another page meanwhile
            self.host.toast(str(exc))
            self.render()
            return
        self.host.changed(f"session:{record.id}")  # pages showing it let it go

        def undo() -> None:
            self.ctx.sessions.undiscard(record.id)
            self.host.changed("sessions")
            self.render()

        self.host.changed("sessions")
        self.render()
        self.host.toast(f"Discarded {record.title}.", undo=undo)
