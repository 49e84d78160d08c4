"""Every benchmark, one after the other, with the machine it ran on (`make bench`).

Each benchmark module has `measure(**counts)`, which returns its figures, `report(figures)`,
which prints them, and `SMOKE`, the tiny counts of its smoke run. One that fails is told
and the others still run; the exit status then says so.

Usage: ../.venv/bin/python run_all.py [--smoke] [--json FILE] [benchmark ...]
  --smoke      each benchmark once with its tiny counts (`make test` does this: the figures
               mean nothing, but a benchmark that no longer runs fails)
  --json FILE  also write every benchmark's figures to FILE
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import signal
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent

# In the order `make bench` runs them.
BENCHMARKS = ("startup", "startup_sessions", "record_action", "long_sessions", "tap_latency", "table_of_phones",
              "joining", "join_ratio", "phone_build", "lure_odds", "history", "soak_pace", "redraw", "name_fonts")
HELPERS = ("common", "run_all", "wire_phone", "one_button")  # modules here that are not benchmarks


def plain(figures):
    """The figures as JSON can hold them (tuples as lists, every key as text)."""
    if isinstance(figures, dict):
        return {k if isinstance(k, str) else str(k): plain(v) for k, v in figures.items()}
    if isinstance(figures, (list, tuple)):
        return [plain(v) for v in figures]
    return figures


def run(name: str, smoke: bool = False):
    """Measure one benchmark (with its smoke counts if `smoke`), print its report, return its figures."""
    if str(HERE) not in sys.path:  # the benchmarks import each other by name, as scripts of this folder
        sys.path.insert(0, str(HERE))
    module = importlib.import_module(name)
    figures = module.measure(**(module.SMOKE if smoke else {}))
    module.report(figures)
    return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="each benchmark once, with tiny counts")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("names", nargs="*", metavar="benchmark",
                        help=f"which to run (default: all): {', '.join(BENCHMARKS)}")
    args = parser.parse_args(argv)
    # Stopped (a test's time limit, kill): each benchmark's `finally` still stops the server it started.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)}: they are {', '.join(BENCHMARKS)}")
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} cores"
          + (" (smoke run: tiny counts, the figures mean nothing)" if args.smoke else ""))
    results, failed = {}, []
    for name in args.names or BENCHMARKS:
        print(f"\n== {name}.py", flush=True)
        started = time.monotonic()
        try:
            results[name] = plain(run(name, args.smoke))
        except Exception:  # noqa: BLE001  (told, and the next benchmark runs)
            traceback.print_exc()
            failed.append(name)
        print(f"   ({name}.py: {time.monotonic() - started:.0f} s{', FAILED' if name in failed else ''})", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if failed:
        print(f"\nFailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
