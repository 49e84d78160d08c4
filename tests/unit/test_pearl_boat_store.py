"""The pearl boat game's store (seeds/003, Purchase Cards): each item, its price and its limit,
selling and trading cards, bartering. Worked by hand from the text."""

from __future__ import annotations

import pytest

from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import BLOCK, ENGINE_REVERSE, ENGINE_UPGRADE, HIDDEN_ATTACK, SLOW_DOWN, STEAL_FUEL
from companion.games.pearl_boat.rules import RULES, buy, deliver, draw, store_left
from companion.games.pearl_boat.store import EXTRA_DRAW, HALF_REFILL, STEP_BACK
from tests.unit.test_pearl_boat_rules import act, boat, moved, not_now, refused, started


def test_a_half_refill_gives_5_fuel_for_2_pearls() -> None:
    # "Half-refill (5) fuel card: 2 pearl"
    state = boat(started(), 0, fuel=3, pearls=5)
    action = buy(state, 0, HALF_REFILL)
    assert action.label == "Ana buys Half refill (2 pearls)"
    after = act(state, action)
    assert (after.boats[0].fuel, after.boats[0].pearls, store_left(after, 0, HALF_REFILL)) == (8, 3, 15)


def test_a_half_refill_stops_at_the_tank_and_a_full_tank_buys_none() -> None:
    state = boat(started(), 0, fuel=7, pearls=5)
    assert act(state, buy(state, 0, HALF_REFILL)).boats[0].fuel == 10
    full = boat(state, 0, fuel=10)
    assert refused(full, buy(full, 0, HALF_REFILL)) == "Ana's tank is full (10 fuel)."


def test_half_refills_are_limited_to_16() -> None:
    # "(Limit 16)"
    state = boat(started(), 0, fuel=0, pearls=100, bought=(15, 0, 0))
    state = act(state, buy(state, 0, HALF_REFILL))
    state = boat(state, 0, fuel=0)
    assert refused(state, buy(state, 0, HALF_REFILL)) == ("Ana has bought 16 half refills: the limit is 16 for the "
                                                          "whole game (none left).")


def test_buying_without_the_pearls_is_refused() -> None:
    state = boat(started(), 0, fuel=0, pearls=1)
    assert refused(state, buy(state, 0, HALF_REFILL)) == "Half refill costs 2 pearls; Ana has 1 pearl."
    assert refused(state, buy(state, 0, STEP_BACK, 2)) == "Step back costs 2 pearls; Ana has 1 pearl."
    broke = boat(state, 0, pearls=0)
    assert refused(broke, buy(broke, 0, EXTRA_DRAW)) == "+1 chance draw costs 1 pearl; Ana has 0 pearls."


@pytest.mark.parametrize("steps", [1, 2, 3])
def test_a_step_back_is_1_pearl_a_step_for_1_to_3_steps_free_of_fuel(steps) -> None:
    # "Step back (1-3 fuel free moves): 1 pearl/step taken"
    state = boat(moved(started(), 0, 5), 0, pearls=4)
    after = act(state, buy(state, 0, STEP_BACK, steps))
    assert (after.boats[0].position, after.boats[0].fuel, after.boats[0].pearls) == (5 - steps, 5, 4 - steps)
    assert store_left(after, 0, STEP_BACK) == 8 - steps


def test_a_step_back_takes_1_to_3_steps_and_only_spaces_behind() -> None:
    state = boat(moved(started(), 0, 2), 0, pearls=9)
    assert refused(state, buy(state, 0, STEP_BACK, 4)) == "A step back is 1 to 3 steps, not 4."
    assert refused(state, buy(state, 0, STEP_BACK, 3)) == "Ana is 2 steps into the trip: it cannot go back 3."


def test_steps_back_are_limited_to_8_steps() -> None:
    # "1 pearl/step taken (Limit 8)": the limit counts steps (pearl_boat.json notes)
    state = boat(moved(started(), 0, 6), 0, pearls=9, bought=(0, 6, 0))
    assert refused(state, buy(state, 0, STEP_BACK, 3)) == ("Ana has bought 6 steps back: the limit is 8 for the "
                                                            "whole game (only 2 steps back left).")
    assert act(state, buy(state, 0, STEP_BACK, 2)).boats[0].bought_of(STEP_BACK) == 8


def test_an_extra_draw_is_1_pearl_limited_to_10() -> None:
    # "+1 draw from the Chance Deck: 1 pearl (Limit 10)"
    state = boat(moved(started()), 0, pearls=3, bought=(0, 0, 9))
    state = act(state, draw(state, 0, 1))
    state = act(state, buy(state, 0, EXTRA_DRAW))
    assert state.boats[0].pearls == 2 and pb.draws_left(state, 0) == 1
    state = act(state, draw(state, 0, 2))
    assert state.boats[0].upgrades == (ENGINE_REVERSE, ENGINE_UPGRADE)
    assert refused(state, buy(state, 0, EXTRA_DRAW)) == ("Ana has bought 10 extra draws: the limit is 10 for the whole "
                                                         "game (none left).")


def test_limits_per_trip_start_again_at_each_trip() -> None:
    # The text does not say what a limit is counted over: the whole game by default, each trip as a setting.
    setup = pb.setup_for(["Ana", "Ben"], limits_per="trip")
    state = RULES.initial_state(setup)
    state = act(state, pb.order_roll(state, [6, 1]))
    state = boat(state, 0, fuel=0, pearls=10, bought=(16, 0, 0), at_market=True, position=20)
    assert "the limit is 16 for each trip around the board" in refused(state, buy(state, 0, HALF_REFILL))
    state = act(state, deliver(state, 0))
    assert act(state, buy(state, 0, HALF_REFILL)).boats[0].fuel == 5
    game_long = boat(started(), 0, fuel=0, pearls=10, bought=(16, 0, 0), at_market=True, position=20)
    game_long = act(game_long, deliver(game_long, 0))
    assert "none left" in refused(game_long, buy(game_long, 0, HALF_REFILL))


