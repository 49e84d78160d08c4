"""The pearl boat game declared with the table kit: the banker and referee (rules text: seed 003).

Turn order is rolled off (anyone at the table rolls for it). A turn, for the current boat: "move"
(the d6; never further than the fuel), "reward" (the value printed on the space it stopped on),
"catch" / "drop_off" / "deliver" (the fish), "draw" (the d8; once, plus draws bought), "use" (a
held card), "buy" / "trade" (the store), "end". At any time a boat's own phone may "sell" or
"discard" one of its cards, and "offer" one to another boat for pearls, which that boat's phone
accepts or declines ("offer_answer"; games recorded before offers said a "barter" in one step). A
hidden attack against a boat holding one starts a duel: each duellist "duel_choose"s in secret on
their own phone; the second choice reveals both. Every random outcome (the d6s, the d8) is in the action's data.

The modules: `state`, `setup`, `view` (what the screens ask), `ledger` (a boat's book), the moves
by area (`turns`, `moving`, `cards`, `duel`, `trading`) and `actions` (the moves as taps build them).
Readings where the text is informal are values of `assets/games/pearl_boat/pearl_boat.json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.actions import Footprint
from companion.core.table.phases import Phase, nobody
from companion.core.table.rules import Move, TableRules, names_and_ids, seat_in
from companion.core.table.seats import ANY_SEAT
from companion.core.words import listed
from companion.games.pearl_boat import candidates, cards, duel, moving, trading, turns
from companion.games.pearl_boat.actions import (  # noqa: F401  (the game's moves as taps build them)
    answer_offer,
    barter,
    buy,
    catch,
    deliver,
    discard,
    draw,
    drop_off,
    duel_choose,
    end_turn,
    move,
    offer,
    order_roll,
    reward,
    roll_move,
    roll_order,
    sell,
    trade,
    use_card,
    withdraw_offer,
)
from companion.games.pearl_boat.data import (  # noqa: F401
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
from companion.games.pearl_boat.setup import new_game, read_rules, rules_version, setup_for  # noqa: F401
from companion.games.pearl_boat.state import (  # noqa: F401  (the game's words, read through its rules too)
    ANCHOR,
    DUEL_CHOICES,
    DUEL_NAMES,
    GAME,
    HOOK,
    NET,
    ORDER,
    OVER,
    PLAY,
    RULES_VERSION,
    WAITING_FROZEN,
    Boat,
    Duel,
    DuelRound,
    Effect,
    Offer,
    PearlBoatState,
    Turn,
    duel_winner,
)
from companion.games.pearl_boat.store import PearlBoatError  # noqa: F401
from companion.games.pearl_boat.view import (  # noqa: F401  (what the screens ask)
    blocked_by,
    can_roll_to_move,
    can_take_reward,
    capacity,
    draw_needs,
    draws_left,
    duel_choice_of,
    duel_chosen,
    duel_revealed,
    duel_told,
    duel_waiting_for,
    effect_of,
    frozen_now,
    frozen_waiting_words,
    frozen_waits,
    fuel_due,
    fuel_waiting,
    has_expansion,
    move_choice_most,
    move_choice_refusal,
    move_steps,
    must_discard,
    reward_refusal,
    rolloff_seats,
    slowed_now,
    store_left,
)


def both_sides(state: PearlBoatState, data: Mapping[str, Any]) -> frozenset[int] | str:
    """A barter: either boat's phone records what the two agreed."""
    sides = frozenset(s for s in (data.get("seat"), data.get("buyer")) if isinstance(s, int)
                      and not isinstance(s, bool) and 0 <= s < len(state.boats))
    return sides if len(sides) == 2 else seat_in()(state, data)


def duel_choice(data: Mapping[str, Any]) -> Footprint:
    """The two duellists choose at the same moment on their own phones: a choice writes only that
    seat's choice (the second reveals both, the same state in either order). The reveal charges the
    loser and may spend the defender's hidden attack: it reads the boats."""
    mine = ("duel", data.get("seat"))
    return Footprint(reads=(mine, ("boat",)), writes=(mine,))


