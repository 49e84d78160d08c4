"""Who is playing on this phone: a roster player, a new name, or the whole table.

Asked on a phone's first visit; the answer stays on the phone (its browser), shows
in the app bar, and can be changed there at any time. Every tap is recorded as this
player's, and their Undo takes back only what they did.
"""

from __future__ import annotations

import flet as ft

from companion.core.actions import TABLE
from companion.core.errors import DomainError
from companion.ui.components.common import chip, section
from companion.ui.host import SETTINGS, Host
from companion.ui.screen import Screen
from companion.ui.theme import big_button_style

# What the phone passed around does, as it is (issue 65: "its Undo takes back the last thing anyone did" was not true
# of a move made on a player's own phone, which only that phone, or the host, takes back).
WHOLE_TABLE_WORDS = ("Pass this phone around the table: it plays for everyone without a phone of their own, and its "
                     "Undo takes back their last move (a move made on a player's own phone is undone there).")


class WhoScreen(Screen):
    title = "Who is playing?"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch(SETTINGS, self.render)  # a player added or renamed on another phone
        self.name = ft.TextField(label="Your name", max_length=20, key="new-player-name", text_size=18,
                                 on_submit=lambda e: self._join_as_new())

    def build(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        chosen = self.host.identity
        roster: list[ft.Control] = [ft.Row([
            chip(p.name, lambda p=p: self._choose(p.id), key=f"i-am-{p.name}", selected=chosen == p.id,
                 color=p.color.value)
            for p in players], wrap=True, spacing=8, run_spacing=8)]
        if not players:
            roster = [ft.Text("Nobody yet: add your name below.", color=ft.Colors.ON_SURFACE_VARIANT)]
        return [
            ft.Text("Who is playing on this phone?", size=22, weight=ft.FontWeight.W_600, key="who-question"),
            ft.Text("Your taps are recorded as yours, and your Undo takes back only what you did. "
                    "Change it any time: tap the name at the top.", size=16),
            section("I am", *roster),
            section("Someone new", self.name,
                    ft.FilledButton("Join with this name", icon=ft.Icons.PERSON_ADD, key="join-as-new",
                                    style=big_button_style(), on_click=lambda e: self._join_as_new())),
            section("One phone for everyone",
                    ft.Text(WHOLE_TABLE_WORDS, size=15, color=ft.Colors.ON_SURFACE_VARIANT, key="whole-table-words"),
                    ft.Row([chip("The whole table", lambda: self._choose(TABLE), key="i-am-table",
                                 selected=chosen == TABLE)])),
        ]

    def _choose(self, identity: str) -> None:
        if self.host.attempt(lambda: self.host.set_identity(identity)):  # refused: a player on another phone
            self.host.navigate(self.host.after_who or "/")

    def _join_as_new(self) -> None:
        try:
            player = self.ctx.store.settings.add_player(self.name.value or "")
        except DomainError as exc:  # an empty or taken name is explained next to the field
            self.name.error = str(exc)
            self.name.update()
            return
        self.host.changed(SETTINGS)
        self._choose(player.id)
