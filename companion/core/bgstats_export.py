"""Plays out to BG Stats: the `.bgsplay` JSON file the BG Stats app imports, and the createPlay
link that hands it one play.

The file is a small database: lists of `games`, `players` and `locations`, each with an int
`id`, and `plays` that point into them (`gameRefId`, `locationRefId`,
`playerScores[].playerRefId`). BG Stats publishes no schema: the fields are those the public tools
that write files BG Stats imports, and those that read its exports, agree on. A game says whether
it is `cooperative`, `usesTeams`, has `noPoints`, whether its `highestWins` (Salmon Run's lowest
does) and its BoardGameGeek id (`bggId`, game data: 0 where not known). A play has a `uuid`
derived from its id (`play_fields.play_uuid`: the same in every export, so BG Stats matches it
again), `manualWinner` when its winners are not exactly the best scores (BG Stats would otherwise
take the best score as the winner), `durationMin` (0: not known) and, on each player's score,
`startPlayer` where the game knows who started. Scores are written as text ("42"), as BG Stats
writes them, and are the totals each game's end showed (`play_fields.score`). `userInfo` names
no `meRefId`: no player of the file is known to be the phone's owner. Dates are local wall
time, "YYYY-MM-DD HH:MM:SS", so a play's time-zone offset is not in the BG Stats fields of the file (the
createPlay link's `playDate` is in UTC, as BG Stats documents it: `create_play_link`).

Each play also carries a key BG Stats does not know, `"companion"`, holding the play as
Companion filed it (its id, game id, time with its offset, every player's breakdown as
[rule, count, points] lines, winners, the words on a tie for the win and the game's own
entry). BG Stats ignores keys it does not know (not checked here against the app itself:
should a version refuse them, the file without that key is still a plain, valid one), and our
import (`bgstats_import`) uses the key to rebuild the play exactly.

`create_play_link` is BG Stats' "createPlay" link ("Push plays to BG Stats from other apps or
websites"): `https://app.bgstatsapp.com/createPlay.html?data=` and the play as url-encoded JSON,
read from the same fields as the file (`_Facts`). It is the https page, BG Stats' main form: a
phone with BG Stats opens its import dialog there, and one without it gets BG Stats' page instead
of nothing (the `bgstats://` form does nothing there). Every field BG Stats documents is sent, for
the game (`sourceGameId`, `name`, `bggId`, `highestWins`, `noPoints`, `cooperative`, `usesTeams`) and for each
player (`sourcePlayerId`, the player's uuid in the file, stable per name; `name`, `score`,
`winner`, `startPlayer`, `role`: empty, as no game of ours gives a player one): an app's link
that left player fields out did nothing on Android.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.actions import plain
from companion.core.play_fields import (
    COMPANION_KEY,
    NO_SCORES,
    PLAY_DEFAULTS,
    PLAY_FIELDS_USED,
    PLAYER_FIELDS_USED,
    SCORE_DEFAULTS,
    SCORE_FIELDS_USED,
    bgg_id,
    fewer_is_better,
    game_title,
    manual_winner,
    own_uuid,
    play_uuid,
    score,
    utc_time,
    wall_time,
)
from companion.core.plays import BgStatsIds, Play, PlayKinds

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Companion"  # the createPlay link's sourceName: the app that sends the play
# What every game of ours is to BG Stats (and highestWins and bggId, per game).
_GAME_FIELDS = {"cooperative": False, "usesTeams": False, "noPoints": False}


@dataclass(frozen=True)
class _Seat:
    name: str
    score: int
    winner: bool
    start: bool
    rank: int


@dataclass(frozen=True)
class _Facts:
    """What BG Stats is told of one play, in the file and in the createPlay link alike."""

    date: str
    title: str
    bgg_id: int
    highest_wins: bool
    manual_winner: bool
    duration: int
    seats: tuple[_Seat, ...]  # in seat order
    scored: bool  # False for a play BG Stats logged without scores (its winners only)

    @classmethod
    def of(cls, play: Play, kinds: PlayKinds) -> _Facts:
        winners = set(play.winners)
        return cls(
            date=wall_time(play.played_at).isoformat(" ", "seconds"),
            title=game_title(play.game, kinds),
            bgg_id=bgg_id(play.game, kinds),
            highest_wins=not fewer_is_better(play.game, kinds),
            manual_winner=manual_winner(play, kinds),
            duration=play.duration_min,
            seats=tuple(_Seat(r.name, score(r), r.name in winners, seat == play.start_seat, r.rank)
                        for seat, r in enumerate(play.results)),
            scored=not play.entry.get(NO_SCORES, False),
        )


class _Table:
    """One of BG Stats' lists: an item per name, ids 1, 2, 3... in the order first seen."""

    def __init__(self, kind: str, fields: Mapping[str, Any], known: Mapping[str, str] | None = None) -> None:
        self.kind = kind
        self.fields = fields
        self.known = known or {}  # the uuid of each name, where Companion keeps one (a roster player's)
        self.items: dict[str, dict[str, Any]] = {}
        self._theirs: set[str] = set()  # the names whose uuid BG Stats gave (a play imported from it kept it)

    def ref(self, name: str, own: Mapping[str, Any] | None = None, kept_uuid: str = "") -> int:
        """The id of the item of this name, made the first time. Its uuid is the one BG Stats gave it, from
        any play imported from BG Stats that kept one, whatever the order the plays come in (issue 64: a new
        play by "Me" written first gave every play Companion's uuid for "Me", a second "Me" in BG Stats);
        with it come that play's fields (a player's anonymity). Else the one Companion keeps for the name (a
        roster player's, for good), else the one made from the name."""
        item = self.items.get(name)
        if item is None:
            uuid = self.known.get(name) or own_uuid(self.kind, name)
            # One person, one item: a roster player renamed is the same uuid under their old name and their new.
            item = next((i for i in self.items.values() if i["uuid"] == uuid), None)
            if item is None:
                item = {"id": len(self.rows()) + 1, "name": name, "uuid": uuid}
                item.update(self.fields)
                item.update(own or {})  # this item's own fields (a game's bggId and highestWins)
            self.items[name] = item
        if kept_uuid and name not in self._theirs:  # BG Stats' own, once one is known
            self._theirs.add(name)
            item["uuid"] = kept_uuid
            item.update(own or {})
        return item["id"]

    def rows(self) -> list[dict[str, Any]]:
        return list({id(item): item for item in self.items.values()}.values())


