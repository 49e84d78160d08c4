"""A number a player enters at the table, in one or two taps, never a run of - and + steps: the
one way the app asks for a count or a number (a fish card's catch number, hatch tokens, a deck, the
boxes of a track).

A short range (at most VALUE_KEYS numbers: "0 1 2 3") has a key per number, the chosen one filled:
any number in one tap. A longer one has its digit keys ("10" is 1 then 0, the key with a back arrow takes
the last digit off: no bundled font draws the ⌫ character, and Flet's client draws no Material backspace
icon).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.components.common import refusing
from companion.ui.theme import TAP_SMALL

VALUE_KEYS = 13  # a d6 count of 0 to 12 still has a key per number (three rows on a phone)
KEY_GAP = 2  # six 48 px keys to a row in a panel on a 360 px phone


def typed(value: int | None, digit: int, appending: bool, least: int, most: int) -> int | None:
    """The number after a tap on `digit`: added to the end of `value` while the player is typing on
    this pad (and the result is at most `most`), else a number of its own; one out of range keeps
    `value` (None: nothing typed yet)."""
    if appending and value is not None and least <= value * 10 + digit <= most:
        return value * 10 + digit
    return digit if least <= digit <= most else value


def has_value_keys(least: int, most: int) -> bool:
    return most - least + 1 <= VALUE_KEYS


class NumberPad:
    """`label` and the number, then its keys. `appending`: the player's last tap was on this pad's
    digits (the next digit goes on the end); `on_set` hears the new number (a digit's tap always, as
    it starts the typing; a number's key only when it is not the one chosen).
    `reads`: what a screen reader hears before each key's number, when the label alone would not
    say it ("Ana's yellow hatch tokens"); `lead`: a picture before the label; `shown`: the number's
    words when they say more than the number ("3/12"). A `value` of None: nothing entered yet (a new
    card's number starts empty, never the last card's). `scroll_key`: the page can be scrolled to its keys
    (the label a line above them: Freshwater Fly's score sheet shows the keys and all eight species so)."""

    def __init__(self, label: str, value: int | None, least: int, most: int, on_set: Callable[[int], None], key: str,
                 appending: bool = False, reads: str | None = None, lead: ft.Control | None = None,
                 shown: str | None = None, scroll_key: str | None = None) -> None:
        reads = reads or label
        header = ft.Row([*([lead] if lead else []), ft.Text(label, size=16, expand=True),
                         ft.Text(shown or ("?" if value is None else str(value)), size=22, weight=ft.FontWeight.W_700,
                                 key=f"{key}-count")],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER)

        if has_value_keys(least, most):
            keys = [_key(reads, str(n), f"{key}-{n}", lambda n=n: None if n == value else on_set(n),
                         chosen=n == value) for n in range(least, most + 1)]
        else:
            def digit(d: int) -> None:
                number = typed(value, d, appending, least, most)
                if number is not None:
                    on_set(number)

            keys = [_key(reads, str(d), f"{key}-{d}", lambda d=d: digit(d)) for d in (*range(1, 10), 0) if d <= most]
            keys.append(_key(reads, ft.Icons.ARROW_BACK, f"{key}-back",
                             lambda: None if value is None else on_set(max(value // 10, least)), "the last digit off"))
        # Keyed, so a pad drawn anew is matched with the one drawn before (put in a `slot`): its keys stay the
        # same controls on the phone, and a tap on one while another phone's move redraws it is not lost.
        rows = ft.Row(keys, wrap=True, spacing=KEY_GAP, run_spacing=KEY_GAP,
                      key=ft.ScrollKey(scroll_key) if scroll_key else None)
        self.control = ft.Column([header, rows], spacing=4, key=f"pad-{key}")


def acting_keys(label: str, least: int, most: int, on_tap: Callable[[int], None], key: str, reads: str,
                words: Callable[[int], str], why: str | None = None,
                say: Callable[[str], None] = lambda words: None) -> ft.Control:
    """`label`, then a key per number that acts at once, none chosen (a fish card's VP key adds the
    card: no separate Add); a screen reader hears `reads` and the key's `words` ("Add this fish: 12 (5 VP)").
    With `why` (what the keys act on is not all entered), the keys are faded and a tap on one `say`s it."""
    keys = [_key(reads, str(n), f"{key}-{n}", lambda n=n: on_tap(n), words(n)) for n in range(least, most + 1)]
    for k in keys:
        refusing(k.content, why, say)
    return ft.Column([ft.Text(label, size=16), ft.Row(keys, wrap=True, spacing=KEY_GAP, run_spacing=KEY_GAP)],
                     spacing=4, key=f"pad-{key}")


def _key(reads: str, face: str | ft.IconData, key: str, on_tap: Callable[[], None], words: str | None = None,
         chosen: bool | None = None) -> ft.Control:
    """A key, 48 px square; a screen reader hears which number it types into, and whether it is the
    number chosen (a key per number)."""
    filled = bool(chosen)
    ink = ft.Colors.ON_PRIMARY if filled else None
    shown = ft.Icon(face, size=22, color=ink, semantics_label=f"{reads}: {words}") if not isinstance(face, str) else \
        ft.Text(face, size=20, weight=ft.FontWeight.W_600, semantics_label=f"{reads}: {words or face}", color=ink)
    box = ft.Container(
        shown,
        key=key, width=TAP_SMALL, height=TAP_SMALL, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
        bgcolor=ft.Colors.PRIMARY if filled else ft.Colors.SECONDARY_CONTAINER, on_click=lambda e: on_tap())
    return ft.Semantics(checked=chosen, content=box, key=f"key-{key}") if chosen is not None else \
        ft.Semantics(button=True, content=box, key=f"key-{key}")
