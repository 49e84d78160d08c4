"""A second copy of the data folder on the phone, beside IndexedDB (issue 63).

Chromium drops an IndexedDB database whose write failed: once a phone's storage was full, a tap's save
failed and the browser, opened again, had no players, no plays and no daily backup (kept in the same
database). So after every save the whole folder, backups included, is also written as one file in the
browser's Origin Private File System (`NAME`), which no IndexedDB failure touches, beside the screen's answer
rather than before it (`Copier`: a full phone may leave a write unanswered, and the taps must not wait on it).
The file is written through a writable stream, which the browser writes aside and puts in place only when it
is closed: a write the full phone refuses leaves the copy before it whole.

At start (`phone.start`), a data folder found empty beside a copy (the database dropped) is filled from it
(`bring_back`), and the player told. A folder the store found damaged (it mended it from its daily backup,
older than the copy) is replaced by the copy when the copy opens with nothing damaged (`opens_whole`), the
damaged folder kept aside in the Origin Private File System (`keep_aside`), and the player told. Packing and
unpacking are plain Python (`pack`, `unpack`, `opens_whole`, tested on the laptop); the browser's part runs
only in the phone's browser (Pyodide).
"""

from __future__ import annotations

import asyncio
import io
import logging
import shutil
import zipfile
from pathlib import Path

log = logging.getLogger(__name__)

NAME = "companion-data.zip"  # in the Origin Private File System's root
COPY_WITHIN = 30.0  # seconds a copy may take before it is given up (the next save makes another)
DAMAGED_SET_ASIDE = "companion-data-damaged-{stamp}.zip"  # a damaged folder, kept beside the copy that replaced it
REPLACED_DAMAGED = ("Companion's data on this phone was found damaged. Everything was brought back from the second "
                    "copy Companion keeps on the phone, as it was after your last tap (the damaged data is kept "
                    "aside in this browser).")
BROUGHT_BACK = ("This phone's storage had lost Companion's data (the phone was full, or the browser cleared its "
                "database). Everything was brought back from the second copy Companion keeps on the phone: your "
                "players, games and history as they were kept before it.")


def pack(folder: Path) -> bytes:
    """Every file of `folder` (its subfolders too) in one zip; a temporary file half written is left out."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as packed:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.name.endswith(".tmp"):
                packed.write(path, path.relative_to(folder).as_posix())
    return out.getvalue()


def unpack(data: bytes, folder: Path) -> int:
    """`folder`'s files replaced by those `data` packed (a zip of `pack`'s); how many. Nothing is changed when
    `data` is not a whole zip of relative paths (a copy cut short): ValueError."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            names = packed.namelist()
            if any(name.startswith("/") or ".." in Path(name).parts for name in names):
                raise ValueError("the copy names a file outside the data folder")
            if packed.testzip() is not None:
                raise ValueError("the copy is damaged")
            files = {name: packed.read(name) for name in names if not name.endswith("/")}
    except zipfile.BadZipFile as exc:
        raise ValueError(f"the copy is not whole: {exc}") from exc
    for child in list(folder.iterdir()) if folder.exists() else []:
        shutil.rmtree(child) if child.is_dir() else child.unlink()
    for name, content in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    return len(files)


def is_empty(folder: Path) -> bool:
    """No file in `folder` (a new phone, or a database the browser dropped)."""
    return not any(path.is_file() for path in folder.rglob("*"))


class Copier:
    """Writes the second copy after each save, beside the screen's answer, never in its way: a browser whose full
    storage leaves a write unanswered must not freeze the taps. One copy at a time; saves meanwhile make one more
    copy once it is done (of the folder as it is then)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._task: asyncio.Task | None = None
        self._again = False

    def soon(self) -> None:
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.get_running_loop().create_task(self._copy())

    async def done(self) -> None:
        """Once the copies asked for so far are written (or given up)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _copy(self) -> None:
        while True:
            self._again = False
            try:
                await asyncio.wait_for(keep(self.folder), COPY_WITHIN)
            except TimeoutError:
                log.warning("the second copy was not written within %s s: the next save tries again", COPY_WITHIN)
            if not self._again:
                return


async def keep(folder: Path) -> None:
    """Write `folder` whole as the second copy; a refusal (the phone full) is logged, the copy before it kept."""
    try:
        data = pack(folder)
        handle = await _handle(create=True)
        stream = await handle.createWritable()
        try:
            await stream.write(_js_bytes(data))
        except BaseException:
            stream.abort()  # not awaited: a browser that did not answer the write may not answer this either
            raise
        await stream.close()
    except Exception as exc:  # noqa: BLE001 - whatever the browser's storage threw: the copy before stays whole
        log.warning("the second copy was not written: %r", exc)


async def bring_back(folder: Path) -> bool:
    """Fill `folder` from the second copy, if there is one and it is whole; whether it was."""
    data = await read()
    try:
        count = unpack(data, folder) if data is not None else 0
    except ValueError as exc:  # one cut short: nothing to bring back
        log.warning("the second copy could not be read: %r", exc)
        return False
    log.warning("the data folder was brought back from the second copy (%d files)", count)
    return count > 0


async def read() -> bytes | None:
    """The second copy's bytes (None: there is none, or the browser would not read it)."""
    try:
        handle = await _handle(create=False)
        return None if handle is None else (await (await handle.getFile()).arrayBuffer()).to_bytes()
    except Exception as exc:  # noqa: BLE001 - whatever the browser's storage threw: no copy to read
        log.warning("the second copy could not be read: %r", exc)
        return None


def opens_whole(data: bytes, scratch: Path) -> bool:
    """Whether the copy `data` is a data folder Companion's store opens with nothing damaged in it, unpacked into
    `scratch` to be opened (emptied before, and removed after)."""
    from companion.store import open_store

    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    try:
        if not unpack(data, scratch):
            return False
        opened = open_store(scratch)
        opened.close()
        return not opened.found_damaged
    except Exception as exc:  # noqa: BLE001 - a copy cut short, or one the store cannot open at all
        log.warning("the second copy is not whole: %r", exc)
        return False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


async def keep_aside(folder: Path, name: str) -> None:
    """`folder` as it is, packed into the Origin Private File System under `name` (a damaged folder, kept before
    the copy takes its place); a refusal is logged."""
    try:
        handle = await _named(name, create=True)
        stream = await handle.createWritable()
        await stream.write(_js_bytes(pack(folder)))
        await stream.close()
    except Exception as exc:  # noqa: BLE001 - whatever the browser's storage threw
        log.warning("the damaged data folder was not kept aside: %r", exc)


async def _handle(create: bool):
    """The copy's file in the Origin Private File System; None when there is none (and `create` is False)."""
    return await _named(NAME, create)


async def _named(name: str, create: bool):
    from js import Object, navigator
    from pyodide.ffi import JsException, to_js

    root = await navigator.storage.getDirectory()
    try:
        return await root.getFileHandle(name, to_js({"create": create}, dict_converter=Object.fromEntries))
    except JsException:
        if create:
            raise
        return None


def _js_bytes(data: bytes):
    from js import Uint8Array

    array = Uint8Array.new(len(data))
    array.assign(data)
    return array
