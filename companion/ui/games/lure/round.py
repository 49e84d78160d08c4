"""Lure's page, its Round: the table's Splash, the secret cast on each phone, the fishing in
turn order, the catch, the lures drawn, and the end-of-game standings.

The cast is secret (the table kit's one secret-choice component): a player's own phone shows only
their own pick, with the chance it catches each fish in the middle, until everyone has locked in;
then all are revealed at once. On the phone passed around the table, each player's pick is behind
their name and hidden again once locked in. Each phone shows the controls of its own player's
seat (every seat's on the phone passed around); the others see whose turn it is.
"""

from __future__ import annotations

import flet as ft

from companion.core.table.seats import ANY_SEAT
from companion.games.lure import rules as lure
from companion.games.lure.rules import LureState
from companion.games.lure.scoring import to_play
from companion.games.registry import LURE
from companion.ui.components.common import panel
from companion.ui.components.number_pad import NumberPad
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.games.lure.cast_form import CastForm
from companion.ui.games.lure.fish_entry import FishEntry
from companion.ui.games.lure.rolling import Rolling
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen

MIN_PLAYERS, MAX_PLAYERS = lure.MIN_PLAYERS, lure.MAX_PLAYERS

HELP = """\
**A round** (Lure rules): *Splash*: the table reveals 3 fish (2 with 2-3 players) and enters each
card here (catch number, VP, requirement; fish entered before are one tap away). *Cast*: everyone
secretly picks dice and lures on their own phone (on one phone passed around: behind "Pass to");
the picks are shown when all are locked in. *Fish*: fewest dice first (d6 and special dice; an Extra
Die does not count); equal counts roll together. Roll in the app or enter the physical dice; play
your Adjust lures on a die (+1 or -1, never beyond its numbers), then *Make the catch*.

**Catching**: a roll catches a fish when it adds up to at least the catch number and meets the
requirement (an Extra Die counts as a die for requirements). Rolling together, the lower total gets
a fish both could catch; a tie leaves it in the middle. Catch: Boosts played are kept (2 VP each).
No catch: draw a lure and record it here. A special die rolled rests for one round.

**Where the text is open, the app's reading (a setting)**: one roll catches *every* fish in the
middle it meets, each checked against the whole roll (dice are not split between fish); the middle
is *refilled* up to 3 (2) fish each Splash. **Chosen defaults** (the rules text does not give them):
8 d6 per player, a deck of 24 fish, 1 Adjust and 1 Boost lure to start, Extra Die lures showing
1 to 6. Change d6 and the deck at set-up; the rest in your copy of `games/lure/lure.json`.

**The odds** beside each fish are exact: the chance your pick's roll meets it, Adjust lures used at
best, before anyone else rolls.

**End**: when the last fish of the deck is revealed, the round is finished and the game ends; most
VP wins, then fewest fish; still tied, a shared win.
"""


class RoundScreen(SessionScreen):
    title = "Round"
    rules_help = ("Lure", HELP)
    game = lure.GAME
    route = f"/games/{LURE.id}/round"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seated: list[str] = []
        self.d6, self.deck = lure.default_data().d6, lure.default_data().deck
        self.typing: str | None = None  # the number the last tap typed into (the next digit goes on its end)
        self.splash = FishEntry(self)
        self.casting = CastForm(self)
        self.fishing = Rolling(self)
        self._round: tuple[str, int, str] | None = None  # what this phone's drafts were made for

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        if self.session is None:
            return [*self._setup()]
        state: LureState = self.view
        if self._round != (self.session.id, state.round, state.phase):  # a new step: this phone's drafts go
            self._round = (self.session.id, state.round, state.phase)
            self.casting.forget()
            self.fishing.forget()
        controls: list[ft.Control] = [self.undo_bar.control]
        controls.append(ft.Container(ft.Text(lure.next_step(state), size=18, weight=ft.FontWeight.BOLD,
                                             key="lure-step"),
                                     padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER))
        draws = self.fishing.draws(state) if not state.over else []  # once over, a lure drawn changes nothing
        controls += draws
        if state.phase == lure.SPLASH:  # this phone's lure to record first: the entry is not scrolled to over it
            controls += self.splash.controls(state, into_view=not draws) if self.acts_for(ANY_SEAT) else [
                ft.Text("The table reveals this round's fish.", size=16, key="lure-splash-waiting")]
        elif state.phase == lure.CAST:
            controls += self.casting.controls(state)
        elif state.phase == lure.FISH:
            controls += self.fishing.controls(state)
        else:
            controls += self._over(state)
        if state.middle:
            controls.append(self._middle(state))
        shown = [o for o in state.outcomes if o.round == state.round or state.phase == lure.SPLASH]
        controls += [ft.Text(lure.describe_outcome(state, o), size=15, key=f"lure-outcome-{i}") for i, o in enumerate(shown)]
        controls.append(self._scores(state))
        return controls

    def _scores(self, state: LureState) -> ft.Control:
        results, _ = lure.standings(state)
        return ft.Row([ft.Text(f"{r.name}: {r.total} VP", size=15, weight=ft.FontWeight.W_600) for r in results],
                      wrap=True, spacing=14, key="lure-scores")

    def _middle(self, state: LureState) -> ft.Control:
        return panel(ft.Text(f"In the middle ({state.deck_left} fish left in the deck):", size=15),
                     ft.Row([ft.Container(ft.Text(f.describe(), size=16, weight=ft.FontWeight.W_600),
                                          padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                          key=f"middle-{i}") for i, f in enumerate(state.middle)],
                            wrap=True, spacing=8, run_spacing=8))

    def _setup(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        controls: list[ft.Control] = [ft.Text("Tap the players at the table (2 to 5).", size=16)]
        controls.append(seat_chooser(players, self.seated, self._toggle_seat, self.host))
        controls.append(NumberPad("d6 per player", self.d6, 1, 12, self._set_d6, "setup-d6",
                                  appending=self.typing == "d6").control)
        controls.append(NumberPad("Fish in the deck", self.deck, 1, 100, self._set_deck, "setup-deck",
                                  appending=self.typing == "deck").control)
        controls.append(ft.Text("Both are chosen defaults (the rules text does not give them): match your box.",
                                size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        self.pin("Start the game", ft.Icons.PLAY_ARROW, "lure-start", self._start,
                 enabled=len(self.seated) >= MIN_PLAYERS,
                 why=f"Tap at least {MIN_PLAYERS} players first: those at the table, in turn order.")
        return controls

    def _over(self, state: LureState) -> list[ft.Control]:
        return [panel(*self.game_end(*lure.standings(state), to_play, "lure"))]

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.render()

    def _set_d6(self, value: int) -> None:
        self.d6, self.typing = value, "d6"
        self.render()

    def _set_deck(self, value: int) -> None:
        self.deck, self.typing = value, "deck"
        self.render()

    def _start(self) -> None:
        players = seat_entries(self.ctx.store.settings.players(), self.seated)
        self.host.attempt(lambda: self.start_session(lure.setup_for(players, d6=self.d6, deck=self.deck)))
        self.render()
