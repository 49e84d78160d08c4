"""Undo and redo, labelled with what they take back and whose it was; under them, whom the table waits on
(the game's phase, read from the table kit: "Waiting on Ana", "Your move")."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.actions import Action, button_label
from companion.core.undo import UndoView, nothing_to
from companion.ui.components.common import refusing


class UndoBar:
    """Two wide buttons kept on screen; `show` relabels them after every change.

    A button names one action and takes back that one only: when what it would take
    back changes, the buttons are drawn anew (a new control), so a tap made on the
    old label still carries the action it showed and is refused if that is no longer
    the one (see `GameSession.undo`'s `expected`). A secret choice of this phone's that
    has been revealed since stays, and so does an action another player's later one depends on:
    the button says so (which one came after it, behind a lock), and a tap on it takes nothing back but
    says why and what to do (issue 65: a disabled button answered nothing); on the phone passed
    around and the host it says what taking it back reopens.
    """

    def __init__(self, on_undo: Callable[[Action | None], None], on_redo: Callable[[Action | None], None],
                 lines: int = 2, say: Callable[[str], None] = lambda words: None,
                 nothing: Callable[[str], str] = lambda what: nothing_to(what, None)) -> None:
        """`lines`: the most a label takes (one at large text, where two made the bar 110 px tall and pushed
        each screen's next tap down; a screen reader still hears the whole label). `say` tells this phone why a
        button with nothing to take back does nothing, in `nothing("undo")`'s words (its player's)."""
        self._on_undo, self._on_redo = on_undo, on_redo
        self._say, self._nothing = say, nothing
        self._lines = lines
        self._drawn = 0
        self._shown: tuple[UndoView, Action | None] | None = None
        self.buttons = ft.Row(spacing=8)
        self.waiting = ft.Text(size=15, weight=ft.FontWeight.W_600, key="waiting-on", visible=False,
                               color=ft.Colors.ON_SURFACE_VARIANT)
        self.takeovers = ft.Column(spacing=6, tight=True, visible=False, key="play-here")
        self.control = ft.Column([self.buttons, self.waiting, self.takeovers], spacing=6, tight=True)
        self.show(UndoView(), None)

    def wait_on(self, words: str) -> None:
        """Whom the table waits on, in words ("": nobody in particular: the line is hidden)."""
        self.waiting.value, self.waiting.visible = words, bool(words)

    def offer(self, gone: list[tuple[str, Callable[[], None]]]) -> None:
        """Under whom the table waits on: each of them whose own phone has been gone a while (a battery died),
        played on this phone in one tap (`gone`: their names and the taps; none: hidden)."""
        self.takeovers.controls = [
            ft.FilledTonalButton(f"{name}'s phone is gone: play {name} here", icon=ft.Icons.SEND_TO_MOBILE,
                                 key=f"play-here-{name}", on_click=lambda e, take=take: take())
            for name, take in gone]
        self.takeovers.visible = bool(gone)

    def show(self, view: UndoView, redo: Action | None) -> None:
        """Each button faded when there is nothing to take back: a tap on it says so, and takes back nothing
        (not an action made since it was drawn: a tap does what it showed)."""
        if self._shown is not None and self._shown[0].target is view.target and self._shown[0] == view \
                and self._shown[1] is redo:  # the very actions shown: a value alike elsewhere in the log is another
            return
        self._shown = (view, redo)
        undo = view.target
        self._drawn += 1
        # Labels can be long ("Undo: Ana: the shared die, Oyster: fill Oyster box 1"): two lines at most.
        lines = self._lines
        undo_button = ft.OutlinedButton(
            content=ft.Text(view.label or "Nothing to undo", max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS,
                            size=14),
            icon=ft.Icons.LOCK if view.locked else ft.Icons.UNDO, on_click=lambda e: self._on_undo(undo), expand=True,
            key="undo")  # locked: a tap says why (issue 65)
        refusing(undo_button, None if undo is not None else self._nothing("undo"), self._say)
        redo_words = button_label("Redo", redo) or "Redo"
        redo_button = ft.OutlinedButton(
            content=ft.Text(redo_words, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS, size=14),
            icon=ft.Icons.REDO,
            on_click=lambda e: self._on_redo(redo), key="redo", expand=redo is not None)
        refusing(redo_button, None if redo is not None else self._nothing("redo"), self._say)
        # A Redo that names its action shares the row (2 parts to Undo's 3), never squeezing Undo to
        # a letter; a plain Redo takes its own size. The wrapper's key changes with what the buttons
        # do: Flet then sends new controls.
        self.buttons.controls = [ft.Container(undo_button, key=f"undo-{self._drawn}", expand=3),
                                 ft.Container(redo_button, key=f"redo-{self._drawn}",
                                              expand=2 if redo is not None else None)]
