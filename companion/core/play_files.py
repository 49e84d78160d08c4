"""Plays in and out of files: a CSV for spreadsheets, and BG Stats' import/export JSON.

Everything here is pure: plays in, text or bytes out, and bytes in, plays out. Nothing
reads the clock or the disk; the caller saves or reads the file.

The BG Stats file (a `.bgsplay`, the JSON the BG Stats app exports and imports) is a
small database: lists of `games`, `players` and `locations`, each with an int `id`, and
`plays` that point into them (`gameRefId`, `locationRefId`, `playerScores[].playerRefId`).
Scores are written as text ("42"), as BG Stats writes them. Dates are local wall time,
"YYYY-MM-DD HH:MM:SS", so a play's time-zone offset is not in the BG Stats fields.

Each exported play also carries a key BG Stats does not know, `"companion"`, holding the
play as Companion filed it (game id, time with its offset, every player's breakdown as
[rule, count, points] lines, winners and the game's own entry). BG Stats ignores keys it
does not know (not checked here against the app itself: should a version refuse them,
the file without that key is still a plain, valid one), and our own import uses the key
to rebuild the play exactly.
The key is only trusted while it agrees with the BG Stats fields of the same play (same
players in the same seats, same totals, same winners): a play changed in BG Stats since
is read from the BG Stats fields instead.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from companion.core.actions import plain
from companion.core.inputs import MAX_DIGITS, InputError, parse_json
from companion.core.plays import Play, PlayKinds
from companion.core.scoring import BreakdownLine, PlayerResult, rank_players

CSV_HEADER = ("play_id", "date", "game", "location", "seat", "player", "score", "rank", "won", "breakdown")

MAX_BGSPLAY_BYTES = 20 * 1024 * 1024  # years of BG Stats plays of every game come to a few MB
BGS_DATE = "%Y-%m-%d %H:%M:%S"  # BG Stats' playDate and entryDate
COMPANION_KEY = "companion"  # our own, non-standard key on each exported play
IMPORTED_RULE = "Score from BG Stats"  # the one breakdown line of a play BG Stats recorded
IMPORTED_ENTRY = {"imported_from": "bgstats"}
WHERE = "The BG Stats file"

# Fixed for good: the uuids of exported games, players and locations derive from it, so
# exporting again gives BG Stats the same uuids and it matches them to what it has.
NAMESPACE = uuid.UUID("1d082f87-b5a4-4909-b622-9e591532406e")

_GAME_FIELDS = {"isCooperative": False, "noPoints": False}  # and highestWins, per game


def game_title(game: str, kinds: PlayKinds) -> str:
    """A game id's title, or the id itself for a game this version does not know."""
    kind = kinds.get(game)
    return kind.title if kind is not None else game


def _wall(played_at: str) -> datetime:
    """The local date and time a play was filed at, its offset dropped."""
    return datetime.fromisoformat(played_at).replace(tzinfo=None)


def _breakdown_text(result: PlayerResult) -> str:
    return "; ".join(f"{b.rule} x{b.count}: {b.points}" for b in result.breakdown)


# ---------------------------------------------------------------- CSV


