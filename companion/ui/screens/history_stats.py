"""History's stats: a player's record, a game's, two players head to head, and the charts.

Everything is computed from the plays the filter shows (companion/core/play_stats.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.core import words
from companion.core.play_reading import name_key
from companion.core.play_stats import (
    category_breakdown,
    game_stats,
    games_of,
    head_to_head,
    places_of,
    player_stats,
    players_of,
    scores_over_time,
    wins_per_player,
)
from companion.core.plays import Play
from companion.games import FEWER_IS_BETTER, title_of
from companion.ui.components import charts
from companion.ui.components.common import chip, min_width
from companion.ui.host import Host
from companion.ui.screens.history_filter import current

VERSUS = "history-versus"
CHART_PLAYERS = 6  # more lines or bars than this is no longer readable on a phone
CHART_PLAYS = 20  # the last plays drawn in "scores over time"


@dataclass(frozen=True)
class ArchiveFacts:
    games: list[str]
    players: list[str]
    places: list[str]  # where plays were played, most plays first


_facts: tuple[tuple[Play, ...], ArchiveFacts] | None = None


def archive_facts(plays: tuple[Play, ...]) -> ArchiveFacts:
    """The games and players of the whole archive (the filter's choices), worked out once per
    version of the archive (the archive hands out the same tuple until it changes)."""
    global _facts
    if _facts is None or _facts[0] is not plays:
        _facts = (plays, ArchiveFacts(games_of(plays), players_of(plays), places_of(plays)))
    return _facts[1]


def figure(label: str, value: str, key: str) -> ft.Control:
    return ft.Container(
        key=key, width=104, padding=8, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Column([ft.Text(value, size=20, weight=ft.FontWeight.BOLD),
                           ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0),
    )


def card(title: str, *controls: ft.Control, key: str) -> ft.Control:
    return ft.Container(key=key, padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                        content=ft.Column([ft.Text(title, size=18, weight=ft.FontWeight.W_600), *controls], spacing=8))


def number(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}".removesuffix(".0")


def stats_view(host: Host, plays: list[Play]) -> list[ft.Control]:
    flt = current(host)
    if not plays:
        return [ft.Text("No play matches: change the filter above.", size=16, key="history-none")]
    game = flt.game or games_of(plays)[0]  # the chosen game, or the one played most
    controls: list[ft.Control] = []
    if flt.player:
        controls += [player_card(plays, flt.player, flt.game), versus_card(host, plays, flt.player)]
    known = seat_colours(host)
    controls += [game_card(plays, game, chosen=flt.game is not None), *game_charts(plays, game, known)]
    wins = wins_per_player(plays)[:CHART_PLAYERS]
    controls.append(charts.bar_chart(f"Wins per player ({words.count(len(plays), 'play')})", wins, key="chart-wins",
                                     known=known([name for name, _ in wins])))
    return controls


def player_card(plays: list[Play], name: str, game: str | None) -> ft.Control:
    s = player_stats(plays, name, game)
    fewer = game in FEWER_IS_BETTER
    best, worst = (s.worst, s.best) if fewer else (s.best, s.worst)
    rows: list[ft.Control] = [ft.Row([
        figure(words.noun(s.plays, "play"), str(s.plays), "stat-plays"),
        figure(words.noun(s.wins, "win"), str(s.wins), "stat-wins"),
        figure("win rate", f"{s.win_rate:.0%}", "stat-win-rate"),
        figure("average", number(s.average_score), "stat-average"),
        figure("best", str(best.total) if best else "-", "stat-best"),
        figure("worst", str(worst.total) if worst else "-", "stat-worst"),
        figure("longest streak", str(s.longest_win_streak), "stat-longest-streak"),
        figure("current streak", str(s.current_win_streak), "stat-current-streak"),
    ], wrap=True, spacing=8, run_spacing=8)]
    if game is None:
        rows.append(ft.Text("Scores of different games are averaged together: choose a game above for its own "
                            "average, best and worst.", size=14, color=ft.Colors.ON_SURFACE_VARIANT))
    elif fewer:
        rows.append(ft.Text(f"In {title_of(game)} the score is the Fatigue cards: fewer is better.", size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    for g, averages in s.category_averages.items():
        if averages:
            rows.append(ft.Text(f"{title_of(g)}: average points per play", size=16, weight=ft.FontWeight.W_600))
            rows += [ft.Row([ft.Text(rule, size=15, expand=True), min_width(ft.Text(number(v), size=15,
                                                                           text_align=ft.TextAlign.RIGHT), 60)])
                     for rule, v in averages.items()]
    return card(f"{s.name}{' in ' + title_of(game) if game else ''}", *rows, key="player-stats")


def versus_card(host: Host, plays: list[Play], name: str) -> ft.Control:
    others = [p for p in players_of(plays) if name_key(p) != name_key(name)]
    chosen = host.keep.get(VERSUS)
    if chosen not in others:
        chosen = others[0] if others else None

    def choose(other: str) -> None:
        host.keep[VERSUS] = other
        host.refresh("history")

    rows: list[ft.Control] = [ft.Row([chip(f"Against {o}", lambda o=o: choose(o), f"versus-{i}", o == chosen)
                                      for i, o in enumerate(others[:12])], wrap=True, spacing=6, run_spacing=6)]
    if chosen is None:
        rows.append(ft.Text(f"{name} has not played with anyone else in these plays.", size=15))
    else:
        h = head_to_head(plays, name, chosen)
        together = words.count(h.together, "play")
        rows.append(ft.Text(f"{together} together: {h.a} ahead {h.a_ahead}, {h.b} ahead {h.b_ahead}, level {h.level}",
                            size=16, key="versus-summary"))
        rows += [ft.Text(f"{title_of(g)}: {t} together, {h.a} {a}, {h.b} {b}, level {lv}", size=14)
                 for g, (t, a, b, lv) in h.by_game.items()]
    return card("Head to head", *rows, key="head-to-head")


def game_card(plays: list[Play], game: str, chosen: bool) -> ft.Control:
    s = game_stats(plays, game)
    fewer = game in FEWER_IS_BETTER
    rows: list[ft.Control] = [ft.Row([
        figure(words.noun(s.plays, "play"), str(s.plays), "game-plays"),
        figure("winning score", number(s.average_winning_score), "game-winning-average"),
        figure("lowest" if fewer else "highest", f"{s.highest.total}" if s.highest else "-", "game-highest"),
    ], wrap=True, spacing=8, run_spacing=8)]
    if s.highest and not fewer:
        rows.append(ft.Text(f"Highest score: {s.highest.name} with {s.highest.total}", size=15))
    rows += [ft.Row([ft.Text(name, size=15, expand=True),
                     min_width(ft.Text(words.count(s.wins.get(name, 0), "win"), size=15), 72),
                     min_width(ft.Text(f"avg {number(avg)}", size=15, text_align=ft.TextAlign.RIGHT), 80)])
             for name, avg in list(s.average_per_player.items())[:CHART_PLAYERS * 2]]
    title = title_of(game) + ("" if chosen else " (the game played most here)")
    return card(title, *rows, key="game-stats")


def seat_colours(host: Host) -> Callable[[Sequence[str]], dict[str, str]]:
    """The seat colour of each of these names (as plays write them) that is a player of the roster."""
    roster = {name_key(p.name): p.color.value for p in host.ctx.store.settings.players()}
    return lambda names: {name: roster[name_key(name)] for name in names if name_key(name) in roster}


def game_charts(plays: list[Play], game: str, known: Callable[[Sequence[str]], dict[str, str]]) -> Sequence[ft.Control]:
    over_time = scores_over_time(plays, game)
    names = list(over_time)[:4]
    if not names:
        return []
    lines = {n: [total for _, total in over_time[n][-CHART_PLAYS:]] for n in names}
    rules, per_player = category_breakdown(plays, game)
    shown = dict(list(per_player.items())[:CHART_PLAYERS])
    return [
        charts.line_chart(f"{title_of(game)}: scores over time (each player's last {words.count(CHART_PLAYS, 'play')})",
                          lines, key="chart-scores", x_title="Play, oldest first", known=known(names)),
        charts.stacked_bar_chart(f"{title_of(game)}: average score by category", rules, shown, key="chart-breakdown"),
    ]
