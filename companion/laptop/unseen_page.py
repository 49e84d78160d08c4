"""A page nobody sees: the app's real `main` on a Flet session whose messages are encoded as the
web server encodes them (Flet takes its diff snapshots while encoding), then kept or dropped.

The server draws its first screens on such pages as it starts (`warm_up`), so the first phone to
join does not pay for what a process does once (Flet's controls imported and encoded for the first
time: about 100 ms of this 2-core machine's time); the headless tests drive them (tests/headless.py).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.join_trace import mark

log = logging.getLogger(__name__)
Main = Callable[[ft.Page], Awaitable[None]]  # what Flet runs for each new page (app.make_main)

HOST_ADDRESS = "127.0.0.1"
LAN_ADDRESS = "192.0.2.2"  # a phone at the table (a documentation address: never a real one)
# What phones are first shown: a phone's question of who plays on it, the host's Games.
FIRST_SCREENS = (("/who", LAN_ADDRESS), ("/games", HOST_ADDRESS))

_encode = configure_encode_object_for_msgpack(BaseControl)


def encode(payload: Any) -> bytes:
    return msgpack.packb(payload, default=_encode)


class UnseenConnection(Connection):
    """Encodes what would go to the browser, as the web server's connection does; keeps it or not."""

    def __init__(self, loop: asyncio.AbstractEventLoop, executor: concurrent.futures.Executor, hub: PubSubHub,
                 address: str, keep: bool = True) -> None:
        super().__init__()
        self.loop, self.executor, self.pubsubhub = loop, executor, hub
        self.page_url = f"ws://{address}:8550"
        self.keep = keep
        self.sent: list[bytes] = []

    def send_message(self, message: Any) -> None:
        body = encode([message.action, message.body])
        if self.keep:
            self.sent.append(body)


async def open_page(main: Main, conn: UnseenConnection, route: str, address: str, width: int = 360,
                    height: int = 740) -> Session:
    """What the web server does when a browser registers: apply what the client reports, send it the
    whole page (encoding it), then run `main`. The session is returned (its page holds it only weakly)."""
    session = Session(conn)
    session.page.client_ip = address
    _context_page.set(session.page)
    session.apply_page_patch({"route": route, "web": True, "width": width, "height": height})
    conn.send_message(type("Register", (), {"action": 1, "body": session.get_page_patch()})())
    await main(session.page)
    return session


async def draw(main: Main, screens: Iterable[tuple[str, str]]) -> list[str]:
    """Open each of `screens` (a route, the address of the phone that asks) on a page nobody sees that
    runs `main` (app.make_main's, without browser services), then close it; the routes each one showed."""
    loop = asyncio.get_running_loop()
    shown = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as executor:
        hub = PubSubHub(loop=loop, executor=executor)
        for route, address in screens:
            conn = UnseenConnection(loop, executor, hub, address, keep=False)
            session = await open_page(main, conn, route, address)
            shown.append(session.page.views[-1].data)  # the route it shows (companion/ui/shell.py, TAB_VIEW)
            if session.page.on_close:
                session.page.on_close(None)  # the page's watchers go
    return shown


def warm_up(main: Main, screens: Iterable[tuple[str, str]] = FIRST_SCREENS) -> threading.Thread:
    """Draw `screens` once, on pages nobody sees, in a thread of its own (its own event loop and
    pubsub: no phone hears them; the store is only read)."""

    def run() -> None:
        start = time.perf_counter()
        try:
            shown = asyncio.run(draw(main, screens))
        except Exception:  # noqa: BLE001 - a warm-up that fails costs the first phone its time, nothing more
            log.exception("the first screens could not be drawn ahead")
            return
        log.info("drawn ahead in %.0f ms: %s", (time.perf_counter() - start) * 1000, ", ".join(shown))
        mark("the first screens drawn ahead")

    thread = threading.Thread(target=run, name="warm-up", daemon=True)
    thread.start()
    return thread
