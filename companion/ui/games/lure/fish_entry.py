"""Lure's Splash on screen: the fish the table reveals, entered from their cards (catch number, VP,
a requirement), fish entered before one tap away."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.words import count
from companion.games.lure import rules as lure
from companion.games.lure.cards import FishCard, requirement_from_dict
from companion.games.lure.rules import LureState
from companion.games.lure.scoring import GAME_NAME
from companion.ui.components.common import chip, panel
from companion.ui.components.number_pad import NumberPad
from companion.ui.session_screen import SessionScreen

NUMBERS = ("catch", "vp", "n", "m")
KINDS = {"none": "None", "pair": "A pair", "shows": "A die showing N", "both": "N and M showing",
         "special": "A special die", "other": "Other: check at the table"}


class FishEntry:
    """The fish being entered at Splash, kept on this phone until revealed."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.draft: list[FishCard] = []
        self.fish = {"catch": 7, "vp": 3, "kind": "none", "n": 6, "m": 1}
        self.typing: str | None = None  # the number the player's last tap typed into

    def controls(self, state: LureState) -> list[ft.Control]:
        wanted = lure.splash_count(state)
        if len(self.draft) > wanted:
            self.draft = self.draft[:wanted]
        kind = self.fish["kind"]
        entry = [
            ft.Text(f"Fish {len(self.draft) + 1} of {wanted}: what its card shows", size=16,
                    weight=ft.FontWeight.W_600),
            self._pad("Catch number", "catch", 1, 60),
            self._pad("VP", "vp", 0, 20),
            ft.Text("Requirement:", size=15),
            ft.Row([chip(words, lambda k=k: self._set("kind", k), key=f"need-{k}", selected=k == kind)
                    for k, words in KINDS.items()], wrap=True, spacing=6, run_spacing=6),
        ]
        if kind in ("shows", "both"):
            entry.append(self._pad("A die showing" if kind == "shows" else "First number", "n", 1, 20))
        if kind == "both":
            entry.append(self._pad("Second number", "m", 1, 20))
        controls: list[ft.Control] = []
        if len(self.draft) < wanted:  # the round's fish all entered: no "Fish 3 of 2"
            controls.append(panel(*entry, key="fish-entry"))
            known = self._library(state)
            if known:
                controls.append(panel(ft.Text("Fish entered before (tap to add):", size=15), ft.Row([
                    ft.OutlinedButton(c.describe(), key=f"known-{i}", disabled=len(self.draft) >= wanted,
                                      on_click=lambda e, c=c: self._add(c))
                    for i, c in enumerate(known)], wrap=True, spacing=6, run_spacing=6)))
        controls.append(ft.Row([ft.OutlinedButton(f"{c.describe()} ✕", key=f"draft-{i}", tooltip="Take this fish back",
                                                  on_click=lambda e, i=i: self._drop(i))
                                for i, c in enumerate(self.draft)], wrap=True, spacing=6, run_spacing=6))
        if len(self.draft) == wanted:  # below the entry, yet always on screen
            self.screen.pin("Reveal these fish" if wanted else "Go on to the cast", ft.Icons.WATER, "lure-splash",
                            self._reveal)
        else:  # the entry's next tap, on screen however long the entry (it was below the fold)
            self.screen.pin(f"Add this fish: {self._card().describe()}", ft.Icons.ADD, "fish-add",
                            lambda: self._add(self._card()))
            # The fish typed live on the phone typing them until revealed: another phone does not see them.
            said = (f"Enter {wanted - len(self.draft)} more fish, then reveal them." if self.draft else
                    f"Enter the {count(wanted, 'fish', 'fish')} here, or wait: a phone entering them shows them to "
                    "every phone when it reveals them.")
            controls.append(ft.Text(said, size=15, key="fish-left",
                                    color=ft.Colors.ON_SURFACE_VARIANT))
        return controls

    def _pad(self, label: str, name: str, least: int, most: int) -> ft.Control:
        return NumberPad(label, self.fish[name], least, most, lambda v: self._set(name, v), f"fish-{name}",
                         appending=self.typing == name).control

    def _card(self) -> FishCard:
        f = self.fish
        need = {"kind": f["kind"]}
        if f["kind"] in ("shows", "both"):
            need["n"] = f["n"]
        if f["kind"] == "both":
            need["m"] = f["m"]
        return FishCard(f["catch"], f["vp"], requirement_from_dict(need))

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

    def _set(self, key: str, value) -> None:
        self.fish[key] = value
        self.typing = key if key in NUMBERS else None
        self.screen.render()

    def _add(self, fish: FishCard) -> None:
        self.draft.append(fish)
        self.typing = None  # the next card's numbers are typed afresh
        self.screen.render()

    def _drop(self, index: int) -> None:
        del self.draft[index]
        self.screen.render()

    def _reveal(self) -> None:
        draft, self.draft = list(self.draft), []
        if not self.screen.act(lambda s: lure.splash(s, draft)):
            self.draft = draft
            self.screen.render()
