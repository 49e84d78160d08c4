"""A real small file system for the full-disk tests (issue 44): a tmpfs mounted at a folder of the
test's own (it needs root, as CI runs), and a file that takes all of its room but a few bytes."""

from __future__ import annotations

import contextlib
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
    """A file taking all the room on `disk` but about `leave` bytes."""
    stats = os.statvfs(disk)
    free = stats.f_bavail * stats.f_frsize
    filler = disk / "filler"
    with open(filler, "wb") as f:
        f.write(b"\0" * max(0, free - leave))
    return filler
