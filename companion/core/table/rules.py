"""A game declared with the table kit: its moves, and what the session layer asks of them.

A `Move` names an action type and says what a tap of that kind does (`apply`), which fields of
its data it reads, whose move it is (a seat, several seats, or any seat at the table), what
part of the state it touches (so that taps on different parts, from several phones at once,
are all recorded) and whether it is a secret choice.

`TableRules` gathers a game's moves. It is what a session plays (`initial_state`, `apply`,
`footprint`), and it answers the kit's questions: may this phone make this move
(`authorize`), is an action a secret choice and how many rounds of them are revealed (so a
revealed choice stays final for its chooser), is the game over; and, for random play and the
conformance tests, how a game can be set up and what its players might do next.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from companion.core.actions import WHOLE_STATE, Action, Footprint
from companion.core.errors import DomainError
from companion.core.table.phases import Phase, out_of_phase
from companion.core.table.seats import ANY_SEAT, Author, NotYourSeat, Whose, is_whole, refusal
from companion.core.table.secrets import Secret

S = TypeVar("S")
Data = Mapping[str, Any]


class NotNow(DomainError):
    """A move the game's phase does not open now (out of turn, or out of its phase)."""


def any_seat(state: Any, data: Data) -> Whose:
    """A move of the table's: any player at it may make it."""
    return ANY_SEAT


def seat_in(key: str = "seat") -> Callable[[Any, Data], Whose]:
    """The move of the seat its data names under `key` (a bad value: the rules refuse it with words)."""
    def whose(state: Any, data: Data) -> Whose:
        seat = data.get(key)
        return seat if is_whole(seat) else ANY_SEAT
    return whose


def whole(data: Data) -> Footprint:
    return WHOLE_STATE


def own(part: str, key: str = "seat") -> Callable[[Data], Footprint]:
    """A move that reads and changes only its seat's `part` of the state (a sheet, a choice)."""
    def footprint(data: Data) -> Footprint:
        mine = (part, data.get(key))
        return Footprint(reads=(mine,), writes=(mine,))
    return footprint


@dataclass(frozen=True)
class Move(Generic[S]):
    """One kind of action of a game."""

    type: str
    apply: Callable[[S, Data], S]
    fields: tuple[str, ...] = ()  # the fields of its data it reads
    whose: Callable[[S, Data], Whose] = any_seat
    touches: Callable[[Data], Footprint] = whole
    secret: bool = False  # a choice made in secret: final for its chooser once revealed
    rolled: bool = False  # a roll shown to its player (a Current's arrows, a Casino re-roll): final for them
    anytime: bool = False  # open in every phase, for its own seat (a boat's own cards)
    doing: str = ""  # what it does, in words, for a seat it is not open to: "Ben cannot *play a card* now"


def no_seats(state: Any) -> tuple[Sequence[str], Sequence[str]]:
    return (), ()


def names_and_ids(state: Any) -> tuple[Sequence[str], Sequence[str]]:
    """The seats of a state that keeps `names` and `ids` (the roster's, "" where unknown)."""
    return state.names, state.ids


