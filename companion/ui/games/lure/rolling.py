"""Lure's Fish on screen: the group whose turn it is rolls (in the app, or the physical dice tapped
in), plays Adjust lures, and makes its catch; a player owed a lure records the one drawn. Each
player's dice and lures are on their own phone (every seat's on the phone passed around); the
other phones see the rolls as they come."""

from __future__ import annotations

import flet as ft

from companion.core.dice import standard_die
from companion.core.words import count
from companion.games.lure import rules as lure
from companion.games.lure.rules import LureState
from companion.ui.components.common import chip, panel, refusing
from companion.ui.components.die import DieFace, Look
from companion.ui.components.number_pad import acting_keys
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import TAP_SMALL, big_button_style


class Rolling:
    """What this phone keeps while a group fishes: physical dice being tapped in. What each player says
    of their own roll (a fish checked at the table, the fish it takes) is recorded from their phone."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.forget()

    def forget(self) -> None:
        self.entering: dict[int, list[int]] = {}
        self._shown: tuple[int, ...] | None = None  # the group whose roll was last brought into view

    def controls(self, state: LureState) -> list[ft.Control]:
        screen = self.screen
        seats = lure.current_seats(state)
        # This phone's own roll first (its dice to enter), then the others' it watches.
        controls: list[ft.Control] = [self._roller(state, seat)
                                      for seat in sorted(seats, key=lambda seat: not screen.acts_for(seat))]
        to_roll = [seat for seat in seats if screen.acts_for(seat) and state.seats[seat].roll is None]
        if to_roll and screen.host.large_text and self._shown != tuple(seats):
            # At large text the round's four-line step pushed the dice's keys under the fold: this phone's roll
            # is brought to the top when its group's turn comes (a scroll a phone a round, issue 62).
            self._shown = tuple(seats)
            screen.bring_into_view(f"roller-{to_roll[0]}")
        if seats and all(state.seats[i].roll is not None for i in seats) and screen.acts_for(frozenset(seats)):
            if state.settings.catches_per_roll == lure.ONE:
                for seat in seats:
                    roll = state.seats[seat].roll
                    options = lure.can_catch(state, seat, roll.meets)
                    if len(options) > 1 and screen.acts_for(seat):
                        controls.append(ft.Row([ft.Text(f"{state.names[seat]} takes:", size=15)] + [
                            chip(state.middle[i].describe(), lambda seat=seat, i=i: self._take(seat, i),
                                 key=f"choose-{seat}-{i}", selected=roll.takes == i) for i in options],
                            wrap=True, spacing=6))
            screen.pin("Make the catch", ft.Icons.SET_MEAL, "lure-resolve", lambda: screen.act(lure.resolve))
        return [*controls, self._casts(state)]

    def _casts(self, state: LureState) -> ft.Control:
        rows = []
        for k, group in enumerate(lure.groups(state)):
            for seat in group:
                c = lure.cast_of(state, seat)
                lures = [f"{c.adjust} Adjust" if c.adjust else "", f"{c.boost} Boost" if c.boost else "",
                         ", ".join(f"Extra +{v}" for v in c.extra)]
                dice = f"{c.d6} d6" + "".join(f" + d{s}" for s in c.special)
                rows.append(ft.Text(f"{k + 1}. {state.names[seat]}: {dice}"
                                    + (f"; {', '.join(x for x in lures if x)}" if any(lures) else ""),
                                    size=15, key=f"cast-shown-{seat}"))
        return panel(ft.Text("The casts, in turn order (same number: together):", size=15), *rows)

    def _roller(self, state: LureState, seat: int) -> ft.Control:
        s, name, cast = state.seats[seat], state.names[seat], state.cast(seat)
        mine = self.screen.acts_for(seat)
        if s.roll is None:
            if not mine:
                return panel(ft.Text(f"{name} rolls {count(len(cast.sides()), 'die', 'dice')} now.", size=16),
                             key=ft.ScrollKey(f"roller-{seat}"))
            return self._to_roll(state, seat)
        left = lure.adjusts_left(state, seat) if mine else 0
        dice = []
        for i, (sides, value) in enumerate(zip(cast.sides(), s.roll.dice)):
            face = DieFace(size=52, key=f"die-{seat}-{i}")
            face.show(Look(standard_die(sides), value))
            column = [face.control]
            if left:
                column.append(ft.Row([
                    refusing(ft.IconButton(
                        ft.Icons.REMOVE, tooltip=f"Adjust die {i + 1} (d{sides} showing {value}) down",
                        width=TAP_SMALL, height=TAP_SMALL, key=f"down-{seat}-{i}",
                        on_click=lambda e, i=i: self.screen.act(lambda st: lure.adjust(st, seat, i, -1))),
                        "A die showing 1 goes no lower." if value <= 1 else None, self.screen.host.toast),
                    refusing(ft.IconButton(
                        ft.Icons.ADD, tooltip=f"Adjust die {i + 1} (d{sides} showing {value}) up",
                        width=TAP_SMALL, height=TAP_SMALL, key=f"up-{seat}-{i}",
                        on_click=lambda e, i=i: self.screen.act(lambda st: lure.adjust(st, seat, i, 1))),
                        f"A d{sides} showing {sides} goes no higher." if value >= sides else None,
                        self.screen.host.toast),
                ], spacing=0, tight=True))
            dice.append(ft.Column(column, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        catches = [state.middle[i].describe() for i in lure.can_catch(state, seat, s.roll.meets)]
        controls: list[ft.Control] = [
            ft.Text(f"{name}: total {lure.total(state, seat)}" + (f" (Extra +{sum(cast.extra)})" if cast.extra else "")
                    + (f"; {left} Adjust lure{'s' if left != 1 else ''} to play" if left else ""), size=16,
                    weight=ft.FontWeight.W_600, key=f"total-{seat}"),
            ft.Row(dice, wrap=True, spacing=6, run_spacing=6),
            ft.Text("Meets: " + (", ".join(catches) if catches else "no fish"), size=15, key=f"meets-{seat}"),
        ]
        if self.screen.acts_for(seat):
            for i in lure.to_check(state, seat):
                met = i in s.roll.meets
                controls.append(chip(f"Meets {state.middle[i].describe()}?",
                                     lambda i=i, met=met: self.screen.act(lambda st: lure.judge(st, seat, i, not met)),
                                     key=f"other-{seat}-{i}", selected=met))
        return panel(*controls, key=ft.ScrollKey(f"roller-{seat}"))

    def _to_roll(self, state: LureState, seat: int) -> ft.Control:
        """This phone's roll to make: the app rolls in one tap, or the table's dice are tapped in, a key per
        face, one tap a die (issue 65: "Enter the dice" first cost a tap more a roll)."""
        name, cast = state.names[seat], state.cast(seat)
        sides, entered = cast.sides(), self.entering.get(seat, [])
        extra = f" + Extra {', '.join(map(str, cast.extra))}" if cast.extra else ""
        rows: list[ft.Control] = [ft.Text(f"{name}: {count(len(sides), 'die', 'dice')}{extra}", size=16)]
        if not entered:  # the whole width, as the roll it was beside "Enter the dice"
            rows.append(ft.Row([ft.FilledButton(f"Roll {name}'s dice", icon=ft.Icons.CASINO, key=f"roll-{seat}",
                                                expand=True, style=big_button_style(), on_click=lambda e: self.screen.act(
                                                    lambda st: lure.roll_with(st, seat, self.screen.chance("roll"))))]))
        if sides:
            die = len(entered)
            so_far = f" ({', '.join(map(str, entered))} so far)" if entered else ""
            rows.append(acting_keys(f"Or the table's dice: tap what die {die + 1} of {len(sides)} (a d{sides[die]}) "
                                    f"shows{so_far}", 1, sides[die], lambda v: self._enter(seat, v), f"enter-{seat}",
                                    f"{name}'s die {die + 1} of {len(sides)}", str))
        if entered:
            rows.append(ft.TextButton("Start the dice again", key=f"enter-again-{seat}",
                                      on_click=lambda e: self._cancel_entry(seat)))
        return panel(*rows, key=ft.ScrollKey(f"roller-{seat}"))

    def draws(self, state: LureState) -> list[ft.Control]:
        """A lure to record for each player owed one, on their own phone (every one on the phone passed around)."""
        controls = []
        for seat, s in enumerate(state.seats):
            if not s.owed or not self.screen.acts_for(seat):
                continue
            name = state.names[seat]
            buttons = [ft.OutlinedButton("Adjust", key=f"draw-{seat}-adjust",
                                         on_click=lambda e, seat=seat: self._draw(seat, lure.ADJUST)),
                       ft.OutlinedButton("Boost", key=f"draw-{seat}-boost",
                                         on_click=lambda e, seat=seat: self._draw(seat, lure.BOOST))]
            buttons += [ft.OutlinedButton(f"Extra +{v}", key=f"draw-{seat}-extra-{v}",
                                          on_click=lambda e, seat=seat, v=v: self._draw(seat, lure.EXTRA, v))
                        for v in state.settings.extra_values]
            controls.append(panel(ft.Text(f"{name} draws a lure ({s.owed} owed): which did you draw?", size=16),
                                  ft.Row(buttons, wrap=True, spacing=6, run_spacing=6), key=f"draws-{seat}",
                                  color=ft.Colors.TERTIARY_CONTAINER))
        return controls

    def _cancel_entry(self, seat: int) -> None:
        self.entering.pop(seat, None)
        self.screen.render()

    def _enter(self, seat: int, value: int) -> None:
        state: LureState = self.screen.view
        cast = state.cast(seat)
        values = [*self.entering.get(seat, []), value]
        if len(values) < len(cast.sides()):
            self.entering[seat] = values
            self.screen.render()
            return
        self.entering.pop(seat, None)
        special = dict(zip(cast.special, values[cast.d6:]))
        if not self.screen.act(lambda s: lure.roll(s, seat, values[:cast.d6], special)):
            self.screen.render()

    def _take(self, seat: int, index: int) -> None:
        self.screen.act(lambda s: lure.take(s, seat, index))

    def _draw(self, seat: int, kind: str, value: int | None = None) -> None:
        self.screen.act(lambda s: lure.draw(s, seat, kind, value))
