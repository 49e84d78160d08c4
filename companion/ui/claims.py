"""A player is on one phone at a time.

When a phone says who plays on it (its choice, or what its browser kept and sent with its
connection), it takes that player's seat at the table: no other phone may play as them until it lets
go. A phone is named by a random token its browser keeps (`phone.DEVICE`), so a reload, a new tab or a
reconnect of the same phone keeps its seat; another phone cannot know it. A phone lets go when it says
someone else plays on it, when its page closes (Flet closes a page some time after its phone is
gone), or when the host frees the player for another phone; the phone passed around the table frees
only a player whose phone has been gone a while (no page of it connected for `GONE_AFTER` seconds: a
battery died), never one whose phone is there, which hands its player over itself (issue 64: any phone
could take a player from another). A phone that asks for a player held elsewhere, by a tap or by a
cookie it forged, is refused with words and asked again who plays on it. Seats are kept by the server
while it runs: after a restart, each phone takes its seat again as it comes back.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

SEATS = "seats"  # the topic pages hear when a player is freed for another phone
GONE_AFTER = 30.0  # seconds with no page of a phone connected: gone, its player freed by the phone passed around


class PhoneSeats:
    """Which phone (its token, kept in its browser: `phone.DEVICE`) plays as which roster player, and its
    pages open (a phone lets go of its player when the last of them closes)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._holder: dict[str, str] = {}  # player id -> the phone holding them
        self._pages: dict[str, set[str]] = {}  # phone -> its pages open
        self._away: dict[str, set[str]] = {}  # phone -> its pages open whose connection is lost
        self._away_since: dict[str, float] = {}  # phone -> since when none of its pages is connected
        self._clock = clock
        self._lock = threading.Lock()

    def held(self) -> frozenset[str]:
        """The players on phones of their own now (the phone passed around does not act for them)."""
        with self._lock:
            return frozenset(self._holder)

    def holder(self, player_id: str) -> str | None:
        with self._lock:
            return self._holder.get(player_id)

    def take(self, player_id: str, device: str, page: str) -> bool:
        """`device` plays as `player_id` from now on, unless another phone does (then False); a phone plays
        as one player at a time (it lets go of any other)."""
        with self._lock:
            if self._holder.get(player_id) not in (None, device):
                return False
            self._drop(device)
            self._holder[player_id] = device
            self._pages.setdefault(device, set()).add(page)
            return True

    def release(self, device: str) -> None:
        """`device` plays as nobody (it said someone else, or the whole table)."""
        with self._lock:
            self._drop(device)

    def closed(self, device: str, page: str) -> None:
        """A page of `device` closed: the phone lets go of its player once none is open."""
        with self._lock:
            pages = self._pages.get(device, set())
            pages.discard(page)
            self._away.get(device, set()).discard(page)
            if not pages:
                self._pages.pop(device, None)
                self._away.pop(device, None)
                self._away_since.pop(device, None)
                self._drop(device)

    def disconnected(self, device: str, page: str) -> None:
        """A page of `device` lost its connection (it may come back: a blip, a phone asleep)."""
        with self._lock:
            away = self._away.setdefault(device, set())
            away.add(page)
            if away >= self._pages.get(device, set()) and device not in self._away_since:
                self._away_since[device] = self._clock()

    def connected(self, device: str, page: str) -> None:
        """A page of `device` is connected (again)."""
        with self._lock:
            self._away.get(device, set()).discard(page)
            self._away_since.pop(device, None)

    def gone_for(self, player_id: str) -> float:
        """How long the phone holding `player_id` has had no page connected (0: it is there, or none holds them)."""
        with self._lock:
            since = self._away_since.get(self._holder.get(player_id, ""))
            return 0.0 if since is None else self._clock() - since

    def free(self, player_id: str) -> str | None:
        """Let `player_id` play on another phone (the host's or the table phone's say); the phone that held
        them, which now plays as nobody."""
        with self._lock:
            return self._holder.pop(player_id, None)

    def _drop(self, device: str) -> None:
        for held, by in list(self._holder.items()):
            if by == device:
                del self._holder[held]


def held_elsewhere(name: str) -> str:
    return (f"{name} is playing on another phone. That phone can hand {name} over (tap the name at its top), "
            f"or the host can free {name} for this phone (the phone passed around too, once that phone has been "
            "gone half a minute).")
