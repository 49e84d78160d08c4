"""The boat's cards in the pearl boat game's turn (`turn.py`), folded: a button for each card near the turn's
top, and a tap on one shows that card's uses in the turn's place, in view (down the turn, after the store,
they cost a scroll each: issue 62). A use done, or Back to the turn, and the turn is shown again."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.words import count
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import (
    CARD,
    CARD_NAMES,
    DRAWN_ATTACKS,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    MOVE_CHOICE,
    STEAL_FUEL,
    TARGETED,
    UPGRADES,
)
from companion.games.pearl_boat.rules import PearlBoatState
from companion.ui.games.pearl_boat.turn_keys import buttons, pearls
from companion.ui.session_screen import SessionScreen

SHORT = {"engine_reverse": "Engine reverse", "engine_upgrade": "Engine upgrade", "move_choice": "Move choice",
         "slow_down": "Slow down", "steal_fuel": "Steal fuel", "block": "Block", "hidden_attack": "Hidden attack"}


class Cards:
    """The boat's cards: which one is open on this phone (`opened`), and what each offers."""

    def __init__(self, screen: SessionScreen, use: Callable[..., None], act: Callable[[Callable], bool],
                 barter: Callable[[int, str], None]) -> None:
        """`use`(seat, card, target=, steps=) plays a card, `act`(build) records a sale, trade or discard (and
        shows the turn again), `barter`(seat, card) opens a sale to another boat: the turn panel's."""
        self.screen, self.use, self.act, self.barter = screen, use, act, barter
        self.opened: str | None = None  # the card whose uses are shown in the turn's place

    def close(self) -> None:
        self.opened = None

    def folded(self, state: PearlBoatState, seat: int) -> list[ft.Control]:
        """A button for each card the boat holds ("Slow down"; heard "Ben's card Slow down: its uses"), and
        what the rules ask of the hand now (one attack card goes, one upgrade a turn)."""
        boat = state.boats[seat]
        cards = list(dict.fromkeys(boat.cards))
        if not cards:
            return []
        rows: list[ft.Control] = [buttons([(SHORT[c], f"card-{c}", lambda c=c: self._open(c)) for c in cards],
                                          reads=[f"{boat.name}'s card {SHORT[c]}: its uses" for c in cards],
                                          icon=ft.Icons.STYLE)]
        if pb.must_discard(state, seat):
            rows.append(ft.Text(f"{boat.name} has held {count(state.data.attack_limit, 'attack card')} for more than "
                                f"{count(state.data.attack_hold_turns, 'turn')}: one goes before the turn ends.",
                                size=14, weight=ft.FontWeight.W_600))
        return rows

    def controls(self, state: PearlBoatState, seat: int) -> list[ft.Control] | None:
        """The open card's uses, in the turn's place; None when no card is open (or the boat no longer holds it)."""
        card = self.opened
        if card is None or card not in state.boats[seat].cards:
            self.opened = None
            return None
        # Its uses under its short name, the rulebook's words after them: at 200 % text they are four lines.
        rows: list[ft.Control] = [ft.Text(f"{state.names[seat]}'s card: {SHORT[card]}", size=18,
                                          weight=ft.FontWeight.W_600, key="card-title")]
        uses, why = self._uses(state, seat, card)
        rows.append(buttons(uses))
        if why:
            rows.append(ft.Text(why, size=14, key="move-choice-why"))
        if card in UPGRADES and state.turn.upgrade_used:
            rows.append(ft.Text("An upgrade card is used this turn: one a turn.", size=14))
        rows.append(ft.TextButton("Back to the turn", icon=ft.Icons.ARROW_BACK, key="card-back",
                                  on_click=lambda e: self._back()))
        rows.append(ft.Text(f"{CARD_NAMES[card]}: {CARD[card].text}", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        return rows

    def _uses(self, state: PearlBoatState, seat: int,
              c: str) -> tuple[list[tuple[str, str, Callable[[], None]]], str | None]:
        """(words, key, tap) for each thing the boat may do with card `c` now, and why it cannot move by it."""
        boat, turn, act = state.boats[seat], state.turn, self.act
        uses: list[tuple[str, str, Callable[[], None]]] = []
        why: str | None = None
        others = [i for i in range(len(state.boats)) if i != seat]
        if c in UPGRADES and turn.upgrade_used:
            pass  # "the player can only activate one upgrade card per turn"
        elif c in TARGETED:
            word = "from" if c == STEAL_FUEL else "on"
            uses += [(f"{SHORT[c]} {word} {state.names[i]}", f"use-{c}-{i}",
                      lambda i=i: self.use(seat, c, target=i)) for i in others]
        elif c == ENGINE_UPGRADE:
            uses.append((f"{SHORT[c]}: roll and move (no fuel)", f"use-{c}", lambda: self.use(seat, c)))
        else:
            most = (min(state.data.reverse_steps, boat.position) if c == ENGINE_REVERSE
                    else pb.move_choice_most(state, seat))
            word = "back" if c == ENGINE_REVERSE else "forward"
            uses += [(f"{SHORT[c]}: {count(n, 'step')} {word}", f"use-{c}-{n}",
                      lambda n=n: self.use(seat, c, steps=n)) for n in range(1, most + 1)]
            why = pb.move_choice_refusal(state, seat) if c == MOVE_CHOICE and not most else None
        uses.append((f"Sell {SHORT[c]} (+{pearls(state.data.sell_price)})", f"sell-{c}",
                     lambda: act(lambda s: pb.sell(s, seat, c))))
        if c in DRAWN_ATTACKS:
            uses.append((f"Trade {SHORT[c]} for a hidden attack", f"trade-{c}",
                         lambda: act(lambda s: pb.trade(s, seat, c))))
        uses.append((f"Sell {SHORT[c]} to another boat", f"barter-{c}", lambda: self.barter(seat, c)))
        if pb.must_discard(state, seat) and c not in UPGRADES:
            uses.append((f"Discard {SHORT[c]}", f"discard-{c}", lambda: act(lambda s: pb.discard(s, seat, c))))
        return uses, why

    def _open(self, card: str) -> None:
        self.opened = card
        self.screen.show_turn()

    def _back(self) -> None:
        self.opened = None
        self.screen.show_turn()
