"""The pearl boat game's page: the move die and the chance deck's d8, and the rules in short."""

from __future__ import annotations

from companion.games.registry import PEARL_BOAT
from companion.ui.screens.dice import GameDiceScreen

HELP = """\
**Start**: 0 pearls and 10 fuel each; the highest d6 roll goes first (ties roll again).

**A turn**: move by a d6 roll, never further than your fuel allows; take the reward or loss of the
space you stop on (never below 0 pearls). Then you may draw one card from the chance deck by a d8
roll, and buy from the store.

**The chance deck** (d8): 1 Engine reverse, 2 Engine upgrade, 3 Move choice (upgrades, hold at most
3); 4 Frozen, 5 Lose fuel (curses, next turn); 6 Slow down, 7 Steal fuel, 8 Block (attacks, hold at
most 2). The app names the card for the face rolled.

**Winning**: collect three different fish (Salmon 7 pearls, Rainbow Trout 6, Halibut 4, Bass 3,
Carp 2) and return to the fish market.

**Hidden attack**: both players say net, anchor or hook at once: net beats anchor, anchor beats hook,
hook beats net; the same item, choose again. The loser loses 2 pearls.
"""


class PearlBoatDiceScreen(GameDiceScreen):
    game_id = PEARL_BOAT.id
    rules_help = ("The pearl boat game", HELP)
