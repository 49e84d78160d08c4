"""A real small file system for the full-disk tests (issue 44): a tmpfs mounted at a folder of the
test's own (it needs root, as CI runs), and a file that takes all of its room but a few bytes."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_disk(mount: Path, size: str = "1m") -> Iterator[Path]:
    """A tmpfs of `size` at `mount` (made), unmounted afterwards; the test is skipped without root."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (CI runs as root)")
    mount.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path, leave: int) -> Path:
    """A file taking all the room on `disk` but about `leave` bytes: written until the disk refuses (a browser
    writing its profile beside it may take room between a measure and the write), then `leave` given back."""
    filler = disk / "filler"
    chunk = b"\0" * (1 << 20)
    with open(filler, "wb", buffering=0) as f:
        while chunk:
            try:
                f.write(chunk)
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
                chunk = chunk[: len(chunk) // 2]
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))
    return filler
