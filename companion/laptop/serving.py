"""Serving the web app with uvicorn so that SIGINT and SIGTERM stop it in a moment, and cleanly,
whatever a client sent.

Each of these for a reason measured on Flet 1.0.5 and uvicorn 0.54:

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
- **A malformed frame costs one line.** Flet's receive loop logs a warning with a whole
  traceback for every frame it cannot read (not msgpack, cut short, of the wrong shape, text
  instead of binary...), so a client sending them fills the log. `MalformedFrames` turns each
  into one line naming the peer and what was wrong, and logs at most `FRAME_LINES_PER_MINUTE`
  of them a minute (the next one says how many were left out).
- **A websocket's opening request is read as the page's own.** uvicorn's HTTP parser reads the
  request whole, then hands websockets a copy of it (`handle_websocket_upgrade`), which websockets
  parses again under its own limits: a header line of 8 KB and 128 headers (`websockets.http11`'s
  `MAX_LINE_LENGTH`, `MAX_NUM_HEADERS`). A phone whose cookies for this address grew past 8 KB loaded
  its page and could not open its websocket. Those limits guard no memory there (the request is in
  memory already), so `read_handshakes_whole()` lifts them: the gate's limit, the same for the page
  and its websocket, is the one that holds (`gate.HEADERS_AT_MOST`, refused with a 431 in words).
- **A refused handshake is answered.** websockets refuses an opening request it cannot read by
  queuing its answer (or the end of the connection), which uvicorn's `websockets-sansio` protocol
  never sends: the phone waited forever. `WebSockets` sends it and closes the connection.
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
import contextvars
import importlib
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator
from types import FrameType

import uvicorn
import websockets.http11
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import HANDLED_SIGNALS

from companion.join_trace import mark
from companion.ui.phone import PHONE_COOKIE, connection_cookie

log = logging.getLogger(__name__)

STOP_WITHIN = 6.0  # seconds from the first signal: uvicorn's graceful timeout (2 s) and room to spare
CLOSE_WITHIN = 2.0  # seconds the last resort gives the store to close
FRAME_LINES_PER_MINUTE = 3  # lines about malformed frames, for all clients together
FLET_LOGGER = "flet_web.fastapi"  # flet_web/fastapi/flet_app.py's logger
RECEIVE_ERROR = "Receive loop error"  # how its receive loop's warning begins
_peer: contextvars.ContextVar[str] = contextvars.ContextVar("companion_websocket_peer", default="a client")


class MalformedFrames(logging.Filter):
    """Flet's "Receive loop error" warning (a traceback each) becomes one line naming the peer and what
    was wrong; past `per_minute` such lines in a minute, the rest are counted and the next line says so."""

    def __init__(self, per_minute: int = FRAME_LINES_PER_MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.per_minute = per_minute
        self._clock = clock
        self._logged: list[float] = []  # when the lines of the last minute were logged
        self._left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not (isinstance(record.msg, str) and record.msg.startswith(RECEIVE_ERROR)):
            return True
        now = self._clock()
        self._logged = [t for t in self._logged if now - t < 60.0]
        if len(self._logged) >= self.per_minute:
            self._left_out += 1
            return False
        self._logged.append(now)
        error = record.exc_info[1] if record.exc_info else None
        what = f"{type(error).__name__}: {error}" if error is not None else record.getMessage()
        what = what if len(what) <= 120 else what[:117] + "..."
        left_out = f" ({self._left_out} more since were not logged)" if self._left_out else ""
        self._left_out = 0
        record.msg = f"a frame from {_peer.get()} that Flet cannot read ({what}): its connection is closed{left_out}"
        record.args = ()
        record.exc_info = record.exc_text = record.stack_info = None
        return True


class _LeftBeforeRegistering(Exception):
    """The client left, or sent what Flet could not read, before it registered: no session."""


def end_flet_handlers() -> None:
    """From now on, Flet's websocket handler ends when its receive loop ends, registered or not, and a
    frame it cannot read is logged in one line (`MalformedFrames`). Flet is pinned to 1.0.5
    (pyproject.toml); tests/e2e/test_server_stops.py and test_malformed_frames.py check the hold."""
    from fastapi import WebSocketDisconnect
    from flet_web.fastapi.flet_app import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager

    flet_log = logging.getLogger(FLET_LOGGER)
    if not any(isinstance(f, MalformedFrames) for f in flet_log.filters):
        flet_log.addFilter(MalformedFrames())

    routes = importlib.import_module("flet_web.fastapi.app")  # where Flet's websocket route makes its FletApp
    if routes.FletApp is not FletApp:
        return  # done already
    if not all(hasattr(FletApp, name) for name in ("_FletApp__receive_loop", "_FletApp__get_unique_session_id",
                                                   "_FletApp__on_session_created", "dispose")):
        log.warning("Flet's websocket handler has changed: handlers of clients that never registered may linger")
        return

    class EndingFletApp(FletApp):
        _drawing_first = False  # the page's `main` runs (its first screen drawn)
        _left_meanwhile = False  # the phone left meanwhile

        async def _FletApp__on_session_created(self) -> None:
            # Flet reads its session again once `main` returns; a phone that left meanwhile had it disposed
            # (set to None): a traceback in the log for every quick leave. Disposed once `main` is done.
            self._drawing_first = True
            try:
                await super()._FletApp__on_session_created()
            finally:
                self._drawing_first = False
                if self._left_meanwhile:
                    super().dispose()

        def dispose(self) -> None:
            if self._drawing_first:
                self._left_meanwhile = True
                return
            super().dispose()

        async def _FletApp__receive_loop(self) -> None:
            await super()._FletApp__receive_loop()
            if self._FletApp__session is None:
                self._FletApp__send_queue.put_nowait(None)  # ends the send loop, as Flet does for a session
                raise _LeftBeforeRegistering

        async def handle(self, websocket) -> None:
            client = getattr(websocket, "client", None)
            _peer.set(f"{client.host}:{client.port}" if client else "a client")  # for MalformedFrames' line
            connection_cookie.set(websocket.cookies.get(PHONE_COOKIE))  # what the phone kept, for its page
            mark("websocket opened")
            try:
                with contextlib.suppress(_LeftBeforeRegistering):
                    await super().handle(websocket)
            except WebSocketDisconnect:
                # The phone left while its page was being sent (a reload, a lost connection): Flet's send
                # loop raises, and its handler stops before letting the page session go. Let it go here
                # (it expires as any left page does), without a traceback in the server's output.
                session = self._FletApp__session
                if session is not None:
                    await app_manager.disconnect_session(self._FletApp__get_unique_session_id(session.id),
                                                         self._FletApp__session_timeout_seconds)

    routes.FletApp = EndingFletApp


def read_handshakes_whole() -> None:
    """From now on, websockets reads a websocket's opening request with no limits of its own: uvicorn's HTTP
    parser has read it already, and the gate refuses one over `gate.HEADERS_AT_MOST` in words (see the
    module docstring). websockets 17 reads these two at each request (`http11.parse_line`, `parse_headers`);
    tests/unit/test_gate_headers.py checks the hold."""
    if not all(hasattr(websockets.http11, name) for name in ("MAX_LINE_LENGTH", "MAX_NUM_HEADERS")):
        log.warning("websockets' header limits have changed: a phone with large cookies may not open its websocket")
        return
    websockets.http11.MAX_LINE_LENGTH = sys.maxsize
    websockets.http11.MAX_NUM_HEADERS = sys.maxsize


class WebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (`ws="websockets-sansio"`), answering an opening request websockets refuses."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.handshake_exc is not None and not self.handshake_initiated and not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()


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

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        mark("listening")

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
