"""The phone build's second copy of its data folder (companion/site/second_copy.py, issue 63): the folder packed
whole and brought back whole; a copy cut short or naming a file outside the folder changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.site.second_copy import is_empty, pack, unpack
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.store import open_store


def a_store(root: Path) -> None:
    """Players, a play in History, an unfinished session and a backup: everything a phone keeps."""
    from tests.unit.test_archive import play

    store = open_store(root)
    store.settings.add_player("Ana")
    store.settings.add_player("Ben")
    store.archive.add(play("a", "2026-11-01T20:00:00"))
    SessionManager(store.sessions, GAMES, store.clock).create("table")
    store.backup_now()
    store.close()


def test_a_folder_packed_and_brought_back_is_the_same_store(tmp_path: Path) -> None:
    a_store(tmp_path / "phone")
    (tmp_path / "phone" / ".settings.json.tmp").write_text("half written")
    data = pack(tmp_path / "phone")
    back = tmp_path / "back"
    back.mkdir()
    assert is_empty(back)
    count = unpack(data, back)
    kept = sorted(p.relative_to(back).as_posix() for p in back.rglob("*") if p.is_file())
    assert kept == sorted(p.relative_to(tmp_path / "phone").as_posix() for p in (tmp_path / "phone").rglob("*")
                          if p.is_file() and not p.name.endswith(".tmp")) and count == len(kept)
    assert any(name.startswith("backups/") for name in kept)  # the backups too: not in the database alone
    store = open_store(back)
    assert [p.name for p in store.settings.players()] == ["Ana", "Ben"]
    assert [p.id for p in store.archive.newest_first()] == ["a"]
    assert len(SessionManager(store.sessions, GAMES, store.clock).open_records("table")) == 1
    store.close()
    assert not is_empty(back)


@pytest.mark.parametrize("cut", [1, 100, -22])
def test_a_copy_cut_short_changes_nothing(tmp_path: Path, cut: int) -> None:
    a_store(tmp_path / "phone")
    data = pack(tmp_path / "phone")
    folder = tmp_path / "kept"
    folder.mkdir()
    (folder / "settings.json").write_text("what was there")
    with pytest.raises(ValueError):
        unpack(data[:cut], folder)
    assert [p.name for p in folder.iterdir()] == ["settings.json"]
    assert (folder / "settings.json").read_text() == "what was there"


def test_a_copy_naming_a_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as packed:
        packed.writestr("../outside.json", "{}")
    folder = tmp_path / "kept"
    folder.mkdir()
    with pytest.raises(ValueError, match="outside the data folder"):
        unpack(out.getvalue(), folder)
    assert not (tmp_path / "outside.json").exists()


async def test_copies_asked_for_while_one_is_written_make_one_more_and_a_stuck_one_is_given_up(
        tmp_path: Path, monkeypatch) -> None:
    """The copy is written beside the screen's answer, one at a time (a full phone may never answer a write: the
    taps must not wait on it, and copies must not pile up)."""
    import asyncio

    from companion.site import second_copy

    written: list[int] = []
    release = asyncio.Event()

    async def keep(folder: Path) -> None:
        written.append(len(written))
        await release.wait()

    monkeypatch.setattr(second_copy, "keep", keep)
    copier = second_copy.Copier(tmp_path)
    copier.soon()
    await asyncio.sleep(0)
    for _ in range(3):  # three saves while the first copy is written: one more copy, of the folder as it is then
        copier.soon()
    release.set()
    await copier.done()
    assert written == [0, 1]
    monkeypatch.setattr(second_copy, "COPY_WITHIN", 0.01)
    release.clear()
    copier.soon()  # never answered: given up, not waited on forever
    await copier.done()
    assert written == [0, 1, 2]


def test_a_copy_takes_a_damaged_folders_place_only_when_it_opens_whole(tmp_path: Path) -> None:
    """Issue 63: a store found damaged beside a good copy is brought back from it (the store alone mends a
    damaged file from its daily backup, older than the copy). `found_damaged` says what a start mended;
    `opens_whole` says whether a copy would open with nothing to mend."""
    from companion.site.second_copy import opens_whole

    phone, scratch = tmp_path / "phone", tmp_path / "scratch"
    a_store(phone)
    good = pack(phone)
    assert opens_whole(good, scratch) and not scratch.exists()
    (phone / "settings.json").write_text('{"players": {"1": ')  # a write cut short
    damaged = pack(phone)
    store = open_store(phone)
    store.close()
    assert store.found_damaged == ["settings.json"]
    assert not opens_whole(damaged, scratch)  # a copy taken of the damage: no better than the folder
    assert not opens_whole(good[:200], scratch) and not opens_whole(b"", scratch)
    store = open_store(phone)
    store.close()
    assert store.found_damaged == []  # mended: the next start finds nothing
