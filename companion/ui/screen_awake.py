"""The phone's screen kept on while Companion shows (the browser's wake lock), and the notices said once
per phone where it is not: the browser refused the wake lock, or it may clear Companion's data."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

from companion.ui.host import Host

log = logging.getLogger(__name__)

WAKELOCK_TOLD = "companion.wakelock_told"
DATA_KEPT_TOLD = "companion.data_kept_told"
NOT_AWAKE = "This browser will not keep the screen awake here: give the phone a longer screen timeout."
MAY_BE_CLEARED = ("This browser may clear Companion's data if the phone runs short of space. Put Companion on "
                  "the home screen (Settings), and save a backup file now and then (Settings, Backups).")
SCREEN_AWAKE = "screen-awake"  # the topic a screen watches to show whether the screen is kept on
CLIENT_TIMEOUT = 5.0  # seconds to wait for the browser to answer a service call
AWAKE_AFTER = 2.0  # seconds after the first screen: the wake lock's calls and script stay out of its frames


class ScreenAwake:
    """One page's wake lock (kept as long as the page's shell) and the notices it says."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._wakelock: ft.Wakelock | None = None

    async def keep(self) -> None:
        """Keep the screen on; where the browser refuses, say so once per device (and that the data
        may be cleared, where it may). Asked once the first screen is drawn: nothing the first screen
        does not need is in its frames."""
        await asyncio.sleep(AWAKE_AFTER)
        self._wakelock = ft.Wakelock()
        try:
            await asyncio.wait_for(self._wakelock.enable(), CLIENT_TIMEOUT)
            awake = bool(await asyncio.wait_for(self._wakelock.is_enabled(), CLIENT_TIMEOUT))
        except (TimeoutError, RuntimeError) as exc:
            log.info("wake lock not available: %r", exc)
            awake = False
        self.host.screen_awake = awake
        self.host.refresh(SCREEN_AWAKE)
        if not awake:
            await self._tell_once(WAKELOCK_TOLD, NOT_AWAKE)
        if self.host.ctx.data_kept is False:  # a phone's browser that may clear its storage (Settings says so too)
            await self._tell_once(DATA_KEPT_TOLD, MAY_BE_CLEARED)

    async def _tell_once(self, key: str, words: str) -> None:
        """Say `words` once on this device (its browser remembers under `key`)."""
        prefs = ft.SharedPreferences()
        try:
            told = await asyncio.wait_for(prefs.get(key), CLIENT_TIMEOUT)
            if not told:
                self.host.toast(words, seconds=12)
                self.host.page.update()
                await asyncio.wait_for(prefs.set(key, True), CLIENT_TIMEOUT)
        except (TimeoutError, RuntimeError) as exc:
            log.info("could not reach the browser's preferences: %r", exc)
