"""History's filter bar: which game, whose plays, when. Kept for the page while it is open, so
going from the plays to their stats keeps what was chosen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta

import flet as ft

from companion.core.play_stats import PlayFilter
from companion.games import title_of
from companion.ui.components.common import chip
from companion.ui.host import Host

KEPT = "history-filter"
OPEN = "history-filter-open"
PERIODS = ("all", "30d", "12m", "year")
PERIOD_WORDS = {"all": "All time", "30d": "Last 30 days", "12m": "Last 12 months", "year": "This year"}
MOST_PLAYERS_SHOWN = 12


def current(host: Host) -> PlayFilter:
    return host.keep.get(KEPT) or PlayFilter()


def period(flt: PlayFilter, today: date) -> str | None:
    """Which of PERIODS the filter's dates are, or None for dates picked by hand."""
    if flt.until is None or flt.until == today:
        for name in PERIODS:
            if since(name, today) == flt.since and (name == "all") == (flt.until is None):
                return name
    return None


def since(name: str, today: date) -> date | None:
    """The first day of a period ending today (inclusive)."""
    return {"all": None, "30d": today - timedelta(days=29), "12m": today - timedelta(days=364),
            "year": today.replace(month=1, day=1)}[name]


def describe(flt: PlayFilter) -> str:
    parts = [title_of(flt.game) if flt.game else "every game",
             f"with {flt.player}" if flt.player else "everyone"]
    if flt.location:
        parts.append(f"at {flt.location}")
    if flt.since or flt.until:
        parts.append(f"{flt.since:%d %b %Y}" if flt.since else "the start")
        parts[-1] += f" to {flt.until:%d %b %Y}" if flt.until else " to today"
    return ", ".join(parts)


class FilterBar:
    """The chips of the filter; a tap changes the page's filter and calls `changed`."""

    def __init__(self, host: Host, games: Sequence[str], players: Sequence[str], changed: Callable[[], None],
                 places: Sequence[str] = ()) -> None:
        self.host = host
        self.games = games
        self.players = players
        self.places = places
        self.changed = changed

    @property
    def today(self) -> date:
        return self.host.ctx.store.clock().date()

    def set(self, **changes) -> None:
        self.host.keep[KEPT] = replace(current(self.host), **changes)
        self.changed()

    def control(self) -> ft.Control:
        """One line saying what is shown and a Filter button; the choices once it is tapped."""
        flt = current(self.host)
        if not self.host.keep.get(OPEN):
            said = describe(flt)
            return ft.Container(
                key="history-filters", padding=ft.Padding.only(left=12, right=4), border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Row([
                    ft.Icon(ft.Icons.FILTER_LIST, size=22),
                    ft.Text(said[0].upper() + said[1:], size=16, expand=True, key="filter-summary"),
                    ft.TextButton("Filter", key="filter-open", on_click=lambda e: self._open(True)),
                ], spacing=8))
        shown_players = list(self.players[:MOST_PLAYERS_SHOWN])
        if flt.player and flt.player not in shown_players:
            shown_players.append(flt.player)
        chosen_period = period(flt, self.today)
        rows = [
            self._row("Game", [chip("All games", lambda: self.set(game=None), "filter-game-all", flt.game is None)]
                      + [chip(title_of(g), lambda g=g: self.set(game=g), f"filter-game-{g}", flt.game == g)
                         for g in self.games]),
            self._row("Player", [chip("Everyone", lambda: self.set(player=None), "filter-player-all", flt.player is None)]
                      + [chip(p, lambda p=p: self.set(player=p), f"filter-player-{i}", flt.player == p)
                         for i, p in enumerate(shown_players)]),
            *([self._row("Where", [chip("Anywhere", lambda: self.set(location=None), "filter-where-all",
                                        flt.location is None)]
                         + [chip(p, lambda p=p: self.set(location=p), f"filter-where-{i}", flt.location == p)
                            for i, p in enumerate(self.places[:MOST_PLAYERS_SHOWN])])] if self.places else []),
            self._row("When", [chip(PERIOD_WORDS[name], lambda n=name: self._period(n), f"filter-when-{name}",
                                    chosen_period == name) for name in PERIODS]
                      + [chip(f"From {flt.since:%d %b %Y}" if flt.since and chosen_period is None else "From a date…",
                              lambda: self._pick("since"), "filter-when-from", chosen_period is None and bool(flt.since)),
                         chip(f"To {flt.until:%d %b %Y}" if flt.until and chosen_period is None else "To a date…",
                              lambda: self._pick("until"), "filter-when-to", chosen_period is None and bool(flt.until))]),
            ft.Row([ft.FilledButton("Done", key="filter-done", icon=ft.Icons.CHECK,
                                    on_click=lambda e: self._open(False))], alignment=ft.MainAxisAlignment.END),
        ]
        return ft.Container(ft.Column(rows, spacing=10), key="history-filters", padding=12, border_radius=12,
                            bgcolor=ft.Colors.SURFACE_CONTAINER)

    def _open(self, shown: bool) -> None:
        self.host.keep[OPEN] = shown
        self.changed()

    @staticmethod
    def _row(title: str, chips: list[ft.Control]) -> ft.Control:
        return ft.Column([ft.Text(title, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                          ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=4)

    def _period(self, name: str) -> None:
        self.set(since=since(name, self.today), until=None if name == "all" else self.today)

    def _pick(self, which: str) -> None:
        flt = current(self.host)
        start = getattr(flt, which) or self.today

        def chosen(e: ft.Event) -> None:
            value = e.control.value
            if value is None:
                return
            day = value.date() if isinstance(value, datetime) else value
            other = flt.until if which == "since" else flt.since
            if other is not None and (day > other if which == "since" else day < other):
                self.host.toast("The first day must come before the last: choose again.")
                return
            self.set(**{which: day})

        self.host.page.show_dialog(ft.DatePicker(
            value=datetime(start.year, start.month, start.day), first_date=datetime(2000, 1, 1),
            last_date=datetime(self.today.year + 1, 12, 31), on_change=chosen,
            help_text="First day of the plays shown" if which == "since" else "Last day of the plays shown"))
