"""Tabs whose games arrive in later releases say so plainly."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import empty_state
from companion.ui.views.screen import Screen


class JournalScreen(Screen):
    title = "Journal"

    def build(self) -> list[ft.Control]:
        return [empty_state(ft.Icons.MENU_BOOK, "Adventure journal",
                            "Your Fly Solo 7-Day adventure, kept across weeks, will live here. "
                            "It is not in this version yet.")]
