"""A screen's page scrolled by the app: a question brought into view, the top of a new stage, a much
shorter drawing shown from its top. Asked of the phone's browser (Flet's `scroll_to` on the page's
scroller), which may answer late or not at all: a comfort, never an error."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from companion.ui.host import Host

log = logging.getLogger(__name__)

SCROLL_ANSWER = 2.0  # seconds a drawing waits for the browser to scroll before it is drawn anyway
DRAWN = (0.3, 1.0)  # seconds after a patch: when `bring_into_view` asks again, once the phone has drawn it


class PageScroll:
    """Scrolling of a screen's page (mixed into a `Screen`: its `host`, `render` and `_live`)."""

    host: Host
    _live: bool
    render: Callable[[], None]
    _scrolls = 0  # scrolls asked of the phone: a later one stops an earlier one's asking again

    def bring_into_view(self, key: str) -> None:
        """Scroll the screen to the control keyed `ft.ScrollKey(key)`: a choice that opened under the
        finger is not left below the fold (call after `render`). Asked at once and again once the phone
        has drawn the patch: Flet's client makes a scroll key anew each time it builds the control, and a
        request that comes before that frame does nothing (seen under load in CI). Asked again, a scroll
        already made moves nothing; a later scroll of this screen's stops the asking. A jump, not an
        animation: during an animated scroll Flutter's accessibility tree lost the dice's checkbox roles
        (the Fleet Dice large-text browser test)."""
        self._scroll(lambda scroller: scroller.scroll_to(scroll_key=key))

    def to_top(self) -> None:
        """Show the screen from its top, wherever it was scrolled: the saved result's headline, or the next
        step once a question scrolled into view is answered (asked again as `bring_into_view` is: a page
        drawn anew just after kept the place of the one before)."""
        self._scroll(lambda scroller: scroller.scroll_to(offset=0))

    def render_from_top(self) -> None:
        """`render`, the page first scrolled to its top: a drawing much shorter than the page scrolled down
        (a form closing), left to clamp the scroll by itself, kept Flutter's accessibility tree at the old
        scroll (Lure: a screen reader's "Take back 15" under "Reveal these fish", 250 px below where it
        is drawn). Drawn even if the browser does not answer."""
        if not self.host.browser_services:
            self.render()
            return
        scroller = self.host.scroller
        self._next_scroll()  # a scroll asked before is not made on the new drawing

        async def scroll_then_draw() -> None:
            try:
                await asyncio.wait_for(scroller.scroll_to(offset=0), SCROLL_ANSWER)
            except (TimeoutError, RuntimeError) as exc:
                log.info("the browser did not scroll to the top: %r", exc)
            finally:
                self.render()

        self.host.run_task(scroll_then_draw)

    def _scroll(self, move: Callable[[Any], Awaitable[Any]]) -> None:
        """`move` the page's scroller now and at each of `DRAWN`'s moments, until a later scroll is asked
        or the screen has left the page (its scroller may be gone with it; the next screen's is not its
        to move). The scroller is read as it is moved: asked as a screen is mounted, the page it is
        mounted in is made just after (the one before is no longer this screen's)."""
        turn = self._next_scroll()

        async def scroll() -> None:
            waited = 0.0
            for moment in (0.0, *DRAWN):
                await asyncio.sleep(moment - waited)
                waited = moment
                if turn != self._scrolls or not self._live:
                    return
                await move(self.host.scroller)

        self.host.ask_browser(scroll)

    def player_scrolled(self) -> None:
        """The player scrolled the page: a scroll asked before is asked no more (asked again once the phone had
        drawn, it could pull the page back from under the player's thumb)."""
        self._next_scroll()

    def _next_scroll(self) -> int:
        self._scrolls += 1
        return self._scrolls
