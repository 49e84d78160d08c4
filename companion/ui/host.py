"""What a screen may ask of the app around it: messages, navigation, shared state."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core.errors import DomainError
from companion.core.session import SessionManager
from companion.store import Store

log = logging.getLogger(__name__)

EVERYTHING = "*"  # the topic that means: reload all (after a restore)


@dataclass
class AppContext:
    """Shared by every page the server shows: one store, one set of live sessions."""

    store: Store
    sessions: SessionManager
    rng: random.Random = field(default_factory=random.SystemRandom)
    lan_url: str | None = None
    # Start-up notices the user has not dismissed yet (shared by all pages).
    notices: list[str] = field(default_factory=list)


class Host:
    """One page's services for the screens it shows."""

    def __init__(self, page: ft.Page, ctx: AppContext, navigate: Callable[[str], None],
                 apply_theme: Callable[[], None], browser_services: bool = True) -> None:
        self.page = page
        self.ctx = ctx
        self.browser_services = browser_services  # False on headless test pages: no browser to answer
        self._navigate = navigate
        self.apply_theme = apply_theme
        self._watched: dict[str, Callable[[], None]] = {}
        self.screen_awake: bool | None = None  # None until the browser answered
        page.pubsub.subscribe(self._on_message)

    def ask_browser(self, call: Callable[[], Awaitable[Any]], timeout: float = 5.0) -> None:
        """Run a browser service call in the background; a browser that cannot (or does not
        answer) is not an error: these calls are comforts (a buzz, a wake lock)."""
        if not self.browser_services:
            return

        async def run() -> None:
            try:
                await asyncio.wait_for(call(), timeout)
            except (TimeoutError, RuntimeError) as exc:
                log.info("the browser did not do %s: %r", call, exc)

        self.page.run_task(run)

    def navigate(self, route: str) -> None:
        self._navigate(route)

    def toast(self, message: str, undo: Callable[[], None] | None = None, seconds: int = 5) -> None:
        """A short message at the bottom; with `undo`, an Undo button that takes the change back."""
        bar = ft.SnackBar(
            ft.Text(message, size=16),
            action=ft.SnackBarAction("Undo", on_click=lambda e: self.attempt(undo)) if undo else None,
            duration=ft.Duration(seconds=seconds),
            show_close_icon=True,
            persist=False,
        )
        self.page.show_dialog(bar)

    def attempt(self, fn: Callable[[], Any] | None) -> bool:
        """Run `fn`; a refusal of the rules is shown to the player instead of raised."""
        if fn is None:
            return False
        try:
            fn()
        except DomainError as exc:
            self.toast(str(exc))
            return False
        return True

    # Other pages showing the same thing -----------------------------------------

    def changed(self, topic: str) -> None:
        """Tell the other pages that what `topic` names has changed (EVERYTHING: all of it)."""
        self.page.pubsub.send_others(topic)

    def watch(self, topic: str, refresh: Callable[[], None]) -> None:
        """Call `refresh` when another page changes `topic` (one watcher per topic)."""
        self._watched[topic] = refresh

    def refresh(self, topic: str) -> None:
        """Run this page's own watcher of `topic` (something only this page knows changed)."""
        refresh = self._watched.get(topic)
        if refresh is not None:
            refresh()

    def unwatch_all(self) -> None:
        self._watched.clear()

    def _on_message(self, topic: Any) -> None:
        if topic == EVERYTHING:
            refreshers = list(self._watched.values())
        else:
            refreshers = [self._watched[topic]] if topic in self._watched else []
        for refresh in refreshers:
            refresh()
        if refreshers:
            self.page.update()

    def close(self) -> None:
        self.page.pubsub.unsubscribe_all()
        self._watched.clear()
