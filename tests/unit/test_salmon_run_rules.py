"""Salmon Run's race helper (seeds/002: Set-up, Gameplay, Winning the game, Game details).
Expectations are worked by hand from the text."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.actions import Action, Actor
from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.table.rules import NotNow
from companion.core.table.seats import NotYourSeat
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import SUPPLEMENTAL, difficulty_river
from companion.games.salmon_run.rules import (
    COUNTERS,
    FIRST,
    OVER,
    RACE,
    RULES,
    SPECIAL_HEXES,
    SWIM_CARDS,
    SalmonRunError,
    arrow_for,
    bear,
    counter,
    drift,
    eagle,
    eagle_target,
    end_turn,
    first_player,
    hand_at_end,
    hex_choices,
    jump,
    play,
    playable,
    pond,
    rapids,
    reminders,
    special_hex,
    to_play,
)
from tests.budgets import examples

PLAYERS = [("Ana", "red"), ("Ben", "blue"), ("Cy", "green"), ("Dee", "yellow")]


def new(players: int = 2, **setup):
    return RULES.initial_state({**sr.setup_for(PLAYERS[:players], difficulty_river(2)), **setup})


def act(state, action):
    return RULES.apply(state, action)


def started(players: int = 2, first: int = 0, **setup):
    """A race whose first player is seat `first` (the die rolled `first + 1`)."""
    return act(new(players, **setup), first_player(new(players, **setup), [first + 1]))


def refused(state, action) -> str:
    with pytest.raises(SalmonRunError) as caught:
        act(state, action)
    return str(caught.value)


def not_now(state, action) -> str:
    """Why `action`, made now, is refused by the kit's phase: whose turn it is, what waits on answers first."""
    with pytest.raises(NotNow) as caught:
        RULES.play(state, action)
    return str(caught.value)


def fatigue(state, seat: int) -> int:
    return state.salmon[seat].deck.fatigue


# Set-up and the first player ---------------------------------------------------------------------


def test_each_salmon_starts_with_the_eleven_card_swim_deck_and_four_in_hand() -> None:
    # "3 Swim Forward, 3 Swim Right, 3 Swim Left, 1 Wild, 1 Bear"; "draws 4 cards to make their starting hand".
    state = new(3)
    for salmon in state.salmon:
        assert salmon.deck.as_dict() == {"forward": 3, "right": 3, "left": 3, "wild": 1, "bear": 1}
        assert salmon.deck.size == 11 and salmon.hand == 4
    assert [(s.name, s.colour) for s in state.salmon] == [("Ana", "red"), ("Ben", "blue"), ("Cy", "green")]
    assert state.piles.fatigue == 32 and state.piles.count("eagle") == 5
    assert state.phase == FIRST and reminders(state) == ("Roll the die for the first player.",)


def test_the_die_picks_the_first_player_and_rolls_above_the_players_again() -> None:
    # "Roll to randomly determine the current (first) player": 1 Ana, 2 Ben, 3 Cy; 5 and 4 are rolled again.
    state = new(3)
    action = first_player(state, [5, 4, 2])
    assert action.label == "Roll for the first player: 5, 4 rolled again; 2: Ben starts"
    state = act(state, action)
    assert state.phase == RACE and state.current == 1 and state.first == 1 and state.round == 1
    assert state.last_seat == 0  # Ana, before Ben, is the last player in turn order


@pytest.mark.parametrize("rolls, message", [
    ([3], "The die picks the first player: 1 to 2 names a seat, a roll above 2 is rolled again; [3] does not end "
          "with the first roll of 1 to 2."),
    ([1, 2], "The die picks the first player: 1 to 2 names a seat, a roll above 2 is rolled again; [1, 2] does not "
             "end with the first roll of 1 to 2."),
    ([], "Roll the die for the first player: rolls of 1 to 6."),
    ([7], "Roll the die for the first player: rolls of 1 to 6."),
])
def test_bad_first_player_rolls_are_refused(rolls, message) -> None:
    assert refused(new(2), first_player(new(2), rolls)) == message


