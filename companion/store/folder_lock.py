"""One Companion per data folder: a lock on a file in it, held for as long as the store is open.

The way is chosen at import, from the standard library: `fcntl.flock` where there is `fcntl`
(Linux, macOS), `msvcrt.locking` where there is `msvcrt` (Windows). The system releases both
when the process ends, however it ends. Where neither exists, a file created only if absent
(`OWNER_FILE`) names the process holding the folder; one left by a process that is gone is
taken over where the system can tell (POSIX), else the message names the file to delete.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.store.errors import DataFolderInUse, StoreError
from companion.store.layout import LOCK_FILE

try:
    import fcntl
except ImportError:
    fcntl = None
try:
    import msvcrt
except ImportError:
    msvcrt = None

OWNER_FILE = ".lock-owner"  # only where neither fcntl nor msvcrt exists
KIND = "flock" if fcntl is not None else "msvcrt" if msvcrt is not None else "owner-file"
BINARY = getattr(os, "O_BINARY", 0)  # Windows opens a file as text unless told


def in_use(root: Path, extra: str = "") -> DataFolderInUse:
    return DataFolderInUse(f"another Companion is already using the data folder {root}{extra}")


class FolderLock:
    """Held from `lock_folder` until `release`."""

    def __init__(self, root: Path, fd: int | None) -> None:
        self.root = root
        self._fd = fd

    def release(self) -> None:
        if KIND == "owner-file":
            (self.root / OWNER_FILE).unlink(missing_ok=True)
            return
        if self._fd is None:
            return
        if KIND == "msvcrt":
            os.lseek(self._fd, 0, os.SEEK_SET)
            try:
                msvcrt.locking(self._fd, msvcrt.LK_UNLCK, 1)
            except OSError:
                pass  # closing the file releases it all the same
        os.close(self._fd)
        self._fd = None


def lock_folder(root: Path) -> FolderLock:
    """Take the data folder `root` (made if missing); DataFolderInUse when another Companion has it,
    StoreError when the folder cannot be used."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        if KIND == "owner-file":
            _take_owner_file(root)
            return FolderLock(root, None)
        fd = os.open(root / LOCK_FILE, os.O_RDWR | os.O_CREAT | BINARY, 0o644)
    except DataFolderInUse:
        raise
    except OSError as exc:
        raise StoreError(f"cannot use the data folder {root}: {exc.strerror or exc}") from exc
    try:
        if KIND == "flock":
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # msvcrt locks bytes from the current position: the first byte, past the end is allowed
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        os.close(fd)
        raise in_use(root) from None
    return FolderLock(root, fd)


def _take_owner_file(root: Path) -> None:
    path = root / OWNER_FILE
    for _ in range(2):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o644)
        except FileExistsError:
            if _owner_alive(path):
                raise in_use(root, f" (if none is running, delete {path})") from None
            path.unlink(missing_ok=True)  # left by a Companion that is gone
            continue
        try:
            os.write(fd, str(os.getpid()).encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        return
    raise in_use(root)


def _owner_alive(path: Path) -> bool:
    """Whether the process named in `path` still runs; True when it cannot be told."""
    try:
        pid = int(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return True  # being written, or unreadable: not ours to take
    if os.name != "posix":
        return True  # os.kill would end the process there, not test it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by another user
    return True
