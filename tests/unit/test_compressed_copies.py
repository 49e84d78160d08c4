"""The compressed copies the laptop serves (companion/laptop/web_files.py, Compressed) are checked
before a phone is given one (issue 44): a copy left empty or cut short (a power cut before the disk
had it, a damaged cache) was sent as it was, and Chromium showed a blank page with nothing said."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import brotli
import pytest

from companion.laptop.web_files import Compressed


@pytest.mark.parametrize("damage", [lambda b: b"", lambda b: b[: len(b) // 2], lambda b: b"\x00" * len(b)],
                         ids=["empty", "half", "zeroed"])
@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_a_damaged_copy_is_never_sent_and_is_made_again(tmp_path: Path, encoding, damage) -> None:
    original = tmp_path / "main.dart.js"
    original.write_bytes(b"console.log('a phone at the table');\n" * 200)
    copies = Compressed(tmp_path / "cache")
    copies.make(encoding, original)
    copy = copies.copy_of(original, encoding)
    unpack = brotli.decompress if encoding == "br" else gzip.decompress
    assert unpack(copy.read_bytes()) == original.read_bytes()
    copy.write_bytes(damage(copy.read_bytes()))
    sent, how = Compressed(tmp_path / "cache").best(original, {encoding})  # a server started on this cache
    assert (sent, how) == (original, None)  # the file itself, not the damaged copy
    assert not copy.exists()  # set aside: made again by the background thread
    fresh = Compressed(tmp_path / "cache")
    fresh.make(encoding, original)
    sent, how = fresh.best(original, {encoding})
    assert how == encoding and unpack(sent.read_bytes()) == original.read_bytes()


def test_a_copy_is_synced_before_it_takes_its_name(tmp_path: Path, monkeypatch) -> None:
    original = tmp_path / "main.dart.js"
    original.write_bytes(b"x" * 5000)
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    Compressed(tmp_path / "cache").make("gzip", original)
    assert synced, "the copy was renamed into place before it was on the disk"
