"""Deleting a play from History, and bringing it back (issue 63: a delete asked nothing and was undone only from
its message): the host is asked first, and a deleted play is offered back under the plays for KEPT_DAYS days,
on the laptop and on the phone build alike (the archive keeps it, `PlayArchive.deleted`)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.games import title_of
from companion.store.archive import KEPT_DAYS
from companion.ui.components.common import ask_first, empty_state
from companion.ui.host import Host
from companion.ui.screens.sessions import when

HISTORY = "history"


def named(play: Play, first: bool = False) -> str:
    """"the Lure play of Today 20:05", "the pearl boat game play of Sat 21 Nov, 19:26" ("The ..." when `first`,
    as a sentence begins)."""
    title = title_of(play.game)
    game = title[1:] if title.startswith("The ") else f"he {title}"
    return f"{'T' if first else 't'}{game} play of {when(play.played_at)}"


def delete_asked(host: Host, play: Play, then: Callable[[], None]) -> None:
    """Delete `play` once the host says so (`then`, after it: its page drawn again, saying so)."""
    if not host.attempt(lambda: host.require_host("Deleting a play")):
        return
    words = (f"Its scores leave History, the stats and the files. Undo, in the message just after, brings it back, "
             f"and so does Bring back under History's plays for {KEPT_DAYS} days.")
    ask_first(host.page, f"Delete {named(play)}?", words, "Delete", "confirm-delete",
              lambda: _delete(host, play, then))


def _delete(host: Host, play: Play, then: Callable[[], None]) -> None:
    store = host.ctx.store
    try:
        store.archive.delete(play.id, store.clock())
    except DomainError as exc:  # deleted on another page meanwhile
        host.toast(str(exc))
        return
    host.changed(HISTORY)
    then()
    host.toast(f"Deleted {named(play)}.", undo=lambda: bring_back(host, play))


def bring_back(host: Host, play: Play) -> None:
    try:
        host.ctx.store.archive.bring_back(play.id)
    except DomainError as exc:  # brought back on another page meanwhile
        host.toast(str(exc))
    else:
        host.toast(f"{named(play, first=True)} is back.")
    host.changed(HISTORY)
    host.refresh(HISTORY)


def deleted_detail(host: Host, play_id: str) -> list[ft.Control] | None:
    """A play's own page once it is deleted (None: it is not among the deleted): said so, Bring back in reach."""
    found = [(play, at) for play, at in host.ctx.store.archive.deleted(host.ctx.store.clock()) if play.id == play_id]
    if not found:
        return None
    play, at = found[0]
    return [empty_state(ft.Icons.DELETE_OUTLINE, f"{named(play, first=True)} was deleted",
                        f"Deleted {when(at.isoformat())}: it is offered back under History's plays for {KEPT_DAYS} "
                        "days."),
            ft.Row([ft.FilledButton("Bring back", icon=ft.Icons.RESTORE_FROM_TRASH, key="bring-back-here",
                                    visible=host.is_host, on_click=lambda e: bring_back(host, play)),
                    ft.TextButton("All plays", icon=ft.Icons.ARROW_BACK, key="all-plays",
                                  on_click=lambda e: host.navigate("/history"))], wrap=True, spacing=8)]


def deleted_section(host: Host) -> list[ft.Control]:
    """The plays deleted in the last KEPT_DAYS days, each with Bring back (the host's)."""
    if not host.is_host:
        return []
    deleted = host.ctx.store.archive.deleted(host.ctx.store.clock())
    if not deleted:
        return []
    return [ft.Text(f"Deleted in the last {KEPT_DAYS} days", size=18, weight=ft.FontWeight.W_600,
                    key="deleted-title"),
            *(_card(host, play, at.isoformat()) for play, at in deleted)]


def _card(host: Host, play: Play, at: str) -> ft.Control:
    return ft.Container(
        key=f"deleted-{play.id}", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column([
            ft.Text(f"{title_of(play.game)} · {when(play.played_at)}", size=16,
                    weight=ft.FontWeight.W_600),
            ft.Text(", ".join(f"{r.name} {r.total}" for r in play.results) + f" · deleted: {when(at)}",
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.OutlinedButton("Bring back", icon=ft.Icons.RESTORE_FROM_TRASH, key=f"bring-back-{play.id}",
                              tooltip=f"Bring back {named(play)}", on_click=lambda e: bring_back(host, play)),
        ], spacing=6),
    )
