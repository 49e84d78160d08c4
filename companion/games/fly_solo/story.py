"""An adventure told as it happened, for History: every Day recorded and every Badge spent,
in the order of the journal's log, and how it ended.

The log has no clock (a Day is an action like any other), so the timeline is in Day order:
an upgrade bought between Day 2 and Day 3 sits between them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from companion.core.actions import Action
from companion.core.words import count
from companion.games.fly_solo.journal import RULES, Campaign, JournalRules, Status

MomentKind = Literal["day", "upgrade", "end"]


@dataclass(frozen=True)
class Moment:
    """One line of the timeline."""

    kind: MomentKind
    day: int  # the Day it follows (0: before the first Day)
    text: str
    you: int | None = None  # a Day's scores
    angler: int | None = None
    result: str | None = None  # a Day's "win", "loss" or "tie"; the end's "won" or "lost"
    badges: tuple[str, ...] = ()  # earned that Day


@dataclass(frozen=True)
class AdventureStory:
    name: str
    status: Status
    days: int  # Days played
    days_allowed: int
    badges: tuple[str, ...]
    upgrades: tuple[str, ...]  # what the Badges were spent on, in order
    moments: tuple[Moment, ...]

    @property
    def scores(self) -> tuple[tuple[int, int, int], ...]:
        """(Day, your score, the Silent Angler's) for every Day played: the chart's points."""
        return tuple((m.day, m.you, m.angler) for m in self.moments
                     if m.kind == "day" and m.you is not None and m.angler is not None)

    @property
    def summary(self) -> str:
        state = {"won": "Won", "lost": "Lost", "playing": "Playing"}[self.status]
        return (f"{state} · {self.days} of {self.days_allowed} Days · {count(len(self.badges), 'Badge')} · "
                f"{count(len(self.upgrades), 'upgrade')}")


RESULT_WORDS = {"win": "you won", "loss": "the Silent Angler won", "tie": "a tie"}


def story(setup: Mapping[str, Any], actions: Sequence[Action], rules: JournalRules = RULES) -> AdventureStory:
    """Replay an adventure's log, noting each Day and each upgrade as it happened."""
    adventure = rules.adventure
    campaign: Campaign = rules.initial_state(setup)
    moments: list[Moment] = []
    upgrades: list[str] = []
    for action in actions:
        campaign = rules.apply(campaign, action)
        if action.type == "day":
            day = campaign.days[-1]
            where = adventure.location(day.location).label
            # Level totals: the words on the tie say who won it (or that no one did), and why.
            result = (f"; {day.score.tie[:1].lower()}{day.score.tie[1:]}" if day.score.tie
                      else f", {RESULT_WORDS[day.score.result]}")
            moments.append(Moment(
                "day", day.number,
                f"Day {day.number} at {where}: you {day.score.your_total}, the Silent Angler "
                f"{day.score.angler_total}{result}",
                day.score.your_total, day.score.angler_total, day.score.result, day.badges))
        elif action.type == "upgrade":
            bought = action.label.removeprefix("spend a Badge on ")
            upgrades.append(bought)
            moments.append(Moment("upgrade", len(campaign.days), f"Spent a Badge on {bought}"))
    status = campaign.status(adventure)
    if status != "playing":
        words = ("Adventure won: every Location beaten" if status == "won"
                 else f"Adventure lost: {adventure.days} Days played, {campaign.beaten} of "
                      f"{len(adventure.locations)} Locations beaten")
        moments.append(Moment("end", len(campaign.days), words, result=status))
    return AdventureStory(campaign.name, status, len(campaign.days), adventure.days, campaign.badges,
                          tuple(upgrades), tuple(moments))
