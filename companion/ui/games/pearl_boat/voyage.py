"""The pearl boat game's page, its Voyage: the banker and referee. Turn order rolled off in one tap,
every boat's ledger (pearls, fuel, fish, cards), what the last turn and this one did, the current
boat's turn (`turn.py`: the move, the space's value, catches, cards, the store, the chance card),
and the hidden duel chosen in secret on each duellist's phone (the table kit's one secret-choice
component), revealed at once. Each phone shows its own boat's controls (every boat's on the phone
passed around); the next step of the phone's work is pinned above the navigation bar.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.core.actions import Action
from companion.core.table.seats import ANY_SEAT
from companion.core.words import count, listed
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import CARD_NAMES
from companion.games.pearl_boat.data import default_data
from companion.games.pearl_boat.ledger import fish_value
from companion.games.pearl_boat.rules import PearlBoatState
from companion.games.pearl_boat.scoring import to_play
from companion.games.registry import PEARL_BOAT
from companion.ui.components.common import panel
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.components.secret_choice import SecretChoice
from companion.ui.components.standings import standings
from companion.ui.games.pearl_boat.barter import offer_panel
from companion.ui.games.pearl_boat.turn import TURN, TurnPanel
from companion.ui.games.pearl_boat.turn_keys import pearls
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

HELP = """\
**Turn order**: one tap rolls a d6 for everyone; highest first; tied players roll again among themselves.

**A turn** (the next step is the big button at the bottom): roll the d6 (or tap what the table's d6
rolled) and move that many spaces, one fuel a step (never more steps than fuel; Slowed: half the roll,
rounded down; Frozen: no move). If the fish market (or a boat blocking yours) is within 6 steps, tap
how many steps first. Tap the space's value (+2, +3, +4, -1, -2 pearls; nothing for stopping on the
same space twice in a row; never below 0 pearls). Catch fish at the fishing spots; deliver them at the
fish market (done in the same tap that reaches it: Salmon 7, Rainbow Trout 6, Halibut 4, Bass 3,
Carp 2 pearls) or drop them off at a drop-off point (they arrive a turn later). The rulebook draws from
the chance deck (d8, optional), then buys at the store, as here: a +1 draw bought is drawn in the same
turn, and *End the turn* ends it (drawing does not).

**The chance deck**: 1-3 upgrades (hold at most 3, extras used at once, one used per turn), 4 Frozen
next turn, 5 lose 2 fuel next turn (gain 2 at 0 fuel), 6-8 attacks (hold at most 2; extras used at once).
Only one effect on a boat at a time: a Frozen drawn while Slowed (or Blocked) waits for that to end and
freezes the next turn. A Move choice is the turn's move with a number chosen instead of rolled (before
rolling, a fuel a step; not halved by a Slow). Steal fuel: half the target's fuel, rounded down, no more
than your tank takes.

**The store**: half refill (5 fuel) for 2 pearls, step back for 1 pearl a step, +1 chance draw for 1
pearl, each with its limit; sell a card for 2 pearls, or to another boat for the pearls you agree;
trade an attack for a hidden attack.

**The hidden duel**: a hidden attack on a boat that holds one starts a duel: both choose Net, Anchor
or Hook in secret, revealed at once. Net beats Anchor, Anchor beats Hook, Hook beats Net; the same
choice: choose again. The loser pays 2 pearls. On a boat without a hidden attack it does nothing.

**The win**: the first boat with three different fish back at the market wins (never on a drop-off
turn). **Chosen readings** (the text is informal; in your copy of `games/pearl_boat/pearl_boat.json`):
the store's limits count for the whole game, the tank holds 10, a boat carries 2 fish before its
expansion (2 upgrade cards held).
"""


def duel_heading(names: tuple[str, ...] | list[str], waiting: tuple[int, ...], viewer: int | None) -> str:
    """The duel's heading: to a duellist still choosing, on their own phone, an instruction ('A hidden
    duel: Ben, choose in secret. Ana chooses too.'); to everyone else who still chooses ('A hidden duel:
    Ben chooses in secret.', 'Ana and Ben choose in secret.')."""
    others = [names[s] for s in waiting if s != viewer]
    said = listed(others)
    verb = "chooses" if len(others) == 1 else "choose"
    if viewer is not None and viewer in waiting:
        return f"A hidden duel: {names[viewer]}, choose in secret." + (f" {said} {verb} too." if others else "")
    return f"A hidden duel: {said} {verb} in secret."


