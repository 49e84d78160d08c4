"""The message line: a short message under the page, above its pinned action (what `Host.toast` says).

It is a line of the view's own column, never laid over the page: the page's scrolled area ends above it
and the pinned action stays where it was. Flutter's snack bar, which said these messages before, floated
over the bottom of the page: a tap on a control under it went to the message (issue 62: the first tap of
two phones of four, each under its "will not keep the screen awake" notice, was lost).

One line per page (browser tab): the newest message replaces the one before and goes after its seconds,
or at once with its close button. Each view drawn gets its own control for it (`control`); the newest,
the view on top, is the one shown and updated."""

from __future__ import annotations

from asyncio import sleep
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

KEY = "message-line"


class MessageLine:
    def __init__(self, run_task: Callable[[Callable[[], Awaitable[Any]]], None]) -> None:
        self._run_task = run_task
        self.words: str | None = None  # the message shown (None: none)
        self._undo: Callable[[], None] | None = None
        self._said = 0  # messages said so far: a message's time up closes only that message
        self._shown: ft.Semantics | None = None
        self._outer: ft.Control | None = None  # what the view holds: hidden with the line (no gap left)

    def say(self, words: str, undo: Callable[[], None] | None = None, seconds: float = 5) -> None:
        """Show `words` (with an Undo button when `undo` is given) for `seconds`."""
        self._said += 1
        said = self._said
        self.words, self._undo = words, undo
        self._update()

        async def time_up() -> None:
            await sleep(seconds)
            if self._said == said:
                self.close()

        self._run_task(time_up)

    def close(self) -> None:
        self.words = self._undo = None
        self._update()

    def control(self, wrap: Callable[[ft.Control], ft.Control] = lambda c: c) -> ft.Control:
        """A new control showing the line (in `wrap`), for a view being drawn: the newest is the one
        updated."""
        self._shown = ft.Semantics(key=KEY, container=True, live_region=True)
        self._outer = wrap(self._shown)
        self._fill(self._shown)
        return self._outer

    def _update(self) -> None:
        shown, outer = self._shown, self._outer
        if shown is None or outer is None:
            return
        self._fill(shown)
        try:
            outer.update()
        except RuntimeError:  # not on the page yet (sent with its view), or the page has gone (drawn again)
            pass

    def _fill(self, shown: ft.Semantics) -> None:
        if self._outer is not None:
            self._outer.visible = self.words is not None
        shown.label = self.words or ""
        if self.words is None:
            shown.content = None
            return
        undo = self._undo
        buttons = [ft.TextButton("Undo", key="message-undo", style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
                                 on_click=lambda e: self._take_back(undo))] if undo else []
        shown.content = ft.Container(
            ft.Row([ft.Text(self.words, size=16, color=ft.Colors.ON_INVERSE_SURFACE, expand=True, semantics_label=""),
                    *buttons,
                    # Named by its icon, inside the button (a tooltip's name went to the message's own).
                    ft.IconButton(ft.Icon(ft.Icons.CLOSE, color=ft.Colors.ON_INVERSE_SURFACE, semantics_label="Close"),
                                  key="message-close", on_click=lambda e: self.close())],
                   spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=8, padding=ft.Padding.only(left=16, top=4, bottom=4),
            margin=ft.Margin.only(bottom=8),  # off the screen's edge on a page with no bar under it ("Who is playing?")
        )

    def _take_back(self, undo: Callable[[], None] | None) -> None:
        self.close()
        if undo is not None:
            undo()
