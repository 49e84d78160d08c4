"""Where a phone's join spends its time, on the server's side: with COMPANION_TRACE=1 the server
prints a line per step (`TRACE <wall-clock seconds> <step>`) on its error output, on the same clock
as the browser's own trace (benchmarks/join_ratio.py --trace puts the two side by side)."""

from __future__ import annotations

import os
import sys
import time

ON = os.environ.get("COMPANION_TRACE") == "1"


def mark(step: str) -> None:
    """Say that `step` happens now (nothing unless COMPANION_TRACE=1)."""
    if ON:
        print(f"TRACE {time.time():.4f} {step}", file=sys.stderr, flush=True)
