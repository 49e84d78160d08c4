"""Flet wiring: the shared app context and the `main` each browser tab runs."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
import flet as ft

from companion.core.assets import assets_dir
from companion.core.session import SessionManager
from companion.games import GAMES
from companion.store import Store
from companion.ui.host import AppContext
from companion.ui.shell import Shell


def build_context(store: Store, rng: random.Random | None = None, lan_url: str | None = None) -> AppContext:
    """One context per server process, shared by every page."""
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    return AppContext(store=store, sessions=sessions, rng=rng or random.SystemRandom(),
                      lan_url=lan_url, notices=list(store.notices))


def make_main(ctx: AppContext, browser_services: bool = True) -> Callable[[ft.Page], Awaitable[None]]:
    """The function Flet runs for each new page (browser tab). Without `browser_services`
    (headless tests) the page never asks the browser for its wake lock, preferences or buzzer."""

    async def main(page: ft.Page) -> None:
        Shell(page, ctx, browser_services=browser_services).start()

    return main


def serve(ctx: AppContext, host: str | None, port: int, desktop: bool = False) -> None:
    """Serve the app until interrupted (web by default, a desktop window with `desktop`)."""
    ft.run(
        make_main(ctx),
        name="",
        host=host,
        port=port,
        view=ft.AppView.FLET_APP if desktop else ft.AppView.WEB_BROWSER,
        assets_dir=str(assets_dir()),
        no_cdn=True,
    )
