"""The server draws its first screens on pages nobody sees as it starts (companion/unseen_page.py):
what a process does once (Flet's controls imported and encoded for the first time, about 100 ms
here) is not paid by the first phone to join. Its speed is shown by benchmarks/join_ratio.py."""

from __future__ import annotations

import asyncio
import logging

from companion.app import build_context, make_main
from companion.laptop import unseen_page
from companion.laptop.hosting import LAPTOP
from companion.laptop.unseen_page import FIRST_SCREENS, draw, warm_up
from companion.store import open_store


def test_the_first_screens_are_drawn_ahead_and_leave_nothing_behind(tmp_path) -> None:
    store = open_store(tmp_path)
    store.settings.add_player("Ana")
    ctx = build_context(store, LAPTOP)
    try:
        shown = asyncio.run(draw(make_main(ctx, browser_services=False), FIRST_SCREENS))
        # a phone's first visit is asked who plays on it; the host's opens on Games
        assert shown == ["/who", "/games"]
        assert store.settings.players()[0].name == "Ana"  # only read
    finally:
        store.close()


def test_the_warm_up_runs_beside_the_server_and_says_what_it_drew(tmp_path, caplog) -> None:
    store = open_store(tmp_path)
    ctx = build_context(store, LAPTOP)
    try:
        with caplog.at_level(logging.INFO, logger="companion.laptop.unseen_page"):
            warm_up(make_main(ctx, browser_services=False)).join(60)
        assert any("drawn ahead in" in r.message and "/who, /games" in r.message for r in caplog.records), \
            caplog.text
    finally:
        store.close()


def test_a_warm_up_that_fails_is_logged_and_nothing_more(tmp_path, caplog, monkeypatch) -> None:
    store = open_store(tmp_path)
    ctx = build_context(store, LAPTOP)

    async def fails(*args, **kwargs):
        raise RuntimeError("the page could not be made")

    monkeypatch.setattr(unseen_page, "open_page", fails)
    try:
        with caplog.at_level(logging.INFO, logger="companion.laptop.unseen_page"):
            warm_up(make_main(ctx, browser_services=False)).join(60)
        assert "could not be drawn ahead" in caplog.text and "the page could not be made" in caplog.text
    finally:
        store.close()
