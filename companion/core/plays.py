"""A finished play as kept in the archive."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.actions import plain
from companion.core.scoring import BreakdownLine, PlayerResult


@dataclass(frozen=True)
class PlayKind:
    """What History knows of the plays of one game, as they are filed (`Play.game`): the game's
    title, and whether its best total is the lowest (Salmon Run's Fatigue cards). The registry
    says it for each game (`companion.games.PLAY_KINDS`); a play of a game missing from it keeps
    its filed name as its title."""

    title: str
    fewer_is_better: bool = False


PlayKinds = Mapping[str, PlayKind]


@dataclass(frozen=True)
class Play:
    """One finished game: who played in which seat, the results, and the entry behind them."""

    id: str
    game: str
    played_at: str  # ISO date and time
    results: tuple[PlayerResult, ...]  # in seat order
    winners: tuple[str, ...]
    entry: Mapping[str, Any]  # the game's own input, so the play can be edited later
    location: str = ""  # where it was played; "" = not said (older records have no "location")

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "id": self.id,
            "game": self.game,
            "played_at": self.played_at,
            "results": [
                {"name": r.name, "total": r.total, "rank": r.rank,
                 "breakdown": [{"rule": b.rule, "count": b.count, "points": b.points} for b in r.breakdown]}
                for r in self.results
            ],
            "winners": list(self.winners),
            "entry": plain(self.entry),
        }
        if self.location:
            doc["location"] = self.location
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Play:
        return cls(
            id=doc["id"],
            game=doc["game"],
            played_at=doc["played_at"],
            results=tuple(
                PlayerResult(
                    name=r["name"], total=r["total"], rank=r["rank"],
                    breakdown=tuple(BreakdownLine(b["rule"], b["count"], b["points"]) for b in r["breakdown"]),
                )
                for r in doc["results"]
            ),
            winners=tuple(doc["winners"]),
            entry=plain(doc["entry"]),
            location=doc.get("location", ""),
        )
