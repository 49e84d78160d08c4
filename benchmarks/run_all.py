"""Every benchmark, one after the other, with the machine it ran on (`make bench`)."""

from __future__ import annotations

import asyncio
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import history  # noqa: E402
import joining  # noqa: E402
import long_sessions  # noqa: E402
import lure_odds  # noqa: E402
import record_action  # noqa: E402
import startup  # noqa: E402
import table_of_phones  # noqa: E402
import tap_latency  # noqa: E402
from common import summary  # noqa: E402


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} cores")
    print(summary("import + first view on a headless page", startup.measure(), "median <= 300 ms"))
    asyncio.run(record_action.main())
    long_sessions.report(long_sessions.measure())
    print(summary("tap to visible change, headless Chromium", tap_latency.measure(), "median <= 100 ms"))
    table_of_phones.report(table_of_phones.measure())
    joining.report(joining.measure())
    lure_odds.report(lure_odds.measure())
    history.report(history.measure_first_page(), history.measure_stats_and_export())


if __name__ == "__main__":
    main()