def card_away(data: Mapping[str, Any]) -> Footprint:
    """Selling or discarding a card, at any time: that boat's, unless a duel's reveal (which may spend
    the card, or leave too few pearls to pay) came first."""
    mine = ("boat", data.get("seat"))
    return Footprint(reads=(mine, ("duel",)), writes=(mine,))


def voyage_phase(state: PearlBoatState) -> Phase:
    """Whom the game waits on: anyone for the turn order's roll; the current boat in its turn; the two
    duellists during a duel. A boat's own cards (sold, discarded, offered, an offer answered) at any time."""
    if state.phase == ORDER:
        return Phase("the turn order is rolled first", ANY_SEAT, frozenset({"order"}))
    if state.over or state.current is None:
        return nobody(f"{state.names[state.winner]} has won the game" if state.winner is not None
                      else "the game is over")
    if state.duel is not None:
        waiting = duel_waiting_for(state)
        return Phase(f"the hidden duel waits on {listed([state.names[s] for s in waiting])}", frozenset(waiting),
                     frozenset({"duel_choose"}))
    turn = frozenset({"move", "reward", "catch", "drop_off", "deliver", "draw", "use", "buy", "trade", "end"})
    if state.offer is not None and state.offer.buyer != state.current:  # the buyer's answer is waited on too (issue 65)
        o = state.offer
        return Phase(f"it is {state.names[state.current]}'s turn, and {state.names[o.buyer]} answers "
                     f"{state.names[o.seat]}'s offer", frozenset({state.current, o.buyer}), turn,
                     active=frozenset({state.current}))
    return Phase(f"it is {state.names[state.current]}'s turn", frozenset({state.current}), turn)


# Everything else touches the whole game.
SEAT_ONLY = ("seat",)  # the data of a move that says only whose it is (the current boat's: the rules check)

RULES: TableRules[PearlBoatState] = TableRules(
    game=GAME, title="The pearl boat game", setup=new_game, error=PearlBoatError, seats=names_and_ids,
    moves=(
        Move("order", turns.order, ("seats", "rolls")),
        Move("move", moving.move, ("seat", "roll", "to_market", "to_blocker"), seat_in(), doing="move"),
        Move("reward", moving.reward, ("seat", "value"), seat_in(), doing="take a space's reward"),
        Move("catch", moving.catch, ("seat", "fish"), seat_in(), doing="catch a fish"),
        Move("drop_off", moving.drop_off, SEAT_ONLY, seat_in(), doing="drop off fish"),
        Move("deliver", moving.deliver, ("seat", "returned"), seat_in(), doing="deliver at the fish market"),
        Move("draw", cards.draw, ("seat", "roll", "steps", "move_roll", "target", "to_market", "to_blocker"),
             seat_in(), doing="draw from the chance deck"),
        Move("use", cards.use, ("seat", "card", "steps", "move_roll", "target", "to_market", "to_blocker"),
             seat_in(), doing="use a card"),
        Move("duel_choose", duel.choose, ("seat", "choice"), seat_in(), duel_choice, secret=True),
        Move("buy", trading.buy, ("seat", "item", "steps", "amount"), seat_in(), doing="buy at the store"),
        Move("trade", trading.trade, ("seat", "card"), seat_in(), doing="trade at the store"),
        Move("sell", trading.sell, ("seat", "card"), seat_in(), card_away, anytime=True),
        Move("discard", trading.discard, ("seat", "card"), seat_in(), card_away, anytime=True),
        Move("barter", trading.barter, ("seat", "buyer", "card", "pearls"), both_sides,  # as recorded before offers
             anytime=True),
        Move("offer", trading.offer, ("seat", "buyer", "card", "pearls"), seat_in(), anytime=True),
        Move("offer_answer", trading.answer_offer, ("seat", "accept", "withdraw"), seat_in(), anytime=True),
        Move("end", turns.end, SEAT_ONLY, seat_in(), doing="end a turn"),
    ),
    over=lambda state: state.over, secret="choices", phase=voyage_phase,
    reopens="both duellists choose again", example_setup=candidates.example_setup,
    candidates=candidates.candidates,
)
