"""Plays in from a BG Stats file (`from_bgsplay`): the plays of games Companion knows, each
player's score as the file gives it.

A play Companion exported carries our own key (`"companion"`, see `bgstats_export`), which
rebuilds the play exactly (its id too: files of earlier versions have none there, their play's
`uuid` was its id). The key is only trusted while it agrees with the BG Stats fields of
the same play (same players in the same seats, same totals, same winners): a play changed in
BG Stats since is read from the BG Stats fields instead, its totals kept as one breakdown line
("Score from BG Stats") and ranked the game's way (in Salmon Run the fewest Fatigue cards first).
A play of ours back from BG Stats without our key (BG Stats' own export) takes the id of the play
here whose uuid it has (`known`), so importing it replaces that play instead of adding it twice.
Either way the play keeps what BG Stats says of its length (`durationMin`) and of who started
(the one `startPlayer`); anything else there reads as not known.

Each play is read or left out on its own (`LeftOut`: "Wingspan, 3 May 2024: not a game Companion
keeps"), so that a real library's plays Companion cannot read never stop the others. A play of one of
our games logged without scores (the key absent, null or empty) is kept with its winners, its
totals 0 and no breakdown (its entry says `no_scores`, and stats count its wins only); with no
winner either, it is left out. A date alone is read as its midnight, a `locationRefId` of 0 or of no
location as no location, a byte-order mark is skipped, and long numbers BG Stats writes are read.
BG Stats' own uuids for the play's game, location and players, and which players it keeps
anonymous, are kept (`BgStatsIds`) where they are not those an export of ours gives, and written
back on export: an import then an export adds nothing twice in BG Stats.
"""

from __future__ import annotations

import codecs
import json
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from companion.core import words
from companion.core.bgstats_check import check_bgsplay, json_kind, play_problem, read_date, shown, table
from companion.core.inputs import MAX_DIGITS, InputError, check_plain, parse_json
from companion.core.play_fields import (
    COMPANION_KEY,
    NAMESPACE,
    NO_SCORES,
    PLAY_DEFAULTS,
    PLAY_FIELDS_USED,
    PLAYER_FIELDS_USED,
    SCORE_DEFAULTS,
    SCORE_FIELDS_USED,
    fewer_is_better,
    game_title,
    is_int,
    own_uuid,
    play_uuid,
    wall_time,
)
from companion.core.plays import BgStatsIds, Play, PlayKinds, minutes_or_zero, tie_or_blank
from companion.core.scoring import BreakdownLine, PlayerResult, Winners, rank_players

MAX_BGSPLAY_BYTES = 20 * 1024 * 1024  # years of BG Stats plays of every game come to a few MB
IMPORTED_RULE = "Score from BG Stats"  # the one breakdown line of a play BG Stats recorded
IMPORTED_ENTRY = {"imported_from": "bgstats"}
WHERE = "The BG Stats file"


def _key(name: str) -> str:
    return name.strip().casefold()


def known_game(name: Any, kinds: PlayKinds) -> str | None:
    """Our game id for a BG Stats game name (its title or id, any case, trimmed), or None."""
    if not isinstance(name, str):
        return None
    return next((game for game, kind in kinds.items() if _key(name) in (_key(kind.title), _key(game))), None)


@dataclass(frozen=True)
class LeftOut:
    """A play of the file that was not imported, and why, in words."""

    play: str  # "Wingspan, 3 May 2024", or "Play 7" where the play names no game or date
    reason: str

    def __str__(self) -> str:
        return f"{self.play}: {self.reason}"


