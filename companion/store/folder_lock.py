"""One Companion per data folder: a lock on a file in it, held for as long as the store is open.

The lock is `filelock`'s (maintained, and tested on Linux, macOS and Windows in its own CI): an
operating-system lock (`flock`, Windows' `LockFileEx`) that the system releases when the process
ends, however it ends; where the system has none, its soft lock, a file naming its owner, which a
later start takes over when that owner is gone. A second Companion on the folder is refused in one
line (`DataFolderInUse`).
"""

from __future__ import annotations

from pathlib import Path

import filelock

from companion.store.errors import DataFolderInUse, StoreError
from companion.store.layout import LOCK_FILE


def in_use(root: Path, extra: str = "") -> DataFolderInUse:
    return DataFolderInUse(f"another Companion is already using the data folder {root}{extra}")


class FolderLock:
    """Held from `lock_folder` until `release`."""

    def __init__(self, root: Path, lock: filelock.BaseFileLock) -> None:
        self.root = root
        self._lock = lock

    @property
    def kind(self) -> str:
        """Which lock holds the folder ("UnixFileLock", "WindowsFileLock", "SoftFileLock")."""
        return type(self._lock).__name__

    def release(self) -> None:
        self._lock.release(force=True)


def lock_folder(root: Path) -> FolderLock:
    """Take the data folder `root` (made if missing); DataFolderInUse when another Companion has it,
    StoreError when the folder cannot be used."""
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot use the data folder {root}: {exc.strerror or exc}") from exc
    # Not per thread: the store is opened on one thread and may be closed on another.
    lock = filelock.FileLock(str(root / LOCK_FILE), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise in_use(root) from None
    except OSError as exc:
        raise StoreError(f"cannot use the data folder {root}: {exc.strerror or exc}") from exc
    return FolderLock(root, lock)
