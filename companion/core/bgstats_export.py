"""Plays out to a BG Stats file: the `.bgsplay` JSON the BG Stats app imports.

The file is a small database: lists of `games`, `players` and `locations`, each with an int
`id`, and `plays` that point into them (`gameRefId`, `locationRefId`,
`playerScores[].playerRefId`). Scores are written as text ("42"), as BG Stats writes them, and
are the totals each game's end showed (`play_fields.score`); a game whose best total is the
lowest (Salmon Run) says so with `highestWins` false. Dates are local wall time,
"YYYY-MM-DD HH:MM:SS", so a play's time-zone offset is not in the BG Stats fields.

Each play also carries a key BG Stats does not know, `"companion"`, holding the play as
Companion filed it (game id, time with its offset, every player's breakdown as
[rule, count, points] lines, winners and the game's own entry). BG Stats ignores keys it
does not know (not checked here against the app itself: should a version refuse them, the
file without that key is still a plain, valid one), and our import (`bgstats_import`) uses
the key to rebuild the play exactly.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from companion.core.actions import plain
from companion.core.play_fields import COMPANION_KEY, NAMESPACE, fewer_is_better, game_title, score, wall_time
from companion.core.plays import Play, PlayKinds

_GAME_FIELDS = {"isCooperative": False, "noPoints": False}  # and highestWins, per game


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}"))


class _Table:
    """One of BG Stats' lists: an item per name, ids 1, 2, 3... in the order first seen."""

    def __init__(self, kind: str, fields: Mapping[str, Any]) -> None:
        self.kind = kind
        self.fields = fields
        self.items: dict[str, dict[str, Any]] = {}

    def ref(self, name: str, own: Mapping[str, Any] | None = None) -> int:
        item = self.items.get(name)
        if item is None:
            item = {"id": len(self.items) + 1, "name": name}
            if self.kind == "game":
                item["bggId"] = 0  # none of our games is known to have a BoardGameGeek id
            item["uuid"] = _uuid(self.kind, name)
            item.update(self.fields)
            item.update(own or {})  # this item's own fields
            self.items[name] = item
        return item["id"]

    def rows(self) -> list[dict[str, Any]]:
        return list(self.items.values())


class _Export:
    """The three lists plays point into, filled as the plays are turned into records."""

    def __init__(self, kinds: PlayKinds) -> None:
        self.kinds = kinds
        self.games = _Table("game", _GAME_FIELDS)
        self.players = _Table("player", {"isAnonymous": False})
        self.locations = _Table("location", {})

    def records(self, plays: Iterable[Play], copy: bool) -> Iterator[dict[str, Any]]:
        """Each play's record; with `copy` False it shares the play's entry (to be written out at once)."""
        for play in plays:
            date = wall_time(play.played_at).isoformat(" ", "seconds")
            record: dict[str, Any] = {
                "uuid": play.id,
                "playDate": date,
                "entryDate": date,
                "gameRefId": self.games.ref(game_title(play.game, self.kinds),
                                            {"highestWins": not fewer_is_better(play.game, self.kinds)}),
            }
            if play.location:
                record["locationRefId"] = self.locations.ref(play.location)
            winners = set(play.winners)
            record.update({
                "ignored": False,
                "usesTeams": False,
                "manualWinner": False,
                "rounds": 0,
                "durationMin": 0,
                "playerScores": [
                    {"playerRefId": self.players.ref(r.name), "score": str(score(r)), "winner": r.name in winners,
                     "newPlayer": False, "startPlayer": False, "rank": r.rank, "seatOrder": seat, "role": ""}
                    for seat, r in enumerate(play.results)
                ],
                COMPANION_KEY: {
                    "game": play.game,
                    "played_at": play.played_at,
                    "results": [
                        {"name": r.name, "total": r.total, "rank": r.rank,
                         "breakdown": [[b.rule, b.count, b.points] for b in r.breakdown]}
                        for r in play.results
                    ],
                    "winners": list(play.winners),
                    "entry": plain(play.entry) if copy else play.entry,
                },
            })
            yield record


def to_bgsplay(plays: Iterable[Play], kinds: PlayKinds) -> dict[str, Any]:
    """The plays as a BG Stats import file (the JSON document; `bgsplay_bytes` gives the file)."""
    export = _Export(kinds)
    records = list(export.records(plays, copy=True))
    return {
        "games": export.games.rows(),
        "players": export.players.rows(),
        "locations": export.locations.rows(),
        "plays": records,
        "userInfo": {"meRefId": None},
    }


def bgsplay_bytes(plays: Iterable[Play], kinds: PlayKinds) -> bytes:
    """The plays as a BG Stats import file (UTF-8 JSON): `to_bgsplay`'s document, written a
    play at a time (quicker: no document of every play is kept, for the garbage collector
    to go through again and again)."""
    export = _Export(kinds)
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_plain).encode
    records = ",".join(encode(record) for record in export.records(plays, copy=False))
    return "".join((
        '{"games":', encode(export.games.rows()),
        ',"players":', encode(export.players.rows()),
        ',"locations":', encode(export.locations.rows()),
        ',"plays":[', records, '],"userInfo":{"meRefId":null}}',
    )).encode("utf-8")


def _plain(value: Any) -> Any:
    """What json writes for an entry's mapping that is not a dict."""
    if isinstance(value, Mapping):
        return plain(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


# ---------------------------------------------------------------- BG Stats check