@dataclass(frozen=True)
class ImportResult:
    """What a BG Stats file gave: the plays of games Companion knows, in the file's order, and
    each play left out with its reason, in the file's order."""

    plays: tuple[Play, ...]
    left_out: tuple[LeftOut, ...] = ()
    titles: tuple[str, ...] = ()  # the titles of the games of `plays`, each once, in order

    def summary(self, replaced: int = 0) -> str:
        """One line for the player, e.g. '3 plays of Lure and Fleet Dice; 12 plays left out';
        `replaced`: how many of them were in History already (imported before), so updated, not added."""
        titles = list(self.titles)
        new = len(self.plays) - replaced
        of = words.listed(titles)
        if self.plays and replaced and new:
            taken = f"{words.count(new, 'new play')} and {words.count(replaced, 'play')} updated, of {of}"
        elif self.plays and replaced:
            taken = f"{words.count(replaced, 'play')} of {of}, already in History: updated"
        elif self.plays:
            taken = f"{words.count(len(self.plays), 'play')} of {of}"
        elif self.left_out:
            taken = "No plays Companion can keep"
        else:
            return "No plays in the file"
        if not self.left_out:
            return taken
        return f"{taken}; {words.count(len(self.left_out), 'play')} left out"


def _whole(score: Any) -> int | None:
    """A BG Stats score ("42", 42, 42.0) as a whole number, or None when it is not one."""
    if is_int(score):
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
    if all(is_int(s) for s in seats) and len(set(seats)) == len(seats):
        return sorted(scores, key=lambda s: s["seatOrder"])
    return scores


