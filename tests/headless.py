"""Headless Flet pages running the real `main`, without a browser.

Used by the view tests and the benchmarks. A page is a
`flet.messaging.session.Session` over a connection that encodes every message
exactly as the web server does (Flet takes its diff snapshots while encoding) and
keeps them. All pages of one `HeadlessApp` share one pubsub hub, like the tabs
of one server, and events are dispatched as the websocket dispatches them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import hashlib
import inspect
import random
from collections.abc import Iterator
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.app import build_context, make_main
from companion.core.actions import TABLE
from companion.laptop.hosting import LAPTOP
from companion.laptop.unseen_page import HOST_ADDRESS, LAN_ADDRESS, UnseenConnection, encode, open_page  # noqa: F401
from companion.ui.host import Hosting
from companion.ui.phone import DEVICE, PLAYER, PhonePrefs

ANA_PHONE, BEN_PHONE = "192.0.2.7", "192.0.2.8"  # two phones at the table (`open(..., phone=...)`)

def walk(control: Any, seen: set[int] | None = None) -> Iterator[BaseControl]:
    """Every control under `control` that is shown, depth first (a hidden control hides
    everything in it)."""
    seen = set() if seen is None else seen
    if isinstance(control, (list, tuple)):
        for item in control:
            yield from walk(item, seen)
        return
    if not isinstance(control, BaseControl) or id(control) in seen or getattr(control, "visible", True) is False:
        return
    seen.add(id(control))
    yield control
    for field in dataclasses.fields(control):
        if field.name.startswith("_"):
            continue
        value = getattr(control, field.name, None)
        if isinstance(value, (BaseControl, list, tuple)):
            yield from walk(value, seen)


def label_of(control: BaseControl) -> str | None:
    """What a player reads on a control: its text, button label, tooltip or semantics label;
    for a tile drawn of several controls (a choice chip: a tick and its words), its first words."""
    for name in ("value", "content", "label", "tooltip", "text"):
        value = getattr(control, name, None)
        if isinstance(value, str):
            return value
        if name == "content" and isinstance(value, ft.Text) and isinstance(value.value, str):
            return value.value  # a button whose label is a Text
    inner = getattr(control, "content", None)
    parts = [inner] if isinstance(inner, BaseControl) else list(getattr(control, "controls", None) or [])
    for part in parts:
        if isinstance(part, ft.Text) and isinstance(part.value, str):
            return part.value
        if isinstance(part, (ft.Row, ft.Column, ft.Stack, ft.Container)):
            found = label_of(part)
            if found is not None:
                return found
    return None


def key_of(control: BaseControl) -> Any:
    key = getattr(control, "key", None)
    return getattr(key, "value", key)


def title_of(view) -> str:
    """What a view's app bar names: its title, or on a game's page the game (its picture's label)."""
    title = view.appbar.title
    return title.value if hasattr(title, "value") else title.semantics_label


class AddressBar(UnseenConnection):
    """A headless page's connection that keeps the addresses the server puts in the browser's address bar
    (Flet's push_route), for the page to answer as Flet's client does (`PageDriver.answer_pushes`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pushed: list[str] = []

    def send_message(self, message: Any) -> None:
        super().send_message(message)
        if message.action == MessageAction.INVOKE_METHOD and message.body.name == "push_route":
            self.pushed.append(message.body.args["route"])


class PageDriver:
    """Find controls on one headless page and tap them."""

    def __init__(self, session: Session, conn: AddressBar) -> None:
        self.session = session
        self.conn = conn
        self.page = session.page
        self.address = self.page.route  # the browser's address bar
        self.answering = True  # the browser answers each push (False: the test sends the answers, late)

    async def answer_pushes(self) -> None:
        """The browser's answer to each address the server has put in its address bar since: Flutter's
        `RouteState` sends a route change of it when it differs from the address it has (client
        `page.dart`), once it reads the push, before the player's next tap. Flet's `navigate` pushes from a
        task of its own: the loop runs it first (and only then: a page pushing nothing lets nothing run,
        as two phones' taps sent at once test)."""
        for _ in range(100):
            if not self._pushes_unsent():
                break
            await asyncio.sleep(0)
        pushed, self.conn.pushed = self.conn.pushed, []
        for route in pushed if self.answering else ():  # not answering: the test sends the answers itself
            if route != self.address:
                self.address = route
                await self.session.dispatch_event(self.page._i, "route_change", {"route": route})

    def _pushes_unsent(self) -> bool:
        """Whether a `navigate` of this page has not yet sent its push (its task not started)."""
        for task in asyncio.all_tasks():
            coro = task.get_coro()
            if getattr(coro, "__qualname__", "") == "Page.push_route" and coro.cr_frame is not None and \
                    inspect.getcoroutinestate(coro) == inspect.CORO_CREATED and \
                    coro.cr_frame.f_locals.get("self") is self.page:
                return True
        return False

    def routes(self) -> list[str]:
        """The route each view shows, bottom first (a view's own `route` is the key Flutter's navigator
        knows it by: see companion/ui/shell.py, TAB_VIEW)."""
        return [view.data for view in self.page.views]

    def controls(self) -> list[BaseControl]:
        """Every control a player can see: the views and any open dialog."""
        open_dialogs = [d for d in self.page._dialogs.controls if getattr(d, "open", False)]
        return list(walk([*self.page.views, *open_dialogs]))

    def find(self, key: str | None = None, label: str | None = None, kind: type | None = None) -> BaseControl:
        found = self.find_all(key=key, label=label, kind=kind)
        if not found:
            raise AssertionError(f"no control with key={key!r} label={label!r}; texts: {self.texts()}")
        return found[0]

    def find_all(self, key: str | None = None, label: str | None = None, kind: type | None = None) -> list[BaseControl]:
        return [
            c for c in self.controls()
            if (key is None or key_of(c) == key)
            and (label is None or label_of(c) == label)
            and (kind is None or isinstance(c, kind))
            and getattr(c, "visible", True)
        ]

    def pinned(self) -> BaseControl | None:
        """The shown screen's pinned main action (the button in its bar under the page), None if none."""
        place = self.page.views[-1].controls[-1]  # the view's last control: the bar, centred
        bar = place.controls[0].content
        assert key_of(bar) == "action-bar", bar
        return bar.content.controls[0] if place.visible else None

    def label(self, key: str) -> str | None:
        """What the control with `key` reads (a button's label)."""
        return label_of(self.find(key=key))

    def heard(self, key: str) -> str | None:
        """What a screen reader says for the key keyed `key` (a number pad's: "Ana's yellow hatch tokens: 3")."""
        return getattr(self.find(key=key).content, "semantics_label", None)

    def checked(self, key: str) -> bool | None:
        """Whether the choice keyed `key` is checked, as a screen reader hears it (None: no such state)."""
        wanted = self.find(key=key)
        for control in self.controls():
            if isinstance(control, ft.Semantics) and control.content is wanted:
                return control.checked
        return None

    def chosen(self, *keys: str) -> list[str]:
        """Of the choices keyed `keys`, the ones checked, named by what follows the key's last '-'."""
        return [k.rsplit("-", 1)[1] for k in keys if self.checked(k)]

    def has(self, key: str | None = None, label: str | None = None) -> bool:
        return bool(self.find_all(key=key, label=label))

    def texts(self) -> list[str]:
        return [c.value for c in self.controls() if isinstance(c, ft.Text) and isinstance(c.value, str)]

    def text_containing(self, part: str) -> str:
        matches = [t for t in self.texts() if part in t]
        if not matches:
            raise AssertionError(f"no text contains {part!r}; texts: {self.texts()}")
        return matches[0]

    async def tap(self, control: BaseControl, event: str = "click", data: Any = None) -> None:
        """Send `event` to `control` as the browser does: by its id, which must be on the page."""
        assert self.session.index.get(control._i) is control, f"{control} is not on the page the browser sees"
        await self.answer_pushes()
        await self.session.dispatch_event(control._i, event, data)

    async def tap_late(self, control: BaseControl, event: str = "click") -> None:
        """A tap the browser sent on `control` as it was drawn, arriving after the page replaced it."""
        assert self.session.index.get(control._i) is not control, f"{control} is still on the page"
        await self.answer_pushes()
        await self.session.dispatch_event(control._i, event, None)

    async def click(self, key: str | None = None, label: str | None = None) -> None:
        control = self.find(key=key, label=label)
        assert not getattr(control, "disabled", False), f"{key or label} is disabled"
        await self.tap(control)

    async def change(self, control: BaseControl, **values: Any) -> None:
        """Set properties as the browser would, then fire the control's change event."""
        for name, value in values.items():
            setattr(control, name, value)
        await self.tap(control, "change")

    async def route(self, route: str) -> None:
        """The browser's address changed (a link, back button, or typed URL; or with `answering` off, the
        browser's late answer to a push, sent by the test)."""
        await self.answer_pushes()
        self.address = route
        await self.session.dispatch_event(self.page._i, "route_change", {"route": route})

    def message_texts(self) -> list[str]:
        """The message the line under the top view's page says ([] when none: see companion/ui/message_line.py)."""
        return [c.label for c in walk(self.page.views[-1]) if key_of(c) == "message-line"]

    async def message_action(self) -> None:
        """Tap the Undo of the message shown."""
        await self.click(key="message-undo")

    def dialog(self) -> ft.AlertDialog | None:
        open_dialogs = [c for c in self.page._dialogs.controls if isinstance(c, ft.AlertDialog) and c.open]
        return open_dialogs[-1] if open_dialogs else None


class CountingExecutor(concurrent.futures.ThreadPoolExecutor):
    """A thread pool that knows the work it has not finished (what `HeadlessApp.settle` waits for)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._futures: set[concurrent.futures.Future] = set()

    def submit(self, *args: Any, **kwargs: Any) -> concurrent.futures.Future:
        future = super().submit(*args, **kwargs)
        self._futures.add(future)
        future.add_done_callback(self._futures.discard)
        return future

    def working(self) -> list[concurrent.futures.Future]:
        return [f for f in list(self._futures) if not f.done()]


class HeadlessApp:
    """One server's worth of state (a store, its sessions) and the pages open on it."""

    def __init__(self, store, loop: asyncio.AbstractEventLoop, seed: int = 1234, keep_messages: bool = True,
                 hosting: Hosting = LAPTOP) -> None:
        self.store = store
        self.ctx = build_context(store, hosting, rng=random.Random(seed))
        self.executor = CountingExecutor(max_workers=2)
        self.hub = PubSubHub(loop=loop, executor=self.executor)
        self.loop = loop
        self.keep_messages = keep_messages
        self._sessions: list[Session] = []  # the Page only holds its Session weakly

    async def open(self, route: str = "/", width: int = 360, height: int = 740, phone: str | None = None,
                   player: str | None = None, prefs: dict[str, Any] | None = None) -> PageDriver:
        """A page on the host (the machine serving), or with `phone` (its address) a phone at the table.
        `player`: who this page says plays on it (a roster name, or "table"); `prefs`: its own settings."""
        conn = AddressBar(self.loop, self.executor, self.hub, LAN_ADDRESS if phone else HOST_ADDRESS,
                          keep=self.keep_messages)
        values = dict(prefs or {})
        # The phone at `phone`'s address is one phone (pages opened there again are its tabs): one token.
        values.setdefault(DEVICE, hashlib.sha1((phone or HOST_ADDRESS).encode()).hexdigest()[:24])
        if player is not None:
            values[PLAYER] = TABLE if player == TABLE else next(
                p.id for p in self.store.settings.players() if p.name == player)
        main = make_main(self.ctx, browser_services=False, prefs=lambda page: PhonePrefs(values))
        session = await open_page(main, conn, route, phone or HOST_ADDRESS, width, height)
        self._sessions.append(session)
        return PageDriver(session, conn)

    async def settle(self) -> None:
        """Wait until the pages have done what they were told: every pubsub delivery and every handler
        (run on the executor) finished, and what each scheduled on this loop run, until a round starts
        nothing new. (A task waiting on the browser's answer, which a headless page never gets, is not
        waited for.)"""
        for _ in range(1000):
            for _ in range(5):
                await asyncio.sleep(0)  # what was just scheduled on the loop runs, and schedules its own
            working = self.executor.working()
            if not working:
                return
            await asyncio.wait([asyncio.wrap_future(f) for f in working])
        raise AssertionError("the pages never settled: their work goes on starting more")

    def close(self) -> None:
        self.executor.shutdown(wait=True)
