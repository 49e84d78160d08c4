"""What the pearl boat game's screens (and its rules) ask of a state: the turn-order roll-off, a
boat's room and effects, a Lose fuel waiting for its next turn, how far a roll moves it, whether it
may take its space's reward, its draws and store purchases left, and the hidden duel (each choice
secret until both are made)."""

from __future__ import annotations

from companion.core.table.turns import next_tie
from companion.games.pearl_boat.chance import (
    BLOCK,
    DRAWN_ATTACKS,
    ENGINE_UPGRADE,
    FROZEN,
    MOVE_CHOICE,
    SLOW_DOWN,
    UPGRADES,
    card_for,
    fuel_after_curses,
    fuel_change,
    hold_or_use,
    slowed_steps,
)
from companion.games.pearl_boat.duel import round_words
from companion.games.pearl_boat.state import EARLIER_RULES, PLAY, WAITING_FROZEN, DuelRound, Effect, PearlBoatState


def rolloff_seats(state: PearlBoatState) -> tuple[int, ...]:
    """The seats that roll next for the turn order (every seat first, then each tie in turn); ()
    once the order is clear."""
    return next_tie(state.groups)


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


def effect_now(state: PearlBoatState, seat: int, kind: str) -> bool:
    effect = state.boats[seat].effect
    turn = state.turn
    if effect is None or effect.kind != kind:
        return False
    if kind == BLOCK:
        return True
    return turn is not None and turn.seat == seat and effect.since < turn.number


def frozen_now(state: PearlBoatState, seat: int) -> bool:
    """Frozen in this turn of its own (a Frozen drawn this turn applies on the next one)."""
    return effect_now(state, seat, FROZEN)


def slowed_now(state: PearlBoatState, seat: int) -> bool:
    return effect_now(state, seat, SLOW_DOWN)


def blocked_by(state: PearlBoatState, seat: int) -> int | None:
    effect = state.boats[seat].effect
    return effect.by if effect is not None and effect.kind == BLOCK else None


def frozen_waits(state: PearlBoatState, seat: int) -> bool:
    """A Frozen the boat drew waits for its next turn: on it already (drawn this turn, so it applies on the
    next: "Chance Deck Curses (Applies on next turn)"), or waiting for the effect on it now to end."""
    boat, turn = state.boats[seat], state.turn
    if boat.frozen_waiting:
        return True
    effect = boat.effect
    return (effect is not None and effect.kind == FROZEN and turn is not None and turn.seat == seat
            and effect.since == turn.number)


def frozen_waiting_words(state: PearlBoatState, seat: int) -> str:
    """'frozen next turn (once Slowed ends)' for a Frozen waiting for another effect to end; "" else."""
    boat = state.boats[seat]
    if not boat.frozen_waiting:
        return ""
    return f"frozen next turn (once {boat.effect.name} ends)" if boat.effect is not None else "frozen next turn"


def fuel_due(state: PearlBoatState, seat: int) -> int:
    """The fuel the boat's waiting Lose fuel cards take (negative) or give when its next turn begins,
    reckoned from its fuel now; 0 when none waits."""
    boat = state.boats[seat]
    return fuel_after_curses(boat.fuel, boat.fuel_curses, state.data.lose_fuel, state.data.tank) - boat.fuel


def fuel_waiting(state: PearlBoatState, seat: int) -> str:
    """A waiting Lose fuel in words, from its fuel now: 'loses 2 fuel next turn', 'gains 2 fuel next
    turn (its tank is empty)'; "" when none waits."""
    boat = state.boats[seat]
    if boat.fuel_curses == 0:
        return ""
    words = f"{fuel_change(boat.fuel, boat.fuel + fuel_due(state, seat))} next turn"
    return words + " (its tank is empty)" if boat.fuel == 0 else words


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


