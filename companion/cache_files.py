"""Files the server makes for itself in its cache folder (compressed copies of the client's files,
fonts): each written whole or not at all, and what a server killed while writing left is cleared."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

STALE_AFTER = 3600  # seconds: a partial file this old was left by a server killed while writing it


def write_whole(out: Path, write: Callable[[Path], object]) -> Path:
    """`out`, written by `write` (given the path to write) to a partial file first, then renamed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f"{out.name}.tmp{os.getpid()}")
    try:
        write(partial)
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
