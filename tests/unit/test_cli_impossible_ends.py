"""`companion score <game> FILE` refuses an end of game the rules make impossible, in one line naming the
field and the rule, exit code 2, with the same check (and words) as the game's screens and set-ups.

The rulebooks are in ../shared/seeds/; each test names its file and line(s)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from companion.core.errors import DomainError
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly.entry import Species
from companion.games.freshwater_fly.options import check_fish_points, default_fish_points
from companion.games.lure.scoring import boosts_problem
from companion.games.pearl_boat import rules as pb
from companion.games.salmon_run.river import default_data as salmon_data
from tests.unit.test_score_command import GAME, score


def refused(payload, tmp_path: Path, game: str) -> str:
    result = score(payload, tmp_path, game=game)
    assert (result.returncode, result.stdout) == (2, ""), result.stdout
    assert len(result.stderr.splitlines()) == 1
    return result.stderr.rstrip("\n")


# Freshwater Fly and Fly Solo: a fish's points ------------------------------------------------------

def test_a_fish_worth_more_than_its_species_cards_print_is_refused(tmp_path: Path) -> None:
    """Seed 000, SCORING 1 (line 420): "Add the values shown in the [fish] symbol on all of the fish you
    caught". The card faces were lost, so each species' range is data (scoring.json's fish_points: Brook
    1 to 4, Coho 1 to 8; docs/rulebook-numbers.md). The command took 20 for any fish; it takes
    the data file's ranges, with the words the score sheet says (Settings' ranges there)."""
    game = copy.deepcopy(GAME)
    game["players"][1]["fish"][0]["points"] = 5  # a Brook
    assert refused(game, tmp_path, "freshwater-fly") == ("players[1].fish[0].points: a Brook card shows 1 to 4 "
                                                         "points, not 5")
    game["players"][1]["fish"][0]["points"] = 4
    game["players"][0]["fish"][0]["points"] = 8  # a Coho's highest: taken
    assert score(game, tmp_path).returncode == 0
    # The screens' check, word for word (the sheet's form and the Silent Angler's catch call it).
    with pytest.raises(DomainError, match=r"^A Brook card shows 1 to 4 points, not 5\. Settings > Freshwater Fly"):
        check_fish_points(default_fish_points(), Species.BROOK, 5)


def test_fly_solo_refuses_a_fish_its_species_does_not_print_on_either_side(tmp_path: Path) -> None:
    day = {"location": 1, "you": {"reel_board": "1A", "fish": [{"species": "dolly", "color": "gold", "points": 5}]},
           "silent_angler": {"fish": []}}
    assert refused(day, tmp_path, "fly-solo") == "you.fish[0].points: a Dolly card shows 1 to 4 points, not 5"
    day["you"]["fish"][0]["points"] = 4
    day["silent_angler"]["fish"] = [{"species": "coho", "color": "black", "points": 9}]
    assert refused(day, tmp_path, "fly-solo") == "silent_angler.fish[0].points: a Coho card shows 1 to 8 points, not 9"


# Freshwater Fly: Skill card W ---------------------------------------------------------------------

def test_the_one_w_card_is_held_once_and_by_one_player(tmp_path: Path) -> None:
    """Seed 000, Master Skill Pack Rules (line 456): "eight bonus Skill cards (Q-X)", one of each letter,
    so there is one W (Appendix C, line 860: "tuck this card under the fish you just hooked ... It is worth
    one point"). The command took 30 W cards a player, and the same W on two players."""
    game = copy.deepcopy(GAME)  # Ana holds N and W
    game["players"][1]["cards"] = ["W"]
    assert refused(game, tmp_path, "freshwater-fly") == (
        "players[1].cards: Skill card W is players[0]'s: there is one of each (the Master Skill Pack's eight "
        "Skill cards are Q to X)")
    game = copy.deepcopy(GAME)
    game["players"][0]["cards"] = ["N", "W", "W"]
    assert refused(game, tmp_path, "freshwater-fly") == (
        "players[0].cards[2]: W is listed twice: there is one of each (the Master Skill Pack's eight Skill cards "
        "are Q to X)")


def test_the_score_sheet_holds_w_as_the_command_does() -> None:
    """The sheet held 0 to 30 W cards a player; it holds the one W or not, as N, O and P, refused on a
    second player with the command's words."""
    state = sheet.RULES.initial_state({"players": ["Ana", "Ben"], "boards": ["1A", "2A"]})
    state = sheet.RULES.apply(state, sheet.hold_card(state, 0, "W", True))
    with pytest.raises(DomainError, match=r"^Skill card W is Ana's: there is one of each \(the Master Skill Pack's "
                                          r"eight Skill cards are Q to X\)\.$"):
        sheet.RULES.apply(state, sheet.hold_card(state, 1, "W", True))
    state = sheet.RULES.apply(state, sheet.hold_card(state, 0, "W", False))
    state = sheet.RULES.apply(state, sheet.hold_card(state, 1, "W", True))
    assert (state.player(0).cards, state.player(1).cards) == ((), ("W",))
    # A sheet's journal written before (a count of W cards) still replays as it was written.
    state = sheet.RULES.apply(state, sheet.set_w(state, 1, 2))
    assert state.player(1).cards == ("W", "W")


# Lure: kept Boost lures ----------------------------------------------------------------------------

def test_boost_lures_kept_without_a_fish_are_refused(tmp_path: Path) -> None:
    """Seed 001, Roll and Catch Fish 3 (line 18): "If you caught at least 1 fish, place all boost lures you
    played near your score pile" (4, line 20: "Discard the rest of the lures"); Boost (line 35): "Score 2VP
    if you catch any fish". A player with no fish kept no Boost."""
    game = {"players": [{"name": "Ana", "fish": [{"vp": 3}], "boosts": 1}, {"name": "Ben", "fish": [], "boosts": 1}]}
    assert refused(game, tmp_path, "lure") == (
        'players[1].boosts: a Boost lure is kept only with a catch ("If you caught at least 1 fish, place all '
        'boost lures you played near your score pile"): no fish, so no Boosts, not 1')
    assert boosts_problem(0, 0) is None and boosts_problem(1, 3) is None


# Salmon Run: the Fatigue Deck ----------------------------------------------------------------------

def test_more_fatigue_cards_than_the_fatigue_deck_holds_are_refused(tmp_path: Path) -> None:
    """Seed 002, Components (line 39): "32-card Fatigue Deck"; every Fatigue card a salmon has is added
    from it (line 238: "Add a Fatigue card from the supplemental pile"). So no salmon holds more than 32,
    and all the salmon together hold no more than 32. The command took 200 a salmon."""
    assert salmon_data().fatigue_deck == 32
    race = {"players": [{"name": "Ana", "in_pond": True, "fatigue": 33}, {"name": "Ben", "in_pond": False,
                                                                          "fatigue": 0}]}
    assert refused(race, tmp_path, "salmon-run") == (
        "players[0].fatigue: the Fatigue Deck has 32 cards, so a salmon holds at most 32, not 33")
    race["players"][0]["fatigue"], race["players"][1]["fatigue"] = 20, 13
    assert refused(race, tmp_path, "salmon-run") == (
        "players[1].fatigue: the Fatigue Deck has 32 cards, and the salmon before hold 20 of them: at most 12 "
        "here, not 13")
    race["players"][1]["fatigue"] = 12  # the whole deck, between them: possible
    assert score(race, tmp_path, game="salmon-run").returncode == 0


# The pearl boat game: the boats a game seats -------------------------------------------------------

def test_more_boats_than_the_game_seats_are_refused_by_the_command_and_the_set_up(tmp_path: Path) -> None:
    """Seed 003, line 1: "Recommended Player Count: 4"; the data file's `players` (2 to 6, a chosen range)
    is what a game's set-up seats. The command took 12."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo", "Gus"]
    game = {"players": [{"name": n, "pearls": 0, "fish": ["salmon", "bass", "carp"] if n == "Ana" else []}
                        for n in names]}
    message = "players: the pearl boat game is played by 2 to 6 players, not 7"
    assert refused(game, tmp_path, "pearl-boat") == message
    with pytest.raises(DomainError) as caught:
        pb.RULES.initial_state(pb.setup_for(names))
    assert str(caught.value) == message
    game["players"] = game["players"][:6]
    assert score(game, tmp_path, game="pearl-boat").returncode == 0