class TableRules(Generic[S]):
    """A game's rules as the session layer plays them, from its declared moves."""

    def __init__(self, *, game: str, title: str, setup: Callable[[Data], S], moves: Sequence[Move[S]],
                 error: type[DomainError] = DomainError,
                 seats: Callable[[S], tuple[Sequence[str], Sequence[str]]] = no_seats,
                 over: Callable[[S], bool] | None = None, secret: str = "",
                 hides: Callable[[S, int | None], S] | None = None,
                 phase: Callable[[S], Phase] | None = None, reopens: str = "",
                 example_setup: Callable[[random.Random], dict[str, Any]] | None = None,
                 candidates: Callable[[S, random.Random], list[Action]] | None = None) -> None:
        self.game, self.title = game, title
        self.moves: dict[str, Move[S]] = {m.type: m for m in moves}
        assert len(self.moves) == len(moves), f"{game}: a move declared twice"
        self._setup, self._error = setup, error
        self.seats, self._over, self.reopens = seats, over, reopens
        self._secret = secret  # the state's field holding its round of secret choices ("": none)
        self._hides = hides  # what else of a round under way a viewer is not given (a Current's rolls)
        self._phase = phase
        self.example_setup, self.candidates = example_setup, candidates

    # What a session plays --------------------------------------------------------------

    def initial_state(self, setup: Any) -> S:
        if not isinstance(setup, Mapping):
            raise self._error(f"A game of {self.title} is set up with its players.")
        return self._setup(setup)

    def apply(self, state: S, action: Action) -> S:
        move = self.moves.get(action.type)
        if move is None:
            raise self._error(f"{self.title} does not know the action {action.type!r}.")
        if not isinstance(action.data, Mapping):
            raise self._error(f"This action carries nothing the {self.title} rules can read.")
        return move.apply(state, action.data)

    def play(self, state: S, action: Action) -> S:
        """`action` made now: refused (NotNow) where the game's phase does not open it, for its seat (the one
        turn check: the games' moves check none), else applied. A session checks the phase as it authorizes a
        phone's move (`authorize`); `apply` alone is what an action recorded does, as replay reads it (a race
        recorded before the Eagle's target answered on their own phone replays as it was played)."""
        why = self.not_now(state, action)
        if why is not None:
            raise NotNow(why)
        return self.apply(state, action)

    def footprint(self, action: Action) -> Footprint:
        move = self.moves.get(action.type)
        return move.touches(action.data) if move is not None and isinstance(action.data, Mapping) else WHOLE_STATE

    # The kit's questions ---------------------------------------------------------------

    def whose(self, state: S, action: Action) -> Whose:
        """Whose move `action` is (ANY_SEAT for a move the rules will refuse anyway)."""
        move = self.moves.get(action.type)
        if move is None or not isinstance(action.data, Mapping):
            return ANY_SEAT
        whose = move.whose(state, action.data)
        names, _ = self.seats(state)
        if isinstance(whose, int) and not 0 <= whose < len(names):
            return ANY_SEAT
        return whose

    def refusal(self, state: S, whose: Whose, author: Author | None) -> str | None:
        """Why `author`'s phone may not make a move that is `whose`'s (None: it may)."""
        names, ids = self.seats(state)
        return refusal(names, ids, whose, author)

    def authorize(self, state: S, action: Action, author: Author | None) -> None:
        """NotYourSeat unless `author` may make `action` now (the one seat policy); NotNow unless the
        game's phase opens it, for its seat (the one turn policy)."""
        whose = self.whose(state, action)
        why = self.refusal(state, whose, author)
        if why is not None:
            raise NotYourSeat(why)
        why = self.not_now(state, action, whose)
        if why is not None:
            raise NotNow(why)

    def phase(self, state: S) -> Phase | None:
        """Where the game stands and whom the table waits on (None: a game that declares no phases)."""
        return self._phase(state) if self._phase is not None else None

    def not_now(self, state: S, action: Action, whose: Whose | None = None) -> str | None:
        """Why the game's phase does not open `action` now (None: it does, or the rules will say why not)."""
        move = self.moves.get(action.type)
        phase = self.phase(state)
        if move is None or move.anytime or phase is None or not isinstance(action.data, Mapping):
            return None
        names, _ = self.seats(state)
        return out_of_phase(phase, action.type, self.whose(state, action) if whose is None else whose, names,
                            move.doing)

    def is_secret(self, action: Action) -> bool:
        move = self.moves.get(action.type)
        return move is not None and move.secret

    def is_rolled(self, action: Action) -> bool:
        """A roll shown to the player who made it: their own Undo would be a second roll."""
        move = self.moves.get(action.type)
        return move is not None and move.rolled

    def secret(self, state: S) -> Secret | None:
        """The game's latest round of secret choices (None: a game without secret choices)."""
        return getattr(state, self._secret) if self._secret else None

    def reveals(self, state: S) -> int:
        """Rounds of secret choices revealed so far (a choice made before one of them is final)."""
        secret = self.secret(state)
        return secret.reveals if secret is not None else 0

    def view(self, state: S, viewer: int | None) -> S:
        """The state as the phone of `viewer` (a seat, or None: nobody's) is given it (boardgame.io's
        playerView): every choice still secret that is not the viewer's own taken out (`Secret.seen_by`),
        with what else the game `hides` of a round under way.
        Screens draw this, never the session's state itself."""
        secret = self.secret(state)
        if secret is None or not secret.under_way:
            return state
        seen = replace(state, **{self._secret: secret.seen_by(viewer)})  # type: ignore[type-var]
        return self._hides(seen, viewer) if self._hides is not None else seen

    def over(self, state: S) -> bool:
        return self._over(state) if self._over is not None else False

    @property
    def ends(self) -> bool:
        """Whether a game of this kind comes to an end (a dice roller never does)."""
        return self._over is not None