def test_the_store_is_open_in_your_own_turn() -> None:
    state = boat(started(), 1, pearls=5, fuel=0)
    assert not_now(state, buy(state, 1, HALF_REFILL)) == "It is Ana's turn: Ben cannot buy at the store now."


@pytest.mark.parametrize("card", [ENGINE_REVERSE, SLOW_DOWN, HIDDEN_ATTACK])
def test_an_upgrade_or_attack_sells_for_2_pearls_at_any_time(card) -> None:
    # "Can be sold for 2 pearls to shop at any time"
    state = boat(started(), 1, upgrades=(ENGINE_REVERSE,), attacks=(SLOW_DOWN, HIDDEN_ATTACK), pearls=1)
    after = act(state, pb.sell(state, 1, card))  # Ben sells in Ana's turn
    assert after.boats[1].pearls == 3 and card not in after.boats[1].cards
    assert pb.sell(state, 1, card).label.endswith("to the store (+2 pearls)")
    assert refused(after, pb.sell(after, 1, card)).startswith("Ben holds no ")


@pytest.mark.parametrize("card", [SLOW_DOWN, STEAL_FUEL, BLOCK])
def test_an_attack_trades_for_a_hidden_attack(card) -> None:
    # "they can trade in 1 card to the shop in return for a hidden attack instead"
    state = boat(started(), 0, attacks=(card,))
    after = act(state, pb.trade(state, 0, card))
    assert after.boats[0].attacks == (HIDDEN_ATTACK,) and after.boats[0].pearls == 0


def test_only_an_attack_is_traded() -> None:
    state = boat(started(), 0, upgrades=(ENGINE_REVERSE,), attacks=(HIDDEN_ATTACK,))
    message = "Only an attack card (Slow down, Steal fuel, Block) is traded for a hidden attack."
    assert refused(state, pb.trade(state, 0, ENGINE_REVERSE)) == message
    assert refused(state, pb.trade(state, 0, HIDDEN_ATTACK)) == message


def test_a_barter_passes_a_card_for_the_pearls_agreed() -> None:
    # "players can offer more on their own terms if they want to directly barter for the upgrades"
    state = boat(boat(started(), 0, upgrades=(ENGINE_UPGRADE,)), 1, pearls=5)
    action = pb.barter(state, 0, 1, ENGINE_UPGRADE, 4)
    assert action.label == "Ana sells Engine upgrade to Ben for 4 pearls"
    after = act(state, action)
    assert (after.boats[0].pearls, after.boats[1].pearls, after.boats[1].upgrades) == (4, 1, (ENGINE_UPGRADE,))
    assert refused(state, pb.barter(state, 0, 1, ENGINE_UPGRADE, 6)) == "Ben has 5 pearls, not 6."
    full = boat(state, 1, upgrades=(ENGINE_REVERSE,) * 3)
    assert refused(full, pb.barter(full, 0, 1, ENGINE_UPGRADE, 1)) == ("Ben holds 3 upgrade cards already, the most a "
                                                                       "boat holds.")


def test_a_barter_offered_waits_for_the_buyers_answer_on_their_phone() -> None:
    # "players can offer more on their own terms": Ana offers, and nothing moves until Ben, the buyer, accepts on
    # his own phone; he may decline, and Ana may take her offer back.
    state = boat(boat(started(3), 0, upgrades=(ENGINE_UPGRADE,)), 1, pearls=5)
    action = pb.offer(state, 0, 1, ENGINE_UPGRADE, 4)
    assert action.label == "Ana offers Engine upgrade to Ben for 4 pearls"
    offered = act(state, action)
    assert offered.boats == state.boats and offered.offer == pb.Offer(0, 1, ENGINE_UPGRADE, 4)
    assert RULES.whose(offered, pb.answer_offer(offered, 1, True)) == 1  # Ben's phone answers
    assert RULES.whose(offered, pb.withdraw_offer(offered, 0)) == 0
    assert refused(offered, pb.answer_offer(offered, 2, True)) == "The offer is to Ben: Ben answers it."
    assert refused(offered, pb.withdraw_offer(offered, 1)) == "Only Ana takes back their own offer."
    assert refused(offered, pb.offer(offered, 0, 2, ENGINE_UPGRADE, 1)) == \
        "Ana's offer to Ben waits for Ben's answer first."
    accept = pb.answer_offer(offered, 1, True)
    assert accept.label == "Ben buys Engine upgrade from Ana for 4 pearls"
    bought = act(offered, accept)
    assert (bought.boats[0].pearls, bought.boats[1].pearls, bought.boats[1].upgrades, bought.offer) == \
        (4, 1, (ENGINE_UPGRADE,), None)
    declined = act(offered, pb.answer_offer(offered, 1, False))
    assert declined.boats == state.boats and declined.offer is None
    assert pb.answer_offer(offered, 1, False).label == "Ben declines Ana's offer"
    assert act(offered, pb.withdraw_offer(offered, 0)).offer is None
    # An offer the buyer could not pay is refused as the sale would be, and a card sold meanwhile is not bought.
    assert refused(state, pb.offer(state, 0, 1, ENGINE_UPGRADE, 6)) == "Ben has 5 pearls, not 6."
    sold = act(offered, pb.sell(offered, 0, ENGINE_UPGRADE))
    assert "Ana" in refused(sold, pb.answer_offer(sold, 1, True))
