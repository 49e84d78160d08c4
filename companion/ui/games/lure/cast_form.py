"""Lure's Cast on screen: a player's secret pick (d6, the special dice not resting, lures from their
hand) with the exact chance it catches each fish in the middle, shown the kit's way (own phone,
the phone passed around behind the player's name, or only "choosing" / "chosen")."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.core.deck import percent
from companion.games.lure import rules as lure
from companion.games.lure.odds import Fish, chance
from companion.games.lure.rules import LureState
from companion.ui.components.common import chip, min_width, panel
from companion.ui.components.number_pad import NumberPad
from companion.ui.components.secret_choice import SecretChoice
from companion.ui.session_screen import SessionScreen


def odds_words(p) -> str:
    """A catch's chance ('check at the table' where the app cannot tell)."""
    return "check at the table" if p is None else percent(p)


def _places(hand: tuple[int, ...], played: Sequence[int]) -> list[int]:
    """Where in the hand the Extra Die lures played are (two alike: two places; one no longer held: none)."""
    places: list[int] = []
    for value in played:
        place = next((k for k, held in enumerate(hand) if held == value and k not in places), None)
        if place is not None:
            places.append(place)
    return places


class CastForm:
    """Each seat's pick being chosen on this phone (kept until it is locked in)."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.picks: dict[int, dict] = {}
        self.secret = SecretChoice("cast", "cast")

    def forget(self) -> None:
        """A new round: nothing is being picked."""
        self.picks = {}
        self.secret.close()

    def controls(self, state: LureState) -> list[ft.Control]:
        return self.screen.secret_controls(self.secret, state.names, state.casts, lambda seat, seen: self._form(seen, seat))

    def _pick(self, state: LureState, seat: int) -> dict:
        cast = lure.cast_of(state, seat, viewer=seat)
        hand = state.seats[seat].hand.extra
        if seat not in self.picks:
            kept = self._kept(state, seat)
            self.picks[seat] = kept or ({"d6": cast.d6, "special": list(cast.special), "adjust": cast.adjust,
                                         "boost": cast.boost, "extra": _places(hand, cast.extra), "hand": hand}
                                        if cast is not None else
                                        {"d6": min(3, state.settings.d6), "special": [], "adjust": 0, "boost": 0,
                                         "extra": [], "hand": hand})
        pick = self.picks[seat]
        if pick["hand"] != hand:  # a lure drawn meanwhile: the Extra Die lures picked, by their numbers
            pick["extra"], pick["hand"] = _places(hand, [pick["hand"][k] for k in pick["extra"]]), hand
        return pick

    # The pick as it is chosen, kept in the session (issue 63: a browser that dies loses nothing picked): its
    # player's alone, read once by the phone that shows their form, forgotten once locked in.

    def _draft_key(self, state: LureState, seat: int) -> str:
        return f"lure.cast.{state.round}.{seat}"

    def _kept(self, state: LureState, seat: int) -> dict | None:
        """The pick kept for `seat` this round, when it still fits the seat's dice and hand (None: none)."""
        session = self.screen.session
        kept = self.screen.ctx.sessions.draft(session.id, self._draft_key(state, seat)) if session else None
        if not isinstance(kept, dict):
            return None
        s, most = state.seats[seat], state.settings.d6
        whole = all(type(kept.get(k)) is int for k in ("d6", "adjust", "boost")) and all(
            isinstance(kept.get(k), list) and all(type(v) is int for v in kept[k])
            for k in ("special", "extra", "hand"))
        if not whole or not (0 <= kept["d6"] <= most and 0 <= kept["adjust"] <= s.hand.adjust
                             and 0 <= kept["boost"] <= s.hand.boost) or not set(kept["special"]) <= set(
                                 state.settings.special_dice) - set(s.resting):
            return None
        hand = tuple(kept["hand"])
        if not set(kept["extra"]) <= set(range(len(hand))):
            return None
        return {**kept, "hand": hand}

    def _keep(self, seat: int) -> None:
        session, state = self.screen.session, self.screen.view
        if session is None or state is None:
            return
        pick = self.picks.get(seat)
        kept = None if pick is None else {**pick, "hand": list(pick["hand"])}
        self.screen.host.attempt(lambda: self.screen.ctx.sessions.keep_draft(
            session.id, self._draft_key(state, seat), kept))

    def _form(self, state: LureState, seat: int) -> ft.Control:
        pick = self._pick(state, seat)
        s = state.seats[seat]
        hand = s.hand
        controls: list[ft.Control] = [
            ft.Text(f"{state.names[seat]}'s cast (secret)", size=18, weight=ft.FontWeight.W_600),
            NumberPad("d6", pick["d6"], 0, state.settings.d6, lambda v: self._set(seat, "d6", v),
                      f"pick-d6-{seat}").control,
        ]
        specials = [chip(f"d{sides}" + (" (resting)" if sides in s.resting else ""),
                         lambda sides=sides: self._toggle_special(state, seat, sides), key=f"pick-d{sides}-{seat}",
                         selected=sides in pick["special"]) for sides in state.settings.special_dice]
        controls.append(ft.Row([ft.Text("Special dice:", size=16), *specials], wrap=True, spacing=8))
        for lures, held in (("adjust", hand.adjust), ("boost", hand.boost)):
            controls.append(NumberPad(f"{lures.capitalize()} lures (of {held})", pick[lures], 0, held,
                                      lambda v, lures=lures: self._set(seat, lures, v), f"pick-{lures}-{seat}").control)
        if hand.extra:
            controls.append(ft.Row([ft.Text("Extra Die lures:", size=16)] + [
                chip(f"+{v}", lambda k=k: self._toggle_extra(seat, k), key=f"pick-extra-{seat}-{k}",
                     selected=k in pick["extra"]) for k, v in enumerate(hand.extra)], wrap=True, spacing=8))
        extra = tuple(hand.extra[k] for k in pick["extra"])
        controls.append(ft.Text("Chance this pick catches each fish:", size=15))
        for i, f in enumerate(state.middle):
            p = chance(pick["d6"], tuple(pick["special"]), extra, pick["adjust"], Fish(f.catch, f.requirement))
            controls.append(ft.Row([
                min_width(ft.Text(f.describe(), size=15), 150),
                ft.ProgressBar(value=float(p) if p is not None else 0, expand=True, height=10, border_radius=5),
                min_width(ft.Text(odds_words(p), size=15, text_align=ft.TextAlign.RIGHT, key=f"odds-{seat}-{i}"), 64),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        locked = lure.has_cast(state, seat)
        self.screen.pin("Lock in again" if locked else "Lock in", ft.Icons.LOCK, f"lock-{seat}",
                        lambda: self._lock(seat))
        return panel(*controls, key=f"pick-{seat}")

    def _set(self, seat: int, key: str, value: int) -> None:
        self.picks[seat][key] = value
        self._keep(seat)
        self.screen.render()

    def _toggle_special(self, state: LureState, seat: int, sides: int) -> None:
        pick = self.picks[seat]
        if sides in state.seats[seat].resting:
            self.screen.host.toast(f"Your d{sides} rests this round: you rolled it last round.")
            return
        pick["special"] = sorted(set(pick["special"]) ^ {sides})
        self._keep(seat)
        self.screen.render()

    def _toggle_extra(self, seat: int, index: int) -> None:
        pick = self._pick(self.screen.view, seat)
        pick["extra"] = sorted(set(pick["extra"]) ^ {index})
        self._keep(seat)
        self.screen.render()

    def _lock(self, seat: int) -> None:
        state: LureState = self.screen.view
        pick = self._pick(state, seat)
        extra = [state.seats[seat].hand.extra[k] for k in pick["extra"]]
        if self.screen.act(lambda s: lure.cast(s, seat, pick["d6"], pick["special"], pick["adjust"], pick["boost"],
                                               extra)):
            self.secret.close()  # passed around: hidden again
            self.picks.pop(seat, None)
            self._keep(seat)  # locked in: the draft has done its work
            self.screen.render()
