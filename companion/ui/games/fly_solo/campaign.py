"""An adventure's page: the whole map at a glance, Badges to spend, the next Day's setup card."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.words import count
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.journal import Campaign, DayRecord
from companion.ui.components.common import chip
from companion.ui.games.fly_solo import journal_route
from companion.ui.games.fly_solo.angler_day import play_the_day
from companion.ui.games.fly_solo.help import HELP, summary
from companion.ui.games.fly_solo.pictures import (
    challenge_bars,
    day_scores,
    days_table,
    location_map,
    setup_card_view,
    stars,
)
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style


def card(*controls: ft.Control, key: str | None = None, color: str = ft.Colors.SURFACE_CONTAINER) -> ft.Control:
    return ft.Container(ft.Column(list(controls), spacing=10), key=key, padding=14, border_radius=16, bgcolor=color)


def heading(text: str) -> ft.Control:
    return ft.Text(text, size=20, weight=ft.FontWeight.W_600)


class CampaignScreen(SessionScreen):
    rules_help = ("Fly Solo adventure", HELP)
    title = "Journal"
    game = j.GAME
    route = journal_route()

    def build(self) -> list[ft.Control]:
        if self.missing or self.session is None:
            self.missing = self.missing or "This adventure is not here."
            return self.missing_controls()
        self.show_undo()
        campaign: Campaign = self.view
        adventure = j.RULES.adventure
        status = campaign.status(adventure)
        controls: list[ft.Control] = [
            self.undo_bar.control,
            ft.Row([ft.IconButton(ft.Icons.ARROW_BACK, tooltip="All adventures",
                                  on_click=lambda e: self.host.navigate(journal_route())),
                    ft.Text(campaign.name, size=24, weight=ft.FontWeight.BOLD, expand=True)]),
            ft.Text(self._banner(campaign, status), size=18, key="adventure-status",
                    weight=ft.FontWeight.W_600 if status != "playing" else None,
                    color=ft.Colors.PRIMARY if status == "won" else ft.Colors.ERROR if status == "lost" else None),
        ]
        if campaign.days:
            controls.append(self._last_day(campaign.days[-1]))
        if status == "playing":
            # The Day's next step, pinned (the journal and the set-up card above it are a screen or two long):
            # its Silent Angler, then, once that is in the journal, your own catch; the other in the page.
            day = campaign.next_day
            play = (f"Play Day {day} with the Silent Angler", ft.Icons.CASINO, "open-assistant",
                    lambda: play_the_day(self.host, self.session))
            record = (f"Record Day {day}", ft.Icons.EDIT_NOTE, "open-record",
                      lambda: self.host.navigate(journal_route(f"{self.session.id}/record")))
            pinned, other = (record, play) if j.angler_day_in(self.session.record.actions) else (play, record)
            self.pin(*pinned)
            controls.append(self._journal(campaign))
            card_ = j.setup_card(campaign, adventure)
            words, icon, key, on_tap = other
            controls += [
                setup_card_view(card_, campaign.draft.skill,
                                lambda: self.act(lambda c: j.draw_skill(c, self.chance("skill")))),
                ft.FilledButton(words, icon=icon, key=f"{key}-in-page", style=big_button_style(),
                                on_click=lambda e: on_tap()),
            ]
        controls += [
            card(heading("Adventure map"), location_map(campaign, adventure), days_table(campaign, adventure),
                 key="adventure-map"),
            card(heading("Guide Book Challenges"), challenge_bars(j.challenges(adventure), dict(campaign.progress)),
                 key="challenges"),
            card(heading(f"Badges earned: {len(campaign.badges)}"),
                 ft.Text(", ".join(campaign.badges), size=14), key="badges"),
            ft.TextButton("Discard this adventure", icon=ft.Icons.DELETE_OUTLINE,
                          key="discard-adventure", on_click=lambda e: self._discard()),
        ]
        return controls

    def _banner(self, campaign: Campaign, status: str) -> str:
        if status == "won":
            return f"You won the adventure: all four Locations beaten in {count(len(campaign.days), 'Day')}!"
        if status == "lost":
            return (f"The adventure is lost: seven Days played and L{campaign.location} still stands. "
                    f"Locations beaten: {campaign.beaten}.")
        return summary(campaign)

    def _last_day(self, day: DayRecord) -> ft.Control:
        earned = (f"Badges earned: {', '.join(day.badges)}" if day.badges else "No Badge earned this Day.")
        return card(
            ft.Text(f"Day {day.number} at L{day.location}", size=18, weight=ft.FontWeight.W_600),
            day_scores(day.score),
            ft.Text(earned, size=16, weight=ft.FontWeight.W_600, key="badges-earned"),
            key="last-day", color=ft.Colors.SURFACE_CONTAINER_HIGH,
        )

    # The journal's upgrades ------------------------------------------------------------------

    def _journal(self, campaign: Campaign) -> ft.Control:
        up = campaign.upgrades
        spend = campaign.badges_to_spend
        buying = spend > 0
        if not up.momentum:
            hint = "Spend your free Badge on your first Momentum tile (the rules suggest 1A)."
        elif buying:
            hint = "Tap an upgrade to spend a Badge on it."
        else:
            hint = "Earn Badges by completing Guide Book Challenges and beating Locations."

        def buy(kind: str, choice: str | None = None) -> Callable[[], None]:
            return lambda: self.act(lambda c: j.upgrade(kind, choice))

        def counter(label: str, kind: str, have: int, most: int) -> ft.Control:
            parts: list[ft.Control] = [ft.Text(label, size=16, expand=True), stars(have, most, "unlocked")]
            if buying and have < most:
                words = "+1" if most > 1 else "Unlock"  # heard with what it buys: each said apart
                parts.append(ft.OutlinedButton(content=ft.Text(words, semantics_label=f"{label}: {words}"),
                                               key=f"buy-{kind}", on_click=lambda e: buy(kind)()))
            return ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER)

        def choices(label: str, kind: str, options: tuple[str, ...], owned: set[str]) -> ft.Control:
            return ft.Column([ft.Text(label, size=16), ft.Row([
                chip(option, buy(kind, option), key=f"buy-{kind}-{option}", selected=option in owned)
                for option in options], wrap=True, spacing=8, run_spacing=8)], spacing=6)

        return card(
            ft.Row([heading("Journal"),
                    ft.Container(ft.Text(f"{count(spend, 'Badge')} to spend", size=16,
                                         weight=ft.FontWeight.BOLD,
                                         color=ft.Colors.ON_TERTIARY if buying else None),
                                 padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=20,
                                 bgcolor=ft.Colors.TERTIARY if buying else ft.Colors.SURFACE_CONTAINER_HIGH,
                                 key="badges-to-spend")],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True, run_spacing=6),  # below at large text
            ft.Text(hint, size=15, color=ft.Colors.ON_SURFACE_VARIANT),
            choices("Momentum tiles (any order)", "momentum", j.MOMENTUM_TILES, set(up.momentum)),
            counter("Finesse at start", "finesse", up.finesse, j.MAX_FINESSE),
            counter("Rocks per deck", "rocks", up.rocks, j.ROCKS[-1]),
            choices("New Rod (for good)", "rod", j.NEW_RODS, {up.rod} if up.rod else set()),
            counter("Skill card every Day", "skill", int(up.skill), 1),
            counter("7 Fish Bonus +2", "seven_fish", int(up.seven_fish), 1),
            counter("Bonus Points", "bonus_point", up.bonus_points, j.MAX_BONUS_POINTS),
            key="journal-upgrades",
        )

    def _discard(self) -> None:
        name = self.session.record.title if self.session else ""
        self.discard(f"Discarded {name}.", lambda sid: self.host.navigate(journal_route(sid)),
                     then=lambda: self.host.navigate(journal_route()))
