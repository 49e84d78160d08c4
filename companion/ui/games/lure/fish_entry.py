"""Lure's Splash on screen: the fish the table reveals, entered from their cards (catch number, a
requirement, then the VP key that adds the fish), fish entered before one tap away. What is typed is kept
in the session as it is typed (`SessionManager.keep_draft`, the player's own): a browser that dies, or the
phone that takes its player over, finds it again (issue 63: three fish typed were lost)."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.words import count
from companion.games.lure import rules as lure
from companion.games.lure.cards import MAX_CATCH, MAX_FACE, MAX_VP, MIN_CATCH, MIN_VP, FishCard, requirement_from_dict
from companion.games.lure.rules import LureState
from companion.games.lure.scoring import GAME_NAME
from companion.ui.components.common import panel
from companion.ui.components.number_pad import KEY_GAP, NumberPad, acting_keys
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import TAP_SMALL

NUMBERS = ("catch", "n", "m")
NEW_FISH = {"catch": None, "kind": "none", "n": None, "m": None}  # each card entered from nothing (issue 63)
ENTRY = "fish-entry"
NEED_NUMBERS = "fish-need-numbers"
KINDS = {"none": "None", "pair": "A pair", "shows": "A die showing N", "both": "N and M showing",
         "special": "A special die", "other": "Other: check at the table"}


class FishEntry:
    """The fish being entered at Splash, this phone's player's draft until revealed."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.draft: list[FishCard] = []
        self.fish = dict(NEW_FISH)
        self._kept: str | None = None  # the draft this entry shows (the session's, the round's, the player's)
        self._shown: tuple[int, int] | None = None  # the round and card whose entry was last brought into view
        self.typing: str | None = None  # the number the player's last tap typed into

    def controls(self, state: LureState, into_view: bool = True) -> list[ft.Control]:
        """The entry of the next fish, scrolled into view when a new card is to be entered (unless not
        `into_view`: the page has a question of this phone's above it)."""
        wanted = lure.splash_count(state)
        self._read(f"lure.splash.{state.round}.{self.screen.host.actor.id}")
        if len(self.draft) > wanted:
            self.draft = self.draft[:wanted]
        kind = self.fish["kind"]
        entry = [
            self._pad(f"Fish {len(self.draft) + 1} of {wanted}: catch number", "catch", MIN_CATCH, MAX_CATCH,
                      reads="Catch number"),
            ft.Row([self._need(k, words, k == kind) for k, words in KINDS.items()], spacing=KEY_GAP),
        ]
        if kind in ("shows", "both"):  # the requirement's numbers, opened under the finger
            numbers = [self._pad("A die showing" if kind == "shows" else "First number", "n", 1, MAX_FACE)]
            if kind == "both":
                numbers.append(self._pad("Second number", "m", 1, MAX_FACE))
            entry.append(ft.Column(numbers, spacing=8, key=ft.ScrollKey(NEED_NUMBERS)))
        # The card's VP last, its key adding the fish: a card that asks nothing is its catch number and its VP.
        missing = self._missing()
        entry.append(acting_keys(f"Its VP adds it, once {missing} is in:" if missing else "Its VP adds it:", MIN_VP,
                                 MAX_VP, lambda vp: self._add(self._card(vp)), "fish-vp", "Add this fish",
                                 lambda vp: f"{vp} VP" if missing else self._card(vp).describe(),
                                 why=f"Type {missing} first: its VP key then adds the fish." if missing else None,
                                 say=self.screen.host.toast))
        controls: list[ft.Control] = []
        if len(self.draft) < wanted:  # the round's fish all entered: no "Fish 3 of 2"
            # The fish entered before first, one tap each: from a game's second on, the deck's every card (under
            # the entry, they were a scroll each at 200 % text). The first of the two brought into view.
            known = self._library(state)
            if known:
                controls.append(panel(ft.Text("Fish entered before (tap to add):", size=15), ft.Row([
                    ft.OutlinedButton(c.describe(), key=f"known-{i}", on_click=lambda e, c=c: self._add(c))
                    for i, c in enumerate(known)], wrap=True, spacing=6, run_spacing=6), key=ft.ScrollKey(ENTRY)))
            controls.append(panel(*entry, key=None if known else ft.ScrollKey(ENTRY)))
            if self._shown != (state.round, len(self.draft)):  # a new card to enter: its whole entry in view
                self._shown = (state.round, len(self.draft))
                if into_view:
                    self.screen.bring_into_view(ENTRY)
        # A cross as Material's icon: the "✕" character drew as an empty box (no bundled font has it).
        # Heard as what it does: the same card entered before is a button named by the card alone.
        controls.append(ft.Row([ft.OutlinedButton(content=ft.Text(c.describe(), semantics_label=f"Take back "
                                                                  f"{c.describe()}"),
                                                  icon=ft.Icons.CLOSE, key=f"draft-{i}",
                                                  on_click=lambda e, i=i: self._drop(i))
                                for i, c in enumerate(self.draft)], wrap=True, spacing=6, run_spacing=6))
        if len(self.draft) == wanted:  # below the entry, yet always on screen
            self.screen.pin("Reveal these fish" if wanted else "Go on to the cast", ft.Icons.WATER, "lure-splash",
                            self._reveal)
        else:
            # The fish typed live on the phone typing them until revealed: another phone does not see them.
            # One phone for the table (the phone build): no other phone to wait for (issue 65).
            alone = not self.screen.ctx.hosting.serves_phones
            said = (f"Enter {wanted - len(self.draft)} more fish, then reveal them." if self.draft else
                    f"Enter the {count(wanted, 'fish', 'fish')} from their cards, then reveal them." if alone else
                    f"Enter the {count(wanted, 'fish', 'fish')} here, or wait: a phone entering them shows them to "
                    "every phone when it reveals them.")
            controls.append(ft.Text(said, size=15, key="fish-left",
                                    color=ft.Colors.ON_SURFACE_VARIANT))
        return controls

    def _pad(self, label: str, name: str, least: int, most: int, reads: str | None = None) -> ft.Control:
        return NumberPad(label, self.fish[name], least, most, lambda v: self._set(name, v), f"fish-{name}",
                         appending=self.typing == name, reads=reads).control

    def _need(self, kind: str, words: str, chosen: bool) -> ft.Control:
        """A requirement as a picture on a 48 px tile (its dice, its N and M), one row of six on a phone at any
        text size; a screen reader hears its words."""
        tile = ft.Container(
            ft.Image(src=f"games/lure/needs/{kind}.svg", width=38, height=38), key=f"need-{kind}", width=TAP_SMALL,
            height=TAP_SMALL, border_radius=12, ink=True, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else ft.Colors.SECONDARY_CONTAINER,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if chosen else None, on_click=lambda e: self._set("kind", kind))
        return ft.Semantics(checked=chosen, label=words, content=tile, key=f"key-need-{kind}")

    def _missing(self) -> str | None:
        """What the card still needs before its VP key can add it ("its catch number"), None when nothing."""
        f = self.fish
        if f["catch"] is None:
            return "its catch number"
        if f["kind"] in ("shows", "both") and f["n"] is None:
            return "the number a die shows" if f["kind"] == "shows" else "its first number"
        if f["kind"] == "both" and f["m"] is None:
            return "its second number"
        return None

    def _card(self, vp: int) -> FishCard:
        f = self.fish
        need = {"kind": f["kind"]}
        if f["kind"] in ("shows", "both"):
            need["n"] = f["n"]
        if f["kind"] == "both":
            need["m"] = f["m"]
        return FishCard(f["catch"], vp, requirement_from_dict(need))

    def _library(self, state: LureState) -> list[FishCard]:
        """Every fish card entered before, in this game or a saved one: no typing twice."""
        seen: dict[FishCard, None] = {}
        for seat in state.seats:
            for fish in seat.pile:
                seen[fish] = None
        for play in self.screen.ctx.store.archive.all():
            if play.game != GAME_NAME:
                continue
            for player in play.entry.get("players", []):
                for doc in player.get("fish", []):
                    try:
                        seen[FishCard.from_dict(doc)] = None
                    except DomainError:
                        continue
        return sorted(seen, key=lambda c: (c.catch, c.vp, c.requirement.kind))[:24]

    def _read(self, key: str) -> None:
        """This player's draft of the round, as kept in the session (once: then this entry keeps it)."""
        if self._kept == key or self.screen.session is None:
            return
        self._kept = key
        kept = self.screen.ctx.sessions.draft(self.screen.session.id, key)
        kept = kept if isinstance(kept, dict) else {}
        try:
            self.draft = [FishCard.from_dict(doc) for doc in kept.get("fish", [])]
        except DomainError:  # a damaged draft: typed again
            self.draft = []
        card, self.fish = kept.get("card"), dict(NEW_FISH)
        if isinstance(card, dict):
            self.fish.update({k: card[k] for k in NUMBERS if card.get(k) is None or type(card.get(k)) is int})
            self.fish["kind"] = card["kind"] if card.get("kind") in KINDS else "none"

    def _keep(self) -> None:
        """What is typed now, kept in the session before the screen shows it (nothing typed: forgotten)."""
        session = self.screen.session
        if self._kept is None or session is None:
            return
        typed = self.draft or self.fish != NEW_FISH
        self.screen.host.attempt(lambda: self.screen.ctx.sessions.keep_draft(session.id, self._kept, {
            "fish": [f.to_dict() for f in self.draft], "card": self.fish} if typed else None))

    def _set(self, key: str, value) -> None:
        opens = key == "kind" and value in ("shows", "both") and value != self.fish["kind"]
        self.fish[key] = value
        self.typing = key if key in NUMBERS else None
        self._keep()
        self.screen.render()
        if opens:  # its numbers and the VP keys after them on screen together, the catch number scrolled past
            self.screen.bring_into_view(NEED_NUMBERS)

    def _add(self, fish: FishCard) -> None:
        self.draft.append(fish)
        self.fish, self.typing = dict(NEW_FISH), None  # the next card from nothing: no answer of this one's
        self._keep()
        if len(self.draft) == lure.splash_count(self.screen.view):
            self.screen.render_from_top()  # the entry closes: a much shorter page, shown from its top
        else:
            self.screen.render()

    def _drop(self, index: int) -> None:
        del self.draft[index]
        self._keep()
        self.screen.render()

    def _reveal(self) -> None:
        draft, self.draft, kept = list(self.draft), [], self._kept
        if not self.screen.act(lambda s: lure.splash(s, draft)):
            self.draft = draft
            self.screen.render()
        elif kept is not None and self.screen.session is not None:  # sent: the draft has done its work
            sent = self.screen.session.id
            self.screen.host.attempt(lambda: self.screen.ctx.sessions.keep_draft(sent, kept, None))
