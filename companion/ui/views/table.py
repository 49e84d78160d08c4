"""Table tab: roll dice at the table, with undo and a roll history.

A hot path (a tap per roll), so its controls are built once and changed in place.
"""

from __future__ import annotations

import flet as ft

from companion.core.dice import STANDARD_DICE, describe_pool, die_type
from companion.core.session import GameSession
from companion.games.table_tools import GAME, Roll, TableState, roll_action
from companion.store.sessions import SessionNotFound
from companion.ui.components.common import ChoiceRow, empty_state
from companion.ui.components.die import DiceTray
from companion.ui.components.undo_bar import UndoBar
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
        self._rows: dict[tuple[int, Roll], ft.Control] = {}
        self._build_controls()

    # Drawing -----------------------------------------------------------------

    def _build_controls(self) -> None:
        self.undo_bar = UndoBar(self.undo, self.redo)
        self.kinds = ChoiceRow([(k, k) for k in STANDARD_DICE], self._set_kind, key="die")
        self.fewer = ft.IconButton(ft.Icons.REMOVE, tooltip="One die fewer", key="fewer", icon_size=28,
                                   on_click=lambda e: self._set_count(self.count - 1))
        self.more = ft.IconButton(ft.Icons.ADD, tooltip="One die more", key="more", icon_size=28,
                                  on_click=lambda e: self._set_count(self.count + 1))
        self.count_text = ft.Text(size=22, weight=ft.FontWeight.W_600, key="count")
        self.roll_button = ft.FilledButton(icon=ft.Icons.CASINO, key="roll", on_click=lambda e: self.roll(),
                                           height=TAP + 8, style=big_button_style())
        self.tray = DiceTray(size=72)
        self.total = ft.Text(size=28, weight=ft.FontWeight.BOLD, key="total", text_align=ft.TextAlign.CENTER)
        self.result = ft.Container(
            key="result", padding=16, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Column([self.tray.control, self.total], spacing=12,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        )
        self.history = ft.Column(spacing=8)
        self.history_section = ft.Column(
            [ft.Text("Earlier rolls", size=20, weight=ft.FontWeight.W_600), self.history], spacing=8)
        self.finish_button = ft.TextButton("Finish this table session", icon=ft.Icons.DONE_ALL, key="finish",
                                           height=TAP_SMALL, on_click=lambda e: self.finish())

    def build(self) -> list[ft.Control]:
        if self.missing:
            return [empty_state(ft.Icons.SEARCH_OFF, "Session not found", self.missing),
                    ft.Button("Go to the table", on_click=lambda e: self.host.navigate("/table"))]
        return [
            self.undo_bar.control,
            ft.Column([
                self.kinds.control,
                ft.Row([self.fewer, self.count_text, self.more], alignment=ft.MainAxisAlignment.CENTER, spacing=16),
            ], spacing=8),
            self.roll_button,
            self.result,
            self.history_section,
            self.finish_button,
        ]

    def refresh(self) -> None:
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing:
            return
        session = self.session
        state = session.state if session else TableState()
        self.undo_bar.show(session.undo_label if session else None, session.redo_label if session else None)
        self.kinds.select(self.die_id)
        self.count_text.value = f"{self.count} {'die' if self.count == 1 else 'dice'}"
        self.fewer.disabled = self.count <= 1
        self.more.disabled = self.count >= MAX_COUNT
        self.roll_button.content = f"Roll {self.count} {self.die_id}"
        last = state.last
        self.result.visible = last is not None
        if last is not None:
            self.tray.show([(die_type(d), f) for d, f in zip(last.dice, last.faces)])
            self.total.value = f"Total {last.total}"
        self._show_history(state)
        self.finish_button.visible = session is not None

    def _show_history(self, state: TableState) -> None:
        # A roll never changes once made, so its row is drawn once and reused.
        numbers = range(len(state.rolls) - 1, max(0, len(state.rolls) - 1 - HISTORY_SHOWN), -1)
        keys = [(n, state.rolls[n - 1]) for n in numbers]
        self._rows = {key: self._rows.get(key) or self._history_row(*key) for key in keys}
        self.history.controls = list(self._rows.values())
        self.history_section.visible = bool(keys)

    @staticmethod
    def _history_row(number: int, roll: Roll) -> ft.Control:
        # Plain text: a long history must stay cheap to redraw on every roll.
        faces = "  ".join(die_type(d).label(f) for d, f in zip(roll.dice, roll.faces))
        return ft.Row([
            ft.Text(f"#{number}", width=44, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(f"{faces}   ({describe_pool([die_type(d) for d in roll.dice])})", size=17, expand=True),
            ft.Text(str(roll.total), size=18, weight=ft.FontWeight.W_600),
        ])

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