def move_choice_refusal(state: PearlBoatState, seat: int) -> str | None:
    """Why the boat's Move choice card cannot move it now (None: it can). From rules version 3 the card is
    the turn's move with a number chosen instead of rolled ("Move a number of spaces forward/less than 6";
    only the Engine cards say "fuel free" and "no fuel necessary", and only the Engine upgrade "Roll again"):
    a step per fuel, once the turn's move is not made yet."""
    boat, turn = state.boats[seat], state.turn
    if boat.at_market:
        return f"{boat.name} is at the fish market: it cannot move on before its delivery."
    if state.rules_version < WAITING_FROZEN:
        return None
    if turn is not None and turn.rolled:
        return (f"{boat.name} has made this turn's move: a Move choice card takes the place of the roll, "
                f"so it is used before rolling.")
    if boat.fuel <= 0:
        return f"{boat.name} has no fuel: a Move choice card moves a step per fuel, as a roll does."
    return None


def move_choice_most(state: PearlBoatState, seat: int) -> int:
    """The most steps the boat's Move choice card may move it now (0: it cannot, see `move_choice_refusal`)."""
    if move_choice_refusal(state, seat) is not None:
        return 0
    most = state.data.move_choice_steps
    return most if state.rules_version < WAITING_FROZEN else min(most, state.boats[seat].fuel)


def reward_refusal(state: PearlBoatState, seat: int) -> str | None:
    """Why the boat may not take its space's reward now, in words; None when it may ("The player only
    claims the reward or punishment on the space they stop on", once, and not again on the same space
    in a row)."""
    turn = state.turn
    boat = state.boats[seat]
    if state.phase != PLAY or turn is None or turn.seat != seat:
        return f"It is not {boat.name}'s turn."
    if turn.rewarded:
        return f"{boat.name} has taken this turn's space already: only the space stopped on counts."
    if boat.stop == (boat.trips, boat.position):
        return f"{boat.name} is still on last turn's space: no reward for stopping on it twice in a row."
    if not turn.moved and state.rules_version > EARLIER_RULES:
        return (f"{boat.name} has not moved yet this turn: the space's reward is claimed on the space the boat "
                f"stops on.")
    return None


def can_take_reward(state: PearlBoatState, seat: int) -> bool:
    return reward_refusal(state, seat) is None


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
        if card == MOVE_CHOICE and state.rules_version >= WAITING_FROZEN and move_choice_refusal(state, seat):
            return ()  # it cannot move the boat now: discarded, nothing to ask
        return ("move_roll",) if card == ENGINE_UPGRADE else ("steps",)
    if card in DRAWN_ATTACKS and not hold_or_use(len(boat.attacks), state.data.attack_limit):
        return ("target",)
    return ()


def store_left(state: PearlBoatState, seat: int, item: str) -> int:
    """How many more of `item` (steps for a step back) the boat may still buy."""
    return state.data.item(item).limit - state.boats[seat].bought_of(item)


def duel_choice_of(state: PearlBoatState, seat: int, viewer: int | None = None) -> str | None:
    """`seat`'s choice in the round of the duel under way as the phone of `viewer` (a seat, or None)
    may see it: its own only; None when it has not chosen, or there is no duel."""
    return state.choices.shown_to(seat, viewer) if state.duel is not None else None


def duel_chosen(state: PearlBoatState, seat: int) -> bool:
    """Whether `seat` has chosen in the round of the duel under way (safe to show everyone)."""
    return state.duel is not None and state.choices.has_chosen(seat)


def duel_waiting_for(state: PearlBoatState) -> tuple[int, ...]:
    """The duellists still to choose in this round (safe to show to everyone)."""
    return state.choices.waiting if state.duel is not None else ()


def duel_revealed(state: PearlBoatState) -> tuple[DuelRound, ...]:
    """The rounds revealed: of the duel under way (its tied rounds), else of the last duel decided, until the
    turn it was fought in ends (issue 65: "Revealed: Hook against Net" stayed for the rest of the game)."""
    duel = state.duel
    if duel is None and state.last_duel is not None and state.turn is not None \
            and state.last_duel.turn == state.turn.number:
        duel = state.last_duel
    return duel.rounds if duel is not None else ()


def duel_told(state: PearlBoatState) -> bool:
    """The notice tells the duel just decided in one round, its choices and its winner ("Ana Net, Ben Anchor: Ana
    wins..."): a line of the rounds revealed would say it twice (and push the turn's keys down, issue 62)."""
    duel = state.last_duel
    if state.duel is not None or duel is None or len(duel.rounds) != 1:
        return False
    return state.notice.startswith(round_words(state.names, duel, duel.rounds[0]))
