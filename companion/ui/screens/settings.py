"""Settings: this phone's own (who plays on it, theme, text size), the table's (the
player roster, each game's own settings drawn from its registry entry, saved dice
pools), and on the host only: backups, restore and where the data lives."""

from __future__ import annotations

import flet as ft

from companion.core.dice import check_pool, describe_pool
from companion.core.errors import DomainError
from companion.core.players import Player
from companion.core.pools import SavedPool
from companion.games import registry
from companion.ui.components.common import Segment, chip, notice_card, section, segments
from companion.ui.components.player_dialog import edit_player
from companion.ui.host import SETTINGS
from companion.ui.phone import TEXT_SIZE, TEXT_SIZES, THEME
from companion.ui.screen import Screen
from companion.ui.screens.backups import Backups
from companion.ui.theme import TAP

# The web manifest (assets/manifest.json) makes Companion installable: its own icon, full screen
# where the browser allows it.
HOME_SCREEN = ("Put Companion on this phone's home screen: in the browser's menu choose "
               "\"Add to Home screen\" or \"Install app\" (on an iPhone: Share, then \"Add to Home Screen\"). "
               "It then opens with its own icon (full screen where the browser allows it) and needs no "
               "typing of the address.")


class SettingsScreen(Screen):
    title = "Settings"

    def __init__(self, host, arg=None) -> None:
        super().__init__(host, arg)
        host.watch(SETTINGS, self.render)
        host.watch("screen-awake", self.render)

    def build(self) -> list[ft.Control]:
        return [self._this_phone(), self._roster(), *self._games(), self._saved_pools(),
                Backups(self.host, self.render).section(),
                self._about()]

    # This phone -------------------------------------------------------------------

    def _this_phone(self) -> ft.Control:
        """What this phone keeps for itself: the other phones at the table are not changed."""
        size = self.host.prefs.get(TEXT_SIZE)
        sizes = ft.Row([chip(f"{n}%", lambda n=n: self._set_text_size(n), key=f"text-size-{n}", selected=n == size)
                        for n in TEXT_SIZES], wrap=True, spacing=6, run_spacing=6)
        return section(
            "This phone",
            *self._who_plays(),
            ft.Text("Theme", size=16),
            segments([Segment("system", "System", ft.Icons.BRIGHTNESS_AUTO), Segment("light", "Light", ft.Icons.LIGHT_MODE),
                      Segment("dark", "Dark", ft.Icons.DARK_MODE)], self.host.prefs.get(THEME), self._set_theme,
                     key="theme"),
            ft.Text("Text size", size=16),
            sizes,
            *self._invite(),
            ft.Row([
                ft.Icon(ft.Icons.ADD_TO_HOME_SCREEN, size=28),
                ft.Text(HOME_SCREEN, size=15, expand=True, key="home-screen"),
            ], spacing=12),
        )

    def _who_plays(self) -> list[ft.Control]:
        """Who plays on this phone, where phones join the host (on a phone alone, it plays for the table)."""
        if not self.ctx.hosting.serves_phones:
            return []
        return [ft.Text("Only this phone: the others at the table keep their own.", color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Row([
                    ft.Text(f"Playing on it: {self.host.who}", size=16, expand=True, key="playing-here"),
                    ft.OutlinedButton(content=ft.Text("Change", semantics_label="Change who plays on this phone"),
                                      key="change-who", on_click=lambda e: self._change_who()),
                ])]

    def _invite(self) -> list[ft.Control]:
        if not self.ctx.hosting.serves_phones:
            return []
        return [ft.OutlinedButton("Invite phones to the table", icon=ft.Icons.QR_CODE_2, key="open-invite",
                                  on_click=lambda e: self.host.navigate("/invite"))]

    def _change_who(self) -> None:
        self.host.after_who = "/settings"
        self.host.navigate("/who")

    def _set_theme(self, theme: str) -> None:
        self.host.set_pref(THEME, theme)
        self.host.apply_theme()
        self.render()

    def _set_text_size(self, percent: int) -> None:
        self.host.set_pref(TEXT_SIZE, percent)  # the page picks it up from the phone's storage (see gate.py)
        self.render()

    # Roster ---------------------------------------------------------------------

    def _roster(self) -> ft.Control:
        players = self.ctx.store.settings.players()
        rows: list[ft.Control] = [self._player_row(p) for p in players]
        if not players:
            rows.append(ft.Text("No players yet. Add the people you play with; their names and colours "
                                "are offered in every game.", color=ft.Colors.ON_SURFACE_VARIANT))
        rows.append(ft.OutlinedButton("Add player", icon=ft.Icons.PERSON_ADD, key="add-player",
                                      on_click=lambda e: self._edit_player(None)))
        return section("Players", *rows)

    def _player_row(self, player: Player) -> ft.Control:
        return ft.Container(
            key=f"player-{player.name}",
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=12),
            height=TAP,
            content=ft.Row([
                ft.Container(width=28, height=28, border_radius=14, bgcolor=player.color.value),
                ft.Text(player.name, size=18, expand=True),
                *self._free_button(player),
                ft.IconButton(ft.Icons.EDIT, tooltip=f"Edit {player.name}",
                              on_click=lambda e: self._edit_player(player)),
                ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=f"Remove {player.name}", visible=self.host.is_host,
                              on_click=lambda e: self._remove_player(player)),
            ]),
        )

    def _free_button(self, player: Player) -> list[ft.Control]:
        """On the host and the phone passed around: a player on another phone, freed for a new one (a phone
        whose battery died)."""
        holder = self.ctx.seats.holder(player.id)
        if not self.ctx.hosting.serves_phones or not self.host.frees_players or holder in (None, self.host.device):
            return []

        def free() -> None:
            self.host.free_player(player.id)
            self.host.toast(f"{player.name} may now play on another phone: the phone that had {player.name} is "
                            "asked who plays on it.")
            self.render()

        return [ft.IconButton(ft.Icons.LOCK_RESET, tooltip=f"Free {player.name} for another phone",
                              key=f"free-{player.name}", on_click=lambda e: self.host.attempt(free))]

    def _edit_player(self, player: Player | None) -> None:
        edit_player(self.host, player, lambda saved: self.render())

    def _remove_player(self, player: Player) -> None:
        settings = self.ctx.store.settings
        try:
            self.host.require_host("Removing a player")
            removed, order = settings.remove_player(player.id)
        except DomainError as exc:  # a phone, or a player removed on another page meanwhile
            self.host.toast(str(exc))
            self.render()
            return

        def undo() -> None:
            settings.restore_player(removed, order)
            self.host.changed(SETTINGS)
            self.render()

        self.host.changed(SETTINGS)
        self.render()
        self.host.toast(f"Removed {player.name}.", undo=undo)

    # Each game's own settings, drawn from its registry entry ----------------------

    def _games(self) -> list[ft.Control]:
        sections = []
        for entry in registry.GAMES:
            if entry.options is None:
                continue
            _, problems = self.ctx.options_and_problems(entry.id)
            notices = [notice_card(p, lambda: None, key=f"setting-problem-{entry.id}-{i}", dismissible=False)
                       for i, p in enumerate(problems)]
            rows = registry.load(entry.options_section)(self.host, self.render) if entry.options_section else []
            sections.append(section(entry.title, *notices, *rows))
        return sections

    def _pool_problems(self) -> list[ft.Control]:
        return [notice_card(p, lambda: None, key=f"setting-problem-pools-{i}", dismissible=False)
                for i, p in enumerate(self.ctx.store.settings.problems())]

    # Saved dice pools -------------------------------------------------------------

    def _saved_pools(self) -> ft.Control:
        saved = self.ctx.store.settings.saved_pools()
        rows: list[ft.Control] = []
        for i, item in enumerate(saved):
            words = (f"{item.name}: {describe_pool(check_pool(item.dice))}" if isinstance(item, SavedPool)
                     else f"Damaged: {item}")
            rows.append(ft.Row([
                ft.Text(words, size=16, expand=True,
                        color=None if isinstance(item, SavedPool) else ft.Colors.ERROR),
                ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=f"Remove saved pool {i + 1}",
                              on_click=lambda e, i=i: self._remove_pool(i)),
            ]))
        if not rows:
            rows.append(ft.Text("None yet. Dice > Choose dice > Save as my pool.",
                                color=ft.Colors.ON_SURFACE_VARIANT))
        return section("Your saved dice pools", *self._pool_problems(), *rows)

    def _remove_pool(self, index: int) -> None:
        settings = self.ctx.store.settings
        removed = settings.remove_saved_pool(index)

        def undo() -> None:
            settings.restore_saved_pool(index, removed)
            self.host.changed(SETTINGS)
            self.render()

        self.host.changed(SETTINGS)
        self.render()
        self.host.toast("Removed the saved pool.", undo=undo)

    # About ----------------------------------------------------------------------

    def _about(self) -> ft.Control:
        awake = {True: "Yes, while Companion is open.",
                 False: "No: this browser does not allow it here (plain-HTTP addresses on a LAN are refused). "
                        "Set a longer screen timeout on your phone while you play.",
                 None: "Checking..."}[self.host.screen_awake]
        hosting = self.ctx.hosting
        lines = [("Your data", str(self.ctx.store.root) if hosting.backups_in_folder else
                  "In this browser, on this phone")] if self.host.is_host else []
        lines.append(("Screen kept awake", awake))
        if self.ctx.data_kept is not None:
            lines.append(("Data kept if the phone runs short of space", "Yes: this browser agreed to keep it." if
                          self.ctx.data_kept else "Not promised: this browser may clear it. Put Companion on the "
                          "home screen (above), and save a backup file now and then (Backups)."))
        if self.ctx.lan_url:
            lines.append(("Address for phones at the table", self.ctx.lan_url))
        return section("About this device", *[
            ft.Column([ft.Text(k, size=13, color=ft.Colors.ON_SURFACE_VARIANT), ft.Text(v)],
                      spacing=2)
            for k, v in lines
        ])

