"""A full disk (issue 44): a tap whose line did not wholly reach the disk is not acknowledged; it is
refused in words, the file keeps no fragment, everything acknowledged before stays, and play goes on
once space returns. On a real small file system: a tmpfs this test mounts (tests/small_disk.py).
tests/e2e/test_disk_full_in_browser.py does the same through a real server and a browser phone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME as TABLE
from companion.games.dice_roller import roll, set_pool
from companion.store import open_store
from companion.store.errors import DiskFull
from tests.small_disk import fill
from tests.small_disk import small_disk as mounted


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 1 MiB tmpfs at a folder of its own."""
    with mounted(tmp_path / "small") as mount:
        yield mount


def test_a_tap_the_full_disk_did_not_keep_is_refused_and_nothing_acknowledged_is_lost(small_disk, clock) -> None:
    store = open_store(small_disk / "data", clock)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(TABLE)
    session.perform(set_pool(["d6", "d6"]))
    rng = random.Random(4)
    filler = fill(small_disk, leave=6000)
    acknowledged, refused = 1, []
    for _ in range(200):
        try:
            session.perform(roll(session.state.dice, rng))
            acknowledged += 1
        except DiskFull as exc:
            refused.append(str(exc))
            if len(refused) >= 5:
                break
    assert acknowledged > 1 and refused, (acknowledged, refused)  # play went on, then the disk was full
    assert refused[0] == "The disk is full: this tap was not kept. Free some space and tap again."
    assert len(session.record.actions) == acknowledged  # the refused taps changed nothing
    filler.unlink()  # space returns: play goes on by itself
    session.perform(roll(session.state.dice, rng))
    acknowledged += 1
    session_id = session.id
    store.close()
    again = open_store(small_disk / "data", clock)
    try:
        assert again.notices == []  # nothing set aside: no fragment of a line was left
        reopened = SessionManager(again.sessions, GAMES, again.clock).get(session_id)
        assert len(reopened.record.actions) == acknowledged
    finally:
        again.close()


def test_settings_and_the_archive_on_a_full_disk_are_refused_in_words_and_left_as_they_were(small_disk, clock) -> None:
    # The same for every file written whole (settings, the archive, backups, the table key): the old file
    # stays, the change is refused with words, and it goes in once there is room.
    from companion.core.plays import Play

    store = open_store(small_disk / "data", clock)
    try:
        store.settings.add_player("Ana")
        filler = fill(small_disk, leave=0)
        before = (small_disk / "data" / "settings.json").read_bytes()
        with pytest.raises(DiskFull, match="^The disk is full"):
            store.settings.add_player("Ben")
        with pytest.raises(DiskFull):
            store.archive.add(Play("p1", "lure", "2026-11-27T18:00:00+00:00", (), ("Ana",), {}))
        assert (small_disk / "data" / "settings.json").read_bytes() == before
        assert [p.name for p in store.settings.players()] == ["Ana"] and store.archive.count() == 0
        assert not [f for f in (small_disk / "data").iterdir() if f.name.endswith(".tmp")]  # nothing half-made
        filler.unlink()
        store.settings.add_player("Ben")
        assert [p.name for p in store.settings.players()] == ["Ana", "Ben"]
    finally:
        store.close()
