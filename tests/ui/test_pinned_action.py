"""The pinned main action (issue 62): a bar the scrolled page ends above, never laid over a control; a
button of its own for each action, so a late tap never runs the next one; a new phase starts at the top."""

from __future__ import annotations

import flet as ft

from companion.ui.session_screen import SessionScreen
from tests.headless import key_of
from tests.ui.test_pearl_boat_taps import pinned, roster, table_of  # noqa: F401 (fixture)


async def test_the_pinned_action_is_under_the_scrolled_page_not_over_it(app, roster) -> None:  # noqa: F811
    table = await table_of(app, roster)
    ana = table.phones["Ana"]
    view = ana.page.views[-1]
    assert view.floating_action_button is None  # nothing floats over the page
    *_, scrolled, message, bar = view.controls
    assert not message.visible  # the message line: shown only while it says something
    assert scrolled.scroll == ft.ScrollMode.AUTO and scrolled.expand  # the page scrolls above the bar
    assert key_of(bar.controls[0].content) == "action-bar" and pinned(ana) == ("Roll to move", "move")
    assert view.scroll is None  # the view itself does not scroll the bar away


async def test_a_late_tap_on_an_action_since_replaced_runs_nothing_of_the_next(app, roster) -> None:  # noqa: F811
    table = await table_of(app, roster)
    ana = table.phones["Ana"]
    app.ctx.rng.seed(7)
    await table.tap("Ana", "move")
    await table.tap("Ana", "reward-1")
    draw = ana.pinned()
    await table.tap("Ana", "draw")
    assert pinned(ana) == ("End the turn", "end-turn")
    before = len(table.session.record.actions)
    await ana.tap_late(draw)  # a second tap on "Draw a chance card", sent before the page changed
    await app.settle()
    assert len(table.session.record.actions) == before and table.state.current == 0  # the turn not ended


async def test_a_turn_come_or_gone_starts_at_the_top_of_the_page(app, roster, monkeypatch) -> None:  # noqa: F811
    table = await table_of(app, roster)
    tops: list[SessionScreen] = []
    monkeypatch.setattr(SessionScreen, "to_top", lambda self: tops.append(self))
    app.ctx.rng.seed(7)
    await table.tap("Ana", "move")
    await table.tap("Ana", "reward-1")
    await table.tap("Ana", "draw")
    assert tops == []  # Ana's own turn goes on where she is
    await table.tap("Ana", "end-turn")
    assert len(tops) == 2  # Ana's turn over, Ben's come: both phones show their top; Cy's stays where it was


async def test_a_screen_with_nothing_pinned_and_nothing_said_leaves_no_gap_under_its_page(app) -> None:
    page = await app.open("/settings")
    *_, scrolled, message, bar = page.page.views[-1].controls
    assert scrolled.expand and not message.visible and not bar.visible  # the page reaches the navigation bar
    assert page.pinned() is None
