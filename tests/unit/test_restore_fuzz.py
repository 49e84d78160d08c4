"""Hostile restore bundles: a wrong type at any place, file names that climb out of the data folder
or are absolute, huge texts and numbers, deep nesting, a bundle cut short at any length, a file
over the size limit. Every one is refused with one line that names the bundle and what is wrong,
and nothing saved changes (a digest of the whole data folder, backups included, is the same)."""

from __future__ import annotations

import hashlib
import json
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.inputs import MAX_BYTES, MAX_DEPTH
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.store import InvalidBackupError
from tests.budgets import examples
from tests.json_places import paths
from tests.unit.test_store_fuzz import a_folder_in_use, changed

FUZZ = settings(max_examples=examples(200), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
NAME = "manual-20261120-080000.json"
CLIMBING = ["../x", "../settings.json", "../../etc/passwd", "/etc/passwd", "/tmp/settings.json", "sessions/../x.json",
            "sessions/../../x.json", "sessions/..json", "C:\\x.json", "sessions\\abc.json", "./settings.json",
            "settings.json/", "sessions//abc.json", "sessions/ABC.json", "", ".", "..", "sessions/", "\x00",
            "settings.json\x00.txt", "backups/manual-20261120-080000.json", "sessions/" + "a" * 41 + ".json"]
HUGE = [10 ** 400, -(10 ** 400), 1e308 * 10, "x" * 1_000_000, "\u00e9" * 300_000, 2 ** 63, -(2 ** 63) - 1]


def nested(depth: int):
    value: object = "deep"
    for n in range(depth):
        value = [value] if n % 2 else {"a": value}
    return value


# Fields that hold a text or null: a text is their own type there (what it names is for the game to judge).
TEXT_OR_NULL = {"preset"}  # the Dice tab's pool: the preset it came from, if any


def other_types(value, key=None) -> list:
    """Values of every JSON type but `value`'s (and, in a field of TEXT_OR_NULL, but text)."""
    kinds = {bool: [True], int: [7, -1], float: [1.5], str: ["x", ""], type(None): [None], list: [[], ["x"]],
             dict: [{}, {"a": 1}]}
    own = {type(value), str} if key in TEXT_OR_NULL else {type(value)}
    return [v for kind, values in kinds.items() if kind not in own for v in values]


def at(bundle, path):
    for step in path:
        bundle = bundle[step]
    return bundle


def digest(root) -> str:
    """Every file of the data folder, its path and content, but the bundle under test."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.name != NAME and path.name != ".lock":
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        elif path.is_dir():
            h.update(str(path.relative_to(root)).encode() + b"/\0")
    return h.hexdigest()


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """One data folder in use, its good bundle, and its session checker."""
    store = a_folder_in_use(tmp_path_factory.mktemp("data"))
    good = store.backup_now().path.read_text()
    store.settings.add_player("Cy")  # now differs from the backup
    yield store, json.loads(good), SessionManager(store.sessions, GAMES, store.clock)
    store.close()


COUNT = {"bundles": 0}


def refused(table, content: bytes | str) -> str:
    """Restore `content` as a bundle: refused, in one line naming the bundle, with nothing changed."""
    store, _, sessions = table
    path = store.backups_dir / NAME
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass")
    path.write_bytes(content)
    before = digest(store.root)
    try:
        with pytest.raises(InvalidBackupError) as caught:
            store.restore(path, check_session=sessions.check)
    finally:
        path.unlink()
    COUNT["bundles"] += 1
    message = str(caught.value)
    assert NAME in message and "\n" not in message and len(message) <= 400, message[:1000]
    assert digest(store.root) == before
    return message


@FUZZ
@given(data=st.data())
def test_a_wrong_type_anywhere_is_refused(table, data) -> None:
    bundle = table[1]
    where = data.draw(st.sampled_from([p for p in paths(bundle) if p]), label="where")
    new = data.draw(st.sampled_from(other_types(at(bundle, where), where[-1])), label="new")
    refused(table, json.dumps(changed(bundle, where, new, delete=False)))


@FUZZ
@given(data=st.data())
def test_a_huge_or_deep_value_anywhere_is_refused(table, data) -> None:
    bundle = table[1]
    where = data.draw(st.sampled_from([p for p in paths(bundle) if p]), label="where")
    new = data.draw(st.sampled_from([*HUGE, nested(MAX_DEPTH + 1)]), label="new")
    refused(table, json.dumps(changed(bundle, where, new, delete=False)))


@FUZZ
@given(data=st.data())
def test_a_file_named_outside_the_data_folder_is_refused(table, data) -> None:
    bundle = table[1]
    name = data.draw(st.sampled_from(CLIMBING) | st.text(max_size=60), label="name")
    content = data.draw(st.sampled_from([bundle["files"]["settings.json"], {}, "x", None]), label="content")
    hostile = changed(bundle, ("files",), {**bundle["files"], name: content}, delete=False)
    assume(json.dumps(hostile) != json.dumps(bundle))  # a file given its own content: nothing to refuse
    refused(table, json.dumps(hostile))


@FUZZ
@given(data=st.data())
def test_a_bundle_cut_short_at_any_length_is_refused(table, data) -> None:
    text = json.dumps(table[1]).encode()
    refused(table, text[:data.draw(st.integers(0, len(text) - 1), label="length")])


def test_a_bundle_cut_short_at_every_length_is_refused(table) -> None:
    text = json.dumps(table[1]).encode()
    for length in range(0, len(text), 7):  # every 7th length
        refused(table, text[:length])


def test_a_bundle_over_the_size_limit_is_refused_unread(table) -> None:
    store = table[0]
    path = store.backups_dir / NAME
    with open(path, "wb") as f:
        f.write(json.dumps(table[1]).encode())
        f.truncate(MAX_BYTES + 1)  # sparse: no disk used for the rest
    before = digest(store.root)
    try:
        with pytest.raises(InvalidBackupError, match="is more than the"):
            store.restore(path)
    finally:
        os.unlink(path)
    assert digest(store.root) == before


def test_how_many_bundles(table) -> None:
    """Last in the file: says how many were refused, for docs/reliability.md's figures."""
    print(f"\n{COUNT['bundles']} hostile bundles refused")
