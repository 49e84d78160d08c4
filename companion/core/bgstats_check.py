"""Whether a parsed JSON document is a BG Stats file (`check_bgsplay`: the lists a file has), and
what keeps one of its plays from being read (`play_problem`): each play is read or left out on
its own, so that one play Companion cannot read (damaged, or of a shape this version does not
know) leaves out that play only, with its reason, and never the whole file."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.core.play_fields import is_int


def check_bgsplay(data: Any) -> list[str]:
    """What keeps `data` (a parsed JSON document) from being a BG Stats file at all: a sentence per
    problem ("there is no plays list"); empty when it is one."""
    if not isinstance(data, dict):
        return [f"the file holds {json_kind(data)}, not an object with games, players and plays"]
    problems: list[str] = []
    for key in ("games", "players", "plays"):
        if key not in data:
            problems.append(f"there is no {key} list")
        elif not isinstance(data[key], list):
            problems.append(f"{key} is not a list")
    if data.get("locations") is not None and not isinstance(data["locations"], list):
        problems.append("locations is not a list")
    return problems


def table(data: Mapping[str, Any], key: str) -> dict[int, dict[str, Any]]:
    """One of the file's lists (games, players, locations) by id: the items that are objects with
    a whole-number id used once and a name (an item without them is no item: a play naming it is
    left out, with the reason)."""
    items = data.get(key)
    by_id: dict[int, dict[str, Any]] = {}
    twice: set[int] = set()
    for item in items if isinstance(items, list) else ():
        if isinstance(item, dict) and is_int(item.get("id")) and isinstance(item.get("name"), str):
            if item["id"] in by_id:
                twice.add(item["id"])
            by_id[item["id"]] = item
    return {item_id: item for item_id, item in by_id.items() if item_id not in twice}


def read_date(value: Any) -> datetime | None:
    """A BG Stats date ("2024-05-01 20:15:00", or a date alone, "2024-05-01", read as its midnight),
    or None when it is not one."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.strip()).replace(tzinfo=None)
    except ValueError:
        return None


def play_problem(play: Any, games: Mapping[int, Any], players: Mapping[int, Any]) -> str | None:
    """Why a play of the file cannot be read, in words ("a player's score names no player"), or
    None when it can. Scores are checked by the reader (a play logged without scores is kept)."""
    if not isinstance(play, dict):
        return "not a play (not an object)"
    if read_date(play.get("playDate")) is None:
        return f"its date {shown(play.get('playDate'))} is not a date like 2024-05-01 20:15:00"
    if not is_int(play.get("gameRefId")) or play["gameRefId"] not in games:
        return "it names no game of the file"
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not scores:
        return "no players"
    for score in scores:
        if not isinstance(score, dict) or not is_int(score.get("playerRefId")) or \
                score["playerRefId"] not in players:
            return "one of its players is not in the file's players"
        if score.get("winner") is not None and not isinstance(score["winner"], bool):
            return f"{players[score['playerRefId']]['name']}'s winner mark is not true or false"
    return None


def json_kind(data: Any) -> str:
    """What a JSON value is, in words ("a list")."""
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "a string"
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true or false"
    return "a number"


def shown(value: Any) -> str:
    """A value of the file as a refusal quotes it: its JSON, cut at 40 letters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
