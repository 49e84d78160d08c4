"""The data folder on a phone: the store's files, kept in the browser's persistent storage.

Pyodide's files live in memory; Emscripten's IDBFS mounts a folder whose files are saved to
IndexedDB, the browser's own database, when asked (`save`), and read back when the page opens
(`open`). Runs only in the phone's browser (Pyodide): nothing here is imported on the laptop.

Three things make a save as sure as the laptop's fsync:
- **Kept through a power cut.** IndexedDB may report a write done before it reaches the phone's
  storage ("relaxed" durability, Chromium's default): every transaction that writes is asked for
  "strict" durability, done only once on the storage.
- **Every write is seen.** IDBFS saves a file when its modification time differs from the one it
  saved; two writes in one millisecond would look like one. The store syncs (`os.fsync`,
  `os.fdatasync`) every file it writes before a tap is answered; here each such sync also gives the
  file a modification time of its own, one millisecond after the last, and counts a write
  (`writes`, which `durable.Acknowledged` reads).
- **One page at a time.** Two tabs saving the same folder would overwrite each other's files: the
  folder is held with the Web Locks API (`hold`) for as long as the page lives; a second tab is told.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path

# IndexedDB transactions that write are done only once on the phone's storage.
STRICT = """(() => {
  const transaction = IDBDatabase.prototype.transaction;
  if (transaction.companionStrict) return;
  const strict = function (stores, mode, options) {
    return transaction.call(this, stores, mode, mode === "readwrite" ? {...options, durability: "strict"} : options);
  };
  strict.companionStrict = true;
  IDBDatabase.prototype.transaction = strict;
})()"""


class Disk:
    """`folder` (made if missing), saved to IndexedDB."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.writes = 0  # how many files the store synced: a save after them keeps them
        self._stamp = 0  # the last modification time given, in ms

    async def open(self) -> None:
        """Mount the folder and read back what the phone kept."""
        import pyodide_js
        from pyodide.code import run_js

        run_js(STRICT)
        self.folder.mkdir(parents=True, exist_ok=True)
        fs = pyodide_js.FS
        fs.mount(fs.filesystems.IDBFS, {}, str(self.folder))
        await self._sync(populate=True)
        os.fsync = self._stamped(os.fsync)
        os.fdatasync = self._stamped(os.fdatasync)

    async def save(self) -> None:
        """Save every change since the last save; done once the phone's storage holds it."""
        await self._sync(populate=False)

    async def _sync(self, populate: bool) -> None:
        import pyodide_js
        from pyodide.ffi import create_once_callable

        done = asyncio.get_running_loop().create_future()

        def answered(error=None) -> None:
            if done.done():
                return
            if _is_null(error):
                done.set_result(None)
            else:
                done.set_exception(OSError(f"the browser's storage refused: {error}"))

        pyodide_js.FS.syncfs(populate, create_once_callable(answered))
        await done

    def _stamped(self, sync: Callable[[int], None]) -> Callable[[object], None]:
        def stamped(fd) -> None:
            sync(fd)
            number = fd if isinstance(fd, int) else fd.fileno()
            self._stamp = max(int(time.time() * 1000), self._stamp + 1)
            path = _path_of(number)
            if path is not None:
                os.utime(path, ns=(self._stamp * 1_000_000, self._stamp * 1_000_000))
            self.writes += 1

        return stamped


def _is_null(value: object) -> bool:
    """JavaScript's null or undefined, as Pyodide hands them to Python."""
    from pyodide.ffi import jsnull

    return value is None or value is jsnull


def _path_of(fd: int) -> str | None:
    import pyodide_js

    stream = pyodide_js.FS.getStream(fd)
    return None if stream is None else stream.path


async def hold(name: str) -> bool:
    """Hold the Web Lock `name` while this page lives; False when another tab holds it."""
    from js import Object, Promise, navigator
    from pyodide.ffi import create_proxy, to_js

    if not hasattr(navigator, "locks"):
        return True  # an older browser: nothing to tell two tabs apart with
    granted = asyncio.get_running_loop().create_future()

    def given(lock):
        held = not _is_null(lock)
        granted.set_result(held)
        return Promise.new(lambda resolve, reject: None) if held else None  # held until the page goes

    def refused(error) -> None:  # site data blocked: no lock either (what is kept is said by `Disk.open`)
        if not granted.done():
            granted.set_result(True)

    asked = navigator.locks.request(name, to_js({"ifAvailable": True}, dict_converter=Object.fromEntries),
                                    create_proxy(given))
    asked.catch(create_proxy(refused))
    return await granted


async def persisted() -> bool | None:
    """Whether the browser keeps this site's storage when the phone runs short of space (the page asked
    it to: `navigator.storage.persist`, which only a page may ask); None where it cannot be told."""
    from js import navigator

    storage = getattr(navigator, "storage", None)
    if storage is None or not hasattr(storage, "persisted"):
        return None
    return bool(await storage.persisted())
