"""One way to make a secret choice at the table (Lure's cast, the pearl boat duel, the Salmon Run
Current's answers), the same on every phone:

- a chooser's own phone shows its own form, and once chosen says it is in;
- the phone passed around the table shows a button per player still to choose: tapped, only that
  player's form is shown ("Only Ana looks now"), hidden again once chosen or on Hide;
- any other phone (an onlooker's, a player who does not choose this time) shows who still chooses.

Everyone sees who has chosen; nobody sees a choice before all are in (the rules' `Secret`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.core.table.secrets import Secret
from companion.core.words import listed
from companion.ui.components.common import panel
from companion.ui.theme import big_button_style


class SecretChoice:
    """The secret choices of one screen; `opened` is the seat the phone passed around shows now."""

    def __init__(self, key: str, what: str) -> None:
        self.key, self.what = key, what  # what is chosen, in words: "cast", "choice", "answer"
        self.opened: int | None = None

    def close(self) -> None:
        """Hide the choice open on the phone passed around (chosen, or its player is done looking)."""
        self.opened = None

    def controls(self, names: Sequence[str], secret: Secret, viewer: int | None, passed_around: bool,
                 form: Callable[[int], ft.Control], redraw: Callable[[], None],
                 elsewhere: bool = False, own_phones: frozenset[int] = frozenset()) -> list[ft.Control]:
        """`viewer`: this phone's player's seat (None: not at the table, or the phone passed around);
        `form(seat)`: the controls of `seat`'s choice; `redraw`: draw the screen again; `elsewhere`: the
        viewer's choice was made on another phone (this phone took the player over since): not shown;
        `own_phones`: the seats that choose on their own phones (the phone passed around offers them none)."""
        waiting = secret.waiting
        here = [s for s in waiting if s not in own_phones]
        status = ft.Row([ft.Container(ft.Text(f"{names[s]}: {'choosing' if s in waiting else 'chosen ✓'}", size=15,
                                              weight=ft.FontWeight.W_600 if s in waiting else None),
                                      padding=ft.Padding.symmetric(vertical=8, horizontal=12), border_radius=16,
                                      bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, key=f"{self.key}-{names[s]}")
                         for s in secret.seats], wrap=True, spacing=8, run_spacing=8)
        if self.opened is not None and self.opened not in here:
            self.opened = None  # chosen meanwhile (on this phone, or its player's own)
        if viewer is not None and viewer in secret.seats:
            if viewer in waiting:
                return [form(viewer), status]
            if elsewhere:
                return [panel(ft.Text(f"Your {self.what} was made on another phone: it shows here, as on every "
                                      f"phone, once every {self.what} is in.", size=16), key=f"{self.key}-elsewhere"),
                        status]
            # The form stays where it was (its controls the same ones on the phone), under the words.
            return [panel(ft.Text(f"Your {self.what} is in. Everyone sees all of them once every {self.what} is "
                                  "in.", size=16), key=f"{self.key}-mine"), form(viewer), status]
        if not passed_around or not here:
            choosing = listed([names[s] for s in waiting])
            return [ft.Text(f"{choosing} {'chooses' if len(waiting) == 1 else 'choose'} in secret, each on their "
                            "own phone.", size=16, key=f"{self.key}-waiting"), status]
        if self.opened is None:
            return [panel(ft.Text("Pass the phone: each player taps their name and chooses where nobody else can "
                                  "see.", size=16),
                          *[ft.FilledButton(f"{names[s]}: choose in secret", key=f"{self.key}-open-{s}",
                                            style=big_button_style(),
                                            on_click=lambda e, s=s: self._open(s, redraw)) for s in here],
                          key=f"{self.key}-pass"), status]
        return [panel(ft.Text(f"Only {names[self.opened]} looks now.", size=18, weight=ft.FontWeight.BOLD),
                      form(self.opened),
                      ft.TextButton("Hide it again", icon=ft.Icons.VISIBILITY_OFF, key=f"{self.key}-hide",
                                    on_click=lambda e: self._open(None, redraw)),
                      key=f"{self.key}-open"), status]

    def _open(self, seat: int | None, redraw: Callable[[], None]) -> None:
        self.opened = seat
        redraw()
