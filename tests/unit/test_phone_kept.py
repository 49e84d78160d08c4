"""A phone's own settings come with its connection: the page's script puts what the browser kept
(who plays on it, its theme, its text size) in a cookie that its websocket carries, so the first
screen is drawn as its player with no question to the browser first. That question went unanswered
after a server restart (Flet's client answers no service call of a new session), and the phone then
asked again who plays on it: 14 of 60 comebacks in `make soak`."""

from __future__ import annotations

import asyncio
import json
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.ui import phone
from companion.ui.phone import DEVICE, PLAYER, TEXT_SIZE, THEME, BrowserPrefs


class Storage:
    """The browser's storage: counts what it is asked, and answers like a page that was just reloaded."""

    def __init__(self, kept: dict | None = None, answers: bool = True) -> None:
        self.kept, self.answers, self.asked = dict(kept or {}), answers, []

    async def get(self, key):
        self.asked.append(key)
        if not self.answers:
            await asyncio.sleep(3600)
        return self.kept.get(key)

    async def set(self, key, value):
        self.kept[key] = value
        return True


def cookie(values) -> str:
    """As the page's script writes it (PHONE_COOKIE_SCRIPT): JSON, percent-encoded."""
    return quote(json.dumps(values, separators=(",", ":")))


def prefs(kept_cookie: str | None, storage: Storage) -> BrowserPrefs:
    p = BrowserPrefs(kept_cookie)
    p._made = storage  # the browser's storage, as BrowserPrefs makes it on first use
    return p


async def test_what_the_phone_kept_comes_with_its_connection_without_asking_the_browser() -> None:
    storage = Storage(answers=False)  # a new session after a restart: never answered
    p = prefs(cookie({PLAYER: "p-ana", THEME: "dark", TEXT_SIZE: 130}), storage)
    await asyncio.wait_for(p.load(), 0.5)
    assert (p.get(PLAYER), p.get(THEME), p.get(TEXT_SIZE)) == ("p-ana", "dark", 130)
    assert storage.asked == []


async def test_a_phone_that_kept_nothing_is_asked_who_plays_on_it_without_a_round_trip() -> None:
    storage = Storage(answers=False)
    p = prefs(cookie({}), storage)
    await asyncio.wait_for(p.load(), 0.5)
    assert (p.get(PLAYER), p.get(THEME), p.get(TEXT_SIZE)) == (None, "system", 100)
    assert storage.asked == []


async def test_without_the_cookie_the_browser_is_asked_as_before() -> None:
    storage = Storage({PLAYER: "p-ben", TEXT_SIZE: 150})
    p = prefs(None, storage)
    await p.load()
    assert (p.get(PLAYER), p.get(THEME), p.get(TEXT_SIZE)) == ("p-ben", "system", 150)
    assert sorted(storage.asked) == sorted([PLAYER, THEME, TEXT_SIZE, DEVICE])  # the phone's token too


async def test_a_saved_setting_is_kept_in_the_browser() -> None:
    storage = Storage()
    p = prefs(cookie({}), storage)
    await p.save(PLAYER, "p-cy")
    assert storage.kept == {PLAYER: "p-cy"} and p.get(PLAYER) == "p-cy"


@pytest.mark.parametrize("text", ["", "x", "%7B", cookie([1]), cookie("p-ana"), cookie({PLAYER: {}}),
                                  cookie({PLAYER: "x" * 41, THEME: "pink", TEXT_SIZE: 131, "other": 1}),
                                  cookie({PLAYER: ""}), "%FF%FE", cookie({PLAYER: None, TEXT_SIZE: True})])
def test_a_cookie_that_is_not_what_the_script_writes_keeps_only_what_is_valid(text) -> None:
    kept = phone.from_cookie(text)
    assert kept is None or all(phone.valid(k, v) for k, v in kept.items())
    assert not kept or set(kept) <= {PLAYER, THEME, TEXT_SIZE}


@given(st.text(max_size=300))
def test_any_cookie_text_is_read_or_refused_without_an_error(text) -> None:
    kept = phone.from_cookie(text)
    assert kept is None or all(phone.valid(k, v) for k, v in kept.items())


async def test_an_unreadable_cookie_asks_the_browser_instead() -> None:
    storage = Storage({PLAYER: "p-ana"})
    p = prefs("%7B", storage)
    await p.load()
    assert p.get(PLAYER) == "p-ana" and storage.asked


def test_only_a_phone_without_the_cookie_asks_its_browser() -> None:
    assert not BrowserPrefs(cookie({PLAYER: "p-ana"})).asks_browser
    assert BrowserPrefs(None).asks_browser and BrowserPrefs("%7B").asks_browser


def test_a_phone_that_brought_its_settings_is_sent_no_storage_before_its_first_screen(tmp_path) -> None:
    """The browser's storage is a Flet service: made with the page, it went to the phone before its
    first screen, though a phone whose settings came with its connection needs it only to save one."""
    import concurrent.futures

    from flet.pubsub.pubsub_hub import PubSubHub

    from companion.app import build_context, make_main
    from companion.laptop.hosting import LAPTOP
    from companion.laptop.unseen_page import UnseenConnection, open_page
    from companion.store import open_store
    from companion.ui.phone import connection_cookie

    store = open_store(tmp_path)
    ctx = build_context(store, LAPTOP)

    async def first_screen(kept: str | None) -> bytes:
        loop = asyncio.get_running_loop()
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as executor:
            conn = UnseenConnection(loop, executor, PubSubHub(loop=loop, executor=executor), "192.0.2.7")
            connection_cookie.set(kept)
            session = await open_page(make_main(ctx, browser_services=True), conn, "/games", "192.0.2.7")
            sent = b"".join(conn.sent)
            if session.page.on_close:
                session.page.on_close(None)
            return sent

    try:
        assert b"SharedPreferences" not in asyncio.run(first_screen(cookie({PLAYER: "table"})))
        assert b"SharedPreferences" in asyncio.run(first_screen(None))  # no cookie: the browser is asked
    finally:
        store.close()
