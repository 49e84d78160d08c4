"""The cache folder's own files (compressed copies, fonts): written whole or not at all, and what a
server killed while writing left is cleared at the next start, in every folder that makes them."""

from __future__ import annotations

import os
import time

import pytest

from companion.client.cache_files import STALE_AFTER, clear_stale, write_whole
from companion.client.icon_font import IconFont


def test_a_file_is_written_whole_or_not_at_all(tmp_path) -> None:
    out = tmp_path / "cache" / "copy.gz"
    assert write_whole(out, lambda partial: partial.write_bytes(b"new")) == out
    assert out.read_bytes() == b"new" and [p.name for p in out.parent.iterdir()] == ["copy.gz"]

    def killed(partial):
        partial.write_bytes(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        write_whole(out, killed)
    assert out.read_bytes() == b"new"  # the old file stays whole, and nothing half-written is left
    assert [p.name for p in out.parent.iterdir()] == ["copy.gz"]


def test_partial_files_left_by_a_killed_server_are_cleared_not_those_being_written(tmp_path) -> None:
    old, fresh, kept = tmp_path / "a.otf.tmp123", tmp_path / "b.otf.tmp456", tmp_path / "c.otf"
    for path in (old, fresh, kept):
        path.write_bytes(b"x")
    long_ago = time.time() - STALE_AFTER - 60
    os.utime(old, (long_ago, long_ago))
    clear_stale(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.otf.tmp456", "c.otf"]


def test_the_icon_fonts_folder_is_cleared_of_stale_partial_files_at_start(tmp_path) -> None:
    folder = tmp_path / "icons"
    folder.mkdir()
    stale = folder / "MaterialIcons-v0-abc.otf.tmp99"
    stale.write_bytes(b"half a font")
    long_ago = time.time() - STALE_AFTER - 60
    os.utime(stale, (long_ago, long_ago))
    IconFont(tmp_path / "no-such-font.otf", folder, "v1").start()
    assert not stale.exists()
