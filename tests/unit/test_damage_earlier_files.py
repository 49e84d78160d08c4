"""Files written before Companion's files carried checksums still open and replay, and carry on
with checksums from there; damage to them is still found where their saved states say so.

The data folder in tests/fixtures/before-checksums/ was written by that version (commit f125847)
with its `record.py`; `expected.json` is what that version read from each session.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import roll
from companion.store import open_store
from companion.store.journal import read_journal
from companion.store.table_key import TABLE_KEY_FILE, load_table_key

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "before-checksums"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


def summary(state) -> dict:
    return {"rolls": state.dice.count, "faces": list(state.dice.faces or ()), "pool": list(state.dice.pool)}


@pytest.fixture
def earlier(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", folder)
    return folder


def session_titled(title: str) -> str:
    [session_id] = [sid for sid, was in EXPECTED["sessions"].items() if was["title"] == title]
    return session_id


def test_every_file_written_before_checksums_opens_and_replays_to_what_it_showed(earlier, clock) -> None:
    store = open_store(earlier, clock)
    try:
        assert store.notices == []  # a file without a checksum is no damage
        sessions = SessionManager(store.sessions, GAMES, store.clock)
        assert {r.id for r in sessions.open_records()} == set(EXPECTED["sessions"])
        for session_id, was in EXPECTED["sessions"].items():
            session = sessions.get(session_id)
            assert [len(session.record.actions), len(session.record.undone)] == was["log"], was["title"]
            assert [a.label for a in session.record.actions] == was["labels"]
            assert summary(session.state) == was["summary"], was["title"]
        assert sorted(p.name for p in store.settings.players()) == EXPECTED["players"]
        assert "manual" in [b.reason for b in store.list_backups()]
    finally:
        store.close()


def test_a_session_written_before_checksums_carries_on_and_reads_back(earlier, clock) -> None:
    store = open_store(earlier, clock)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    for session_id in EXPECTED["sessions"]:
        session = sessions.get(session_id)
        for _ in range(3):
            session.perform(roll(session.state.dice, random.Random(1)))
    kept = {sid: sessions.get(sid).record for sid in EXPECTED["sessions"]}
    store.close()
    store = open_store(earlier, clock)
    try:
        assert store.notices == []
        for session_id, record in kept.items():
            assert store.sessions.load(session_id) == record
            read_journal(earlier / "sessions" / session_id, repair=False)
    finally:
        store.close()


def test_the_table_key_written_before_checksums_is_kept(earlier) -> None:
    key = load_table_key(earlier)
    assert (key.secret, key.code) == (EXPECTED["table_key"]["secret"], EXPECTED["table_key"]["code"])
    assert json.loads((earlier / TABLE_KEY_FILE).read_text())["secret"] == key.secret


def test_damage_to_a_session_written_before_checksums_is_found_where_its_saved_states_say(earlier, clock) -> None:
    session_id = session_titled("A long evening")  # 134 changes in segments of 50, states after 100 and 120
    (earlier / "sessions" / session_id / "log-000002.jsonl").write_bytes(b"")
    clock.advance(days=1)
    store = open_store(earlier, clock)
    try:
        [notice] = store.notices
        assert (f"The unfinished session {session_id} could not be read: its log ends after 100 changes, but its saved "
                "position state-120-120.json was made after 120.") in notice
        assert ("Restored the copy from the backup of 20 Nov 2026, 19:15 (130 actions on its log). What was done in "
                "it after that backup, if anything, could not be read back.") in notice
        labels = [a.label for a in store.sessions.load(session_id).actions]
        assert labels == EXPECTED["sessions"][session_id]["labels"][:130]
    finally:
        store.close()
