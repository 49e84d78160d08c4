"""Fly Solo scoring. Every expectation is computed by hand from the rulebook's Fly Solo
SCORING section and Appendix B (Silent Angler Achievements); comments show the arithmetic."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.assets import AssetError, load_json
from companion.core.scoring import total_of
from companion.games.fly_solo.adventure import default_adventure, parse_adventure
from companion.games.fly_solo.scoring import (
    AnglerEntry,
    DayEntry,
    angler_as_player,
    first_to_seven,
    location_achievement,
    score_day,
)
from companion.games.freshwater_fly.entry import (
    Fish,
    FishColor,
    Hatch,
    PlayerEntry,
    Species,
)

S, C = Species, FishColor


def fish(*specs: tuple) -> tuple[Fish, ...]:
    return tuple(Fish(s, c, p) for s, c, p in specs)


def hatch(**counts: int) -> dict[Hatch, int]:
    return {h: counts.get(h.value, 0) for h in Hatch}


def achievement(location: int, angler: AnglerEntry) -> dict[str, tuple[int, int]]:
    return {b.rule: (b.count, b.points) for b in location_achievement(location, angler, default_adventure())}


# Appendix B, Silent Angler Achievements -------------------------------------------------------

def test_l1_two_per_hatch_colour_three_per_pair_one_per_steelhead_and_brown() -> None:
    angler = AnglerEntry(fish((S.CUTTHROAT, C.GOLD, 3), (S.CUTTHROAT, C.GREEN, 2), (S.STEELHEAD, C.GOLD, 4),
                              (S.STEELHEAD, C.BLACK, 4), (S.STEELHEAD, C.GREEN, 3), (S.BROWN, C.GOLD, 2),
                              (S.COHO, C.BLACK, 5)),
                         hatch(yellow=2, blue=1))
    got = achievement(1, angler)
    assert got == {
        "L1: different hatch colours": (2, 4),  # yellow, blue: 2 x 2
        "L1: pairs of fish of one species": (2, 6),  # cutthroat 2 -> 1 pair, steelhead 3 -> 1 pair: 2 x 3
        "L1: Steelhead": (3, 3),
        "L1: Brown": (1, 1),
    }
    assert sum(p for _, p in got.values()) == 14


def test_l2_two_per_hatch_colour_two_per_species_one_per_grayling_and_rainbow() -> None:
    angler = AnglerEntry(fish((S.GRAYLING, C.GOLD, 2), (S.GRAYLING, C.BLACK, 2), (S.RAINBOW, C.GREEN, 4),
                              (S.BROOK, C.GOLD, 1)),
                         hatch(yellow=1, green=1, tan=2))
    assert achievement(2, angler) == {
        "L2: different hatch colours": (3, 6),  # yellow, green, tan: 3 x 2
        "L2: different species": (3, 6),  # grayling, rainbow, brook: 3 x 2
        "L2: Grayling": (2, 2),
        "L2: Rainbow": (1, 1),
    }


def test_l3_one_per_hatch_colour_then_three_two_one_per_fish_colour() -> None:
    # The fish colour icons were lost: the default data reads them gold 3, black 2, green 1.
    angler = AnglerEntry(fish((S.COHO, C.GOLD, 5), (S.DOLLY, C.GOLD, 3), (S.BROOK, C.BLACK, 2),
                              (S.BROWN, C.GREEN, 2), (S.RAINBOW, C.GREEN, 3), (S.GRAYLING, C.GREEN, 1)),
                         hatch(yellow=3, white=1))
    assert achievement(3, angler) == {
        "L3: different hatch colours": (2, 2),  # yellow, white: 2 x 1
        "L3: gold fish": (2, 6),  # 2 x 3
        "L3: black fish": (1, 2),  # 1 x 2
        "L3: green fish": (3, 3),  # 3 x 1
    }


def test_l3_fish_colours_follow_the_data() -> None:
    data = load_json("games/fly_solo/adventure.json")
    data["l3_fish_colours"] = {"three_points": "green", "two_points": "gold", "one_point": "black"}
    adventure = parse_adventure(data)
    angler = AnglerEntry(fish((S.COHO, C.GOLD, 5), (S.BROWN, C.GREEN, 2), (S.BROWN, C.GREEN, 2)))
    lines = {b.rule: b.points for b in location_achievement(3, angler, adventure)}
    assert lines == {"L3: different hatch colours": 0, "L3: green fish": 6, "L3: gold fish": 2, "L3: black fish": 0}


def test_l4_points_per_hatch_colour_and_two_per_coho_cutthroat_dolly_brook() -> None:
    angler = AnglerEntry(fish((S.COHO, C.GOLD, 5), (S.DOLLY, C.BLACK, 3), (S.DOLLY, C.GREEN, 3),
                              (S.BROOK, C.GOLD, 2), (S.RAINBOW, C.GOLD, 4)),
                         hatch(yellow=1, green=2, tan=1, white=1, blue=2))
    got = achievement(4, angler)
    assert got == {
        "L4: yellow hatch tokens": (1, 1), "L4: green hatch tokens": (2, 2), "L4: tan hatch tokens": (1, 2),
        "L4: orange hatch tokens": (0, 0), "L4: white hatch tokens": (1, 3), "L4: blue hatch tokens": (2, 6),
        "L4: Coho": (1, 2), "L4: Cutthroat": (0, 0), "L4: Dolly": (2, 4), "L4: Brook": (1, 2),
    }
    assert sum(p for _, p in got.values()) == 22  # 1 + 2 + 2 + 0 + 3 + 6 tokens, 2 + 0 + 4 + 2 fish


# Fly Solo SCORING -----------------------------------------------------------------------------

YOU = PlayerEntry("You", "1A", fish(
    (S.COHO, C.GOLD, 5), (S.COHO, C.BLACK, 4), (S.BROOK, C.GREEN, 2), (S.DOLLY, C.GOLD, 3),
    (S.CUTTHROAT, C.BLACK, 3), (S.BROWN, C.GREEN, 2), (S.STEELHEAD, C.GOLD, 4)),
    hatch(yellow=1, green=1, orange=1, white=2, blue=1), (), True)
ANGLER = AnglerEntry(fish((S.COHO, C.GREEN, 3), (S.GRAYLING, C.GOLD, 2), (S.GRAYLING, C.BLACK, 2),
                          (S.RAINBOW, C.GREEN, 4), (S.STEELHEAD, C.GOLD, 5)),
                     hatch(tan=1, blue=2), track=3)


def test_a_whole_day_scored_for_both_sides() -> None:
    score = score_day(DayEntry(1, YOU, ANGLER, bonus_hatch_matches=2, bonus_points=3, seven_fish_bonus=True))
    you = {b.rule: (b.count, b.points) for b in score.you}
    assert you == {
        "Fish points": (7, 23),  # 5 + 4 + 2 + 3 + 3 + 2 + 4
        "First to seven fish": (1, 2),
        "Sets of gold, black and green fish": (2, 6),  # gold 3, black 2, green 2: 2 sets x 3
        "Most Coho": (2, 6),  # 2 against the Silent Angler's 1
        "1A: orange, green, yellow hatch tokens": (3, 3),
        "1A: white hatch tokens": (2, 4),
        "1A: Brown fish": (1, 2),
        "1A: sets of dolly, cutthroat, brook": (1, 4),
        "1A: sets of four different hatch tokens": (1, 5),  # 6 tokens of 5 colours: one set of four
        "Bonus hatch token matches": (2, 2),  # +1 per token matching the Bonus Hatch Token
        "Journal bonus points": (3, 3),
        "7 Fish Bonus": (1, 2),  # unlocked, and you caught seven first
    }
    assert score.your_total == 62
    angler = {b.rule: (b.count, b.points) for b in score.angler}
    assert angler == {
        "Fish points": (5, 16),  # 3 + 2 + 2 + 4 + 5
        "Sets of gold, black and green fish": (1, 3),  # gold 2, black 1, green 2
        "Achievement track (space 3)": (3, 4),  # chosen default points for space 3
        "L1: different hatch colours": (2, 4),
        "L1: pairs of fish of one species": (1, 3),  # the two Grayling
        "L1: Steelhead": (1, 1),
    }
    assert score.angler_total == 31
    assert score.result == "win"


def test_the_fourth_track_space_is_worth_six_points_and_the_start_none() -> None:
    """SCORING: 'if the Silent Angler's Finesse Token has reached the fourth space on the
    track, the Silent Angler earns six points'; space 0 is the start space."""
    for space, points in ((4, 6), (0, 0)):
        angler = dataclasses.replace(ANGLER, track=space)
        lines = score_day(DayEntry(1, YOU, angler)).angler
        assert [b.points for b in lines if b.rule.startswith("Achievement track")] == ([points] if points else [])


