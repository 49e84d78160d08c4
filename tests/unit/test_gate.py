"""The door in front of the app: only this machine's addresses, only the page's own origin,
and with --lan only phones holding the table's key (the link's, or the code typed)."""

from __future__ import annotations

import asyncio

import pytest

from companion.laptop.gate import COOKIE, DENIAL, HEADERS_AT_MOST, TOO_LARGE, TableGate, host_allowed, same_origin
from companion.store.table_key import TableKey, load_table_key, renew_table_key

KEY = TableKey("s3cret-s3cret-s3cret-xyz", "482913")
NAMES = {"localhost", "gamebox", "gamebox.local"}


class App:
    """The app behind the gate: records what reached it, answers with Flet's headers."""

    def __init__(self, content_type: bytes = b"text/plain", body: bytes = b"app") -> None:
        self.calls: list[str] = []
        self.content_type, self.body = content_type, body

    async def __call__(self, scope, receive, send) -> None:
        self.calls.append(scope["path"])
        if scope["type"] == "websocket":
            await send({"type": "websocket.accept"})
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", self.content_type), (b"content-length", str(len(self.body)).encode()),
                                (b"access-control-allow-origin", b"*")]})
        await send({"type": "http.response.body", "body": self.body})


def call(gate, path="/", method="GET", kind="http", host="192.168.1.20:8550", origin=None, cookie=None,
         query=b"", body=b"", client="192.168.1.31"):
    headers = [(b"host", host.encode())]
    if origin:
        headers.append((b"origin", origin.encode()))
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    scope = {"type": kind, "path": path, "method": method, "headers": headers, "query_string": query,
             "client": (client, 50000)}
    sent: list[dict] = []
    chunks = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive():
        return chunks.pop(0) if chunks else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    asyncio.run(gate(scope, receive, send))
    return sent


def status(sent) -> int:
    return sent[0].get("status") or sent[0].get("code")


def header(sent, name: bytes) -> bytes | None:
    return next((v for k, v in sent[0].get("headers", []) if k == name), None)


def text(sent) -> str:
    return b"".join(m.get("body", b"") for m in sent[1:]).decode()


@pytest.fixture
def app() -> App:
    return App()


@pytest.fixture
def lan(app) -> TableGate:
    return TableGate(app, key=lambda: KEY, names=NAMES)


def test_the_host_header_must_name_this_machine() -> None:
    assert host_allowed("192.168.1.20:8550", NAMES) and host_allowed("[::1]:8550", NAMES)
    assert host_allowed("localhost:8550", NAMES) and host_allowed("GameBox.local", NAMES)
    assert not host_allowed("evil.example", NAMES) and not host_allowed("", NAMES) and not host_allowed(None, NAMES)


def test_a_browser_origin_must_be_the_pages_own() -> None:
    assert same_origin("http://192.168.1.20:8550", "192.168.1.20:8550")
    assert not same_origin("http://evil.example", "192.168.1.20:8550")
    assert not same_origin("http://192.168.1.20:9999", "192.168.1.20:8550")


def test_a_foreign_host_or_origin_is_refused_before_the_app(lan, app) -> None:
    cookie = f"{COOKIE}={KEY.secret}"
    assert status(call(lan, host="evil.example", cookie=cookie)) == 403
    assert status(call(lan, origin="http://evil.example", cookie=cookie)) == 403
    assert status(call(lan, kind="websocket", path="/ws", origin="http://evil.example", cookie=cookie)) == 4403
    assert app.calls == []


def test_without_the_key_a_phone_gets_the_code_page_and_reaches_nothing(lan, app) -> None:
    page = call(lan, path="/history")
    assert status(page) == 401 and "Join the table" in text(page) and 'value="/history"' in text(page)
    assert status(call(lan, path="/main.dart.wasm")) == 401
    assert status(call(lan, kind="websocket", path="/ws", origin="http://192.168.1.20:8550")) == 4401
    assert status(call(lan, cookie=f"{COOKIE}=guess")) == 401
    assert app.calls == []


def test_what_puts_companion_on_a_home_screen_needs_no_key(app) -> None:
    # Browsers ask for the web manifest without cookies: at a table served with --lan it
    # was refused (401), so a phone could not put Companion on its home screen.
    public = frozenset({"/manifest.json", "/icons/icon-192.png"})
    gate = TableGate(app, key=lambda: KEY, names=NAMES, public=public)
    assert status(call(gate, path="/manifest.json")) == 200 and status(call(gate, path="/icons/icon-192.png")) == 200
    assert status(call(gate, path="/manifest.json", method="HEAD")) == 200
    assert status(call(gate, path="/manifest.json", method="POST")) == 401  # only asked for, never sent to
    assert status(call(gate, path="/icons/other.png")) == 401 and status(call(gate, path="/")) == 401
    assert status(call(gate, kind="websocket", path="/manifest.json", origin="http://192.168.1.20:8550")) == 4401
    assert status(call(gate, path="/manifest.json", host="evil.example")) == 403  # the host is still checked
    assert app.calls == ["/manifest.json", "/icons/icon-192.png", "/manifest.json"]


