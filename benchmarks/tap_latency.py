"""Tap to visible change in headless Chromium, against the real server.

Each run taps "Roll" (a DOM click on the button's accessibility node, as a screen
reader or a tap does) and times, inside the page, until the new history line is on
screen: the tap's trip to the server, the rules, the durable write, the patch back
and Flutter's next frame. Target: median <= 100 ms.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from common import summary

from tests.browser import AppPage, Server, free_port, launch_chromium

TAPS = 40
MEASURE = """async (label) => {
  const host = document.querySelector('flt-semantics-host');
  const button = [...host.querySelectorAll('flt-semantics[role=button]')].find(e => e.textContent.trim() === 'Roll 2 d6');
  const shown = () => [...host.querySelectorAll('span')].some(e => e.textContent.trim() === label);
  return await new Promise(resolve => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
    });
    observer.observe(host, {subtree: true, childList: true, characterData: true});
    button.click();
  });
}"""


def measure(taps: int = TAPS) -> list[float]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", free_port())
        server.start()
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                page = AppPage(browser.new_page(viewport={"width": 360, "height": 740})).open(server.url)
                page.button("Roll 2 d6").click()
                page.see(page.button("Undo: roll 2 d6"))
                times = [page.page.evaluate(MEASURE, f"#{n}") for n in range(1, taps + 1)]
                browser.close()
        finally:
            server.stop()
    return times[3:]  # the first taps warm up the page


if __name__ == "__main__":
    print(summary("tap to visible change, headless Chromium", measure(), "median <= 100 ms"))
