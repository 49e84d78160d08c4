"""How a session screen follows what other pages do (`SessionScreen` inherits it): the session it shows changed
or ended on another phone, another page started one (or brought a discarded one back), the roster changed under
an open set-up. Each redraws the screen from what is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.errors import DomainError
from companion.core.session import FINISHED

if TYPE_CHECKING:
    from companion.core.plays import Play
    from companion.core.session import GameSession
    from companion.ui.host import AppContext, Host


class SessionFollow:
    """Follows the session shown, and the sessions and roster around it."""

    host: Host
    ctx: AppContext
    arg: str | None
    body: ft.Column
    session: GameSession[Any] | None
    saved: Play | None
    missing: str | None
    render: Callable[[], None]  # the screen's own (Screen.render)
    to_top: Callable[[], None]  # PageScroll's
    find: Callable[[], GameSession[Any] | None]  # SessionScreen's
    _saved_play: Callable[[str | None], Play | None]  # SessionScreen's

    def _roster_changed(self) -> None:
        """The roster changed on another phone: a set-up shows it at once (issue 64)."""
        if self.session is None and self.saved is None and self.missing is None:
            self.render()

    def _topic(self) -> str:
        assert self.session is not None
        return f"session:{self.session.id}"

    def _watch(self) -> None:
        self.host.watch(self._topic(), self._follow)

    def _follow(self) -> None:
        """Another page changed the session (or ended it): show what is true now. A game saved to
        History on another phone stays here, as saved, until this phone leaves it."""
        if self.session is not None and self.session.closed:
            self._ended_elsewhere()
        self.render()

    def _ended_elsewhere(self) -> None:
        """The session ended on another phone: its saved result if it was saved, else the next one."""
        session = self.session
        saved = self._saved_play(session.saved_as) if session is not None and session.ended == FINISHED else None
        if saved is None:
            self._let_go()
            return
        self.saved, self.session = saved, None
        self.body.controls = []  # drawn again from scratch: the saved result
        self.to_top()

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
        """Another page started (or ended) a session: show the latest, if this page shows none yet, or
        the one its address names, back again (a discard undone); a saved game stays until this phone
        leaves it."""
        if self.session is not None or self.saved is not None:
            return
        if self.missing and self.arg:
            try:
                self.session = self.ctx.sessions.get(self.arg)
            except DomainError:
                return
            self.missing = None
            self.body.controls = []  # drawn again from scratch: the session, not the message
        elif not self.missing:
            self.session = self.find()
        if self.session is not None:
            self._watch()
            self.render()
