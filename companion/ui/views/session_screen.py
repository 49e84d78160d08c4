"""A screen that shows one session: finds or follows it, records taps as actions, undo/redo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import DomainError
from companion.core.session import Action, GameSession
from companion.ui.components.common import empty_state
from companion.ui.components.undo_bar import UndoBar
from companion.ui.host import Host
from companion.ui.views.screen import Screen


class SessionScreen(Screen):
    """Shows the session named in the route, else the latest unfinished one of `game`."""

    game: str = ""
    route: str = ""

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.missing: str | None = None
        self.session: GameSession[Any] | None = None
        try:
            self.session = self.ctx.sessions.get(arg) if arg else self.find()
        except DomainError as exc:  # gone, or damaged: said plainly, nothing changed
            self.missing = str(exc)
        if self.session is not None and self.session.record.game != self.game:
            self.missing, self.session = f"That session is not a {self.title} session.", None
        if self.session is None:
            # Another device may start one: follow it when it does.
            host.watch("sessions", self._adopt_latest)
        else:
            self._watch()
        self.undo_bar = UndoBar(self.undo, self.redo)

    def find(self) -> GameSession[Any] | None:
        """The session to show when the route names none: the latest unfinished one of `game`."""
        return self.ctx.sessions.latest(self.game)

    def missing_controls(self) -> list[ft.Control]:
        return [empty_state(ft.Icons.SEARCH_OFF, "This session cannot be shown", self.missing or ""),
                ft.Button("Back", on_click=lambda e: self.host.navigate(self.route))]

    def show_undo(self) -> None:
        session = self.session
        self.undo_bar.show(session.undo_label if session else None, session.redo_label if session else None)

    # Taps ------------------------------------------------------------------------------

    def act(self, build: Callable[[Any], Action]) -> bool:
        """Record the action `build` makes from the current state; a refusal is shown, not raised.
        Without a session yet, one is started for the first action that the rules accept."""
        def run() -> None:
            if self.session is None:
                rules = self.ctx.sessions.rules(self.game)
                state = rules.initial_state({})
                rules.apply(state, build(state))  # refused before a session is created
                self.start_session({})
            assert self.session is not None
            self.session.perform(build(self.session.state))
        return self._after(self.host.attempt(run))

    def start_session(self, setup: dict[str, Any], title: str | None = None) -> None:
        self.session = self.ctx.sessions.create(self.game, setup, title)
        self.missing = None
        self._watch()
        self.host.changed("sessions")

    def undo(self) -> None:
        if self.session is not None:
            self._after(self.host.attempt(self.session.undo))

    def redo(self) -> None:
        if self.session is not None:
            self._after(self.host.attempt(self.session.redo))

    def end_session(self, finished: bool = True) -> None:
        """Finish (kept in sessions/finished) or discard the session; the screen starts over."""
        session = self.session
        if session is None:
            return
        (self.ctx.sessions.finish if finished else self.ctx.sessions.discard)(session.id)
        self.host.changed("sessions")
        self.session = None
        self.host.watch("sessions", self._adopt_latest)

    def discard(self, message: str, restored: Callable[[str], None]) -> None:
        """Discard the session; the message's Undo brings it back and calls `restored(id)`."""
        session = self.session
        if session is None:
            return
        self.end_session(finished=False)

        def undo() -> None:
            self.ctx.sessions.undiscard(session.id)
            self.host.changed("sessions")
            restored(session.id)

        self.render()
        self.host.toast(message, undo=undo)

    def _after(self, changed: bool) -> bool:
        if changed and self.session is not None:
            self.host.changed(self._topic())
            self.host.changed("sessions")
        self.render()
        return changed

    def _topic(self) -> str:
        assert self.session is not None
        return f"session:{self.session.id}"

    def _watch(self) -> None:
        self.host.watch(self._topic(), self.render)

    def _adopt_latest(self) -> None:
        if self.session is None and not self.missing:
            self.session = self.find()
            if self.session is not None:
                self._watch()
        self.render()
