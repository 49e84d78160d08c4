"""What each phone keeps about itself, in its own browser: who plays on it, its theme,
its text size and a token naming the phone itself (a player is on one phone at a time: see
`claims.py`). Nothing here is shared with the other phones at the table."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
from typing import Any
from urllib.parse import unquote

import flet as ft

from companion.core.actions import TABLE

log = logging.getLogger(__name__)

PLAYER = "companion.player"  # a roster player's id, or TABLE: the phone passed around
DEVICE = "companion.device"  # this phone, at the table: a random token it keeps (claims.PhoneSeats)
THEME = "companion.theme"
TEXT_SIZE = "companion.text_size"  # read by the lines added to the page (page_scripts.TEXT_SIZE_KEY)
THEMES = ("system", "light", "dark")
TEXT_SIZES = (100, 115, 130, 150, 200)  # percent of the normal text size
LARGE_TEXT = 150  # from this size on, screens stack what they put side by side
DEFAULTS: dict[str, Any] = {PLAYER: None, THEME: "system", TEXT_SIZE: 100, DEVICE: None}
CLIENT_TIMEOUT = 5.0  # seconds to wait for the browser's storage
# What the phone kept, as the page's script hands it to the server: a cookie its websocket carries
# (page_scripts.PHONE_COOKIE_SCRIPT), read by serving.py for the page the connection makes.
PHONE_COOKIE = "companion_phone"
MAX_COOKIE = 400  # characters: far more than three settings take
connection_cookie: contextvars.ContextVar[str | None] = contextvars.ContextVar("companion_phone_cookie",
                                                                             default=None)


def valid(key: str, value: Any) -> bool:
    if key == PLAYER:
        return isinstance(value, str) and 0 < len(value) <= 40
    if key == THEME:
        return value in THEMES
    if key == TEXT_SIZE:
        return value in TEXT_SIZES
    if key == DEVICE:
        return isinstance(value, str) and 16 <= len(value) <= 64 and value.replace("-", "").replace("_", "").isalnum()
    return False


class PhonePrefs:
    """A phone's own settings, kept in memory (a headless page); `BrowserPrefs` keeps them in the browser."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values: dict[str, Any] = {k: v for k, v in (values or {}).items() if valid(k, v)}

    asks_browser = False  # whether `load` asks the browser (a round trip before the first screen)

    async def load(self) -> None:
        """Read what the phone kept (nothing to read in memory)."""

    def get(self, key: str) -> Any:
        return self.values.get(key, DEFAULTS[key])

    async def save(self, key: str, value: Any) -> None:
        if not valid(key, value):
            raise ValueError(f"{value!r} is not a {key}")
        self.values[key] = value


def from_cookie(text: str | None) -> dict[str, Any] | None:
    """The settings in the phone's cookie (JSON, percent-encoded), only those valid; None when it
    cannot be read (the browser is asked instead)."""
    if not text or len(text) > MAX_COOKIE:
        return None
    try:
        kept = json.loads(unquote(text, errors="strict"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(kept, dict):
        return None
    return {k: v for k, v in kept.items() if k in DEFAULTS and valid(k, v)}


class BrowserPrefs(PhonePrefs):
    """Kept in the browser's storage: a phone finds them again after a reload or a server restart.
    The page's connection brings them (`kept`, its cookie): no question to the browser before the
    first screen; without it (cookies refused), the browser is asked."""

    def __init__(self, kept: str | None = None) -> None:
        super().__init__()
        self._made: Any = None  # the browser's storage, made when first needed (see `_storage`)
        self._kept = from_cookie(kept)
        self.asks_browser = self._kept is None

    @property
    def _storage(self) -> Any:
        """Flet's SharedPreferences, made on first use: a service made with the page is sent to the
        phone before its first screen, which a phone that brought its settings does not need."""
        if self._made is None:
            self._made = ft.SharedPreferences()
        return self._made

    async def load(self) -> None:
        if self._kept is not None:
            self.values.update(self._kept)
            return
        keys = list(DEFAULTS)
        answers = await asyncio.gather(*(asyncio.wait_for(self._storage.get(k), CLIENT_TIMEOUT) for k in keys),
                                       return_exceptions=True)
        for key, value in zip(keys, answers):
            if isinstance(value, BaseException):
                log.info("the browser did not give %s: %r", key, value)
            elif valid(key, value):
                self.values[key] = value

    async def save(self, key: str, value: Any) -> None:
        await super().save(key, value)
        try:
            await asyncio.wait_for(self._storage.set(key, value), CLIENT_TIMEOUT)
        except (TimeoutError, RuntimeError) as exc:
            log.info("the browser did not keep %s: %r", key, exc)


def is_table(identity: str | None) -> bool:
    return identity == TABLE
