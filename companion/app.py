"""Flet wiring: the shared app context and the `main` each browser tab runs."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from companion.core.session import SessionManager
from companion.games import GAMES
from companion.store import Store
from companion.ui.host import AppContext
from companion.ui.shell import Shell


def assets_dir() -> Path:
    """The app's assets: beside the package in a checkout, inside it once installed."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "assets", here.parent / "assets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"Companion's assets folder is missing (looked in {here} and {here.parent})")


def build_context(store: Store, rng: random.Random | None = None, lan_url: str | None = None) -> AppContext:
    """One context per server process, shared by every page."""
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    return AppContext(store=store, sessions=sessions, rng=rng or random.SystemRandom(),
                      lan_url=lan_url, notices=list(store.notices))


def make_main(ctx: AppContext, keep_awake: bool = True) -> Callable[[ft.Page], Awaitable[None]]:
    """The function Flet runs for each new page (browser tab)."""

    async def main(page: ft.Page) -> None:
        Shell(page, ctx, keep_awake=keep_awake).start()

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
