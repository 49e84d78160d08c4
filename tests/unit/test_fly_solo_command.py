"""`companion score fly-solo FILE`: a Day's end in, both scores and the result out; bad
input names its field and exits 2."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests import json_places
from tests.unit.test_score_command import score

FISH = [("coho", "gold", 5), ("coho", "black", 4), ("brook", "green", 2), ("dolly", "gold", 3),
        ("cutthroat", "black", 3), ("brown", "green", 2), ("steelhead", "gold", 4)]
THEIRS = [("coho", "green", 3), ("grayling", "gold", 2), ("grayling", "black", 2), ("rainbow", "green", 4),
          ("steelhead", "gold", 5)]


def caught(specs) -> list[dict]:
    return [{"species": s, "color": c, "points": p} for s, c, p in specs]


DAY = {
    "location": 1,
    "you": {"reel_board": "1A", "fish": caught(FISH), "first_to_seven": True, "bonus_hatch_matches": 2,
            "hatch": {"yellow": 1, "green": 1, "orange": 1, "white": 2, "blue": 1}},
    "silent_angler": {"fish": caught(THEIRS), "hatch": {"tan": 1, "blue": 2}, "track": 3},
    "journal": {"bonus_points": 3, "seven_fish_bonus": True},
}


def test_scores_a_day_for_both_sides(tmp_path: Path) -> None:
    result = score(DAY, tmp_path, game="fly-solo")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    # The arithmetic is in test_fly_solo_scoring.test_a_whole_day_scored_for_both_sides.
    assert (out["you"]["total"], out["silent_angler"]["total"], out["result"]) == (62, 31, "win")
    assert out["you"]["total"] == sum(line["points"] for line in out["you"]["breakdown"])
    assert {"rule": "Achievement track (space 3)", "count": 3, "points": 4} in out["silent_angler"]["breakdown"]
    assert {"rule": "7 Fish Bonus", "count": 1, "points": 2} in out["you"]["breakdown"]
    assert not (tmp_path / "data").exists()


def test_the_journal_and_hatch_are_optional(tmp_path: Path) -> None:
    day = {"location": 4, "you": {"reel_board": "3B", "fish": caught(FISH[:2])},
           "silent_angler": {"fish": caught(THEIRS[:1])}}
    out = json.loads(score(day, tmp_path, game="fly-solo", stdin=True).stdout)
    # You: 5 + 4 = 9, Most Coho 6 (2 to 1) = 15. Silent Angler at L4: 3 points, a Coho 2 = 5.
    assert (out["you"]["total"], out["silent_angler"]["total"], out["result"]) == (15, 5, "win")


def changed(path: str, value) -> dict:
    """DAY with one field set (path like 'you.fish.0.points'); value None removes it."""
    return json_places.changed(DAY, path, value, delete=value is None)


@pytest.mark.parametrize("day, message", [
    (changed("location", 5), "location: a Location is 1 to 4, not 5"),
    (changed("location", None), "location: missing"),
    (changed("you.reel_board", "2A"), ("you.reel_board: Fly Solo uses reel board 1A, or 3B or 4B after a New Rod, "
                                       "not '2A'")),
    (changed("you.fish.0.species", "trout"), "you.fish[0].species: unknown species 'trout'"),
    (changed("you.bonus_hatch_matches", 7), ("you.bonus_hatch_matches: you gained 6 hatch tokens, so at most that "
                                             "many match, not 7")),
    (changed("you.bonus_hatch_matches", -1), "you.bonus_hatch_matches: cannot be negative, got -1"),
    (changed("silent_angler.track", 9), "silent_angler.track: the achievement track has spaces 0 to 8, not 9"),
    (changed("silent_angler.track", 1.5), "silent_angler.track: expected a whole number, got 1.5"),
    (changed("silent_angler.fish.1.color", "red"), "silent_angler.fish[1].color: unknown colour 'red'"),
    (changed("silent_angler.cards", ["N"]), "silent_angler.cards: unknown key"),
    (changed("journal.bonus_points", 7), "journal.bonus_points: at most 6, not 7"),
    (changed("journal.seven_fish_bonus", "yes"), "journal.seven_fish_bonus: expected true or false, got 'yes'"),
    (changed("journal.badges", 2), "journal.badges: unknown key"),
    (changed("weather", "rain"), "weather: unknown key"),
])
def test_bad_input_names_the_field_and_exits_2(tmp_path: Path, day, message) -> None:
    result = score(day, tmp_path, game="fly-solo")
    assert (result.returncode, result.stderr, result.stdout) == (2, message + "\n", "")


def test_bonus_matches_are_refused_at_l4(tmp_path: Path) -> None:
    day = changed("location", 4)
    result = score(day, tmp_path, game="fly-solo")
    assert (result.returncode, result.stderr) == (2, "you.bonus_hatch_matches: L4 has no Bonus Hatch Token\n")


def test_first_to_seven_follows_from_the_counts_unless_said(tmp_path: Path) -> None:
    """DAY END: with seven fish at the end you were first (your turns come first in a round).
    Seven green 3-point Browns each at L1: 37 to 37 (the arithmetic is in
    test_fly_solo_scoring.test_with_seven_fish_at_the_end_you_were_first_your_turns_come_first)."""
    browns = caught([("brown", "green", 3)] * 7)
    day = {"location": 1, "you": {"reel_board": "1A", "fish": browns}, "silent_angler": {"fish": browns}}
    out = json.loads(score(day, tmp_path, game="fly-solo").stdout)
    assert (out["you"]["total"], out["silent_angler"]["total"], out["result"]) == (37, 37, "tie")
    day["you"]["first_to_seven"] = False  # said: the +2 goes to the Silent Angler
    out = json.loads(score(day, tmp_path, game="fly-solo").stdout)
    assert (out["you"]["total"], out["silent_angler"]["total"], out["result"]) == (35, 39, "loss")


def test_the_bonus_hatch_colour_counts_both_sides_matches(tmp_path: Path) -> None:
    """SCORING: the Bonus Hatch Token's point per matching token is a Common Achievement, which
    the Silent Angler scores as you do. A blue token: you have 1 blue, the Silent Angler 2."""
    day = {**copy.deepcopy(DAY), "bonus_hatch": "blue"}
    del day["you"]["bonus_hatch_matches"]
    out = json.loads(score(day, tmp_path, game="fly-solo").stdout)
    assert {"rule": "Bonus hatch token matches", "count": 1, "points": 1} in out["you"]["breakdown"]
    assert {"rule": "Bonus hatch token matches", "count": 2, "points": 2} in out["silent_angler"]["breakdown"]
    assert (out["you"]["total"], out["silent_angler"]["total"]) == (62 - 2 + 1, 31 + 2)
    # Said for a side and counted: they must agree.
    day["silent_angler"]["bonus_hatch_matches"] = 1
    result = score(day, tmp_path, game="fly-solo")
    assert (result.returncode, result.stderr) == (2, "silent_angler.bonus_hatch_matches: 1, but 2 of the hatch "
                                                     "tokens gained are blue, the Bonus Hatch Token's colour\n")
    # At L4 there is no Bonus Hatch Token.
    result = score({**day, "location": 4}, tmp_path, game="fly-solo")
    assert (result.returncode, result.stderr) == (2, "bonus_hatch: L4 has no Bonus Hatch Token\n")


def test_a_sides_own_matches_are_still_accepted(tmp_path: Path) -> None:
    day = copy.deepcopy(DAY)
    day["silent_angler"]["bonus_hatch_matches"] = 2
    out = json.loads(score(day, tmp_path, game="fly-solo").stdout)
    assert (out["you"]["total"], out["silent_angler"]["total"]) == (62, 31 + 2)