def _ranks(totals: list[int], flagged: list[bool], lowest_best: bool) -> list[int]:
    """Competition ranks by score, higher better (lower in a game where fewer is better); when
    the file flags winners other than the best scores (a winner chosen by hand), the flagged
    winners share rank 1 and the others follow by score."""
    scores = [-t if lowest_best else t for t in totals]
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
        winners = Winners(doc["winners"], tie_or_blank(doc.get("tie")))
    except (KeyError, TypeError, ValueError):
        return None
    for r in results:
        numbers = (r.total, r.rank, *(x for b in r.breakdown for x in (b.count, b.points)))
        if (not isinstance(r.name, str) or not all(is_int(n) for n in numbers) or r.rank < 1
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
        same_time = isinstance(played_at, str) and wall_time(played_at) == date
    except ValueError:
        same_time = False
    return Play(
        id=_our_id(record) or record["uuid"],
        game=our_game,
        played_at=played_at if same_time else date.isoformat(),
        results=results,
        winners=winners,
        entry=doc["entry"],
    )


def _our_id(record: Mapping[str, Any]) -> str | None:
    """The play's id in our key (this version's files), even when the rest of the key no longer
    agrees with the play: it is still that play, changed in BG Stats."""
    doc = record.get(COMPANION_KEY)
    play_id = doc.get("id") if isinstance(doc, dict) else None
    return play_id if isinstance(play_id, str) and play_id else None


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


def from_bgsplay(raw: bytes, kinds: PlayKinds, known: Iterable[str] = (),
                 check: Callable[[Play], str | None] | None = None, kept_elsewhere: Iterable[str] = ()) -> ImportResult:
    """The plays of a BG Stats file (its bytes) of games Companion knows; `known`: the ids of the
    plays already here (a play of ours back from BG Stats without our key takes its own id again).
    Each play is read or left out on its own (`ImportResult.left_out`, with the reason), also when
    `check` (the archive's) says what is wrong with it ("is not valid: ..."); a play of a game in
    `kept_elsewhere` (titles: Fly Solo, whose Days its adventures' journals keep) is left out as such.

    InputError, naming what is wrong, when the file is over MAX_BGSPLAY_BYTES, not JSON or not a
    BG Stats file (`check_bgsplay`).
    """
    raw = bytes(raw).removeprefix(codecs.BOM_UTF8)  # a file saved by a Windows editor
    if len(raw) > MAX_BGSPLAY_BYTES:
        raise InputError(f"{WHERE} is {len(raw) / 2**20:,.1f} MB; a BG Stats file of more than "
                         f"{MAX_BGSPLAY_BYTES // 2**20} MB can't be imported.")
    data = parse_json(raw, WHERE, MAX_BGSPLAY_BYTES, most_digits=FILE_DIGITS)
    if not isinstance(data, dict):
        raise InputError(f"{WHERE} is not a BG Stats export: it holds {json_kind(data)}, "
                         "not an object with games, players and plays.")
    problems = check_bgsplay(data)
    if problems:
        raise InputError(f"{WHERE} can't be imported: {'; '.join(problems)}.")
    reader = _Reader(data, kinds, known, kept_elsewhere)
    plays: list[Play] = []
    left_out: list[LeftOut] = []
    for n, record in enumerate(data["plays"], 1):
        read = reader.play(n, record)
        wrong = check(read) if check is not None and isinstance(read, Play) else None
        if wrong is not None:
            read = LeftOut(reader.named(n, record), f"it {wrong}")
        (plays if isinstance(read, Play) else left_out).append(read)
    titles = tuple(dict.fromkeys(game_title(p.game, kinds) for p in plays))
    return ImportResult(plays=tuple(plays), left_out=tuple(left_out), titles=titles)


FILE_DIGITS = 40  # BG Stats' own ids and numbers may be long; a score longer than MAX_DIGITS is a play's problem


class _Reader:
    """Reads the file's plays one by one, with its lists of games, players and locations."""

    def __init__(self, data: Mapping[str, Any], kinds: PlayKinds, known: Iterable[str],
                 kept_elsewhere: Iterable[str]) -> None:
        self.kinds = kinds
        self.elsewhere = {_key(title) for title in kept_elsewhere}
        self.games = table(data, "games")
        self.players = table(data, "players")
        self.locations = table(data, "locations")
        self.ours = {play_uuid(play_id): play_id for play_id in known}

    def play(self, n: int, record: Any) -> Play | LeftOut:
        problem = play_problem(record, self.games, self.players)
        if problem is not None:
            return LeftOut(self.named(n, record), problem)
        game_item = self.games[record["gameRefId"]]
        game_name = game_item["name"].strip()
        game = known_game(game_name, self.kinds)
        named = self.named(n, record)
        if game is None and _key(game_name) in self.elsewhere:
            return LeftOut(named, f"{game_name} is kept in its own journal, not in History's plays")
        if game is None and not _companion_game(record, self.kinds):
            return LeftOut(named, "not a game Companion keeps")
        scores = _seat_order(record["playerScores"])
        names = [self.players[s["playerRefId"]]["name"] for s in scores]
        flagged = [s.get("winner") is True for s in scores]
        given = [s.get("score") for s in scores]
        if all(score is None or score == "" for score in given):
            if not any(flagged) or game is None:
                return LeftOut(named, "no scores and no winner")
            totals = [0] * len(scores)
        else:
            totals = []
            for name, score in zip(names, given):
                total = _whole(score)
                if total is None:
                    return LeftOut(named, f"{name}'s score {shown(score)} is not a whole number")
                totals.append(total)
        location_item = self.locations.get(record.get("locationRefId"))  # 0, or none: not said
        location = location_item["name"] if location_item is not None else ""
        if not isinstance(record.get("uuid"), str) or not record["uuid"]:
            record = {**record, "uuid": _content_id(game_name, record, location, names, totals)}
        date = read_date(record["playDate"])
        assert date is not None  # play_problem saw to it
        play = _from_companion(record, date, game, names, totals, flagged, self.kinds)
        if play is None:
            if game is None:  # a game we know only by our key, and the key is no use
                return LeftOut(named, "not a game Companion keeps")
            play = self._from_bgstats(record, date, game, names, totals, flagged, scored=any(
                score not in (None, "") for score in given))
        starts = [seat for seat, s in enumerate(scores) if s.get("startPlayer") is True]
        players = [self.players[s["playerRefId"]] for s in scores]
        ids = BgStatsIds(
            game=_text(game_item.get("uuid")),
            location=_text(location_item.get("uuid")) if location_item is not None else "",
            players=tuple((name, _text(player.get("uuid"))) for name, player in zip(names, players)),
            anonymous=tuple(name for name, player in zip(names, players) if player.get("isAnonymous") is True),
            play=_theirs(record, PLAY_FIELDS_USED, {**PLAY_DEFAULTS, "entryDate": record["playDate"]}),
            scores=tuple((name, kept) for name, s in zip(names, scores)
                         if (kept := _theirs(s, SCORE_FIELDS_USED, SCORE_DEFAULTS))),
            people=tuple((name, kept) for name, player in zip(names, players)
                         if (kept := _theirs(player, PLAYER_FIELDS_USED, {}))),
        )
        return replace(play, location=location, start_seat=starts[0] if len(starts) == 1 else None,
                       note=_text(record.get("comments")).strip(),
                       duration_min=minutes_or_zero(record.get("durationMin")),
                       bgstats=None if _all_our_own(ids, game_title(play.game, self.kinds), location) else ids)

    def _from_bgstats(self, record: Mapping[str, Any], date: datetime, game: str, names: list[str],
                      totals: list[int], flagged: list[bool], scored: bool) -> Play:
        """A play as BG Stats recorded it: each total one breakdown line, ranked the game's way (a
        play logged without scores: its winners first, every total 0 and no breakdown)."""
        ranks = _ranks(totals, flagged, fewer_is_better(game, self.kinds))
        results = tuple(
            PlayerResult(name=name, total=total, rank=rank,
                         breakdown=(BreakdownLine(IMPORTED_RULE, 1, total),) if scored else ())
            for name, total, rank in zip(names, totals, ranks)
        )
        winners = tuple(name for name, f in zip(names, flagged) if f) if any(flagged) else \
            tuple(r.name for r in results if r.rank == 1)
        play_id = _our_id(record) or self.ours.get(record["uuid"], record["uuid"])
        entry = dict(IMPORTED_ENTRY) if scored else {**IMPORTED_ENTRY, NO_SCORES: True}
        return Play(id=play_id, game=game, played_at=date.isoformat(), results=results, winners=winners,
                    entry=entry)

    def named(self, n: int, record: Any) -> str:
        """A play as the list of plays left out names it: its game and day, as far as it says them."""
        game = self.games.get(record.get("gameRefId")) if isinstance(record, dict) else None
        date = read_date(record.get("playDate")) if isinstance(record, dict) else None
        day = f", {date.day} {date:%b %Y}" if date else ""  # not %-d: Windows' strftime has no such code
        name = game["name"].strip() if game is not None else ""
        return (name or f"Play {n}") + day


def _theirs(record: Mapping[str, Any], used: frozenset[str], ours: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `record` Companion does not use and would not write the same: kept, to be written back.
    A field the store could not keep (a number of more than MAX_DIGITS digits) is left out, not the play."""
    return {k: v for k, v in record.items() if k not in used and not (k in ours and v == ours[k]) and _keepable(v)}


def _keepable(value: Any) -> bool:
    try:
        check_plain(value, WHERE)
    except InputError:
        return False
    return True


def _all_our_own(ids: BgStatsIds, game_name: str, location: str) -> bool:
    """Whether BG Stats' ids are those an export of ours gives (a play we exported, back) and it added no
    field of its own: nothing of BG Stats' to keep."""
    return (not (ids.anonymous or ids.play or ids.scores or ids.people)
            and ids.game in ("", own_uuid("game", game_name))
            and ids.location in ("", own_uuid("location", location))
            and all(uid in ("", own_uuid("player", name)) for name, uid in ids.players))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _companion_game(record: Mapping[str, Any], kinds: PlayKinds) -> bool:
    """Whether a play of a game whose BG Stats name we don't know says, in our key, that it
    is one of ours (the game renamed in BG Stats since it was exported)."""
    doc = record.get(COMPANION_KEY)
    return isinstance(doc, dict) and isinstance(doc.get("game"), str) and doc["game"] in kinds
