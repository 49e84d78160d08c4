"""The phone build for the browser tests and the benchmarks: built once, served by a plain static file
server (`python -m http.server`, no Python of Companion's behind it), opened in Chromium with a
profile on disk as a phone's browser keeps one (its IndexedDB, its service worker's cache), which a
test closes, crashes or kills and opens again."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tests.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE_SCREEN,
    AppPage,
    chromium_home,
    free_port,
)

FIRST_SCREEN = 180_000  # ms: a first visit on a loaded 2-core machine (Pyodide starting: 10-20 s quiet)


def build_site(folder: Path, **options) -> Path:
    """`make site`'s folder, written into `folder`."""
    from companion.site.build import build

    build(folder, **options)
    return folder


class StaticHost:
    """`python -m http.server` serving `folder` on a loopback port: files, and nothing else."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen | None = None

    def start(self) -> StaticHost:
        self.process = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                         "--directory", str(self.folder)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    return self
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


class PhoneBrowser:
    """One phone's browser: a Chromium profile on disk, opened, closed, crashed or killed."""

    def __init__(self, playwright, profile: Path | None = None) -> None:
        self.playwright = playwright
        self.profile = profile or Path(tempfile.mkdtemp(prefix="phone-profile-"))
        self.context = None
        self.app: AppPage | None = None
        chromium_home()

    def open(self, url: str, wait_for: str | None = "Freshwater Fly") -> AppPage:
        """Start the browser on the profile and open `url`; wait for a card named `wait_for` (the Games
        screen: Python has started)."""
        self.app = AppPage(self.visit(url))
        self.app.ready()
        if wait_for:
            self.app.see(self.app.card(wait_for), timeout=FIRST_SCREEN)
        return self.app

    def visit(self, url: str):
        """Start the browser on the profile if it is not, and open `url` (any page of the site): its page."""
        if self.context is None:
            self.context = self.playwright.chromium.launch_persistent_context(
                str(self.profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **PHONE_SCREEN)
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        page.goto(url)
        return page

    def reload(self, wait_for: str | None = None) -> AppPage:
        self.app.page.reload()
        self.app.ready()
        if wait_for:
            self.app.see(self.app.text(wait_for), timeout=FIRST_SCREEN)
        return self.app

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.app = None

    def crash_tab(self) -> None:
        """The tab dies at once (its renderer, and the worker running Companion's Python with it)."""
        try:
            self.app.page.goto("chrome://crash", timeout=10_000)
        except Exception:  # noqa: BLE001 - the page crashed: what was asked for
            pass

    def kill(self) -> None:
        """The whole browser killed at once (`kill -9`): nothing it had not written is kept."""
        for pid in self._browser_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            self.context.close()
        except Exception:  # noqa: BLE001 - its browser is gone
            pass
        self.context = self.app = None

    def _browser_pids(self) -> list[int]:
        mark = f"--user-data-dir={self.profile}"
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    args = (entry / "cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if any(a.decode(errors="replace") == mark for a in args):
                    found.append(int(entry.name))
        assert found, f"no browser runs on {self.profile}"
        return found
