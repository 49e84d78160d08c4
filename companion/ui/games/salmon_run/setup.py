"""Salmon Run's set-up on screen: the players in turn order with their salmon's colours, the river's
length and sides (chosen or rolled), drawn as the table lays it, and the start.

Nothing moves under the finger: each player's chip has a cell of its own (the shared `seat_chooser`),
and every other chip keeps its width when chosen (the tick takes the place of its icon), so a tap
never sends the next chip to another place or line.
"""

from __future__ import annotations

import flet as ft

from companion.games.salmon_run import river as rv
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import River
from companion.ui.components.common import chip, refusing
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

MIN_PLAYERS, MAX_PLAYERS = 2, 4
COLOUR_INK = {"red": "#E53935", "blue": "#1E88E5", "green": "#43A047", "yellow": "#FDD835"}
RATING_INK = {"S": "#90A4AE", "F": "#90A4AE", "E": "#81C784", "M": "#FFB74D", "H": "#E57373"}


def river_picture(river: River, key: str = "river") -> ft.Control:
    """The boards in order, as the table lays them: Start, the numbered boards with their side, Finish."""
    tiles = []
    for label in river.labels():
        rating = label[0] if label[0] in "SF" else label[-1]
        words = {"E": "Easy", "M": "Medium", "H": "Hard", "S": "Start", "F": "Finish"}[rating]
        tiles.append(ft.Container(
            ft.Column([ft.Text(label, size=20, weight=ft.FontWeight.BOLD, color="#212121"),
                       ft.Text(words, size=12, color="#212121")], spacing=0,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=64, height=64, border_radius=10, bgcolor=RATING_INK[rating], alignment=ft.Alignment.CENTER,
            key=f"{key}-{label}"))
    return ft.Row(tiles, wrap=True, spacing=6, run_spacing=6, key=key)


def _row(chips: list[ft.Control], key: str | None = None) -> ft.Control:
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6, key=key)


class RaceSetup:
    """The players, their colours and the river being chosen on this phone, until the race starts."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.seated: list[str] = []
        self.colours: dict[str, str] = {}
        self.length = 3
        self.kind = rv.EASY_SIDES  # or rv.OTHER_SIDES, or "random"
        self.rolls: list[int] | None = None  # the random set-up's rolls

    def controls(self) -> list[ft.Control]:
        players = self.screen.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        colours = rv.default_data().colours
        for name in self.seated:
            taken = {self.colours.get(n) for n in self.seated if n != name}
            if self.colours.get(name) not in colours or self.colours.get(name) in taken:
                self.colours[name] = next(c for c in colours if c not in taken)
        controls: list[ft.Control] = [ft.Text("Tap the players in turn order (2 to 4).", size=16),
                                      seat_chooser(players, self.seated, self._toggle_seat, self.screen.host)]
        for name in self.seated:
            controls.append(_row([ft.Text(f"{name}'s salmon:", size=15)] + [
                chip(c.capitalize(), lambda name=name, c=c: self._set_colour(name, c), key=f"colour-{name}-{c}",
                     selected=self.colours[name] == c, color=COLOUR_INK.get(c), reads=f"{name}'s salmon {c}",
                     icon=ft.Icons.SET_MEAL) for c in colours]))
        controls.append(ft.Text("The river: numbered boards between Start and Finish", size=16,
                                weight=ft.FontWeight.W_600))
        controls.append(_row([chip(f"{rv.LENGTH_NAMES[n]} {n}", lambda n=n: self._set_length(n), key=f"length-{n}",
                                   selected=n == self.length, icon=ft.Icons.WAVES) for n in sorted(rv.LENGTH_NAMES)]))
        kinds = {**rv.DIFFICULTIES, "random": "Random set-up (rolled)"}
        controls.append(_row([chip(words, lambda k=k: self._set_kind(k), key=f"river-{k}", selected=k == self.kind,
                                   icon=ft.Icons.CASINO if k == "random" else ft.Icons.LANDSCAPE)
                              for k, words in kinds.items()]))
        river = self.river()
        if self.kind == "random":
            controls.append(ft.OutlinedButton("Roll the river again" if self.rolls else "Roll the river",
                                              icon=ft.Icons.CASINO, key="roll-river",
                                              on_click=lambda e: self._roll_river()))
            if self.rolls:
                controls += [ft.Text(step, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
                             for step in rv.random_setup(self.length, self.rolls).steps]
        if river is not None:
            controls.append(ft.Text("Lay the boards out like this (copy it at the table):", size=15))
            controls.append(river_picture(river, "setup-river"))
        if len(self.seated) >= MIN_PLAYERS and river is not None:  # below a long set-up, yet always on screen
            self.screen.pin("Start the race", ft.Icons.PLAY_ARROW, "race-start", self._start)
        else:
            why = (f"Tap at least {MIN_PLAYERS} players first." if len(self.seated) < MIN_PLAYERS
                   else "Roll the river first: Roll the river, above.")
            controls.append(refusing(ft.FilledButton("Start the race", icon=ft.Icons.PLAY_ARROW, key="race-start",
                                                     style=big_button_style()), why, self.screen.host.toast))
        return controls

    def river(self) -> River | None:
        if self.kind == "random":
            return rv.random_river(self.length, self.rolls) if self.rolls else None
        return rv.difficulty_river(self.length, self.kind)

    # Taps -----------------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.screen.render()

    def _set_colour(self, name: str, colour: str) -> None:
        other = next((n for n in self.seated if n != name and self.colours.get(n) == colour), None)
        if other is not None:  # the two salmon swap colours
            self.colours[other] = self.colours.get(name)
        self.colours[name] = colour
        self.screen.render()

    def _set_length(self, length: int) -> None:
        self.length, self.rolls = length, None
        self.screen.render()

    def _set_kind(self, kind: str) -> None:
        self.kind, self.rolls = kind, None
        self.screen.render()

    def _roll_river(self) -> None:
        self.rolls = rv.roll_random_river(self.length, self.screen.ctx.rng)
        self.screen.render()

    def _start(self) -> None:
        river = self.river()
        players = seat_entries(self.screen.ctx.store.settings.players(), self.seated, colour=self.colours)
        self.screen.host.attempt(lambda: self.screen.start_session(sr.setup_for(players, river, self.rolls)))
        self.screen.render()
