"""Fly Solo's Days as plays for the files (CSV, BG Stats): each recorded Day of an adventure is a
solo play, as BG Stats logs one (issue 64: it was two made-up players, "You" and "Silent Angler"):
its one player (the roster player who played the adventure), their score and breakdown, won or not;
the Silent Angler's score and the Day in its comments, named after its adventure. They are not filed
in History's archive (the adventure's journal keeps them); they are made from the journal whenever a
file is written. Pure: a session record in, plays out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.actions import TABLE
from companion.core.plays import Play
from companion.core.scoring import PlayerResult, Winners
from companion.core.session_log import SessionRecord
from companion.games.fly_solo.campaign import GAME as ADVENTURE, Campaign
from companion.games.fly_solo.journal import RULES, JournalRules
from companion.games.fly_solo.scoring import SILENT_ANGLER

GAME = "fly-solo"  # how the Days are filed in the files
YOU = "You"  # the player's name where the journal does not say who recorded the Day (or the table's phone did)


def day_plays(record: SessionRecord, rules: JournalRules = RULES) -> list[Play]:
    """The adventure's recorded Days, in order, each a play (id "<adventure>-day-<n>"). Its time is
    when the Day was recorded (`recorded_at` in the Day's action), else the adventure's last change."""
    if record.game != ADVENTURE:
        return []
    campaign: Campaign = rules.initial_state(record.setup)
    you = player_of(record)
    plays: list[Play] = []
    for action in record.actions:
        campaign = rules.apply(campaign, action)
        if action.type != "day":
            continue
        day = campaign.days[-1]
        where = rules.adventure.location(day.location).label
        against = {"win": "beat", "loss": "lost to", "tie": "tied with"}[day.score.result]
        plays.append(Play(
            id=f"{record.id}-day-{day.number}", game=GAME, played_at=_when(action.data, record),
            results=(PlayerResult(you, day.score.your_total, 1, day.score.you),),
            winners=Winners((you,) if day.score.result == "win" else (), day.score.tie),
            entry={"adventure": campaign.name, "day": day.number, "silent_angler": day.score.angler_total},
            note=f"{campaign.name}: Day {day.number} at {where}; {against} the {SILENT_ANGLER}, "
                 f"{day.score.your_total} to {day.score.angler_total}",
        ))
    return plays


def player_of(record: SessionRecord) -> str:
    """Who played the adventure: the roster player who recorded in it (the first to), or "You" where only
    the whole table's phone did."""
    return next((a.who.strip() for a in record.actions if a.by not in ("", TABLE) and a.who.strip()), YOU)


def _when(data: Mapping[str, Any], record: SessionRecord) -> str:
    at = data.get("recorded_at")
    return at if isinstance(at, str) and at else record.updated


def adventure_plays(records: list[SessionRecord]) -> list[Play]:
    """Every recorded Day of these adventures (other sessions of Fly Solo's give none)."""
    return [play for record in records for play in day_plays(record)]