def test_the_bonus_hatch_token_scores_nothing_at_l4() -> None:
    with_bonus = score_day(DayEntry(3, YOU, ANGLER, bonus_hatch_matches=2)).your_total
    at_l4 = score_day(DayEntry(4, YOU, ANGLER, bonus_hatch_matches=2)).your_total
    assert with_bonus - at_l4 == 2


def test_the_silent_angler_scores_its_tokens_matching_the_bonus_hatch_token_too() -> None:
    """SCORING: the Bonus Hatch Token's point per matching token is 'an addition to the Common
    Achievements', and 'The Silent Angler scores ... (2) the Common Achievements as you do';
    Setup 3: at L4 there is no Bonus Hatch Token, so nobody scores it."""
    at_l1 = {b.rule: b.points for b in score_day(DayEntry(1, YOU, ANGLER, angler_bonus_matches=2)).angler}
    assert at_l1["Bonus hatch token matches"] == 2  # its two blue tokens match a blue Bonus Hatch Token
    assert score_day(DayEntry(1, YOU, ANGLER, angler_bonus_matches=2)).angler_total == 31 + 2
    assert score_day(DayEntry(4, YOU, ANGLER, angler_bonus_matches=2)).angler_total == \
        score_day(DayEntry(4, YOU, ANGLER)).angler_total