class _Export:
    """The three lists plays point into, filled as the plays are turned into records."""

    def __init__(self, kinds: PlayKinds, players: Mapping[str, str] | None = None) -> None:
        self.kinds = kinds
        self.games = _Table("game", _GAME_FIELDS)
        self.players = _Table("player", {"isAnonymous": False}, players)
        self.locations = _Table("location", {})

    def records(self, plays: Iterable[Play], copy: bool) -> Iterator[dict[str, Any]]:
        """Each play's record; with `copy` False it shares the play's entry (to be written out at once)."""
        for play in plays:
            facts = _Facts.of(play, self.kinds)
            kept = play.bgstats or BgStatsIds()
            record: dict[str, Any] = {
                "uuid": play_uuid(play.id),
                "playDate": facts.date,
                "entryDate": facts.date,  # when it was entered: the play's date, unless BG Stats said
                "gameRefId": self.games.ref(facts.title, {"bggId": facts.bgg_id, "highestWins": facts.highest_wins},
                                            kept.game),
            }
            if play.location:
                record["locationRefId"] = self.locations.ref(play.location, kept_uuid=kept.location)
            if play.note:
                record["comments"] = play.note
            record.update({
                "ignored": PLAY_DEFAULTS["ignored"],
                "usesTeams": PLAY_DEFAULTS["usesTeams"],
                "manualWinner": facts.manual_winner,
                "rounds": PLAY_DEFAULTS["rounds"],
                "durationMin": facts.duration,
                "playerScores": [
                    {"playerRefId": self.players.ref(s.name, {"isAnonymous": s.name in kept.anonymous,
                                                              **_theirs(kept.person(s.name), PLAYER_FIELDS_USED)},
                                                     kept.player(s.name)),
                     "score": str(s.score) if facts.scored else None, "winner": s.winner,
                     "newPlayer": SCORE_DEFAULTS["newPlayer"], "startPlayer": s.start, "rank": s.rank,
                     "seatOrder": seat, "role": SCORE_DEFAULTS["role"],
                     **_theirs(kept.score(s.name), SCORE_FIELDS_USED)}
                    for seat, s in enumerate(facts.seats)
                ],
                COMPANION_KEY: {
                    "id": play.id,
                    "game": play.game,
                    "played_at": play.played_at,
                    "results": [
                        {"name": r.name, "total": r.total, "rank": r.rank,
                         "breakdown": [[b.rule, b.count, b.points] for b in r.breakdown]}
                        for r in play.results
                    ],
                    "winners": list(play.winners),
                    **({"tie": play.tie} if play.tie else {}),
                    "entry": plain(play.entry) if copy else play.entry,
                },
            })
            record.update(_theirs(kept.play, PLAY_FIELDS_USED))  # what BG Stats keeps, back as it came
            yield record


