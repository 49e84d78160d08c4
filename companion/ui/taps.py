"""No tap is lost: a tap on a control that the page replaced while the tap was on its way.

A screen redraws when the state changes (another phone's move, or the player's own
quick second tap) and may replace controls. A tap made on the old drawing then
names a control that is no longer on the page, and Flet drops it without a word
("Control with ID ... not found", logged at debug level).

Each page here remembers, for half a minute, the controls that left it. A tap on one runs
the handler the player saw, and `late_tap()` tells that handler which version of the
screen the player was looking at (the page's view token from just before the
control was removed), so the action can be checked against the state now: recorded
when what it touches did not change, refused with the reason when it did.

Flet 1.0.5 keeps a session's controls in a private index (`Session.__index`); the
page's index is swapped for one that reports what it drops, and `dispatch_event` is
wrapped once, at import. Flet is pinned to 1.0.5 in pyproject.toml, and
tests/ui/test_taps.py checks both hooks still take hold.
"""

from __future__ import annotations

import inspect
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.session import Session

from companion.core.errors import DomainError

log = logging.getLogger(__name__)

KEEP_SECONDS = 30.0  # a tap is on its way for well under a second; a stalled connection may take longer
KEEP_MOST = 1000  # controls with handlers remembered per page (a redraw replaces a few dozen)
PLAYER_EVENTS = frozenset({"click", "tap", "long_press", "change", "select", "submit"})


@dataclass(frozen=True)
class LateTap:
    """A tap that arrived after its control left the page."""

    seen: Any  # the page's view token from just before the control was removed
    waited: float  # seconds between the removal and the tap's arrival


_late: ContextVar[LateTap | None] = ContextVar("companion_late_tap", default=None)


def late_tap() -> LateTap | None:
    """The late tap being handled now, or None for a tap on a control still on the page."""
    return _late.get()


class RemovedControls:
    """The controls with handlers that left one page in the last half minute."""

    def __init__(self, view_token: Callable[[], Any], clock: Callable[[], float] = time.monotonic) -> None:
        self._view_token = view_token
        self._clock = clock
        self._items: OrderedDict[int, tuple[BaseControl, Any, float]] = OrderedDict()

    def remember(self, control_id: int, control: BaseControl) -> None:
        if not any(control._values.get(name) for name in getattr(type(control), "_event_fields", ())):
            return
        now = self._clock()
        self._items[control_id] = (control, self._view_token(), now)
        self._items.move_to_end(control_id)
        while self._items and (len(self._items) > KEEP_MOST or now - next(iter(self._items.values()))[2] > KEEP_SECONDS):
            self._items.popitem(last=False)

    def forget(self, control_id: int) -> None:
        self._items.pop(control_id, None)

    def find(self, control_id: int) -> tuple[BaseControl, LateTap] | None:
        found = self._items.get(control_id)
        if found is None:
            return None
        control, token, removed_at = found
        waited = self._clock() - removed_at
        if waited > KEEP_SECONDS:
            return None
        return control, LateTap(token, waited)

    def __len__(self) -> int:
        return len(self._items)


class _ReportingIndex(weakref.WeakValueDictionary):
    """A session's index of live controls that tells `removed` what leaves it."""

    def __init__(self, items: Any, removed: RemovedControls) -> None:
        super().__init__(items)
        self._removed = removed

    def pop(self, key: Any, *default: Any) -> Any:
        control = super().pop(key, *default)
        if control is not None:
            self._removed.remember(key, control)
        return control

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self._removed.forget(key)  # the same control id is back on the page (a reconciled control)


_removed_by_session: weakref.WeakKeyDictionary[Session, RemovedControls] = weakref.WeakKeyDictionary()
_answer_by_session: weakref.WeakKeyDictionary[Session, Callable[[DomainError], None]] = weakref.WeakKeyDictionary()
_failed_by_session: weakref.WeakKeyDictionary[Session, Callable[[], None]] = weakref.WeakKeyDictionary()


