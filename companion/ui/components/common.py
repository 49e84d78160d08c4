"""Small building blocks shared by the screens."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.ui.theme import REFUSED_OPACITY, tap_padding


def slot(key: str | None = None, visible: bool = True) -> ft.Column:
    """Where a screen puts a control it draws anew on each change (`slot.controls = [control]`). Flet
    matches the old and new controls of a list by key, so a number pad's keys stay the same controls and
    a tap on one is not lost; a Container's `content` would be sent again whole, every control new."""
    return ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key=key, visible=visible)


def section(title: str, *controls: ft.Control) -> ft.Control:
    """A titled group of controls."""
    return ft.Column(
        [ft.Text(title, size=20, weight=ft.FontWeight.W_600), *controls],
        spacing=8,
    )


def empty_state(icon: ft.IconData, title: str, text: str) -> ft.Control:
    """What a screen shows when there is nothing in it yet."""
    return ft.Container(
        padding=ft.Padding.symmetric(vertical=40, horizontal=16),
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            [
                ft.Icon(icon, size=64, color=ft.Colors.PRIMARY),
                ft.Text(title, size=22, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
                ft.Text(text, size=16, text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=12,
        ),
    )


def notice_card(text: str, on_dismiss: Callable[[], None], key: str, dismissible: bool = True) -> ft.Control:
    """A warning the user must see (a damaged file, a browser limitation)."""
    rows: list[ft.Control] = [ft.Row(
        [ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, color=ft.Colors.ON_ERROR_CONTAINER),
         ft.Text(text, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )]
    if dismissible:
        rows.append(ft.Row([ft.TextButton("Dismiss", on_click=lambda e: on_dismiss())],
                           alignment=ft.MainAxisAlignment.END))
    return ft.Container(key=key, bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=12,
                        content=ft.Column(rows, spacing=4))


def at_least(content: ft.Control, width: float, height: float,
             alignment: ft.Alignment = ft.Alignment.CENTER) -> ft.Control:
    """`content` in a box at least `width` x `height` that grows with it (with the text size): a
    tap target or a column of figures that keeps its size without cutting its words off."""
    return ft.Stack([ft.Container(width=width, height=height), content], alignment=alignment)


TEXT_ALIGNMENTS = {ft.TextAlign.RIGHT: ft.Alignment.CENTER_RIGHT, ft.TextAlign.CENTER: ft.Alignment.CENTER}


def min_width(text: ft.Text, width: float) -> ft.Control:
    """A column of words or figures: `text` at least `width` wide, wider when larger text needs it
    (a fixed width would break its words), placed as its own `text_align` says."""
    return at_least(text, width, 0, TEXT_ALIGNMENTS.get(text.text_align, ft.Alignment.CENTER_LEFT))


class ChoiceRow:
    """A row of big toggle tiles, exactly one selected; kept on screen, `select` moves the choice.
    A screen reader hears each tile as checked or not; the chosen one is ringed as well as filled."""

    def __init__(self, options: list[tuple[str, str]], on_select: Callable[[str], None], key: str,
                 size: float = 48, width: float | None = None) -> None:
        self._tiles: dict[str, tuple[ft.Semantics, ft.Container, ft.Text]] = {}
        for value, label in options:
            text = ft.Text(label, size=16, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER)
            tile = ft.Container(key=f"{key}-{value}", border_radius=10, padding=ft.Padding.symmetric(horizontal=8),
                                content=at_least(text, (width or size) - 16, size),
                                on_click=lambda e, v=value: on_select(v))
            self._tiles[value] = (ft.Semantics(content=tile, checked=False), tile, text)
        self.control = ft.Row([s for s, _, _ in self._tiles.values()], wrap=True, spacing=4, run_spacing=4,
                              alignment=ft.MainAxisAlignment.CENTER)

    def select(self, selected: str) -> None:
        for value, (semantics, tile, text) in self._tiles.items():
            chosen = value == selected
            semantics.checked = chosen
            tile.bgcolor = ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGH
            tile.border = ft.Border.all(3, ft.Colors.ON_SURFACE) if chosen else None
            text.color = ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE


def chip(label: str, on_click: Callable[[], None], key: str, selected: bool = False,
         color: str | None = None, icon: ft.IconData | None = None, reads: str | None = None,
         side: float = 16, pictured: bool = False) -> ft.Control:
    """A big, content-sized choice: a screen reader hears it checked or not (and `reads`, when the
    words alone would not say what it is), the eye sees a tick and a fill; `color` rings it (a
    player's seat colour), `icon` goes before the words until the tick takes its place. It grows
    with the text; `side` is the room each side of its words (less, for a row of short words that must
    fit a phone's width). `pictured`: its icon only, a bigger one, its words what a screen reader hears (a row
    that would not fit a phone's width at large text). Its wrapper is keyed too, so a chip drawn anew is the
    same control on the phone (a tap on it while another phone's move redraws the screen is not lost)."""
    ink = ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE
    mark = ft.Icons.CHECK if selected else icon
    if pictured and mark:
        row = ft.Row([ft.Icon(mark, size=28, color=ink)], tight=True, alignment=ft.MainAxisAlignment.CENTER)
    else:
        row = ft.Row([ft.Icon(mark, size=20, color=ink)] if mark else [], tight=True, spacing=6, wrap=True,
                     alignment=ft.MainAxisAlignment.CENTER)
        row.controls.append(ft.Text(label, size=16, weight=ft.FontWeight.W_600, color=ink, semantics_label=reads))
        pictured = False
    tile = ft.Container(
        key=key, content=at_least(row, 24, 20), padding=tap_padding(horizontal=side), border_radius=24, ink=True,
        bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(3, color) if color else None,
        on_click=lambda e: on_click())
    return ft.Semantics(checked=selected, key=f"chip-{key}", label=(reads or label) if pictured else None, content=tile)


@dataclass(frozen=True)
class Segment:
    """One of a row of choices (a view of a screen, a theme, a game's part)."""

    value: str
    label: str
    icon: ft.IconData | None = None
    reads: str | None = None  # what a screen reader says instead of the label


def segments(options: Sequence[Segment], selected: str, on_pick: Callable[[str], None], key: str,
             pictured: bool = False) -> ft.Control:
    """A wrapped row of chips, exactly one of them chosen: each keyed `key-<value>`. Tapping the
    chosen one again does nothing. `pictured`: the ones not chosen show their icon only (`chip`)."""
    return ft.Row([chip(o.label, lambda v=o.value: None if v == selected else on_pick(v), key=f"{key}-{o.value}",
                        selected=o.value == selected, icon=o.icon, reads=o.reads,
                        pictured=pictured and o.value != selected) for o in options],
                  key=key, wrap=True, spacing=6, run_spacing=6)


def panel(*controls: ft.Control, key: str | ft.ScrollKey | None = None,
          color: str = ft.Colors.SURFACE_CONTAINER) -> ft.Control:
    """A rounded block of a screen holding one thing to do (a pick, a turn, an answer)."""
    return ft.Container(ft.Column(list(controls), spacing=8), padding=12, border_radius=16, bgcolor=color, key=key)


def button_row(items, key: str, reads: Sequence[str] | None = None) -> ft.Control:
    """(words, on_tap) pairs as a wrapped row of 48 px buttons, keyed `key-0`, `key-1`...; with `reads`
    (one for each item), short words on the buttons (less room each side of them), and what a screen
    reader hears of each."""
    if reads is None:
        return ft.Row([ft.OutlinedButton(words, key=f"{key}-{i}", on_click=lambda e, f=f: f())
                       for i, (words, f) in enumerate(items)], wrap=True, spacing=6, run_spacing=6)
    return ft.Row([ft.OutlinedButton(content=ft.Text(words, semantics_label=heard), key=f"{key}-{i}",
                                     style=ft.ButtonStyle(padding=tap_padding(horizontal=12)),
                                     on_click=lambda e, f=f: f())
                   for i, ((words, f), heard) in enumerate(zip(items, reads, strict=True))],
                  wrap=True, spacing=6, run_spacing=6)


def refusing(button: ft.Control, why: str | None, say: Callable[[str], None],
             act: Callable[[], None] | None = None) -> ft.Control:
    """`button` as it is while it can act (`why` None); else drawn faded, and a tap on it says `why` (issue 65: a
    disabled button answered nothing). The one way a control that cannot act now answers, on every screen (a
    pinned action's is `Screen.pin`'s `why`). A button kept from one drawing to the next gives its tap's `act`,
    put back once it can act again. A `chip` (its tap inside a screen reader's wrapper) is refused the same way."""
    tapped = button.content if isinstance(button, ft.Semantics) else button
    tapped.disabled = False
    button.opacity = REFUSED_OPACITY if why else 1.0
    if why:
        tapped.on_click = lambda e: say(why)
    elif act is not None:
        tapped.on_click = lambda e: act()
    return button


def close_dialog(page: ft.Page) -> None:
    """Close the dialog on top: the last opened that is still open (Flet keeps a closed one in its stack
    until the phone says it is gone; `page.pop_dialog` passes those over)."""
    page.pop_dialog()


def ask_first(page: ft.Page, title: str, words: str, yes: str, key: str, on_yes: Callable[[], None]) -> None:
    """A question before a step that throws away what was recorded (a discard): Cancel, or `yes` (keyed
    `key`), which does it."""
    def confirmed(e: ft.Event) -> None:
        close_dialog(page)
        on_yes()

    page.show_dialog(ft.AlertDialog(
        title=ft.Text(title), content=ft.Text(words),
        actions=[ft.TextButton("Cancel", key=f"{key}-cancel", on_click=lambda e: close_dialog(page)),
                 ft.FilledButton(yes, key=key, on_click=confirmed)]))


def discard_asked(page: ft.Page, title: str, actions: int, discard: Callable[[], None]) -> None:
    """`discard()` the session named `title`, asked first when it holds a recorded action (issue 63: a won
    adventure went at one tap): 'Its 12 recorded actions are thrown away with it ...' (as Unfinished
    sessions counts them)."""
    if not actions:
        discard()
        return
    words = (f"Its {actions} recorded action{'s' if actions != 1 else ''} {'are' if actions != 1 else 'is'} "
             "put away with it. Undo, in the message just after, brings it back, and so does Bring back in "
             "Unfinished sessions for 30 days.")
    ask_first(page, f"Discard {title}?", words, "Discard", "confirm-discard", discard)
