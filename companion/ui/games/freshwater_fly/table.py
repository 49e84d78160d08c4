"""The base of the dice draft and Strike screens: both show Freshwater Fly's table session, which
ends, saved as the game's play, when its score is saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.actions import Action
from companion.games import dice_roller
from companion.games.dice_roller import TableState
from companion.games.freshwater_fly import table as fly_table
from companion.games.freshwater_fly.table import FlyTable
from companion.games.registry import FRESHWATER_FLY
from companion.ui.tool_screen import ToolScreen


def fly_of(state: Any) -> FlyTable:
    """The draft and Strike cards of a session: its own, or those of a Dice session they were begun in."""
    return state.fly if isinstance(state, TableState) else state


class FlyTableScreen(ToolScreen):
    game = fly_table.GAME
    also_shows = (dice_roller.GAME,)  # a draft or cast begun on the Dice tab before Freshwater Fly had a page
    route = f"/games/{FRESHWATER_FLY.id}"
    finish_label = "Finish this Freshwater Fly table session"

    @property
    def table(self) -> FlyTable:
        return fly_of(self.state)

    def act(self, build: Callable[[Any], Action]) -> bool:
        return super().act(lambda state: build(fly_of(state)))

    def refresh(self) -> None:
        """Once the game's score is saved (on any phone) its table session ends: this phone shows the
        saved result until it leaves it."""
        if not self.show_saved():
            super().refresh()

    def show(self, state: Any) -> None:
        self.show_table(fly_of(state))

    def show_table(self, table: FlyTable) -> None:
        """Bring the controls up to date with the draft and the Strike cards."""
        raise NotImplementedError
