"""A session screen on a hot path (the dice roller, the dice draft, the Strike dealer): its
controls are built once and changed in place, so a tap costs Flet a small diff."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

import flet as ft

from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen


class ToolScreen(SessionScreen):
    """`tool` is built once; `show(state)` brings it up to date."""

    finish_label = "Finish this session"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.finish_button = ft.TextButton(self.finish_label, icon=ft.Icons.DONE_ALL, key="finish",
                                           on_click=lambda e: self.finish())

    @property
    def state(self) -> Any:
        """The session's state as this phone is given it (`view`), or the state a new session would start from."""
        if self.session is not None:
            return self.view
        return self.ctx.sessions.rules(self.game).initial_state({})

    @property
    @abstractmethod
    def tool(self) -> ft.Control:
        """The screen's controls, built once."""

    @abstractmethod
    def show(self, state: Any) -> None:
        """Bring the controls up to date with `state`."""

    def above(self) -> list[ft.Control]:
        """Controls drawn between the undo bar and the tool (none by default)."""
        return []

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        return [self.undo_bar.control, *self.above(), self.tool, self.finish_button]

    def refresh(self) -> None:
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing:
            return
        self.show_undo()
        self.show(self.state)
        self.finish_button.visible = self.session is not None

    def finish(self) -> None:
        self.end_session()
        self.host.toast("Finished; a new session starts with the next thing you do here.")
        self.render()
