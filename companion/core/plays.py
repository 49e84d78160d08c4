"""A finished play as kept in the archive."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core.actions import plain
from companion.core.scoring import BreakdownLine, PlayerResult, Winners, tie_of
from companion.core.words import count


@dataclass(frozen=True)
class PlayKind:
    """What History knows of the plays of one game, as they are filed (`Play.game`): the game's
    title, and whether its best total is the lowest (Salmon Run's Fatigue cards). The registry
    says it for each game (`companion.games.PLAY_KINDS`); a play of a game missing from it keeps
    its filed name as its title."""

    title: str
    fewer_is_better: bool = False
    bgg_id: int = 0  # its BoardGameGeek id, which BG Stats matches games by (0: not known)
    unit: str = ""  # what its total counts, when it is not points ("Fatigue card")

    def total_words(self, total: int) -> str:
        """A player's total as it reads: "3 Fatigue cards" where the total is not points (issue 65: Salmon Run's
        result listed Fatigue cards as if they were scores), else the number."""
        return count(total, self.unit) if self.unit else str(total)


PlayKinds = Mapping[str, PlayKind]


@dataclass(frozen=True)
class BgStatsIds:
    """The uuids BG Stats gave what a play imported from it names (its game, location and players,
    by name), and which of its players BG Stats keeps anonymous: written back on export, so that
    BG Stats matches them again instead of adding them twice. With them, every field of the play's
    record and of each player's score that Companion does not use (its rating, images, expansions,
    rounds, when it was entered...), written back as they came (issue 64: a round trip lost them)."""

    game: str = ""
    location: str = ""
    players: tuple[tuple[str, str], ...] = ()  # (name, uuid)
    anonymous: tuple[str, ...] = ()  # names
    play: Mapping[str, Any] = field(default_factory=dict)  # the record's fields Companion does not use
    scores: tuple[tuple[str, Mapping[str, Any]], ...] = ()  # (name, their score's fields Companion does not use)
    people: tuple[tuple[str, Mapping[str, Any]], ...] = ()  # (name, their player entry's fields: bggUsername...)

    def player(self, name: str) -> str:
        return dict(self.players).get(name, "")

    def score(self, name: str) -> Mapping[str, Any]:
        return dict(self.scores).get(name, {})

    def person(self, name: str) -> Mapping[str, Any]:
        return dict(self.people).get(name, {})

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": self.game, "location": self.location,
                               "players": [list(p) for p in self.players], "anonymous": list(self.anonymous)}
        if self.play:
            doc["play"] = plain(self.play)
        if self.scores:
            doc["scores"] = [[name, plain(fields)] for name, fields in self.scores]
        if self.people:
            doc["people"] = [[name, plain(fields)] for name, fields in self.people]
        return doc

    @classmethod
    def from_doc(cls, doc: Any) -> BgStatsIds | None:
        """The ids a record keeps, or None where it keeps none, or none that are text."""
        if not isinstance(doc, Mapping):
            return None
        text = [doc.get("game"), doc.get("location")]
        pairs = doc.get("players") if isinstance(doc.get("players"), list) else []
        names = doc.get("anonymous") if isinstance(doc.get("anonymous"), list) else []
        players = tuple((p[0], p[1]) for p in pairs
                        if isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p))
        play = doc.get("play") if isinstance(doc.get("play"), Mapping) else {}
        return cls(*(t if isinstance(t, str) else "" for t in text), players,
                   tuple(n for n in names if isinstance(n, str)), plain(play), _named_fields(doc.get("scores")),
                   _named_fields(doc.get("people")))


def _named_fields(pairs: Any) -> tuple[tuple[str, Mapping[str, Any]], ...]:
    """[[name, {fields}], ...] as a record keeps them; anything else left out."""
    return tuple((p[0], plain(p[1])) for p in (pairs if isinstance(pairs, list) else [])
                 if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], Mapping))


@dataclass(frozen=True)
class Play:
    """One finished game: who played in which seat, the results, and the entry behind them."""

    id: str
    game: str
    played_at: str  # ISO date and time
    results: tuple[PlayerResult, ...]  # in seat order
    winners: tuple[str, ...]  # a `Winners` where a tie for the win was explained (its `tie`, kept as "tie")
    entry: Mapping[str, Any]  # the game's own input, so the play can be edited later
    location: str = ""  # where it was played; "" = not said (older records have no "location")
    start_seat: int | None = None  # the seat that started (its start player), where the game knows it
    duration_min: int = 0  # minutes from its session's set-up to its last action; 0 = not known
    bgstats: BgStatsIds | None = None  # BG Stats' own uuids, for a play imported from it
    note: str = ""  # words kept with the play (BG Stats' comments; a Fly Solo Day's adventure); "" = none

    @property
    def tie(self) -> str:
        """Why the winners won a tie for the win, or share it ("Ana wins the tie: gold 2-2, black 3-2"); ""
        when no one tied (and for plays filed before the words were kept)."""
        return tie_of(self.winners)

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
        if self.start_seat is not None:
            doc["start_seat"] = self.start_seat
        if self.duration_min:
            doc["duration_min"] = self.duration_min
        if self.tie:
            doc["tie"] = self.tie
        if self.bgstats is not None:
            doc["bgstats"] = self.bgstats.to_doc()
        if self.note:
            doc["note"] = self.note
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> Play:
        """The play a document holds; a start player or a length that is not one (a damaged record,
        or one of a version before they were kept) reads as not known."""
        seats = len(doc["results"])
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
            winners=Winners(doc["winners"], tie_or_blank(doc.get("tie"))),
            entry=plain(doc["entry"]),
            location=doc.get("location", ""),
            start_seat=seat_or_none(doc.get("start_seat"), seats),
            duration_min=minutes_or_zero(doc.get("duration_min")),
            bgstats=BgStatsIds.from_doc(doc.get("bgstats")),
            note=tie_or_blank(doc.get("note")),
        )


MAX_MINUTES = 24 * 60  # longer than a day: a game left open and finished another day, not its playing time


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat_or_none(value: Any, seats: int) -> int | None:
    """`value` if it is one of `seats` seats (0 to seats - 1), else None (not known)."""
    return value if _whole(value) and 0 <= value < seats else None


def tie_or_blank(value: Any) -> str:
    """`value` if it is words (on a tie, a note), else "" (none: a play filed before they were kept, or damaged)."""
    return value if isinstance(value, str) else ""


def minutes_or_zero(value: Any) -> int:
    """`value` if it is a length in whole minutes a play can take (1 to a day), else 0 (not known)."""
    return value if _whole(value) and 0 < value <= MAX_MINUTES else 0


def minutes_between(start: str, end: str) -> int:
    """The minutes from `start` to `end` (ISO times), rounded, at least 1; 0 (not known) when they
    are not times, `end` is not after `start`, or it is more than a day."""
    try:
        seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except (TypeError, ValueError):  # not times, or one with an offset and one without
        return 0
    return minutes_or_zero(max(1, round(seconds / 60)) if seconds > 0 else 0)
