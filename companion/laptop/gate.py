"""Only the table gets in: the door in front of the Flet web app (plain ASGI).

- Every request's Host must name this machine (an IP address, `localhost` or its
  host name), and a browser's Origin must be the page's own: a web page elsewhere
  (or a DNS-rebinding trick) cannot reach the app through a phone's browser.
- With `--lan`, every request and websocket also needs the table's secret: the
  invitation link carries it once (`?k=...`) and the phone keeps it as a cookie.
  A phone without it gets a small page asking for the six-digit table code shown
  on the host; wrong codes are limited (see WrongCodes). Only what puts Companion on a home
  screen is let through without it (the web manifest, which browsers ask for without
  cookies, and its pictures): nothing of the table's.
- Flet's `Access-Control-Allow-Origin: *` is taken off every response.
"""

from __future__ import annotations

import hmac
import html
import ipaddress
import socket
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from companion.store.table_key import TableKey

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "companion_table"
KEY_PARAM = "k"
JOIN_PATH = "/join"
COOKIE_AGE = 60 * 60 * 24 * 365
WRONG_CODES_PER_MINUTE = 5  # per address
WRONG_CODES_PER_MINUTE_IN_ALL = 30  # past it, only addresses that have typed few wrong codes lately may try
MISTYPES_AN_HOUR = 2  # an address's wrong codes in the last hour that never keep it out while others guess
MINUTE = 60.0
FAILED_MEMORY = 3600  # seconds an address that typed a wrong code is remembered
REMEMBERED = 1024  # addresses remembered at most: past it, a busy table lets no new address past its limit
FORWARDED = "an address that X-Forwarded-For hides"
HEADERS_AT_MOST = 64 * 1024  # bytes of a request's headers: a phone's cookies for this address fit many times over
DENIAL = "websocket.http.response"  # the ASGI extension by which a websocket is refused with an HTTP answer
TOO_LARGE = ("This phone sent more cookies than Companion reads (over 64 KB). Clear this site's data in "
             "the browser's settings, then open the link again.")



def loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return address == "localhost"


def host_name(host: str) -> str:
    """'192.168.1.20' from '192.168.1.20:8550', '::1' from '[::1]:8550'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def names_of_this_machine() -> set[str]:
    name = socket.gethostname().lower()
    return {"localhost", name, f"{name}.local", f"{name}.lan"}


def host_allowed(host: str | None, names: set[str]) -> bool:
    """Whether a Host header names this machine: an IP address, or one of its names."""
    if not host:
        return False
    name = host_name(host)
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names


def same_origin(origin: str, host: str) -> bool:
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()


class WrongCodes:
    """Wrong table codes: an address may try while it has typed fewer than 5 in the last minute, and
    the table fewer than 30; past the table's 30, an address that has typed fewer than 2 in the last
    hour still may (so no one keeps out a phone that mistyped once, nor one that types the right code:
    issue 64), while the addresses that typed more wait. Guessing then gets at most 30 tries a minute,
    plus 2 an hour for each address (at most REMEMBERED of them): on average 500,000 tries find one
    code of a million."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._recent: deque[tuple[float, str]] = deque()  # the last minute's, oldest first
        self._mine: dict[str, int] = {}  # how many of them each address typed
        # An address's wrong codes of the last hour (their times), the address that typed one longest ago first.
        self._failed: OrderedDict[str, list[float]] = OrderedDict()

    def _forget_old(self, now: float) -> None:
        while self._recent and now - self._recent[0][0] >= MINUTE:
            _, address = self._recent.popleft()
            self._mine[address] -= 1
            if not self._mine[address]:
                del self._mine[address]
        while self._failed and now - next(iter(self._failed.values()))[-1] >= FAILED_MEMORY:
            self._failed.popitem(last=False)

    def allowed(self, address: str) -> bool:
        return self.refusal(address) is None

    def refusal(self, address: str) -> str | None:
        """Why `address` may not try a code now, in words for the phone (None: it may)."""
        now = self._clock()
        self._forget_old(now)
        if self._mine.get(address, 0) >= WRONG_CODES_PER_MINUTE:
            return ("Too many wrong codes from this phone. Wait a minute, then try again with the code shown on "
                    "the host, or scan the QR code on its screen.")
        mistyped = sum(1 for at in self._failed.get(address, ()) if now - at < FAILED_MEMORY)
        if len(self._recent) < WRONG_CODES_PER_MINUTE_IN_ALL or (
                mistyped < MISTYPES_AN_HOUR and (address in self._failed or len(self._failed) < REMEMBERED)):
            return None
        # Past the table's thirty, an address that typed 2 wrong codes waits while the guessing goes on (an hour
        # at most): "a minute" would not be true.
        return ("Too many wrong codes at this table just now (someone may be guessing it), and this phone "
                "typed one: scan the QR code on the host's screen, or open its link, which need no code.")

    def add(self, address: str) -> None:
        now = self._clock()
        self._recent.append((now, address))
        self._mine[address] = self._mine.get(address, 0) + 1
        self._failed[address] = [at for at in self._failed.get(address, ()) if now - at < FAILED_MEMORY] + [now]
        self._failed.move_to_end(address)


