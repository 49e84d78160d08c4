"""The adventure's next Day with the Silent Angler, as a session: its set-up and title, the one a phone
started, and the adventure's page's *Play Day N* (the assistant's screen is `angler.py`)."""

from __future__ import annotations

from typing import Any

from companion.core.session import GameSession
from companion.games.fly_solo import angler as sa
from companion.games.fly_solo.journal import Campaign
from companion.ui.games.fly_solo import journal_route
from companion.ui.host import AppContext, Host


def day_setup(campaign_id: str, campaign: Campaign) -> tuple[dict[str, Any], str]:
    """The set-up and the title of an adventure's next Day with the Silent Angler."""
    return ({"location": campaign.location, "campaign": campaign_id, "day": campaign.next_day},
            f"{campaign.name}: Silent Angler, Day {campaign.next_day}")


def the_day(ctx: AppContext, campaign: GameSession[Any]) -> GameSession[Any] | None:
    """The adventure's next Day with the Silent Angler, if a phone started it."""
    day = campaign.state.next_day
    for record in ctx.sessions.open_records(sa.GAME):
        if record.setup.get("campaign") == campaign.id and record.setup.get("day") == day:
            return ctx.sessions.get(record.id)
    return None


def play_the_day(host: Host, campaign: GameSession[Any]) -> None:
    """The adventure's page's *Play Day N*: the Day started (unless a phone started it already) and shown,
    its first roll the next tap (the setup card is on the adventure's page)."""
    def start() -> None:
        if the_day(host.ctx, campaign) is None:
            host.ctx.sessions.create(sa.GAME, *day_setup(campaign.id, campaign.state))
            host.changed("sessions")

    if host.attempt(start):
        host.navigate(journal_route(f"{campaign.id}/angler"))
