"""A file of the data folder is accepted only if Companion could have written it, by one check per
kind of file, the same at start-up and in a backup (`companion/store/shapes.py`, `game_docs.py`):

- everything Companion writes passes: every kind of session played at random (to its end where it
  has one) and its play filed, every setting a game offers, long logs and many plays;
- a file that still parses but holds a wrong type or a text too long is, at start-up, set aside and
  replaced by the newest backup's copy, with a notice; in a backup, the restore is refused in one line;
- a play that Companion could not have written (a BG Stats file's, changed) is not filed.
"""

from __future__ import annotations

import copy
import importlib
import json
import random

import pytest

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.inputs import MAX_DEPTH, MAX_TEXT
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult
from companion.core.session_log import SessionRecord
from companion.core.session_manager import SessionManager
from companion.games import GAMES, registry
from companion.games.freshwater_fly.entry import FishColor, Species
from companion.games.freshwater_fly.options import default_face_changes
from companion.games.registry import FRESHWATER_FLY
from companion.store import InvalidBackupError, open_store
from companion.store.layout import ARCHIVE_FILE, SETTINGS_FILE
from companion.store.records import record_to_raw
from companion.store.shapes import problem
from tests.conftest import FakeClock
from tests.unit.test_conformance import KINDS, play_at_random, rules_of
from tests.unit.test_store_fuzz import a_folder_in_use, changed


def played(manager: SessionManager, kind: str, seed: int):
    """A session of `kind` played at random from its example set-up: to its end where it has one."""
    rules, rng = rules_of(kind), random.Random(seed)
    session = manager.create(kind, rules.example_setup(rng))
    play_at_random(rules, session, rng)
    return session


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_session_and_its_play_as_companion_writes_them_is_accepted(kind, tmp_path) -> None:
    store = open_store(tmp_path / "data", FakeClock())
    try:
        manager = SessionManager(store.sessions, GAMES, store.clock)
        session = played(manager, kind, seed=1)
        to_play = getattr(importlib.import_module(registry.session_kinds()[kind][1].rules), "to_play", None)
        if to_play is not None:
            play = to_play(session.state, "play1", "2026-11-21T10:00:00+00:00")
            play = registry.with_session_facts(play, session.record, session.state)
            store.archive.add(play)
        backup = store.backup_now()
        store.settings.add_player("Cy")  # now differs from the backup
        store.restore(backup.path, check_session=manager.check)  # every file of it accepted
    finally:
        store.close()
    again = open_store(tmp_path / "data", FakeClock())
    try:
        assert again.notices == []
        assert again.sessions.ids() == [session.id]
        if to_play is not None:
            assert again.archive.get("play1") == play
    finally:
        again.close()


def test_every_setting_a_game_offers_is_accepted_at_the_next_start(tmp_path) -> None:
    store = a_folder_in_use(tmp_path / "data")
    changes = [("strike_hooks", n) for n in (1, 2, 3)]
    changes += [("tie_break", [c.value for c in reversed(FishColor)])]
    changes += [("face_changes", [card, 1, 6]) for card in default_face_changes()]
    changes += [("fish_points", [species.value, 0, 9]) for species in Species]
    for key, value in changes:
        store.settings.change_game_options(FRESHWATER_FLY.id,
                                           lambda doc, k=key, v=value: FRESHWATER_FLY.change_options(doc, k, v))
    store.settings.save_pool("x" * 30, ("d6",) * 20)
    options = store.settings.game_options(FRESHWATER_FLY.id)
    store.close()
    again = open_store(tmp_path / "data", FakeClock())
    try:
        assert again.notices == [] and again.settings.game_options(FRESHWATER_FLY.id) == options
        assert [p.name for p in again.settings.saved_pools()] == ["Lure", "x" * 30]
    finally:
        again.close()


def test_long_logs_many_plays_and_the_longest_texts_are_accepted(tmp_path) -> None:
    """Counts are not limited (a session's log, the plays of years); one text is, at MAX_TEXT letters."""
    store = open_store(tmp_path / "data", FakeClock())
    at = "2026-11-21T10:00:00+00:00"
    actions = tuple(Action("dice.roll", {"faces": [1 + n % 6]}, f"roll {n}") for n in range(3000))
    store.sessions.create(SessionRecord("abc123", "table", "y" * MAX_TEXT, {}, actions, (), at, at))
    plays = [Play(f"p{n}", "lure", at, (PlayerResult("Ana", n, 1, (BreakdownLine("Fish", 1, n),)),), ("Ana",),
                  {"imported_from": "bgstats"}, location="z" * MAX_TEXT if n == 0 else "") for n in range(3000)]
    store.archive.add_many(plays)
    backup = store.backup_now()
    store.restore(backup.path)
    store.close()
    again = open_store(tmp_path / "data", FakeClock())
    try:
        assert again.notices == [] and again.archive.count() == 3000
        assert len(again.sessions.load("abc123").actions) == 3000
    finally:
        again.close()


# Files that still parse, holding what Companion does not write ----------------------------------

SETTINGS_DAMAGE = [  # (place in settings.json, value): each a wrong type or a text too long
    (("settings", "1", "value", 0, "name"), 7),
    (("settings", "1", "value", 0, "dice", "d6"), "2"),
    (("settings", "2", "value", "strike_hooks"), "two"),
    (("settings", "2", "value", "tie_break", 0), None),
    (("settings", "2", "value", "face_changes", "C"), {"from": 2}),
    (("players", "1", "name"), "x" * (MAX_TEXT + 1)),
]
ARCHIVE_DAMAGE = [
    (("plays", "1", "entry", "players", 0, "first_to_seven"), "x"),
    (("plays", "1", "entry", "players", 0, "fish", 0, "color"), 7),
    (("plays", "1", "entry", "players"), "x" * 1_000_000),
    (("plays", "1", "winners"), "Ana"),
    (("plays", "1", "results", 0, "breakdown"), {}),
    (("plays", "1", "location"), ["by the river"]),
]


