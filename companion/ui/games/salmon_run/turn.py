"""The current player's turn on screen (their phone, or the phone passed around): a tap per card
played, a jump from two Swim cards, the spawning pond, the end of the turn (pinned: on screen however
long the page); and what the river did to a salmon (a special hex, a Bear), recorded by its own phone
or by the current player's. Another player's phone offers its own salmon's only when this turn's
cards may have moved it (a Current) or brought a Bear to it (a Bear card); else it only watches."""

from __future__ import annotations

import flet as ft

from companion.core.words import count
from companion.games.salmon_run import river as rv
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import CARD_NAMES
from companion.games.salmon_run.rules import RaceState
from companion.ui.components.common import button_row, chip, panel, refusing
from companion.ui.session_screen import SessionScreen

HEX_CHOICE = "hex-choice"  # what a special hex asks next, scrolled into view when it opens
HAPPENED = "happened"  # the special hexes and the Bear, scrolled into view when opened
JUMP = "jump"  # the jump with the two cards picked, scrolled into view once the second is


def short(card: str) -> str:
    """A card's name on a button of the turn, under a heading that says it is a card: "Forward" for
    Swim Forward, "Double Left" for Double Swim Left, "Wild"."""
    return CARD_NAMES[card].replace("Swim ", "")


class TurnHelper:
    """A jump's two cards being chosen, and the special hex being answered for a salmon (`subject`)."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.jumping: list[str] = []
        self.hex: str | None = None
        self.reeds: list[str] = []
        self.subject: int | None = None
        self.opened = False  # the hexes and the Bear shown (folded until asked: the mover's, or another's salmon)
        self.asks_here = False  # the hex tapped asks its question in the page (several answers), not pinned
        self.turn_of: int | None = None  # whose turn these were picked in

    def controls(self, state: RaceState) -> list[ft.Control]:
        seat = state.current
        if seat is None:
            return []
        if seat != self.turn_of:  # a new turn: what the last player opened or picked and left is not this one's
            self.turn_of, self.jumping, self.hex, self.reeds, self.subject, self.opened = seat, [], None, [], None, False
        if not self.screen.acts_for(seat):
            return self._others(state)
        if self.subject is not None and not sr.may_meet_bear(state, self.subject):
            self.subject, self.hex, self.reeds = None, None, []  # taken back meanwhile: the current salmon again
        if state.pending is None:  # the turn's main action, on screen however long the page
            self.screen.pin("End the turn", ft.Icons.CHECK, "end-turn",
                            lambda: self.screen.act(lambda s: sr.end_turn(s, seat)))
        name = state.names[seat]
        if self.opened:  # a hex or a salmon is chosen only in the opened panel
            return [self._turn(state, seat),
                    self._happened(state, self.subject if self.subject is not None else seat, choose=True),
                    *self._pond(state, seat)]
        # The twelve hexes folded (open, they were a screen below the cards: issue 62), beside the pond's.
        opener = self._opener("Special hex or Bear", f"{name}'s salmon moved onto a special hex or a Bear")
        return [self._turn(state, seat), ft.Row([opener, *self._pond(state, seat)], wrap=True, spacing=6,
                                                run_spacing=6)]

    def _opener(self, words: str, heard: str | None = None) -> ft.Control:
        """What the river did, folded: a button that opens the special hexes and the Bear, in view (`words` on
        it, `heard` by a screen reader)."""
        return ft.OutlinedButton(content=ft.Text(words, semantics_label=heard), icon=ft.Icons.PLACE,
                                 key="happened-open", on_click=lambda e: self._open(True))

    def _others(self, state: RaceState) -> list[ft.Control]:
        """Another player's turn: this phone's salmon, only when the turn's cards may have moved it (a
        Current) or brought a Bear to it (a Bear card); else nothing to do but watch."""
        mine = self.screen.viewer()
        if mine is None or not self.screen.acts_for(mine) or not sr.may_meet_bear(state, mine):
            self.opened = False
            return []
        name = state.names[mine]
        if not sr.may_land(state, mine):  # a Bear card: it meets the Bear, or not
            return [ft.OutlinedButton(f"A Bear on {name}'s salmon (+1 Fatigue)", icon=ft.Icons.PETS, key="bear",
                                      on_click=lambda e: self.screen.act(lambda s: sr.bear(s, mine)))]
        if not self.opened:
            return [self._opener(f"The current moved {name}'s salmon onto a special hex or a Bear")]
        return [self._happened(state, mine, choose=False)]

    def _turn(self, state: RaceState, seat: int) -> ft.Control:
        name = state.names[seat]
        playable = sr.playable(state)
        plays = [(short(c), lambda c=c: self.screen.act(lambda s: sr.play(s, seat, c))) for c in playable]
        controls: list[ft.Control] = [ft.Text(f"{name}'s turn: tap each card as you play it", size=16,
                                              weight=ft.FontWeight.W_600)]
        if plays:  # "Forward", "Wild"...: two rows on a phone; "Play Swim Forward" to a screen reader
            controls.append(button_row(plays, "play", reads=[f"Play {CARD_NAMES[c]}" for c in playable]))
        jumpable = sr.jump_cards(state)
        if jumpable:
            controls.append(ft.Text("A jump: tap its two Swim cards", size=15))
            # The card's short name on the chip (one row of four on a phone), "Jump card: ..." to a screen reader.
            times = {c: f" ×{self.jumping.count(c)}" if c in self.jumping else "" for c in jumpable}
            controls.append(ft.Row([chip(short(c) + times[c], lambda c=c: self._jump_card(c), key=f"jump-{c}",
                                         selected=c in self.jumping, reads=f"Jump card: {CARD_NAMES[c]}{times[c]}",
                                         side=12)
                                    for c in jumpable], wrap=True, spacing=6, run_spacing=6))
            if len(self.jumping) == 2:
                controls.append(ft.FilledTonalButton(f"Jump with {CARD_NAMES[self.jumping[0]]} + "
                                                     f"{CARD_NAMES[self.jumping[1]]}", key=ft.ScrollKey(JUMP),
                                                     on_click=lambda e: self._jump(seat)))
        return panel(*controls, key="turn")

    def _pond(self, state: RaceState, seat: int) -> list[ft.Control]:
        """The salmon reached the spawning pond: once a race, so after what the river did, which is
        tapped more often."""
        if state.salmon[seat].in_pond:
            return []
        return [ft.OutlinedButton(content=ft.Text("In the spawning pond", semantics_label=f"{state.names[seat]}'s "
                                                  "salmon reached the spawning pond"), icon=ft.Icons.FLAG,
                                  key="pond", on_click=lambda e: self.screen.act(lambda s: sr.pond(s, seat)))]

    def _happened(self, state: RaceState, subject: int, choose: bool) -> ft.Control:
        """A special hex or a Bear, for the salmon it happened to (the current player's card can carry
        another salmon, with a Current or a Bear: their phone chooses which; a player's own phone records
        their own)."""
        controls: list[ft.Control] = [ft.Text(f"{state.names[subject]}'s salmon moved onto:", size=16,
                                              weight=ft.FontWeight.W_600)]
        reached = [i for i in range(len(state.salmon)) if sr.may_meet_bear(state, i)]
        if choose and len(reached) > 1:
            controls.append(ft.Row([chip(state.names[i], lambda i=i: self._set_subject(i),
                                         key=f"subject-{state.names[i]}", selected=i == subject) for i in reached],
                                   wrap=True, spacing=6, run_spacing=6))
        hexes = [h for h in sr.SPECIAL_HEXES if h.id in sr.HEXES] if sr.may_land(state, subject) else []
        if not hexes:
            self.hex, self.reeds = None, []
        # The hex's name alone under "moved onto:" (fewer rows of chips), "Eagle hex" to a screen reader.
        controls.append(ft.Row([chip(h.name, lambda h=h: self._set_hex(h.id), key=f"hex-{h.id}",
                                     selected=self.hex == h.id, reads=f"{h.name} hex", side=12) for h in hexes] +
                               [ft.OutlinedButton("A Bear (+1 Fatigue)", key="bear",
                                                  on_click=lambda e: self._on_bear(subject))],
                               wrap=True, spacing=6, run_spacing=6))
        choice = self._hex_choice(state, subject)
        self.asks_here = bool(choice)
        if choice:
            controls.append(ft.Column(choice, spacing=8, key=ft.ScrollKey(HEX_CHOICE)))
        controls.append(ft.TextButton("Close", key="happened-close", on_click=lambda e: self._open(False)))
        return panel(*controls, key=ft.ScrollKey(HAPPENED))

    def _hex_choice(self, state: RaceState, subject: int) -> list[ft.Control]:
        """What the hex tapped asks next (the card it gives, the cards to remove, the Fatigue or the draw).
        One answer is pinned, where the thumb is (it was left below the fold when it opened in the page,
        and a scroll to it cannot be timed: the phone may not have drawn it yet); several open here."""
        controls: list[ft.Control] = []
        offered = sr.hex_choices(state, self.hex) if self.hex in sr.HEX_CARDS else ()
        if len(offered) == 1:
            [card] = offered
            self.screen.pin(f"Take {CARD_NAMES[card]}", ft.Icons.ADD_CARD, "take-0",
                            lambda: self._on_hex(subject, card=card))
        elif self.hex in sr.HEX_CARDS:
            controls.append(button_row([(f"Take {CARD_NAMES[c]}", lambda c=c: self._on_hex(subject, card=c))
                                        for c in offered], "take") if offered else
                            ft.Text("Its pile is empty: the hex gives nothing.", size=15))
        elif self.hex in sr.REEDS_ICONS:
            deck = state.salmon[subject].deck
            most = sr.REEDS_ICONS[self.hex]
            controls.append(ft.Text(f"Remove up to {count(most, 'card')}:", size=15))
            controls.append(ft.Row([chip(f"{CARD_NAMES[c]} ({deck.count(c)})" + (" ✓" * self.reeds.count(c)),
                                         lambda c=c: self._reed(c), key=f"reed-{c}", selected=c in self.reeds)
                                    for c in rv.CARDS if deck.count(c)], wrap=True, spacing=6, run_spacing=6))
            controls.append(refusing(ft.FilledTonalButton(
                "Remove them", key="reeds", on_click=lambda e: self._on_hex(subject, cards=list(self.reeds))),
                None if self.reeds else "Tap the cards the Reeds remove first.", self.screen.host.toast))
        elif self.hex in (sr.FATIGUE_HEX, sr.DRAW_HEX):
            self.screen.pin("Fatigue: +1" if self.hex == sr.FATIGUE_HEX else "Draw +1", ft.Icons.ADD, "hex-go",
                            lambda: self._on_hex(subject))
        return controls

    def _open(self, opened: bool) -> None:
        self.opened, self.hex, self.reeds = opened, None, []
        if not opened:
            self.subject = None
        self.screen.render()
        if opened:
            self.screen.bring_into_view(HAPPENED)  # opened under the cards: in view whole

    def _jump_card(self, card_kind: str) -> None:
        if card_kind in self.jumping and len(self.jumping) == 2:
            self.jumping.remove(card_kind)
        elif len(self.jumping) < 2:
            self.jumping.append(card_kind)
        else:
            self.jumping = [card_kind]
        self.screen.render()
        if len(self.jumping) == 2:  # under the cards, below the fold at 200 % text: in view with them
            self.screen.bring_into_view(JUMP)

    def _jump(self, seat: int) -> None:
        cards, self.jumping = list(self.jumping), []
        if not self.screen.act(lambda s: sr.jump(s, seat, cards)):
            self.jumping = cards
            self.screen.render()

    def _set_subject(self, seat: int) -> None:
        self.subject, self.hex, self.reeds = seat, None, []
        self.screen.render()

    def _set_hex(self, hex_id: str) -> None:
        self.hex, self.reeds = (None if self.hex == hex_id else hex_id), []
        self.screen.render()
        if self.asks_here:
            self.screen.bring_into_view(HEX_CHOICE)  # opened in the page, maybe below the fold

    def _reed(self, card_kind: str) -> None:
        most = sr.REEDS_ICONS.get(self.hex or "", 1)
        self.reeds = [*self.reeds, card_kind][-most:]
        self.screen.render()

    def _on_hex(self, seat: int, card: str | None = None, cards: list[str] | None = None) -> None:
        hex_id = self.hex
        if self.screen.act(lambda s: sr.special_hex(s, seat, hex_id, card=card, cards=cards or ())):
            self._answered()

    def _on_bear(self, seat: int) -> None:
        if self.screen.act(lambda s: sr.bear(s, seat)):
            self._answered()

    def _answered(self) -> None:
        """What the river did is recorded: the chooser goes back to the salmon whose turn it is (after a
        Bear on Ben, the mover's own hexes are next, not Ben's again), folded; the page back at its top, where
        the turn's cards are (the hexes were scrolled into view)."""
        self.subject, self.hex, self.reeds, self.opened = None, None, [], False
        self.screen.render()
        self.screen.to_top()