def plays_csv(plays: Iterable[Play], kinds: PlayKinds) -> str:
    """One row per player per play, for a spreadsheet (seats count from 1).

    The text is RFC 4180 CSV (rows end in CRLF, fields with commas, quotes or line breaks
    quoted); write it as UTF-8.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for play in plays:
        date = _wall(play.played_at).isoformat(" ", "minutes")
        title = game_title(play.game, kinds)
        winners = set(play.winners)
        writer.writerows(
            (play.id, date, title, _cell(play.location), seat, _cell(r.name), r.total, r.rank,
             "yes" if r.name in winners else "no", _cell(_breakdown_text(r)))
            for seat, r in enumerate(play.results, 1)
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """A typed text as a spreadsheet shows it: one starting like a formula (a name "=1+1") gets a
    leading apostrophe, so opening the file never runs it."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# ---------------------------------------------------------------- BG Stats export


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
            date = _wall(play.played_at).isoformat(" ", "seconds")
            record: dict[str, Any] = {
                "uuid": play.id,
                "playDate": date,
                "entryDate": date,
                "gameRefId": self.games.ref(game_title(play.game, self.kinds),
                                            {"highestWins": not _fewer_is_better(play.game, self.kinds)}),
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
                    {"playerRefId": self.players.ref(r.name), "score": str(r.total), "winner": r.name in winners,
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


def _fewer_is_better(game: str, kinds: PlayKinds) -> bool:
    kind = kinds.get(game)
    return kind is not None and kind.fewer_is_better


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_table(data: Mapping[str, Any], key: str, kind: str, problems: list[str],
                 name_needed: bool) -> set[int]:
    """The ids of one list (games, players, locations), its problems added to `problems`."""
    items = data.get(key)
    if not isinstance(items, list):
        return set()
    ids: set[int] = set()
    for n, item in enumerate(items, 1):
        where = f"{kind} {n}"
        if not isinstance(item, dict):
            problems.append(f"{where} is not an object")
            continue
        item_id = item.get("id")
        if not _is_int(item_id):
            problems.append(f"{where} has no whole-number id")
        elif item_id in ids:
            problems.append(f"{where}: id {item_id} is used twice")
        else:
            ids.add(item_id)
        name = item.get("name")
        if not isinstance(name, str) or (name_needed and not name.strip()):
            problems.append(f"{where} has no name")
    return ids


def _date(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.strptime(value, BGS_DATE)
    except ValueError:
        return None


def check_bgsplay(data: Any) -> list[str]:
    """What keeps `data` (a parsed JSON document) from being a BG Stats file: a sentence
    per problem, naming where ("play 3: playerScores[1] has no playerRefId"); empty when
    it is fine. Plays count from 1, playerScores from 0 (as indexes in the file)."""
    if not isinstance(data, dict):
        return [f"the file holds {_json_kind(data)}, not an object with games, players and plays"]
    problems: list[str] = []
    for key in ("games", "players", "plays"):
        if key not in data:
            problems.append(f"there is no {key} list")
        elif not isinstance(data[key], list):
            problems.append(f"{key} is not a list")
    if "locations" in data and not isinstance(data["locations"], list):
        problems.append("locations is not a list")
    game_ids = _check_table(data, "games", "game", problems, name_needed=True)
    player_ids = _check_table(data, "players", "player", problems, name_needed=False)
    location_ids = _check_table(data, "locations", "location", problems, name_needed=False)
    plays = data.get("plays")
    for n, play in enumerate(plays if isinstance(plays, list) else (), 1):
        where = f"play {n}"
        if not isinstance(play, dict):
            problems.append(f"{where} is not an object")
            continue
        if _date(play.get("playDate")) is None:
            problems.append(f"{where}: playDate {_show(play.get('playDate'))} is not a date "
                            "like 2024-05-01 20:15:00")
        if "gameRefId" not in play:
            problems.append(f"{where} has no gameRefId")
        elif not _is_int(play["gameRefId"]) or play["gameRefId"] not in game_ids:
            problems.append(f"{where}: gameRefId {_show(play['gameRefId'])} names no game")
        if play.get("locationRefId") is not None and (
                not _is_int(play["locationRefId"]) or play["locationRefId"] not in location_ids):
            problems.append(f"{where}: locationRefId {_show(play['locationRefId'])} names no location")
        scores = play.get("playerScores")
        if not isinstance(scores, list):
            problems.append(f"{where} has no playerScores list")
            continue
        for i, score in enumerate(scores):
            at = f"{where}: playerScores[{i}]"
            if not isinstance(score, dict):
                problems.append(f"{at} is not an object")
                continue
            if "playerRefId" not in score:
                problems.append(f"{at} has no playerRefId")
            elif not _is_int(score["playerRefId"]) or score["playerRefId"] not in player_ids:
                problems.append(f"{at}: playerRefId {_show(score['playerRefId'])} names no player")
            if not isinstance(score.get("winner"), bool):
                problems.append(f"{at}: winner is not true or false")
            if "score" not in score:
                problems.append(f"{at} has no score")
            elif isinstance(score["score"], bool) or not isinstance(score["score"], (str, int, float)):
                problems.append(f"{at}: score {_show(score['score'])} is not text or a number")
    return problems


def _json_kind(data: Any) -> str:
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "a string"
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true or false"
    return "a number"


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- BG Stats import


def _key(name: str) -> str:
    return name.strip().casefold()


def known_game(name: Any, kinds: PlayKinds) -> str | None:
    """Our game id for a BG Stats game name (its title or id, any case, trimmed), or None."""
    if not isinstance(name, str):
        return None
    return next((game for game, kind in kinds.items() if _key(name) in (_key(kind.title), _key(game))), None)


@dataclass(frozen=True)
class ImportResult:
    """What a BG Stats file gave: the plays of games Companion knows, in the file's order,
    and how many plays of each other game (by its name in the file) were left out."""

    plays: tuple[Play, ...]
    skipped: dict[str, int] = field(default_factory=dict)
    titles: tuple[str, ...] = ()  # the titles of the games of `plays`, each once, in order

    def summary(self) -> str:
        """One line for the player, e.g. '3 plays of Lure and Fleet Dice; 12 plays of other games left out'."""
        titles = list(self.titles)
        left_out = sum(self.skipped.values())
        if self.plays:
            taken = f"{_count(len(self.plays), 'play')} of {_and(titles)}"
        elif left_out:
            taken = "No plays of games Companion knows"
        else:
            return "No plays in the file"
        if not left_out:
            return taken
        others = "another game" if len(self.skipped) == 1 else "other games"
        return f"{taken}; {_count(left_out, 'play')} of {others} left out"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n:,} {word}s"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _whole(score: Any) -> int | None:
    """A BG Stats score ("42", 42, 42.0) as a whole number, or None when it is not one."""
    if _is_int(score):
        return score if abs(score) < 10 ** MAX_DIGITS else None
    if isinstance(score, float):
        number = Decimal(score)
    elif isinstance(score, str):
        try:
            number = Decimal(score.strip())
        except InvalidOperation:
            return None
    else:
        return None
    if not number.is_finite() or abs(number) >= 10 ** MAX_DIGITS or number != number.to_integral_value():
        return None
    return int(number)


def _seat_order(scores: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The playerScores in seat order: by seatOrder when every one has its own, else as listed."""
    seats = [s.get("seatOrder") for s in scores]
    if all(_is_int(s) for s in seats) and len(set(seats)) == len(seats):
        return sorted(scores, key=lambda s: s["seatOrder"])
    return scores


def _ranks(totals: list[int], flagged: list[bool], fewer_is_better: bool) -> list[int]:
    """Competition ranks by score, higher better (lower in a game where fewer is better); when
    the file flags winners other than the best scores (a winner chosen by hand), the flagged
    winners share rank 1 and the others follow by score."""
    scores = [-t if fewer_is_better else t for t in totals]
    ranks = rank_players([(s,) for s in scores])
    if any(flagged) and [r == 1 for r in ranks] != flagged:
        ranks = rank_players([(True, 0) if f else (False, s) for f, s in zip(flagged, scores)])
    return ranks


def _from_companion(record: Mapping[str, Any], date: datetime, game: str | None, names: list[str],
                    totals: list[int], flagged: list[bool], kinds: PlayKinds) -> Play | None:
    """The play exactly as Companion filed it, from our own key, or None when the play has
    no such key, it is damaged, or it no longer agrees with the BG Stats fields."""
    doc = record.get(COMPANION_KEY)
    if not isinstance(doc, dict):
        return None
    our_game = doc.get("game")
    if not isinstance(our_game, str) or our_game not in kinds or (game is not None and our_game != game):
        return None
    try:
        results = tuple(
            PlayerResult(name=r["name"], total=r["total"], rank=r["rank"],
                         breakdown=tuple(BreakdownLine(*_triple(b)) for b in r["breakdown"]))
            for r in doc["results"]
        )
        winners = tuple(doc["winners"])
    except (KeyError, TypeError, ValueError):
        return None
    for r in results:
        numbers = (r.total, r.rank, *(x for b in r.breakdown for x in (b.count, b.points)))
        if (not isinstance(r.name, str) or not all(_is_int(n) for n in numbers) or r.rank < 1
                or not all(isinstance(b.rule, str) for b in r.breakdown)
                or r.total != sum(b.points for b in r.breakdown)):
            return None
    if not all(isinstance(w, str) for w in winners) or not isinstance(doc.get("entry"), dict):
        return None
    if [r.name for r in results] != names or [r.total for r in results] != totals:
        return None
    if [r.name in set(winners) for r in results] != flagged:
        return None
    played_at = doc.get("played_at")
    try:
        same_time = isinstance(played_at, str) and _wall(played_at) == date
    except ValueError:
        same_time = False
    return Play(
        id=record["uuid"],
        game=our_game,
        played_at=played_at if same_time else date.isoformat(),
        results=results,
        winners=winners,
        entry=doc["entry"],
    )


def _triple(line: Any) -> tuple[Any, Any, Any]:
    """A breakdown line of our key, [rule, count, points]."""
    if not isinstance(line, list):
        raise TypeError("not a list")
    rule, count, points = line  # ValueError unless three
    return rule, count, points


def _content_id(game_name: str, record: Mapping[str, Any], location: str,
                names: list[str], totals: list[int]) -> str:
    """An id for a play the file gives none: the same play read twice gets the same id."""
    content = json.dumps([game_name, record["playDate"], location, names, totals], ensure_ascii=False)
    return f"bgstats-{uuid.uuid5(NAMESPACE, content)}"


def _refuse(problems: list[str]) -> None:
    if problems:
        more = f" (and {len(problems) - 3:,} more)" if len(problems) > 3 else ""
        raise InputError(f"{WHERE} can't be imported: {'; '.join(problems[:3])}{more}.")


def from_bgsplay(raw: bytes, kinds: PlayKinds) -> ImportResult:
    """The plays of a BG Stats file (its bytes) of games Companion knows.

    InputError, naming what is wrong, when the file is over MAX_BGSPLAY_BYTES, not JSON,
    not a BG Stats file (`check_bgsplay`), or a play of one of our games has a score that
    is not a whole number or no players.
    """
    raw = bytes(raw)
    if len(raw) > MAX_BGSPLAY_BYTES:
        raise InputError(f"{WHERE} is {len(raw) / 2**20:,.1f} MB; a BG Stats file of more than "
                         f"{MAX_BGSPLAY_BYTES // 2**20} MB can't be imported.")
    data = parse_json(raw, WHERE, MAX_BGSPLAY_BYTES)
    if not isinstance(data, dict):
        raise InputError(f"{WHERE} is not a BG Stats export: it holds {_json_kind(data)}, "
                         "not an object with games, players and plays.")
    _refuse(check_bgsplay(data))

    games = {g["id"]: g["name"] for g in data["games"]}
    players = {p["id"]: p["name"] for p in data["players"]}
    locations = {loc["id"]: loc["name"] for loc in data.get("locations") or ()}
    plays: list[Play] = []
    skipped: dict[str, int] = {}
    problems: list[str] = []
    for n, record in enumerate(data["plays"], 1):
        game_name = games[record["gameRefId"]].strip()
        game = known_game(game_name, kinds)
        if game is None and not _companion_game(record, kinds):
            skipped[game_name] = skipped.get(game_name, 0) + 1
            continue
        scores = _seat_order(record["playerScores"])
        if not scores:
            problems.append(f"play {n} ({game_name}, {record['playDate']}) has no players")
            continue
        names = [players[s["playerRefId"]] for s in scores]
        totals = []
        for s in scores:
            total = _whole(s["score"])
            if total is None:
                problems.append(f"play {n} ({game_name}, {record['playDate']}): the score {_show(s['score'])} "
                                f"of {players[s['playerRefId']]} is not a whole number")
                total = 0
            totals.append(total)
        flagged = [s["winner"] for s in scores]
        location = locations.get(record.get("locationRefId"), "")
        if not isinstance(record.get("uuid"), str) or not record["uuid"]:
            record = {**record, "uuid": _content_id(game_name, record, location, names, totals)}
        date = _date(record["playDate"])
        assert date is not None  # check_bgsplay saw to it
        play = _from_companion(record, date, game, names, totals, flagged, kinds)
        if play is None:
            if game is None:  # a game we know only by our key, and the key is no use
                skipped[game_name] = skipped.get(game_name, 0) + 1
                continue
            ranks = _ranks(totals, flagged, _fewer_is_better(game, kinds))
            results = tuple(
                PlayerResult(name=name, total=total, rank=rank,
                             breakdown=(BreakdownLine(IMPORTED_RULE, 1, total),))
                for name, total, rank in zip(names, totals, ranks)
            )
            winners = tuple(name for name, f in zip(names, flagged) if f) if any(flagged) else \
                tuple(r.name for r in results if r.rank == 1)
            play = Play(id=record["uuid"], game=game, played_at=date.isoformat(),
                        results=results, winners=winners, entry=dict(IMPORTED_ENTRY))
        plays.append(replace(play, location=location))
    _refuse(problems)
    titles = tuple(dict.fromkeys(game_title(p.game, kinds) for p in plays))
    return ImportResult(plays=tuple(plays), skipped=skipped, titles=titles)


def _companion_game(record: Mapping[str, Any], kinds: PlayKinds) -> bool:
    """Whether a play of a game whose BG Stats name we don't know says, in our key, that it
    is one of ours (the game renamed in BG Stats since it was exported)."""
    doc = record.get(COMPANION_KEY)
    return isinstance(doc, dict) and isinstance(doc.get("game"), str) and doc["game"] in kinds
