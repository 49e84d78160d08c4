"""Fly Solo's journal: its route lists the adventures and starts a new one; `<id>` is an
adventure's page, `<id>/record` records its next Day and `<id>/angler` runs the Silent
Angler assistant for it."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.session_log import SessionRecord
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.journal import Campaign
from companion.ui.components.common import empty_state
from companion.ui.games.fly_solo import journal_route
from companion.ui.games.fly_solo.angler import AnglerScreen
from companion.ui.games.fly_solo.campaign import CampaignScreen
from companion.ui.games.fly_solo.help import HELP, summary
from companion.ui.games.fly_solo.pictures import stars
from companion.ui.games.fly_solo.record import DayRecordScreen
from companion.ui.host import Host
from companion.ui.screen import Screen


def journal_screen(host: Host, arg: str | None = None) -> Screen:
    """The journal's screen for its route argument."""
    if not arg:
        return AdventuresScreen(host)
    campaign, _, part = arg.partition("/")
    if part == "record":
        return DayRecordScreen(host, campaign)
    if part == "angler":
        return AnglerScreen(host, campaign)
    return CampaignScreen(host, campaign)


class AdventuresScreen(Screen):
    rules_help = ("Fly Solo adventure", HELP)
    title = "Journal"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("sessions", self.render)
        # The suggested name is the field's hint, not its text: typing needs no clearing first, and
        # an empty field takes the suggestion (a selection set by the server on focus raced a fast thumb).
        self.name = ft.TextField(label="Name of the new adventure", key="adventure-name", text_size=18,
                                 max_length=j.MAX_NAME, hint_text=self._default_name(),
                                 on_submit=lambda e: self._start())

    def build(self) -> list[ft.Control]:
        records = self.ctx.sessions.open_records(j.GAME)
        cards = [self._card(r) for r in records]
        self.pin("Start the adventure", ft.Icons.HIKING, "start-adventure", self._start)
        return [
            ft.Text("Fly Solo adventures", size=22, weight=ft.FontWeight.W_600),
            *(cards or [empty_state(ft.Icons.MENU_BOOK, "No adventure yet",
                                    "Start one below: the journal keeps your seven Days, Badges, upgrades and "
                                    "Guide Book Challenges, for as many weeks as it takes.")]),
            ft.Container(
                padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Column([
                    ft.Text("New adventure", size=18, weight=ft.FontWeight.W_600),
                    self.name,
                ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ),
        ]

    def _card(self, record: SessionRecord) -> ft.Control:
        try:
            state: Campaign = self.ctx.sessions.get(record.id).state
        except DomainError as exc:  # a damaged file: say so, keep listing the others
            return ft.Text(f"{record.title}: {exc}", color=ft.Colors.ERROR)
        return ft.Container(
            key=f"adventure-{record.id}", padding=14, border_radius=16, bgcolor=ft.Colors.SECONDARY_CONTAINER,
            on_click=lambda e: self.host.navigate(journal_route(record.id)),
            content=ft.Row([
                ft.Column([
                    # Read as one button: "Autumn week, Day 1 of 7 at L1, 0 of 4 Locations beaten".
                    ft.Text(state.name, size=20, weight=ft.FontWeight.W_600, semantics_label=f"{state.name},"),
                    ft.Text(summary(state), size=15, semantics_label=f"{summary(state)},"),
                    stars(state.beaten, len(j.RULES.adventure.locations), "Locations beaten"),
                ], spacing=4, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=32),
            ]),
        )

    def _default_name(self) -> str:
        return f"Adventure {self.ctx.store.clock():%d %b}"

    def _start(self) -> None:
        name = (self.name.value or "").strip() or self.name.hint_text

        def create() -> None:
            session = self.ctx.sessions.create(j.GAME, {"name": name}, name.strip())
            self.host.changed("sessions")
            self.host.navigate(journal_route(session.id))

        if not self.host.attempt(create):
            self.render()
