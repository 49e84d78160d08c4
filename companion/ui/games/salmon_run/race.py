"""Salmon Run's page, its Race: the river set-up (chosen or rolled, drawn as the table lays it),
the first player, the current player's turn helper (`turn`), the Current, Rapids and Eagle
answered by each salmon (`answers`), every salmon's deck and fatigue, and the end of the race.
Each phone shows its own player's controls (every seat's on the phone passed around).
"""

from __future__ import annotations

import flet as ft

from companion.core.table.seats import ANY_SEAT
from companion.games.registry import SALMON_RUN
from companion.games.salmon_run import river as rv
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import CARD_NAMES, River
from companion.games.salmon_run.rules import RaceState
from companion.games.salmon_run.scoring import to_play
from companion.ui.components.common import chip, panel
from companion.ui.components.help import help_button
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.games.salmon_run.answers import Answers, last_answers
from companion.ui.games.salmon_run.turn import TurnHelper
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

MIN_PLAYERS, MAX_PLAYERS = 2, 4
RATING_INK = {"S": "#90A4AE", "F": "#90A4AE", "E": "#81C784", "M": "#FFB74D", "H": "#E57373"}
COLOUR_INK = {"red": "#E53935", "blue": "#1E88E5", "green": "#43A047", "yellow": "#FDD835"}

HELP = "\n\n".join([
    "**A turn** (Salmon Run rules): " + " ".join(sr.TURN_RULES),
    "**Countering**: " + " ".join(sr.COUNTER_LINES),
    "**The Current**: every salmon that did not counter it moves along its hex's arrow; on a hex with two "
    "arrows the app rolls for it: odd, arrow 1; even, arrow 2 (again for a Waterfall it is pushed into). "
    "**Rapids**: each player discards one card per current arrow on their hex (0, 1 or 2).",
    "**Special hexes**: " + " ".join(f"*{h.name}*: {h.effect}" for h in sr.SPECIAL_HEXES),
    "**The end**: once a salmon is in the spawning pond, play goes on to the last player's turn. One salmon in "
    "the pond wins; several: the fewest Fatigue cards in the whole deck (hand, deck and discard pile); still "
    "equal, a tie.",
    "**Chosen defaults** (not in the rules text, in your copy of `games/salmon_run/river.json`): boards 1-3 "
    "are Medium and 4-6 Hard on their side that is not Easy; the salmon colours red, blue, green and yellow; "
    "the 48 supplemental cards split as 4 Bear, 5 Eagle, 5 Wild, 5 Current, 5 Rapids and 4 of each Double and "
    "Basic Swim card.",
])


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




