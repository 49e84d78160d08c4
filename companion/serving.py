"""Serving the web app with uvicorn so that SIGINT and SIGTERM stop it in a moment, and cleanly,
whatever a client sent.

Three things, each for a reason measured on Flet 1.0.5 and uvicorn 0.54:

- **Flet's handler of a websocket ends with it.** `FletApp.handle` stops its send loop only
  for a client that registered (flet_web/fastapi/flet_app.py: the sentinel is queued only
  `if self.__session`, then `handle` waits on the send loop). A client that sends a frame
  Flet cannot read (not msgpack, an unknown action...), breaks the websocket protocol
  (reserved bits, an unmasked frame...) or simply leaves before registering leaves a
  handler waiting forever. Each one keeps its task (and its connection, when the
  websocket itself is still open); on SIGINT/SIGTERM uvicorn then waits its whole graceful
  timeout and cancels them, logging a long traceback for each: a server whose output is not
  read fast enough (a pipe) blocks in that logging and no longer heeds any signal.
  `end_flet_handlers()` makes such a handler end as soon as its receive loop does.
- **Stopping returns.** uvicorn raises the caught signal again once it has shut down;
  SIGTERM's default action then kills the process before `companion`'s caller closes the
  store (cli.run's `finally`), and SIGINT ends in a KeyboardInterrupt traceback. `Server`
  lets `run()` return instead: the store is closed and the exit code is 0.
- **A last resort.** Should shutdown still not have finished `STOP_WITHIN` seconds after
  the first signal (the event loop blocked by something else), the store is closed and the
  process exits with code 1 without waiting further. Every write to the store is already
  complete on disk (written whole, then renamed), so nothing is lost.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator
from types import FrameType

import uvicorn
from uvicorn.server import HANDLED_SIGNALS

log = logging.getLogger(__name__)

STOP_WITHIN = 6.0  # seconds from the first signal: uvicorn's graceful timeout (2 s) and room to spare
CLOSE_WITHIN = 2.0  # seconds the last resort gives the store to close


class _LeftBeforeRegistering(Exception):
    """The client left, or sent what Flet could not read, before it registered: no session."""


def end_flet_handlers() -> None:
    """From now on, Flet's websocket handler ends when its receive loop ends, registered or not.
    Flet is pinned to 1.0.5 (pyproject.toml); tests/e2e/test_server_stops.py checks the hold."""
    from flet_web.fastapi.flet_app import FletApp

    routes = importlib.import_module("flet_web.fastapi.app")  # where Flet's websocket route makes its FletApp
    if routes.FletApp is not FletApp:
        return  # done already
    if not hasattr(FletApp, "_FletApp__receive_loop"):
        log.warning("Flet's websocket handler has changed: handlers of clients that never registered may linger")
        return

    class EndingFletApp(FletApp):
        async def _FletApp__receive_loop(self) -> None:
            await super()._FletApp__receive_loop()
            if self._FletApp__session is None:
                self._FletApp__send_queue.put_nowait(None)  # ends the send loop, as Flet does for a session
                raise _LeftBeforeRegistering

        async def handle(self, websocket) -> None:
            with contextlib.suppress(_LeftBeforeRegistering):
                await super().handle(websocket)

    routes.FletApp = EndingFletApp


class Server(uvicorn.Server):
    """`uvicorn.Server` whose `run()` returns after SIGINT or SIGTERM (see the module docstring).
    `before_forced_exit` (closing the store) runs before the last resort ends the process."""

    def __init__(self, config: uvicorn.Config, before_forced_exit: Callable[[], None] | None = None,
                 stop_within: float = STOP_WITHIN) -> None:
        super().__init__(config)
        self.before_forced_exit = before_forced_exit
        self.stop_within = stop_within
        self._returned = threading.Event()

    def run(self, sockets=None) -> None:
        try:
            super().run(sockets=sockets)
        finally:
            self._returned.set()

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        """uvicorn's, without raising the caught signal again afterwards."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        original_handlers = {sig: signal.signal(sig, self.handle_exit) for sig in HANDLED_SIGNALS}
        try:
            yield
        finally:
            for sig, handler in original_handlers.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        first = not self.should_exit
        super().handle_exit(sig, frame)
        if first:
            threading.Thread(target=self._last_resort, name="stop-watchdog", daemon=True).start()

    def _last_resort(self) -> None:
        if self._returned.wait(self.stop_within):
            return
        closing = threading.Thread(target=self._close_before_exit, name="close-before-exit", daemon=True)
        closing.start()
        closing.join(CLOSE_WITHIN)
        os._exit(1)

    def _close_before_exit(self) -> None:
        try:
            if self.before_forced_exit is not None:
                self.before_forced_exit()
        except Exception:  # exiting all the same: every completed write is on disk
            log.exception("closing before the forced exit failed")
        print(f"companion: the server did not stop within {self.stop_within:.0f} s of the signal; "
              "exiting without waiting for it.", file=sys.stderr, flush=True)
