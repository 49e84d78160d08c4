"""The pearl boat game's banker and referee: turn order, each boat's ledger, the chance deck,
the store, the hidden duel and the race for three different fish.

Rules text (seed 003). The board and the boats stay on the table; the app keeps each boat's
pearls, fuel, cards, fish and effects, refuses what the text forbids and works the arithmetic.
Every random outcome (the d6 for turn order and moves, the d8 for the chance deck) is in the
action's data: the screen rolls it with its rng, or the player enters the roll of real dice.

A turn, for the current boat: "move" (the d6; never further than the fuel), "reward" (the
value printed on the space it stopped on), "catch" / "drop_off" / "deliver" (the fish), "draw"
(the d8; once, plus draws bought), "use" (a held card), "buy" / "trade" (the store), "end".
At any time: "sell" and "discard" a held card, "barter" a card between two boats. A hidden
attack against a boat holding one starts a duel: each of the two boats "duel_choose"s in
secret, on its own phone, and the second choice reveals both.

The board is not known to the app: a boat's place is counted in steps from the fish market
along its trip, the player says how many steps are left to the market (so it cannot be
overshot) and, for a blocked boat, to the boat blocking it. Readings where the text is
informal are values of `assets/games/pearl_boat/pearl_boat.json` (see its notes); the others
are said where they are used.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.actions import Action, Footprint
from companion.core.assets import AssetError
from companion.games.pearl_boat.chance import (
    BLOCK,
    CARD_NAMES,
    CURSES,
    D8,
    DRAWN_ATTACKS,
    EFFECTS,
    ENGINE_REVERSE,
    ENGINE_UPGRADE,
    FROZEN,
    HELD,
    HIDDEN_ATTACK,
    LOSE_FUEL,
    MOVE_CHOICE,
    SLOW_DOWN,
    STEAL_FUEL,
    TARGETED,
    UPGRADES,
    card_for,
    fuel_after_lose_fuel,
    hold_or_use,
    slowed_steps,
    steal_amount,
)
from companion.games.pearl_boat.data import (  # noqa: F401  (the data's names, read through the rules too)
    MOST,
    WIN_FISH,
    Fish,
    PearlBoatData,
    default_data,
    parse_data,
)
from companion.games.pearl_boat.scoring import (  # noqa: F401  (to_play, GAME_NAME: for History)
    GAME_NAME,
    GameNotOver,
    entry_of,
    score_state,
    to_play,
)
from companion.games.pearl_boat.store import (
    EXTRA_DRAW,
    HALF_REFILL,
    ITEM_NAMES,
    ITEMS,
    LIMITS_PER,
    STEP_BACK,
    PearlBoatError,
    purchase_cost,
    refilled,
)
from companion.games.pearl_boat.store import (
    TRIP as PER_TRIP,
)

GAME = "pearl-boat"
ORDER, PLAY, OVER = "order", "play", "over"  # the turn-order roll-off, the race, its end
D6 = 6  # "a 6-sided dice"
MAX_NAME = 20
MOST_STEPS = 100  # steps to the market or to a blocking boat, as the player counts them
NET, ANCHOR, HOOK = "net", "anchor", "hook"
DUEL_CHOICES = (NET, ANCHOR, HOOK)
DUEL_NAMES = {NET: "Net", ANCHOR: "Anchor", HOOK: "Hook"}
BEATS = {NET: ANCHOR, ANCHOR: HOOK, HOOK: NET}  # "Net beats Anchor, Anchor beats Hook, Hook beats Net"


# State -------------------------------------------------------------------------------------------


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
    `full_turns`: its turns ended in a row holding the full limit of attack cards."""

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
    """A hidden duel between `attacker` and `defender`: the rounds revealed, the choices of the
    round under way (secret until both are made), and once decided the winner and what was paid."""

    attacker: int
    defender: int
    rounds: tuple[DuelRound, ...] = ()
    attacker_choice: str | None = None
    defender_choice: str | None = None
    winner: int | None = None
    loser: int | None = None
    paid: int = 0


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


# Reading the state (for the screen too) ----------------------------------------------------------


def duel_winner(first: str, second: str) -> str | None:
    """"first" or "second" by the choices (Net beats Anchor, Anchor beats Hook, Hook beats Net),
    None for the same choice."""
    if first == second:
        return None
    return "first" if BEATS[first] == second else "second"


def rolloff_seats(state: PearlBoatState) -> tuple[int, ...]:
    """The seats that roll next for the turn order (every seat first, then each tie in turn); ()
    once the order is clear."""
    return next((g for g in state.groups if len(g) > 1), ())


def capacity(state: PearlBoatState, seat: int) -> int:
    """The fish the boat carries: the base, +1 while it holds 2 or more upgrade cards."""
    d = state.data
    boat = state.boats[seat]
    return d.base_capacity + (d.expansion_fish if len(boat.upgrades) >= d.expansion_upgrades else 0)


def has_expansion(state: PearlBoatState, seat: int) -> bool:
    return len(state.boats[seat].upgrades) >= state.data.expansion_upgrades


def effect_of(state: PearlBoatState, seat: int) -> Effect | None:
    """The effect active on the boat, if any."""
    return state.boats[seat].effect


def _effect_now(state: PearlBoatState, seat: int, kind: str) -> bool:
    effect = state.boats[seat].effect
    turn = state.turn
    if effect is None or effect.kind != kind:
        return False
    if kind == BLOCK:
        return True
    return turn is not None and turn.seat == seat and effect.since < turn.number


def frozen_now(state: PearlBoatState, seat: int) -> bool:
    """Frozen in this turn of its own (a Frozen drawn this turn applies on the next one)."""
    return _effect_now(state, seat, FROZEN)


def slowed_now(state: PearlBoatState, seat: int) -> bool:
    return _effect_now(state, seat, SLOW_DOWN)


