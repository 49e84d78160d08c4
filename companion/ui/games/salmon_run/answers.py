"""The Current, Rapids and Eagle answered on screen. Every salmon answers the Current and the Rapids
at the same moment, in secret (the table kit's one secret-choice component: on its own phone, or
behind its player's name on the phone passed around); the Eagle's player names whose hand loses a
card, and that player may counter it with an Eagle of their own."""

from __future__ import annotations

import flet as ft

from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import CARD_NAMES
from companion.games.salmon_run.rules import RaceState
from companion.ui.components.common import button_row, chip, panel
from companion.ui.components.secret_choice import SecretChoice
from companion.ui.session_screen import SessionScreen


class Answers:
    """The answers this phone gives (or shows), and a Waterfall the current pushed a salmon into."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.secret = SecretChoice("answer", "answer")
        self.waterfall: dict[int, int | None] = {}

    def controls(self, state: RaceState) -> list[ft.Control]:
        p = state.pending
        if p is None:
            return []
        if p.card == sr.EAGLE:
            return self._eagle(state)
        return self.secret.controls(state.names, state.answers, self.screen.viewer(), self.screen.passed_around,
                                    lambda seat: self._form(state, seat), self.screen.render)

    def _form(self, state: RaceState, seat: int) -> ft.Control:
        p = state.pending
        name = state.names[seat]
        items = []
        if sr.can_counter(state, seat):
            items.append((f"Counter with a {CARD_NAMES[p.card]}",
                          lambda: self._answer(seat, lambda s: sr.counter(s, seat))))
        extra: list[ft.Control] = []
        if p.card == sr.CURRENT:
            falls = self.waterfall.get(seat)
            for arrows in (0, 1, 2):
                items.append((f"{arrows} arrow{'s' if arrows != 1 else ''}" + (" (roll)" if arrows == 2 else ""),
                              lambda arrows=arrows, falls=falls: self._answer(
                                  seat, lambda s: sr.drift_with(s, seat, arrows, self.screen.ctx.rng, falls))))
            extra.append(ft.Row([ft.Text("Pushed into a Waterfall:", size=14)] + [
                chip({None: "no", 1: "1 arrow", 2: "2 arrows"}[w], lambda w=w: self._set_fall(seat, w),
                     key=f"fall-{seat}-{w}", selected=falls == w) for w in (None, 1, 2)], wrap=True, spacing=6))
            what = f"{name}: how many current arrows leave your salmon's hex?"
        else:
            for arrows in (0, 1, 2):
                items.append((f"{arrows} arrow{'s' if arrows != 1 else ''}: discard "
                              f"{sr.rapids_discards(arrows, state.salmon[seat].hand)}",
                              lambda arrows=arrows: self._answer(seat, lambda s: sr.rapids(s, seat, arrows))))
            what = f"{name}: Rapids! How many current arrows leave your salmon's hex?"
        if not state.answers.has_chosen(seat):
            return panel(ft.Text(what, size=16), *extra, button_row(items, f"answer-{seat}"), key=f"answer-{seat}",
                         color=ft.Colors.TERTIARY_CONTAINER)
        return ft.Text(answer_words("You", state.answers.shown_to(seat, seat)) + ".", size=16, key=f"answered-{seat}")

    def _eagle(self, state: RaceState) -> list[ft.Control]:
        p = state.pending
        controls: list[ft.Control] = []
        if self.screen.acts_for(p.by):
            controls.append(ft.Text(f"{state.names[p.by]}'s Eagle: whose hand loses a card?", size=16))
            controls.append(button_row([(n, lambda i=i: self.screen.act(lambda s: sr.eagle(s, i)))
                                        for i, n in enumerate(state.names)], "eagle"))
        counters = [(f"{n} counters with an Eagle", lambda i=i: self.screen.act(lambda s: sr.eagle(s, i, countered=True)))
                    for i, n in enumerate(state.names) if sr.available(state, i, sr.EAGLE) and self.screen.acts_for(i)]
        if counters:
            controls.append(button_row(counters, "eagle-counter"))
        if not controls:
            controls.append(ft.Text(f"{state.names[p.by]} plays an Eagle: they say whose hand loses a card.", size=16))
        return [panel(*controls, key="answer-eagle")]

    def _answer(self, seat: int, build) -> None:
        if self.screen.act(build):
            self.waterfall.pop(seat, None)  # the next Current starts with no Waterfall ticked
            self.secret.close()
            self.screen.render()

    def _set_fall(self, seat: int, arrows: int | None) -> None:
        self.waterfall[seat] = arrows
        self.screen.render()


def answer_words(who: str, answer: sr.Answer) -> str:
    """'Ben rolled 5: arrow 1', 'Ana countered it', 'Cy: 2 arrows, discarded 2'."""
    if answer.countered:
        return f"{who} countered it"
    words = f"{who} rolled {answer.roll}: arrow {answer.arrow}" if answer.roll is not None else \
        f"{who}: {answer.arrows} arrow{'s' if answer.arrows != 1 else ''}"
    if answer.waterfall_arrows is not None:
        words += f", then a Waterfall: arrow {answer.waterfall_arrow}"
        if answer.waterfall_roll is not None:
            words += f" (rolled {answer.waterfall_roll})"
    if answer.discards:
        words += f", discarded {answer.discards}"
    return words


def last_answers(state: RaceState) -> list[str]:
    """Every salmon's answer to the last Current or Rapids (shown once all were in)."""
    last = state.last
    if last is None or last.card == sr.EAGLE:
        return []
    return [answer_words(state.names[a.seat], a) for a in last.answers]
