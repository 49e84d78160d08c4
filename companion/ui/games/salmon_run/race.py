"""Salmon Run's page, its Race: the set-up (`setup`: the players, the river chosen or rolled, drawn
as the table lays it), the first player, the current player's turn helper (`turn`), the Current,
Rapids and Eagle answered by each salmon (`answers`), the turn's ledger on every phone (`ledger`:
what it did, each roll with its die), every salmon's deck and fatigue, and the end of the race.
Each phone shows its own player's controls (every seat's on the phone passed around).
"""

from __future__ import annotations

import flet as ft

from companion.core.table.seats import ANY_SEAT
from companion.core.words import count
from companion.games.registry import SALMON_RUN
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import CARD_NAMES
from companion.games.salmon_run.rules import RaceState
from companion.games.salmon_run.scoring import to_play
from companion.ui.components.common import panel
from companion.ui.games.salmon_run.answers import Answers
from companion.ui.games.salmon_run.ledger import ledger_panel
from companion.ui.games.salmon_run.setup import COLOUR_INK, RaceSetup, river_picture
from companion.ui.games.salmon_run.turn import TurnHelper
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen

HELP = "\n\n".join([
    "**A turn** (Salmon Run rules): " + " ".join(sr.TURN_RULES),
    "**Countering**: " + " ".join(sr.COUNTER_LINES),
    "**The Current**: every salmon that did not counter it moves along its hex's arrow; on a hex with two "
    "arrows the app rolls for it: odd, arrow 1; even, arrow 2 (again for a Waterfall it is pushed into). The "
    "roll is recorded before it is shown: a reload or a restart shows the same roll, and a salmon that rolled "
    "moves with the current (a counter comes instead of the roll). "
    "**Rapids**: each player discards one card per current arrow on their hex (0, 1 or 2). A salmon in the "
    "spawning pond is on no hex: neither card asks anything of it (the app's reading).",
    "**Special hexes**: " + " ".join(f"*{h.name}*: {h.effect}" for h in sr.SPECIAL_HEXES),
    "**The end**: once a salmon is in the spawning pond, play goes on to the last player's turn. One salmon in "
    "the pond wins; several: the fewest Fatigue cards in the whole deck (hand, deck and discard pile); still "
    "equal, a tie.",
    "**Chosen defaults** (not in the rules text, in your copy of `games/salmon_run/river.json`): boards 1-3 "
    "are Medium and 4-6 Hard on their side that is not Easy; the salmon colours red, blue, green and yellow; "
    "the 48 supplemental cards split as 4 Bear, 5 Eagle, 5 Wild, 5 Current, 5 Rapids and 4 of each Double and "
    "Basic Swim card.",
])


class RaceScreen(SessionScreen):
    title = "Race"
    rules_help = ("Salmon Run", HELP)
    game = sr.GAME
    route = f"/games/{SALMON_RUN.id}/race"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.setup = RaceSetup(self)
        self.answers = Answers(self)
        self.turn = TurnHelper(self)

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        if self.session is None:
            return self.setup.controls()
        state: RaceState = self.view
        # What the player taps first, under the thumb: a card's answer, the turn's cards and hexes; the river's
        # picture and the reminders after them (above, they put the special hexes a screen below the cards).
        controls: list[ft.Control] = [self.undo_bar.control]
        if state.phase == sr.RACE:  # a card waiting for this phone's answer: the answer first
            controls += self.answers.controls(state)
            controls += self.turn.controls(state)
        elif state.phase == sr.FIRST:
            if self.acts_for(ANY_SEAT):
                self.pin("Roll for the first player", ft.Icons.CASINO, "race-first",
                         lambda: self.act(lambda s: sr.roll_first_player(s, self.chance("first"))))
        else:
            controls.append(self._over(state))
        controls.append(ft.Container(ft.Column([ft.Text(line, size=16, weight=ft.FontWeight.W_600 if i == 0 else None)
                                                for i, line in enumerate(sr.reminders(state))], spacing=4,
                                               key="race-reminders"),
                                     padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER))
        controls.append(river_picture(state.river))
        if state.phase == sr.RACE:
            ledger = ledger_panel(state, self.session.record.actions)
            if ledger is not None:
                controls.append(ledger)
        controls.append(self._decks(state))
        return controls

    def _decks(self, state: RaceState) -> ft.Control:
        rows = []
        for i, s in enumerate(state.salmon):
            parts = ", ".join(f"{CARD_NAMES[c]} {n}" for c, n in s.deck.as_dict().items() if n)
            pond = " · in the pond" if s.in_pond else ""
            rows.append(ft.Column([
                ft.Row([ft.Container(width=16, height=16, border_radius=8, bgcolor=COLOUR_INK.get(s.colour)),
                        ft.Text(f"{s.name} ({s.colour}): {count(s.deck.size, 'card')}, "
                                f"{count(s.deck.fatigue, 'Fatigue card')}, {s.hand} in hand{pond}", size=15,
                                weight=ft.FontWeight.W_600, expand=True, key=f"deck-{i}")], spacing=6),
                ft.Text(parts, size=13, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2))
        rows.append(ft.Text("Supplemental piles: " + ", ".join(f"{CARD_NAMES[c]} {n}" for c, n in
                                                               state.piles.as_dict().items()), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT, key="piles"))
        return panel(ft.Text("Each salmon's deck (hand, deck and discard pile)", size=16, weight=ft.FontWeight.W_600),
                    *rows, key="decks")

    def _over(self, state: RaceState) -> ft.Control:
        return panel(*self.game_end(*sr.standings(state), to_play, "race"))
