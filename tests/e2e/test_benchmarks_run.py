"""Every benchmark of `make bench` runs: each once with tiny counts (`run_all.py --smoke`), so
one that no longer runs (a screen moved, a label changed, a function renamed) fails here and
not when someone next measures. Its figures are not judged (these machines are shared and
noisy): only that it measured something."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import CHROMIUM

BENCHMARKS_DIR = Path(__file__).resolve().parents[2] / "benchmarks"
IN_CHROMIUM = {"tap_latency", "table_of_phones", "joining", "join_ratio", "phone_build", "history", "name_fonts"}
TIME_LIMIT = 300  # seconds: each takes under 30 here
TROUBLE = {"elsewhere", "problems"}  # joining.py, join_ratio.py: requests to other hosts, failed requests


def run_all():
    """benchmarks/run_all.py as a module (not a package: its scripts run from their folder)."""
    spec = importlib.util.spec_from_file_location("benchmarks_run_all", BENCHMARKS_DIR / "run_all.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCHMARKS = run_all().BENCHMARKS


def numbers(figures) -> list[float]:
    if isinstance(figures, bool):
        return []
    if isinstance(figures, (int, float)):
        return [figures]
    if isinstance(figures, dict):
        return [n for v in figures.values() for n in numbers(v)]
    if isinstance(figures, list):
        return [n for v in figures for n in numbers(v)]
    return []


def empty_lists(figures, where: str = "") -> list[str]:
    """Where the figures hold an empty list (a series of times with nothing measured); lists of
    what went wrong (`TROUBLE`) are empty when all is well."""
    if isinstance(figures, dict):
        return [e for k, v in figures.items() if k not in TROUBLE for e in empty_lists(v, f"{where}/{k}")]
    if isinstance(figures, list):
        return [where or "/"] if not figures else [e for i, v in enumerate(figures)
                                                   for e in empty_lists(v, f"{where}[{i}]")]
    return []


def test_make_bench_runs_every_benchmark_in_the_folder() -> None:
    helpers = set(run_all().HELPERS)
    scripts = {p.stem for p in BENCHMARKS_DIR.glob("*.py")} - helpers
    assert scripts == set(BENCHMARKS), f"not both in the folder and in run_all.BENCHMARKS: {scripts ^ set(BENCHMARKS)}"


@pytest.mark.parametrize("name", BENCHMARKS)
def test_a_benchmark_runs_with_tiny_counts(name: str, tmp_path: Path) -> None:
    if name in IN_CHROMIUM:
        if os.environ.get("COMPANION_SKIP_BROWSER") == "1":
            pytest.skip("COMPANION_SKIP_BROWSER=1: browser tests skipped on purpose")
        assert os.path.exists(CHROMIUM), f"Chromium is not at {CHROMIUM}: install Debian's chromium package"
    out = tmp_path / "figures.json"
    smoke = subprocess.Popen([sys.executable, str(BENCHMARKS_DIR / "run_all.py"), "--smoke", "--json", str(out), name],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=BENCHMARKS_DIR.parent)
    try:
        said, _ = smoke.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        smoke.terminate()  # run_all stops the server it started on its way out
        said, _ = smoke.communicate(timeout=30)
        pytest.fail(f"{name} did not finish in {TIME_LIMIT} s:\n{said}")
    assert smoke.returncode == 0, said
    figures = json.loads(out.read_text())[name]
    measured = numbers(figures)
    assert measured, f"{name} measured nothing: {figures}"
    assert all(math.isfinite(n) for n in measured), figures
    assert empty_lists(figures) == [], f"{name} measured nothing at {empty_lists(figures)}: {figures}"
    report = said.split(f"== {name}.py\n", 1)[1].split(f"   ({name}.py:", 1)[0]
    assert report.strip(), f"{name} printed no report:\n{said}"
    if name == "table_of_phones":  # every tap recorded: none lost, no phone without its button
        assert figures["taps"] > 0 and figures["recorded"] == figures["taps"] and figures["refused"] == 0, figures
    if name == "joining":  # each way in, a first visit downloaded the client and the second kept it
        for way, [run] in figures.items():
            assert run["first"]["bytes"] > 1e6 > run["second"]["bytes"], (way, run)
    if name == "phone_build":  # each build's first visit downloaded it all and its service worker served the second
        for build, run in figures["rounds"][0].items():
            assert run["first"]["bytes"] > 1e6 > run["second"]["bytes"], (build, run)
            # Companion's own fonts, kept once its first screen was shown, were waited for (a download cut
            # when the browser closed was counted as the second visit's)
            assert (run["first"]["fonts bytes"] > 1e6) == (build == "companion"), (build, run)
        assert figures["taps"]["phone build"] and figures["taps"]["laptop"], figures["taps"]
    if name == "join_ratio":  # each way in, both apps joined twice (the second from the cache), Companion
        # came back by itself after a reload and a restart, and its second visit was traced to its first screen
        for way, each in figures.items():
            for app in ("one_button", "companion"):
                [run] = each[app]
                assert run["first"]["bytes"] > 1e6 > run["second"]["bytes"], (way, app, run)
            assert each["reload"][0] > 0 and each["reconnect"][0] > 0, (way, each)
            moments = [what for _, what in each["trace"]["companion"]["moments"]]
            shown = "the frame with the first screen shown (its button drawn, handed to the page's canvas)"
            assert {"websocket opened", shown} <= set(moments), (way, moments)