def to_bgsplay(plays: Iterable[Play], kinds: PlayKinds, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The plays as a BG Stats import file (the JSON document; `bgsplay_bytes` gives the file). `players`: the
    uuid Companion keeps for each roster player, by name (`Settings.players`)."""
    export = _Export(kinds, players)
    records = list(export.records(plays, copy=True))
    return {
        "games": export.games.rows(),
        "players": export.players.rows(),
        "locations": export.locations.rows(),
        "plays": records,
        "userInfo": {},
    }


def bgsplay_bytes(plays: Iterable[Play], kinds: PlayKinds, players: Mapping[str, str] | None = None) -> bytes:
    """The plays as a BG Stats import file (UTF-8 JSON): `to_bgsplay`'s document, written a
    play at a time (quicker: no document of every play is kept, for the garbage collector
    to go through again and again)."""
    export = _Export(kinds, players)
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_plain).encode
    records = ",".join(encode(record) for record in export.records(plays, copy=False))
    return "".join((
        '{"games":', encode(export.games.rows()),
        ',"players":', encode(export.players.rows()),
        ',"locations":', encode(export.locations.rows()),
        ',"plays":[', records, '],"userInfo":{}}',
    )).encode("utf-8")


def known_players(plays: Iterable[Play], roster: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each player's uuid in BG Stats, by name, from the plays imported from it, else the one Companion keeps for
    a roster player (`roster`, by name): what a play of Companion's sends for them too, so BG Stats holds one of
    each person."""
    known: dict[str, str] = dict(roster or {})
    theirs: set[str] = set()  # BG Stats' own, from the first play that kept one: it wins over the roster's
    for play in plays:
        for name, uuid in (play.bgstats.players if play.bgstats else ()):
            if name not in theirs:
                theirs.add(name)
                known[name] = uuid
    return known


def create_play_link(play: Play, kinds: PlayKinds, known: Mapping[str, str] | None = None) -> str:
    """BG Stats' createPlay link for one play: a phone with BG Stats opens its import dialog, the
    game and players matched by BoardGameGeek id and names; a player BG Stats gave a uuid (`known`, from
    the plays imported: `known_players`) is sent by it. What is not known (how long it took, the game's
    BoardGameGeek id) is left out, as other apps' links leave it (issue 64: 0 was sent as a fact).

    The play's date is sent in UTC, "2026-11-21 18:26:57" for a play filed at 19:26:57+01:00, where the file
    has its wall time. BG Stats documents the link's `playDate` as "YYYY-MM-DD HH:MM:SS" in UTC on its
    createPlay page (https://app.bgstatsapp.com/createPlay.html, not reachable from this project's machines);
    read here as two public senders quote and test it: Spielwirbel's payload builder ("BG Stats' required
    playDate format, in UTC") and the Rulebook Rebels Discord bot's tests ("formats playDate as UTC
    yyyy-MM-dd HH:mm:ss regardless of local timezone")."""
    facts = _Facts.of(play, kinds)
    known = known or {}
    game: dict[str, Any] = {"sourceGameId": play.game, "name": facts.title, "bggId": facts.bgg_id,
                            "highestWins": facts.highest_wins, **_GAME_FIELDS}
    if not facts.bgg_id:
        del game["bggId"]
    data: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": utc_time(play.played_at),
        **({"durationMin": facts.duration} if facts.duration else {}),
        "game": game,
        "players": [{"sourcePlayerId": (play.bgstats or BgStatsIds()).player(s.name) or known.get(s.name)
                     or own_uuid("player", s.name),
                     "name": s.name, "score": s.score if facts.scored else None,
                     "winner": s.winner, "startPlayer": s.start, "role": "", "rank": s.rank}
                    for s in facts.seats],
    }
    if play.location:
        data["location"] = play.location
    if play.note:
        data["comments"] = play.note
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + urllib.parse.quote(text, safe="")


def _theirs(fields: Mapping[str, Any], ours: frozenset[str]) -> dict[str, Any]:
    """The fields an import kept that Companion does not write from its own play (BG Stats' own)."""
    return {k: plain(v) for k, v in fields.items() if k not in ours}


def _plain(value: Any) -> Any:
    """What json writes for an entry's mapping that is not a dict."""
    if isinstance(value, Mapping):
        return plain(value)
    raise TypeError(f"{type(value).__name__} is not JSON")