class TableGate:
    """ASGI middleware in front of the app. `key` gives the table's key with `--lan`;
    None serves this machine alone (no key needed, the Host and Origin are still checked)."""

    def __init__(self, app: ASGIApp, key: Callable[[], TableKey] | None = None,
                 names: set[str] | None = None, clock: Callable[[], float] = time.monotonic,
                 public: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.key = key
        self.public = public  # paths any browser of this machine's network may GET without the key
        self.names = names if names is not None else names_of_this_machine()
        self.wrong_codes = WrongCodes(clock)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        if sum(len(name) + len(value) for name, value in scope.get("headers", ())) > HEADERS_AT_MOST:
            return await _refuse(scope, send, 431, TOO_LARGE, in_words=True)
        headers = _headers(scope)
        host, origin = headers.get("host"), headers.get("origin")
        if not host_allowed(host, self.names) or (origin and not same_origin(origin, host or "")):
            return await _refuse(scope, send, 403, "This is not the address of Companion at this table.")
        if self.key is not None and not self._has_key(headers) and not self._is_public(scope):
            if scope["type"] == "websocket":
                return await _refuse(scope, send, 401, "Join the table first.")
            return await self._join(scope, receive, send)
        await self.app(scope, receive, _filtered(send) if scope["type"] == "http" else send)

    def _is_public(self, scope: Scope) -> bool:
        return scope["type"] == "http" and scope.get("method") in ("GET", "HEAD") and scope.get("path") in self.public

    def _has_key(self, headers: dict[str, str]) -> bool:
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header is simply no key
            return False
        held = cookie.get(COOKIE)
        return held is not None and self._is_secret(held.value)

    def _is_secret(self, value: str) -> bool:
        assert self.key is not None
        return hmac.compare_digest(value.encode(), self.key().secret.encode())

    async def _join(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A request without the key: the link's key, the code form, or the page asking for it."""
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        path = scope.get("path", "/")
        if KEY_PARAM in query:
            if self._is_secret(query[KEY_PARAM][0]):
                rest = urlencode({k: v for k, v in query.items() if k != KEY_PARAM}, doseq=True)
                return await self._let_in(send, path + (f"?{rest}" if rest else ""))
            return await _page(send, 401, join_page(path, "That link is for another table, or the code was "
                                                          "changed on the host. Type the code shown on the host."))
        if path == JOIN_PATH and scope.get("method") == "POST":
            form = parse_qs((await _body(receive)).decode("utf-8", "replace"))
            code = "".join(ch for ch in form.get("code", [""])[0] if ch.isdigit())
            then = _safe_next(form.get("next", ["/"])[0])
            address = counted_address(scope)
            refusal = self.wrong_codes.refusal(address)
            if refusal is not None:
                return await _page(send, 429, join_page(then, refusal))
            if hmac.compare_digest(code.encode(), self.key().code.encode()):  # type: ignore[misc]
                return await self._let_in(send, then)
            self.wrong_codes.add(address)
            return await _page(send, 401, join_page(then, "That is not the code of this table. "
                                                          "Look at the host's screen and try again."))
        await _page(send, 401, join_page(_safe_next(path)))

    async def _let_in(self, send: Send, location: str) -> None:
        assert self.key is not None
        cookie = f"{COOKIE}={self.key().secret}; Path=/; Max-Age={COOKIE_AGE}; HttpOnly; SameSite=Lax"
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", location.encode()), (b"set-cookie", cookie.encode()),
                                (b"cache-control", b"no-store"), (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


def counted_address(scope: Scope) -> str:
    """The address whose wrong codes a request counts: the connection's. X-Forwarded-For is never
    believed: uvicorn takes it for the client's address when it comes from this machine (its proxy
    headers), so every request that carries one counts as one and the same address."""
    if any(name.lower() == b"x-forwarded-for" for name, _ in scope.get("headers", [])):
        return FORWARDED
    return str((scope.get("client") or ("?", 0))[0])


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _safe_next(path: str) -> str:
    """Only a path of this site (never '//elsewhere')."""
    return path if path.startswith("/") and not path.startswith("//") and path != JOIN_PATH else "/"


async def _body(receive: Receive, most: int = 2048) -> bytes:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > most or not message.get("more_body"):
            return body[:most]


async def _refuse(scope: Scope, send: Send, status: int, text: str, in_words: bool = False) -> None:
    """Refuse a request with `status` and `text`. A websocket is closed before it opens (`4000 + status`);
    `in_words`, it is answered as a page is, with the status and the words, where the server lets a websocket
    be refused so (ASGI's websocket denial response: uvicorn's does)."""
    websocket = scope["type"] == "websocket"
    if websocket and not (in_words and DENIAL in scope.get("extensions", {})):
        await send({"type": "websocket.close", "code": 4000 + status})
        return
    kind = DENIAL if websocket else "http.response"
    body = text.encode()
    await send({"type": f"{kind}.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{kind}.body", "body": body})


async def _page(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"cache-control", b"no-store"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def _filtered(send: Send) -> Send:
    """`send` without Flet's `Access-Control-Allow-Origin: *`."""

    async def filtered(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"access-control-allow-origin"]
            message = {**message, "headers": headers}
        await send(message)

    return filtered


def join_page(then: str, problem: str = "") -> str:
    """The page a phone without the table's key sees: one big field for the code."""
    trouble = f'<p class="problem" role="alert">{html.escape(problem)}</p>' if problem else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Join the table · Companion</title>
<style>
body{{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#F4FBF8;color:#161D1B;}}
main{{max-width:420px;margin:0 auto;}}
h1{{font-size:1.6rem;margin:16px 0 8px;}}
p{{font-size:1.1rem;line-height:1.45;}}
label{{display:block;font-size:1.1rem;font-weight:600;margin:20px 0 8px;}}
input{{font-size:2rem;letter-spacing:.3em;width:100%;box-sizing:border-box;padding:12px;border:2px solid #00695C;
border-radius:12px;text-align:center;}}
button{{margin-top:16px;width:100%;min-height:56px;font-size:1.2rem;font-weight:600;border:0;border-radius:14px;
background:#00695C;color:#fff;}}
.problem{{background:#FFDAD6;color:#410002;border-radius:12px;padding:12px;}}
@media (prefers-color-scheme: dark){{body{{background:#0E1513;color:#DDE4E1;}}input{{background:#1A211F;color:#DDE4E1;}}}}
</style></head>
<body><main>
<h1>Join the table</h1>
<p>This Companion is for the players at this table. Scan the QR code on the host's screen, or type the
six-digit table code it shows (on the host: <b>Settings</b>, then <b>Invite phones to the table</b>).</p>
{trouble}
<form method="post" action="{JOIN_PATH}">
<label for="code">Table code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="7"
 required autofocus>
<input type="hidden" name="next" value="{html.escape(then, quote=True)}">
<button type="submit">Join</button>
</form>
</main></body></html>"""