def keep_late_taps(page: ft.Page, view_token: Callable[[], Any], answer: Callable[[DomainError], None],
                   failed: Callable[[], None] | None = None) -> RemovedControls:
    """From now on, taps on controls that leave `page` still reach their handler; a refusal
    a late handler raises is given to `answer` (shown to the player). A tap whose handler fails (a fault
    of Companion's, on the page or late) is logged with its traceback and `failed` called (the screen
    drawn again from what is kept, the player told in words), instead of Flet's sending the phone
    Python's error."""
    session = page.session
    if failed is not None:
        _failed_by_session[session] = failed
    removed = RemovedControls(view_token)
    index = _ReportingIndex(dict(session.index.items()), removed)
    session._Session__index = index  # see the module docstring
    _removed_by_session[session] = removed
    _answer_by_session[session] = answer
    return removed


_flet_dispatch_event = Session.dispatch_event


async def _dispatch_event(self: Session, control_id: int, event_name: str, event_data: Any) -> None:
    removed = _removed_by_session.get(self)
    if removed is not None and control_id not in self.index and event_name in PLAYER_EVENTS:
        found = removed.find(control_id)
        if found is not None:
            await _run_late(self, *found, event_name, event_data)
            return
        if self._Session__resolve_event_control(control_id) is None:  # not on the page at all any more
            log.info("a %s on control %s arrived after it left the page over %.0f s ago", event_name, control_id,
                     KEEP_SECONDS)
            answer = _answer_by_session.get(self)
            if answer is not None:
                answer(DomainError("That tap came from a screen that is long out of date, so it was not "
                                   "recorded. Look again, and tap again if you still want it."))
            self.page.update()  # and the phone gets the screen as it is now
            return
    if event_name in PLAYER_EVENTS and self in _failed_by_session:
        await _run_guarded(self, control_id, event_name, event_data)
        return
    await _flet_dispatch_event(self, control_id, event_name, event_data)


def sent_after_close(exc: BaseException) -> bool:
    """A message sent to a phone whose connection has just closed, before Flet let go of it: Flet 1.0.5's
    `FletApp.send_message` puts it on a send queue already set to None (flet_web/fastapi/flet_app.py; its
    `send_data_channel_frame` checks, `send_message` does not; no Flet issue found for it). Seen as
    "'NoneType' object has no attribute 'put_nowait'" when a phone left within its first seconds (issue 63)."""
    return isinstance(exc, AttributeError) and "put_nowait" in str(exc)


async def _run_guarded(session: Session, control_id: int, event_name: str, data: Any) -> None:
    """Flet's own dispatch (Session.dispatch_event), a handler's error told as `_failed` tells it."""
    _context_page.set(session.page)
    control = session._Session__resolve_event_control(control_id)  # see the module docstring
    if control is None:
        return
    try:
        await control._trigger_event(event_name, data)
    except Exception as exc:  # noqa: BLE001 - any fault of a handler: logged, and the player told in words
        if sent_after_close(exc):  # the phone left as its tap was answered: nobody to tell
            log.info("the phone left while its 'on_%s' was answered", event_name)
            return
        _failed(session, event_name)


def _failed(session: Session, event_name: str) -> None:
    """A handler raised: its traceback in the log; the phone drawn again and told (Flet's own way, sending
    Python's error to the phone, only if that fails too)."""
    log.error("Unhandled error in an 'on_%s' handler", event_name, exc_info=True)
    failed = _failed_by_session.get(session)
    try:
        if failed is None:
            raise LookupError("no page to tell")
        failed()
    except Exception as exc:  # noqa: BLE001
        log.error("the page could not be drawn again after the error", exc_info=True)
        session.error(str(exc))


async def _run_late(session: Session, control: BaseControl, late: LateTap, event_name: str, data: Any) -> None:
    handler = getattr(control, f"on_{event_name}", None)
    if handler is None:
        return
    token = _late.set(late)
    try:
        event = ft.Event(name=event_name, control=control, data=data)
        result = handler(event) if _takes_event(handler) else handler()
        if inspect.isawaitable(result):
            await result
    except DomainError as exc:
        answer = _answer_by_session.get(session)
        if answer is not None:
            answer(exc)
    except Exception:  # noqa: BLE001 - as for a control on the page (`_run_guarded`)
        _failed(session, event_name)
    finally:
        _late.reset(token)
    session.page.update()


def _takes_event(handler: Callable[..., Any]) -> bool:
    try:
        return len(inspect.signature(handler).parameters) > 0
    except (TypeError, ValueError):
        return True


Session.dispatch_event = _dispatch_event  # type: ignore[method-assign]
