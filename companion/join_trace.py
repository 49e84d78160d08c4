"""Where a phone's join spends its time, on the server's side: with COMPANION_TRACE=1 the server
prints a line per step (`TRACE <wall-clock seconds> <step>`) on its error output, on the same clock
as the browser's own trace (benchmarks/join_ratio.py --trace puts the two side by side)."""

from __future__ import annotations

import os
import sys
import threading
import time

ON = os.environ.get("COMPANION_TRACE") == "1"

# Steps are marked from several threads at once (the event loop, the warm-up of the first screens,
# the thread that makes History ready, Flet's page threads). `print` writes a line's text and its
# newline in two writes, so two threads could tear each other's lines ("TRACE 1.0 listeningTRACE
# 1.1 the first screens drawn ahead", then an empty line): each step is written whole, one at a time.
_writing = threading.Lock()


def mark(step: str) -> None:
    """Say that `step` happens now (nothing unless COMPANION_TRACE=1)."""
    if ON:
        line = f"TRACE {time.time():.4f} {step}\n"
        with _writing:
            sys.stderr.write(line)
            sys.stderr.flush()
