"""A screen that shows one session: finds or follows it, records taps as actions, undo/redo.

Every tap is recorded as this phone's player's action, made on the version of the
session this page last drew (or, for a tap on a control the page had already
replaced, the version the player was looking at: `taps.late_tap`), so the session
can refuse it when another phone changed what it touches meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.core.actions import TABLE, Action
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.session import GameSession, SessionClosed
from companion.ui.components.common import empty_state
from companion.ui.components.undo_bar import UndoBar
from companion.ui.host import Host
from companion.ui.screen import Screen
from companion.ui.taps import late_tap


class SessionScreen(Screen):
    """Shows the session named in the route, else the latest unfinished one of `game`."""

    game: str = ""  # the kind of session shown
    also_shows: tuple[str, ...] = ()  # other kinds it shows when the route names one (older sessions)
    route: str = ""  # where "Back" goes when the session cannot be shown

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.missing: str | None = None
        self.session: GameSession[Any] | None = None
        try:
            self.session = self.ctx.sessions.get(arg) if arg else self.find()
        except DomainError as exc:  # gone, or damaged: said plainly, nothing changed
            self.missing = str(exc)
        if self.session is not None and self.session.record.game not in (self.game, *self.also_shows):
            self.missing, self.session = f"That session is not a {self.title} session.", None
        if self.session is None:
            # Another device may start one: follow it when it does.
            host.watch("sessions", self._adopt_latest)
        else:
            self._watch()
        self.undo_bar = UndoBar(self.undo, self.redo)
        self._seat_chosen_for: str | None = None

    def find(self) -> GameSession[Any] | None:
        """The session to show when the route names none: the latest unfinished one of `game`."""
        return self.ctx.sessions.latest(self.game)

    def my_seat(self, names: Sequence[str], current: int) -> int:
        """The seat to show: on first showing a session, this phone's player's own (if seated)."""
        session_id = self.session.id if self.session is not None else None
        if session_id == self._seat_chosen_for:
            return min(current, len(names) - 1)
        self._seat_chosen_for = session_id
        mine = self.own_seat(names)
        return 0 if mine is None else mine

    def own_seat(self, names: Sequence[str]) -> int | None:
        """The seat of this phone's player, if seated (None on the phone passed around the table)."""
        actor = self.host.actor
        if actor.id == TABLE:
            return None
        return next((i for i, name in enumerate(names) if name.casefold() == actor.name.casefold()), None)

    def missing_controls(self) -> list[ft.Control]:
        return [empty_state(ft.Icons.SEARCH_OFF, "This session cannot be shown", self.missing or ""),
                ft.Button("Back", on_click=lambda e: self.host.navigate(self.route))]

    def show_undo(self) -> None:
        session, actor = self.session, self.host.actor
        self.undo_bar.show(session.undo_target(actor) if session else None,
                           session.redo_target(actor) if session else None)

    def mount(self) -> ft.Control:
        control = super().mount()
        self._saw()
        return control

    def render(self) -> None:
        super().render()
        self._saw()

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
        Without a session yet, one is started for the first action that the rules accept."""
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
        self.session = self.ctx.sessions.create(self.game, setup, title)
        self.missing = None
        self._watch()
        self._saw()
        self.host.changed("sessions")

    def undo(self, expected: Action | None = None) -> None:
        session = self.session
        if session is not None:
            self._after(self._attempt(lambda: session.undo(self.host.actor, expected, self.host.origin)))

    def redo(self, expected: Action | None = None) -> None:
        session = self.session
        if session is not None:
            self._after(self._attempt(lambda: session.redo(self.host.actor, expected, self.host.origin)))

    def save_play(self, make: Callable[[str, str], Play]) -> None:
        """File the finished game in History: `make(play_id, played_at)` builds the play. It takes the
        session's id, so saving again after a crash between the two steps replaces it."""
        play_id = self.session.id
        self.ctx.store.archive.add(make(play_id, self.ctx.store.clock().isoformat(timespec="seconds")))
        self.end_session()
        self.host.changed("history")
        self.host.toast("Saved to history.")
        self.host.navigate(f"/history/{play_id}")

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

    def discard(self, message: str, restored: Callable[[str], None]) -> None:
        """Discard the session; the message's Undo brings it back and calls `restored(id)`."""
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

    def _attempt(self, fn: Callable[[], Any]) -> bool:
        """Run `fn`; a refusal is shown. A session that ended on another phone is let go of."""
        try:
            fn()
        except SessionClosed as exc:
            self.host.toast(str(exc))
            self._let_go()
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

    def _topic(self) -> str:
        assert self.session is not None
        return f"session:{self.session.id}"

    def _watch(self) -> None:
        self.host.watch(self._topic(), self._follow)

    def _follow(self) -> None:
        """Another page changed the session (or ended it): show what is true now."""
        if self.session is not None and self.session.closed:
            self._let_go()
        self.render()

    def _let_go(self) -> None:
        """The session ended elsewhere: show the one the route names if it is back, else the latest."""
        self.session = None
        self.body.controls = []  # drawn again from scratch: what is shown may be a different screen now
        try:
            self.session = self.ctx.sessions.get(self.arg) if self.arg else self.find()
        except DomainError as exc:
            self.missing = str(exc)
        if self.session is None:
            self.host.watch("sessions", self._adopt_latest)
        else:
            self.missing = None
            self._watch()

    def _adopt_latest(self) -> None:
        """Another page started (or ended) a session: show the latest, if this page shows none yet."""
        if self.session is None and not self.missing:
            self.session = self.find()
            if self.session is not None:
                self._watch()
                self.render()
