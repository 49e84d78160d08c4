"""The base of every screen: build controls from state, rebuild on change."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable

import flet as ft

from companion.ui.host import Host


class Screen(ABC):
    """A screen of the app. It reads state, draws it, and turns taps into actions.

    `render()` rebuilds the screen and sends it to the browser itself: a redraw may
    follow a tap elsewhere (a dialog, another device), which Flet's automatic update
    after a handler would not cover. Parts that did not change are reused through
    `memo`, so Flet diffs them instead of sending them again.
    """

    title: str = ""

    def __init__(self, host: Host, arg: str | None = None) -> None:
        self.host = host
        self.ctx = host.ctx
        self.arg = arg
        self.body = ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                              key=f"screen-{type(self).__name__}")
        self._live = False
        self._memo: dict[Hashable, ft.Control] = {}
        self._memo_next: dict[Hashable, ft.Control] = {}

    def mount(self) -> ft.Control:
        """The screen's root control, drawn from the current state; it goes out with its view."""
        self._memo = {}  # a new view: nothing drawn before can be reused
        self.refresh()
        self._live = True
        return self.body

    def render(self) -> None:
        """Bring the screen up to date with the state and send the change to the browser."""
        if not self._live:
            return
        self.refresh()
        parts = self.changed_parts()
        if parts is None:
            self.body.update()
        elif parts:
            self.host.page.update(*parts)

    def changed_parts(self) -> list[ft.Control] | None:
        """The controls the last `refresh` changed, when a screen knows (None: the whole body).
        A big screen sends less this way: Flet compares every control of what is updated."""
        return None

    def refresh(self) -> None:
        """Bring the controls up to date. By default they are built again (see `memo`);
        a screen on a hot path keeps its controls and changes them in place instead."""
        self._memo_next = {}
        self.body.controls = list(self.build())
        self._memo = self._memo_next

    def memo(self, key: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
        """The control drawn last time for `key`, or a new one from `build`.

        `key` must name everything the control shows and be unique on the screen
        (a control can be in only one place).
        """
        control = self._memo.get(key)
        if control is None:
            control = build()
        assert key not in self._memo_next, f"memo key {key!r} used twice in one drawing"
        self._memo_next[key] = control
        return control

    def dispose(self) -> None:
        """The screen left the page: later redraws are ignored."""
        self._live = False

    @abstractmethod
    def build(self) -> list[ft.Control]:
        """The controls that show the current state."""
