"""The table's key survives a damaged key file: the file is set aside with a notice on the host's
screen, and the copy written beside it whenever the key is made or changed keeps every phone in."""

from __future__ import annotations

import json

import pytest

from companion.app import build_context
from companion.laptop.hosting import LAPTOP
from companion.store import open_store
from companion.store.table_key import TABLE_KEY_FILE, TableKeys, load_table_key, renew_table_key

COPY = "table-key.copy.json"


def start(root, clock):
    """The next start with --lan, as `companion` makes it: the store, the table's keys, the context."""
    store = open_store(root, clock)
    keys = TableKeys(root)
    return store, keys, build_context(store, LAPTOP, table_keys=keys)


@pytest.fixture
def key(data_dir):
    data_dir.mkdir(parents=True)
    return renew_table_key(data_dir)


def damage_flip(path) -> None:
    data = bytearray(path.read_bytes())
    data[data.index(b'"secret":"') + 12] ^= 0x01  # one bit of the secret: it still parses, a valid-looking key
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage, problem", [
    (lambda p: p.write_text("{broken"), "not valid JSON"),
    (lambda p: p.write_text(""), "it is empty"),
    (damage_flip, "it does not match its checksum"),
], ids=["broken", "emptied", "a byte changed"])
def test_a_damaged_key_file_is_set_aside_and_its_copy_keeps_every_phone_in(data_dir, clock, key, damage,
                                                                           problem) -> None:
    path = data_dir / TABLE_KEY_FILE
    damage(path)
    damaged = path.read_bytes()
    store, keys, ctx = start(data_dir, clock)
    try:
        assert keys() == key  # the phones' link and code still work
        [notice] = ctx.notices
        aside = data_dir / "table-key.json.corrupt-20261121-100000"
        assert notice.startswith("The table's key file table-key.json could not be read: ") and problem in notice
        assert (f"It was moved to {aside}. Its copy, table-key.copy.json, was used instead: every phone that "
                "joined stays in, with the same link and code.") in notice
        assert aside.read_bytes() == damaged
        assert load_table_key(data_dir) == key and store.notices == [notice]
    finally:
        store.close()


def test_a_missing_key_file_is_brought_back_from_its_copy_and_said(data_dir, clock, key) -> None:
    (data_dir / TABLE_KEY_FILE).unlink()
    store, keys, ctx = start(data_dir, clock)
    try:
        assert keys() == key
        [notice] = ctx.notices
        assert "table-key.json was missing. Its copy, table-key.copy.json, was used instead" in notice
        assert "To give the table a new code, use Invite phones" in notice
    finally:
        store.close()


def test_with_its_copy_damaged_too_the_table_has_a_new_key_and_the_host_is_told(data_dir, clock, key) -> None:
    (data_dir / TABLE_KEY_FILE).write_text("{broken")
    (data_dir / COPY).write_text("[]")
    store, keys, ctx = start(data_dir, clock)
    try:
        assert keys() != key
        [notice] = ctx.notices
        assert ("No copy of it could be read either, so the table has a new key: every phone must join again "
                "(Invite phones shows the new QR code and code).") in notice
        assert (data_dir / "table-key.json.corrupt-20261121-100000").read_text() == "{broken"
        assert load_table_key(data_dir) == keys()
    finally:
        store.close()


def test_a_copy_is_written_when_the_key_is_made_and_when_it_changes(data_dir, key) -> None:
    assert load_table_key(data_dir) == key
    assert json.loads((data_dir / COPY).read_text()) == json.loads((data_dir / TABLE_KEY_FILE).read_text())
    renewed = TableKeys(data_dir).renew()
    assert json.loads((data_dir / COPY).read_text())["secret"] == renewed.secret
    (data_dir / COPY).write_text("{")  # a damaged copy of a good key: written again, no notice needed
    assert load_table_key(data_dir) == renewed
    assert json.loads((data_dir / COPY).read_text())["secret"] == renewed.secret


def test_a_start_without_a_key_file_makes_none(data_dir, clock) -> None:
    open_store(data_dir, clock).close()  # served without --lan: no key is made, nothing is said
    assert not (data_dir / TABLE_KEY_FILE).exists() and not (data_dir / COPY).exists()


def test_a_key_file_from_before_copies_were_kept_is_read_and_gets_its_copy(data_dir, clock) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / TABLE_KEY_FILE).write_text('{"secret":"Cfv24cHj8zRf7iJkQvcGrzBV","code":"646216"}')
    store, keys, ctx = start(data_dir, clock)
    try:
        assert (keys().secret, keys().code) == ("Cfv24cHj8zRf7iJkQvcGrzBV", "646216") and ctx.notices == []
        assert json.loads((data_dir / COPY).read_text())["secret"] == "Cfv24cHj8zRf7iJkQvcGrzBV"
    finally:
        store.close()
