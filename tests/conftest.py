"""Fixtures shared by every test: a data folder, a clock you can move, a store."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.store import open_store
from tests.budgets import load_profile

load_profile()  # Hypothesis's default or deep budgets (tests/budgets.py)


def pytest_itemcollected(item) -> None:
    """Browser tests are marked and run one at a time, on one worker (`make test` runs two), starting
    first: the other worker runs the unit and headless-page tests beside them. Two browser tests at
    once kept the load at 7 to 8 on a 2-core machine and lost taps and scrolls (docs/testing.md).
    Marked as each is collected: xdist reads the groups when the collection is sorted."""
    if item.nodeid.startswith("tests/e2e/"):
        item.add_marker(pytest.mark.browser)
        item.add_marker(pytest.mark.xdist_group("browser"))


def pytest_collection_modifyitems(items) -> None:
    """The browser tests first: their worker starts on them at once."""
    items.sort(key=lambda item: not item.nodeid.startswith("tests/e2e/"))


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: datetime = datetime(2026, 11, 21, 10, 0, tzinfo=timezone.utc)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path, clock: FakeClock):
    opened = open_store(data_dir, clock)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def saved_states_read_back(monkeypatch):
    """Every test saves a session's state often (every 5 actions, not 100) and checks that each
    saved state reads back equal: every game's states meet the state codec on the way."""
    from companion.core import session, state_codec
    from companion.store.sessions import SessionFiles

    save = SessionFiles.save_snapshot

    def checked(self, session_id, actions, state, checked=False):
        try:
            encoded = state_codec.encode(state)
        except TypeError as exc:
            raise AssertionError(f"a state cannot be saved: {exc}") from exc
        assert state_codec.decode(json.loads(json.dumps(encoded))) == state, "a saved state reads back different"
        save(self, session_id, actions, state, checked)

    monkeypatch.setattr(session, "SNAPSHOT_EVERY", 5)
    monkeypatch.setattr(SessionFiles, "save_snapshot", checked)
