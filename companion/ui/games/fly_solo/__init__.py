"""Fly Solo's screens: the adventures, an adventure's page, recording a Day, the Silent Angler assistant."""

from __future__ import annotations

from companion.games.registry import FLY_SOLO
from companion.ui.routes import game_route


def journal_route(arg: str | None = None) -> str:
    """`/games/fly-solo/journal[/<adventure>[/record|/angler]]`."""
    return game_route(FLY_SOLO, "journal", arg)
