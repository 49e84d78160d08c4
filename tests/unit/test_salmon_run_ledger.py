"""Salmon Run's turn ledger and what another player's salmon may record (seeds/002: Currents, the
Bear): every roll the app makes is on the turn's lines with what it meant, once it is no secret; a
salmon outside its turn records a hex only when a Current carried it, a Bear only when a Current or
a Bear card could have brought one."""

from __future__ import annotations

from dataclasses import replace

from companion.core.actions import Action
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.ledger import Line, answer_words, ledgers
from companion.games.salmon_run.river import difficulty_river
from companion.games.salmon_run.rules import RULES

PLAYERS = [("Ana", "red"), ("Ben", "blue"), ("Cy", "green")]


class Race:
    """A race of three and its log, played action by action."""

    def __init__(self, first: int = 0) -> None:
        self.state = RULES.initial_state(sr.setup_for(PLAYERS, difficulty_river(2)))
        self.log: list[Action] = []
        self.act(sr.first_player(self.state, [first + 1]))

    def act(self, action: Action) -> Race:
        self.state = RULES.apply(self.state, action)
        self.log.append(action)
        return self

    def holding(self, seat: int, card: str = sr.CURRENT) -> Race:
        """`seat`'s salmon takes `card` from its hex, as on an earlier turn (a card taken this turn is in
        the discard pile, not yet to be played)."""
        self.act(sr.special_hex(self.state, seat, sr.CURRENT_HEX, card=card))
        self.state = replace(self.state, turn=replace(self.state.turn, gained=()))
        return self

    def texts(self) -> list[list[str]]:
        return [[line.text for line in ledger.lines] for ledger in ledgers(self.state, self.log)]


def test_the_first_players_roll_is_on_the_first_turns_lines_with_its_dice() -> None:
    race = Race()
    race.state = RULES.initial_state(sr.setup_for(PLAYERS, difficulty_river(2)))
    race.log = []
    race.act(sr.first_player(race.state, [5, 4, 2]))  # 5 and 4 rolled again: "a roll above 3"
    [ledger] = ledgers(race.state, race.log)
    assert ledger.seat == 1 and ledger.lines == (Line("Roll for the first player: 5, 4 rolled again; 2: Ben starts",
                                                      (5, 4, 2)),)


def test_a_currents_answers_are_on_the_turn_once_the_last_is_in_with_each_roll_and_its_arrow() -> None:
    race = Race()
    race.holding(0)
    race.act(sr.play(race.state, 0, sr.CURRENT))
    race.act(sr.roll(race.state, 1, 5)).act(sr.drift(race.state, 1, 2))  # Ben: two arrows, rolled 5: odd, arrow 1
    race.act(sr.roll(race.state, 2, 4))  # Cy: rolled 4 (arrow 2), into a Waterfall of two: 3, arrow 1
    race.act(sr.drift(race.state, 2, 2, None, 2, 3))
    assert not any("roll" in t for t in race.texts()[0])  # Ana has not answered: the answers and rolls are secret
    race.act(sr.drift(race.state, 0, 0))
    [lines] = [ledger.lines for ledger in ledgers(race.state, race.log)]
    assert lines[-4:] == (Line("Ana plays Current"), Line("Ana: 0 arrows, stayed"),
                          Line("Ben rolled 5 (odd): arrow 1", (5,)),
                          Line("Cy rolled 4 (even): arrow 2, then into a Waterfall and rolled 3 (odd): arrow 1",
                               (4, 3)))
    race.act(sr.play(race.state, 0, "forward")).act(sr.end_turn(race.state, 0))
    now, before = ledgers(race.state, race.log)  # Ben's turn, nothing yet: Ana's turn, just ended, too
    assert now.seat == 1 and now.lines == () and before.seat == 0 and before.ended
    assert Line("Ben rolled 5 (odd): arrow 1", (5,)) in before.lines and before.lines[-1].text.startswith("Ana ends")
    race.act(sr.play(race.state, 1, "forward"))
    assert race.texts() == [["Ben plays Swim Forward"]]  # once Ben's turn does something, only his


def test_answers_in_words_say_every_count_with_its_word() -> None:
    rapids = sr.Answer(0, arrows=1, discards=1)
    assert answer_words("Ana", rapids, sr.RAPIDS) == "Ana: 1 arrow, so 1 card to discard"
    assert answer_words("You", sr.Answer(0, arrows=2, discards=2), sr.RAPIDS) == "You: 2 arrows, so 2 cards to discard"
    assert answer_words("Ben", sr.Answer(1, countered=True), sr.CURRENT) == "Ben countered it with a Current card"
    assert answer_words("Cy", sr.Answer(2, arrows=1, arrow=1, waterfall_arrows=1, waterfall_arrow=1), sr.CURRENT) == \
        "Cy: 1 arrow, followed it, then into a Waterfall: its 1 arrow, followed it"


def test_another_salmon_records_a_hex_only_after_a_current_carried_it_and_a_bear_after_a_bear_card() -> None:
    race = Race()
    assert sr.may_land(race.state, 0) and not sr.may_land(race.state, 1) and not sr.may_meet_bear(race.state, 1)
    for seat in (0, 2):  # a Current card each: Ana's to play, Cy's to counter it
        race.holding(seat)
    race.act(sr.play(race.state, 0, sr.CURRENT))
    race.act(sr.drift(race.state, 0, 0)).act(sr.drift(race.state, 1, 1)).act(sr.counter(race.state, 2))
    assert sr.may_land(race.state, 1) and sr.may_meet_bear(race.state, 1)  # Ben followed an arrow
    assert not sr.may_land(race.state, 2) and not sr.may_meet_bear(race.state, 2)  # Cy countered it
    race.act(sr.play(race.state, 0, sr.BEAR))  # a Bear moved: it may stop on any salmon
    assert sr.may_meet_bear(race.state, 2) and not sr.may_land(race.state, 2)
    race.act(sr.end_turn(race.state, 0))
    assert not sr.may_land(race.state, 0) and not sr.may_meet_bear(race.state, 2)  # Ben's turn: his own only


def test_the_reminders_say_whose_turn_and_who_still_answers_in_good_grammar() -> None:
    # "Resolve the Current: Ana still move with it" once Ben's answer was in.
    race = Race()
    race.holding(0)
    race.act(sr.play(race.state, 0, sr.CURRENT))
    assert sr.reminders(race.state)[:2] == (
        "Resolve the Current: Ana, Ben and Cy still have to answer: move with it, or counter it with a Current card.",
        "Round 1: Ana's turn.")
    race.act(sr.drift(race.state, 1, 0)).act(sr.drift(race.state, 2, 0))
    assert sr.reminders(race.state)[0].startswith("Resolve the Current: Ana still has to answer: ")
