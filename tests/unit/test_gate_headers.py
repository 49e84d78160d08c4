"""Large headers on the real server: a websocket's opening request is answered as the page's own
requests are, never left hanging (issue 44).

A phone's cookies for the laptop's address (other programs there set them too) can grow past 8 KB.
Its page still loaded, but its websocket was never answered: websockets, behind uvicorn, refused the
request (a header line over its 8 KB, or more than 128 headers) and queued a 431 that uvicorn's
sans-I/O protocol never sent. Now the page and its websocket take the same headers, up to the gate's
64 KB in all, and both refuse more with the gate's 431 in words.

Each request goes to `python -m companion` on a loopback port through a raw socket, as a browser sends
it; an answer is awaited for `ANSWER_WITHIN` seconds, a deadline for an event, not a speed.
"""

from __future__ import annotations

import base64
import os
import socket
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.laptop.gate import HEADERS_AT_MOST, TOO_LARGE
from tests.browser import Server, free_port

# One worker runs the whole module (make test runs two): its server, started once for the module.
pytestmark = pytest.mark.xdist_group("gate-headers")

ANSWER_WITHIN = 30.0  # seconds: a loaded machine answers in well under one; left hanging, it never does


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(Path(tmp_path_factory.mktemp("headers")) / "data", free_port())
    server.start()
    yield server
    server.stop()
    assert "Traceback" not in server.log.read_text(errors="replace")


def cookies(*sizes: int) -> bytes:
    """One Cookie header line of each size (in bytes of its value)."""
    return b"".join(b"Cookie: crumbs%d=%s\r\n" % (n, b"x" * (size - len(b"crumbs%d=" % n)))
                    for n, size in enumerate(sizes))


def answer_to(port: int, headers: bytes, websocket: bool) -> Answer | None:
    """What the server answers a request for the page (or its websocket) carrying `headers`; None when
    nothing came within `ANSWER_WITHIN` seconds. A websocket accepted stays open: its 101 is the answer."""
    upgrade = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               b"Sec-WebSocket-Key: %s\r\n" % base64.b64encode(os.urandom(16)) if websocket else b"")
    request = (b"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n%s%s\r\n"
               % (b"/ws" if websocket else b"/", port, port, upgrade, headers))
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_WITHIN) as sock:
        sock.sendall(request)
        received = b""
        try:
            while not (received.startswith(b"HTTP/1.1 101") and b"\r\n\r\n" in received):
                chunk = sock.recv(65536)
                if not chunk:  # answered and closed
                    break
                received += chunk
                head, _, body = received.partition(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), None)
                if length is not None and len(body) >= length:  # a whole answer (the page's stays open)
                    break
        except (TimeoutError, socket.timeout):
            return None
    if not received:
        return Answer(0, b"")  # closed without a word: answered all the same
    head, _, body = received.partition(b"\r\n\r\n")
    return Answer(int(head.split(b" ")[1]), body)


UNDER = {  # what a phone's browser may send, under the gate's 64 KB of headers
    "a 9 KB cookie": cookies(9_000),
    "a 40 KB cookie": cookies(40_000),
    "200 headers": b"".join(b"X-Extra-%d: %d\r\n" % (n, n) for n in range(200)),
}
OVER = {  # over it: refused by the gate in words, the page and its websocket alike
    "a 70 KB cookie": cookies(70_000),
    "two cookie lines of 40 KB": cookies(40_000, 40_000),
}


@pytest.mark.parametrize("websocket", [True, False], ids=["websocket", "page"])
@pytest.mark.parametrize("headers", UNDER.values(), ids=list(UNDER))
def test_headers_under_the_limit_open_the_page_and_its_websocket(server, headers, websocket) -> None:
    answer = answer_to(server.port, headers, websocket)
    assert answer is not None, f"no answer within {ANSWER_WITHIN:.0f} s: the request was left hanging"
    assert answer.status == (101 if websocket else 200), answer


@pytest.mark.parametrize("websocket", [True, False], ids=["websocket", "page"])
@pytest.mark.parametrize("headers", OVER.values(), ids=list(OVER))
def test_headers_over_the_limit_are_refused_with_the_431_in_words(server, headers, websocket) -> None:
    assert len(headers) > HEADERS_AT_MOST
    answer = answer_to(server.port, headers, websocket)
    assert answer is not None, f"no answer within {ANSWER_WITHIN:.0f} s: the request was left hanging"
    assert answer.status == 431 and answer.body.decode() == TOO_LARGE, answer


def test_an_opening_request_websockets_refuses_is_answered_not_left_hanging(server) -> None:
    # Transfer-Encoding on a websocket's opening request: uvicorn's HTTP parser passes it, websockets
    # refuses it (not a handshake it reads) and ends the connection, which uvicorn never did.
    answer = answer_to(server.port, b"Transfer-Encoding: chunked\r\n", websocket=True)
    assert answer is not None, f"no answer within {ANSWER_WITHIN:.0f} s: the request was left hanging"
    assert answer.status != 101, answer
    assert answer_to(server.port, b"", websocket=True) == Answer(101, b"")  # and the next one opens
