"""Headless pages for the view tests (see tests/headless.py)."""

from __future__ import annotations

import asyncio

import pytest

from companion.ui import sibling_keys
from tests.headless import HeadlessApp


@pytest.fixture(autouse=True)
def siblings_keep_their_own_keys():
    """No screen draws two children of one control under one key (Flet would send a wrong patch:
    see companion/ui/sibling_keys.py); a test that drew one fails, naming the key."""
    sibling_keys.found.clear()
    yield
    assert not sibling_keys.found, f"keys used twice among siblings: {sorted(set(sibling_keys.found))}"


@pytest.fixture
async def app(store):
    running = HeadlessApp(store, asyncio.get_running_loop())
    yield running
    running.close()


@pytest.fixture
def roster(app) -> dict[str, str]:
    """Ana and Ben in the roster: their ids by name."""
    return {name: app.store.settings.add_player(name).id for name in ("Ana", "Ben")}
