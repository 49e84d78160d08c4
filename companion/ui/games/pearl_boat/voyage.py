"""The pearl boat game's page, its Voyage: the banker and referee. Turn order rolled off, every
boat's ledger (pearls, fuel, fish, cards), the current boat's turn (the move die, the space's
reward, catches, the chance deck, the store), and the hidden duel chosen in secret on each
duellist's phone (the table kit's one secret-choice component), revealed at once. Each phone
shows its own boat's controls (every boat's on the phone passed around).
"""

from __future__ import annotations

import flet as ft

from companion.core.table.seats import ANY_SEAT
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import (
    CARD,
    CARD_NAMES,
    HIDDEN_ATTACK,
    TARGETED,
    card_for,
)
from companion.games.pearl_boat.rules import PearlBoatState
from companion.games.pearl_boat.scoring import to_play
from companion.games.pearl_boat.store import (
    EXTRA_DRAW,
    HALF_REFILL,
    ITEM_NAMES,
    STEP_BACK,
)
from companion.games.registry import PEARL_BOAT
from companion.ui.components.common import button_row, chip, panel
from companion.ui.components.help import help_button
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.components.secret_choice import SecretChoice
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

MIN_PLAYERS, MAX_PLAYERS = 2, 6
STEPS_CARDS = {"engine_reverse": (1, 3), "move_choice": (1, 5)}  # cards played with a number of steps

