"""SIGTERM and SIGINT stop the real server in a moment, and cleanly, whatever a client sent
(companion/serving.py). No browser: raw websockets on a socket.

Before the fix, a websocket that broke the protocol or sent what Flet cannot read left
Flet's handler waiting forever: every stop waited out uvicorn's graceful timeout and
cancelled it (a long traceback each), and uvicorn then raised the signal again, which
killed the process before the store was closed (exit code -15).
"""

from __future__ import annotations

import base64
import os
import signal
import socket
import struct
import time

import msgpack
import pytest

# Not a figure (it takes well under a second): a limit for a test that would otherwise wait for ever. What
# says the stop was prompt and clean is its exit code: a stop that outlasts uvicorn's graceful timeout is
# ended by the server's last resort (serving.STOP_WITHIN), exit 1, or says "graceful shutdown exceeded".
HANG = 60.0  # seconds


def open_websocket(port: int) -> socket.socket:
    """A websocket on Flet's endpoint, through the HTTP upgrade a browser makes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, f"the server closed the connection: {answer!r}"
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def frame(payload: bytes, opcode: int = 2, reserved: int = 0) -> bytes:
    """One final client frame (masked, as a client's must be)."""
    mask = os.urandom(4)
    size = len(payload)
    length = bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack(">H", size)
    return (bytes([0x80 | reserved << 4 | opcode]) + length + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def register(sock: socket.socket) -> None:
    """What Flet's client sends first: a normal client, with a session, from then on."""
    body = {"session_id": None, "page_name": "", "page": {"route": "/", "width": 400.0, "height": 800.0}}
    sock.sendall(frame(b"\x00" + msgpack.packb([1, body])))  # 0x00: a Flet protocol message; 1: register
    assert sock.recv(2)[0] == 0x82, "no answer to the registration"  # a binary frame back: registered


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_stops_promptly_and_cleanly_whatever_a_client_sent(make_server, sig) -> None:
    server = make_server()
    normal = open_websocket(server.port)
    register(normal)
    unreadable = open_websocket(server.port)  # a frame Flet cannot read: not msgpack; the websocket stays open
    unreadable.sendall(frame(b"\x00\xc1"))
    broken = open_websocket(server.port)  # a frame that breaks the protocol: reserved bits set
    broken.sendall(frame(b"abc", reserved=4))
    time.sleep(0.5)  # the server reads them

    server.process.send_signal(sig)
    try:
        code = server.process.wait(timeout=HANG)
    except Exception:
        server.kill()
        pytest.fail(f"the server still ran {HANG:.0f} s after {sig.name}:\n{server.log.read_text()}")
    for sock in (normal, unreadable, broken):
        sock.close()

    log = server.log.read_text()
    assert code == 0, f"exit code {code} after {sig.name} (0: stopped, and the store closed):\n{log}"
    assert "graceful shutdown exceeded" not in log, f"a connection's handler had to be cancelled:\n{log}"


def test_ctrl_c_as_soon_as_it_is_offered_stops_without_a_traceback(tmp_path) -> None:
    # Issue 44: Ctrl+C within a second of "Press Ctrl+C to stop." printed a KeyboardInterrupt traceback (3 of
    # 4 timings): the signal came before the server took SIGINT over.
    import subprocess
    import sys

    from tests.browser import free_port

    for attempt in range(4):
        process = subprocess.Popen([sys.executable, "-m", "companion", "--port", str(free_port()), "--data-dir",
                                    str(tmp_path / f"data{attempt}")], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, env={**os.environ, "FLET_FORCE_WEB_SERVER": "1"})
        said = []
        for line in process.stdout:
            said.append(line)
            if "Press Ctrl+C to stop." in line:
                break
        time.sleep((0, 0.1, 0.25, 0.5)[attempt])  # at once, and a little later (the imports: see cli.StoppedEarly)
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=HANG)
        output = "".join(said) + rest
        assert process.returncode == 0, output
        assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
