"""Fly Solo's Days as plays for the files (CSV, BG Stats): each recorded Day of an adventure is a
play of the player against the Silent Angler, with both breakdowns, named after its adventure.
They are not filed in History's archive (the adventure's journal keeps them); they are made
from the journal whenever a file is written. Pure: a session record in, plays out."""

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
RANKS = {"win": (1, 2), "loss": (2, 1), "tie": (1, 1)}


def day_plays(record: SessionRecord, rules: JournalRules = RULES) -> list[Play]:
    """The adventure's recorded Days, in order, each a play (id "<adventure>-day-<n>"). Its time is
    when the Day was recorded (`recorded_at` in the Day's action), else the adventure's last change."""
    if record.game != ADVENTURE:
        return []
    campaign: Campaign = rules.initial_state(record.setup)
    plays: list[Play] = []
    for action in record.actions:
        campaign = rules.apply(campaign, action)
        if action.type != "day":
            continue
        day = campaign.days[-1]
        you = (action.who.strip() if action.by != TABLE else "") or YOU
        yours, its = RANKS[day.score.result]
        results = (PlayerResult(you, day.score.your_total, yours, day.score.you),
                   PlayerResult(SILENT_ANGLER, day.score.angler_total, its, day.score.angler))
        winners = {"win": (you,), "loss": (SILENT_ANGLER,), "tie": ()}[day.score.result]
        where = rules.adventure.location(day.location).label
        plays.append(Play(
            id=f"{record.id}-day-{day.number}", game=GAME, played_at=_when(action.data, record),
            results=results, winners=Winners(winners, day.score.tie), entry={"adventure": campaign.name,
                                                                             "day": day.number},
            note=f"{campaign.name}: Day {day.number} at {where}",
        ))
    return plays


def _when(data: Mapping[str, Any], record: SessionRecord) -> str:
    at = data.get("recorded_at")
    return at if isinstance(at, str) and at else record.updated


def adventure_plays(records: list[SessionRecord]) -> list[Play]:
    """Every recorded Day of these adventures (other sessions of Fly Solo's give none)."""
    return [play for record in records for play in day_plays(record)]
