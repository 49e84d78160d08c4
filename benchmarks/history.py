"""History with 10,000 plays archived (issue 18's figures).

- History's first page shown after the tap: a real server and headless Chromium at a phone
  viewport; the History tab is tapped (a DOM click on its accessibility node) and the time is
  taken inside the page until the count of plays is on screen. The first tap after start-up
  reads the archive from disk; the later ones (Games, then History again) use what was read.
  Target: <= 300 ms.
- All the stats of one player (record, category averages, head-to-head with each other
  player, scores over time, breakdown and wins charts' data). Target: <= 200 ms.
- Export of all plays as CSV and as a BG Stats file. Target: <= 2 s.

Usage: ../.venv/bin/python history.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from common import fake_plays, summary

PLAYS = 10_000
SMOKE = {"plays": 30, "repeats": 1, "runs": 1, "settle": 0.5}
# Rejects (the benchmark fails) rather than waits for ever when the tab or the count is not there.
MEASURE = """async ([tab, text]) => {
  const host = document.querySelector('flt-semantics-host');
  const said = (e) => (e.getAttribute('aria-label') || e.textContent).trim();
  const button = [...host.querySelectorAll('flt-semantics[role=tab]')].find(e => said(e) === tab);
  if (!button) throw new Error('no tab "' + tab + '" on the screen');
  const shown = () => [...host.querySelectorAll('flt-semantics')].some(e => said(e) === text);
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (shown()) { observer.disconnect(); requestAnimationFrame(() => resolve(performance.now() - t0)); }
    });
    observer.observe(host, {subtree: true, childList: true, characterData: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('"' + text + '" not shown within 30 s')); }, 30000);
    button.click();
  });
}"""


def count_text(plays: int) -> str:
    """What History says above its list once it has read `plays` plays."""
    return f"{plays:,} plays: every game, everyone"


def archive(data_dir: Path, count: int) -> list:
    from companion.store import open_store

    plays = fake_plays(count)
    store = open_store(data_dir)
    store.archive.add_many(plays)
    store.close()
    return plays


def measure_first_page(plays: int = PLAYS, repeats: int = 8, settle: float = 3.0) -> tuple[float, list[float]]:
    """(the first tap after start-up, the later taps) in ms."""
    from playwright.sync_api import sync_playwright

    from tests.browser import AppPage, Server, free_port, launch_chromium

    with tempfile.TemporaryDirectory() as tmp:
        archive(Path(tmp) / "data", plays)
        server = Server(Path(tmp) / "data", free_port())
        server.start()
        try:
            with sync_playwright() as p:
                browser = launch_chromium(p)
                page = AppPage(browser.new_page(viewport={"width": 360, "height": 740})).open(server.url + "/games")
                time.sleep(settle)  # as at a table: phones join while the server reads the archive
                page.see(page.tab("History"))
                first = page.page.evaluate(MEASURE, ["History", count_text(plays)])
                later = []
                for _ in range(repeats):
                    page.tab("Games").click()
                    time.sleep(1.0)  # the Games tab drawn
                    later.append(page.page.evaluate(MEASURE, ["History", count_text(plays)]))
                browser.close()
        finally:
            server.stop()
    return first, later


def player_report(plays: list, name: str) -> None:
    """One player's stats: their record (with category averages and streaks) and head to head
    with every other player."""
    from companion.core.play_stats import head_to_head, player_stats, players_of

    player_stats(plays, name)
    for other in players_of(plays):
        if other != name:
            head_to_head(plays, name, other)


def screen_report(plays: list) -> None:
    """What the Stats view computes besides the player's: the game's figures and the charts' series."""
    from companion.core.play_stats import category_breakdown, game_stats, scores_over_time, wins_per_player

    game = plays[0].game
    game_stats(plays, game)
    scores_over_time(plays, game)
    category_breakdown(plays, game)
    wins_per_player(plays)


def measure_stats_and_export(count: int = PLAYS, runs: int = 5) -> tuple[list[float], list[float], list[float]]:
    from companion.core.play_files import bgsplay_bytes, plays_csv
    from companion.games import PLAY_KINDS

    plays = fake_plays(count)
    stats, screen, export = [], [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        player_report(plays, "Player 1")
        stats.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        screen_report(plays)
        screen.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        plays_csv(plays, PLAY_KINDS).encode("utf-8")
        bgsplay_bytes(plays, PLAY_KINDS)
        export.append((time.perf_counter() - t0) * 1000)
    return stats, screen, export


def measure(plays: int = PLAYS, repeats: int = 8, runs: int = 5, settle: float = 3.0) -> dict:
    """Milliseconds: History's first page (the first tap after start-up, then later ones) in
    Chromium, and one player's stats, the Stats view's other figures and the export, in process."""
    first, later = measure_first_page(plays, repeats, settle)
    stats, screen, export = measure_stats_and_export(plays, runs)
    return {"plays": plays, "first": first, "later": later, "stats": stats, "screen": screen, "export": export}


def report(figures: dict) -> None:
    plays = f"{figures['plays']:,} plays"
    print(f"{'History first page, first tap after start-up':<52} {figures['first']:7.1f} ms   target <= 300 ms")
    print(summary("History first page, later taps", figures["later"], "<= 300 ms"))
    print(summary(f"all stats of one player, {plays}", figures["stats"], "<= 200 ms"))
    print(summary("the game's figures and chart series (no target)", figures["screen"]))
    print(summary(f"export of {plays} (CSV + BG Stats)", figures["export"], "<= 2000 ms"))


if __name__ == "__main__":
    report(measure())
