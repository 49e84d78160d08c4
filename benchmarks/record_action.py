"""One recorded action: a tap's handler plus its durable write, on a headless page.

Measured twice in one run, interleaved so both face the same machine load: with an
empty archive and with 10,000 finished plays in it. Targets: median <= 5 ms,
p95 <= 15 ms, and the ratio of the two medians <= 1.2.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from common import fake_plays, summary

ROLLS = 300
ARCHIVE_SIZE = 10_000


async def open_table(data: Path):
    from companion.store import open_store
    from tests.headless import HeadlessApp

    store = open_store(data)
    app = HeadlessApp(store, asyncio.get_running_loop(), seed=7, keep_messages=False)
    return store, app, await app.open("/dice")


async def main() -> None:
    with tempfile.TemporaryDirectory() as empty_dir, tempfile.TemporaryDirectory() as full_dir:
        from companion.store import open_store

        seeded = open_store(Path(full_dir))
        seeded.archive.add_many(fake_plays(ARCHIVE_SIZE))
        archive_mb = (Path(full_dir) / "archive.json").stat().st_size / 1e6
        seeded.close()

        setups = {"empty": await open_table(Path(empty_dir)), "full": await open_table(Path(full_dir))}
        assert setups["full"][0].archive.count() == ARCHIVE_SIZE
        times: dict[str, list[float]] = {"empty": [], "full": []}
        for i in range(ROLLS):
            for name in ("empty", "full") if i % 2 == 0 else ("full", "empty"):
                _, _, page = setups[name]
                button = page.find(key="roll")
                t0 = time.perf_counter()
                await page.tap(button)
                times[name].append((time.perf_counter() - t0) * 1000)
        for store, app, _ in setups.values():
            latest = store.sessions.list_open()[0]
            assert len(latest.actions) == ROLLS  # every tap was written
            app.close()
            store.close()

    print(summary("record one action, archive empty", times["empty"], "median <= 5, p95 <= 15"))
    print(summary(f"record one action, {ARCHIVE_SIZE:,} plays archived ({archive_mb:.1f} MB)", times["full"],
                  "median <= 5, p95 <= 15"))
    ratio = statistics.median(times["full"]) / statistics.median(times["empty"])
    print(f"{'ratio full / empty (medians)':<52} {ratio:7.2f}              target <= 1.2")


if __name__ == "__main__":
    asyncio.run(main())
