"""Salmon Run's rules in words: the special hexes (what each does to a salmon's deck), the counters
and a turn's rules, as the rules help and the screens say them (rules text: seed 002)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.salmon_run.river import (
    BEAR,
    CURRENT,
    DOUBLE_FORWARD,
    DOUBLE_LEFT,
    DOUBLE_RIGHT,
    EAGLE,
    FORWARD,
    LEFT,
    RAPIDS,
    RIGHT,
    WILD,
)

# Special hexes a salmon moves onto (or jumps over, for a Waterfall with an icon) ----------------
BEAR_HEX, EAGLE_HEX, WILD_HEX, CURRENT_HEX, RAPIDS_HEX = "bear", "eagle", "wild", "current", "rapids"
CURRENT_OR_RAPIDS_HEX, SWIM_HEX, DOUBLE_SWIM_HEX = "current_or_rapids", "swim", "double_swim"
FATIGUE_HEX, DRAW_HEX, REEDS_HEX, REEDS_TWO_HEX = "fatigue", "draw", "reeds", "reeds_two"
ROCK_HEX, WATERFALL_HEX = "rock", "waterfall"
# The cards each card-giving hex offers, from the supplemental piles.
HEX_CARDS = {BEAR_HEX: (BEAR,), EAGLE_HEX: (EAGLE,), WILD_HEX: (WILD,), CURRENT_HEX: (CURRENT,),
             RAPIDS_HEX: (RAPIDS,), CURRENT_OR_RAPIDS_HEX: (CURRENT, RAPIDS), SWIM_HEX: (FORWARD, LEFT, RIGHT),
             DOUBLE_SWIM_HEX: (DOUBLE_FORWARD, DOUBLE_LEFT, DOUBLE_RIGHT)}
REEDS_ICONS = {REEDS_HEX: 1, REEDS_TWO_HEX: 2}
HEXES = (*HEX_CARDS, FATIGUE_HEX, DRAW_HEX, REEDS_HEX, REEDS_TWO_HEX)  # what the "hex" action takes


@dataclass(frozen=True)
class HexRule:
    """A special hex and its effect in one line (rules: Special hexes and the hex legend)."""

    id: str
    name: str
    effect: str


SPECIAL_HEXES = (
    HexRule(BEAR_HEX, "Bear (paw print)", "Add a Bear card from the supplemental pile to your discard pile."),
    HexRule(EAGLE_HEX, "Eagle", "Add an Eagle card from the supplemental pile to your discard pile."),
    HexRule(WILD_HEX, "Wild", "Add a Wild card from the supplemental pile to your discard pile."),
    HexRule(CURRENT_HEX, "Current", "Add a Current card from the supplemental pile to your discard pile."),
    HexRule(RAPIDS_HEX, "Rapids", "Add a Rapids card from the supplemental pile to your discard pile."),
    HexRule(CURRENT_OR_RAPIDS_HEX, "Current or Rapids", "Add a Current card or a Rapids card (your choice)."),
    HexRule(SWIM_HEX, "Swim", "Add the Swim Forward, Left or Right card of your choice from what the pile has."),
    HexRule(DOUBLE_SWIM_HEX, "Double Swim",
            "Add the Double Swim Forward, Left or Right card of your choice from what the pile has."),
    HexRule(FATIGUE_HEX, "Fatigue", "Add a Fatigue card to your discard pile."),
    HexRule(DRAW_HEX, "Draw +1", "Draw the top card of your Swim Deck (reshuffle your discard pile if it is empty)."),
    HexRule(REEDS_HEX, "Reeds", "Remove any card from your hand, Swim Deck or discard pile (then reshuffle the deck)."),
    HexRule(REEDS_TWO_HEX, "Reeds (two icons)", "Remove up to two cards from your hand, Swim Deck or discard pile."),
    HexRule(ROCK_HEX, "Rock", "An obstacle: salmon may not swim through, land on or jump over it; Bears may."),
    HexRule(WATERFALL_HEX, "Waterfall",
            "An obstacle: salmon must jump over it (an icon on it still counts); Bears may enter it."),
)
HEX_NAMES = {h.id: h.name for h in SPECIAL_HEXES}

# "COUNTERING CARDS": (card played, what counters it); None: nothing does.
COUNTERS = ((CURRENT, CURRENT), (RAPIDS, RAPIDS), (EAGLE, EAGLE), (BEAR, None))
COUNTER_LINES = ("A Current card counters the Current card.", "A Rapids card counters the Rapids card.",
                 "An Eagle card counters an Eagle card.", "There is no counter to the Bear.",
                 "Only the player who discards the countering card is spared; it does not count as a card play.")
TURN_RULES = (
    "Play up to 3 cards, resolved one at a time in the order played.",
    "Playing 3 Swim cards adds a Fatigue card to your discard pile.",
    "Each jump (two Swim cards combined) adds a Fatigue card to your discard pile.",
    "A Bear on your salmon's hex adds a Fatigue card to your discard pile.",
    "Playing only Fatigue cards returns one of them to the Fatigue Deck.",
    "At the end of your own turn, draw up to four cards or discard down to four.",
)
