"""Database files: checked on open, one handle per file, one lock, migrations."""

from __future__ import annotations

import json
import threading
from datetime import datetime
from pathlib import Path

import pytest

from companion.store.db import (
    CorruptFileError,
    NewerSchemaError,
    check_raw,
    close_database,
    open_database,
    prepare_file,
)
from companion.store.migrations import META_TABLE, MigrationError, Schema, meta_of, migrate, stamp

SETTINGS_V1 = Schema("settings", 1)


def v1_file(path: Path, tables: dict | None = None) -> None:
    path.write_text(json.dumps(stamp(tables or {}, "settings", 1)))


@pytest.mark.parametrize("raw, problem", [
    ([], "does not hold a JSON object"),
    ({"t": []}, "table 't' is not a JSON object"),
    ({"t": {"x": {}}}, "malformed record 'x'"),
    ({"t": {"1": 5}}, "malformed record '1'"),
    ({"t": {}}, "no _meta record"),
    (stamp({}, "archive", 1), "holds 'archive' data"),
    ({META_TABLE: {"1": {"kind": "settings", "schema": "1"}}}, "schema version '1' is not valid"),
])
def test_check_raw_names_the_problem(raw, problem) -> None:
    with pytest.raises(CorruptFileError, match=problem):
        check_raw(raw, SETTINGS_V1)


def test_newer_schema_is_refused_not_treated_as_corrupt() -> None:
    with pytest.raises(NewerSchemaError, match="newer Companion"):
        check_raw(stamp({}, "settings", 2), SETTINGS_V1)


def test_one_handle_per_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    try:
        assert open_database(path, SETTINGS_V1) is open_database(tmp_path / "." / "s.json", SETTINGS_V1)
    finally:
        close_database(path)


def test_new_file_is_written_with_its_first_record_and_stamped(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    db = open_database(path, SETTINGS_V1)
    assert not path.exists()  # never an empty file on disk
    with db.locked() as tdb:
        tdb.table("t").insert({"a": 1})
    close_database(path)
    raw = json.loads(path.read_text())
    assert meta_of(raw) == {"kind": "settings", "schema": 1}
    assert raw["t"] == {"1": {"a": 1}}


def test_records_are_checked_by_the_schema(tmp_path: Path) -> None:
    def no_negative(raw: dict) -> None:
        for doc_id, doc in raw.get("t", {}).items():
            if doc["n"] < 0:
                raise CorruptFileError(f"record {doc_id} is negative")

    schema = Schema("settings", 1, check=no_negative)
    check_raw(stamp({"t": {"1": {"n": 3}}}, "settings", 1), schema)
    with pytest.raises(CorruptFileError, match="record 2 is negative"):
        check_raw(stamp({"t": {"1": {"n": 3}, "2": {"n": -1}}}, "settings", 1), schema)


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    db = open_database(path, SETTINGS_V1)
    threads_n, per_thread = 8, 25

    def writer(n: int) -> None:
        for i in range(per_thread):
            with db.locked() as tdb:
                tdb.table("t").insert({"writer": n, "i": i})

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(threads_n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    close_database(path)
    docs = json.loads(path.read_text())["t"]
    assert sorted((d["writer"], d["i"]) for d in docs.values()) == [
        (n, i) for n in range(threads_n) for i in range(per_thread)
    ]
    assert sorted(int(k) for k in docs) == list(range(1, threads_n * per_thread + 1))


def rename_nick_to_name(raw: dict) -> dict:
    raw = dict(raw)
    raw["players"] = {k: {"name": v["nick"]} for k, v in raw.get("players", {}).items()}
    return raw


SETTINGS_V2 = Schema("settings", 2, {1: rename_nick_to_name})


def test_migration_runs_and_keeps_a_copy_of_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    v1_file(path, {"players": {"1": {"nick": "Ana"}}})
    before = path.read_text()
    copies = tmp_path / "copies"
    assert prepare_file(path, SETTINGS_V2, copies, datetime(2026, 11, 21, 9, 30))
    raw = json.loads(path.read_text())
    assert raw["players"] == {"1": {"name": "Ana"}}
    assert meta_of(raw) == {"kind": "settings", "schema": 2}
    [copy] = list(copies.iterdir())
    assert copy.name == "settings.schema1-20261121T093000.json"
    assert copy.read_text() == before


def test_current_file_is_not_migrated_or_copied(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    v1_file(path)
    assert not prepare_file(path, SETTINGS_V1, tmp_path / "copies", datetime(2026, 1, 1))
    assert not (tmp_path / "copies").exists()


def test_missing_migration_step_is_an_error() -> None:
    with pytest.raises(MigrationError, match="from schema 1 to 2"):
        migrate(stamp({}, "settings", 1), Schema("settings", 2))


def test_unparseable_file_is_reported_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"_meta": {"1": {"kind": "settings", "schema": 1}}}}')  # "Extra data"
    with pytest.raises(CorruptFileError, match="not valid JSON"):
        prepare_file(path, SETTINGS_V1, tmp_path, datetime(2026, 1, 1))
