"""The phone build's host (`site.phone.ONE_PHONE`) on headless pages: the same screens as the laptop's,
without what only a laptop serving phones can give (who plays on each phone, inviting phones), and
with backups as files the phone keeps and restores from."""

from __future__ import annotations

import asyncio
import json

import pytest

from companion.site.phone import ONE_PHONE
from companion.ui.files import OFFERED, TO_PICK
from tests.headless import HeadlessApp
from tests.ui.test_settings import add_player


@pytest.fixture
async def phone_app(store):
    running = HeadlessApp(store, asyncio.get_running_loop(), hosting=ONE_PHONE)
    yield running
    running.close()


async def test_the_phone_plays_for_the_whole_table_and_is_never_asked_who_plays(phone_app) -> None:
    page = await phone_app.open("/")
    assert page.routes() == ["/games"] and page.has(label="Freshwater Fly")
    assert not page.has(key="who") and not page.has(key="who-label")  # no circle of who plays here
    for route in ("/who", "/invite"):  # a link of the laptop's: nobody to invite, nobody to tell apart
        await page.route(route)
        assert page.routes() == ["/games"]


async def test_settings_offer_nothing_of_a_table_of_phones_and_say_where_the_data_is(phone_app) -> None:
    phone_app.ctx.data_kept = False
    page = await phone_app.open("/settings")
    for key in ("playing-here", "change-who", "open-invite"):
        assert not page.has(key=key), key
    texts = page.texts()
    assert "In this browser, on this phone" in texts
    assert str(phone_app.store.root) not in " ".join(texts)  # no folder on a phone
    assert any(t.startswith("Not promised: this browser may clear it") for t in texts)


async def test_a_backup_is_a_file_the_phone_keeps_and_restores_from(phone_app, clock) -> None:
    page = await phone_app.open("/settings")
    await add_player(page, "Ana")
    await page.click(key="backup-now")
    [(name, content)] = OFFERED.pop(page.page.session.id)
    assert name.startswith("manual-") and name.endswith(".json")
    assert json.loads(content)["format"] == "companion-backup"
    clock.advance(minutes=2)
    await add_player(page, "Ben")

    TO_PICK[page.page.session.id] = (name, content)
    await page.click(key="restore-file")
    assert f"replaced by {name}" in page.dialog().content.value
    await page.click(key="confirm-restore")
    assert [p.name for p in phone_app.store.settings.players()] == ["Ana"]
    assert page.message_texts()[-1] == f"Restored {name}."
    assert not (phone_app.store.root / ".picked").exists()  # the picked file is not kept


async def test_a_picked_file_that_is_not_a_backup_is_refused_and_nothing_changes(phone_app) -> None:
    page = await phone_app.open("/settings")
    await add_player(page, "Ana")
    TO_PICK[page.page.session.id] = ("holiday.json", b'{"format": "something else"}')
    await page.click(key="restore-file")
    await page.click(key="confirm-restore")
    assert page.message_texts()[-1] == "Not restored, nothing was changed: holiday.json is not a Companion backup"
    assert [p.name for p in phone_app.store.settings.players()] == ["Ana"]


async def test_lure_on_one_phone_says_nothing_of_other_phones(phone_app) -> None:
    """Issue 65: on the phone build Lure said "a phone entering them shows them to every phone", where there is no
    other phone."""
    from tests.ui.test_lure import start

    for name in ("Ana", "Ben"):
        phone_app.store.settings.add_player(name)
    page = await phone_app.open("/games/lure/round")
    await start(page)
    assert page.find(key="fish-left").value == "Enter the 2 fish from their cards, then reveal them."
