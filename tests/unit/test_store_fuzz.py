"""Settings files and backups changed in any way: a damaged settings file is set aside and
announced (the rest untouched), and a restore either brings back a backup whose every part
works, or refuses it by name and changes nothing at all."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.actions import Actor
from companion.core.session_manager import SessionManager
from companion.games import GAMES, registry
from companion.games.dice_roller import GAME as TABLE
from companion.games.dice_roller import roll, set_pool
from companion.games.fleet_dice import rules as fleet
from companion.games.freshwater_fly import score_sheet
from companion.games.freshwater_fly.entry import FishColor, Hatch, Species
from companion.games.registry import FRESHWATER_FLY
from companion.store import InvalidBackupError, StoreError, open_store
from tests.budgets import examples
from tests.conftest import FakeClock
from tests.json_places import changed, paths

NASTY = [10 ** 14, -1, 0, 1.5, "x", "", "PLAID", True, None, [], {}, [["x"]], {"a": {"b": 1}}, "\ud800",
         "2026-13-45", 5, "table", "fleet-dice", "2026-11-21T10:00:00"]
FUZZ = settings(max_examples=examples(75), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])




def a_folder_in_use(root):
    """A data folder as a table leaves it: players and their settings, a finished play, open sessions."""
    store = open_store(root, FakeClock())
    store.settings.add_player("Ana")
    store.settings.add_player("Ben")
    store.settings.save_pool("Lure", ("d6", "d6", "d12"))
    for key, value in (("face_changes", ["C", 2, 6]), ("tie_break", ["black", "gold", "green"]),
                       ("strike_hooks", 2)):
        store.settings.change_game_options(FRESHWATER_FLY.id,
                                           lambda doc, k=key, v=value: FRESHWATER_FLY.change_options(doc, k, v))
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    ana = Actor("p1", "Ana", False)
    table = sessions.create(TABLE)
    table.perform(set_pool(["d6", "boat"]), ana)
    table.perform(roll(table.state.dice, random.Random(1)), ana)
    sheets = sessions.create(fleet.GAME, {"players": [{"name": "Ana", "start": "cod"},
                                                      {"name": "Ben", "start": "oyster"}]})
    sheets.perform(fleet.legal_actions(sheets.state, 0)[0], ana)
    scores = sessions.create(score_sheet.GAME, {"players": ["Ana", "Ben"]})
    scores.perform(score_sheet.add_fish(scores.state, 0, Species.COHO, FishColor.GOLD, 5), ana)
    scores.perform(score_sheet.set_hatch(scores.state, 1, Hatch.BLUE, 2), Actor("p2", "Ben", False))
    store.archive.add(score_sheet.to_play(scores.state, "play1", "2026-11-20T21:00:00+00:00"))
    return store


def files_of(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "backups" not in p.parts and p.name != ".lock"}


def everything_works(store) -> None:
    """What the screens read, all of it."""
    store.settings.players()
    store.settings.saved_pools()
    store.settings.problems()
    for game in registry.GAMES:
        if game.options:
            game.read_options(store.settings.game_options(game.id))
    for play in store.archive.all():
        store.archive.get(play.id)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    for record in sessions.open_records():
        sessions.get(record.id).state


@FUZZ
@given(data=st.data())
def test_a_changed_settings_file_is_read_or_set_aside_and_announced(tmp_path_factory, data) -> None:
    root = tmp_path_factory.mktemp("data")
    a_folder_in_use(root).close()
    raw = json.loads((root / "settings.json").read_text())
    where = data.draw(st.sampled_from(paths(raw)), label="where")
    new = data.draw(st.sampled_from(NASTY), label="new")
    text = json.dumps(changed(raw, where, new, data.draw(st.booleans(), label="delete")), ensure_ascii=False)
    assume(text != json.dumps(raw, ensure_ascii=False))  # a value given as it was: the file is not changed
    (root / "settings.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    archive_before, before = (root / "archive.json").read_bytes(), files_of(root)
    try:
        store = open_store(root, FakeClock())
    except StoreError as exc:  # a file from a newer Companion: said, and nothing touched
        assert "newer Companion" in str(exc) and files_of(root) == before
    else:
        try:
            everything_works(store)
            if store.notices:
                assert "settings" in store.notices[0] and list(root.glob("settings.json.corrupt-*"))
            assert (root / "archive.json").read_bytes() == archive_before
        finally:
            store.close()


@FUZZ
@given(data=st.data())
def test_a_changed_backup_is_restored_whole_and_working_or_refused_with_nothing_changed(tmp_path_factory,
                                                                                        data) -> None:
    root = tmp_path_factory.mktemp("data")
    store = a_folder_in_use(root)
    restored = False
    try:
        bundle = json.loads(store.backup_now().path.read_text())
        store.settings.add_player("Cy")  # now differs from the backup
        where = data.draw(st.sampled_from(paths(bundle)), label="where")
        new = data.draw(st.sampled_from(NASTY), label="new")
        text = json.dumps(changed(bundle, where, new, data.draw(st.booleans(), label="delete")), ensure_ascii=False)
        assume(text != json.dumps(bundle, ensure_ascii=False))  # a value given as it was: the backup is not changed
        path = store.backups_dir / "manual-20261120-080000.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = files_of(root)
        sessions = SessionManager(store.sessions, GAMES, store.clock)
        try:
            store.restore(path, check_session=sessions.check)
        except InvalidBackupError as exc:  # refused, and nothing changed
            assert str(exc) and files_of(root) == before
        else:
            everything_works(store)
            restored = True
    finally:
        store.close()
    if restored:  # what was restored opens as it is after a restart
        reopened = open_store(root, FakeClock())
        try:
            assert reopened.notices == []
            everything_works(reopened)
        finally:
            reopened.close()


def test_a_backup_with_no_files_is_refused(tmp_path) -> None:
    store = a_folder_in_use(tmp_path / "data")
    try:
        path = store.backups_dir / "manual-20261120-080000.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"format": "companion-backup", "version": 1, "files": {}}))
        before = files_of(store.root)
        try:
            store.restore(path)
        except InvalidBackupError as exc:
            assert "holds no settings.json" in str(exc)
        else:
            raise AssertionError("an empty backup was restored")
        assert files_of(store.root) == before
    finally:
        store.close()


def test_the_backups_found_by_hand_are_refused_by_name_and_change_nothing(tmp_path) -> None:
    store = a_folder_in_use(tmp_path / "data")
    try:
        good = json.loads(store.backup_now().path.read_text())
        [table_file] = [f for f, raw in good["files"].items()
                        if raw.get("session", {}).get("1", {}).get("game") == TABLE]
        sessions = SessionManager(store.sessions, GAMES, store.clock)

        def bundle(change) -> str:
            bad = copy.deepcopy(good)
            change(bad["files"])
            return json.dumps(bad)  # a lone surrogate as the escape \\ud800: valid JSON, not valid Unicode

        cases = [
            (lambda f: f["settings.json"]["players"]["1"].update(color=["RED"]), "player record 1 is not valid"),
            (lambda f: f["settings.json"]["players"]["1"].update(color={"RED": 1}), "player record 1 is not valid"),
            (lambda f: f["settings.json"]["players"]["1"].update(name="\ud800"), "not valid Unicode"),
            (lambda f: f["archive.json"]["plays"]["1"].update(played_at=5), "has an id, game or date that is not text"),
            (lambda f: f[table_file]["session"]["1"]["actions"].append(
                {"type": "dice.roll", "data": {"faces": 7}, "label": "roll"}), "cannot be replayed"),
            (lambda f: f.update({"sessions/abc.json": f.pop(table_file)}), "holds a session with another id"),
        ]
        for change, problem in cases:
            path = store.backups_dir / "manual-20261120-080000.json"
            path.write_text(bundle(change), encoding="utf-8", errors="surrogatepass")
            before = files_of(store.root)
            try:
                store.restore(path, check_session=sessions.check)
            except InvalidBackupError as exc:
                assert problem in str(exc), (problem, str(exc))
            else:
                raise AssertionError(f"restored a backup where {problem}")
            assert files_of(store.root) == before
    finally:
        store.close()
