"""The pearl boat game's store: what may be bought, for how many pearls, and how often.

Rules text (seed 003, Purchase Cards): "Half-refill (5) fuel card: 2 pearl (Limit 16)",
"Step back (1-3 fuel free moves): 1 pearl/step taken (Limit 8)", "+1 draw from the Chance
Deck: 1 pearl (Limit 10)", "Attack Card Trade-In (Hidden Attack)"; upgrades and attacks "Can
be sold for 2 pearls to shop at any time". Prices, amounts and limits come from
`assets/games/pearl_boat/pearl_boat.json` (the limits are counted for the whole game by
default: the text does not say; see its notes). `rules` applies a purchase to a boat; this
module checks it and works its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import DomainError
from companion.core.words import count

HALF_REFILL, STEP_BACK, EXTRA_DRAW = "half_refill", "step_back", "extra_draw"
ITEMS = (HALF_REFILL, STEP_BACK, EXTRA_DRAW)  # what is bought with pearls and counted against a limit
ITEM_NAMES = {HALF_REFILL: "Half refill", STEP_BACK: "Step back", EXTRA_DRAW: "+1 chance draw"}
# What a limit counts: half refills and draws bought, and steps back taken ("1 pearl/step taken (Limit 8)").
UNITS = {HALF_REFILL: ("half refill", "half refills"), STEP_BACK: ("step back", "steps back"),
         EXTRA_DRAW: ("extra draw", "extra draws")}
GAME, TRIP = "game", "trip"  # what a store limit is counted over
LIMITS_PER = {GAME: "for the whole game", TRIP: "for each trip around the board"}


class PearlBoatError(DomainError):
    """An action the pearl boat rules refuse; the message says why."""


@dataclass(frozen=True)
class StoreItem:
    """One thing the store sells: its price (per step for a step back), the fuel it gives
    (half refill), the most steps a purchase takes (step back) and its limit."""

    id: str
    price: int
    limit: int
    fuel: int = 0
    most_steps: int = 1


def _plural(n: int, one: str, many: str) -> str:
    return count(n, one, many)


def purchase_cost(item: StoreItem, amount: int, pearls: int, bought: int, who: str, limits_per: str = GAME) -> int:
    """The pearls `amount` of `item` cost (steps for a step back, else 1), or PearlBoatError saying
    why it cannot be bought: past the limit, or more than the pearls held."""
    name = ITEM_NAMES[item.id]
    one, many = UNITS[item.id]
    if item.id == STEP_BACK:
        if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= item.most_steps:
            raise PearlBoatError(f"A step back is 1 to {item.most_steps} steps, not {amount!r}.")
    elif amount != 1:
        raise PearlBoatError(f"{name} is bought one at a time.")
    if bought + amount > item.limit:
        left = item.limit - bought
        scope = LIMITS_PER[limits_per]
        more = f"only {_plural(left, one, many)} left" if left > 0 else "none left"
        raise PearlBoatError(f"{who} has bought {_plural(bought, one, many)}: the limit is {item.limit} {scope} "
                             f"({more}).")
    cost = item.price * amount
    if pearls < cost:
        raise PearlBoatError(f"{name} costs {_plural(cost, 'pearl', 'pearls')}; {who} has "
                             f"{_plural(pearls, 'pearl', 'pearls')}.")
    return cost


def refilled(fuel: int, item: StoreItem, tank: int) -> int:
    """The fuel after a half refill: "Half-refill (5) fuel", never past the tank."""
    return min(tank, fuel + item.fuel)
