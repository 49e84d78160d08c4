"""Import plus first view built on a headless page, in a fresh process each run.

Target: median <= 300 ms. Python's own start-up (before the first import) is not counted.

Usage: ../.venv/bin/python startup.py [runs]   (default 15)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile

from common import ROOT, summary

RUNS = 15
SMOKE = {"runs": 2}
TARGET = "median <= 300 ms"
PROBE = r'''
import time
t0 = time.perf_counter()
import asyncio, sys
from pathlib import Path
from companion.store import open_store
from tests.headless import HeadlessApp, title_of

async def first_view():
    store = open_store(Path(sys.argv[1]))
    app = HeadlessApp(store, asyncio.get_running_loop(), keep_messages=False)
    page = await app.open("/dice")
    assert title_of(page.page.views[0]) == "Dice"
    app.close()
    store.close()

asyncio.run(first_view())
print((time.perf_counter() - t0) * 1000)
'''


def measure(runs: int = RUNS) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as data:
            out = subprocess.run([sys.executable, "-c", PROBE, data], capture_output=True, text=True, cwd=ROOT)
            if out.returncode != 0:
                raise RuntimeError(f"the first view was not built:\n{out.stderr}")
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times


def report(times: list[float]) -> None:
    print(summary("import + first view on a headless page", times, TARGET))


if __name__ == "__main__":
    report(measure(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS))
