"""Headless pages for the view tests (see tests/headless.py)."""

from __future__ import annotations

import asyncio

import pytest

from tests.headless import HeadlessApp


@pytest.fixture
async def app(store):
    running = HeadlessApp(store, asyncio.get_running_loop())
    yield running
    running.close()
