"""The yardstick of `join_ratio.py`: the smallest Flet web app, one button, served by Flet itself.

`ft.run` with `no_cdn=True` (as Companion: nothing asked of a CDN for the client), Flet's own
web server (uvicorn, as Companion's) bound to every interface as `companion --lan` is, so a
browser reaches it by loopback and from the phones' own network (tests/phone_network.py) alike.

Usage: ../.venv/bin/python one_button.py PORT   (serves until stopped)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

LABEL = "Tap me"
ALL_INTERFACES = "0.0.0.0"  # as `companion --lan` binds


def main(page) -> None:
    import flet as ft

    page.add(ft.Button(LABEL, on_click=lambda e: None))


def serve(port: int) -> None:
    import flet as ft

    ft.run(main, host=ALL_INTERFACES, port=port, view=ft.AppView.WEB_BROWSER, no_cdn=True)


class OneButton:
    """This file's app in a process of its own, on `port` (in a process group of its own, ended with it)."""

    def __init__(self, port: int, log: Path) -> None:
        self.port = port
        self.log = log
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> None:
        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1"}  # a web server, never a desktop window
        env.pop("DISPLAY", None)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, __file__, str(self.port)], stdout=log,
                                            stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the one-button app exited with {self.process.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the one-button app did not answer within {timeout:.0f} s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