def blocked_by(state: PearlBoatState, seat: int) -> int | None:
    effect = state.boats[seat].effect
    return effect.by if effect is not None and effect.kind == BLOCK else None


def move_steps(state: PearlBoatState, seat: int, roll: int, to_market: int | None = None,
               to_blocker: int | None = None, free: bool = False) -> int:
    """The steps a d6 roll moves the boat: halved (rounded down) when slowed, never more than the
    fuel (unless `free`: an Engine upgrade), no further than the boat blocking it, no further than
    the fish market."""
    boat = state.boats[seat]
    steps = slowed_steps(roll) if slowed_now(state, seat) else roll
    if not free:
        steps = min(steps, boat.fuel)
    if to_blocker is not None and blocked_by(state, seat) is not None:
        steps = min(steps, to_blocker)
    if to_market is not None:
        steps = min(steps, to_market)
    return max(0, steps)


def can_roll_to_move(state: PearlBoatState, seat: int) -> bool:
    """Whether its d6 move is still to make this turn (not frozen, some fuel, not at the market)."""
    turn = state.turn
    boat = state.boats[seat]
    return (state.phase == PLAY and state.duel is None and turn is not None and turn.seat == seat
            and not turn.rolled and not frozen_now(state, seat) and boat.fuel > 0 and not boat.at_market)


def draws_left(state: PearlBoatState, seat: int) -> int:
    turn = state.turn
    if turn is None or turn.seat != seat:
        return 0
    return 1 + turn.extra_draws - turn.draws


def must_discard(state: PearlBoatState, seat: int) -> bool:
    """Held the full limit of attack cards for more than its turns: one must go before the turn ends."""
    d = state.data
    boat = state.boats[seat]
    return d.attack_limit > 0 and len(boat.attacks) >= d.attack_limit and boat.full_turns >= d.attack_hold_turns


def draw_needs(state: PearlBoatState, seat: int, roll: int) -> tuple[str, ...]:
    """What a draw of `roll` must carry because the card will be used at once (the hand is full):
    ("steps",) for Engine reverse and Move choice, ("move_roll",) for Engine upgrade, ("target",)
    for an attack; () when the card goes to the hand or acts by itself."""
    card = card_for(roll).id
    boat = state.boats[seat]
    if card in UPGRADES and not hold_or_use(len(boat.upgrades), state.data.upgrade_limit):
        return ("move_roll",) if card == ENGINE_UPGRADE else ("steps",)
    if card in DRAWN_ATTACKS and not hold_or_use(len(boat.attacks), state.data.attack_limit):
        return ("target",)
    return ()


def store_left(state: PearlBoatState, seat: int, item: str) -> int:
    """How many more of `item` (steps for a step back) the boat may still buy."""
    return state.data.item(item).limit - state.boats[seat].bought_of(item)


def duel_choice_of(state: PearlBoatState, seat: int) -> str | None:
    """`seat`'s choice in the round of the duel under way (show it only on that seat's phone), None
    when it has not chosen or there is no duel."""
    duel = state.duel
    if duel is None:
        return None
    if seat == duel.attacker:
        return duel.attacker_choice
    if seat == duel.defender:
        return duel.defender_choice
    return None


def duel_waiting_for(state: PearlBoatState) -> tuple[int, ...]:
    """The duellists still to choose in this round (safe to show to everyone)."""
    duel = state.duel
    if duel is None:
        return ()
    return tuple(s for s, c in ((duel.attacker, duel.attacker_choice), (duel.defender, duel.defender_choice))
                 if c is None)


def duel_revealed(state: PearlBoatState) -> tuple[DuelRound, ...]:
    """The rounds revealed: of the duel under way (its tied rounds), else of the last duel decided."""
    duel = state.duel if state.duel is not None else state.last_duel
    return duel.rounds if duel is not None else ()


# Set-up ------------------------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_players(players: Any, data: PearlBoatData) -> tuple[Boat, ...]:
    """Names ("Ana" or {"name": "Ana"}) in seat order, each once."""
    least, most = data.least_players, data.most_players
    if not isinstance(players, list) or not least <= len(players) <= most:
        count = len(players) if isinstance(players, list) else 0
        raise PearlBoatError(f"The pearl boat game is played by {least} to {most} players here, not {count}.")
    boats: list[Boat] = []
    for player in players:
        name = player.get("name") if isinstance(player, Mapping) else player
        if not isinstance(name, str) or not name.strip():
            raise PearlBoatError("Each boat needs its player's name.")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise PearlBoatError(f"Names can be at most {MAX_NAME} characters; {name!r} has {len(name)}.")
        if any(b.name.casefold() == name.casefold() for b in boats):
            raise PearlBoatError(f"Two players are called {name}: each player plays once.")
        boats.append(Boat(name, data.start_pearls, data.start_fuel))
    return tuple(boats)


def read_rules(raw: Any) -> PearlBoatData:
    """The values a game was set up with (the data file's, by default)."""
    if raw is None:
        return default_data()
    try:
        return parse_data(plain_copy(raw), "rules")
    except AssetError as exc:
        raise PearlBoatError(f"The game's rules values do not fit: {exc}") from None


def plain_copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): plain_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_copy(v) for v in value]
    return value


def setup_for(names: Sequence[str], data: PearlBoatData | None = None, limits_per: str | None = None
              ) -> dict[str, Any]:
    """A complete set-up: the names in seat order and the data file's values written in (so the game
    replays the same if the file changes later). `limits_per`: "game" (the default) or "trip"."""
    data = data or default_data()
    rules = data.to_dict()
    if limits_per is not None:
        if limits_per not in LIMITS_PER:
            raise PearlBoatError(f"Store limits are counted per {' or per '.join(LIMITS_PER)}, not {limits_per!r}.")
        rules["limits_per"] = limits_per
    return {"players": [{"name": n} for n in names], "rules": rules}


# Applying actions ---------------------------------------------------------------------------------


