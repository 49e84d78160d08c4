"""A screen that shows one session: finds or follows it, records taps as actions, undo/redo.

Every tap is recorded as this phone's player's action, made on the version of the
session this page last drew (or, for a tap on a control the page had already
replaced, the version the player was looking at: `taps.late_tap`), so the session
can refuse it when another phone changed what it touches meanwhile.

What a phone may do is the table kit's one seat policy (`acts_for`, with what it is given to draw,
in `seat_view.SeatView`): its player's own seat, every seat without a phone of its own on the phone
passed around. When any phone saves the game to History, every page
showing it keeps its result ("Saved to History", with the standings) until it leaves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import flet as ft

from companion.core.actions import Action
from companion.core.chance import decided
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.scoring import PlayerResult
from companion.core.session import GameSession, SessionClosed
from companion.core.table.phases import waiting_words
from companion.core.table.seats import ANY_SEAT
from companion.core.undo import UndoView, nothing_to
from companion.games import PLAY_KINDS
from companion.games.registry import session_kinds, with_session_facts
from companion.store.archive import PlayNotFound
from companion.store.sessions import SessionNotFound
from companion.ui.components.common import discard_asked, empty_state, panel
from companion.ui.components.standings import standings
from companion.ui.components.undo_bar import UndoBar
from companion.ui.host import SETTINGS, Host
from companion.ui.page_scroll import PageScroll
from companion.ui.screen import Screen
from companion.ui.seat_view import SeatView
from companion.ui.session_follow import SessionFollow
from companion.ui.taps import late_tap
from companion.ui.theme import big_button_style

MakePlay = Callable[[Any, str, str], Play]  # (the finished state, play id, played at) -> the play to file


class SessionScreen(SessionFollow, SeatView, PageScroll, Screen):
    """Shows the session named in the route, else the latest unfinished one of `game`."""

    game: str = ""  # the kind of session shown
    also_shows: tuple[str, ...] = ()  # other kinds it shows when the route names one (older sessions)
    route: str = ""  # where "Back" goes when the session cannot be shown

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self._stage: tuple[object, ...] = ()  # `_stage_shown` when last drawn
        self.missing: str | None = None
        self.session: GameSession[Any] | None = None
        self.saved: Play | None = None  # the game this page showed, saved to History (by any phone)
        try:
            self.session = self.ctx.sessions.get(arg) if arg else self.find()
        except DomainError as exc:  # gone, or damaged: said plainly, nothing changed
            self.missing = str(exc)
            self.saved = self._saved_as(arg)  # a game saved meanwhile: its result
        if self.session is not None and self.session.record.game not in (self.game, *self.also_shows):
            self.missing, self.session = f"That session is not a {self.title} session.", None
        if self.session is None:
            # Another device may start one: follow it when it does.
            host.watch("sessions", self._adopt_latest)
        else:
            self._watch()
        self.undo_bar = UndoBar(self.undo, self.redo, lines=1 if host.large_text else 2, say=host.toast,
                                nothing=lambda what: nothing_to(what, host.actor))
        self._seat_chosen_for: str | None = None
        host.watch(SETTINGS, self._roster_changed)

    def find(self) -> GameSession[Any] | None:
        """The session to show when the route names none: the latest unfinished one of `game`."""
        return self.ctx.sessions.latest(self.game)

    def missing_controls(self) -> list[ft.Control]:
        return [empty_state(ft.Icons.SEARCH_OFF, "This session cannot be shown", self.missing or ""),
                ft.Button("Back", on_click=lambda e: self.host.navigate(self.route))]

    def show_undo(self) -> None:
        """The undo bar, and under it whom the table waits on (the game's phase, from the table kit)."""
        session, actor = self.session, self.host.actor
        self.undo_bar.show(session.undo_view(actor) if session else UndoView(),
                           session.redo_target(actor) if session else None)
        phase = getattr(session.rules, "phase", None) if session is not None else None
        state = session.state if session is not None else None
        names = session.rules.seats(state)[0] if phase is not None else ()
        self.undo_bar.wait_on(waiting_words(phase(state), names, None if self.passed_around else self.viewer())
                              if phase is not None else "")
        gone = self.phones_gone(phase(state).seats()) if phase is not None else []
        self.undo_bar.offer([(name, lambda p=player: self.play_here(p)) for name, player in gone])

    def chance(self, kind: str) -> random.Random:
        """The die or deck for this session's next `kind` action (its action type): decided once, so an
        Undo and a second tap give what the first gave (companion/core/chance.py). Before a session is
        started (an action tried on the state a new one would start from), any."""
        if self.session is None:
            return self.ctx.rng
        return decided(self.session.record, kind, self.host.actor.id)

    def mount(self) -> ft.Control:
        control = super().mount()
        self._saw()
        self._stage = self._stage_shown()
        return control

    def refresh(self) -> None:
        if not self.show_saved():
            super().refresh()

    def show_saved(self) -> bool:
        """Draw the game saved to History (on any phone) instead of its session, until this phone
        leaves it; False when there is none. A screen that draws itself its own way asks first."""
        if self.saved is None:
            return False
        self.body.controls = self.saved_controls()
        return True

    def render(self) -> None:
        asked = self._scrolls
        super().render()
        self._saw()
        stage = self._stage_shown()
        if self._live and stage != self._stage:
            self._stage = stage
            if self._scrolls == asked:  # unless this drawing scrolled to a question of its own
                self.to_top()  # a new stage (a session started, this phone's turn come or gone, saved): its top

    def _stage_shown(self) -> tuple[object, ...]:
        """Which session this page shows, saved or not, and whether the table waits on this phone (its
        turn, or everyone's): other players' moves within a stage leave this page where it is."""
        session = self.session
        phase = getattr(session.rules, "phase", None) if session is not None else None
        waits_on_me = None
        if phase is not None:
            now = phase(session.state)
            waits_on_me = now.waiting == ANY_SEAT or any(self.acts_for(seat) for seat in now.seats())
        return (session.id if session is not None else None, self.saved.id if self.saved is not None else None,
                waits_on_me)

    def _saw(self) -> None:
        """Note the version of the session this page now shows."""
        if self._live and self.session is not None:
            self.host.shown = {**self.host.shown, self.session.id: self.session.revision}

    def seen(self) -> int | None:
        """The version of the session the player was looking at when tapping."""
        if self.session is None:
            return None
        late = late_tap()
        shown = late.seen if late is not None else self.host.shown
        return shown.get(self.session.id)

    # Taps ------------------------------------------------------------------------------

    def act(self, build: Callable[[Any], Action]) -> bool:
        """Record the action `build` makes from the current state; a refusal is shown, not raised.
        Without a session yet, one is started for the first action that the rules accept. A scroll asked
        before is asked no more: the player tapped the page where it was (a late one moved the fish squares
        under the next tap, and a gold Brown was caught for a gold Coho)."""
        self._next_scroll()

        def run() -> None:
            if self.session is None and self.arg is None:
                self.session = self.find()  # another phone may have just started one: join it
                if self.session is not None:
                    self._watch()
            if self.session is None:
                rules = self.ctx.sessions.rules(self.game)
                state = rules.initial_state({})
                rules.apply(state, build(state))  # refused before a session is created
                self.start_session({})
            session = self.session
            assert session is not None
            session.perform(build(session.state), self.host.actor, seen=self.seen(), origin=self.host.origin)
        return self._after(self._attempt(run))

    def start_session(self, setup: dict[str, Any], title: str | None = None) -> None:
        """Start the game set up as `setup`; one game at a table: when another phone started this one just
        before this tap (both set-ups tapped at once), this phone joins it and is told, and no second game
        splits the table."""
        running = self.find() if self.arg is None else None
        if running is not None:
            self.session = running
            self.host.toast(f"Another phone started this {self.title} game just before your tap: this phone is "
                            "in it now.", seconds=8)
        else:
            self.session = self.ctx.sessions.create(self.game, setup, title)
            self.host.changed("sessions")
        self.missing = None
        self._watch()
        self._saw()

    def undo(self, expected: Action | None = None) -> None:
        session = self.session
        if session is not None:
            self._after(self._attempt(lambda: session.undo(self.host.actor, expected, self.host.origin)))

    def redo(self, expected: Action | None = None) -> None:
        session = self.session
        if session is not None:
            self._after(self._attempt(lambda: session.redo(self.host.actor, expected, self.host.origin)))

    def game_end(self, results: Sequence[PlayerResult], winners: Sequence[str], to_play: MakePlay,
                 key: str) -> list[ft.Control]:
        """A finished game: the standings, and "Save to history" pinned on a phone that acts for the table
        (on screen however long the standings and what is above them)."""
        if self.acts_for(ANY_SEAT):
            self.pin("Save to history", ft.Icons.SAVE, f"{key}-save", lambda: self.save_play(to_play))
        entry, _ = session_kinds().get(self.game, (None, None))
        kind = PLAY_KINDS.get(entry.plays[0]) if entry is not None and entry.plays else None
        return list(standings(results, winners, key=key, kind=kind))

    def save_play(self, make: MakePlay, replacing: str | None = None) -> None:
        """File the finished game in History: `make(state, play_id, played_at)` builds the play from
        the state this page showed (refused if it changed since, or is not over). It takes the session's
        id (so saving again after a crash between the two steps replaces it), or the id and date of the
        play it corrects (`replacing`; a play deleted meanwhile is kept as a new one), with who started and
        how long it took (kept from the corrected play). This page, and every page showing the session,
        then shows the saved result."""
        def run() -> None:
            session = self.session
            if session is None:
                return
            state = session.finished_state(self.seen(), self.host.origin)
            play_id, played_at = session.id, self.ctx.store.clock().isoformat(timespec="seconds")
            old = self._saved_play(replacing) if replacing is not None else None
            if old is not None:
                play_id, played_at = old.id, old.played_at
            play = make(state, play_id, played_at)
            play = with_session_facts(play, session.record, state) if old is None else \
                replace(play, start_seat=old.start_seat, duration_min=old.duration_min)
            self.ctx.store.archive.add(play)
            try:
                self.ctx.sessions.finish(session.id, saved_as=play.id)
            except SessionNotFound:
                pass  # saved or put away on another phone a moment ago: the play is filed all the same
            self.host.changed("sessions")
            self.host.changed(f"session:{session.id}")
            self.host.changed("history")
            self.saved, self.session = play, None
            self.host.toast("Saved to History.")
            self.to_top()
        self._attempt(run)
        self.render()

    def saved_controls(self) -> list[ft.Control]:
        """The saved game: its result, until this phone leaves it (for its History page, or a new game)."""
        play = self.saved
        assert play is not None
        return [panel(ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY),
                              ft.Text("Saved to History", size=20, weight=ft.FontWeight.BOLD, key="saved-to-history",
                                      expand=True)],  # wraps at large text (it ran off the panel's edge)
                             spacing=8),
                      *standings(play.results, play.winners, key="saved", kind=PLAY_KINDS.get(play.game)),
                      ft.Row([ft.FilledButton("See it in History", icon=ft.Icons.HISTORY, key="saved-in-history",
                                              style=big_button_style(), expand=True,
                                              on_click=lambda e: self.host.navigate(f"/history/{play.id}"))]),
                      ft.Row([ft.OutlinedButton("Start a new game", icon=ft.Icons.ADD, key="saved-new-game",
                                                style=big_button_style(), expand=True,
                                                on_click=lambda e: self.leave_saved())]),
                      key="saved")]

    def leave_saved(self) -> None:
        """This phone is done with the saved game: its screen starts over (a new game, or the latest)."""
        self.saved, self.missing = None, None
        self.body.controls = []
        if self.arg:
            self.host.navigate(self.route)
            return
        self.host.watch("sessions", self._adopt_latest)
        self._adopt_latest()
        self.render()

    def _saved_play(self, play_id: str | None) -> Play | None:
        if not play_id:
            return None
        try:
            return self.ctx.store.archive.get(play_id)
        except PlayNotFound:
            return None

    def _saved_as(self, session_id: str | None) -> Play | None:
        """The play the session named in the address was saved as (it takes the session's id, or the id
        of the play it corrected), if it is one of this screen's games."""
        if not session_id:
            return None
        play = self._saved_play(self.ctx.sessions.saved_as(session_id) or session_id)
        entry, _ = session_kinds().get(self.game, (None, None))
        return play if play is not None and entry is not None and play.game in entry.plays else None

    def end_session(self, finished: bool = True) -> None:
        """Finish (kept in sessions/finished) or discard the session; the screen starts over."""
        session = self.session
        if session is None:
            return
        (self.ctx.sessions.finish if finished else self.ctx.sessions.discard)(session.id)
        self.host.changed("sessions")
        self.host.changed(f"session:{session.id}")
        self.session = None
        self.host.watch("sessions", self._adopt_latest)

    def discard(self, message: str, restored: Callable[[str], None], then: Callable[[], None] = lambda: None) -> None:
        """Discard the session (asked first when it holds a recorded action), then `then()`; the message's Undo
        brings it back and calls `restored(id)`."""
        session = self.session
        if session is None:
            return
        discard_asked(self.host.page, session.record.title, len(session.record.actions),
                      lambda: self._discard_now(message, restored, then))

    def _discard_now(self, message: str, restored: Callable[[str], None], then: Callable[[], None]) -> None:
        session = self.session
        if session is None:
            return
        self.end_session(finished=False)

        def undo() -> None:
            self.ctx.sessions.undiscard(session.id)
            self.host.changed("sessions")
            restored(session.id)

        self.render()
        self.host.toast(message, undo=undo)
        then()

    def _attempt(self, fn: Callable[[], Any]) -> bool:
        """Run `fn`; a refusal is shown. A session that ended on another phone is let go of."""
        try:
            fn()
        except SessionClosed as exc:
            self.host.toast(str(exc))
            self._ended_elsewhere()
            return False
        except DomainError as exc:
            self.host.toast(str(exc))
            return False
        return True

    def _after(self, changed: bool) -> bool:
        if changed and self.session is not None:
            self.host.changed(self._topic())
            self.host.changed("sessions")
        self.render()
        return changed
