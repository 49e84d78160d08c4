"""Freshwater Fly end-game scoring. Every expectation is computed by hand from the
rulebook's SCORING, WINNING and Appendix A text; comments show the arithmetic."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.assets import AssetError
from companion.core.scoring import BreakdownLine
from companion.games.freshwater_fly.entry import (
    Fish,
    FishColor,
    GameEntry,
    Hatch,
    PlayerEntry,
    Species,
)
from companion.games.freshwater_fly.scoring import (
    colour_sets,
    colours_with_a_pair,
    default_tie_break,
    first_to_seven,
    firsts_to_seven,
    fish_points,
    most_coho,
    parse_tie_break,
    personal_achievement,
    score_game,
    sets_of_four_hatch,
    skill_bonuses,
)

S, C = Species, FishColor


def fish(*specs: tuple) -> tuple[Fish, ...]:
    """fish((S.COHO, C.GOLD, 5), ...)"""
    return tuple(Fish(s, c, p) for s, c, p in specs)


def hatch(**counts: int) -> dict[Hatch, int]:
    return {h: counts.get(h.value, 0) for h in Hatch}


def player(name="Ana", board="1A", caught=(), tokens=None, cards=(), first=False) -> PlayerEntry:
    return PlayerEntry(name, board, tuple(caught), tokens or hatch(), tuple(cards), first)


def lines(result) -> dict[str, tuple[int, int]]:
    return {b.rule: (b.count, b.points) for b in result.breakdown}


# SCORING 1 ------------------------------------------------------------------------------

def test_fish_points_add_the_printed_points() -> None:
    p = player(caught=fish((S.COHO, C.GOLD, 5), (S.BROOK, C.BLACK, 2), (S.DOLLY, C.GREEN, 4)))
    assert fish_points(p) == BreakdownLine("Fish points", 3, 11)  # 5 + 2 + 4


# SCORING 2A: common achievements ------------------------------------------------------------

def test_first_to_seven_is_two_points_for_the_flagged_player_with_seven_fish() -> None:
    seven = fish(*[(S.BROOK, C.GOLD, 1)] * 7)
    assert first_to_seven(player(caught=seven, first=True)) == BreakdownLine("First to seven fish", 1, 2)
    assert first_to_seven(player(caught=seven, first=False)).points == 0


def test_the_only_player_with_seven_fish_was_first_to_seven_unless_the_table_named_another() -> None:
    """SCORING A.i: +2 to the first to catch a seventh fish; END OF GAME: the round in which a seventh fish
    is caught is the last, so with one player of seven nobody else can have been first."""
    seven, six = fish(*[(S.BROOK, C.GOLD, 1)] * 7), fish(*[(S.BROOK, C.GOLD, 1)] * 6)
    ana, ben, cy = player("Ana", caught=seven), player("Ben", caught=six), player("Cy", caught=seven)
    assert firsts_to_seven((ana, ben)) == (True, False)  # nobody named: Ana, the only one with seven
    (a, b), _ = score_game(GameEntry((ana, ben)))
    assert lines(a)["First to seven fish"] == (1, 2) and a.total == 7 + 2  # 7 x 1 fish points + 2
    assert "First to seven fish" not in lines(b) and b.total == 6
    assert firsts_to_seven((ana, ben, cy)) == (False, False, False)  # two with seven: the table's to say
    named = player("Cy", caught=seven, first=True)
    assert firsts_to_seven((ana, ben, named)) == (False, False, True)
    assert firsts_to_seven((player("Ana", caught=six), ben)) == (False, False)  # nobody has seven


def test_three_points_for_every_complete_gold_black_green_set() -> None:
    # 3 gold, 2 black, 2 green: two complete sets, 3 x 2 = 6.
    p = player(caught=fish(*[(S.BROOK, C.GOLD, 1)] * 3, *[(S.BROOK, C.BLACK, 1)] * 2, *[(S.BROOK, C.GREEN, 1)] * 2))
    assert colour_sets(p) == BreakdownLine("Sets of gold, black and green fish", 2, 6)
    assert colour_sets(player(caught=fish((S.BROOK, C.GOLD, 1), (S.BROOK, C.BLACK, 1)))).points == 0


def cohos(*counts: int) -> list[PlayerEntry]:
    return [player(f"P{i}", caught=fish(*[(S.COHO, C.GOLD, 5)] * n)) for i, n in enumerate(counts)]


@pytest.mark.parametrize("counts, points", [
    ((3, 1), [6, 0]),                # one leader: all six
    ((2, 2), [3, 3]),                # two-way tie: 6 / 2 = 3 each
    ((2, 2, 2), [2, 2, 2]),          # three-way: 6 / 3 = 2 each
    ((1, 1, 1, 1), [2, 2, 2, 2]),    # four-way: 6 / 4 = 1.5, rounded up to 2 each
    ((2, 2, 1, 0), [3, 3, 0, 0]),
    ((0, 0), [0, 0]),                # nobody caught a Coho: nobody scores it
])
def test_most_coho_splits_six_points_rounding_up(counts, points) -> None:
    assert [line.points for line in most_coho(cohos(*counts))] == points


# Appendix A: personal achievements ----------------------------------------------------------

def test_reel_board_1a() -> None:
    p = player(board="1A",
               caught=fish((S.BROWN, C.GOLD, 3), (S.BROWN, C.GREEN, 3), (S.DOLLY, C.GOLD, 4), (S.DOLLY, C.BLACK, 2),
                           (S.CUTTHROAT, C.GREEN, 5), (S.BROOK, C.BLACK, 2), (S.BROOK, C.GOLD, 3), (S.BROOK, C.GREEN, 1)),
               tokens=hatch(orange=1, green=2, yellow=1, white=2, tan=0, blue=0))
    assert [(b.rule, b.count, b.points) for b in personal_achievement(p)] == [
        ("1A: orange, green, yellow hatch tokens", 4, 4),   # 1 + 2 + 1 tokens, one point each
        ("1A: white hatch tokens", 2, 4),                   # 2 white x 2
        ("1A: Brown fish", 2, 4),                           # 2 Brown x 2
        ("1A: sets of dolly, cutthroat, brook", 1, 4),      # min(2 dolly, 1 cutthroat, 3 brook) = 1 set x 4
        ("1A: sets of four different hatch tokens", 1, 5),  # yellow, green, orange, white; no second set of four
    ]


def test_reel_board_2a() -> None:
    p = player(board="2A",
               caught=fish((S.BROWN, C.GOLD, 3), (S.DOLLY, C.GOLD, 4), (S.DOLLY, C.BLACK, 2), (S.RAINBOW, C.GREEN, 5),
                           (S.RAINBOW, C.GOLD, 5), (S.BROOK, C.BLACK, 2), (S.BROOK, C.GOLD, 3)),
               tokens=hatch(orange=2, tan=1, yellow=1, blue=3, green=2, white=2))
    assert [(b.rule, b.count, b.points) for b in personal_achievement(p)] == [
        ("2A: orange, tan, yellow hatch tokens", 4, 4),     # 2 + 1 + 1
        ("2A: blue hatch tokens", 3, 6),                    # 3 blue x 2
        ("2A: Brown fish", 1, 2),
        ("2A: sets of dolly, rainbow, brook", 2, 8),        # min(2, 2, 2) = 2 sets x 4
        ("2A: sets of four different hatch tokens", 2, 10),  # 11 tokens of 6 colours: two separate sets of four
    ]


def test_reel_board_3b() -> None:
    p = player(board="3B",
               caught=fish((S.BROOK, C.GOLD, 1), (S.BROOK, C.GOLD, 1), (S.CUTTHROAT, C.GOLD, 1),
                           (S.GRAYLING, C.GOLD, 1), (S.GRAYLING, C.GOLD, 1),
                           (S.DOLLY, C.GOLD, 1), (S.DOLLY, C.GOLD, 1), (S.STEELHEAD, C.GOLD, 1), (S.STEELHEAD, C.GOLD, 1)),
               tokens=hatch(yellow=3, green=2, tan=1, white=4))
    assert [(b.rule, b.count, b.points) for b in personal_achievement(p)] == [
        ("3B: colours with two same-coloured hatch tokens", 3, 9),  # yellow, green, white (tan has one) x 3
        ("3B: sets of brook and cutthroat", 1, 3),                  # min(2, 1)
        ("3B: sets of rainbow and grayling", 0, 0),                 # no rainbow
        ("3B: sets of dolly and steelhead", 2, 8),                  # min(2, 2) x 4
    ]


def test_reel_board_4b() -> None:
    p = player(board="4B",
               caught=fish((S.BROOK, C.GOLD, 1), (S.RAINBOW, C.GOLD, 1), (S.RAINBOW, C.GOLD, 1),
                           (S.CUTTHROAT, C.GOLD, 1), (S.GRAYLING, C.GOLD, 1), (S.DOLLY, C.GOLD, 1)),
               tokens=hatch(blue=2, orange=2))
    assert [(b.rule, b.count, b.points) for b in personal_achievement(p)] == [
        ("4B: colours with two same-coloured hatch tokens", 2, 6),  # blue, orange
        ("4B: sets of brook and rainbow", 1, 3),
        ("4B: sets of cutthroat and grayling", 1, 3),
        ("4B: sets of dolly and steelhead", 0, 0),                  # no steelhead
    ]


def test_a_colour_scores_its_pair_once_however_many_tokens() -> None:
    # The reading stated in the rules help: 'unique set' = one per colour.
    assert colours_with_a_pair(hatch(yellow=6)) == 1
    assert colours_with_a_pair(hatch(yellow=1, green=1)) == 0


@pytest.mark.parametrize("counts, sets", [
    (dict(yellow=1, green=1, tan=1), 0),                                         # only three colours
    (dict(yellow=5, green=1, tan=1, orange=1), 1),                               # yellows cannot form a 2nd set
    (dict(yellow=3, green=3, tan=3, orange=3), 3),
    (dict(yellow=4, green=4, tan=2, orange=2, white=2, blue=2), 4),              # 16 tokens, all in sets
    (dict(yellow=9, green=9, tan=1, orange=1, white=1, blue=1), 2),              # each set needs two rare colours
    (dict(yellow=2, green=2, tan=2, orange=2, white=2, blue=2), 3),              # 12 tokens: 3 sets of 4
])
def test_sets_of_four_unique_hatch_tokens_are_maximised(counts, sets) -> None:
    assert sets_of_four_hatch(hatch(**counts)) == sets


def brute_force_sets_of_four(counts: list[int]) -> int:
    """Try every way to take one group of four different colours, recursively."""
    best = 0
    for group in itertools.combinations(range(6), 4):
        if all(counts[i] > 0 for i in group):
            rest = [c - (i in group) for i, c in enumerate(counts)]
            best = max(best, 1 + brute_force_sets_of_four(rest))
    return best


@given(st.lists(st.integers(0, 3), min_size=6, max_size=6))
def test_sets_of_four_match_brute_force(counts: list[int]) -> None:
    assert sets_of_four_hatch(dict(zip(Hatch, counts))) == brute_force_sets_of_four(counts)


# SCORING C: Skill cards --------------------------------------------------------------------

def test_skill_n_o_p_take_the_better_species_and_w_is_a_point_each() -> None:
    p = player(caught=fish(*[(S.RAINBOW, C.GOLD, 1)] * 3, (S.CUTTHROAT, C.GOLD, 1),
                           (S.GRAYLING, C.GOLD, 1), *[(S.BROOK, C.GOLD, 1)] * 2,
                           *[(S.STEELHEAD, C.GOLD, 1)] * 2, *[(S.BROWN, C.GOLD, 1)] * 2),
               cards=("N", "O", "P", "W", "W"))
    assert [(b.rule, b.count, b.points) for b in skill_bonuses(p)] == [
        ("Skill N: rainbow", 3, 3),      # 3 rainbow beat 1 cutthroat
        ("Skill O: brook", 2, 2),        # 2 brook beat 1 grayling
        ("Skill P: steelhead", 2, 2),    # 2 and 2: either, same points
        ("Skill W", 2, 2),
    ]


# A whole game, and WINNING ------------------------------------------------------------------

def test_a_whole_two_player_game_by_hand() -> None:
    ana = player("Ana", "1A",
                 fish((S.COHO, C.GOLD, 5), (S.COHO, C.BLACK, 6), (S.BROWN, C.GREEN, 3), (S.DOLLY, C.GOLD, 4),
                      (S.CUTTHROAT, C.BLACK, 5), (S.BROOK, C.GREEN, 2), (S.STEELHEAD, C.GOLD, 7)),
                 hatch(yellow=2, green=1, white=1, orange=1), ("N",), first=True)
    ben = player("Ben", "3B",
                 fish((S.COHO, C.GOLD, 5), (S.BROOK, C.GOLD, 3), (S.CUTTHROAT, C.BLACK, 5), (S.DOLLY, C.GREEN, 2),
                      (S.STEELHEAD, C.BLACK, 6)),
                 hatch(tan=2, blue=3, yellow=1), ("W",))
    (a, b), winners = score_game(GameEntry((ana, ben)))
    # Ana: fish 5+6+3+4+5+2+7 = 32; first to seven 2; colour sets min(3 gold, 2 black, 2 green) = 2 -> 6;
    # Most Coho 2 vs 1 -> 6; 1A: orange+green+yellow 1+1+2 = 4, white 1x2 = 2, brown 1x2 = 2,
    # dolly/cutthroat/brook 1 set x4 = 4, four different (yellow, green, white, orange) 1 x5 = 5;
    # N: rainbow 0 vs cutthroat 1 -> 1. Total 32+2+6+6+4+2+2+4+5+1 = 64.
    assert a.total == 64
    assert lines(a)["Most Coho"] == (2, 6) and lines(a)["Skill N: cutthroat"] == (1, 1)
    # Ben: fish 5+3+5+2+6 = 21; colour sets min(2 gold, 2 black, 1 green) = 1 -> 3; 3B: pairs in tan and blue
    # 2 x3 = 6, brook/cutthroat 1 x3 = 3, rainbow/grayling 0, dolly/steelhead 1 x4 = 4; W 1. Total 38.
    assert b.total == 38
    assert (a.rank, b.rank, winners) == (1, 2, ("Ana",))


def tied(gold: tuple[int, int], black: tuple[int, int], green: tuple[int, int]) -> GameEntry:
    """Two players of fish worth 1 point each, on board 3B (no hatch tokens, no pairs of species)."""
    def p(name: str, g: int, k: int, n: int) -> PlayerEntry:
        return player(name, "3B", fish(*[(S.BROOK, C.GOLD, 1)] * g, *[(S.BROOK, C.BLACK, 1)] * k,
                                       *[(S.BROOK, C.GREEN, 1)] * n))
    return GameEntry((p("Ana", gold[0], black[0], green[0]), p("Ben", gold[1], black[1], green[1])))


def test_a_tie_goes_to_the_most_fish_of_the_first_colour_then_the_next() -> None:
    _, winners = score_game(tied((3, 1), (0, 2), (0, 0)))  # 3 points each; Ana has more gold
    assert winners == ("Ana",)
    _, winners = score_game(tied((1, 1), (0, 1), (1, 0)))  # 2 points each, gold level; Ben has more black
    assert winners == ("Ben",)
    results, winners = score_game(tied((1, 1), (1, 1), (1, 1)))  # 3 + a set of 3 each, same colours: shared
    assert winners == ("Ana", "Ben") and [r.rank for r in results] == [1, 1]


def test_the_tie_break_order_is_data_with_a_chosen_default() -> None:
    assert default_tie_break() == (C.GOLD, C.BLACK, C.GREEN)
    _, winners = score_game(tied((3, 1), (0, 2), (0, 0)), tie_break=(C.BLACK, C.GOLD, C.GREEN))
    assert winners == ("Ben",)  # with black first, Ben's 2 black beat Ana's 0
    with pytest.raises(AssetError, match="must name gold, black and green once each"):
        parse_tie_break(["gold", "gold", "green"])


# Properties ----------------------------------------------------------------------------------

fish_st = st.builds(Fish, st.sampled_from(list(Species)), st.sampled_from(list(FishColor)), st.integers(0, 8))
player_st = st.builds(
    lambda name, board, caught, tokens, cards: PlayerEntry(name, board, tuple(caught), dict(zip(Hatch, tokens)),
                                                          tuple(cards), False),
    st.just(""), st.sampled_from(["1A", "2A", "3B", "4B"]), st.lists(fish_st, max_size=12),
    st.lists(st.integers(0, 6), min_size=6, max_size=6),
    st.lists(st.sampled_from(["N", "O", "P"]), unique=True, max_size=3).map(lambda c: c + ["W"] * (len(c) % 2)),
)


@st.composite
def games(draw):
    players = draw(st.lists(player_st, min_size=2, max_size=4))
    players = [PlayerEntry(f"P{i}", p.reel_board, p.fish, p.hatch, p.cards, False) for i, p in enumerate(players)]
    sevens = [i for i, p in enumerate(players) if len(p.fish) >= 7]
    if sevens and draw(st.booleans()):
        i = draw(st.sampled_from(sevens))
        q = players[i]
        players[i] = PlayerEntry(q.name, q.reel_board, q.fish, q.hatch, q.cards, True)
    return GameEntry(tuple(players))


@given(games())
def test_totals_equal_their_breakdown_and_no_line_is_negative(game: GameEntry) -> None:
    results, winners = score_game(game)
    for r in results:
        assert r.total == sum(b.points for b in r.breakdown)
        assert all(b.points >= 0 and b.count >= 0 for b in r.breakdown)
    assert winners and all(r.rank >= 1 for r in results)
    assert max(r.total for r in results) == max(r.total for r in results if r.name in winners)


@given(games(), st.randoms())
def test_reordering_players_changes_nobody_s_score(game: GameEntry, rnd: random.Random) -> None:
    results, winners = score_game(game)
    shuffled = list(game.players)
    rnd.shuffle(shuffled)
    again, winners_again = score_game(GameEntry(tuple(shuffled)))
    by_name = {r.name: r for r in again}
    assert all(by_name[r.name] == r for r in results)
    assert set(winners) == set(winners_again)
