"""Freshwater Fly's screens: the dice draft, the Strike cards, the end-game scoring, its settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.registry import FRESHWATER_FLY

if TYPE_CHECKING:
    from companion.games.freshwater_fly.options import FlyOptions
    from companion.ui.host import AppContext


def fly_options(ctx: AppContext) -> FlyOptions:
    """Freshwater Fly's settings (Fly Solo plays with the same cards)."""
    return ctx.options(FRESHWATER_FLY.id)