@pytest.mark.parametrize("relpath, where, value", [(SETTINGS_FILE, *case) for case in SETTINGS_DAMAGE]
                         + [(ARCHIVE_FILE, *case) for case in ARCHIVE_DAMAGE])
def test_a_file_holding_what_companion_does_not_write_is_set_aside_at_start_up_and_restored(
        tmp_path, relpath, where, value) -> None:
    root = tmp_path / "data"
    store = a_folder_in_use(root)
    store.backup_now()
    players, plays = store.settings.players(), store.archive.all()
    store.close()
    raw = json.loads((root / relpath).read_text())
    (root / relpath).write_text(json.dumps(changed(raw, where, value, delete=False)))
    again = open_store(root, FakeClock())
    try:
        [notice] = again.notices
        assert "could not be read" in notice and "Restored the copy from the backup" in notice
        assert "\n" not in notice and len(notice) < 600, notice
        assert list(root.glob(f"{relpath}.corrupt-*"))
        assert again.settings.players() == players and again.archive.all() == plays
    finally:
        again.close()


@pytest.mark.parametrize("where, value", [(("files", SETTINGS_FILE, *w), v) for w, v in SETTINGS_DAMAGE]
                         + [(("files", ARCHIVE_FILE, *w), v) for w, v in ARCHIVE_DAMAGE]
                         + [(("version",), True), (("created",), "yesterday"), (("reason",), "later"),
                            (("journals",), []), (("files",), {"a": 1})])
def test_a_backup_holding_what_companion_does_not_write_is_refused_in_one_line(tmp_path, where, value) -> None:
    store = a_folder_in_use(tmp_path / "data")
    try:
        bundle = json.loads(store.backup_now().path.read_text())
        path = store.backups_dir / "manual-20261120-080000.json"
        path.write_text(json.dumps(changed(bundle, where, value, delete=False)))
        with pytest.raises(InvalidBackupError) as refused:
            store.restore(path)
        message = str(refused.value)
        assert message.startswith(path.name) and "\n" not in message and len(message) <= 400, message
    finally:
        store.close()


def test_a_backup_whose_journal_record_names_no_session_of_it_or_was_changed_is_refused(tmp_path) -> None:
    store = a_folder_in_use(tmp_path / "data")
    try:
        bundle = json.loads(store.backup_now().path.read_text())
        relpath = next(iter(bundle["journals"]))
        path = store.backups_dir / "manual-20261120-080000.json"
        for journals, said in (({**bundle["journals"], "sessions/zzz.json": bundle["journals"][relpath]},
                                "a session it does not hold"),
                               ({relpath: {**bundle["journals"][relpath], "lines": 0}}, "does not match its checksum")):
            path.write_text(json.dumps({**bundle, "journals": journals}))
            with pytest.raises(InvalidBackupError, match=said):
                store.restore(path)
    finally:
        store.close()


def test_a_play_companion_could_not_have_written_is_not_filed(tmp_path) -> None:
    """A BG Stats file carries a play of ours with its entry; one changed there is refused by name."""
    store = a_folder_in_use(tmp_path / "data")
    try:
        [play] = store.archive.all()
        entry = copy.deepcopy(dict(play.entry))
        entry["players"][0]["fish"] = "many"
        changed_play = Play("bgstats-1", play.game, play.played_at, play.results, play.winners, entry)
        before = (store.root / ARCHIVE_FILE).read_bytes()
        with pytest.raises(DomainError, match=r"bgstats-1.*players\[0\]\.fish is the text 'many', not a list"):
            store.archive.exchange([changed_play])
        assert (store.root / ARCHIVE_FILE).read_bytes() == before and store.archive.all() == [play]
    finally:
        store.close()


def test_a_message_names_a_deep_place_in_one_short_line() -> None:
    from companion.store.shapes import ANY, Doc, Items

    deep: object = "x" * (MAX_TEXT + 1)
    for n in range(MAX_DEPTH - 2):
        deep = {"k" * 500 + "\n": deep} if n % 2 else [deep]
    said = problem({"a": deep}, Doc({"a": ANY}))
    assert said is not None and "\n" not in said and len(said) < 300, said
    said = problem([[["x" * 1_000_000]]], Items(Items(Items(Doc()))))
    assert said == "[0][0][0] is a text of 1,000,000 letters, not an object"


def test_a_session_file_holding_a_text_too_long_is_set_aside_at_start_up(tmp_path) -> None:
    """A session kept whole in one file (before journals) is checked as a session in a backup is."""
    at = "2026-11-21T10:00:00+00:00"
    record = SessionRecord("abc123", "table", "Dice session", {}, (Action("dice.roll", {"faces": [3]}, "r" * 20_000),),
                           (), at, at)
    old = tmp_path / "data" / "sessions" / "abc123.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps(record_to_raw(record)))
    store = open_store(tmp_path / "data", FakeClock())
    try:
        [notice] = store.notices
        assert "abc123.json could not be read" in notice and "20,000 letters" in notice, notice
        assert store.sessions.ids() == [] and list(old.parent.glob("abc123.json.corrupt-*"))
    finally:
        store.close()
