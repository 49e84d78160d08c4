"""Salmon Run's page: the current die, read for you, and the rules in short."""

from __future__ import annotations

from companion.games.registry import SALMON_RUN
from companion.ui.screens.dice import GameDiceScreen

HELP = """\
**The race** (Salmon Run rules): each turn the current player plays up to 3 cards from a hand of four
and resolves them in order, then draws back to four. Playing 3 Swim cards adds a Fatigue card to your
discard pile; so does every jump over a Waterfall and every meeting with a Bear.

**Currents**: when a Current card is resolved, every salmon moves along its hex's current arrow. On a
hex with two arrows each player rolls the die: **odd, arrow 1; even, arrow 2**. The app reads the
roll for you.

**Winning**: when a salmon reaches the spawning pond, play goes on to the last player's turn. One
salmon in the pond wins; several: fewest Fatigue cards in deck, discard pile and hand; still equal,
a tie.

**Random set-up** (optional rule): roll for the starting board (even S2, odd S1), for each numbered
board and its side (even Easy, odd Medium or Hard), and for the finish board (even F2, odd F1).
"""


class SalmonRunDiceScreen(GameDiceScreen):
    game_id = SALMON_RUN.id
    rules_help = ("Salmon Run", HELP)
