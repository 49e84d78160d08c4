"""Two `companion` processes started on one data folder at the same instant: exactly one serves,
the other exits with code 2 and one line. (test_cli.py and test_portability.py start the second
only once the first is serving; here neither has the folder yet when both reach for it.)"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.browser import free_port

ROUNDS = 3
IN_USE = "companion: another Companion is already using the data folder"

# Everything is imported first; then both wait for one file and open the folder at once.
AT_THE_SIGNAL = """import os, sys, time
from companion.cli import main
import companion.app, companion.laptop.serve, companion.laptop.serving, uvicorn
go = sys.argv.pop(1)
open(go + "." + str(os.getpid()), "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
sys.exit(main(sys.argv[1:]))
"""


def get_when_up(url: str) -> int:
    """The status of `url` once the server listens (it says it serves just before it does)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def companion(go: Path, data: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", AT_THE_SIGNAL, str(go), "--port", str(free_port()),
                             "--data-dir", str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_servers_started_together_on_one_folder_one_serves_the_other_says_so(tmp_path: Path) -> None:
    for n in range(ROUNDS):
        data = tmp_path / f"data{n}"  # a new folder each round: no lock file from before
        go = tmp_path / f"go{n}"
        both = [companion(go, data), companion(go, data)]
        try:
            deadline = time.monotonic() + 60
            while len(list(tmp_path.glob(f"go{n}.*"))) < 2:  # both ready
                assert time.monotonic() < deadline and all(p.poll() is None for p in both)
                time.sleep(0.01)
            go.touch()
            deadline = time.monotonic() + 60
            while all(p.poll() is None for p in both):
                assert time.monotonic() < deadline, "neither exited: both serve?"
                time.sleep(0.05)
            [loser] = [p for p in both if p.poll() is not None]
            [winner] = [p for p in both if p is not loser]
            out, err = loser.communicate(timeout=10)
            assert loser.returncode == 2, (out, err)
            assert err.count("\n") == 1 and err.startswith(IN_USE) and str(data) in err, err
            assert "serving" not in out, out
            line = winner.stdout.readline()
            assert line.startswith("Companion is serving at http://"), line
            url = line.split(" at ", 1)[1].strip()
            assert get_when_up(url) == 200
            assert winner.poll() is None
        finally:
            for p in both:
                if p.poll() is None:
                    p.send_signal(signal.SIGINT)
                    p.communicate(timeout=30)
        assert [p.returncode for p in both].count(0) == 1 and [p.returncode for p in both].count(2) == 1
