"""Fly Solo in History: every adventure (won, lost or still going) and each one's timeline,
Day by Day against the Silent Angler, with every Badge spent."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.games.fly_solo import journal as j
from companion.core.play_files import create_play_link, known_players
from companion.games.fly_solo.plays import day_plays
from companion.games.fly_solo.story import AdventureStory, Moment, story
from companion.games.registry import file_kinds
from companion.ui.components import charts
from companion.ui.components.common import empty_state
from companion.ui.games.fly_solo import journal_route
from companion.ui.host import Host

ADVENTURES = "fly-solo"
# Each mark's picture and what a screen reader hears of it (a phrase: a word alone on a 22 px icon reads, in the
# accessibility tree, as a word broken over lines).
MARKS = {"win": (ft.Icons.STAR, "Day won"), "loss": (ft.Icons.CLOSE, "Day lost"),
         "tie": (ft.Icons.DRAG_HANDLE, "Day tied"), "upgrade": (ft.Icons.UPGRADE, "Badge spent"),
         "won": (ft.Icons.EMOJI_EVENTS, "adventure won"), "lost": (ft.Icons.FLAG, "adventure over")}


def _stories(host: Host) -> list[tuple[str, AdventureStory]]:
    records = host.ctx.sessions.open_records(j.GAME)
    return [(r.id, story(r.setup, r.actions)) for r in sorted(records, key=lambda r: r.created, reverse=True)]


def adventures_view(host: Host) -> list[ft.Control]:
    found = _stories(host)
    if not found:
        return [empty_state(ft.Icons.HIKING, "No Fly Solo adventure yet",
                            "Start one on Fly Solo's page (Games): every Day you record shows here.")]
    return [ft.Container(
        key=f"adventure-{sid}", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, ink=True,
        on_click=lambda e, sid=sid: host.navigate(f"/history/{ADVENTURES}/{sid}"),
        content=ft.Column([
            ft.Text(told.name, size=18, weight=ft.FontWeight.W_600),
            ft.Text(told.summary, size=15, color=status_colour(told.status)),
            ft.Text(", ".join(f"Day {d}: {you}-{sa}" for d, you, sa in told.scores) or "No Day recorded yet",
                    size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=4),
    ) for sid, told in found]


def status_colour(status: str) -> str | None:
    return {"won": ft.Colors.PRIMARY, "lost": ft.Colors.ERROR}.get(status)


def adventure_story_view(host: Host, session_id: str) -> list[ft.Control]:
    try:
        record = host.ctx.sessions.get(session_id).record
        if record.game != j.GAME:
            raise DomainError(f"{session_id} is not a Fly Solo adventure.")
    except DomainError as exc:
        return [empty_state(ft.Icons.SEARCH_OFF, "Adventure not found", str(exc)),
                ft.Button("All adventures", on_click=lambda e: host.navigate(f"/history/{ADVENTURES}"))]
    told = story(record.setup, record.actions)
    known = known_players(host.ctx.store.archive.all(), host.ctx.store.settings.player_uuids())
    sent = {play.entry["day"]: create_play_link(play, file_kinds(), known) for play in day_plays(record)}
    controls: list[ft.Control] = [
        ft.Text(told.name, size=24, weight=ft.FontWeight.BOLD),
        ft.Text(told.summary, size=17, key="adventure-summary", color=status_colour(told.status)),
    ]
    if told.scores:
        controls.append(charts.line_chart(
            "Your score and the Silent Angler's, Day by Day",
            {"You": [you for _, you, _ in told.scores], "Silent Angler": [sa for _, _, sa in told.scores]},
            key="chart-adventure", x_title="Day"))
    controls.append(ft.Container(
        key="adventure-timeline", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
        content=ft.Column([ft.Text("Timeline", size=18, weight=ft.FontWeight.W_600)]
                          + [moment_row(m, i, sent.get(m.day) if m.kind == "day" else None)
                             for i, m in enumerate(told.moments)]
                          + ([] if told.moments else [ft.Text("Nothing recorded yet.", size=15)]), spacing=6)))
    if told.upgrades:
        controls.append(ft.Text("Badges spent on: " + ", ".join(told.upgrades), size=15, key="adventure-upgrades"))
    controls += [
        ft.Text("Badges earned: " + ", ".join(told.badges), size=15),
        ft.Row([
            ft.FilledButton("Open the adventure", icon=ft.Icons.MENU_BOOK, key="open-adventure",
                            on_click=lambda e: host.navigate(journal_route(session_id))),
            ft.TextButton("All adventures", icon=ft.Icons.ARROW_BACK,
                          on_click=lambda e: host.navigate(f"/history/{ADVENTURES}")),
        ], wrap=True, spacing=8),
    ]
    return controls


def moment_row(m: Moment, i: int, link: str | None = None) -> ft.Control:
    """A line of the timeline; a Day's with its "Send to BG Stats" link (BG Stats' createPlay)."""
    icon, words = MARKS[m.result if m.kind != "upgrade" else "upgrade"]
    lines: list[ft.Control] = [ft.Text(m.text, size=15, weight=ft.FontWeight.W_600 if m.kind != "upgrade" else None)]
    if m.badges:
        lines.append(ft.Text("Badges: " + ", ".join(m.badges), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if link is not None:
        lines.append(ft.TextButton(f"Send Day {m.day} to BG Stats", icon=ft.Icons.SEND_TO_MOBILE,
                                   key=f"send-day-{m.day}", url=ft.Url(link, ft.UrlTarget.SELF)))
    return ft.Row([ft.Icon(icon, size=22, semantics_label=words,
                           color=ft.Colors.PRIMARY if m.result in ("win", "won") else ft.Colors.ON_SURFACE_VARIANT),
                   ft.Column(lines, spacing=0, expand=True)],
                  key=f"moment-{i}", vertical_alignment=ft.CrossAxisAlignment.START)
