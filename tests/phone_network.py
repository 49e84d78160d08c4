"""The phones at the table, on a network of their own: a network namespace with one end of a veth
pair, whose other end (in this machine's namespace) is the address the server answers phones on.

A phone that is not the host is a Chromium started inside the namespace: its traffic reaches the
`--lan` server (listening on every interface) at SERVER_ADDRESS from PHONE_ADDRESS, never by this
machine's own LAN address, never any other host. Both addresses are chosen here. Made once, kept
for the next test or benchmark (`ensure` is safe to call from several processes at once); making it
needs root (CI runs as root) and iproute2's `ip` (tools/ensure-chromium installs it when missing).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

NAMESPACE = "companion-phones"
HOST_SIDE, PHONE_SIDE = "cmp-host0", "cmp-phone0"
SERVER_ADDRESS = "10.213.47.1"  # the server as the phones reach it
PHONE_ADDRESS = "10.213.47.2"  # every phone's address (the server tells phones apart by their tokens)
PREFIX = 30
LOCK = Path(tempfile.gettempdir()) / "companion-phone-network.lock"


def _ip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=False)  # the caller reads its code


def ready() -> bool:
    """Whether a phone in the namespace reaches the server's side of the pair."""
    if _ip("netns", "exec", NAMESPACE, "true").returncode != 0:
        return False
    addresses = _ip("-o", "-4", "addr", "show", "dev", HOST_SIDE).stdout
    inside = _ip("netns", "exec", NAMESPACE, "ip", "-o", "-4", "addr", "show", "dev", PHONE_SIDE).stdout
    return f"{SERVER_ADDRESS}/{PREFIX}" in addresses and f"{PHONE_ADDRESS}/{PREFIX}" in inside


def ensure() -> str:
    """Make the phones' network when it is not there; the address the server answers phones on."""
    if shutil.which("ip") is None:
        raise RuntimeError("the phone tests need iproute2's `ip` (apt-get install iproute2): phones that are "
                           "not the host are browsers in a network namespace of their own")
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ready():
            _make()
    return SERVER_ADDRESS


def _make() -> None:
    _ip("netns", "del", NAMESPACE)  # a half-made one from an interrupted run
    _ip("link", "del", HOST_SIDE)
    steps = [
        ("netns", "add", NAMESPACE),
        ("link", "add", HOST_SIDE, "type", "veth", "peer", "name", PHONE_SIDE),
        ("link", "set", PHONE_SIDE, "netns", NAMESPACE),
        ("addr", "add", f"{SERVER_ADDRESS}/{PREFIX}", "dev", HOST_SIDE),
        ("link", "set", HOST_SIDE, "up"),
        ("netns", "exec", NAMESPACE, "ip", "addr", "add", f"{PHONE_ADDRESS}/{PREFIX}", "dev", PHONE_SIDE),
        ("netns", "exec", NAMESPACE, "ip", "link", "set", PHONE_SIDE, "up"),
        ("netns", "exec", NAMESPACE, "ip", "link", "set", "lo", "up"),
    ]
    for step in steps:
        done = _ip(*step)
        if done.returncode != 0:
            hint = "" if os.geteuid() == 0 else " (it needs root: CI runs as root)"
            raise RuntimeError(f"could not make the phones' network{hint}: ip {' '.join(step)}: "
                               f"{done.stderr.strip()}")


def chromium_in_namespace(chromium: str) -> str:
    """A program that starts `chromium` inside the phones' namespace, with the arguments it is given."""
    ensure()
    script = Path(tempfile.mkdtemp(prefix="phone-chromium-")) / "chromium"
    script.write_text(f'#!/bin/sh\nexec ip netns exec {NAMESPACE} {chromium} "$@"\n')
    script.chmod(0o755)
    return str(script)
