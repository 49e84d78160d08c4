"""The current boat's turn on the pearl boat game's Voyage, in the order of the rules text: the move
(the app's d6, or the table's d6 in one tap; the fish market or a blocking boat within reach in one
tap more), the space's value, the fish, the chance card, then the store (the rules text: "After this,
the player is then allowed to purchase from the store") and the end of the turn; the boat's cards,
usable at any step, come after the chance card, so that an ordinary turn's taps are on the first
screen. The turn's next step is pinned above the navigation bar, and a boat that reaches the fish
market delivers there in the same tap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.core.words import count
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import (
    CARD,
    CARD_NAMES,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    MOVE_CHOICE,
    TARGETED,
    card_for,
)
from companion.games.pearl_boat.rules import PearlBoatState
from companion.games.pearl_boat.store import (
    EXTRA_DRAW,
    HALF_REFILL,
    ITEM_NAMES,
    STEP_BACK,
)
from companion.ui.components.common import button_row, panel
from companion.ui.games.pearl_boat.barter import Barter
from companion.ui.games.pearl_boat.cards import Cards
from companion.ui.games.pearl_boat.turn_keys import (
    buttons,
    die_keys,
    pearls,
    steps_keys,
    value_keys,
)
from companion.ui.session_screen import SessionScreen

TURN = "turn"  # the turn's panel, scrolled to the page's top at large text (`VoyageScreen.render`)


def at_market(state: PearlBoatState, seat: int) -> bool:
    """The boat is at the fish market this turn (there, or delivered there and on its next trip)."""
    return state.boats[seat].at_market or (state.turn is not None and state.turn.delivered)


class TurnPanel:
    """What the phone acting for the current boat shows of its turn, and its taps."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.to_market: int | None = None  # steps to the fish market, when a move could reach it
        self.to_blocker: int | None = None  # steps to the boat blocking this one, when a move could reach it
        self.asking: dict | None = None  # a card drawn that is used at once and needs a target or steps
        self.barter = Barter(screen, self._done)
        self.cards = Cards(screen, self.use, self.act_below, self.open_barter)

    @property
    def session(self):
        return self.screen.session

    # Drawing ----------------------------------------------------------------------------------

    def controls(self, state: PearlBoatState, seat: int, status: list[ft.Control],
                 foot: Sequence[ft.Control] = ()) -> list[ft.Control]:
        """The turn's panel, `status` (whose turn it is) at its top, `foot` at its end."""
        if self.asking is not None and self.asking["seat"] == seat:
            return [panel(*status, *self._ask(state, seat), *foot, key=ft.ScrollKey(TURN))]
        if self.barter.seat == seat:
            return [panel(*status, *self.barter.controls(state), *foot, key=ft.ScrollKey(TURN))]
        self.asking = None
        self.barter.close()
        card = self.cards.controls(state, seat)
        if card is not None:
            return [panel(*status, *card, *foot, key=ft.ScrollKey(TURN))]
        parts: list[ft.Control] = [*status, ft.Text(self.next_step(state, seat), size=18,
                                                    weight=ft.FontWeight.W_600, key="turn-next")]
        parts += self.cards.folded(state, seat)  # usable at any step: near the top, each opening in view
        if pb.can_roll_to_move(state, seat):
            parts += self._move(state, seat)
        elif self._moves_forward(state, seat):
            parts += self._reach(state, seat)
        # At the fish market a boat delivers, draws and buys ("can complete their fish delivery, chance deck
        # roll, and purchases"): no space's value, no fish caught there.
        if pb.can_take_reward(state, seat) and not at_market(state, seat):
            parts.append(value_keys(state.data.space_values, lambda v: self._act(lambda s: pb.reward(s, seat, v))))
        parts += self._fish(state, seat)  # the rules' order: the fish caught, then the chance card
        parts += self._draw(state, seat)  # the store after it
        parts += self._store(state, seat)
        self._pin(state, seat)
        return [panel(*parts, *foot, key=ft.ScrollKey(TURN))]

    def next_step(self, state: PearlBoatState, seat: int) -> str:
        boat, turn = state.boats[seat], state.turn
        name = boat.name
        if pb.can_roll_to_move(state, seat):
            slowed = " (slowed: half the roll)" if pb.slowed_now(state, seat) else ""
            return f"{name}: roll the d6 and move{slowed}."
        if not turn.moved and pb.frozen_now(state, seat):
            return f"{name} is frozen this turn: no move. Draw a chance card, buy, or end the turn."
        if not turn.moved and boat.fuel == 0:
            return f"{name} has no fuel: buy a half refill, or end the turn without moving."
        if pb.can_take_reward(state, seat) and not at_market(state, seat):
            return f"{name}: the value of the space it stopped on?"  # short: its keys in view at 200 % text
        left = pb.draws_left(state, seat)
        if left > 0:
            return f"{name}: draw a chance card, or end the turn."
        return f"{name}: buy at the store, use a card, or end the turn."

    def _move(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        return [ft.Text(f"Or the table's d6 (fuel {state.boats[seat].fuel}): tap what it rolled.", size=15),
                die_keys("d6", range(1, 7), lambda n: self._move_by(seat, n), "d6"),
                *self._reach(state, seat)]

    def _reach(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        """The fish market and a blocking boat, when a move could reach them: one tap, before the move."""
        rows: list[ft.Control] = [ft.Text("The fish market within 6 steps? How many:", size=14),
                                  steps_keys("Fish market", self.to_market, 1, self._set_market, "market")]
        blocker = pb.blocked_by(state, seat)
        if blocker is not None:
            rows.append(ft.Text(f"Blocked by {state.names[blocker]}: steps to {state.names[blocker]}'s boat?",
                                size=14))
            rows.append(steps_keys(f"{state.names[blocker]}'s boat", self.to_blocker, 0, self._set_blocker,
                                   "blocker"))
        return rows

    def _moves_forward(self, state: PearlBoatState, seat: int) -> bool:
        """A held card could still move the boat forward this turn (the fish market may come within reach)."""
        boat = state.boats[seat]
        return not state.turn.upgrade_used and not boat.at_market and (
            ENGINE_UPGRADE in boat.upgrades or (MOVE_CHOICE in boat.upgrades and pb.move_choice_most(state, seat) > 0))

    def _fish(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        boat = state.boats[seat]
        room = pb.capacity(state, seat)
        rows: list[ft.Control] = []
        if len(boat.on_board) < room and not at_market(state, seat):
            rows.append(ft.Text(f"Fish caught here (room for {room - len(boat.on_board)} more):", size=15))
            rows.append(button_row([(f.name, lambda f=f: self._act(lambda s: pb.catch(s, seat, f.id)))
                                    for f in state.data.fish], "catch"))
        if boat.on_board:
            rows.append(button_row([("Drop off the fish", lambda: self._act(lambda s: pb.drop_off(s, seat)))],
                                   "drop-off"))
        return rows

    def _store(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        offers = self.offers(state, seat)
        boat = state.boats[seat]
        if not offers:
            return [ft.Text(f"The store: nothing {boat.name} can buy now ({pearls(boat.pearls)}).", size=14)]
        return [ft.Text(f"The store ({pearls(boat.pearls)} to spend):", size=15), buttons(offers)]

    def offers(self, state: PearlBoatState, seat: int) -> list[tuple[str, str, Callable[[], None]]]:
        """What the boat can buy now (its pearls, the store's limits, its tank, the steps behind it)."""
        boat, d = state.boats[seat], state.data
        found: list[tuple[str, str, Callable[[], None]]] = []

        def buy(item: str, steps: int = 1) -> Callable[[], None]:
            return lambda: self.act_below(lambda s: pb.buy(s, seat, item, steps))

        for item in (HALF_REFILL, EXTRA_DRAW):
            price = d.item(item).price
            if boat.pearls >= price and pb.store_left(state, seat, item) > 0 and not (
                    item == HALF_REFILL and boat.fuel >= d.tank):
                found.append((f"{ITEM_NAMES[item]} ({pearls(price)})", f"store-{item}", buy(item)))
        price = d.step_back.price
        for n in range(1, d.step_back.most_steps + 1):
            if n <= boat.position and boat.pearls >= price * n and pb.store_left(state, seat, STEP_BACK) >= n:
                found.append((f"Step back {n} ({pearls(price * n)})", f"store-step_back-{n}", buy(STEP_BACK, n)))
        return found

    def _draw(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        turn = state.turn
        left = pb.draws_left(state, seat)
        if left <= 0 or (not turn.moved and pb.can_roll_to_move(state, seat)):
            return []
        return [ft.Text("Or the table's d8: tap what it rolled.", size=15),
                die_keys("d8", range(1, 9), lambda n: self._draw_card(seat, n), "d8"),
                ft.OutlinedButton("End the turn without drawing", key="end-no-draw",
                                  on_click=lambda e: self._end(seat))]

    def _pin(self, state: PearlBoatState, seat: int) -> None:
        """The turn's next step, above the navigation bar whatever is scrolled."""
        boat, turn = state.boats[seat], state.turn
        left = pb.draws_left(state, seat)
        if boat.at_market and not turn.delivered:
            self.screen.pin("Deliver at the fish market", ft.Icons.STOREFRONT, "deliver",
                            lambda: self._deliver(seat))
        elif pb.can_roll_to_move(state, seat):
            self.screen.pin("Roll to move", ft.Icons.CASINO, "move", lambda: self._move_by(seat))
        elif left > 0:
            self.screen.pin("Draw a chance card", ft.Icons.STYLE, "draw", lambda: self._draw_card(seat))
        else:
            self.screen.pin("End the turn", ft.Icons.CHECK, "end-turn", lambda: self._end(seat))

    def _ask(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        """A card drawn that is used at once (the hand is full) and needs a target or a number of steps."""
        asking = self.asking
        card = asking["card"]
        controls: list[ft.Control] = [
            ft.Text(f"{state.names[seat]} drew {asking['draw']}: {CARD_NAMES[card]}, used at once (the hand is "
                    f"full).", size=16, weight=ft.FontWeight.W_600),
            ft.Text(CARD[card].text, size=14)]
        if card in TARGETED:
            controls.append(ft.Text("On which boat?", size=15))
            controls.append(button_row([(n, lambda i=i: self._answer(target=i)) for i, n in enumerate(state.names)
                                        if i != seat], "target"))
        else:
            most = state.data.reverse_steps if card == ENGINE_REVERSE else pb.move_choice_most(state, seat)
            controls.append(ft.Text("How many steps?", size=15))
            controls.append(button_row([(count(n, "step"), lambda n=n: self._answer(steps=n))
                                        for n in range(1, most + 1)], "steps"))
            if card == MOVE_CHOICE:
                controls += self._reach(state, seat)
        return controls

    # Taps ---------------------------------------------------------------------------------------

    def _act(self, build) -> bool:
        return self.screen.act(build)

    def act_below(self, build) -> bool:
        """A tap on a card's uses or the store, under the turn's steps: once done, the turn is shown again
        from its top, where its next step is (the store left the page scrolled down)."""
        if not self._act(build):
            return False
        self.cards.close()
        self.screen.show_turn()
        return True

    def _set_market(self, steps: int | None) -> None:
        self.to_market = steps
        self.screen.render()

    def _set_blocker(self, steps: int | None) -> None:
        self.to_blocker = steps
        self.screen.render()

    def _reached(self) -> dict:
        """The fish market's and the blocking boat's steps for a move now, and forgotten after it."""
        reach = {"to_market": self.to_market, "to_blocker": self.to_blocker}
        self.to_market = self.to_blocker = None
        return reach

    def _move_by(self, seat: int, rolled: int | None = None) -> None:
        """Move by the app's d6, or by `rolled`, the table's."""
        reach = self._reached()
        roll = rolled if rolled is not None else self.screen.chance("move").randint(1, 6)
        if self._act(lambda s: pb.move(s, seat, roll, **reach)):
            self._done(seat)

    def use(self, seat: int, card: str, target: int | None = None, steps: int | None = None) -> None:
        more: dict = {}
        if card in (ENGINE_UPGRADE, MOVE_CHOICE):
            more = self._reached()
        if card == ENGINE_UPGRADE:
            more["move_roll"] = self.screen.chance("use").randint(1, 6)
        if self.act_below(lambda s: pb.use_card(s, seat, card, target=target, steps=steps, **more)):
            self._done(seat)

    def _draw_card(self, seat: int, roll: int | None = None) -> None:
        """A chance card by the app's d8, or by `roll`, the table's; a card used at once asks first."""
        state: PearlBoatState = self.screen.view
        deck = self.screen.chance("draw")  # the card, then the die its Engine upgrade asks for
        roll = roll if roll is not None else deck.randint(1, 8)
        needs = pb.draw_needs(state, seat, roll)
        if needs and needs != ("move_roll",):
            self.asking = {"draw": roll, "card": card_for(roll).id, "seat": seat}
            self.screen.render()
            return
        more = {"move_roll": deck.randint(1, 6), **self._reached()} if needs else {}
        if self._act(lambda s: pb.draw(s, seat, roll, **more)):
            self._done(seat)

    def _answer(self, target: int | None = None, steps: int | None = None) -> None:
        asking, self.asking = self.asking, None
        seat = asking["seat"]
        more = self._reached() if asking["card"] == MOVE_CHOICE else {}
        if self._act(lambda s: pb.draw(s, seat, asking["draw"], target=target, steps=steps, **more)):
            self._done(seat)
        else:
            self.asking = asking
            self.screen.render()

    def _deliver(self, seat: int) -> None:
        if self._act(lambda s: pb.deliver(s, seat)):
            self._done(seat)

    def _end(self, seat: int) -> None:
        self._act(lambda s: pb.end_turn(s, seat))

    def open_barter(self, seat: int, card: str) -> None:
        self.cards.close()
        self.barter.open(seat, card)
        self.screen.render()

    def _done(self, seat: int) -> None:
        """After a step of `seat`'s turn: a boat that reached the fish market delivers there (the rules'
        next step, with nothing to choose)."""
        state: PearlBoatState = self.screen.view
        if state is None or state.current != seat or state.duel is not None:
            return
        boat, turn = state.boats[seat], state.turn
        if boat.at_market and not turn.delivered:
            self._act(lambda s: pb.deliver(s, seat))

