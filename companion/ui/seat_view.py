"""What a phone is at the table, for a session screen: the seat it shows and acts for (its player's, or
every seat without a phone of its own on the phone passed around) and the state as it is given it (the
table kit's `TableRules.view`: no secret choice but its own player's). `SessionScreen` inherits it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.actions import TABLE
from companion.core.table.seats import Whose, seat_of
from companion.core.table.secrets import Secret
from companion.ui.claims import GONE_AFTER
from companion.ui.components.secret_choice import SecretChoice

if TYPE_CHECKING:
    from companion.core.session import GameSession
    from companion.ui.host import Host


class SeatView:
    """The seat a session screen's phone is at, and what it is given to draw."""

    host: Host
    session: GameSession[Any] | None
    _seat_chosen_for: str | None
    render: Callable[[], None]  # the screen's own (Screen.render)

    def my_seat(self, names: Sequence[str], current: int) -> int:
        """The seat to show: on first showing a session, this phone's player's own (if seated)."""
        session_id = self.session.id if self.session is not None else None
        if session_id == self._seat_chosen_for:
            return min(current, len(names) - 1)
        self._seat_chosen_for = session_id
        mine = self.own_seat(names)
        return 0 if mine is None else mine

    def own_seat(self, names: Sequence[str]) -> int | None:
        """The seat of this phone's player among `names` (None on the phone passed around the table,
        or when its player is not among them); by roster id where they are the session's seats."""
        if self.passed_around:
            return None
        ids: Sequence[str] = ()
        if self.session is not None:
            seated, ids = self.session.rules.seats(self.session.state)
            ids = ids if tuple(seated) == tuple(names) else ()
        return seat_of(names, ids, self.host.actor)

    @property
    def passed_around(self) -> bool:
        """This phone is the whole table's, passed from player to player; so is the host's own
        screen when its player is not at this table (the host acts for every seat)."""
        actor = self.host.actor
        if actor.id == TABLE:
            return True
        if not self.host.is_host or self.session is None:
            return False
        names, ids = self.session.rules.seats(self.session.state)
        return bool(names) and seat_of(names, ids, actor) is None

    def phones_gone(self, seats: Sequence[int]) -> list[tuple[str, str]]:
        """Of `seats`, the players (name, roster id) whose own phone has been gone a while (`claims.GONE_AFTER`:
        a battery died), on the phone passed around: it may play them (issue 64); none elsewhere."""
        host = self.host
        if self.session is None or host.is_host or host.identity != TABLE or not host.ctx.hosting.serves_phones:
            return []
        names, ids = self.session.rules.seats(self.session.state)
        phones = host.ctx.seats
        return [(names[s], ids[s]) for s in seats if s < len(ids) and ids[s] and phones.holder(ids[s]) is not None
                and phones.gone_for(ids[s]) >= GONE_AFTER]

    def play_here(self, player_id: str) -> None:
        """The phone passed around plays a player whose own phone has gone (`Host.free_player`); that phone, back,
        takes them again with a tap on their name."""
        if self.host.attempt(lambda: self.host.free_player(player_id)):
            self.render()

    def viewer(self) -> int | None:
        """The seat of this phone's player in the session shown (None: the phone passed around, or
        a phone whose player is not at this table)."""
        if self.session is None:
            return None
        names, _ = self.session.rules.seats(self.session.state)
        return self.own_seat(names) if names else None

    def _view_for(self, viewer: int | None) -> Any:
        """The session's state as `viewer`'s seat is given it on this phone (the table kit's `TableRules.view`):
        no secret choice but that seat's own, and not even that when it was made on another phone (before
        this one took the player over)."""
        session = self.session
        if session is None:
            return None
        view = getattr(session.rules, "view", None)
        if view is None:
            return session.state
        phone = session.secret_phone(viewer) if viewer is not None else None
        return view(session.state, None if phone and phone != self.host.phone else viewer)

    @property
    def view(self) -> Any:
        """The session's state as this phone is given it (`_view_for` its player's seat; nobody's on the
        phone passed around). Screens draw this; the session's state itself is the kit's."""
        return self._view_for(self.viewer())

    def secret_controls(self, choice: SecretChoice, names: Sequence[str], secret: Secret,
                        form: Callable[[int, Any], ft.Control]) -> list[ft.Control]:
        """The secret choices of `secret` (from `view`) as this phone may see them (`SecretChoice`): its
        player's own form, or on the phone passed around the form of the player looking now (of those
        without a phone of their own); `form(seat,
        seen)` draws `seat`'s from `seen`, the state as that seat is given it. A choice made on another
        phone, before this one took its player over, is not shown."""
        viewer = self.viewer()
        phone = self.session.secret_phone(viewer) if self.session is not None and viewer is not None else None
        own_phones = frozenset(s for s in secret.seats if not self.acts_for(s)) if self.passed_around else frozenset()
        return choice.controls(names, secret, viewer, self.passed_around,
                               lambda seat: form(seat, self._view_for(seat)), self.render,
                               elsewhere=bool(phone) and phone != self.host.phone, own_phones=own_phones)

    def acts_for(self, whose: Whose) -> bool:
        """Whether this phone shows the controls of a move that is `whose`'s (a seat, some seats or any
        seat): the rules' one seat policy, as this phone's player (the host's own screen shows its
        seated player's controls, though the host may act for anyone)."""
        if self.session is None:
            return False
        actor = replace(self.host.actor, undoes_anyone=self.passed_around)
        return self.session.rules.refusal(self.session.state, whose, actor) is None