@pytest.mark.parametrize("setup, message", [
    ({"players": [{"name": "Ana", "colour": "red"}]}, "players: Salmon Run is played by 2 to 4 players, not 1"),
    ({"players": [{"name": "Ana", "colour": "red"}, {"name": "ana", "colour": "blue"}]},
     "players[1].name: 'ana' is already players[0]: each player plays once"),
    ({"players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "Red"}]},
     "Two salmon are Red: each player takes a colour of their own."),
    ({"players": [{"name": "Ana", "colour": "red"}, {"name": "Ben"}]},
     "players[1].colour: each salmon has a colour of its own"),
    ({"supplemental": {"eagle": -1}}, "The Eagle pile holds 0 to 100 cards, not -1."),
    ({"river": {"start": "S1", "boards": [{"board": 1, "side": "E"}], "finish": "F1"}},
     "A river has 2 to 6 numbered boards between Start and Finish, not 1."),
])
def test_bad_set_ups_are_refused(setup, message) -> None:
    with pytest.raises(DomainError) as caught:
        RULES.initial_state({**sr.setup_for(PLAYERS[:2], difficulty_river(2)), **setup})
    assert str(caught.value) == message


def test_colours_come_from_the_data() -> None:
    with pytest.raises(SalmonRunError, match="The salmon colours are red, blue, green, yellow; not 'pink'."):
        sr.setup_for([("Ana", "pink"), ("Ben", "blue")], difficulty_river(2))


# Fatigue ----------------------------------------------------------------------------------------


def test_three_swim_cards_add_a_fatigue() -> None:
    # "If he plays 3 Swim cards, he must add a fatigue card to his Discard Pile."
    state = started()
    state = act(state, play(state, 0, "forward"))
    state = act(state, play(state, 0, "wild"))  # "The Wild card is a Swim card"
    assert "A third Swim card adds a Fatigue card to Ana's discard pile." in reminders(state)
    action = play(state, 0, "left")
    assert action.label == "Ana plays Swim Left (+1 Fatigue: 3 Swim cards)"
    state = act(state, action)
    assert fatigue(state, 0) == 1 and state.piles.fatigue == 31 and state.salmon[0].deck.size == 12


def test_two_swim_cards_and_a_bear_add_none() -> None:
    # "Playing non-Swim cards doesn't make you add a Fatigue."
    state = started()
    for card in ("forward", "bear", "right"):
        state = act(state, play(state, 0, card))
    assert fatigue(state, 0) == 0


def test_each_jump_adds_a_fatigue_and_a_third_swim_card_another() -> None:
    # "every time you jump you must add a Fatigue card"; a jump's two Swim cards and a third Swim card are
    # 3 Swim cards played: one more.
    state = started()
    action = jump(state, 0, ["forward", "right"])
    assert action.label == "Ana jumps with Swim Forward + Swim Right (+1 Fatigue: a jump)"
    state = act(state, action)
    assert fatigue(state, 0) == 1 and state.turn.played == ("forward", "right") and state.salmon[0].hand == 2
    state = act(state, play(state, 0, "left"))
    assert fatigue(state, 0) == 2


def test_a_jump_with_a_bear_card_after_it_adds_one() -> None:
    state = started()
    state = act(state, jump(state, 0, ["forward", "forward"]))
    state = act(state, play(state, 0, "bear"))
    assert fatigue(state, 0) == 1


def test_a_bear_on_a_salmon_adds_a_fatigue_on_any_turn() -> None:
    # "Any time a salmon occupies the same hex as a Bear, that player must add a Fatigue card."
    state = started()
    action = bear(state, 1)  # Ben, on Ana's turn (her Bear moved onto him)
    assert action.label == "A Bear on Ben's salmon: +1 Fatigue"
    state = act(state, action)
    assert fatigue(state, 1) == 1 and fatigue(state, 0) == 0


def test_only_fatigue_cards_played_returns_one() -> None:
    # "If you play nothing but Fatigue cards, return one of them to the Fatigue Deck."
    state = started()
    state = act(state, bear(state, 0))
    state = act(state, bear(state, 0))
    assert fatigue(state, 0) == 2 and state.piles.fatigue == 30
    state = act(state, play(state, 0, "fatigue"))
    state = act(state, play(state, 0, "fatigue"))
    assert "Only Fatigue cards played: one goes back to the Fatigue Deck when Ana ends the turn." in reminders(state)
    action = end_turn(state, 0)
    assert action.label == "Ana ends the turn: draws 2 back up to four, returns a Fatigue card"
    state = act(state, action)
    assert fatigue(state, 0) == 1 and state.piles.fatigue == 31 and state.salmon[0].fatigue_returned == 1


def test_only_fatigue_played_and_the_reeds_took_it_returns_nothing() -> None:
    # "If you play nothing but Fatigue cards, return one of them to the Fatigue Deck": Reeds that removed
    # the one played leave none of them to return (a random game ended with -1 Fatigue card in a deck).
    state = started()
    state = act(state, bear(state, 0))
    state = act(state, play(state, 0, "fatigue"))
    state = act(state, special_hex(state, 0, "reeds", cards=["fatigue"]))
    assert fatigue(state, 0) == 0 and state.piles.fatigue == 31
    action = end_turn(state, 0)
    assert action.label == "Ana ends the turn: draws 1 back up to four"
    state = act(state, action)
    assert fatigue(state, 0) == 0 and state.piles.fatigue == 31 and state.salmon[0].fatigue_returned == 0


def test_a_fatigue_and_a_swim_card_return_nothing() -> None:
    state = started()
    state = act(state, bear(state, 0))
    state = act(state, play(state, 0, "fatigue"))
    state = act(state, play(state, 0, "forward"))
    state = act(state, end_turn(state, 0))
    assert fatigue(state, 0) == 1


def test_an_empty_fatigue_deck_adds_nothing() -> None:
    state = started(fatigue_deck=1)
    state = act(state, jump(state, 0, ["forward", "left"]))
    action = play(state, 0, "right")
    assert action.label == "Ana plays Swim Right"  # no Fatigue card left to add
    state = act(state, action)
    assert fatigue(state, 0) == 1 and state.piles.fatigue == 0
    assert refused(state, special_hex(state, 0, "fatigue")) == "The Fatigue Deck is empty: the Fatigue hex gives nothing."


# Cards played and the hand limit --------------------------------------------------------------


def test_up_to_three_cards_and_only_cards_the_deck_holds() -> None:
    # "The current player plays up to 3 cards from his hand."
    state = started()
    assert not_now(state, play(state, 1, "forward")) == "It is Ana's turn: Ben cannot play a card now."
    assert refused(state, play(state, 0, "eagle")) == "Cannot play an Eagle card: Ana's deck holds no Eagle card."
    state = act(state, play(state, 0, "bear"))
    assert refused(state, play(state, 0, "bear")) == "Cannot play a Bear card: Ana's Bear card was played this turn already."
    state = act(state, play(state, 0, "forward"))
    state = act(state, play(state, 0, "forward"))
    assert sr.cards_left(state) == 0 and sr.playable(state) == ()
    assert refused(state, play(state, 0, "left")) == "Ana has played 3 cards this turn: end the turn."
    two_played = replace(state, turn=sr.Turn(0, ("bear", "forward")))
    assert refused(two_played, jump(two_played, 0, ["left", "left"])) == \
        "A jump is two card plays: Ana has 1 left this turn."


def test_a_jump_needs_two_swim_cards() -> None:
    state = started()
    message = "A jump combines two Swim cards (a Double Swim cannot jump by itself)."
    assert refused(state, jump(state, 0, ["double_forward"])) == message
    assert refused(state, jump(state, 0, ["forward", "bear"])) == message
    assert refused(state, jump(state, 0, ["wild", "wild"])) == "Cannot jump: Ana has 1 Wild card left to play."


def test_the_hand_limit_at_the_end_of_your_own_turn() -> None:
    # "If you have less than four cards at the end of your turn you must draw back up to four. If you
    # have more than four ... you must discard down to four." Draw +1 makes five.
    state = started()
    state = act(state, play(state, 0, "forward"))  # 3 in hand
    state = act(state, special_hex(state, 0, "draw"))  # Draw +1: 4
    state = act(state, special_hex(state, 0, "draw"))  # 5
    assert state.salmon[0].hand == 5 and hand_at_end(state) == -1
    assert "End of turn: Ana holds 5, discards 1 down to four." in reminders(state)
    assert refused(state, end_turn(state, 0, 0)) == "Ana holds 5 cards: discard 1 down to four, not 0."
    action = end_turn(state, 0)
    assert action.label == "Ana ends the turn: discards 1 down to four" and action.data["discards"] == 1
    state = act(state, action)
    assert state.salmon[0].hand == 4 and state.current == 1


def test_the_hand_limit_applies_only_on_your_own_turn() -> None:
    # "The hand size requirement only applies at the end of your turn and not other player's turns."
    state = started()
    state = act(state, special_hex(state, 1, "draw"))  # the current put Ben on a Draw +1 during Ana's turn
    state = act(state, end_turn(state, 0))
    assert state.salmon[1].hand == 5 and state.current == 1 and hand_at_end(state) == -1
    assert refused(state, end_turn(state, 1, 2)) == "Ben holds 5 cards: discard 1 down to four, not 2."


# The current, Rapids and the Eagle ---------------------------------------------------------------


def with_card(state, seat: int, card: str, n: int = 1):
    """`seat`'s salmon takes `n` `card`s from their hex (so its deck holds them), as on an earlier turn: a card
    taken this turn is in the discard pile, not to be played yet (see `test_a_card_taken_this_turn_...`)."""
    for _ in range(n):
        state = act(state, special_hex(state, seat, "current_or_rapids" if card in ("current", "rapids") else card,
                                       card=card))
    return replace(state, turn=replace(state.turn, gained=()))


def test_the_current_rolls_odd_arrow_1_even_arrow_2_and_again_for_a_waterfall() -> None:
    # "If there are 2 arrows, the die is rolled ... odd: arrow 1 ... even: arrow 2." "If the Current brings
    # you to a Waterfall hex, you must move backward another hex ... A second die roll may be necessary."
    state = started(3)
    state = with_card(state, 0, "current")
    state = act(state, play(state, 0, "current"))
    assert sr.waiting_on(state) == (0, 1, 2)
    assert not_now(state, play(state, 0, "forward")) == "Not now: the Current waits on Ana, Ben and Cy."
    state = act(state, sr.roll(state, 0, 3))  # the die for Ana's two arrows, recorded before it is shown
    action = drift(state, 0, 2)
    assert action.label == "Ana answers the Current"  # the roll is secret until every salmon has answered
    state = act(state, action)
    state = act(state, sr.roll(state, 1, 4))
    action = drift(state, 1, 2, waterfall_arrows=2, waterfall_roll=5)
    assert action.label == "Ben answers the Current"
    state = act(state, action)
    assert sr.answer_of(state, 1, viewer=1) == sr.Answer(1, arrows=2, roll=4, arrow=2, waterfall_arrows=2,
                                                         waterfall_roll=5, waterfall_arrow=1)
    assert sr.answer_of(state, 1, viewer=0) is sr.answer_of(state, 1) is None  # secret until all have answered
    state = act(state, drift(state, 2, 0))
    assert state.pending is None and [a.arrow for a in state.last.answers] == [1, 2, None]
    assert [arrow_for(r) for r in range(1, 7)] == [1, 2, 1, 2, 1, 2]


def test_countering_the_current_spares_only_the_counterer() -> None:
    # "Player 2 decides to counter the Current by discarding a Current card ... Player 3 ... must move."
    # "It is possible for a player to counter his own card play if he has a second copy in hand."
    state = started(3)
    state = with_card(state, 0, "current", 2)
    state = with_card(state, 1, "current")
    state = act(state, play(state, 0, "current"))
    assert sr.can_counter(state, 0) and sr.can_counter(state, 1) and not sr.can_counter(state, 2)
    assert refused(state, counter(state, 2)) == "Cy has no Current card to counter with."
    state = act(state, counter(state, 0))  # her second copy
    assert state.salmon[0].hand == 3  # 4, less the Current played: the counter shows at the reveal
    state = act(state, counter(state, 1))
    assert refused(state, counter(state, 1)) == "Ben has already answered this Current."
    assert refused(state, drift(state, 2, 2)) == ("Cy's hex has two arrows: roll the die first (odd: arrow 1, even: "
                                                  "arrow 2).")
    assert refused(state, drift(state, 2, 1, roll=3)) == "Cy's hex has 1 arrow: no roll is needed."
    assert refused(state, drift(state, 2, 3)) == "Cy's hex has 0, 1 or 2 current arrows, not 3."
    state = act(state, drift(state, 2, 1))
    assert state.pending is None and [a.countered for a in state.last.answers] == [True, True, False]
    assert [s.hand for s in state.salmon] == [2, 3, 4]  # revealed: each counter discarded its card


def test_a_two_arrow_roll_is_recorded_before_it_is_shown_and_the_answer_reads_it() -> None:
    # "CURRENTS: ... If there are 2 arrows, the die is rolled. Each player rolls individually, if necessary.
    # On an odd-numbered roll, move in the direction of the arrow labeled "1". On an even-numbered roll, move
    # in the direction of the arrow labeled "2"." The roll is a move of Ben's own, in the log before his
    # phone shows it: a reload, a restart or another phone reads it and rolls nothing again.
    state = started(3)
    state = with_card(with_card(state, 0, "current"), 1, "current")
    state = act(state, play(state, 0, "current"))
    assert sr.may_roll(state, 1) and sr.rolled(state, 1) is None
    action = sr.roll(state, 1, 5)
    assert (action.type, action.data, action.label) == ("roll", {"seat": 1, "roll": 5},
                                                        "Ben rolls the die for the Current")
    assert RULES.whose(state, action) == 1 and RULES.is_secret(action)  # Ben's move, final once revealed
    state = act(state, action)
    assert sr.rolled(state, 1) == 5 and not sr.may_roll(state, 1)
    assert refused(state, sr.roll(state, 1, 2)) == ("Ben has rolled for this Current already: one roll per Current, "
                                                    "and it stands.")
    # A salmon that rolled moves with the current: its counter came instead of the roll, not after it.
    assert not sr.can_counter(state, 1)
    assert refused(state, counter(state, 1)) == ("Ben has rolled for this Current: the salmon moves with it (a counter "
                                                 "comes instead of the roll, not after it).")
    assert refused(state, drift(state, 1, 2, roll=2)) == ("Ben rolled 5 for this Current: the answer follows that "
                                                          "roll, not 2.")
    assert drift(state, 1, 2).data == {"seat": 1, "arrows": 2, "roll": 5}  # the answer repeats the roll recorded
    state = act(state, drift(state, 1, 2))
    assert sr.answer_of(state, 1, viewer=1).arrow == 1  # 5 is odd: arrow 1
    assert refused(state, sr.roll(state, 2, 7)) == "The die shows 1 to 6, not 7."
    state = act(act(state, drift(state, 0, 0)), drift(state, 2, 1))
    assert state.pending is None and state.rolls == () and state.last.answers[1].roll == 5
    assert refused(state, sr.roll(state, 2, 3)) == "No Current card is waiting: Cy cannot roll for the Current now."


def test_a_race_set_up_before_recorded_rolls_replays_its_rolls_in_the_answers() -> None:
    # A journal written before the roll had a move of its own (its set-up has no rules_version): the roll
    # is in the answer's data, and it replays so.
    setup = {k: v for k, v in sr.setup_for(PLAYERS[:2], difficulty_river(2)).items() if k != "rules_version"}
    state = RULES.initial_state(setup)
    assert state.rules_version == sr.EARLIER_RULES and sr.setup_for(PLAYERS[:2], difficulty_river(2))[
        "rules_version"] == sr.RULES_VERSION == 3
    state = act(state, first_player(state, [1]))
    state = with_card(state, 0, "current")
    state = act(state, play(state, 0, "current"))
    state = act(act(state, drift(state, 0, 2, roll=4)), drift(state, 1, 0))
    assert state.last.answers[0].roll == 4 and state.last.answers[0].arrow == 2
    with pytest.raises(SalmonRunError, match="rules version is 1 to 3, not 4"):
        RULES.initial_state({**setup, "rules_version": 4})


def test_a_salmon_in_the_spawning_pond_is_not_asked_to_answer_a_current_or_rapids() -> None:
    # "Any salmon on a hex with no arrows is unaffected by the current." (CURRENTS); Rapids: "every player
    # counts the number of current arrows on the hex his salmon occupies ... Each player must discard that
    # number of cards". A salmon that reached the spawning pond is on no hex of the river: no arrows, nothing
    # to answer (WINNING THE GAME: "play continues until the last player's turn").
    state = started(3)
    state = with_card(with_card(state, 0, "current"), 0, "rapids")
    state = act(state, pond(state, 1))  # Ben's salmon reached the pond (carried there in Ana's turn)
    state = act(state, play(state, 0, "current"))
    assert sr.asked(state) == (0, 2) and sr.waiting_on(state) == (0, 2)
    assert refused(state, drift(state, 1, 0)) == ("Ben's salmon is in the spawning pond, on no hex of the river: the "
                                                  "Current asks nothing of it.")
    assert refused(state, sr.roll(state, 1, 3)).startswith("Ben's salmon is in the spawning pond")
    state = act(act(state, drift(state, 0, 0)), drift(state, 2, 1))
    assert state.pending is None and [a.seat for a in state.last.answers] == [0, 2]
    state = act(state, play(state, 0, "rapids"))
    assert sr.waiting_on(state) == (0, 2)
    state = act(act(state, sr.rapids(state, 0, 0)), sr.rapids(state, 2, 2))
    assert [s.hand for s in state.salmon] == [2, 4, 2]  # Ben keeps his four
    # Every salmon in the pond: the card asks nobody, and is resolved at once.
    two = started(2)
    two = with_card(two, 0, "current")
    two = act(act(two, pond(two, 0)), pond(two, 1))
    two = act(two, play(two, 0, "current"))
    assert two.pending is None and two.last.card == "current" and two.last.answers == ()


def test_a_race_set_up_before_asks_the_salmon_in_the_pond_as_it_did() -> None:
    setup = {k: v for k, v in sr.setup_for(PLAYERS[:2], difficulty_river(2)).items() if k != "rules_version"}
    state = RULES.initial_state(setup)
    state = act(state, first_player(state, [1]))
    state = with_card(state, 0, "current")
    state = act(act(state, pond(state, 1)), play(state, 0, "current"))
    assert sr.waiting_on(state) == (0, 1)
    state = act(act(state, drift(state, 1, 1)), drift(state, 0, 0))
    assert [a.seat for a in state.last.answers] == [0, 1]


def test_rapids_discard_one_card_per_arrow() -> None:
    # "every player counts the number of current arrows on the hex his salmon occupies. This may be 0, 1, or 2
    # arrows. Each player must discard that number of cards from their hand. This includes the player who
    # played the Rapids card."
    state = started(3)
    state = with_card(state, 0, "rapids")
    state = act(state, play(state, 0, "rapids"))  # Ana holds 3
    action = rapids(state, 0, 2)
    assert action.label == "Ana answers the Rapids"
    state = act(state, action)
    state = act(state, rapids(state, 1, 1))
    assert state.salmon[0].hand == 3 and state.salmon[1].hand == 4  # nobody's hand moves before the reveal
    state = act(state, rapids(state, 2, 0))
    assert state.pending is None and [a.discards for a in state.last.answers] == [2, 1, 0]
    assert state.salmon[0].hand == 1 and state.salmon[1].hand == 3
    assert sr.rapids_discards(2, 1) == 1  # no more than the hand holds


def test_an_eagle_recorded_in_one_step_replays_as_it_was_played() -> None:
    # "When playing the Eagle, you get to look at any player's hand ... and discard a card of your choice. The
    # affected player may discard his own Eagle to prevent this." Races recorded before the target answered on
    # their own phone said it in one step (a counter, or the card lost): their journals replay so.
    state = started(3)
    state = with_card(state, 0, "eagle")
    state = with_card(state, 1, "eagle")
    state = act(state, play(state, 0, "eagle"))
    action = eagle(state, 1, countered=True)
    assert action.label == "Ben counters the Eagle"
    state = act(state, action)
    assert state.salmon[1].hand == 3 and state.pending is None
    state = act(state, end_turn(state, 0))
    state = act(state, play(state, 1, "eagle"))
    action = eagle(state, 2)
    assert action.label == "Ben's Eagle: Cy discards a card"
    assert refused(state, eagle(state, 2, countered=True)) == "Cy has no Eagle card to counter with."
    state = act(state, action)
    assert state.salmon[2].hand == 3 and state.pending is None


def test_the_eagles_target_answers_it_on_their_own_phone_once_named() -> None:
    # "you get to look at any player's hand (including your own) and discard a card of your choice. The affected
    # player may discard his own Eagle to prevent this": the affected player is known once named, and answers.
    state = started(3)
    state = with_card(state, 0, "eagle")
    state = with_card(state, 1, "eagle")
    state = act(state, play(state, 0, "eagle"))
    assert sr.waiting_on(state) == (0,)  # Ana names whose hand
    action = eagle_target(state, 1)
    assert action.label == "Ana's Eagle is on Ben"
    state = act(state, action)
    assert state.pending.target == 1 and state.salmon[1].hand == 4 and sr.waiting_on(state) == (1,)
    assert "waiting on Ben" in " ".join(reminders(state))
    assert refused(state, eagle(state, 2)) == "Ben is the Eagle's target: Ben answers it, not Cy."
    assert refused(state, eagle_target(state, 2)) == "Ben is the Eagle's target already: Ben answers it."
    assert not_now(state, end_turn(state, 0)) == "Not now: the Eagle waits on Ben's answer."
    ana, ben = Actor("p-ana", "Ana", undoes_anyone=False), Actor("p-ben", "Ben", undoes_anyone=False)
    for answer in (eagle(state, 1), eagle(state, 1, countered=True)):  # Ben's answer, on Ben's phone only
        assert RULES.whose(state, answer) == 1
        with pytest.raises(NotYourSeat, match="This phone is Ana's: Ben taps on their own phone"):
            RULES.authorize(state, answer, ana)
        RULES.authorize(state, answer, ben)
    countered = act(state, eagle(state, 1, countered=True))
    assert countered.pending is None and countered.salmon[1].hand == 3 and countered.last.answers[0].countered
    lost = act(state, eagle(state, 1))
    assert lost.pending is None and lost.salmon[1].hand == 3 and lost.last.answers[0].discards == 1


def test_an_eagle_on_a_player_who_holds_none_takes_the_card_at_once() -> None:
    # Cy's deck holds no Eagle: there is nothing to counter with, so nobody waits on Cy.
    state = started(3)
    state = with_card(state, 0, "eagle")
    state = act(state, play(state, 0, "eagle"))
    state = act(state, eagle_target(state, 2))
    assert state.pending is None and state.salmon[2].hand == 3 and state.last.answers[0].discards == 1


def test_a_card_taken_from_a_hex_this_turn_is_not_played_nor_countered_with_this_turn() -> None:
    # "When your salmon moves onto the Eagle hex you add an Eagle card from the supplemental pile to your
    # discard pile. This will allow you to play the Eagle once the card cycles through your deck and into
    # your hand." (seeds/002, THE EAGLE). Issue 63: "Play Eagle" was offered and taken the same turn.
    state = started(3)
    state = act(state, special_hex(state, 0, "eagle", card="eagle"))
    assert "eagle" not in playable(state) and state.salmon[0].deck.count("eagle") == 1
    assert refused(state, play(state, 0, "eagle")) == ("Cannot play an Eagle card: Ana's Eagle card was taken this "
                                                       "turn: it is in the discard pile until the deck comes round.")
    state = with_card(state, 0, "current")
    state = act(state, special_hex(state, 2, "current_or_rapids", card="current"))  # the river carried Cy there
    state = act(state, play(state, 0, "current"))
    assert refused(state, counter(state, 2)).startswith("Cy")  # Cy's Current is in Cy's discard pile
    # A card drawn from a Draw +1 hex may be it (the discard pile shuffled into a new draw pile): it may be played.
    state = started(3)
    state = act(state, special_hex(state, 0, "eagle", card="eagle"))
    state = act(state, special_hex(state, 0, "draw"))
    assert "eagle" in playable(state)
    # A race set up by rules version 2 replays as it was played: the card was playable at once.
    earlier = started(3, rules_version=2)
    earlier = act(earlier, special_hex(earlier, 0, "eagle", card="eagle"))
    assert "eagle" in playable(earlier)


# Special hexes and each salmon's deck ----------------------------------------------------------------


def test_hexes_add_cards_from_their_piles_until_a_pile_runs_out() -> None:
    # "When a supplemental pile runs out, moving to that special hex no longer allows you to add that card."
    state = started(supplemental={**{p: 0 for p in SUPPLEMENTAL}, "forward": 1, "left": 1, "eagle": 1})
    action = special_hex(state, 0, "swim", card="forward")
    assert action.label == "Ana: Swim hex, takes Swim Forward"
    state = act(state, action)
    assert state.salmon[0].deck.count("forward") == 4 and state.piles.count("forward") == 0
    assert hex_choices(state, "swim") == ("left",)
    assert refused(state, special_hex(state, 1, "swim", card="forward")) == \
        "The Swim Forward pile is empty: choose Swim Left."
    assert refused(state, special_hex(state, 1, "swim", card="double_left")) == \
        "The Swim hex gives Swim Forward or Swim Left or Swim Right, not Double Swim Left."
    state = act(state, special_hex(state, 1, "eagle"))
    assert hex_choices(state, "eagle") == ()
    assert refused(state, special_hex(state, 0, "eagle")) == "The Eagle pile is empty: the Eagle hex gives nothing."
    assert refused(state, special_hex(state, 0, "double_swim", card="double_left")) == \
        "The Double Swim Left pile is empty: the Double Swim hex gives nothing."


def test_a_hex_card_that_is_not_a_card_is_refused_by_what_was_sent() -> None:
    # A list for the card crashed the refusal's words (found by the conformance suite's fuzz).
    state = started()
    assert refused(state, Action("hex", {"seat": 0, "hex": "swim", "card": []}, "fuzzed")) == \
        "The Swim hex gives Swim Forward or Swim Left or Swim Right, not []."


def test_reeds_remove_cards_the_deck_holds() -> None:
    # "If the Reeds hex has two icons, you may remove two cards from your deck."
    state = started()
    assert refused(state, special_hex(state, 0, "reeds", cards=["eagle"])) == \
        "Ana's deck holds no Eagle card: it cannot remove 1."
    assert refused(state, special_hex(state, 0, "reeds", cards=["bear", "left"])) == \
        "The Reeds hex removes 1 card: say which."
    assert refused(state, special_hex(state, 0, "reeds_two", cards=["wild", "wild"])) == \
        "Ana's deck holds 1 Wild card: it cannot remove 2."
    action = special_hex(state, 0, "reeds_two", cards=["bear", "left"], from_hand=1)
    assert action.label == "Ana: Reeds (two icons), removes Bear, Swim Left"
    state = act(state, action)
    s = state.salmon[0]
    assert s.deck.size == 9 and s.removed == 2 and s.hand == 3 and s.deck.count("bear") == 0


def test_the_rules_reference() -> None:
    # "A Current card counters the Current card. A Rapids card counters the Rapids card. An Eagle counters an
    # Eagle card. There is no counter to the Bear."
    assert COUNTERS == (("current", "current"), ("rapids", "rapids"), ("eagle", "eagle"), ("bear", None))
    ids = [h.id for h in SPECIAL_HEXES]
    assert ids == ["bear", "eagle", "wild", "current", "rapids", "current_or_rapids", "swim", "double_swim", "fatigue",
                   "draw", "reeds", "reeds_two", "rock", "waterfall"]
    assert all(h.effect and "\n" not in h.effect for h in SPECIAL_HEXES)
    assert set(SWIM_CARDS) == {"forward", "right", "left", "double_forward", "double_right", "double_left", "wild"}


# The end of the race ----------------------------------------------------------------------------------


def test_play_continues_to_the_last_players_turn_then_one_salmon_in_the_pond_wins() -> None:
    # "Once a salmon reaches the spawning pond, play continues until the last player's turn."
    state = started(3, first=1)  # Ben first; Cy, then Ana last
    state = act(state, end_turn(state, 1))
    action = pond(state, 2)
    assert action.label == "Cy's salmon reaches the spawning pond (round 1)"
    state = act(state, action)
    assert sr.race_ends_after(state) == 0
    assert "Cy is in the spawning pond: the race ends when Ana ends the turn." in reminders(state)
    state = act(state, end_turn(state, 2))
    assert state.phase == RACE and state.current == 0
    action = end_turn(state, 0)
    assert action.label == "Ana ends the turn: the race is over"
    state = act(state, action)
    assert state.phase == OVER and state.over and reminders(state) == ("The race is over: Cy wins.",)
    assert refused(state, play(state, 0, "forward")) == "The race is over."
    play_ = to_play(state, "p1", "2026-11-20T21:00:00")
    assert isinstance(play_, Play) and play_.game == "salmon-run" and play_.winners == ("Cy",)
    assert play_.entry["players"][2] == {"name": "Cy", "colour": "green", "in_pond": True, "fatigue": 0, "turn": 1}
    assert play_.entry["players"][0]["turn"] is None
    assert Play.from_doc(play_.to_doc()) == play_


def test_several_in_the_pond_the_fewest_fatigue_wins_and_equal_is_a_tie() -> None:
    # "the winner is the player with the fewest Fatigue cards in his Swim deck (including his discard pile and
    # his hand). If they have the same number of Fatigue cards, the game is a tie."
    state = started(2)  # Ana first, Ben last
    state = act(state, bear(state, 0))
    state = act(state, pond(state, 0))
    state = act(state, end_turn(state, 0))
    state = act(state, pond(state, 1))
    assert refused(state, pond(state, 1)) == "Ben's salmon is already in the spawning pond."
    state = act(state, end_turn(state, 1))
    assert state.over and reminders(state) == ("The race is over: Ben wins.",)
    results, winners = sr.standings(state)
    assert winners == ("Ben",) and [(r.name, r.total, r.rank) for r in results] == [("Ana", 1, 2), ("Ben", 0, 1)]
    tied = started(2)
    tied = act(tied, pond(tied, 0))
    tied = act(tied, pond(tied, 1))
    tied = act(tied, end_turn(tied, 0))
    tied = act(tied, end_turn(tied, 1))
    assert reminders(tied) == ("The race is over: a tie between Ana and Ben.",)
    assert to_play(tied, "p2", "2026-11-20T21:00:00").winners == ("Ana", "Ben")


# Invariants under random play (tests/unit/test_conformance.py plays every game to its end) -----------------


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_deck_is_eleven_plus_added_less_removed_and_no_card_is_made_or_lost(seed) -> None:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.example_setup(rng))
    total_cards = state.piles.size + sum(s.deck.size for s in state.salmon)
    while not state.over:
        try:
            state = act(state, rng.choice(RULES.candidates(state, rng)))
        except DomainError as exc:
            assert str(exc)
            continue
        for s in state.salmon:
            # The Swim Deck's 11, the cards hexes added less those Reeds removed, Fatigue taken less returned.
            assert s.deck.size == 11 + s.added - s.removed + s.fatigue_gained - s.fatigue_returned
            assert all(n >= 0 for n in s.deck.counts) and 0 <= s.hand <= s.deck.size
            assert s.deck.fatigue <= s.fatigue_gained - s.fatigue_returned
        assert all(n >= 0 for n in state.piles.counts)
        removed = sum(s.removed for s in state.salmon)
        assert state.piles.size + sum(s.deck.size for s in state.salmon) + removed == total_cards


