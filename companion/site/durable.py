"""Nothing is shown that is not kept: what the page's Python sends the screen waits until the writes
before it are saved to the phone's persistent storage.

On the laptop a tap's write is on the disk (written, synced) before the handler returns and the
screen is sent its change. In the phone's browser the store writes to a file system in memory, saved
to the browser's persistent storage only when asked (`disk.Disk.save`, a few milliseconds, answered
later). So every message to the screen is held here until a save that began after it was made has
ended: the player never sees a tap the phone would lose if its battery died right after. A message
made while a save is under way waits for the next one. Messages that follow no write go at once.

Pure logic, tested without a browser (tests/unit/test_site_durable.py); `phone.py` puts it between
Flet's connection and the screen.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)


class Acknowledged:
    """Holds the page's messages to the screen until what was written before them is saved.

    `save` saves everything written so far; `written` says how many writes there have been (a count
    that only goes up); `send` gives a message to the screen; `trouble` is told of a save that failed
    twice: the messages then go all the same, and the player is told in words that the phone did not
    keep them (`phone.py`), rather than the screen freezing with no word."""

    def __init__(self, save: Callable[[], Awaitable[None]], written: Callable[[], int], send: Callable[[Any], None],
                 trouble: Callable[[Exception], None]) -> None:
        self._save = save
        self._written = written
        self._send = send
        self._trouble = trouble
        self._held: list[Any] = []
        self._saved = written()  # the writes a finished save covers
        self._task: asyncio.Task | None = None

    @property
    def holding(self) -> int:
        return len(self._held)

    def send(self, message: Any) -> None:
        """In place of the connection's own: the message goes once what was written before it is kept."""
        idle = self._task is None or self._task.done()
        if idle and self._written() == self._saved:
            self._send(message)  # nothing unsaved before it, nothing held ahead of it
            return
        self._held.append(message)
        if idle:
            self._task = asyncio.get_running_loop().create_task(self._flush())

    async def delivered(self) -> None:
        """Once every message held so far has gone to the screen."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _flush(self) -> None:
        while self._held:
            batch, self._held = self._held, []
            upto = self._written()
            if await self._save_or_say():
                self._saved = max(self._saved, upto)
            for message in batch:
                self._send(message)

    async def _save_or_say(self) -> bool:
        """Save; a save that fails twice is said (the next message tries again: it saves everything)."""
        for attempt in (1, 2):  # a file renamed while a save read the folder fails that save: once more
            try:
                await self._save()
                return True
            except Exception as exc:  # noqa: BLE001 - the browser's storage refused: said on screen, not hidden
                if attempt == 2:
                    log.error("the phone's storage did not keep the last changes: %r", exc)
                    self._trouble(exc)
        return False
