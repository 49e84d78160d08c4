"""Table tab: roll dice at the table, with undo and a roll history."""

from __future__ import annotations

import flet as ft

from companion.core.dice import STANDARD_DICE, die_type
from companion.core.session import GameSession
from companion.games.table_tools import GAME, TableState, roll_action
from companion.store.sessions import SessionNotFound
from companion.ui.components.common import choice_row, empty_state, section
from companion.ui.components.die import die_face
from companion.ui.components.undo_bar import undo_bar
from companion.ui.host import Host
from companion.ui.theme import TAP, TAP_SMALL, big_button_style
from companion.ui.views.screen import Screen

MAX_COUNT = 12
HISTORY_SHOWN = 10


class TableScreen(Screen):
    title = "Table"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.missing: str | None = None
        self.session: GameSession[TableState] | None = None
        try:
            self.session = self.ctx.sessions.get(arg) if arg else self.ctx.sessions.latest(GAME)
        except SessionNotFound as exc:
            self.missing = str(exc)
        self.die_id, self.count = "d6", 2
        if self.session is None:
            # Another device may start the table's session: follow it when it does.
            host.watch("sessions", self._adopt_latest)
        else:
            self._watch()
            last = self.session.state.last
            if last is not None and len(set(last.dice)) == 1:
                self.die_id, self.count = last.dice[0], len(last.dice)

    # Drawing -----------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.missing:
            return [empty_state(ft.Icons.SEARCH_OFF, "Session not found", self.missing),
                    ft.Button("Go to the table", on_click=lambda e: self.host.navigate("/table"))]
        session = self.session
        state = session.state if session else TableState()
        controls: list[ft.Control] = [
            undo_bar(session.undo_label if session else None, session.redo_label if session else None,
                     self.undo, self.redo),
            self._pool_picker(),
            ft.FilledButton(
                content=f"Roll {self.count} {self.die_id}", icon=ft.Icons.CASINO, key="roll",
                on_click=lambda e: self.roll(), height=TAP + 8, style=big_button_style(),
                width=float("inf"),
            ),
        ]
        if state.last is not None:
            controls.append(self._result(state))
        if len(state.rolls) > 1:
            controls.append(self._history(state))
        if session is not None:
            controls.append(ft.TextButton(
                "Finish this table session", icon=ft.Icons.DONE_ALL, key="finish", height=TAP_SMALL,
                on_click=lambda e: self.finish(),
            ))
        return controls

    def _pool_picker(self) -> ft.Control:
        kinds = choice_row([(k, k) for k in STANDARD_DICE], self.die_id, self._set_kind, key="die")
        minus = ft.IconButton(ft.Icons.REMOVE, tooltip="One die fewer", key="fewer", icon_size=28,
                              on_click=lambda e: self._set_count(self.count - 1), disabled=self.count <= 1)
        plus = ft.IconButton(ft.Icons.ADD, tooltip="One die more", key="more", icon_size=28,
                             on_click=lambda e: self._set_count(self.count + 1), disabled=self.count >= MAX_COUNT)
        count = ft.Text(f"{self.count} {'die' if self.count == 1 else 'dice'}", size=22,
                        weight=ft.FontWeight.W_600, key="count")
        return ft.Column([
            kinds,
            ft.Row([minus, count, plus], alignment=ft.MainAxisAlignment.CENTER, spacing=16),
        ], spacing=8)

    def _result(self, state: TableState) -> ft.Control:
        last = state.last
        assert last is not None
        faces = [die_face(die_type(d), f, size=72) for d, f in zip(last.dice, last.faces)]
        return ft.Container(
            key="result",
            padding=16,
            border_radius=16,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Column([
                ft.Row(faces, wrap=True, spacing=12, run_spacing=12, alignment=ft.MainAxisAlignment.CENTER),
                ft.Text(f"Total {last.total}", size=28, weight=ft.FontWeight.BOLD, key="total",
                        text_align=ft.TextAlign.CENTER),
            ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=12),
        )

    def _history(self, state: TableState) -> ft.Control:
        earlier = list(reversed(state.rolls[:-1]))[:HISTORY_SHOWN]
        rows = []
        for n, roll in enumerate(earlier):
            number = len(state.rolls) - 1 - n
            rows.append(ft.Row([
                ft.Text(f"#{number}", width=44, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Row([die_face(die_type(d), f, size=32) for d, f in zip(roll.dice, roll.faces)],
                       wrap=True, spacing=4, expand=True),
                ft.Text(str(roll.total), size=18, weight=ft.FontWeight.W_600),
            ]))
        return section("Earlier rolls", *rows)

    # Taps ----------------------------------------------------------------------

    def _set_kind(self, die_id: str) -> None:
        self.die_id = die_id
        self.render()

    def _set_count(self, count: int) -> None:
        self.count = max(1, min(MAX_COUNT, count))
        self.render()

    def roll(self) -> None:
        def act() -> None:
            action = roll_action([self.die_id] * self.count, self.ctx.rng)
            if self.session is None:
                self.session = self.ctx.sessions.create(GAME)
                self._watch()
            self.session.perform(action)
        self._after(self.host.attempt(act))

    def undo(self) -> None:
        if self.session is not None:
            self._after(self.host.attempt(self.session.undo))

    def redo(self) -> None:
        if self.session is not None:
            self._after(self.host.attempt(self.session.redo))

    def finish(self) -> None:
        session = self.session
        if session is None:
            return
        self.ctx.sessions.finish(session.id)
        self.host.changed("sessions")
        self.host.toast(f"Finished {session.record.title}; a new table session starts with the next roll.")
        self.session = None
        self.render()

    def _after(self, changed: bool) -> None:
        if changed and self.session is not None:
            self.host.changed(self._topic())
            self.host.changed("sessions")
        self.render()

    def _topic(self) -> str:
        assert self.session is not None
        return f"session:{self.session.id}"

    def _watch(self) -> None:
        self.host.watch(self._topic(), self.render)

    def _adopt_latest(self) -> None:
        if self.session is None and not self.missing:
            self.session = self.ctx.sessions.latest(GAME)
            if self.session is not None:
                self._watch()
        self.render()