def test_the_seven_fish_bonus_needs_the_upgrade_and_seven_fish_first() -> None:
    base = score_day(DayEntry(1, YOU, ANGLER)).your_total
    assert score_day(DayEntry(1, YOU, ANGLER, seven_fish_bonus=True)).your_total == base + 2
    # Said not to be first: no First to Seven (2) and no bonus; the Silent Angler, with 5 fish, is not first either.
    assert score_day(DayEntry(1, YOU, ANGLER, seven_fish_bonus=True, you_first=False)).your_total == base - 2


SEVEN_BROWNS = fish(*[(S.BROWN, C.GREEN, 3)] * 7)


def test_with_seven_fish_at_the_end_you_were_first_your_turns_come_first() -> None:
    """DAY END: 'The Day ends at the end of any round when either you or the Silent Angler has
    caught a 7th fish', and each round you take your three turns before the Silent Angler's:
    with seven at the end you were first. Seven green 3-point Browns each, at L1, nothing said:
    you 21 fish points + 2 first to seven + 14 for seven Browns on reel board 1A (Appendix A:
    'two points for every Brown fish') = 37; the Silent Angler 21 fish points + 9 for three
    pairs of Browns + 7 for seven Browns (Appendix B, L1) = 37. A tie, and the colours tie too."""
    you = PlayerEntry("You", "1A", SEVEN_BROWNS)
    day = DayEntry(1, you, AnglerEntry(SEVEN_BROWNS))
    assert first_to_seven(day) == (True, False)
    score = score_day(day)
    assert (score.your_total, score.angler_total, score.result) == (37, 37, "tie")
    # What was said wins over the counts: "I was not first" gives the +2 to the Silent Angler.
    said = score_day(dataclasses.replace(day, you_first=False))
    assert (said.your_total, said.angler_total, said.result) == (35, 39, "loss")


