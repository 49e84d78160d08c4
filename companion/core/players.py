"""Players of the roster: names and colours reused across games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from companion.core.errors import DomainError

MAX_NAME_LENGTH = 20
MAX_PLAYERS = 12


class PlayerColor(Enum):
    """Seat colours, chosen to stay distinct on a phone in a dim room."""

    RED = "#D32F2F"
    BLUE = "#1976D2"
    GREEN = "#388E3C"
    YELLOW = "#F9A825"
    PURPLE = "#7B1FA2"
    ORANGE = "#EF6C00"
    TEAL = "#00897B"
    PINK = "#C2185B"

    @property
    def label(self) -> str:
        return self.name.capitalize()


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    color: PlayerColor
    uuid: str = ""  # who they are in BG Stats, for good: BG Stats' own once an import named them (issue 64)


def clean_name(name: str, others: Iterable[Player], keep_id: str | None = None) -> str:
    """The name trimmed, or DomainError when it is empty, too long or already taken."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise DomainError("A player needs a name.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise DomainError(f"Names can be at most {MAX_NAME_LENGTH} characters; {cleaned!r} has {len(cleaned)}.")
    for other in others:
        if other.id != keep_id and other.name.casefold() == cleaned.casefold():
            raise DomainError(f"There is already a player called {other.name}.")
    return cleaned


def next_free_color(players: Iterable[Player]) -> PlayerColor:
    """The first seat colour nobody uses yet (or the first one when all are taken)."""
    used = {p.color for p in players}
    return next((c for c in PlayerColor if c not in used), PlayerColor.RED)
