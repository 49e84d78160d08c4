"""The pearl boat game's state: each boat's ledger, the turn, the hidden duel (its round under way
a kit `Secret`: each duellist's choice seen only on their own phone until both are made).

Rules text (seed 003). The board and the boats stay on the table; the app keeps each boat's
pearls, fuel, cards, fish and effects. The board is not known to the app: a boat's place is
counted in steps from the fish market along its trip.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.table.secrets import Secret
from companion.games.pearl_boat.chance import EFFECTS
from companion.games.pearl_boat.data import PearlBoatData
from companion.games.pearl_boat.store import ITEMS

GAME = "pearl-boat"
# The rules a game was set up with (its set-up's "rules_version", so a journal replays as it was played):
# 1 (no "rules_version": set up before version 2): a Lose fuel drawn changed the fuel at once, and a
# space's reward could be taken before moving; 2: a Lose fuel waits for the boat's next turn ("Chance
# Deck Curses (Applies on next turn)"), and a reward needs a move this turn ("the space they stop on");
# 3: a Frozen drawn while an effect that ends before the boat's next turn is on it (Slowed "for 1 turn",
# Frozen this turn, Blocked "before your next turn") waits for that effect to end, where 2 threw it away;
# a Move choice card is the turn's move with a number chosen instead of rolled: a step per fuel, and no
# Roll to move after it (2: free of fuel, the roll still to make); 4: an upgrade drawn to a full hand and
# used at once is the turn's one upgrade ("the player can only activate one upgrade card per turn"),
# where 3 let a held one be used after it.
EARLIER_RULES, RULES_VERSION = 1, 4
WAITING_FROZEN = 3  # the first rules version of the Frozen that waits and the Move choice that is the move
ONE_UPGRADE_DRAWN = 4  # the first rules version where an upgrade used as it is drawn is the turn's one
ORDER, PLAY, OVER = "order", "play", "over"  # the turn-order roll-off, the race, its end
D6 = 6  # "a 6-sided dice"
MOST_STEPS = 100  # steps to the market or to a blocking boat, as the player counts them
NET, ANCHOR, HOOK = "net", "anchor", "hook"
DUEL_CHOICES = (NET, ANCHOR, HOOK)
DUEL_NAMES = {NET: "Net", ANCHOR: "Anchor", HOOK: "Hook"}
BEATS = {NET: ANCHOR, ANCHOR: HOOK, HOOK: NET}  # "Net beats Anchor, Anchor beats Hook, Hook beats Net"


def duel_winner(first: str, second: str) -> str | None:
    """"first" or "second" by the choices (Net beats Anchor, Anchor beats Hook, Hook beats Net),
    None for the same choice."""
    if first == second:
        return None
    return "first" if BEATS[first] == second else "second"


@dataclass(frozen=True)
class Effect:
    """An effect on a boat ("Only one effect active"): Frozen (from the boat's own draw, for its next
    turn), Slowed (by `by`, for the boat's next turn) or Blocked (by `by`, until `by`'s next turn).
    `since`: the number of the turn it was put on in."""

    kind: str  # FROZEN, SLOW_DOWN or BLOCK
    by: int
    since: int

    @property
    def name(self) -> str:
        return EFFECTS[self.kind]


@dataclass(frozen=True)
class Boat:
    """One boat's ledger. `position`: steps from the fish market along this trip; `stop`: (trip,
    position) where it stopped at the end of its last turn; `trips`: trips completed (deliveries
    at the fish market); `bought`: half refills, steps back and extra draws bought (store limits);
    `full_turns`: its turns ended in a row holding the full limit of attack cards; `fuel_curses`: the
    Lose fuel cards it drew, waiting for its next turn ("Applies on next turn"); `frozen_waiting`: a
    Frozen it drew while another effect was on it, put on once that effect ends (rules version 3)."""

    name: str
    pearls: int
    fuel: int
    upgrades: tuple[str, ...] = ()
    attacks: tuple[str, ...] = ()
    on_board: tuple[str, ...] = ()
    delivered: tuple[str, ...] = ()
    in_transit: tuple[str, ...] = ()
    trips: int = 0
    position: int = 0
    stop: tuple[int, int] | None = None
    at_market: bool = False
    effect: Effect | None = None
    bought: tuple[int, ...] = (0,) * len(ITEMS)
    full_turns: int = 0
    fuel_curses: int = 0
    frozen_waiting: bool = False

    @property
    def cards(self) -> tuple[str, ...]:
        return self.upgrades + self.attacks

    @property
    def different_fish(self) -> int:
        return len(set(self.delivered))

    def bought_of(self, item: str) -> int:
        return self.bought[ITEMS.index(item)]


@dataclass(frozen=True)
class Turn:
    """The current boat's turn so far (`number`: the game's turn count, from 1)."""

    seat: int
    number: int
    rolled: bool = False  # its d6 move made
    moved: bool = False  # it moved (any way) this turn
    rewarded: bool = False
    draws: int = 0
    extra_draws: int = 0
    upgrade_used: bool = False
    dropped_off: bool = False
    delivered: bool = False


@dataclass(frozen=True)
class DuelRound:
    """One revealed round of a hidden duel; `winner` None: the same choice, choose again."""

    attacker: str
    defender: str

    @property
    def winner(self) -> str | None:
        return duel_winner(self.attacker, self.defender)


@dataclass(frozen=True)
class Duel:
    """A hidden duel between `attacker` and `defender`: the rounds revealed (the round under way
    is the state's secret `choices`), and once decided the winner and what was paid."""

    attacker: int
    defender: int
    rounds: tuple[DuelRound, ...] = ()
    winner: int | None = None
    loser: int | None = None
    paid: int = 0
    turn: int = 0  # the game's turn it was fought in (its reveal is shown until that turn ends; 0: not known)


@dataclass(frozen=True)
class Offer:
    """A barter offered: `seat` sells `card` to `buyer` for `pearls`, once the buyer accepts on their phone."""

    seat: int
    buyer: int
    card: str
    pearls: int


@dataclass(frozen=True)
class PearlBoatState:
    boats: tuple[Boat, ...]
    data: PearlBoatData = field(repr=False)
    phase: str = ORDER
    groups: tuple[tuple[int, ...], ...] = ()  # the turn order so far: tied seats together, in order
    rolloffs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()  # (seats, their rolls), in order
    turn: Turn | None = None
    turns: int = 0
    duel: Duel | None = None  # a duel under way
    last_duel: Duel | None = None  # the last duel decided
    winner: int | None = None
    notice: str = ""  # what the rules did by themselves in the last turn action (a card discarded...)
    ids: tuple[str, ...] = ()  # each seat's roster player ("" where the set-up named only players)
    choices: Secret[str] = field(default_factory=Secret)  # a duel's round under way, or the last one revealed
    rules_version: int = RULES_VERSION  # the set-up's (EARLIER_RULES for a game set up before version 2)
    offer: Offer | None = None  # a barter waiting for its buyer's answer

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boats)

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in turn order (complete once every tie is rolled off)."""
        return tuple(seat for group in self.groups for seat in group)

    @property
    def current(self) -> int | None:
        return self.turn.seat if self.turn is not None else None

    @property
    def round(self) -> int:
        """Rounds of the table begun (1 in the first boats' turns)."""
        return 0 if self.turns == 0 else 1 + (self.turns - 1) // len(self.boats)

    @property
    def over(self) -> bool:
        return self.phase == OVER