HELP = """\
**Turn order**: everyone rolls a d6; highest first; tied players roll again among themselves.

**A turn**: roll the d6 and move that many spaces, one fuel a step (never more steps than fuel;
Slowed: half the roll, rounded down; Frozen: no move). Tap the space's value (+2, +3, +4, -1, -2
pearls; nothing for stopping on the same space twice in a row; never below 0 pearls). Catch fish at
the fishing spots; deliver them at the fish market (Salmon 7, Rainbow Trout 6, Halibut 4, Bass 3,
Carp 2 pearls) or at a drop-off point (they arrive a turn later). Then draw from the chance deck (d8,
optional).

**The chance deck**: 1-3 upgrades (hold at most 3, extras used at once, one used per turn), 4 Frozen
next turn, 5 lose 2 fuel next turn (gain 2 at 0 fuel), 6-8 attacks (hold at most 2; extras used at once).
Only one effect on a boat at a time. Steal fuel: half the target's fuel, rounded down, no more than
your tank takes.

**The store**: half refill (5 fuel) for 2 pearls, step back for 1 pearl a step, +1 chance draw for 1
pearl, each with its limit; sell a card for 2 pearls; trade an attack for a hidden attack.

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
    said = " and ".join(others)
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
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}, face down"


class VoyageScreen(SessionScreen):
    title = "Voyage"
    game = pb.GAME
    route = f"/games/{PEARL_BOAT.id}/voyage"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seated: list[str] = []
        self.to_market: int | None = None  # the steps to the fish market, when the roll could pass it
        self.asking: dict | None = None  # a card to play (or a draw) that needs a target or steps
        self.duel = SecretChoice("duel", "choice")

    # Drawing ------------------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        head = ft.Row([ft.Text("The pearl boat game", size=22, weight=ft.FontWeight.W_600, expand=True),
                       help_button(lambda: self.host.page, "The pearl boat game", HELP)])
        if self.session is None:
            return [head, *self._setup()]
        state: PearlBoatState = self.session.state
        controls: list[ft.Control] = [self.undo_bar.control, head, self._status(state)]
        if state.phase == pb.ORDER:
            if self.acts_for(ANY_SEAT):
                controls.append(ft.FilledButton("Roll for turn order", icon=ft.Icons.CASINO, key="order",
                                                style=big_button_style(),
                                                on_click=lambda e: self.act(lambda s: pb.roll_order(s, self.ctx.rng))))
        elif state.phase == pb.OVER:
            controls.append(self._over(state))
        else:
            controls += self._duel(state)
            if state.duel is None:
                controls += self._turn(state)
        controls.append(self._ledger(state))
        return controls

    def _status(self, state: PearlBoatState) -> ft.Control:
        if state.phase == pb.ORDER:
            words = "Everyone rolls a d6 for turn order; ties roll again."
        elif state.over:
            words = f"{state.names[state.winner]} wins." if state.winner is not None else "The game is over."
        elif state.duel is not None:
            words = duel_heading(state.names, pb.duel_waiting_for(state), self.viewer())
        else:
            words = f"Round {state.round}: {state.names[state.current]}'s turn."
        lines = [ft.Text(words, size=18, weight=ft.FontWeight.BOLD, key="voyage-status")]
        if state.notice:
            lines.append(ft.Text(state.notice, size=15, key="voyage-notice"))
        return ft.Container(ft.Column(lines, spacing=4), padding=12, border_radius=12,
                            bgcolor=ft.Colors.PRIMARY_CONTAINER)

    def _setup(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        return [ft.Text("Tap the players (2 to 6; 4 recommended).", size=16),
                seat_chooser(players, self.seated, self._toggle_seat),
                ft.FilledButton("Start the game", icon=ft.Icons.PLAY_ARROW, key="voyage-start",
                                style=big_button_style(), disabled=len(self.seated) < MIN_PLAYERS,
                                on_click=lambda e: self._start())]

    # The ledger -------------------------------------------------------------------------------

    def _ledger(self, state: PearlBoatState) -> ft.Control:
        rows = []
        names = {f.id: f.name for f in state.data.fish}
        for i, b in enumerate(state.boats):
            cards = cards_words(state, i, self.acts_for(i))
            effect = f" · {b.effect.name}" if b.effect is not None else ""
            waiting = pb.fuel_waiting(state, i)
            effect += f" · {waiting}" if waiting else ""
            rows.append(ft.Column([
                ft.Text(f"{b.name}: {b.pearls} pearls, fuel {b.fuel}/{state.data.tank}{effect}", size=16,
                        weight=ft.FontWeight.W_600, key=f"ledger-{i}"),
                ft.Text(f"On board: {', '.join(names[f] for f in b.on_board) or 'no fish'} (room for "
                        f"{pb.capacity(state, i)}); back at the market: {b.different_fish} different fish"
                        + (f"; {cards}" if cards else ""), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=2))
        return panel(ft.Text("The boats", size=16, weight=ft.FontWeight.W_600), *rows, key="ledger")

    # A turn ---------------------------------------------------------------------------------

    def _turn(self, state: PearlBoatState) -> list[ft.Control]:
        seat = state.current
        if seat is None or not self.acts_for(seat):
            return []
        boat = state.boats[seat]
        controls: list[ft.Control] = [ft.Text(f"{boat.name}'s turn", size=18, weight=ft.FontWeight.W_600)]
        if self.asking is not None:
            return [panel(*controls, *self._ask(state, seat), key="turn")]
        if pb.can_roll_to_move(state, seat):
            controls.append(ft.Text("Steps to the fish market, if the roll could pass it:", size=14))
            controls.append(ft.Row([chip(str(n) if n else "far", lambda n=n: self._set_market(n or None),
                                         key=f"market-{n}", selected=(self.to_market or 0) == n)
                                    for n in range(0, 7)], wrap=True, spacing=4, run_spacing=4))
            controls.append(ft.FilledButton("Roll to move", icon=ft.Icons.CASINO, key="move",
                                            style=big_button_style(), on_click=lambda e: self._move(seat)))
            controls.append(ft.Text("or the physical die's roll:", size=14))
            controls.append(button_row([(f"Rolled {n}", lambda n=n: self._move(seat, n)) for n in range(1, 7)],
                                       "rolled"))
        if pb.can_take_reward(state, seat):
            controls.append(ft.Text("The space's value:", size=15))
            controls.append(button_row([(f"{v:+d} pearls", lambda v=v: self.act(lambda s: pb.reward(s, seat, v)))
                                     for v in state.data.space_values], "reward"))
        controls.append(ft.Text("Fish caught here:", size=15))
        controls.append(button_row([(f.name, lambda f=f: self.act(lambda s: pb.catch(s, seat, f.id)))
                                 for f in state.data.fish], "catch"))
        items = []
        if boat.at_market:
            items.append(("Deliver at the fish market", lambda: self.act(lambda s: pb.deliver(s, seat))))
        if boat.on_board:
            items.append(("Drop off the fish", lambda: self.act(lambda s: pb.drop_off(s, seat))))
        if pb.draws_left(state, seat) > 0:
            items.append(("Draw a chance card (d8)", lambda: self._draw_card(seat)))
        for c in dict.fromkeys(boat.cards):
            items.append((f"Play {CARD_NAMES[c]}", lambda c=c: self._play_card(seat, c)))
        if items:
            controls.append(button_row(items, "do"))
        controls.append(ft.Text("The store:", size=15))
        store = [(f"{ITEM_NAMES[HALF_REFILL]} (2 pearls)", lambda: self.act(lambda s: pb.buy(s, seat, HALF_REFILL))),
                 (f"{ITEM_NAMES[EXTRA_DRAW]} (1 pearl)", lambda: self.act(lambda s: pb.buy(s, seat, EXTRA_DRAW)))]
        store += [(f"Step back {n} (1 pearl a step)", lambda n=n: self.act(lambda s: pb.buy(s, seat, STEP_BACK, n)))
                  for n in (1, 2, 3)]
        store += [(f"Sell {CARD_NAMES[c]} (+2)", lambda c=c: self.act(lambda s: pb.sell(s, seat, c)))
                  for c in dict.fromkeys(boat.cards)]
        store += [(f"Trade {CARD_NAMES[c]} for a hidden attack", lambda c=c: self.act(lambda s: pb.trade(s, seat, c)))
                  for c in dict.fromkeys(boat.attacks) if c != HIDDEN_ATTACK]
        controls.append(button_row(store, "store"))
        controls.append(ft.FilledButton("End the turn", icon=ft.Icons.CHECK, key="end-turn",
                                        style=big_button_style(), on_click=lambda e: self._end(seat)))
        return [panel(*controls, key="turn")]

    def _ask(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        """A card that needs a target or a number of steps."""
        asking = self.asking
        name = CARD_NAMES[asking["card"]]
        controls: list[ft.Control] = [ft.Text(f"{name}: {CARD[asking['card']].text}", size=15)]
        if asking["card"] in TARGETED:
            controls.append(ft.Text("On which boat?", size=15))
            controls.append(button_row([(n, lambda i=i: self._answer(target=i)) for i, n in enumerate(state.names)
                                     if i != seat], "target"))
        else:
            low, high = STEPS_CARDS[asking["card"]]
            controls.append(ft.Text("How many steps?", size=15))
            controls.append(button_row([(str(n), lambda n=n: self._answer(steps=n)) for n in range(low, high + 1)],
                                    "steps"))
        if "draw" not in asking:  # a card drawn must be used at once: no going back on the draw
            controls.append(ft.TextButton("Cancel", key="ask-cancel",
                                          on_click=lambda e: self._cancel()))
        return controls

    # The hidden duel -------------------------------------------------------------------------

    def _duel(self, state: PearlBoatState) -> list[ft.Control]:
        controls: list[ft.Control] = []
        rounds = pb.duel_revealed(state)
        if rounds:
            controls.append(ft.Text("Revealed: " + "; ".join(
                f"{pb.DUEL_NAMES[r.attacker]} against {pb.DUEL_NAMES[r.defender]}"
                + ("" if r.winner is not None else ", the same: choose again") for r in rounds), size=15,
                key="duel-revealed"))
        if state.duel is None:
            return controls
        return [*controls, *self.duel.controls(state.names, state.choices, self.viewer(), self.passed_around,
                                               lambda seat: self._duel_form(state, seat), self.render)]

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
        return panel(*self.game_end(*pb.score_state(state), to_play, "voyage"))

    # Taps -----------------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.render()

    def _start(self) -> None:
        players = seat_entries(self.ctx.store.settings.players(), self.seated)
        self.host.attempt(lambda: self.start_session(pb.setup_for(players)))
        self.render()

    def _set_market(self, steps: int | None) -> None:
        self.to_market = steps
        self.render()

    def _move(self, seat: int, rolled: int | None = None) -> None:
        """Move by the app's roll, or by `rolled`, the physical die's."""
        to_market, self.to_market = self.to_market, None
        if rolled is None:
            self.act(lambda s: pb.roll_move(s, seat, self.ctx.rng, to_market=to_market))
        else:
            self.act(lambda s: pb.move(s, seat, rolled, to_market=to_market))

    def _draw_card(self, seat: int) -> None:
        state: PearlBoatState = self.session.state
        roll = self.ctx.rng.randint(1, 8)
        needs = pb.draw_needs(state, seat, roll)
        if not needs:
            self.act(lambda s: pb.draw(s, seat, roll))
        elif needs == ("move_roll",):
            move_roll = self.ctx.rng.randint(1, 6)
            self.act(lambda s: pb.draw(s, seat, roll, move_roll=move_roll))
        else:  # the card is used at once: it needs a target or steps first
            self.asking = {"draw": roll, "card": card_for(roll).id, "seat": seat}
            self.render()

    def _play_card(self, seat: int, card_id: str) -> None:
        if card_id in TARGETED or card_id in STEPS_CARDS:
            self.asking = {"card": card_id, "seat": seat}
            self.render()
        elif card_id == "engine_upgrade":
            move_roll = self.ctx.rng.randint(1, 6)
            self.act(lambda s: pb.use_card(s, seat, card_id, move_roll=move_roll))
        else:
            self.act(lambda s: pb.use_card(s, seat, card_id))

    def _answer(self, target: int | None = None, steps: int | None = None) -> None:
        asking, self.asking = self.asking, None
        seat = asking["seat"]
        if "draw" in asking:
            ok = self.act(lambda s: pb.draw(s, seat, asking["draw"], target=target, steps=steps))
        else:
            ok = self.act(lambda s: pb.use_card(s, seat, asking["card"], target=target, steps=steps))
        if not ok:
            self.asking = asking
            self.render()

    def _cancel(self) -> None:
        self.asking = None
        self.render()

    def _end(self, seat: int) -> None:
        self.act(lambda s: pb.end_turn(s, seat))

    def _choose(self, seat: int, choice: str) -> None:
        if self.act(lambda s: pb.duel_choose(s, seat, choice)):
            self.duel.close()  # passed around: hidden again
            self.render()