def cards_words(state: PearlBoatState, seat: int, own: bool) -> str:
    """A boat's cards in its ledger: named on its own phone ('cards: Engine reverse'), face down on the
    others ('2 cards, face down', '1 card, face down'); "" when it holds none."""
    cards = state.boats[seat].cards
    if not cards:
        return ""
    if own:
        return "cards: " + ", ".join(CARD_NAMES[c] for c in cards)
    return f"{count(len(cards), 'card')}, face down"


def _own_words(label: str, name: str) -> str:
    """An action's words without its boat's name, said once before them ('rolls 3: 3 steps')."""
    for lead in (f"{name}'s ", f"{name} "):
        if label.startswith(lead):
            return label[len(lead):]
    return label


def turn_story(actions: Sequence[Action], names: Sequence[str]) -> list[tuple[str, str]]:
    """What the log says of the turn before this one and of this one so far, in short: (key, words)
    lines, e.g. ("voyage-last", "Before, Ana: rolls 3: 3 steps; space: +4 pearls; draws a card and keeps
    it."). The turn order's rolls before the first turn are a line of their own."""
    def said(part: Sequence[Action], lead: str) -> str:
        seat = next((a.data.get("seat") for a in part if isinstance(a.data.get("seat"), int)), None)
        name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
        # A duel's two choices keep their names: both duellists choose in the attacker's turn.
        words = [a.label if a.type == "duel_choose" else _own_words(a.label, name) for a in part
                 if a.type != "order" and not (a.type == "end" and a.label.endswith(" ends the turn"))]
        return f"{lead}{', ' + name if name else ''}: {'; '.join(words)}." if words else ""

    ends = [i for i, a in enumerate(actions) if a.type == "end"]
    last = ends[-1] + 1 if ends else 0
    lines = []
    if not ends:
        order = [a.label for a in actions if a.type == "order"]
        lines.append(("voyage-order", "; ".join(order) + "." if order else ""))
    else:
        lines.append(("voyage-last", said(actions[ends[-2] + 1 if len(ends) > 1 else 0:last], "Before")))
    lines.append(("voyage-now", said(actions[last:], "So far")))
    return [(key, words) for key, words in lines if words]


