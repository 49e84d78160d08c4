"""One recorded action: a tap's handler plus its durable write, on a headless page.

Measured twice in one run, interleaved so both face the same machine load: with an
empty archive and with 10,000 finished plays in it. Targets: median <= 5 ms,
p95 <= 15 ms, and the ratio of the two medians <= 1.2.

Usage: ../.venv/bin/python record_action.py [taps]   (default 300 each)
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import fake_plays, summary

ROLLS = 300
ARCHIVE_SIZE = 10_000
SMOKE = {"rolls": 4, "archive_size": 20}
TARGET = "median <= 5, p95 <= 15"


async def open_table(data: Path):
    from companion.store import open_store
    from tests.headless import HeadlessApp

    store = open_store(data)
    app = HeadlessApp(store, asyncio.get_running_loop(), seed=7, keep_messages=False)
    return store, app, await app.open("/dice")


async def rolls_timed(rolls: int, archive_size: int) -> dict:
    with tempfile.TemporaryDirectory() as empty_dir, tempfile.TemporaryDirectory() as full_dir:
        from companion.store import open_store

        seeded = open_store(Path(full_dir))
        seeded.archive.add_many(fake_plays(archive_size))
        archive_mb = (Path(full_dir) / "archive.json").stat().st_size / 1e6
        seeded.close()

        setups = {"empty": await open_table(Path(empty_dir)), "full": await open_table(Path(full_dir))}
        assert setups["full"][0].archive.count() == archive_size
        times: dict[str, list[float]] = {"empty": [], "full": []}
        for i in range(rolls):
            for name in ("empty", "full") if i % 2 == 0 else ("full", "empty"):
                _, _, page = setups[name]
                button = page.find(key="roll")
                t0 = time.perf_counter()
                await page.tap(button)
                times[name].append((time.perf_counter() - t0) * 1000)
        for store, app, _ in setups.values():
            latest = store.sessions.list_open()[0]
            assert len(latest.actions) == rolls  # every tap was written
            app.close()
            store.close()
    return {**times, "archive_size": archive_size, "archive_mb": archive_mb}


def measure(rolls: int = ROLLS, archive_size: int = ARCHIVE_SIZE) -> dict:
    """Milliseconds per tap, with the archive empty and full (interleaved), and the full archive's size."""
    return asyncio.run(rolls_timed(rolls, archive_size))


def report(figures: dict) -> None:
    print(summary("record one action, archive empty", figures["empty"], TARGET))
    print(summary(f"record one action, {figures['archive_size']:,} plays archived ({figures['archive_mb']:.1f} MB)",
                  figures["full"], TARGET))
    ratio = statistics.median(figures["full"]) / statistics.median(figures["empty"])
    print(f"{'ratio full / empty (medians)':<52} {ratio:7.2f}              target <= 1.2")


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else ROLLS))