def test_the_silent_angler_is_first_to_seven_when_it_has_seven_and_you_do_not() -> None:
    seven = AnglerEntry(ANGLER.fish + fish((S.BROOK, C.GOLD, 1), (S.BROOK, C.GOLD, 1)), ANGLER.hatch, 0)
    six = PlayerEntry("You", "1A", YOU.fish[:6], YOU.hatch)
    assert angler_as_player(DayEntry(1, six, seven)).first_to_seven
    assert not angler_as_player(DayEntry(1, YOU, seven)).first_to_seven
    lines = {b.rule: b.points for b in score_day(DayEntry(1, six, seven)).angler}
    assert lines["First to seven fish"] == 2


def test_most_coho_is_compared_with_the_silent_angler_and_split_when_tied() -> None:
    angler = AnglerEntry(fish((S.COHO, C.GREEN, 3), (S.COHO, C.GOLD, 3)))
    score = score_day(DayEntry(1, YOU, angler))
    # Two Coho each: 6 split evenly, 3 each (SCORING, Most Coho).
    assert {b.rule: b.points for b in score.you}["Most Coho (shared 2 ways)"] == 3
    assert {b.rule: b.points for b in score.angler}["Most Coho (shared 2 ways)"] == 3


def test_equal_totals_are_broken_by_fish_colours_then_shared() -> None:
    # At L4 a Steelhead scores only its points: 4 each; you have more gold fish, the first
    # tie-break colour by default (WINNING).
    you = PlayerEntry("You", "1A", fish((S.STEELHEAD, C.GOLD, 4)))
    angler = AnglerEntry(fish((S.STEELHEAD, C.BLACK, 4)))
    assert score_day(DayEntry(4, you, angler)).result == "win"
    assert score_day(DayEntry(4, you, angler), tie_break=[C.BLACK, C.GOLD, C.GREEN]).result == "loss"
    same = AnglerEntry(fish((S.STEELHEAD, C.GOLD, 4)))
    assert score_day(DayEntry(4, you, same)).result == "tie"


def test_the_adventure_data_is_checked() -> None:
    data = load_json("games/fly_solo/adventure.json")
    assert default_adventure().track_points[4] == 6
    for change, message in (
        (lambda d: d["achievement_track"].update(points=[0, 1, 2, 3, 5]), "6 at the fourth"),
        (lambda d: d["colour_wheel"].update(clockwise=["yellow", "yellow", "tan", "blue", "orange", "white"]),
         "each of the six hatch colours once"),
        (lambda d: d["locations"][0].update(hatch_tiles=[4, 6]), "each showing 4 or 5"),
        (lambda d: d["challenges"].update(species_goals=0), "species_goals: a whole number from 1 to 50, not 0"),
        (lambda d: d["l3_fish_colours"].update(one_point="gold"), "three different fish colours"),
    ):
        broken = load_json("games/fly_solo/adventure.json")
        change(broken)
        with pytest.raises(AssetError, match=message):
            parse_adventure(broken)
    assert parse_adventure(data) == default_adventure()


# Invariants ----------------------------------------------------------------------------------

fish_st = st.builds(Fish, st.sampled_from(list(Species)), st.sampled_from(list(FishColor)), st.integers(0, 9))
hatch_st = st.fixed_dictionaries({h: st.integers(0, 5) for h in Hatch})


@given(mine=st.lists(fish_st, max_size=9), theirs=st.lists(fish_st, max_size=9), my_hatch=hatch_st,
       their_hatch=hatch_st, track=st.integers(0, 8), location=st.integers(1, 4), board=st.sampled_from(["1A", "3B", "4B"]),
       bonus=st.integers(0, 6), seven=st.booleans())
def test_totals_equal_their_breakdown_and_the_result_follows_them(mine, theirs, my_hatch, their_hatch, track,
                                                                  location, board, bonus, seven) -> None:
    you = PlayerEntry("You", board, tuple(mine), my_hatch, (), len(mine) >= 7)
    day = DayEntry(location, you, AnglerEntry(tuple(theirs), their_hatch, track), 0, bonus, seven)
    score = score_day(day)
    assert score.your_total == total_of(score.you) == sum(b.points for b in score.you)
    assert score.angler_total == sum(b.points for b in score.angler)
    if score.your_total != score.angler_total:
        assert score.result == ("win" if score.your_total > score.angler_total else "loss")