class VoyageScreen(SessionScreen):
    title = "Voyage"
    rules_help = ("The pearl boat game", HELP)
    game = pb.GAME
    route = f"/games/{PEARL_BOAT.id}/voyage"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seated: list[str] = []
        self.turn = TurnPanel(self)
        self.duel = SecretChoice("duel", "choice")
        self._turn_shown: tuple[object, ...] | None = None  # `_turn_look` when last drawn

    def render(self) -> None:
        """At large text, a step of this phone's turn made (or its turn come, a card opened) shows the turn
        at the page's top: the undo bar and whom the table waits on, a scroll above, left their 110 px to the
        turn's keys (at 200 % text a turn with a card and the table's dice took up to three scrolls, issue 62)."""
        super().render()
        if not self.host.large_text:
            return
        look = self._turn_look()
        if look != self._turn_shown:
            self._turn_shown = look
            if look is not None:
                self.bring_into_view(TURN)

    def show_turn(self) -> None:
        """Draw the turn again from its top, once a card's use, the store or Back is tapped down the page."""
        if self.host.large_text:
            self.render()  # `render` brings the turn's top into view
        else:
            self.render_from_top()

    def _turn_look(self) -> tuple[object, ...] | None:
        """Which step of this phone's turn is shown (its number, the next step in words, the card open); None
        but in its turn. A catch or a key chosen within a step leaves the page where the player scrolled it."""
        state: PearlBoatState | None = self.view if self.session is not None else None
        if state is None or state.phase != pb.PLAY or state.duel is not None or state.current is None \
                or not self.acts_for(state.current):
            return None
        turn = self.turn
        return (state.turn.number if state.turn is not None else None, turn.next_step(state, state.current),
                turn.cards.opened, turn.asking is not None, turn.barter.seat)

    # Drawing ------------------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        if self.session is None:
            return self._setup()
        state: PearlBoatState = self.view
        seat = state.current
        my_turn = state.phase == pb.PLAY and state.duel is None and seat is not None and self.acts_for(seat)
        # The phone playing the turn reads whose turn it is at the top of the turn's own panel: a banner
        # of its own above it pushed the turn's dice and fish below the fold.
        controls: list[ft.Control] = [self.undo_bar.control, *([] if my_turn else [self._status(state)])]
        if state.phase == pb.ORDER:
            if self.acts_for(ANY_SEAT):
                self.pin("Roll for turn order", ft.Icons.CASINO, "order", self._roll_order)
        elif state.phase == pb.OVER:
            controls.append(self._over(state))
        else:
            controls += self._duel(state)
            controls += offer_panel(self, state)
            if my_turn:
                # At large text the last move's notice (a duel's result: three lines) comes at the turn's foot:
                # above, it pushed the turn's dice and fish under the fold (issue 62).
                status = self._status_lines(state, size=15)
                cut = 1 if self.host.large_text else len(status)
                controls += self.turn.controls(state, seat, status[:cut], status[cut:])
        controls += self._story(state)
        controls.append(self._ledger(state))
        return controls

    def _status(self, state: PearlBoatState) -> ft.Control:
        return ft.Container(ft.Column(self._status_lines(state), spacing=4), padding=12, border_radius=12,
                            bgcolor=ft.Colors.PRIMARY_CONTAINER)

    def _status_lines(self, state: PearlBoatState, size: int = 18) -> list[ft.Control]:
        """Where the game is ("Round 2: Ana's turn."), and the notice of the last move if any."""
        if state.phase == pb.ORDER:
            words = "Everyone rolls a d6 for turn order; ties roll again."
        elif state.over:
            words = f"{state.names[state.winner]} wins." if state.winner is not None else "The game is over."
        elif state.duel is not None:
            words = duel_heading(state.names, pb.duel_waiting_for(state), self.viewer())
        else:
            words = f"Round {state.round}: {state.names[state.current]}'s turn."
        lines = [ft.Text(words, size=size, weight=ft.FontWeight.BOLD, key="voyage-status")]
        if state.notice:
            lines.append(ft.Text(state.notice, size=15, key="voyage-notice"))
        return lines

    def _story(self, state: PearlBoatState) -> list[ft.Control]:
        """The turn before and this one so far, in words: under the turn's taps (above them, its four
        to six lines pushed the acting phone's next tap below the fold)."""
        story = turn_story(self.session.record.actions, state.names)
        if state.over:  # the winning turn, not the one before it
            story = [(key, words.replace("So far", "The winning turn", 1)) for key, words in story
                     if key == "voyage-now"]
        if not story:
            return []
        return [ft.Container(ft.Column([ft.Text(words, size=14, key=key) for key, words in story], spacing=4),
                             padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, key="voyage-story")]

    def _setup(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        data = default_data()  # the boats a game seats: what its set-up (`setup.read_boats`) takes
        self.pin("Start the game", ft.Icons.PLAY_ARROW, "voyage-start", self._start,
                 enabled=len(self.seated) >= data.least_players,
                 why=f"Tap at least {data.least_players} players first: those at the table, in turn order.")
        return [ft.Text(f"Tap the players ({data.least_players} to {data.most_players}; 4 recommended).", size=16),
                seat_chooser(players, self.seated, self._toggle_seat, self.host)]

    # The ledger -------------------------------------------------------------------------------

    def _ledger(self, state: PearlBoatState) -> ft.Control:
        rows = []
        names = {f.id: f.name for f in state.data.fish}
        order = state.order if state.phase != pb.ORDER else ()
        seats = list(order) + [i for i in range(len(state.boats)) if i not in order]
        for i in seats:
            b = state.boats[i]
            cards = cards_words(state, i, self.acts_for(i))
            effect = f" · {b.effect.name}" if b.effect is not None else ""
            for waiting in (pb.frozen_waiting_words(state, i), pb.fuel_waiting(state, i)):
                effect += f" · {waiting}" if waiting else ""
            rows.append(ft.Column([
                ft.Text(f"{b.name}: {pearls(b.pearls)}, fuel {b.fuel}/{state.data.tank}{effect}", size=16,
                        weight=ft.FontWeight.W_600, key=f"ledger-{i}"),
                ft.Text(f"On board: {', '.join(names[f] for f in b.on_board) or 'no fish'} (room for "
                        f"{pb.capacity(state, i)}); back at the market: {b.different_fish} different fish"
                        + (f"; dropped off, on their way: {', '.join(names[f] for f in b.in_transit)} "
                           f"(+{pearls(fish_value(state, b.in_transit))} when {b.name}'s next turn begins)"
                           if b.in_transit else "")
                        + (f"; {cards}" if cards else ""), size=14, color=ft.Colors.ON_SURFACE_VARIANT,
                        key=f"ledger-hold-{i}"),
            ], spacing=2))
        title = f"The boats, in turn order: {listed([state.names[i] for i in order])}" if order else "The boats"
        return panel(ft.Text(title, size=16, weight=ft.FontWeight.W_600, key="ledger-title"), *rows, key="ledger")

    # The hidden duel -------------------------------------------------------------------------

    def _duel(self, state: PearlBoatState) -> list[ft.Control]:
        controls: list[ft.Control] = []
        rounds = pb.duel_revealed(state)
        if rounds and not pb.duel_told(state):
            controls.append(ft.Text("Revealed: " + "; ".join(
                f"{pb.DUEL_NAMES[r.attacker]} against {pb.DUEL_NAMES[r.defender]}"
                + ("" if r.winner is not None else ", the same: choose again") for r in rounds), size=15,
                key="duel-revealed"))
        if state.duel is None:
            return controls
        return [*controls, *self.secret_controls(self.duel, state.names, state.choices,
                                                 lambda seat, seen: self._duel_form(seen, seat))]

    def _duel_form(self, state: PearlBoatState, seat: int) -> ft.Control:
        if pb.duel_chosen(state, seat):
            return ft.Text(f"You chose {pb.DUEL_NAMES[pb.duel_choice_of(state, seat, viewer=seat)]}.", size=16,
                           key=f"duel-chosen-{seat}")
        return panel(
            ft.Text(f"{state.names[seat]}: choose in secret", size=16, weight=ft.FontWeight.W_600),
            ft.Row([ft.FilledButton(pb.DUEL_NAMES[c], key=f"duel-{seat}-{c}", style=big_button_style(),
                                    on_click=lambda e, c=c: self._choose(seat, c)) for c in pb.DUEL_CHOICES],
                   spacing=8, wrap=True),
            ft.Text("Net beats Anchor, Anchor beats Hook, Hook beats Net.", size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT), key=f"duel-{seat}", color=ft.Colors.TERTIARY_CONTAINER)

    def _over(self, state: PearlBoatState) -> ft.Control:
        if self.acts_for(ANY_SEAT):  # the standings can run past the screen: Save stays on it
            self.pin("Save to history", ft.Icons.SAVE, "voyage-save", lambda: self.save_play(to_play))
        return panel(*standings(*pb.score_state(state), key="voyage"))

    # Taps -----------------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, default_data().most_players)
        self.render()

    def _start(self) -> None:
        players = seat_entries(self.ctx.store.settings.players(), self.seated)
        self.host.attempt(lambda: self.start_session(pb.setup_for(players)))
        self.render()

    def _roll_order(self) -> None:
        """Everyone's d6, and each tie's again, until the order is clear: one tap (each roll-off is logged)."""
        for _ in range(100):
            session = self.session
            if session is None or self.view.phase != pb.ORDER:
                return
            if not self.act(lambda s: pb.roll_order(s, self.chance("order"))):
                return

    def _choose(self, seat: int, choice: str) -> None:
        if self.act(lambda s: pb.duel_choose(s, seat, choice)):
            self.duel.close()  # passed around: hidden again
            self.render()
