"""What a play says in a file, the same in the CSV and in both directions of a BG Stats file:
its game's title, its wall time, each player's score and breakdown, and the fixed names and
formats the files share. Pure: nothing here reads the clock or the disk."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import Any

from companion.core.assets import require, whole_number
from companion.core.plays import Play, PlayKinds
from companion.core.scoring import PlayerResult

BGS_DATE = "%Y-%m-%d %H:%M:%S"  # BG Stats' playDate and entryDate
COMPANION_KEY = "companion"  # our own, non-standard key on each exported play
# What Companion reads of a play's record and of a player's score, and writes from its own play: every other
# field is BG Stats' (or another app's), kept as it came and written back (`BgStatsIds.play`, `.scores`,
# `.people`: a player's own entry, their bggUsername and metaData).
PLAY_FIELDS_USED = frozenset({"uuid", "playDate", "gameRefId", "locationRefId", "comments", "durationMin",
                              "manualWinner", "playerScores", COMPANION_KEY})
SCORE_FIELDS_USED = frozenset({"playerRefId", "score", "winner", "startPlayer", "rank", "seatOrder"})
PLAYER_FIELDS_USED = frozenset({"id", "name", "uuid", "isAnonymous"})  # of an entry in the file's players
# What Companion writes for the others when an import kept nothing of them (a play's entryDate: its playDate):
# a value equal to these is nothing to keep.
PLAY_DEFAULTS = {"ignored": False, "usesTeams": False, "rounds": 0}
SCORE_DEFAULTS = {"newPlayer": False, "role": ""}
NO_SCORES = "no_scores"  # in the entry of a play BG Stats logged without scores (its winners only)

# Fixed for good: the uuids of exported games, players and locations derive from it, so
# exporting again gives BG Stats the same uuids and it matches them to what it has.
NAMESPACE = uuid.UUID("1d082f87-b5a4-4909-b622-9e591532406e")


def game_title(game: str, kinds: PlayKinds) -> str:
    """A game id's title, or the id itself for a game this version does not know."""
    kind = kinds.get(game)
    return kind.title if kind is not None else game


def fewer_is_better(game: str, kinds: PlayKinds) -> bool:
    """Whether the game's best total is the lowest (Salmon Run's Fatigue cards); False for a game
    this version does not know."""
    kind = kinds.get(game)
    return kind is not None and kind.fewer_is_better


def bgg_id(game: str, kinds: PlayKinds) -> int:
    """The game's BoardGameGeek id (its data file's `bggId`), 0 where not known."""
    kind = kinds.get(game)
    return kind.bgg_id if kind is not None else 0


def own_uuid(kind: str, name: str) -> str:
    """The uuid an export gives a game, player or location of this name ("game", "player",
    "location"): the same in every export."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}"))


def play_uuid(play_id: str) -> str:
    """A play's BG Stats uuid: its id when that is a UUID already (a play that came from BG Stats
    keeps BG Stats' own, so BG Stats matches it again), else a UUID derived from it, the same in
    every export."""
    try:
        uuid.UUID(play_id)
    except (ValueError, AttributeError, TypeError):
        return str(uuid.uuid5(NAMESPACE, f"play:{play_id}"))
    return play_id


def manual_winner(play: Play, kinds: PlayKinds) -> bool:
    """Whether the winners are not exactly the best-scoring players (BG Stats' `manualWinner`: without
    it BG Stats takes the best score as the winner). True in the pearl boat game won by fewer pearls,
    a Salmon Run winner who has more Fatigue cards than a salmon not in the pond, every tie broken
    by a rule (Freshwater Fly's fish colours, Lure's fewest fish)."""
    totals = [score(r) for r in play.results]
    if not totals:
        return bool(play.winners)
    best = min(totals) if fewer_is_better(play.game, kinds) else max(totals)
    return set(play.winners) != {r.name for r, total in zip(play.results, totals) if total == best}


def read_bgg_data(data: Any, where: str) -> int:
    """A game's BG Stats data file (`assets/games/<game>/bgstats.json`): its `bggId`, a whole
    number (0: not known); AssetError naming the field when it is not one."""
    return whole_number(require(data, "bggId", int, where), f"{where}.bggId", 0, MAX_BGG_ID)


MAX_BGG_ID = 10**9  # BoardGameGeek's ids are six digits today


def wall_time(played_at: str) -> datetime:
    """The local date and time a play was filed at, its offset dropped."""
    return datetime.fromisoformat(played_at).replace(tzinfo=None)


def utc_time(played_at: str) -> str:
    """A play's time in UTC, "2026-11-21 18:26:57", as BG Stats' createPlay link takes its `playDate`
    (see `bgstats_export.create_play_link`); a time filed without an offset (an import's) is taken as it is."""
    moment = datetime.fromisoformat(played_at)
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment.isoformat(" ", "seconds")


def score(result: PlayerResult) -> int:
    """The score a file gives a player: the total their game's end showed and History keeps, in
    every game (Salmon Run's is its Fatigue cards; that fewer is better is the game's to say,
    BG Stats' `highestWins`, not the score's)."""
    return result.total


def breakdown_text(result: PlayerResult) -> str:
    """A player's breakdown on one line: "Cod x3: 6; Trout x1: 2"."""
    return "; ".join(f"{b.rule} x{b.count}: {b.points}" for b in result.breakdown)


def is_int(value: Any) -> bool:
    """A whole number as JSON gives one (true and false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)
