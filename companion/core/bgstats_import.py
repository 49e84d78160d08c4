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
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from companion.core import words
from companion.core.bgstats_check import check_bgsplay, json_kind, read_date, shown
from companion.core.inputs import MAX_DIGITS, InputError, parse_json
from companion.core.play_fields import (
    COMPANION_KEY,
    NAMESPACE,
    fewer_is_better,
    game_title,
    is_int,
    play_uuid,
    wall_time,
)
from companion.core.plays import Play, PlayKinds, minutes_or_zero, tie_or_blank
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
class ImportResult:
    """What a BG Stats file gave: the plays of games Companion knows, in the file's order,
    and how many plays of each other game (by its name in the file) were left out."""

    plays: tuple[Play, ...]
    skipped: dict[str, int] = field(default_factory=dict)
    titles: tuple[str, ...] = ()  # the titles of the games of `plays`, each once, in order

    def summary(self, replaced: int = 0) -> str:
        """One line for the player, e.g. '3 plays of Lure and Fleet Dice; 12 plays of other games left out';
        `replaced`: how many of them were in History already (imported before), so updated, not added."""
        titles = list(self.titles)
        left_out = sum(self.skipped.values())
        new = len(self.plays) - replaced
        of = words.listed(titles)
        if self.plays and replaced and new:
            taken = f"{words.count(new, 'new play')} and {words.count(replaced, 'play')} updated, of {of}"
        elif self.plays and replaced:
            taken = f"{words.count(replaced, 'play')} of {of}, already in History: updated"
        elif self.plays:
            taken = f"{words.count(len(self.plays), 'play')} of {of}"
        elif left_out:
            taken = "No plays of games Companion knows"
        else:
            return "No plays in the file"
        if not left_out:
            return taken
        others = "another game" if len(self.skipped) == 1 else "other games"
        return f"{taken}; {words.count(left_out, 'play')} of {others} left out"


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


def _refuse(problems: list[str]) -> None:
    if problems:
        more = f" (and {len(problems) - 3:,} more)" if len(problems) > 3 else ""
        raise InputError(f"{WHERE} can't be imported: {'; '.join(problems[:3])}{more}.")


def from_bgsplay(raw: bytes, kinds: PlayKinds, known: Iterable[str] = ()) -> ImportResult:
    """The plays of a BG Stats file (its bytes) of games Companion knows; `known`: the ids of the
    plays already here (a play of ours back from BG Stats without our key takes its own id again).

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
        raise InputError(f"{WHERE} is not a BG Stats export: it holds {json_kind(data)}, "
                         "not an object with games, players and plays.")
    _refuse(check_bgsplay(data))

    games = {g["id"]: g["name"] for g in data["games"]}
    players = {p["id"]: p["name"] for p in data["players"]}
    locations = {loc["id"]: loc["name"] for loc in data.get("locations") or ()}
    ours = {play_uuid(play_id): play_id for play_id in known}
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
                problems.append(f"play {n} ({game_name}, {record['playDate']}): the score {shown(s['score'])} "
                                f"of {players[s['playerRefId']]} is not a whole number")
                total = 0
            totals.append(total)
        flagged = [s["winner"] for s in scores]
        location = locations.get(record.get("locationRefId"), "")
        if not isinstance(record.get("uuid"), str) or not record["uuid"]:
            record = {**record, "uuid": _content_id(game_name, record, location, names, totals)}
        date = read_date(record["playDate"])
        assert date is not None  # check_bgsplay saw to it
        play = _from_companion(record, date, game, names, totals, flagged, kinds)
        if play is None:
            if game is None:  # a game we know only by our key, and the key is no use
                skipped[game_name] = skipped.get(game_name, 0) + 1
                continue
            ranks = _ranks(totals, flagged, fewer_is_better(game, kinds))
            results = tuple(
                PlayerResult(name=name, total=total, rank=rank,
                             breakdown=(BreakdownLine(IMPORTED_RULE, 1, total),))
                for name, total, rank in zip(names, totals, ranks)
            )
            winners = tuple(name for name, f in zip(names, flagged) if f) if any(flagged) else \
                tuple(r.name for r in results if r.rank == 1)
            play_id = _our_id(record) or ours.get(record["uuid"], record["uuid"])
            play = Play(id=play_id, game=game, played_at=date.isoformat(),
                        results=results, winners=winners, entry=dict(IMPORTED_ENTRY))
        starts = [seat for seat, s in enumerate(scores) if s.get("startPlayer") is True]
        plays.append(replace(play, location=location, start_seat=starts[0] if len(starts) == 1 else None,
                             duration_min=minutes_or_zero(record.get("durationMin"))))
    _refuse(problems)
    titles = tuple(dict.fromkeys(game_title(p.game, kinds) for p in plays))
    return ImportResult(plays=tuple(plays), skipped=skipped, titles=titles)


def _companion_game(record: Mapping[str, Any], kinds: PlayKinds) -> bool:
    """Whether a play of a game whose BG Stats name we don't know says, in our key, that it
    is one of ours (the game renamed in BG Stats since it was exported)."""
    doc = record.get(COMPANION_KEY)
    return isinstance(doc, dict) and isinstance(doc.get("game"), str) and doc["game"] in kinds
