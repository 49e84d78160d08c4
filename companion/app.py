"""Flet wiring, the same on both hosts: the shared app context and the `main` each page runs.
Only the entries differ: the laptop's (`cli.py`, `laptop/serve.py`) and the phone's (`site/phone.py`)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import flet as ft

from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.join_trace import mark
from companion.store import Store
from companion.store.table_key import TableKeys
from companion.ui.host import AppContext, Hosting
from companion.ui.phone import BrowserPrefs, PhonePrefs, connection_cookie
from companion.ui.shell import Shell


def build_context(store: Store, hosting: Hosting, rng: random.Random | None = None, lan_url: str | None = None,
                  table_keys: TableKeys | None = None) -> AppContext:
    """One context per host (a server process, or the phone's page), shared by every page. Every
    unfinished session is opened first, its log replayed from its newest checked state
    (`SessionManager.open_checked`): one whose log its rules refuse is set aside as damaged, with a
    notice (see `Store`)."""
    rng = rng or random.SystemRandom()
    sessions = SessionManager(store.sessions, GAMES, store.clock, rng)
    store.check_replays(sessions.open_checked, sessions.check)
    return AppContext(store=store, sessions=sessions, hosting=hosting, rng=rng,
                      lan_url=lan_url, notices=list(store.notices), table_keys=table_keys)


def make_main(ctx: AppContext, browser_services: bool = True,
              prefs: Callable[[ft.Page], PhonePrefs] | None = None) -> Callable[[ft.Page], Awaitable[None]]:
    """The function Flet runs for each new page (browser tab). Without `browser_services`
    (headless tests) the page never asks the browser for its wake lock, storage or buzzer,
    and keeps the phone's own settings in memory (`prefs` makes them for a page)."""

    async def main(page: ft.Page) -> None:
        mark("the page's session starts")
        phone = BrowserPrefs(connection_cookie.get()) if browser_services else (prefs(page) if prefs else PhonePrefs())
        await Shell(page, ctx, phone, browser_services=browser_services).start()

    return main