def _seat(state: PearlBoatState, data: Mapping[str, Any], key: str = "seat") -> int:
    seat = data.get(key)
    if not _whole(seat) or not 0 <= seat < len(state.boats):
        raise PearlBoatError(f"There is no boat {seat!r} at this table.")
    return seat


def _set(state: PearlBoatState, seat: int, **changes: Any) -> PearlBoatState:
    boats = list(state.boats)
    boats[seat] = replace(boats[seat], **changes)
    return replace(state, boats=tuple(boats))


def _set_turn(state: PearlBoatState, **changes: Any) -> PearlBoatState:
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def _playing(state: PearlBoatState) -> None:
    if state.phase == ORDER:
        raise PearlBoatError("Roll for the turn order first.")
    if state.phase == OVER:
        raise PearlBoatError(f"The game is over: {state.names[state.winner]} won." if state.winner is not None
                             else "The game is over.")


def _own_turn(state: PearlBoatState, data: Mapping[str, Any], what: str) -> int:
    seat = _seat(state, data)
    _playing(state)
    assert state.turn is not None
    if state.turn.seat != seat:
        raise PearlBoatError(f"It is {state.names[state.turn.seat]}'s turn: {state.names[seat]} cannot {what} now.")
    if state.duel is not None:
        raise PearlBoatError("A hidden duel is under way: both boats choose first.")
    return seat


def _held(card: Any) -> str:
    if card not in HELD:
        raise PearlBoatError(f"There is no card {card!r} to hold in the pearl boat game.")
    return card


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _remove_card(state: PearlBoatState, seat: int, card: Any, what: str) -> PearlBoatState:
    card = _held(card)
    boat = state.boats[seat]
    if card not in boat.cards:
        raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card to {what}.")
    if card in UPGRADES:
        return _set(state, seat, upgrades=_without(boat.upgrades, card))
    return _set(state, seat, attacks=_without(boat.attacks, card))


def _add_card(state: PearlBoatState, seat: int, card: str) -> PearlBoatState:
    boat = state.boats[seat]
    if card in UPGRADES:
        return _set(state, seat, upgrades=(*boat.upgrades, card))
    return _set(state, seat, attacks=(*boat.attacks, card))


def _room_for(state: PearlBoatState, seat: int, card: str) -> bool:
    boat = state.boats[seat]
    if card in UPGRADES:
        return hold_or_use(len(boat.upgrades), state.data.upgrade_limit)
    return hold_or_use(len(boat.attacks), state.data.attack_limit)


def _pay(state: PearlBoatState, seat: int, pearls: int) -> PearlBoatState:
    """Pearls gained or lost; never below 0 ("they remain at 0 Pearls")."""
    return _set(state, seat, pearls=max(0, state.boats[seat].pearls + pearls))


def _fish_value(state: PearlBoatState, fish: Sequence[str]) -> int:
    if not state.data.pay_on_delivery:
        return 0
    values = {f.id: f.pearls for f in state.data.fish}
    return sum(values.get(f, 0) for f in fish)


# Turn order ------------------------------------------------------------------------------------


