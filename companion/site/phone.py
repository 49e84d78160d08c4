"""Companion on one phone, with no computer: what runs in the phone's browser (Pyodide, in the page's
worker; the archive's `main.py` calls `run`).

The same app as the laptop's pages (`app.make_main`), with this host's entry: the data folder on the
browser's persistent storage (`disk.Disk`), every message to the screen held until what was written
before it is kept there (`durable.Acknowledged`), one tab at a time on the data (`disk.hold`), and
`ONE_PHONE`: no other phone joins, so nobody is invited and the phone plays for the whole table; it is
the host (it restores, deletes, keeps backups as files it downloads).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from pathlib import Path

import flet as ft

from companion.app import build_context, make_main
from companion.site import picture, second_copy
from companion.site.disk import Disk, hold, persisted
from companion.site.durable import Acknowledged
from companion.site.words import NO_STORAGE, NO_STORAGE_TITLE
from companion.store import StoreError, open_store
from companion.ui.host import Hosting
from companion.ui.theme import themes

log = logging.getLogger(__name__)
ONE_PHONE = Hosting("this phone", serves_phones=False, is_host=lambda page: True, backups_in_folder=False,
                    paint=picture.paint)
DATA = Path("/home/pyodide/companion")  # mounted on IndexedDB (its database takes this name)
SCRATCH = Path("/tmp/companion-copy")  # the second copy unpacked, to be checked before it takes DATA's place
LOCK = "companion-data"
ELSEWHERE = ("Companion is open in another tab or window of this browser, and only one may use its data at a "
             "time. Go back to that one, or close it and reload this page.")
NOT_KEPT = ("This phone's storage did not keep your last changes: it is probably full. They are on screen, but "
            "would be lost if Companion closed now. Save a backup file to keep them, then free some space on the "
            "phone (photos, apps): the next tap tries again.")



def run() -> None:
    """Start Companion in this page (called by the archive's main.py)."""
    ft.run(start)


async def start(page: ft.Page) -> None:
    if not await hold(LOCK):
        return await say(page, "Already open", ELSEWHERE)
    disk = Disk(DATA)
    try:
        await disk.open()
    except Exception as exc:  # noqa: BLE001 - whatever the browser's storage threw: it keeps nothing here
        log.warning("the browser's storage refused: %r", exc)
        return await say(page, NO_STORAGE_TITLE, NO_STORAGE)
    brought_back = second_copy.is_empty(DATA) and await second_copy.bring_back(DATA)
    if brought_back:
        await save_to(disk)  # the files brought back, in IndexedDB again
    connection = page.session.connection
    told: list[str] = []

    def not_kept(problem: Exception) -> None:
        log.warning("not kept: %s", problem)
        if not told:  # once: a dialog per failed save would pile up
            told.append(str(problem))
            page.show_dialog(ft.AlertDialog(
                title=ft.Text("Not kept on this phone"), content=ft.Text(NOT_KEPT, key="not-kept"),
                actions=[ft.FilledButton("Save a backup file", icon=ft.Icons.DOWNLOAD, key="not-kept-backup",
                                         on_click=lambda e: page.run_task(save_backup, page, store))]))

    copier = second_copy.Copier(DATA)

    async def save() -> None:
        """What was written, kept in IndexedDB; then the whole folder as the second copy beside it, soon."""
        try:
            await disk.save()
        finally:
            copier.soon()

    gate = Acknowledged(save, lambda: disk.writes, connection.send_callback, not_kept)
    connection.send_callback = gate.send  # every message to the screen, once what it shows is kept
    try:
        store = open_store(DATA)
        replaced = store.found_damaged and await from_copy(store, disk)
        if replaced:
            store = open_store(DATA)
    except StoreError as exc:
        return await say(page, "Companion cannot open its data", str(exc))
    copier.soon()  # a copy from the start, before any tap
    ctx = build_context(store, ONE_PHONE)
    if brought_back:
        ctx.notices.append(second_copy.BROUGHT_BACK)
    if replaced:
        ctx.notices.append(replaced)
    ctx.data_kept = await persisted()
    await make_main(ctx)(page)
    await gate.delivered()
    started()


async def from_copy(store, disk: Disk) -> str:
    """The data folder `store` found damaged (and mended from an older backup), replaced by the second copy when
    that opens with nothing damaged: the words that say so ("" and `store` still open: it was not)."""
    data = await second_copy.read()
    if data is None or not second_copy.opens_whole(data, SCRATCH):
        return ""
    store.close()
    name = second_copy.DAMAGED_SET_ASIDE.format(stamp=f"{datetime.now():%Y%m%d-%H%M%S}")
    await second_copy.keep_aside(DATA, name)
    second_copy.unpack(data, DATA)
    await save_to(disk)
    log.warning("the damaged data folder was replaced by the second copy (kept aside as %s)", name)
    return second_copy.REPLACED_DAMAGED


async def save_backup(page: ft.Page, store) -> None:
    """Everything as a backup file the phone downloads (the data folder is still whole in the page's memory)."""
    try:
        info = store.backup_now()
        picker = ft.FilePicker()
        page.services.append(picker)
        page.update()
        # Flet's web client downloads the bytes without answering the call (1.0.5: see ui/files.py)
        await asyncio.wait_for(picker.save_file(file_name=info.name, src_bytes=info.path.read_bytes()), 60)
    except Exception as exc:  # noqa: BLE001 - a download the browser refused, or no answer: said in the log
        log.warning("the backup file was not saved: %r", exc)


async def save_to(disk: Disk) -> None:
    """Save what is in the folder now; a refusal (the phone still full) waits for the next tap's save."""
    try:
        await disk.save()
    except OSError as exc:
        log.warning("not kept yet: %r", exc)


def started() -> None:
    """Tell the page the first screen is sent (it takes its own words away: site/python.js)."""
    from js import postMessage

    postMessage("companion:started")


async def say(page: ft.Page, title: str, words: str) -> None:
    """A page of words in place of the app (it cannot start here)."""
    page.title = "Companion"
    page.theme, page.dark_theme = themes()
    page.add(ft.Text(title, size=24, weight=ft.FontWeight.W_600, key="cannot-start"), ft.Text(words, size=18))
    page.update()
    started()
