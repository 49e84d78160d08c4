"""Lure's page: its dice, and the rules in short."""

from __future__ import annotations

from companion.games.registry import LURE
from companion.ui.screens.dice import GameDiceScreen

HELP = """\
**A round** (Lure rules): *Splash*: reveal 3 fish (2 with 2-3 players). *Cast*: everyone secretly
chooses any number of their dice and lures. *Fish*: players roll in turn, fewest dice first; players
who chose the same number of dice roll together.

**Catching**: a roll catches a fish when it adds up to at least the fish's catch number and meets any
requirement it shows. Rolling together, the lower total gets a fish both could catch; a tie leaves it.
Adjust lures move a die up or down by 1; an Extra Die lure adds its number and counts as a die for
requirements; Boost lures score 2 VP if you catch any fish.

**Special dice**: a special die you rolled rests in front of your screen for one round.

**End**: when the last fish is drawn, finish the round; most VP wins, then fewest fish; still tied,
share the win.

**Your dice are a chosen default.** The rules text does not say how many dice each player has: the
Round part gives each player eight d6 with one d12 and one d20 (the special dice, from the
publisher's description), and these quick pools roll five d6. Match your box at the Round's set-up,
with *Choose dice*, or in your copies of `games/lure/lure.json` and `games/lure/presets.json`.
"""


class LureDiceScreen(GameDiceScreen):
    game_id = LURE.id
    rules_help = ("Lure", HELP)
