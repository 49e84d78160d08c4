"""Files to and from the phone: a download (an export, a picture) and a file picked to import.

Both go through Flet's FilePicker service of the page: in a browser, saving is a download of
the bytes given, and a pick reads the chosen file's bytes in the browser and sends them here.
A headless page (the view tests) has no browser: what it would have saved is kept in
`OFFERED`, by page, and what it picks is what a test put in `TO_PICK` for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import flet as ft

from companion.ui.host import Host

log = logging.getLogger(__name__)

ANSWER_WITHIN = 60  # seconds
OFFERED: dict[str, list[tuple[str, bytes]]] = {}  # a headless page's id -> (file name, content) it offered
TO_PICK: dict[str, tuple[str, bytes]] = {}  # a headless page's id -> (file name, content) it picks next


class PageFiles:
    def __init__(self, host: Host) -> None:
        self.host = host
        self._picker: ft.FilePicker | None = None

    def _service(self) -> ft.FilePicker:
        if self._picker is None:
            self._picker = ft.FilePicker()
            self.host.page.services.append(self._picker)
            self.host.page.update()
        return self._picker

    def save(self, name: str, data: bytes, what: str, done: str = "") -> None:
        """Offer `data` as a download called `name`; `what` says what it is ("12 plays as CSV"); `done`: what was
        done before, said first in the same message ("Backed up everything to ...")."""
        if not self.host.browser_services:
            OFFERED.setdefault(self.host.page.session.id, []).append((name, data))
            if done:
                self.host.toast(done)
            return
        picker = self._service()

        async def save() -> None:
            # Flet's web client downloads the bytes but does not answer the call (1.0.5): say so at once.
            self.host.toast(" ".join(filter(None, (done, f"Saving {what} as {name} ({kilobytes(len(data))}): see the "
                                                             "browser's downloads."))))
            try:
                await asyncio.wait_for(picker.save_file(file_name=name, src_bytes=data), ANSWER_WITHIN)
            except TimeoutError:
                pass
            except Exception as exc:  # the browser refused (a blocked download): say so, never crash the page
                log.warning("saving %s failed: %r", name, exc)
                self.host.toast(f"The phone did not save {name}: {exc}")

        self.host.run_task(save)

    def pick(self, extensions: list[str], on_file: Callable[[str, bytes], None]) -> None:
        """Ask the phone for a file; `on_file(name, content)` once one is chosen (nothing if cancelled)."""
        if not self.host.browser_services:
            chosen = TO_PICK.pop(self.host.page.session.id, None)
            if chosen:
                on_file(*chosen)
            return
        picker = self._service()

        async def pick() -> None:
            files = await picker.pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                            allowed_extensions=extensions)
            if files:
                chosen = files[0]
                on_file(chosen.name, bytes(chosen.bytes or b""))

        self.host.run_task(pick)


def kilobytes(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} bytes"


def files_of(host: Host) -> PageFiles:
    """The page's one PageFiles (made on first use)."""
    found = host.keep.get("files")
    if found is None:
        found = host.keep["files"] = PageFiles(host)
    return found
