"""Lure's end-of-game scoring (seeds/001: End of game; Lures: Boost), worked by hand."""

from __future__ import annotations

import pytest

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine
from companion.games.lure import rules as lure
from companion.games.lure.cards import CardError, FishCard
from companion.games.lure.odds import Requirement
from companion.games.lure.scoring import breakdown, score, score_json, to_play


def test_fish_vp_and_two_per_kept_boost() -> None:
    # "Each player scores VPs on all fish and boosts in their score pile"; "Boost: Score 2VP".
    assert breakdown([3, 5, 1], 2) == (BreakdownLine("Fish", 3, 9), BreakdownLine("Boosts", 2, 4))
    assert breakdown([], 0) == (BreakdownLine("Fish", 0, 0),)


def test_most_vp_wins() -> None:
    results, winners = score(["Ana", "Ben"], [[3, 5], [4]], [0, 1])  # 8 against 4 + 2 = 6
    assert [(r.name, r.total, r.rank) for r in results] == [("Ana", 8, 1), ("Ben", 6, 2)]
    assert winners == ("Ana",)


def test_a_tie_goes_to_the_fewest_fish() -> None:
    # "In case of a tie, the tied player with the fewest fish wins."
    results, winners = score(["Ana", "Ben", "Cy"], [[2, 2, 2], [3, 3], [1]], [0, 0, 0])  # 6 (3 fish), 6 (2), 1
    assert [r.rank for r in results] == [2, 1, 3] and winners == ("Ben",)


def test_a_tie_in_vp_and_fish_shares_the_win() -> None:
    # "Share the win if there's still a tie." Ana 5 + one Boost 2 = 7 with 1 fish; Ben 7 with 1 fish.
    results, winners = score(["Ana", "Ben", "Cy"], [[5], [7], [2, 5]], [1, 0, 0])
    assert [(r.total, r.rank) for r in results] == [(7, 1), (7, 1), (7, 3)]
    assert winners == ("Ana", "Ben")


def test_a_finished_game_goes_to_history() -> None:
    state = lure.RULES.initial_state({"players": ["Ana", "Ben"], "deck": 2})
    state = lure.RULES.apply(state, lure.splash(state, [FishCard(3, 4), FishCard(30, 9, Requirement("pair"))]))
    state = lure.RULES.apply(state, lure.cast(state, 0, d6=1, boost=1))
    state = lure.RULES.apply(state, lure.cast(state, 1, d6=2))
    state = lure.RULES.apply(state, lure.roll(state, 0, [5]))
    state = lure.RULES.apply(state, lure.resolve(state))  # Ana catches the 3 with her Boost played
    state = lure.RULES.apply(state, lure.roll(state, 1, [1, 2]))
    state = lure.RULES.apply(state, lure.resolve(state))
    assert state.over
    play = to_play(state, "p1", "2026-11-20T21:00:00")
    assert isinstance(play, Play) and play.game == "lure" and play.winners == ("Ana",)
    assert [(r.name, r.total) for r in play.results] == [("Ana", 6), ("Ben", 0)]  # 4 VP + 2 for the Boost
    assert Play.from_doc(play.to_doc()) == play
    assert score_json(dict(play.entry))["winners"] == ["Ana"]  # the kept entry scores again
    assert play.entry["players"][0] == {"name": "Ana", "boosts": 1,
                                        "fish": [{"catch": 3, "vp": 4, "requirement": {"kind": "none"}}]}


def test_score_json_mirrors_the_command() -> None:
    out = score_json({"players": [{"name": "Ana", "fish": [{"vp": 3}, {"vp": 5}], "boosts": 1},
                                  {"name": "Ben", "fish": [{"vp": 9}]}]})
    # Ana 3 + 5 + 2 = 10 (2 fish); Ben 9.
    assert out == {"players": [
        {"name": "Ana", "total": 10, "rank": 1, "breakdown": [{"rule": "Fish", "count": 2, "points": 8},
                                                              {"rule": "Boosts", "count": 1, "points": 2}]},
        {"name": "Ben", "total": 9, "rank": 2, "breakdown": [{"rule": "Fish", "count": 1, "points": 9}]},
    ], "winners": ["Ana"]}


@pytest.mark.parametrize("card, message", [
    ({"vp": 3}, "A fish needs a catch number."),
    ({"catch": 7}, "A fish needs its VP."),
    ({"catch": 61, "vp": 3}, "A fish's catch number is 1 to 60, not 61."),
    ({"catch": 7, "vp": 21}, "A fish's VP is 0 to 20, not 21."),
    ({"catch": 7, "vp": True}, "A fish's VP is 0 to 20, not True."),
    ({"catch": 7, "vp": 2, "requirement": {"kind": "colour"}},
     "A fish's requirement is one of none, pair, shows, both, special, other; not 'colour'."),
    ({"catch": 7, "vp": 2, "requirement": {"kind": "shows"}},
     "A 'shows' requirement needs the number the die shows (1 to 20)."),
    ({"catch": 7, "vp": 2, "requirement": {"kind": "both", "n": 1, "m": 21}},
     "A die shows 1 to 20, so a requirement's number cannot be 21."),
    ({"catch": 7, "vp": 2, "requirement": {"kind": "pair", "n": 3}}, "A 'pair' requirement takes no number n."),
    ({"catch": 7, "vp": 2, "size": 3}, "A fish card has a catch number, VP and a requirement, not 'size'."),
])
def test_a_bad_card_says_what_is_wrong(card, message) -> None:
    with pytest.raises(CardError) as caught:
        FishCard.from_dict(card)
    assert str(caught.value) == message


def test_a_card_round_trips() -> None:
    for card in (FishCard(7, 3), FishCard(12, 5, Requirement("both", 1, 5)), FishCard(9, 0, Requirement("shows", 6))):
        assert FishCard.from_dict(card.to_dict()) == card
    assert FishCard(12, 5, Requirement("both", 1, 5)).describe() == "12 (5 VP, a 1 and a 5)"
    with pytest.raises(DomainError, match="A fish needs a catch number."):
        FishCard(None, 3)  # type: ignore[arg-type]
