"""Where a play was played, and a note, on its page in History: shown under the result, and
changed in a dialog (a place chosen from those used before with one tap, or typed once; a few
words), saved at once with Undo. Both go into the CSVs and BG Stats' file (its locations and
comments)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import flet as ft

from companion.core.plays import Play
from companion.ui.components.common import chip, close_dialog
from companion.ui.host import Host

MAX_PLACE = 60  # letters: "The cabin by the lake, upstairs"
MAX_NOTE = 500
MOST_PLACES_SHOWN = 12


def where_and_note(play: Play, on_edit: Callable[[], None]) -> list[ft.Control]:
    """The play's place and note as its page shows them, and the button that changes them."""
    said = [ft.Text(f"Where: {play.location}" if play.location else "Where: not said", size=16, key="play-where")]
    if play.note:
        said.append(ft.Text(f"Note: {play.note}", size=16, key="play-note"))
    return [*said, ft.OutlinedButton("Where and note", icon=ft.Icons.EDIT_NOTE, key="edit-where",
                                     on_click=lambda e: on_edit())]


def edit_where_and_note(host: Host, play: Play, places: Sequence[str], save: Callable[[Play], None]) -> None:
    """The dialog: the places used before as chips (one tap chooses, a second clears), a field for a
    new one, and the note; Save hands `save` the play with them."""
    page = host.page
    place = ft.TextField(label="Where (a new place)", value=play.location, max_length=MAX_PLACE, key="where-field",
                         text_size=18)
    note = ft.TextField(label="Note", value=play.note, max_length=MAX_NOTE, multiline=True, min_lines=1,
                        max_lines=4, key="note-field", text_size=18)
    chips = ft.Row(wrap=True, spacing=6, run_spacing=6)

    def draw_chips() -> None:
        chosen = (place.value or "").strip().casefold()
        chips.controls = [chip(p, lambda p=p: choose(p), f"where-{i}", chosen == p.casefold())
                          for i, p in enumerate(places[:MOST_PLACES_SHOWN])]

    def choose(p: str) -> None:
        place.value = "" if (place.value or "").strip().casefold() == p.casefold() else p
        draw_chips()
        page.update()

    def done(e: ft.Event) -> None:
        close_dialog(page)
        save(replace(play, location=(place.value or "").strip()[:MAX_PLACE],
                     note=(note.value or "").strip()[:MAX_NOTE]))

    draw_chips()
    page.show_dialog(ft.AlertDialog(
        title=ft.Text("Where and note"),
        content=ft.Column([*([ft.Text("Places used before", size=14), chips] if places else []), place, note],
                          tight=True, scroll=ft.ScrollMode.AUTO, width=420, spacing=10),
        actions=[ft.TextButton("Cancel", key="cancel-where", on_click=lambda e: close_dialog(page)),
                 ft.FilledButton("Save", key="save-where", icon=ft.Icons.CHECK, on_click=done)],
    ))
