"""The pearl boat game's chance deck: the card a d8 names, and the arithmetic of each card.

Rules text (seed 003): "The player is then allowed to draw 1 card from the chance deck in
accordance to the number they roll on an 8-sided dice." Upgrades 1-3 ("Limit 3: Extras are
used immediately"), curses 4-5 ("Applies on next turn"), attacks 6-8 ("Limit 2: Extras are
used immediately. Cannot hold limit for more than 3 turns"); an attack traded in at the store
becomes a hidden attack. What a card does to a boat is applied by `rules`; this module only
names the cards and works their numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

D8 = 8  # "the number they roll on an 8-sided dice"
UPGRADE, CURSE, ATTACK = "upgrade", "curse", "attack"

ENGINE_REVERSE, ENGINE_UPGRADE, MOVE_CHOICE = "engine_reverse", "engine_upgrade", "move_choice"
FROZEN, LOSE_FUEL = "frozen", "lose_fuel"
SLOW_DOWN, STEAL_FUEL, BLOCK = "slow_down", "steal_fuel", "block"
HIDDEN_ATTACK = "hidden_attack"  # from the store's "Attack Card Trade-In", never drawn


@dataclass(frozen=True)
class Card:
    """One card of the chance deck: the d8 face naming it, its kind and its words in the text."""

    id: str
    face: int | None  # None: not in the deck (the hidden attack)
    kind: str
    name: str
    text: str


CARDS = (
    Card(ENGINE_REVERSE, 1, UPGRADE, "Engine reverse", "1-3 fuel free movements backwards"),
    Card(ENGINE_UPGRADE, 2, UPGRADE, "Engine upgrade", "Roll again to move for free no fuel necessary"),
    Card(MOVE_CHOICE, 3, UPGRADE, "Move choice card", "Move a number of spaces forward/less than 6"),
    Card(FROZEN, 4, CURSE, "Frozen for one turn",
         "can still draw from chance deck and purchase, frozen is null if they have 0 fuel already"),
    Card(LOSE_FUEL, 5, CURSE, "Lose fuel",
         "Player loses 2 fuel, unless they have 0 fuel already. In this instance, player gains 2 fuel instead"),
    Card(SLOW_DOWN, 6, ATTACK, "Slow down another player for 1 turn",
         "opponent takes 1/2 less steps than their roll, ie. 2 if they roll a 4, and 1 if they roll a 3"),
    Card(STEAL_FUEL, 7, ATTACK, "Steal fuel from another player",
         "take 1/2 of their fuel, if the number is odd, round down; you cannot steal more fuel than your "
         "fuel tank capacity can contain"),
    Card(BLOCK, 8, ATTACK, "Block a player behind you",
         "Block a player behind you from passing you before your next turn"),
    Card(HIDDEN_ATTACK, None, ATTACK, "Hidden attack",
         "Traded for an attack card at the store; both players choose net, anchor or hook"),
)
CARD = {c.id: c for c in CARDS}
CARD_NAMES = {c.id: c.name for c in CARDS}
UPGRADES = tuple(c.id for c in CARDS if c.kind == UPGRADE)
CURSES = tuple(c.id for c in CARDS if c.kind == CURSE)
ATTACKS = tuple(c.id for c in CARDS if c.kind == ATTACK)  # the hidden attack included
DRAWN_ATTACKS = (SLOW_DOWN, STEAL_FUEL, BLOCK)
HELD = UPGRADES + ATTACKS  # the cards a boat can hold
TARGETED = (SLOW_DOWN, STEAL_FUEL, BLOCK, HIDDEN_ATTACK)
EFFECTS = {FROZEN: "Frozen", SLOW_DOWN: "Slowed", BLOCK: "Blocked"}  # the cards that leave an effect on a boat


def card_for(roll: int) -> Card:
    """The card a d8 roll draws: 1 Engine reverse ... 8 Block."""
    for card in CARDS:
        if card.face == roll:
            return card
    raise ValueError(f"a d8 shows 1 to 8, not {roll!r}")


def slowed_steps(roll: int) -> int:
    """Slow down: "1/2 less steps than their roll, ie. 2 if they roll a 4, and 1 if they roll a 3 - rounded down"."""
    return roll // 2


def steal_amount(target_fuel: int, own_fuel: int, tank: int) -> int:
    """Steal fuel: half the target's fuel rounded down ("half of 3 is 1"), no more than the thief's
    tank can take ("You: 8 fuel, Player: 10 fuel, you steal, now you have 10 fuel, and player has 8")."""
    return max(0, min(target_fuel // 2, tank - own_fuel))


def fuel_after_lose_fuel(fuel: int, loss: int, tank: int) -> int:
    """Lose fuel: "loses 2 fuel, unless they have 0 fuel already. In this instance, player gains 2
    fuel instead" (never below 0, never past the tank)."""
    if fuel == 0:
        return min(tank, loss)
    return max(0, fuel - loss)


def fuel_after_curses(fuel: int, cards: int, loss: int, tank: int) -> int:
    """The fuel after `cards` Lose fuel cards apply, one after the other (each reads the fuel it finds)."""
    for _ in range(cards):
        fuel = fuel_after_lose_fuel(fuel, loss, tank)
    return fuel


def fuel_change(before: int, after: int) -> str:
    """'loses 2 fuel', 'gains 2 fuel', 'keeps its 2 fuel'."""
    if after < before:
        return f"loses {before - after} fuel"
    if after > before:
        return f"gains {after - before} fuel"
    return f"keeps its {before} fuel"


def hold_or_use(held: int, limit: int) -> bool:
    """Whether a drawn upgrade or attack goes to the hand (True) or is used at once (False:
    "If a player already is holding 3 upgrade cards, any upgrade cards they draw will be
    immediately activated and used")."""
    return held < limit
