"""The pearl boat game's hidden duel (seeds/003: "Attack Card Trade-In (Hidden Attack)"): both
boats choose Net, Anchor or Hook in secret, revealed at once; Net beats Anchor, Anchor beats Hook,
Hook beats Net; the same choice means choosing again; the loser loses 2 pearls."""

from __future__ import annotations

import itertools

import pytest

from companion.core.actions import independent
from companion.core.session_log import replay
from companion.games.pearl_boat import rules as pb
from companion.games.pearl_boat.chance import HIDDEN_ATTACK
from companion.games.pearl_boat.rules import (
    ANCHOR,
    DUEL_CHOICES,
    HOOK,
    NET,
    RULES,
    duel_choice_of,
    duel_choose,
    duel_revealed,
    duel_told,
    duel_waiting_for,
    use_card,
)
from tests.unit.test_pearl_boat_rules import act, boat, moved, not_now, refused, started

WINS = {(NET, ANCHOR), (ANCHOR, HOOK), (HOOK, NET)}  # (winner's choice, loser's choice)


def engaged(pearls=(5, 5)):
    """Ana (seat 0, her turn) attacks Ben with her hidden attack; both hold one."""
    state = boat(boat(moved(started()), 0, attacks=(HIDDEN_ATTACK,), pearls=pearls[0]), 1,
                 attacks=(HIDDEN_ATTACK,), pearls=pearls[1])
    return act(state, use_card(state, 0, HIDDEN_ATTACK, target=1))


def test_a_hidden_attack_on_a_boat_holding_one_starts_a_duel() -> None:
    state = engaged()
    assert state.duel == pb.Duel(0, 1, turn=1) and state.boats[0].attacks == () and state.boats[1].attacks == (HIDDEN_ATTACK,)
    assert duel_waiting_for(state) == (0, 1)
    assert not_now(state, pb.end_turn(state, 0)) == "Not now: the hidden duel waits on Ana and Ben."


def test_attacking_a_boat_without_a_hidden_attack_does_nothing() -> None:
    # "If a player with a hidden attack tries to attack someone without it, nothing will occur."
    state = boat(moved(started()), 0, attacks=(HIDDEN_ATTACK,))
    after = act(state, use_card(state, 0, HIDDEN_ATTACK, target=1))
    assert after.duel is None and after.boats == state.boats
    assert after.notice == "Ben holds no hidden attack: nothing happens."


@pytest.mark.parametrize("a, d", list(itertools.product(DUEL_CHOICES, repeat=2)))
def test_all_nine_pairs(a, d) -> None:
    state = engaged()
    state = act(state, duel_choose(state, 0, a))
    assert duel_choice_of(state, 0, viewer=0) == a and duel_choice_of(state, 1, viewer=1) is None  # Ben: not yet
    assert duel_choice_of(state, 0, viewer=1) is duel_choice_of(state, 0) is None  # secret on Ben's phone
    assert duel_revealed(state) == () and duel_waiting_for(state) == (1,)
    state = act(state, duel_choose(state, 1, d))
    if a == d:
        # "If both players choose the same item, they must announce their new choices"
        assert state.duel is not None and duel_revealed(state) == (pb.DuelRound(a, d),)
        assert duel_choice_of(state, 0, viewer=0) is None and duel_waiting_for(state) == (0, 1)
        assert [b.pearls for b in state.boats] == [5, 5]
        assert state.notice.endswith(": the same, choose again.")
    else:
        loser = 1 if (a, d) in WINS else 0
        assert state.duel is None and state.last_duel.loser == loser and state.last_duel.winner == 1 - loser
        # "The loser from this battle loses 2 pearls."
        assert [b.pearls for b in state.boats] == [5 - 2 * (loser == 0), 5 - 2 * (loser == 1)]
        assert duel_revealed(state) == (pb.DuelRound(a, d),)
        assert duel_told(state)  # the notice names both choices and the winner: no line of the rounds too
        assert duel_told(act(state, pb.catch(state, 0, "salmon")))  # a catch leaves the notice as it was
        drawn = act(state, pb.draw(state, 0, 6))  # a Slow down: "Ana keeps the card drawn, face down."
        assert "keeps the card" in drawn.notice and not duel_told(drawn)  # its words gone: the line says it


