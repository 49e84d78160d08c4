"""The message line (issue 62): a message is a line of the view's column between the page and its pinned
action, never over a control; the newest replaces the one before; it goes after its time or with Close,
and its Undo takes the change back (companion/ui/message_line.py)."""

from __future__ import annotations

import asyncio

from companion.ui import message_line
from tests.headless import key_of


async def settings_with_ana_removed(app):
    page = await app.open("/settings")
    await page.click(key="add-player")
    page.find(key="player-name").value = "Ana"
    await page.click(key="save-player")
    await page.click(label="Remove Ana")
    return page


async def test_a_message_is_a_line_between_the_page_and_the_pinned_action_not_over_the_page(app) -> None:
    page = await settings_with_ana_removed(app)
    view = page.page.views[-1]
    *_, scrolled, line, bar = view.controls
    assert scrolled.expand and line.visible and key_of(line.controls[0].content) == "message-line"
    assert key_of(bar.controls[0].content) == "action-bar"
    assert page.message_texts() == ["Removed Ana."] and page.dialog() is None  # nothing over the page


async def test_a_message_goes_after_its_time_and_a_newer_one_keeps_its_own(app, monkeypatch) -> None:
    times_up: list[asyncio.Event] = []

    async def sleep(seconds: float) -> None:  # each message's time, up when the test says
        times_up.append(asyncio.Event())
        await times_up[-1].wait()

    monkeypatch.setattr(message_line, "sleep", sleep)
    page = await settings_with_ana_removed(app)
    await page.click(key="add-player")
    page.find(key="player-name").value = "Ben"
    await page.click(key="save-player")
    await page.click(label="Remove Ben")
    await app.settle()
    assert page.message_texts() == ["Removed Ben."] and len(times_up) == 2
    times_up[0].set()  # the first message's time is up: not the second's
    await asyncio.sleep(0.01)
    assert page.message_texts() == ["Removed Ben."]
    times_up[1].set()
    await asyncio.sleep(0.01)
    assert page.message_texts() == []


async def test_close_puts_a_message_away_and_undo_takes_the_change_back(app) -> None:
    page = await settings_with_ana_removed(app)
    await page.click(key="message-close")
    assert page.message_texts() == [] and [p.name for p in app.store.settings.players()] == []
    await page.click(key="add-player")
    page.find(key="player-name").value = "Ben"
    await page.click(key="save-player")
    await page.click(label="Remove Ben")
    await page.message_action()
    assert page.message_texts() == [] and [p.name for p in app.store.settings.players()] == ["Ben"]


async def test_a_message_stays_under_the_page_while_a_dialog_closes_over_it_and_its_undo_still_works(app) -> None:
    page = await settings_with_ana_removed(app)
    assert page.message_texts() == ["Removed Ana."]
    await page.click(key="add-player")  # a dialog over the page, the message under it
    page.find(key="player-name").value = "Ben"
    await page.click(key="save-player")
    assert page.dialog() is None and page.message_texts() == ["Removed Ana."]
    await page.message_action()
    assert [p.name for p in app.store.settings.players()] == ["Ben", "Ana"] and page.message_texts() == []
