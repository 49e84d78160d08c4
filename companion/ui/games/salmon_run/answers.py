"""The Current, Rapids and Eagle answered on screen. Every salmon answers the Current and the Rapids
at the same moment, in secret (the table kit's one secret-choice component: on its own phone, or
behind its player's name on the phone passed around); the Eagle's player names whose hand loses a
card, and that player may counter it with an Eagle of their own.

The Current is answered in the rules' order, one question at a time: the arrows leaving the salmon's
hex (two: the app rolls, records the roll in the session's log, then shows the die and the arrow it
picks); then, once the salmon has moved, whether that arrow carried it into a Waterfall (which pushes it
back along the Waterfall's own arrow, rolled again for two, in the answer itself). The roll shown is the
one in the log: neither going back, a reload, a restart nor another phone rolls again."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.words import a, count
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.ledger import answer_rolls, answer_words
from companion.games.salmon_run.river import CARD_NAMES, DIE_SIDES
from companion.games.salmon_run.rules import RaceState
from companion.ui.components.common import button_row, panel
from companion.ui.components.secret_choice import SecretChoice
from companion.ui.games.salmon_run.ledger import die_row
from companion.ui.session_screen import SessionScreen


def _buttons(items: list[tuple[str, str, Callable[[], None]]]) -> ft.Control:
    """(key, words, on_tap) as a wrapped row of buttons, each keyed for what it answers (not its place)."""
    return ft.Row([ft.OutlinedButton(words, key=key, on_click=lambda e, f=f: f()) for key, words, f in items],
                  wrap=True, spacing=6, run_spacing=6)


class Answers:
    """The answers this phone gives (or shows); for the Current, each salmon's arrows chosen so far
    (`moving` by the Current, so the next one starts afresh). A salmon that rolled for two arrows has its
    roll in the session's state: its phone goes on to the Waterfall question, unless it went back."""

    def __init__(self, screen: SessionScreen) -> None:
        self.screen = screen
        self.secret = SecretChoice("answer", "answer")
        self.moving: dict[tuple[int, int], int] = {}  # (the Current, seat) -> the arrows on its hex
        self.back: set[tuple[int, int]] = set()  # (the Current, seat) gone back to the hex's arrows

    def controls(self, state: RaceState) -> list[ft.Control]:
        p = state.pending
        if p is None:
            self.moving, self.back = {}, set()
            return []
        if p.card == sr.EAGLE:
            return self._eagle(state)
        viewer = self.screen.viewer()
        controls = self.screen.secret_controls(self.secret, state.names, state.answers,
                                               lambda seat, seen: self._form(seen, seat))
        if viewer is not None and viewer not in state.answers.seats and state.salmon[viewer].in_pond:
            controls.insert(0, ft.Text(f"Your salmon is in the spawning pond, on no hex of the river: the "
                                       f"{CARD_NAMES[p.card]} asks nothing of it.", size=16, key="answer-pond"))
        return controls

    def _form(self, state: RaceState, seat: int) -> ft.Control:
        p = state.pending
        name = state.names[seat]
        if state.answers.has_chosen(seat):
            mine = state.answers.shown_to(seat, seat)
            return die_row(answer_words("You", mine, p.card) + ".", answer_rolls(mine), f"answered-{seat}")
        items: list[tuple[str, str, Callable[[], None]]] = []
        if sr.can_counter(state, seat):
            items.append((f"answer-{seat}-counter", f"Counter with {a(CARD_NAMES[p.card])}",
                          lambda: self._answer(seat, lambda s: sr.counter(s, seat))))
        if p.card == sr.CURRENT:
            current = self._current(state)
            roll = sr.rolled(state, seat)
            arrows = self.moving.get((current, seat))
            if arrows is None and roll is not None and (current, seat) not in self.back:
                arrows = 2  # rolled (on this phone or another, before a reload or a restart): the next question
            if arrows == 2 and roll is None:  # the roll was taken back (an Undo): the arrows again
                self.moving.pop((current, seat), None)
                arrows = None
            if arrows is not None:
                return self._waterfall(state, seat, current, arrows)
            items += [(f"answer-{seat}-0", "0 arrows: it stays", lambda: self._answer(
                          seat, lambda s: sr.drift(s, seat, 0))),
                      (f"answer-{seat}-1", "1 arrow", lambda: self._move(seat, current, 1)),
                      (f"answer-{seat}-2", "2 arrows (roll)" if roll is None else f"2 arrows (rolled {roll})",
                       lambda: self._move(seat, current, 2))]
            what = f"{name}: how many current arrows leave your salmon's hex?"
        else:
            hand = state.salmon[seat].hand
            for arrows in (0, 1, 2):
                discards = sr.rapids_discards(arrows, hand)
                items.append((f"answer-{seat}-{arrows}", f"{count(arrows, 'arrow')}: discard "
                              f"{count(discards, 'card') if discards else 'nothing'}",
                              lambda arrows=arrows: self._answer(seat, lambda s: sr.rapids(s, seat, arrows))))
            what = f"{name}: Rapids! How many current arrows leave your salmon's hex?"
        return panel(ft.Text(what, size=16), _buttons(items), key=f"answer-{seat}",
                     color=ft.Colors.TERTIARY_CONTAINER)

    def _waterfall(self, state: RaceState, seat: int, current: int, arrows: int) -> ft.Control:
        """The second question, once the salmon has moved: did its arrow carry it into a Waterfall?"""
        name = state.names[seat]
        roll = sr.rolled(state, seat) if arrows == 2 else None
        arrow = 1 if roll is None else sr.arrow_for(roll)
        moved = (die_row(f"{name} rolled {roll} ({'odd' if roll % 2 else 'even'}): follow arrow {arrow}.", (roll,),
                         f"rolled-{seat}", size=16) if roll is not None else ft.Text(f"{name}: follow the 1 arrow.",
                                                                                      size=16))

        def drift(falls: int | None) -> Callable[[], None]:
            # The Waterfall's two arrows are rolled with the answer, and shown once it is recorded.
            def answer() -> None:
                fall = self.screen.chance("drift").randint(1, DIE_SIDES) if falls == 2 else None
                self._answer(seat, lambda s: sr.drift(s, seat, arrows, roll, falls, fall))
            return answer
        return panel(moved, ft.Text(f"Did arrow {arrow} carry your salmon into a Waterfall? Then it moves back along "
                                    "the Waterfall's arrow.", size=16),
                     _buttons([(f"fall-{seat}-0", "No Waterfall: done", drift(None)),
                               (f"fall-{seat}-1", "A Waterfall with 1 arrow", drift(1)),
                               (f"fall-{seat}-2", "A Waterfall with 2 arrows (roll)", drift(2))]),
                     ft.TextButton("Back: the arrows on my hex", icon=ft.Icons.ARROW_BACK, key=f"answer-{seat}-back",
                                   on_click=lambda e: self._back(seat, current)),
                     key=f"answer-{seat}", color=ft.Colors.TERTIARY_CONTAINER)

    def _eagle(self, state: RaceState) -> list[ft.Control]:
        """The Eagle's player names whose hand they look at; then that player answers on their own phone
        (lose a card, or counter with an Eagle of their own), and every other phone waits on them."""
        p = state.pending
        by, act = state.names[p.by], self.screen.act
        if p.target is None:
            if not self.screen.acts_for(p.by):
                return [panel(ft.Text(f"{by} plays an Eagle: they name whose hand they look at.", size=16),
                              key="answer-eagle")]
            return [panel(ft.Text(f"{by}'s Eagle: whose hand do you look at? That player loses a card of your "
                                  "choice, unless they discard an Eagle of their own.", size=16),
                          button_row([(n, lambda i=i: act(lambda s: sr.eagle_target(s, i)))
                                      for i, n in enumerate(state.names)], "eagle"), key="answer-eagle")]
        target = state.names[p.target]
        if not self.screen.acts_for(p.target):
            return [panel(ft.Text(f"{by}'s Eagle is on {target}: waiting on {target} to lose a card or counter "
                                  "with an Eagle.", size=16), key="answer-eagle")]
        return [panel(ft.Text(f"{by}'s Eagle is on {target}: {by} looks at {target}'s hand and discards a card, "
                              f"unless {target} discards an Eagle of their own.", size=16),
                      button_row([(f"Lose a card of {by}'s choice",
                                   lambda: act(lambda s: sr.eagle(s, s.pending.target))),
                                  (f"{target} counters with an Eagle",
                                   lambda: act(lambda s: sr.eagle(s, s.pending.target, countered=True)))],
                                 "eagle-answer"),
                      key="answer-eagle", color=ft.Colors.TERTIARY_CONTAINER)]

    # Taps -----------------------------------------------------------------------------------

    def _current(self, state: RaceState) -> int:
        """Which Current this is: the race's turn and the card's place in it."""
        return state.turns * 10 + len(state.turn.played if state.turn is not None else ())

    def _move(self, seat: int, current: int, arrows: int) -> None:
        """The arrows on the salmon's hex, then the next question. Two are rolled for, once for this Current:
        the roll is recorded in the session's log (the seat's own move) before this phone shows it."""
        state: RaceState | None = self.screen.view
        if arrows == 2 and state is not None and sr.rolled(state, seat) is None:
            if not self.screen.act(lambda s: sr.roll_with(s, seat, self.screen.chance("roll"))):
                return  # refused (said on screen): no roll to show
        self.moving[(current, seat)] = arrows
        self.back.discard((current, seat))
        self.screen.render()

    def _back(self, seat: int, current: int) -> None:
        self.moving.pop((current, seat), None)
        self.back.add((current, seat))
        self.screen.render()

    def _answer(self, seat: int, build) -> None:
        if self.screen.act(build):
            self.secret.close()
            self.screen.render()
