"""The base of every screen: build controls from state, rebuild on change."""

from __future__ import annotations

from abc import ABC, abstractmethod

import flet as ft

from companion.ui.host import Host


class Screen(ABC):
    """A screen of the app. It reads state, draws it, and turns taps into actions."""

    title: str = ""

    def __init__(self, host: Host, arg: str | None = None) -> None:
        self.host = host
        self.ctx = host.ctx
        self.arg = arg
        self.body = ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                              key=f"screen-{type(self).__name__}")

    def mount(self) -> ft.Control:
        """The screen's root control, drawn from the current state."""
        self.render()
        return self.body

    def render(self) -> None:
        """Redraw from the current state."""
        self.body.controls = list(self.build())

    @abstractmethod
    def build(self) -> list[ft.Control]:
        """The controls that show the current state."""