def _order(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    if state.phase != ORDER:
        raise PearlBoatError("The turn order is already settled.")
    seats = rolloff_seats(state)
    if data.get("seats") != list(seats):
        who = ", ".join(state.names[s] for s in seats)
        raise PearlBoatError(f"The next turn-order roll is for {who}.")
    rolls = data.get("rolls")
    if not isinstance(rolls, list) or len(rolls) != len(seats):
        raise PearlBoatError(f"Each of the {len(seats)} boats rolling rolls one d6.")
    for roll in rolls:
        if not _whole(roll) or not 1 <= roll <= D6:
            raise PearlBoatError(f"A d6 shows 1 to {D6}, not {roll!r}.")
    # "whoever rolls the highest number ... goes first, and players follow ... according to the
    # number that they rolled themselves. Any players that roll the same number ... must re-roll".
    split = tuple(tuple(s for s, r in zip(seats, rolls) if r == value) for value in sorted(set(rolls), reverse=True))
    i = state.groups.index(seats)
    groups = state.groups[:i] + split + state.groups[i + 1:]
    state = replace(state, groups=groups, rolloffs=(*state.rolloffs, (tuple(seats), tuple(rolls))))
    if any(len(g) > 1 for g in groups):
        return state
    return _begin(replace(state, phase=PLAY), state.order[0])


def _begin(state: PearlBoatState, seat: int) -> PearlBoatState:
    """`seat`'s turn begins: blocks it put on end ("before your next turn"); fish it dropped off
    arrive at the fish market ("it will take one turn for the delivery to arrive")."""
    number = state.turns + 1
    boats = tuple(replace(b, effect=None) if b.effect is not None and b.effect.kind == BLOCK and b.effect.by == seat
                  else b for b in state.boats)
    state = replace(state, boats=boats, turn=Turn(seat, number), turns=number)
    boat = state.boats[seat]
    if boat.in_transit:
        state = _set(state, seat, delivered=(*boat.delivered, *boat.in_transit), in_transit=())
        state = _pay(state, seat, _fish_value(state, boat.in_transit))
    return state


# Moving ------------------------------------------------------------------------------------------


def _optional_steps(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not _whole(value) or not 0 <= value <= MOST_STEPS:
        what = "the fish market" if key == "to_market" else "the boat blocking you"
        raise PearlBoatError(f"The steps to {what} are 0 to {MOST_STEPS}, not {value!r}.")
    return value


def _roll(value: Any, what: str = "A d6") -> int:
    if not _whole(value) or not 1 <= value <= D6:
        raise PearlBoatError(f"{what} shows 1 to {D6}, not {value!r}.")
    return value


def _forward(state: PearlBoatState, seat: int, steps: int, to_market: int | None, fuel: int) -> PearlBoatState:
    """Move forward `steps` (already capped), spending `fuel`; reaching the market sets the boat on it
    ("as long as the player moves past or lands on the fish market, the player will be set on the fish
    market spot")."""
    boat = state.boats[seat]
    at_market = to_market is not None and steps >= to_market
    state = _set(state, seat, position=boat.position + steps, fuel=boat.fuel - fuel, at_market=at_market)
    return _set_turn(state, moved=True)


def _not_at_market(state: PearlBoatState, seat: int) -> None:
    if state.boats[seat].at_market:
        raise PearlBoatError(f"{state.names[seat]} is at the fish market: deliver the fish first (the next trip "
                             f"begins there).")


def _move(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "move")
    assert state.turn is not None
    boat = state.boats[seat]
    if state.turn.rolled:
        raise PearlBoatError(f"{boat.name} has already rolled to move this turn.")
    if frozen_now(state, seat):
        raise PearlBoatError(f"{boat.name} is frozen this turn: no move (drawing and buying are still allowed).")
    if boat.fuel <= 0:
        raise PearlBoatError(f"{boat.name} has no fuel: buy fuel or skip the turn.")
    _not_at_market(state, seat)
    roll = _roll(data.get("roll"))
    to_market = _optional_steps(data, "to_market")
    steps = move_steps(state, seat, roll, to_market, _optional_steps(data, "to_blocker"))
    state = _forward(state, seat, steps, to_market, fuel=steps)  # "fuel spent per step"
    return _set_turn(state, rolled=True)


def _back(state: PearlBoatState, seat: int, steps: Any, most: int, what: str) -> PearlBoatState:
    boat = state.boats[seat]
    if not _whole(steps) or not 1 <= steps <= most:
        raise PearlBoatError(f"{what} takes 1 to {most} steps back, not {steps!r}.")
    if steps > boat.position:
        raise PearlBoatError(f"{boat.name} is {boat.position} step{'s' if boat.position != 1 else ''} into the "
                             f"trip: it cannot go back {steps}.")
    state = _set(state, seat, position=boat.position - steps, at_market=False)
    return _set_turn(state, moved=True)


# The chance deck and the cards ----------------------------------------------------------------


class Unusable(PearlBoatError):
    """A card that cannot be used now: refused when chosen, discarded when drawn past the limit."""


def _target(state: PearlBoatState, seat: int, data: Mapping[str, Any], card: str) -> int:
    target = data.get("target")
    if target is None:
        raise Unusable(f"{CARD_NAMES[card]} needs a boat to target.")
    if not _whole(target) or not 0 <= target < len(state.boats):
        raise PearlBoatError(f"There is no boat {target!r} at this table.")
    if target == seat:
        raise PearlBoatError(f"{CARD_NAMES[card]} is used on another boat, not on {state.names[seat]}'s own.")
    return target


def _put_effect(state: PearlBoatState, target: int, kind: str, by: int) -> PearlBoatState:
    boat = state.boats[target]
    if boat.effect is not None:
        # "If an effect is already active on a player, another effect cannot be activated in addition to it."
        raise Unusable(f"{boat.name} is already {boat.effect.name.lower()}: a second effect cannot be added.")
    assert state.turn is not None
    return _set(state, target, effect=Effect(kind, by, state.turn.number))


def _card_effect(state: PearlBoatState, seat: int, card: str, data: Mapping[str, Any]) -> PearlBoatState:
    """What `card` does when `seat` uses it (raises Unusable when it cannot be used now)."""
    boat = state.boats[seat]
    d = state.data
    if card == ENGINE_REVERSE:
        if boat.position == 0:
            raise Unusable(f"{boat.name} is at the start of its trip: there is no space behind to reverse to.")
        return _back(state, seat, data.get("steps"), d.reverse_steps, "Engine reverse")
    if card in (ENGINE_UPGRADE, MOVE_CHOICE) and boat.at_market:
        raise Unusable(f"{boat.name} is at the fish market: it cannot move on before its delivery.")
    if card == ENGINE_UPGRADE:
        if frozen_now(state, seat):
            raise Unusable(f"{boat.name} is frozen this turn: the Engine upgrade cannot move it.")
        roll = _roll(data.get("move_roll"), "The Engine upgrade's d6")
        to_market = _optional_steps(data, "to_market")
        steps = move_steps(state, seat, roll, to_market, _optional_steps(data, "to_blocker"), free=True)
        return _forward(state, seat, steps, to_market, fuel=0)  # "Roll again to move for free"
    if card == MOVE_CHOICE:
        steps = data.get("steps")
        if not _whole(steps) or not 1 <= steps <= d.move_choice_steps:
            raise PearlBoatError(f"Move choice moves 1 to {d.move_choice_steps} spaces forward, not {steps!r}.")
        to_market = _optional_steps(data, "to_market")
        # Chosen steps: "Active effects do not influence non-RNG determined movements."
        return _forward(state, seat, steps if to_market is None else min(steps, to_market), to_market, fuel=0)
    target = _target(state, seat, data, card)
    other = state.boats[target]
    if card == STEAL_FUEL:
        if other.fuel == 0:
            raise Unusable(f"{other.name}'s tank is empty: there is no fuel to steal.")
        if boat.fuel >= d.tank:
            raise Unusable(f"{boat.name}'s tank is full: it cannot take stolen fuel.")
        amount = steal_amount(other.fuel, boat.fuel, d.tank)
        if amount == 0:
            raise Unusable(f"{other.name} has 1 fuel: half of it, rounded down, is nothing to steal.")
        state = _set(state, target, fuel=other.fuel - amount)
        return _set(state, seat, fuel=boat.fuel + amount)
    if card in (SLOW_DOWN, BLOCK):
        return _put_effect(state, target, card, seat)
    # The hidden attack: a duel if the target holds one, else "nothing will occur".
    if HIDDEN_ATTACK not in other.attacks:
        raise Unusable(f"{other.name} holds no hidden attack: nothing happens.")
    return replace(state, duel=Duel(seat, target))


def _draw(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "draw from the chance deck")
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    roll = data.get("roll")
    if not _whole(roll) or not 1 <= roll <= D8:
        raise PearlBoatError(f"The chance deck's d8 shows 1 to {D8}, not {roll!r}.")
    if draws_left(state, seat) <= 0:
        raise PearlBoatError(f"{boat.name} has drawn {turn.draws} card{'s' if turn.draws != 1 else ''} this turn: "
                             f"buy a +1 draw at the store to draw again.")
    if not turn.moved and can_roll_to_move(state, seat):
        raise PearlBoatError(f"{boat.name} draws after moving: roll to move first.")
    card = card_for(roll)
    state = _set_turn(state, draws=turn.draws + 1)
    name = card.name
    if card.id in CURSES:
        # "Chance Deck Curses (Applies on next turn)"
        if card.id == LOSE_FUEL:
            fuel = fuel_after_lose_fuel(boat.fuel, state.data.lose_fuel, state.data.tank)
            change = f"gains {fuel - boat.fuel} fuel (it had none)" if boat.fuel == 0 else f"loses {boat.fuel - fuel} fuel"
            return replace(_set(state, seat, fuel=fuel), notice=f"{name}: {boat.name} {change}.")
        if boat.fuel == 0:
            return replace(state, notice=f"{name} is null: {boat.name} has 0 fuel already.")
        try:
            state = _put_effect(state, seat, FROZEN, seat)
        except Unusable as exc:
            return replace(state, notice=f"{name} is discarded: {exc}")
        return replace(state, notice=f"{boat.name} is frozen on the next turn.")
    if _room_for(state, seat, card.id):
        return replace(_add_card(state, seat, card.id), notice=f"{boat.name} holds {name}.")
    # "any upgrade cards they draw will be immediately activated and used"; the same for attacks.
    # "If ... the effects of the card cannot be utilised ... your card will be automatically discarded."
    try:
        state = _card_effect(state, seat, card.id, data)
    except Unusable as exc:
        return replace(state, notice=f"{name} is discarded: {exc}")
    return replace(state, notice=f"{name} is used at once (the hand is full).")


def _use(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "use a card")
    turn = state.turn
    assert turn is not None
    card = _held(data.get("card"))
    boat = state.boats[seat]
    if card not in boat.cards:
        raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card.")
    if card in UPGRADES and turn.upgrade_used:
        raise PearlBoatError(f"{boat.name} has used an upgrade card this turn: one upgrade a turn.")
    if card in TARGETED and data.get("target") is None:
        raise PearlBoatError(f"{CARD_NAMES[card]}: say which boat it is used on.")
    if card == HIDDEN_ATTACK:
        target = _target(state, seat, data, card)
        if HIDDEN_ATTACK not in state.boats[target].attacks:
            # "If a player with a hidden attack tries to attack someone without it, nothing will occur."
            return replace(state, notice=f"{state.names[target]} holds no hidden attack: nothing happens.")
    state = _card_effect(state, seat, card, data)
    state = _remove_card(state, seat, card, "use")
    if card in UPGRADES:
        state = _set_turn(state, upgrade_used=True)
    return replace(state, notice="")


def _duel_choose(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _seat(state, data)
    duel = state.duel
    if duel is None:
        raise PearlBoatError("There is no hidden duel to choose in.")
    if seat not in (duel.attacker, duel.defender):
        raise PearlBoatError(f"{state.names[seat]} is not in the hidden duel.")
    choice = data.get("choice")
    if choice not in DUEL_CHOICES:
        raise PearlBoatError(f"Choose net, anchor or hook, not {choice!r}.")
    if duel_choice_of(state, seat) is not None:
        raise PearlBoatError(f"{state.names[seat]} has already chosen this round.")
    duel = replace(duel, attacker_choice=choice) if seat == duel.attacker else replace(duel, defender_choice=choice)
    if duel.attacker_choice is None or duel.defender_choice is None:
        return replace(state, duel=duel)
    # Both chose: revealed at once. "If both players choose the same item, they must announce
    # their new choices until there is a clear victor. The loser from this battle loses 2 pearls."
    shown = DuelRound(duel.attacker_choice, duel.defender_choice)
    duel = replace(duel, rounds=(*duel.rounds, shown), attacker_choice=None, defender_choice=None)
    a, b = state.names[duel.attacker], state.names[duel.defender]
    said = f"{a} {DUEL_NAMES[shown.attacker]}, {b} {DUEL_NAMES[shown.defender]}"
    if shown.winner is None:
        return replace(state, duel=duel, notice=f"{said}: the same, choose again.")
    winner, loser = (duel.attacker, duel.defender) if shown.winner == "first" else (duel.defender, duel.attacker)
    paid = min(state.data.duel_loss, state.boats[loser].pearls)
    state = _pay(state, loser, -state.data.duel_loss)
    if state.data.duel_spends_defender and HIDDEN_ATTACK in state.boats[duel.defender].attacks:
        state = _remove_card(state, duel.defender, HIDDEN_ATTACK, "spend")
    duel = replace(duel, winner=winner, loser=loser, paid=paid)
    return replace(state, duel=None, last_duel=duel,
                   notice=f"{said}: {state.names[winner]} wins, {state.names[loser]} pays {paid} "
                          f"pearl{'s' if paid != 1 else ''}.")


# Spaces and fish -----------------------------------------------------------------------------


def _reward(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "take a space's reward")
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    value = data.get("value")
    if not _whole(value) or value not in state.data.space_values:
        shown = ", ".join(f"{v:+d}" for v in state.data.space_values)
        raise PearlBoatError(f"A space gives {shown} pearls, not {value!r}.")
    if turn.rewarded:
        raise PearlBoatError(f"{boat.name} has taken this turn's space already: only the space stopped on counts.")
    if boat.stop == (boat.trips, boat.position):
        raise PearlBoatError(f"{boat.name} is still on last turn's space: no reward for stopping on it twice in a row.")
    return _set_turn(_pay(state, seat, value), rewarded=True)


def _catch(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "catch a fish")
    boat = state.boats[seat]
    fish = state.data.fish_named(data.get("fish"))  # type: ignore[arg-type]
    if fish is None:
        raise PearlBoatError(f"The fish are {', '.join(f.name for f in state.data.fish)}; not {data.get('fish')!r}.")
    room = capacity(state, seat)
    if len(boat.on_board) >= room:
        raise PearlBoatError(f"{boat.name}'s boat is full: it carries {room} fish.")
    return _set(state, seat, on_board=(*boat.on_board, fish.id))


def _drop_off(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "drop off fish")
    boat = state.boats[seat]
    if not boat.on_board:
        raise PearlBoatError(f"{boat.name}'s boat has no fish to drop off.")
    state = _set(state, seat, on_board=(), in_transit=(*boat.in_transit, *boat.on_board))
    return _set_turn(state, dropped_off=True)


def _deliver(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "deliver at the fish market")
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    if not boat.at_market:
        raise PearlBoatError(f"{boat.name} is not at the fish market.")
    delivered = (*boat.delivered, *boat.on_board)
    state = _pay(_set(state, seat, delivered=delivered, on_board=()), seat, _fish_value(state, boat.on_board))
    state = _set(state, seat, trips=boat.trips + 1)
    state = _set_turn(state, delivered=True)
    # "Players cannot win on the turn they drop off their fish at a drop-off point."
    if len(set(delivered)) >= WIN_FISH and not turn.dropped_off:
        return replace(state, phase=OVER, winner=seat, turn=None,
                       notice=f"{boat.name} is back at the fish market with three different fish and wins.")
    # "When the player makes it to the fish market to deposit their fish, their next trip begins."
    returned = data.get("returned")
    upgrades = state.boats[seat].upgrades
    d = state.data
    notice = ""
    if len(upgrades) >= d.expansion_upgrades:
        # "the upgrade cards that correspond to the boat expansion are returned to the chance deck"
        n = d.expansion_upgrades
        if returned is None:
            returned = list(upgrades[:n])
        if not isinstance(returned, list) or len(returned) != n or any(c not in UPGRADES for c in returned):
            raise PearlBoatError(f"The {n} upgrade cards behind the boat expansion go back to the deck: say which.")
        for card in returned:
            if card not in upgrades:
                raise PearlBoatError(f"{boat.name} holds no {CARD_NAMES[card]} card to return.")
            upgrades = _without(upgrades, card)
        notice = f"{', '.join(CARD_NAMES[c] for c in returned)} go back to the chance deck."
    elif returned:
        raise PearlBoatError(f"{boat.name} has no boat expansion: no upgrade cards go back.")
    bought = (0,) * len(ITEMS) if d.limits_per == PER_TRIP else state.boats[seat].bought
    state = _set(state, seat, upgrades=upgrades, position=0, at_market=False, bought=bought)
    return replace(state, notice=notice)


# The store, selling and bartering ------------------------------------------------------------


def _buy(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "buy at the store")
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    item_id = data.get("item")
    if item_id not in ITEMS:
        raise PearlBoatError(f"The store sells {', '.join(ITEM_NAMES.values())}; not {item_id!r}.")
    item = state.data.item(item_id)
    amount = data.get("steps", 1) if item_id == STEP_BACK else data.get("amount", 1)
    if item_id == HALF_REFILL and boat.fuel >= state.data.tank:
        raise PearlBoatError(f"{boat.name}'s tank is full ({boat.fuel} fuel).")
    cost = purchase_cost(item, amount, boat.pearls, boat.bought_of(item_id), boat.name, state.data.limits_per)
    if item_id == STEP_BACK and amount > boat.position:
        raise PearlBoatError(f"{boat.name} is {boat.position} step{'s' if boat.position != 1 else ''} into the "
                             f"trip: it cannot go back {amount}.")
    bought = list(boat.bought)
    bought[ITEMS.index(item_id)] += amount
    state = _set(state, seat, pearls=boat.pearls - cost, bought=tuple(bought))
    if item_id == HALF_REFILL:
        return _set(state, seat, fuel=refilled(boat.fuel, item, state.data.tank))
    if item_id == EXTRA_DRAW:
        return _set_turn(state, extra_draws=turn.extra_draws + 1)
    # "Step back (1-3 fuel free moves)": chosen steps, not touched by effects.
    return _back(state, seat, amount, item.most_steps, "A step back")


def _trade(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "trade at the store")
    card = _held(data.get("card"))
    if card not in DRAWN_ATTACKS:
        raise PearlBoatError("Only an attack card (Slow down, Steal fuel, Block) is traded for a hidden attack.")
    state = _remove_card(state, seat, card, "trade")
    return _add_card(state, seat, HIDDEN_ATTACK)


def _sell(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    # "Can be sold for 2 pearls to shop at any time"
    seat = _seat(state, data)
    _playing(state)
    state = _remove_card(state, seat, data.get("card"), "sell")
    return _pay(state, seat, state.data.sell_price)


def _discard(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _seat(state, data)
    _playing(state)
    return _remove_card(state, seat, data.get("card"), "discard")


def _barter(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    """'players can offer more on their own terms': a card passes from `seat` to `buyer` for the pearls agreed."""
    seat = _seat(state, data)
    buyer = _seat(state, data, "buyer")
    _playing(state)
    if buyer == seat:
        raise PearlBoatError("A barter is between two boats.")
    pearls = data.get("pearls")
    if not _whole(pearls) or pearls < 0:
        raise PearlBoatError(f"A barter's price is a number of pearls (0 or more), not {pearls!r}.")
    card = _held(data.get("card"))
    if state.boats[buyer].pearls < pearls:
        raise PearlBoatError(f"{state.names[buyer]} has {state.boats[buyer].pearls} pearls, not {pearls}.")
    if not _room_for(state, buyer, card):
        limit = state.data.upgrade_limit if card in UPGRADES else state.data.attack_limit
        raise PearlBoatError(f"{state.names[buyer]} holds {limit} {'upgrade' if card in UPGRADES else 'attack'} "
                             f"cards already, the most a boat holds.")
    state = _remove_card(state, seat, card, "barter")
    state = _add_card(state, buyer, card)
    state = _set(state, buyer, pearls=state.boats[buyer].pearls - pearls)
    return _set(state, seat, pearls=state.boats[seat].pearls + pearls)


# The end of a turn ------------------------------------------------------------------------------


def _end(state: PearlBoatState, data: Mapping[str, Any]) -> PearlBoatState:
    seat = _own_turn(state, data, "end a turn")
    turn = state.turn
    assert turn is not None
    boat = state.boats[seat]
    if boat.at_market and not turn.delivered:
        raise PearlBoatError(f"{boat.name} is at the fish market: deliver the fish (the next trip begins) first.")
    if can_roll_to_move(state, seat) and not turn.moved:
        raise PearlBoatError(f"{boat.name} has fuel: roll to move first (a turn is skipped only with no fuel).")
    if must_discard(state, seat):
        raise PearlBoatError(f"{boat.name} has held {state.data.attack_limit} attack cards for more than "
                             f"{state.data.attack_hold_turns} turns: discard one (or sell, trade or use it) first.")
    effect = boat.effect
    if effect is not None and effect.kind in (FROZEN, SLOW_DOWN) and effect.since < turn.number:
        effect = None  # it lasted this turn
    full = state.data.attack_limit > 0 and len(boat.attacks) >= state.data.attack_limit
    state = _set(state, seat, stop=(boat.trips, boat.position), effect=effect,
                 full_turns=boat.full_turns + 1 if full else 0)
    order = state.order
    return replace(_begin(state, order[(order.index(seat) + 1) % len(order)]), notice="")


HANDLERS = {"order": _order, "move": _move, "reward": _reward, "catch": _catch, "drop_off": _drop_off,
            "deliver": _deliver, "draw": _draw, "use": _use, "duel_choose": _duel_choose, "buy": _buy,
            "trade": _trade, "sell": _sell, "discard": _discard, "barter": _barter, "end": _end}
ANY_TIME = ("sell", "discard")  # a boat's own cards, from its own phone, whenever


class PearlBoatRules:
    game = GAME
    title = "The pearl boat game"

    def initial_state(self, setup: Mapping[str, Any]) -> PearlBoatState:
        if not isinstance(setup, Mapping):
            raise PearlBoatError("A pearl boat game is set up with its players.")
        data = read_rules(setup.get("rules"))
        boats = read_players(setup.get("players"), data)
        return PearlBoatState(boats, data, groups=(tuple(range(len(boats))),))

    def footprint(self, action: Action) -> Footprint:
        """The two duellists choose at the same moment on their own phones: a choice touches only
        that seat's choice (the second one reveals both, the same state in either order). Selling or
        discarding a card touches only that boat. Everything else touches the whole game."""
        data = action.data if isinstance(action.data, Mapping) else {}
        if action.type == "duel_choose":
            part = ("duel", data.get("seat"))
            return Footprint(reads=(part,), writes=(part,))
        if action.type in ANY_TIME:
            part = ("boat", data.get("seat"))
            return Footprint(reads=(part,), writes=(part,))
        return Footprint()

    def apply(self, state: PearlBoatState, action: Action) -> PearlBoatState:
        data = action.data
        if not isinstance(data, Mapping):
            raise PearlBoatError("This action carries nothing the pearl boat rules can read.")
        handler = HANDLERS.get(action.type)
        if handler is None:
            raise PearlBoatError(f"The pearl boat game does not know the action {action.type!r}.")
        return handler(state, data)


RULES = PearlBoatRules()


# Actions (built by the screen) ---------------------------------------------------------------


def _name(state: PearlBoatState, seat: Any) -> str:
    return state.names[seat] if _whole(seat) and 0 <= seat < len(state.boats) else f"Boat {seat}"


def _pearls(n: int) -> str:
    return f"{n} pearl{'s' if n != 1 else ''}"


def order_roll(state: PearlBoatState, rolls: Sequence[int]) -> Action:
    """The d6 rolls of the seats rolling for the turn order (`rolloff_seats`), in their order:
    'Turn order: Ana 5, Ben 3, Cy 5 (Ana and Cy roll again)'."""
    seats = rolloff_seats(state)
    rolls = list(rolls)
    said = ", ".join(f"{_name(state, s)} {r}" for s, r in zip(seats, rolls))
    tied = [[s for s, r in zip(seats, rolls) if r == v] for v in sorted(set(rolls), reverse=True)]
    again = [" and ".join(_name(state, s) for s in g) for g in tied if len(g) > 1]
    label = f"Turn order: {said}" + (f" ({'; '.join(again)} roll again)" if again else "")
    return Action("order", {"seats": list(seats), "rolls": rolls}, label)


def roll_order(state: PearlBoatState, rng: random.Random) -> Action:
    return order_roll(state, [rng.randint(1, D6) for _ in rolloff_seats(state)])


def move(state: PearlBoatState, seat: int, roll: int, to_market: int | None = None,
         to_blocker: int | None = None) -> Action:
    """The d6 move: 'Ana rolls 4: 4 steps' (', slowed: 2 steps', ', reaches the fish market')."""
    data: dict[str, Any] = {"seat": seat, "roll": roll}
    if to_market is not None:
        data["to_market"] = to_market
    if to_blocker is not None:
        data["to_blocker"] = to_blocker
    label = f"{_name(state, seat)} rolls {roll}"
    try:
        steps = move_steps(state, seat, roll, to_market, to_blocker)
        slowed = ", slowed" if slowed_now(state, seat) else ""
        label += f"{slowed}: {steps} step{'s' if steps != 1 else ''}"
        if to_market is not None and steps >= to_market:
            label += ", reaches the fish market"
    except (IndexError, TypeError):
        pass
    return Action("move", data, label)


def roll_move(state: PearlBoatState, seat: int, rng: random.Random, to_market: int | None = None,
              to_blocker: int | None = None) -> Action:
    return move(state, seat, rng.randint(1, D6), to_market, to_blocker)


def reward(state: PearlBoatState, seat: int, value: int) -> Action:
    """The space stopped on: 'Ana's space: +3 pearls'."""
    return Action("reward", {"seat": seat, "value": value}, f"{_name(state, seat)}'s space: {value:+d} pearls")


def catch(state: PearlBoatState, seat: int, fish: str) -> Action:
    name = next((f.name for f in state.data.fish if f.id == fish), str(fish))
    return Action("catch", {"seat": seat, "fish": fish}, f"{_name(state, seat)} catches a {name}")


def drop_off(state: PearlBoatState, seat: int) -> Action:
    return Action("drop_off", {"seat": seat},
                  f"{_name(state, seat)} drops off the fish (they reach the market next turn)")


def deliver(state: PearlBoatState, seat: int, returned: Sequence[str] | None = None) -> Action:
    """At the fish market: 'Ana delivers 2 fish at the fish market'."""
    data: dict[str, Any] = {"seat": seat}
    if returned is not None:
        data["returned"] = list(returned)
    n = len(state.boats[seat].on_board) if _whole(seat) and 0 <= seat < len(state.boats) else 0
    return Action("deliver", data, f"{_name(state, seat)} delivers {n} fish at the fish market")


def draw(state: PearlBoatState, seat: int, roll: int, *, steps: int | None = None, move_roll: int | None = None,
         target: int | None = None, to_market: int | None = None, to_blocker: int | None = None) -> Action:
    """A chance card by the d8 (with what a card used at once needs, see `draw_needs`):
    'Ana draws 7: Steal fuel from another player'."""
    data: dict[str, Any] = {"seat": seat, "roll": roll}
    for key, value in (("steps", steps), ("move_roll", move_roll), ("target", target), ("to_market", to_market),
                       ("to_blocker", to_blocker)):
        if value is not None:
            data[key] = value
    name = card_for(roll).name if _whole(roll) and 1 <= roll <= D8 else "?"
    return Action("draw", data, f"{_name(state, seat)} draws {roll}: {name}")


def use_card(state: PearlBoatState, seat: int, card: str, *, steps: int | None = None, move_roll: int | None = None,
             target: int | None = None, to_market: int | None = None, to_blocker: int | None = None) -> Action:
    """A held card used: 'Ana uses Slow down another player for 1 turn on Ben'."""
    data: dict[str, Any] = {"seat": seat, "card": card}
    for key, value in (("steps", steps), ("move_roll", move_roll), ("target", target), ("to_market", to_market),
                       ("to_blocker", to_blocker)):
        if value is not None:
            data[key] = value
    label = f"{_name(state, seat)} uses {CARD_NAMES.get(card, str(card))}"
    if target is not None:
        label += f" on {_name(state, target)}"
    if move_roll is not None:
        label += f" (rolls {move_roll})"
    elif steps is not None:
        label += f" ({steps} step{'s' if steps != 1 else ''})"
    return Action("use", data, label)


def duel_choose(state: PearlBoatState, seat: int, choice: str) -> Action:
    """A secret choice: the label does not say it ('Ana chooses in secret')."""
    return Action("duel_choose", {"seat": seat, "choice": choice}, f"{_name(state, seat)} chooses in secret")


def buy(state: PearlBoatState, seat: int, item: str, steps: int = 1) -> Action:
    """'Ana buys Half refill (2 pearls)', 'Ana buys Step back: 2 steps (2 pearls)'."""
    data: dict[str, Any] = {"seat": seat, "item": item}
    name = ITEM_NAMES.get(item, str(item))
    try:
        price = state.data.item(item).price
    except KeyError:
        price = 0
    if item == STEP_BACK:
        data["steps"] = steps
        return Action("buy", data, f"{_name(state, seat)} buys {name}: {steps} step{'s' if steps != 1 else ''} "
                                   f"({_pearls(price * steps if _whole(steps) else 0)})")
    return Action("buy", data, f"{_name(state, seat)} buys {name} ({_pearls(price)})")


def trade(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("trade", {"seat": seat, "card": card},
                  f"{_name(state, seat)} trades {CARD_NAMES.get(card, str(card))} for a hidden attack")


def sell(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("sell", {"seat": seat, "card": card}, f"{_name(state, seat)} sells "
                  f"{CARD_NAMES.get(card, str(card))} to the store (+{_pearls(state.data.sell_price)})")


def discard(state: PearlBoatState, seat: int, card: str) -> Action:
    return Action("discard", {"seat": seat, "card": card},
                  f"{_name(state, seat)} discards {CARD_NAMES.get(card, str(card))}")


def barter(state: PearlBoatState, seat: int, buyer: int, card: str, pearls: int) -> Action:
    return Action("barter", {"seat": seat, "buyer": buyer, "card": card, "pearls": pearls},
                  f"{_name(state, seat)} sells {CARD_NAMES.get(card, str(card))} to {_name(state, buyer)} "
                  f"for {_pearls(pearls) if _whole(pearls) else pearls}")


def end_turn(state: PearlBoatState, seat: int) -> Action:
    """'Ana ends the turn', or 'Ana skips the turn (no fuel)' when it did not move."""
    turn = state.turn
    skipped = turn is not None and turn.seat == seat and not turn.moved
    if skipped and _whole(seat) and 0 <= seat < len(state.boats) and state.boats[seat].fuel == 0:
        return Action("end", {"seat": seat}, f"{_name(state, seat)} skips the turn (no fuel)")
    return Action("end", {"seat": seat}, f"{_name(state, seat)} ends the turn")
