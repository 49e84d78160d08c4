"""Table tab: the dice roller, the Freshwater Fly dice draft and the Strike-card dealer.

All three record into one Table session, so Undo takes back the last thing done at
the table, whichever tool did it. A hot path: controls are built once and changed
in place (see the tools in table_dice, table_draft, table_strike).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

import flet as ft

from companion.core.session import Action, GameSession
from companion.games.table_tools import GAME, RULES, TableState
from companion.store.sessions import SessionNotFound
from companion.ui.components.common import ChoiceRow, empty_state
from companion.ui.components.undo_bar import UndoBar
from companion.ui.host import Host
from companion.ui.theme import TAP_SMALL
from companion.ui.views.screen import Screen


class Tool(ABC):
    """One tool of the Table tab: built once, `show` brings it up to date."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.host = screen.host
        self.ctx = screen.ctx

    @property
    @abstractmethod
    def control(self) -> ft.Control: ...

    @abstractmethod
    def show(self, state: TableState) -> None: ...

    def act(self, build: Callable[[TableState], Action]) -> bool:
        return self.screen.act(build)


class TableScreen(Screen):
    title = "Table"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        # Imported here: each tool module imports Tool from this one.
        from companion.ui.views.table_dice import DiceTool
        from companion.ui.views.table_draft import DraftTool
        from companion.ui.views.table_strike import StrikeTool

        super().__init__(host, arg)
        self.missing: str | None = None
        self.session: GameSession[TableState] | None = None
        try:
            self.session = self.ctx.sessions.get(arg) if arg else self.ctx.sessions.latest(GAME)
        except SessionNotFound as exc:
            self.missing = str(exc)
        if self.session is None:
            # Another device may start the table's session: follow it when it does.
            host.watch("sessions", self._adopt_latest)
        else:
            self._watch()
        self.tools: dict[str, Tool] = {"dice": DiceTool(self), "draft": DraftTool(self), "strike": StrikeTool(self)}
        self.tool = "draft" if self.state.draft is not None else "dice"
        self.undo_bar = UndoBar(self.undo, self.redo)
        self.switch = ChoiceRow([("dice", "Dice"), ("draft", "Draft"), ("strike", "Strike")], self._switch,
                                key="tool", width=96)
        self.tool_box = ft.Container()
        self.finish_button = ft.TextButton("Finish this table session", icon=ft.Icons.DONE_ALL, key="finish",
                                           height=TAP_SMALL, on_click=lambda e: self.finish())

    @property
    def state(self) -> TableState:
        return self.session.state if self.session is not None else TableState()

    # Drawing -----------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.missing:
            return [empty_state(ft.Icons.SEARCH_OFF, "Session not found", self.missing),
                    ft.Button("Go to the table", on_click=lambda e: self.host.navigate("/table"))]
        return [self.undo_bar.control, self.switch.control, self.tool_box, self.finish_button]

    def refresh(self) -> None:
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing:
            return
        session = self.session
        self.undo_bar.show(session.undo_label if session else None, session.redo_label if session else None)
        self.switch.select(self.tool)
        tool = self.tools[self.tool]
        self.tool_box.content = tool.control
        tool.show(self.state)
        self.finish_button.visible = session is not None

    # Taps ----------------------------------------------------------------------

    def act(self, build: Callable[[TableState], Action]) -> bool:
        """Record the action `build` makes from the current state; a refusal is shown, not raised."""
        def run() -> None:
            action = build(self.state)
            RULES.apply(self.state, action)  # refused before a new session is created
            if self.session is None:
                self.session = self.ctx.sessions.create(GAME)
                self._watch()
            self.session.perform(action)
        return self._after(self.host.attempt(run))

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
        self.host.toast("Finished this table session; a new one starts with the next thing you do here.")
        self.session = None
        self.host.watch("sessions", self._adopt_latest)
        self.render()

    def _switch(self, tool: str) -> None:
        self.tool = tool
        self.render()

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
            self.session = self.ctx.sessions.latest(GAME)
            if self.session is not None:
                self._watch()
        self.render()