def test_the_links_key_lets_the_phone_in_and_leaves_the_address_clean(lan, app) -> None:
    sent = call(lan, path="/sheets", query=f"k={KEY.secret}&x=1".encode())
    assert status(sent) == 303 and header(sent, b"location") == b"/sheets?x=1"
    assert header(sent, b"set-cookie").startswith(f"{COOKIE}={KEY.secret};".encode())
    assert b"HttpOnly" in header(sent, b"set-cookie")
    wrong = call(lan, query=b"k=old-key")
    assert status(wrong) == 401 and "another table" in text(wrong)
    assert app.calls == []


def test_the_table_code_lets_a_phone_in_and_wrong_codes_are_limited(lan, app) -> None:
    good = call(lan, path="/join", method="POST", body=b"code=482+913&next=%2Fscores")
    assert status(good) == 303 and header(good, b"location") == b"/scores"
    assert header(good, b"set-cookie").startswith(f"{COOKIE}={KEY.secret};".encode())
    outside = call(lan, path="/join", method="POST", body=b"code=482913&next=%2F%2Fevil.example")
    assert header(outside, b"location") == b"/"
    for _ in range(5):
        wrong = call(lan, path="/join", method="POST", body=b"code=111111", client="192.168.1.66")
        assert status(wrong) == 401 and "not the code of this table" in text(wrong)
    assert status(call(lan, path="/join", method="POST", body=b"code=482913", client="192.168.1.66")) == 429
    assert status(call(lan, path="/join", method="POST", body=b"code=482913", client="192.168.1.67")) == 303
    assert app.calls == []


def test_with_the_key_the_app_answers_without_flets_open_cors_header(lan, app) -> None:
    sent = call(lan, cookie=f"other=1; {COOKIE}={KEY.secret}")
    assert status(sent) == 200 and text(sent) == "app" and app.calls == ["/"]
    assert header(sent, b"access-control-allow-origin") is None
    assert status(call(lan, kind="websocket", path="/ws", origin="http://192.168.1.20:8550",
                       cookie=f"{COOKIE}={KEY.secret}")) is None  # accepted
    assert app.calls == ["/", "/ws"]


def test_serving_this_machine_alone_needs_no_key_but_still_checks_host_and_origin(app) -> None:
    gate = TableGate(app, key=None, names=NAMES)
    assert status(call(gate, host="127.0.0.1:8550")) == 200
    assert status(call(gate, host="evil.example")) == 403
    assert status(call(gate, kind="websocket", host="127.0.0.1:8550", origin="http://evil.example")) == 4403


def test_the_table_key_is_kept_in_the_data_folder_and_renewed_on_request(tmp_path) -> None:
    first = load_table_key(tmp_path)
    assert load_table_key(tmp_path) == first and len(first.code) == 6 and first.code.isdigit()
    assert first.spoken_code == f"{first.code[:3]} {first.code[3:]}"
    renewed = renew_table_key(tmp_path)
    assert renewed != first and load_table_key(tmp_path) == renewed
    (tmp_path / "table-key.json").write_text("{broken")
    assert load_table_key(tmp_path) == renewed  # its copy takes its place: every phone stays in
    (tmp_path / "table-key.json").write_text("{broken")
    (tmp_path / "table-key.copy.json").write_text("{broken")
    assert load_table_key(tmp_path) not in (first, renewed)  # both damaged: a new key


@pytest.mark.parametrize("denial", [True, False], ids=["the server answers in words", "it can only close"])
def test_a_websocket_with_headers_over_the_limit_is_refused_in_words_where_the_server_lets_it(app, denial) -> None:
    # Issue 44: the page's 431 says what to do; its websocket's says the same where ASGI's websocket denial
    # response is offered (uvicorn's protocol offers it: tests/unit/test_gate_headers.py), else it is closed.
    sent: list[dict] = []
    scope = {"type": "websocket", "path": "/ws", "query_string": b"", "client": ("127.0.0.1", 50000),
             "headers": [(b"host", b"127.0.0.1:8550"), (b"cookie", b"c=" + b"x" * HEADERS_AT_MOST)],
             **({"extensions": {DENIAL: {}}} if denial else {})}

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    asyncio.run(TableGate(app, key=None, names=NAMES)(scope, receive, send))
    assert app.calls == []
    if denial:
        assert [m["type"] for m in sent] == [f"{DENIAL}.start", f"{DENIAL}.body"] and sent[0]["status"] == 431
        assert sent[1]["body"].decode() == TOO_LARGE
    else:
        assert sent == [{"type": "websocket.close", "code": 4431}]
