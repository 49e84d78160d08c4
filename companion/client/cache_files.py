"""Files made for the client in a cache folder (the laptop's compressed copies of the client's files,
fonts, the cut icon font; the phone build's CJK faces): each written whole or not at all, and what a
process killed while writing left is cleared."""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable
from pathlib import Path

STALE_AFTER = 3600  # seconds: a partial file this old was left by a server killed while writing it


def cache_dir() -> Path:
    """Where these files are kept ($COMPANION_CACHE_DIR, else the user's cache folder): shared by every
    data folder on this machine, and by the phone build made on it."""
    from platformdirs import user_cache_dir

    return Path(os.environ.get("COMPANION_CACHE_DIR") or user_cache_dir("companion"))


def writable_cache_dir() -> Path:
    """`cache_dir()`, made and written to once; OSError (with the folder's name) when it cannot be (a
    read-only mount, a file in its place)."""
    folder = cache_dir()
    if folder.exists() and not folder.is_dir():
        raise OSError(errno.ENOTDIR, "it is a file, not a folder", str(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise OSError(exc.errno, f"{exc.strerror or exc}", str(folder)) from None
    return folder


def write_whole(out: Path, write: Callable[[Path], object]) -> Path:
    """`out`, written by `write` (given the path to write) to a partial file first, then renamed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f"{out.name}.tmp{os.getpid()}")
    try:
        write(partial)
        with open(partial, "rb") as written:  # on the disk before it takes its name (a power cut)
            os.fsync(written.fileno())
        os.replace(partial, out)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return out


def clear_stale(folder: Path) -> None:
    """Remove the partial files in `folder` that no running server is still writing."""
    for stale in folder.glob("*.tmp*"):
        try:
            if time.time() - stale.stat().st_mtime > STALE_AFTER:
                stale.unlink(missing_ok=True)
        except FileNotFoundError:  # another server cleared it meanwhile
            pass
