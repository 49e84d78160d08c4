"""A game's result as every screen shows it: who won and, when players tied for the win, why (the words
the game's scoring gave its winners), then each player's total and every line of it (the end of a game,
its saved play on every phone, and a play in History)."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.core.plays import PlayKind
from companion.core.scoring import PlayerResult, tie_of, winners_words
from companion.ui.components.common import min_width


def result_tile(label: str, result: PlayerResult, key: str | None = None, scored: bool = True,
                kind: PlayKind | None = None) -> ft.Control:
    """One player's total (and rank) above every line of it, read as its game's `kind` counts it ("3 Fatigue
    cards"); with `scored` False (a play logged in BG Stats with its winners only), the rank alone."""
    total = kind.total_words(result.total) if kind is not None else str(result.total)
    return ft.Container(
        padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, key=key,
        content=ft.Column([
            # The name and the total on one line while they fit, else the total under the name (at 200 % text a
            # name kept beside "23 (rank 1)" was broken into "1." above "Ana").
            ft.Row([ft.Text(label, size=18, weight=ft.FontWeight.W_600),
                    ft.Text(f"{total} (rank {result.rank})" if scored else f"rank {result.rank}, no score",
                            size=18, weight=ft.FontWeight.BOLD)],
                   wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, run_spacing=0),
            *[ft.Row([ft.Text(b.rule, size=15, expand=True), min_width(ft.Text(f"x{b.count}", size=15), 40),
                      min_width(ft.Text(str(b.points), size=15, text_align=ft.TextAlign.RIGHT), 36)])
              for b in result.breakdown],
        ], spacing=2, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),  # stretched: the total at the right
    )


def tie_line(winners: Sequence[str], key: str) -> list[ft.Control]:
    """Under the winners' headline: why they won a tie for the win, or share it ("Ana wins the tie: gold
    2-2, black 3-2"), as their game's scoring said it; nothing when no one tied."""
    tie = tie_of(winners)
    return [ft.Text(tie, size=16, key=key)] if tie else []


def standings(results: Sequence[PlayerResult], winners: Sequence[str], key: str = "result",
              kind: PlayKind | None = None) -> list[ft.Control]:
    """The winners (and the words on a tie for the win), then every player in the order they finished, each
    total read as `kind` (its game's) counts it."""
    ranked = sorted(results, key=lambda r: r.rank)
    return [ft.Text(winners_words(winners), size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY,
                    key=f"{key}-winner"),
            *tie_line(winners, f"{key}-tie"),
            *(result_tile(f"{r.rank}. {r.name}", r, key=f"{key}-{i}", kind=kind) for i, r in enumerate(ranked))]
