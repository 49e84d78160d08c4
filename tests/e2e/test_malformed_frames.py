"""A malformed websocket frame costs the real server one log line, not a traceback per frame
(companion/serving.py, MalformedFrames), and the server still serves a phone afterwards.

Before the fix, Flet's receive loop logged "Receive loop error" with a whole traceback for each
frame it could not read: 33 such frames gave 33 tracebacks.
"""

from __future__ import annotations

import logging
import socket

import msgpack

from companion.laptop.serving import FRAME_LINES_PER_MINUTE, MalformedFrames
from tests.e2e.conftest import PHONE
from tests.e2e.test_server_stops import frame, open_websocket, register

REGISTER = [1, {"session_id": None, "page_name": "", "page": {"route": "/", "width": 400.0, "height": 800.0}}]
MALFORMED = [
    (b"\x00not msgpack at all \xc1", 2),  # not msgpack
    (b"\x00" + msgpack.packb(REGISTER)[:-3], 2),  # msgpack cut short
    (b"\x00" + msgpack.packb({"x": 1}), 2),  # the wrong shape: a map, not [action, body]
    (b"\x00" + msgpack.packb([99, {}]), 2),  # an action Flet does not know
    (b"\x00" + msgpack.packb([1, "x"]), 2),  # a registration whose body is text
    (b"\x00" + msgpack.packb([1, {"page_name": 5, "nope": 1}]), 2),  # a registration of the wrong fields
    (b"\x00" + msgpack.packb(5), 2),  # a bare number
    (bytes(range(256)) * 4, 2),  # binary garbage
    (b"\x00" + b"\x91" * 60_000, 2),  # nested 60,000 deep
    (b"\x00" + b"\xdb\xff\xff\xff\xff", 2),  # a text of 4 GB announced
    (b"a text frame", 1),  # text where Flet reads binary
]
ROUNDS = 3


def send_malformed(port: int, payload: bytes, opcode: int, registered: bool) -> None:
    sock = open_websocket(port)
    try:
        if registered:
            register(sock)
        sock.sendall(frame(payload, opcode))
        sock.settimeout(5)
        try:
            while sock.recv(65536):  # until the server closes it
                pass
        except (TimeoutError, socket.timeout, ConnectionError):
            pass
    finally:
        sock.close()


def test_malformed_frames_cost_a_few_lines_and_no_traceback_and_a_phone_still_plays(make_server, browser) -> None:
    server = make_server()
    sent = 0
    for n in range(ROUNDS):
        for payload, opcode in MALFORMED:
            send_malformed(server.port, payload, opcode, registered=n == 1)  # a registered client's too
            sent += 1
    assert sent == 33
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        from tests.browser import AppPage

        phone = AppPage(context.new_page()).open(server.url + "/dice")
        phone.see(phone.tab("Dice"))
    finally:
        context.close()
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    lines = [line for line in log.splitlines() if "that Flet cannot read" in line]
    assert 1 <= len(lines) <= FRAME_LINES_PER_MINUTE, log
    assert all("127.0.0.1:" in line for line in lines), lines
    assert len(log.splitlines()) <= 3 + FRAME_LINES_PER_MINUTE + 2, log  # the 3 lines of the start, and these


def test_the_line_after_a_quiet_minute_says_how_many_were_left_out() -> None:
    now = [0.0]
    frames = MalformedFrames(per_minute=2, clock=lambda: now[0])

    def warning(error: Exception) -> logging.LogRecord:
        record = logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1, f"Receive loop error: {error}",
                                   (), (type(error), error, None))
        return record

    kept = [frames.filter(warning(ValueError(f"bad {n}"))) for n in range(5)]
    assert kept == [True, True, False, False, False]
    now[0] = 61.0
    record = warning(KeyError(0))
    assert frames.filter(record)
    assert record.getMessage() == ("a frame from a client that Flet cannot read (KeyError: 0): its connection is "
                                   "closed (3 more since were not logged)")
    assert record.exc_info is None
    other = logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1, "Something else", (), None)
    assert frames.filter(other) and other.getMessage() == "Something else"


def test_a_null_byte_or_a_name_too_long_in_a_path_is_a_plain_404_not_a_traceback(make_server) -> None:
    # Issue 44: "/%00" answered 500 with a traceback in the server's log, per request, from anyone.
    import urllib.error
    import urllib.request

    server = make_server()
    # The same for a name no file system takes (over 255 bytes: ENAMETOOLONG, a 500 and a traceback before).
    for path in ("/%00", "/a%00b.js", "/assets/%00", "/" + "a" * 300, "/assets/" + "a/" * 3000 + "b.js"):
        try:
            urllib.request.urlopen(server.url + path, timeout=5)
            status = 200
        except urllib.error.HTTPError as exc:
            status = exc.code
        assert status == 404, (path, status)
    urllib.request.urlopen(server.url + "/", timeout=5)  # and it still serves
    assert "Traceback" not in server.log.read_text()