def test_answers_of_two_salmon_touch_different_parts_and_a_card_played_touches_all() -> None:
    # "Each player rolls individually": answers to one Current come from every phone at once.
    from companion.core.actions import independent
    from companion.games.salmon_run.rules import RULES as RACE

    ana, ben = (RACE.footprint(Action("drift", {"seat": s, "arrows": 0})) for s in (0, 1))
    assert independent(ana, ben)
    assert not independent(ana, RACE.footprint(Action("drift", {"seat": 0, "arrows": 1})))
    assert not independent(ana, RACE.footprint(Action("play", {"seat": 1, "card": "forward"})))


def test_the_kit_refuses_a_move_out_of_its_phase_in_words() -> None:
    # The race's phase (the table kit's): the current player's turn, then, while an Eagle waits, its target.
    host = Actor("p-host", "Host", undoes_anyone=True)  # acts for every seat, but not out of turn
    state = with_card(with_card(started(3), 0, "eagle"), 1, "eagle")
    assert RULES.phase(state).seats() == (0,)
    with pytest.raises(NotNow, match=r"^It is Ana's turn: Ben cannot play a card now\.$"):
        RULES.authorize(state, play(state, 1, "forward"), host)
    state = act(state, play(state, 0, "eagle"))
    with pytest.raises(NotNow, match=r"^Not now: Ana names the Eagle's target\.$"):
        RULES.authorize(state, end_turn(state, 0), host)
    state = act(state, eagle_target(state, 1))
    with pytest.raises(NotNow, match=r"^Not now: the Eagle waits on Ben's answer\.$"):
        RULES.authorize(state, eagle(state, 2), host)
    RULES.authorize(state, eagle(state, 1, countered=True), host)
    RULES.authorize(state, special_hex(state, 2, "fatigue"), host)  # what the river did: at any time
