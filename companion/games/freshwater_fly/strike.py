"""The Strike-card dealer (rulebook: Cast, B. Draw Strike Cards; Fly Solo: Silent Angler's Turn).

Four Strike cards, each a hook or a miss. The pictures that said how many show a
hook were lost, so the deck's make-up is data (`assets/games/freshwater_fly/
strike.json`, default 1 hook) that the player can change in Settings. Each cast
starts from a fresh shuffle of all four; every shuffle is recorded in the action,
so replaying a session deals the same cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from companion.core.assets import AssetError, load_data, require
from companion.core.deck import chance_of_any, shuffled
from companion.core.errors import DomainError
from companion.core.players import MAX_NAME_LENGTH

HOOK, MISS = "hook", "miss"
ROWS = ("bottom", "middle", "top")  # a Silent Angler cast drifts up from the bottom row

Status = Literal["idle", "casting", "hooked", "missed"]
Mode = Literal["you", "silent"]


@dataclass(frozen=True)
class DeckRules:
    cards: int
    default_hooks: int
    min_hooks: int
    max_hooks: int

    def check_hooks(self, hooks: Any) -> int:
        """`hooks` if this many hooks make a possible deck, else DomainError saying why."""
        if not isinstance(hooks, int) or isinstance(hooks, bool) or not self.min_hooks <= hooks <= self.max_hooks:
            raise DomainError(f"A Strike deck of {self.cards} cards has {self.min_hooks} to {self.max_hooks} "
                              f"hooks, not {hooks!r}.")
        return hooks

    def deck(self, hooks: int) -> tuple[str, ...]:
        hooks = self.check_hooks(hooks)
        return (HOOK,) * hooks + (MISS,) * (self.cards - hooks)

    def check_order(self, order: Any) -> tuple[str, ...]:
        """A recorded shuffle, or DomainError when it is not a possible deck."""
        if not isinstance(order, list) or any(card not in (HOOK, MISS) for card in order):
            raise DomainError("A Strike deck is a list of 'hook' and 'miss' cards.")
        if len(order) != self.cards:
            raise DomainError(f"A Strike deck has {self.cards} cards, not {len(order)}.")
        self.check_hooks(order.count(HOOK))
        return tuple(order)


def parse_deck_rules(data: Any, where: str = "strike.json") -> DeckRules:
    cards = require(data, "cards", int, where)
    if not 2 <= cards <= 20:
        raise AssetError(f"{where}.cards: a Strike deck of 2 to 20 cards (the game has 4), not {cards}")
    hooks = require(data, "hooks", dict, where)
    rules = DeckRules(cards, require(hooks, "default", int, f"{where}.hooks"),
                      require(hooks, "min", int, f"{where}.hooks"), require(hooks, "max", int, f"{where}.hooks"))
    if not 1 <= rules.min_hooks <= rules.default_hooks <= rules.max_hooks < cards:
        raise AssetError(f"{where}.hooks: need 1 <= min <= default <= max < cards")
    return rules


@cache
def deck_rules() -> DeckRules:
    return load_data("games/freshwater_fly/strike.json", parse_deck_rules)


@dataclass(frozen=True)
class StrikeState:
    status: Status = "idle"
    mode: Mode = "you"
    deck: tuple[str, ...] = ()  # face down, top card first
    revealed: tuple[str, ...] = ()  # face up this cast, in the order dealt
    row: int = 0  # a Silent Angler cast: the next row to try (0 = bottom)
    casts: int = 0
    caster: str = ""  # whose cast it is: only they deal it (""; the table's, as casts began before)

    @property
    def hooks_in_deck(self) -> int:
        return self.deck.count(HOOK)

    @property
    def can_deal(self) -> bool:
        return self.status == "casting" and self.mode == "you" and bool(self.deck)

    @property
    def can_finesse(self) -> bool:
        """Finesse reveals one more card after some were revealed, unless all four are out."""
        return self.can_deal and bool(self.revealed)


def next_card_hooks(state: StrikeState) -> Fraction:
    """The exact chance that the next card dealt is a hook."""
    return chance_of_any(state.deck, HOOK, 1)


def two_cards_hook(state: StrikeState) -> Fraction:
    """The exact chance that 'hit me x2' deals at least one hook."""
    return chance_of_any(state.deck, HOOK, 2)


def start(state: StrikeState, order: Any, mode: Any, rules: DeckRules, caster: Any = "") -> StrikeState:
    if mode not in ("you", "silent"):
        raise DomainError(f"A cast is yours or the Silent Angler's, not {mode!r}.")
    if not isinstance(caster, str) or len(caster) > MAX_NAME_LENGTH:
        raise DomainError(f"A cast is a player's, named, not {caster!r}.")
    return StrikeState("casting", mode, rules.check_order(order), (), 0, state.casts + 1, caster)


def deal(state: StrikeState, count: Any, finesse: bool) -> StrikeState:
    if state.status != "casting":
        raise DomainError("Start a cast first: there is no cast going on.")
    if state.mode != "you":
        raise DomainError("In a Silent Angler cast, say what is in each row instead.")
    if not isinstance(count, int) or isinstance(count, bool) or count not in (1, 2):  # 1.0 and True are not counts
        raise DomainError(f"A deal is one or two cards, not {count!r}.")
    if finesse and (count != 1 or not state.revealed):
        raise DomainError("Finesse reveals one more card after your Strike cards are revealed.")
    if not state.deck:
        raise DomainError("All four Strike cards are already face up.")
    dealt, rest = state.deck[:count], state.deck[count:]
    return _after_reveal(replace(state, deck=rest, revealed=state.revealed + dealt), dealt)


def silent_row(state: StrikeState, fish: Any) -> StrikeState:
    """The Silent Angler's token is on a fish (one card) or a rock (none) in the next row up."""
    if state.status != "casting" or state.mode != "silent":
        raise DomainError("Start a Silent Angler cast first.")
    if not isinstance(fish, bool):
        raise DomainError("Say whether the row holds a fish or a rock.")
    state = replace(state, row=state.row + 1)
    if fish:
        dealt, rest = state.deck[:1], state.deck[1:]
        state = _after_reveal(replace(state, deck=rest, revealed=state.revealed + dealt), dealt)
    if state.status == "casting" and state.row >= len(ROWS):
        state = replace(state, status="missed")  # after the top row the cast is over
    return state


def restart(state: StrikeState, order: Any, rules: DeckRules) -> StrikeState:
    """Skill G: put everything back, reshuffle, and cast again (a hooked fish goes back too)."""
    if state.status not in ("casting", "hooked") or state.mode != "you":
        raise DomainError("Skill G restarts your own cast while it is going on.")
    return replace(state, status="casting", deck=rules.check_order(order), revealed=())


def end(state: StrikeState) -> StrikeState:
    if state.status == "idle":
        raise DomainError("There is no cast to end.")
    return replace(state, status="idle", deck=(), revealed=(), row=0, caster="")


def _after_reveal(state: StrikeState, dealt: tuple[str, ...]) -> StrikeState:
    if HOOK in dealt:
        return replace(state, status="hooked")  # a hook ends the cast at once
    if not state.deck:
        return replace(state, status="missed")
    return state


def new_order(hooks: int, rng: random.Random, rules: DeckRules | None = None) -> list[str]:
    """A fresh shuffle of all the Strike cards, ready to record in an action."""
    return list(shuffled((rules or deck_rules()).deck(hooks), rng))
