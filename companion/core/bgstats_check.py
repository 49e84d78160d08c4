"""Whether a parsed JSON document is a BG Stats file (`check_bgsplay`): every problem, each
named where it is, before any play is read from it (`bgstats_import`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from companion.core.play_fields import BGS_DATE, is_int


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
        if not is_int(item_id):
            problems.append(f"{where} has no whole-number id")
        elif item_id in ids:
            problems.append(f"{where}: id {item_id} is used twice")
        else:
            ids.add(item_id)
        name = item.get("name")
        if not isinstance(name, str) or (name_needed and not name.strip()):
            problems.append(f"{where} has no name")
    return ids


def read_date(value: Any) -> datetime | None:
    """A BG Stats date ("2024-05-01 20:15:00"), or None when it is not one."""
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
        return [f"the file holds {json_kind(data)}, not an object with games, players and plays"]
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
        if read_date(play.get("playDate")) is None:
            problems.append(f"{where}: playDate {shown(play.get('playDate'))} is not a date "
                            "like 2024-05-01 20:15:00")
        if "gameRefId" not in play:
            problems.append(f"{where} has no gameRefId")
        elif not is_int(play["gameRefId"]) or play["gameRefId"] not in game_ids:
            problems.append(f"{where}: gameRefId {shown(play['gameRefId'])} names no game")
        if play.get("locationRefId") is not None and (
                not is_int(play["locationRefId"]) or play["locationRefId"] not in location_ids):
            problems.append(f"{where}: locationRefId {shown(play['locationRefId'])} names no location")
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
            elif not is_int(score["playerRefId"]) or score["playerRefId"] not in player_ids:
                problems.append(f"{at}: playerRefId {shown(score['playerRefId'])} names no player")
            if not isinstance(score.get("winner"), bool):
                problems.append(f"{at}: winner is not true or false")
            if "score" not in score:
                problems.append(f"{at} has no score")
            elif isinstance(score["score"], bool) or not isinstance(score["score"], (str, int, float)):
                problems.append(f"{at}: score {shown(score['score'])} is not text or a number")
    return problems


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
