"""Table tab: the dice roller, the Freshwater Fly dice draft and the Strike-card dealer.

All three record into one Table session, so Undo takes back the last thing done at
the table, whichever tool did it. A hot path: controls are built once and changed
in place (see the tools in table_dice, table_draft, table_strike).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

import flet as ft

from companion.core.session import Action
from companion.games.table_tools import GAME, TableState
from companion.ui.components.common import ChoiceRow
from companion.ui.host import Host
from companion.ui.theme import TAP_SMALL
from companion.ui.views.session_screen import SessionScreen


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


class TableScreen(SessionScreen):
    title = "Table"
    game = GAME
    route = "/table"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.tools: dict[str, Tool] = {}  # built when first shown
        self.tool = "draft" if self.state.draft is not None else "dice"
        self.switch = ChoiceRow([("dice", "Dice"), ("draft", "Draft"), ("strike", "Strike")], self._switch,
                                key="tool", width=96)
        self.tool_box = ft.Container()
        self.finish_button = ft.TextButton("Finish this table session", icon=ft.Icons.DONE_ALL, key="finish",
                                           height=TAP_SMALL, on_click=lambda e: self.finish())

    @property
    def state(self) -> TableState:
        return self.session.state if self.session is not None else TableState()

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        return [self.undo_bar.control, self.switch.control, self.tool_box, self.finish_button]

    def refresh(self) -> None:
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing:
            return
        self.show_undo()
        self.switch.select(self.tool)
        tool = self._tool(self.tool)
        self.tool_box.content = tool.control
        tool.show(self.state)
        self.finish_button.visible = self.session is not None

    def _tool(self, name: str) -> Tool:
        if name not in self.tools:
            # Imported here: each tool module imports Tool from this one.
            if name == "dice":
                from companion.ui.views.table_dice import DiceTool as kind
            elif name == "draft":
                from companion.ui.views.table_draft import DraftTool as kind
            else:
                from companion.ui.views.table_strike import StrikeTool as kind
            self.tools[name] = kind(self)
        return self.tools[name]

    def finish(self) -> None:
        self.end_session()
        self.host.toast("Finished this table session; a new one starts with the next thing you do here.")
        self.render()

    def _switch(self, tool: str) -> None:
        self.tool = tool
        self.render()
