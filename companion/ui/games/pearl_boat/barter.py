"""A card sold to another boat for the pearls the two agree (rules: "players can offer more on their own
terms if they want to directly barter for the upgrades"): the buyer in one tap, the pearls in one or two
taps of their digits, then the offer; the buyer accepts or declines it on their own phone (`offer_panel`),
every other phone waits on them, and the seller may take it back."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.words import count
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import CARD_NAMES
from companion.games.pearl_boat.rules import PearlBoatState
from companion.ui.components.common import chip, refusing
from companion.ui.components.number_pad import NumberPad
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style


class Barter:
    """The sale being agreed on this phone: `seat` sells `card` to `buyer` for `price` pearls."""

    def __init__(self, screen: SessionScreen, after: Callable[[int], None]) -> None:
        self.screen, self.after = screen, after
        self.seat: int | None = None
        self.card = ""
        self.buyer: int | None = None
        self.price = 0
        self.typing = False  # the player's last tap was on the pearls' digits

    def open(self, seat: int, card: str) -> None:
        self.seat, self.card, self.buyer, self.price, self.typing = seat, card, None, 0, False

    def close(self) -> None:
        self.seat = None

    def controls(self, state: PearlBoatState) -> list[ft.Control]:
        seat, card = self.seat, self.card
        assert seat is not None
        buyer = self.buyer
        most = state.boats[buyer].pearls if buyer is not None else 999
        self.price = min(self.price, most)
        sale = (f"Offer to {state.names[buyer]} for {count(self.price, 'pearl')}" if buyer is not None
                else "Offer: tap the boat buying it")
        return [
            ft.Text(f"{state.names[seat]} sells {CARD_NAMES[card]} to another boat", size=16,
                    weight=ft.FontWeight.W_600),
            ft.Text("To:", size=15),
            ft.Row([chip(n, lambda i=i: self._buyer(i), key=f"barter-buyer-{i}", selected=buyer == i)
                    for i, n in enumerate(state.names) if i != seat], wrap=True, spacing=6, run_spacing=6),
            NumberPad("Pearls agreed", self.price, 0, most, self._price, "barter-pearls", self.typing).control,
            refusing(ft.FilledButton(sale, icon=ft.Icons.HANDSHAKE, key="barter-sell", style=big_button_style(),
                                     on_click=lambda e: self._sell()),
                     "Tap the boat buying it first." if buyer is None else None, self.screen.host.toast),
            ft.TextButton("Cancel", key="barter-cancel", on_click=lambda e: self._cancel()),
        ]

    def _buyer(self, buyer: int) -> None:
        self.buyer, self.typing = buyer, False
        self.screen.render()

    def _price(self, price: int) -> None:
        self.price, self.typing = price, True
        self.screen.render()

    def _cancel(self) -> None:
        self.close()
        self.screen.render()

    def _sell(self) -> None:
        seat, buyer, card, price = self.seat, self.buyer, self.card, self.price
        if seat is None or buyer is None:
            return
        self.close()
        if not self.screen.act(lambda s: pb.offer(s, seat, buyer, card, price)):
            self.seat = seat
            self.screen.render()
        else:
            self.after(seat)


def offer_panel(screen: SessionScreen, state: PearlBoatState) -> list[ft.Control]:
    """A barter waiting: on the buyer's phone, Buy or No thanks; on the seller's, who it waits on and Take
    it back; on every other phone, who it waits on."""
    o = state.offer  # the offer as this phone shows it: a tap answers it, even once another phone's came first
    if o is None:
        return []
    seller, buyer = state.names[o.seat], state.names[o.buyer]
    what = f"{seller} offers {CARD_NAMES[o.card]} to {buyer} for {count(o.pearls, 'pearl')}"
    act = screen.act
    rows: list[ft.Control] = [ft.Text(f"{what}: waiting on {buyer}.", size=16, weight=ft.FontWeight.W_600,
                                      key="offer-words")]
    if screen.acts_for(o.buyer):
        rows[0].value = f"{what}."
        rows.append(ft.Row([
            ft.FilledButton(f"Buy for {count(o.pearls, 'pearl')}", icon=ft.Icons.HANDSHAKE, key="offer-accept",
                            expand=True, style=big_button_style(),
                            on_click=lambda e: act(lambda s: pb.answer_offer(s, o.buyer, True))),
            ft.OutlinedButton("No thanks", key="offer-decline", expand=True, style=big_button_style(),
                              on_click=lambda e: act(lambda s: pb.answer_offer(s, o.buyer, False)))],
            spacing=8))
    if screen.acts_for(o.seat):
        rows.append(ft.TextButton("Take the offer back", icon=ft.Icons.UNDO, key="offer-withdraw",
                                  on_click=lambda e: act(lambda s: pb.withdraw_offer(s, o.seat))))
    return [ft.Container(ft.Column(rows, spacing=8), padding=12, border_radius=12, key="offer",
                         bgcolor=ft.Colors.TERTIARY_CONTAINER)]