def test_repeats_until_a_clear_victor() -> None:
    state = engaged()
    for a, d in ((HOOK, HOOK), (NET, NET), (ANCHOR, ANCHOR), (NET, HOOK)):  # Hook beats Net: Ben wins
        state = act(state, duel_choose(state, 0, a))
        state = act(state, duel_choose(state, 1, d))
    assert state.duel is None and state.last_duel.winner == 1 and state.last_duel.paid == 2
    assert [r.winner for r in duel_revealed(state)] == [None, None, None, "second"]
    assert not duel_told(state)  # the notice names the last round only: the line gives all four
    assert [b.pearls for b in state.boats] == [3, 5]


def test_the_loser_never_goes_below_0_pearls() -> None:
    state = engaged(pearls=(1, 0))
    state = act(state, duel_choose(state, 0, NET))
    state = act(state, duel_choose(state, 1, HOOK))  # Hook beats Net: Ana loses, holding 1 pearl
    assert state.boats[0].pearls == 0 and state.last_duel.paid == 1


def test_each_chooses_once_a_round_and_only_the_duellists() -> None:
    state = boat(engaged(), 1, attacks=(HIDDEN_ATTACK,))
    state = act(state, duel_choose(state, 1, NET))
    assert refused(state, duel_choose(state, 1, HOOK)) == "Ben has already chosen this round."
    assert refused(state, duel_choose(state, 0, "rock")) == "Choose net, anchor or hook, not 'rock'."
    three = act(pb.RULES.initial_state(pb.setup_for(["Ana", "Ben", "Cy"])), pb.order_roll(
        pb.RULES.initial_state(pb.setup_for(["Ana", "Ben", "Cy"])), [6, 5, 4]))
    assert refused(three, duel_choose(three, 2, NET)) == "There is no hidden duel to choose in."


def test_the_label_keeps_the_choice_secret() -> None:
    assert duel_choose(engaged(), 0, HOOK).label == "Ana chooses in secret"


def test_two_phones_choose_at_the_same_moment_and_either_order_gives_the_same_state() -> None:
    state = engaged()
    ana, ben = duel_choose(state, 0, ANCHOR), duel_choose(state, 1, HOOK)
    assert independent(RULES.footprint(ana), RULES.footprint(ben))
    assert not independent(RULES.footprint(ana), RULES.footprint(duel_choose(state, 0, NET)))
    one = act(act(state, ana), ben)
    other = act(act(state, ben), ana)
    assert one == other and one.last_duel.winner == 0 and one.boats[1].pearls == 3  # Anchor beats Hook


def test_a_card_sold_during_a_duel_is_not_declared_independent_of_the_revealing_choice() -> None:
    # The reveal charges the loser: Ben, with 1 pearl, sells a card (+2) then loses 2 (1 left), or
    # loses his 1 first and then sells (2 left). Declared independent, a sell from a stale screen was
    # taken after the reveal without a word.
    state = boat(engaged(pearls=(5, 1)), 1, upgrades=("move_choice",))
    state = act(state, duel_choose(state, 0, NET))
    reveal, sale = duel_choose(state, 1, ANCHOR), pb.sell(state, 1, "move_choice")  # Net beats Anchor
    assert act(act(state, sale), reveal).boats[1].pearls != act(act(state, reveal), sale).boats[1].pearls
    assert not independent(RULES.footprint(reveal), RULES.footprint(sale))
    assert not independent(RULES.footprint(reveal), RULES.footprint(pb.discard(state, 1, "move_choice")))
    assert independent(RULES.footprint(sale), RULES.footprint(pb.sell(state, 0, "x")))  # two boats' own cards


def test_a_duel_replays() -> None:
    setup = pb.setup_for(["Ana", "Ben"])
    state = RULES.initial_state(setup)
    log = [pb.order_roll(state, [6, 2])]
    state = act(state, log[0])
    log.append(pb.move(state, 0, 3))
    state = act(state, log[-1])
    log.append(pb.draw(state, 0, 6))  # Slow down to the hand
    state = act(state, log[-1])
    log.append(pb.trade(state, 0, "slow_down"))
    state = act(state, log[-1])
    log.append(pb.end_turn(state, 0))
    state = act(state, log[-1])
    for action in (pb.move(state, 1, 2), pb.draw(state, 1, 8), pb.trade(state, 1, "block"), pb.end_turn(state, 1),
                   pb.move(state, 0, 1), use_card(state, 0, HIDDEN_ATTACK, target=1), duel_choose(state, 1, NET),
                   duel_choose(state, 0, NET), duel_choose(state, 0, ANCHOR), duel_choose(state, 1, NET)):
        state = act(state, action)
        log.append(action)
    assert state.last_duel.winner == 1 and state.boats[0].pearls == 0  # Net beats Anchor; Ana had 0 pearls
    assert replay(RULES, setup, log) == state