class RaceScreen(SessionScreen):
    title = "Race"
    game = sr.GAME
    route = f"/games/{SALMON_RUN.id}/race"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seated: list[str] = []
        self.colours: dict[str, str] = {}
        self.length = 3
        self.kind = rv.EASY_SIDES  # or rv.OTHER_SIDES, or "random"
        self.rolls: list[int] | None = None  # the random set-up's rolls
        self.answers = Answers(self)
        self.turn = TurnHelper(self)

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        head = ft.Row([ft.Text("Salmon Run", size=22, weight=ft.FontWeight.W_600, expand=True),
                       help_button(lambda: self.host.page, "Salmon Run", HELP)])
        if self.session is None:
            return [head, *self._setup()]
        state: RaceState = self.session.state
        controls: list[ft.Control] = [self.undo_bar.control, head, river_picture(state.river)]
        controls.append(ft.Container(ft.Column([ft.Text(line, size=16, weight=ft.FontWeight.W_600 if i == 0 else None)
                                                for i, line in enumerate(sr.reminders(state))], spacing=4,
                                               key="race-reminders"),
                                     padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER))
        if state.phase == sr.FIRST:
            if self.acts_for(ANY_SEAT):
                controls.append(ft.FilledButton("Roll for the first player", icon=ft.Icons.CASINO,
                                                key="race-first", style=big_button_style(),
                                                on_click=lambda e: self.act(
                                                    lambda s: sr.roll_first_player(s, self.ctx.rng))))
        elif state.phase == sr.RACE:
            controls += self.answers.controls(state)
            if state.pending is None:
                controls += [ft.Text(line, size=15) for line in last_answers(state)]
            controls += self.turn.controls(state)
        else:
            controls.append(self._over(state))
        controls.append(self._decks(state))
        return controls

    # Set-up ---------------------------------------------------------------------------------

    def _setup(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        colours = rv.default_data().colours
        for i, name in enumerate(self.seated):
            taken = {self.colours.get(n) for n in self.seated if n != name}
            if self.colours.get(name) not in colours or self.colours.get(name) in taken:
                self.colours[name] = next(c for c in colours if c not in taken)
        controls: list[ft.Control] = [ft.Text("Tap the players in turn order (2 to 4).", size=16),
                                      seat_chooser(players, self.seated, self._toggle_seat)]
        for name in self.seated:
            controls.append(ft.Row([ft.Text(f"{name}'s salmon:", size=15)] + [
                chip(c.capitalize(), lambda name=name, c=c: self._set_colour(name, c), key=f"colour-{name}-{c}",
                     selected=self.colours[name] == c, color=COLOUR_INK.get(c), reads=f"{name}'s salmon {c}")
                for c in colours],
                wrap=True, spacing=6, run_spacing=6))
        controls.append(ft.Text("The river: numbered boards between Start and Finish", size=16,
                                weight=ft.FontWeight.W_600))
        controls.append(ft.Row([chip(f"{rv.LENGTH_NAMES[n]} {n}", lambda n=n: self._set_length(n), key=f"length-{n}",
                                     selected=n == self.length) for n in sorted(rv.LENGTH_NAMES)],
                               wrap=True, spacing=6, run_spacing=6))
        kinds = {**rv.DIFFICULTIES, "random": "Random set-up (rolled)"}
        controls.append(ft.Row([chip(words, lambda k=k: self._set_kind(k), key=f"river-{k}", selected=k == self.kind)
                                for k, words in kinds.items()], wrap=True, spacing=6, run_spacing=6))
        river = self._river()
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
        controls.append(ft.FilledButton("Start the race", icon=ft.Icons.PLAY_ARROW, key="race-start",
                                        style=big_button_style(),
                                        disabled=len(self.seated) < MIN_PLAYERS or river is None,
                                        on_click=lambda e: self._start()))
        return controls

    def _river(self) -> River | None:
        if self.kind == "random":
            return rv.random_river(self.length, self.rolls) if self.rolls else None
        return rv.difficulty_river(self.length, self.kind)

    def _decks(self, state: RaceState) -> ft.Control:
        rows = []
        for i, s in enumerate(state.salmon):
            parts = ", ".join(f"{CARD_NAMES[c]} {n}" for c, n in s.deck.as_dict().items() if n)
            pond = " · in the pond" if s.in_pond else ""
            rows.append(ft.Column([
                ft.Row([ft.Container(width=16, height=16, border_radius=8, bgcolor=COLOUR_INK.get(s.colour)),
                        ft.Text(f"{s.name} ({s.colour}): {s.deck.size} cards, {s.deck.fatigue} Fatigue, hand "
                                f"{s.hand}{pond}", size=15, weight=ft.FontWeight.W_600, expand=True,
                                key=f"deck-{i}")], spacing=6),
                ft.Text(parts, size=13, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2))
        rows.append(ft.Text("Supplemental piles: " + ", ".join(f"{CARD_NAMES[c]} {n}" for c, n in
                                                               state.piles.as_dict().items()), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT, key="piles"))
        return panel(ft.Text("Each salmon's deck (hand, deck and discard pile)", size=16, weight=ft.FontWeight.W_600),
                    *rows, key="decks")

    def _over(self, state: RaceState) -> ft.Control:
        return panel(*self.game_end(*sr.standings(state), to_play, "race"))

    # Taps -----------------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.render()

    def _set_colour(self, name: str, colour: str) -> None:
        other = next((n for n in self.seated if n != name and self.colours.get(n) == colour), None)
        if other is not None:  # the two salmon swap colours
            self.colours[other] = self.colours.get(name)
        self.colours[name] = colour
        self.render()

    def _set_length(self, length: int) -> None:
        self.length, self.rolls = length, None
        self.render()

    def _set_kind(self, kind: str) -> None:
        self.kind, self.rolls = kind, None
        self.render()

    def _roll_river(self) -> None:
        self.rolls = rv.roll_random_river(self.length, self.ctx.rng)
        self.render()

    def _start(self) -> None:
        river = self._river()
        players = seat_entries(self.ctx.store.settings.players(), self.seated, colour=self.colours)
        self.host.attempt(lambda: self.start_session(sr.setup_for(players, river, self.rolls)))
        self.render()

