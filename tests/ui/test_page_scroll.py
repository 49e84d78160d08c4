"""The app's own scroll of a page (`PageScroll`): asked at once and again once the phone has drawn, never over
the player's own scroll (issue 62: after a tap on the points on the card, a thumb that scrolled down to its fish
within the second was pulled back to the points by the scroll asked again; the fish went out of view)."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion.ui import page_scroll
from companion.ui.page_scroll import PageScroll
from companion.ui.screen import Screen


class Scroller:
    """A page's scroller that notes each scroll asked of it."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def scroll_to(self, scroll_key: str | None = None, offset: float | None = None) -> None:
        self.asked.append(scroll_key if scroll_key is not None else f"offset {offset}")


class Host:
    def __init__(self) -> None:
        self.scroller = Scroller()
        self.tasks: list[asyncio.Task] = []

    def ask_browser(self, call) -> None:
        self.tasks.append(asyncio.ensure_future(call()))


class Page(PageScroll):
    def __init__(self) -> None:
        self.host = Host()
        self._live = True


@pytest.fixture(autouse=True)
def quick(monkeypatch) -> None:
    monkeypatch.setattr(page_scroll, "DRAWN", (0.01, 0.02))  # the moments the scroll is asked again


async def test_a_scroll_is_asked_again_once_the_phone_has_drawn() -> None:
    page = Page()
    page.bring_into_view("fish-points")
    await asyncio.gather(*page.host.tasks)
    assert page.host.scroller.asked == ["fish-points"] * 3


async def test_the_players_own_scroll_stops_the_asking() -> None:
    page = Page()
    page.bring_into_view("fish-points")
    while not page.host.scroller.asked:  # asked once
        await asyncio.sleep(0)
    page.player_scrolled()  # the player's thumb, before the phone has drawn
    await asyncio.gather(*page.host.tasks)
    assert page.host.scroller.asked == ["fish-points"]


async def test_the_page_tells_its_screen_when_the_player_scrolls_it_and_only_then(app, monkeypatch) -> None:
    told: list[Screen] = []
    monkeypatch.setattr(Screen, "player_scrolled", lambda screen: told.append(screen))
    page = await app.open("/games/fly-solo/journal")
    [scroller] = [c for c in page.controls() if isinstance(c, ft.Column) and str(c.key).startswith("page-")]
    base = {"pixels": 120.0, "min_scroll_extent": 0.0, "max_scroll_extent": 900.0, "viewport_dimension": 600.0}
    for data in ({"event_type": "update", "scroll_delta": 20.0}, {"event_type": "user", "direction": "idle"},
                 {"event_type": "start"}):  # the app's own jump, and the end of a scroll
        await page.tap(scroller, "scroll", {**base, **data})
    assert told == []
    await page.tap(scroller, "scroll", {**base, "event_type": "user", "direction": "reverse"})
    assert len(told) == 1
