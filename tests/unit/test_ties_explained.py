"""Ties explained wherever a result is shown: each game's scoring says why its winner won a tie for the
win, or that the win is shared, by its own rule; the words go with the winners into the saved play
(read back by plays filed before them too), the store's shape checks, a BG Stats file and the picture.

Every expectation is worked out by hand from the rulebooks in ../shared/seeds/ (file and line named)."""

from __future__ import annotations

import copy
import pickle

from companion.core.bgstats_export import to_bgsplay
from companion.core.bgstats_import import from_bgsplay
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult, TieBreak, Winners, break_tie, tie_of, tie_words
from companion.games import PLAY_KINDS
from companion.games.fleet_dice import new_sheet
from companion.games.fleet_dice.scoring import score as fleet_score
from companion.games.fly_solo.scoring import AnglerEntry, DayEntry, score_day
from companion.games.fly_solo.scoring import score_json as fly_solo_json
from companion.games.freshwater_fly.entry import Fish, FishColor, GameEntry, PlayerEntry, Species
from companion.games.freshwater_fly.scoring import score_game
from companion.games.freshwater_fly.scoring import score_json as freshwater_json
from companion.games.lure.scoring import score as lure_score
from companion.games.pearl_boat.scoring import score as pearl_score
from companion.games.pearl_boat.scoring import score_json as pearl_json
from companion.games.salmon_run.scoring import score as salmon_score
from companion.store.archive import record_problem
from companion.ui.components.result_picture import result_picture
from tests.unit.test_fleet_dice import with_

S, C = Species, FishColor


def brooks(name: str, *colours_and_points: tuple[FishColor, int], board: str = "3B") -> PlayerEntry:
    """A player whose fish are all Brooks (no set of species on board 3B or 4B, no hatch tokens)."""
    return PlayerEntry(name, board, tuple(Fish(S.BROOK, c, p) for c, p in colours_and_points))


# Freshwater Fly: seed 000, WINNING (line 442) -----------------------------------------------------

def test_freshwater_fly_a_tie_is_won_on_the_first_colour_that_differs() -> None:
    """Line 442: "In case of a tie, the player with the most [gold] fish is the winner. If there is
    still a tie, the player with the most [black] fish ..." (the colours' pictures were lost: gold,
    black, green is the data file's order). Ana: gold Brooks 1 + 1, black Brooks 1 + 1 + 1 = 5 points;
    Cy: gold 1 + 1, black 1 + 2 = 5 points; neither has a green fish, so no set of colours (3 points)
    and no Most Coho. Ben: one gold Brook, 1 point. Ana and Cy tie on 5: gold 2-2, black 3-2: Ana."""
    ana = brooks("Ana", (C.GOLD, 1), (C.GOLD, 1), (C.BLACK, 1), (C.BLACK, 1), (C.BLACK, 1))
    ben = brooks("Ben", (C.GOLD, 1), board="4B")
    cy = brooks("Cy", (C.GOLD, 1), (C.GOLD, 1), (C.BLACK, 1), (C.BLACK, 2), board="1A")
    results, winners = score_game(GameEntry((ana, ben, cy)))
    assert [r.total for r in results] == [5, 1, 5]
    assert winners == ("Ana",)
    assert winners.tie == "Ana wins the tie: gold 2-2, black 3-2"
    # The order is Settings' (Settings > Freshwater Fly): with black first, black decides at once.
    _, winners = score_game(GameEntry((ana, ben, cy)), tie_break=(C.BLACK, C.GOLD, C.GREEN))
    assert (winners, winners.tie) == (("Ana",), "Ana wins the tie: black 3-2")


def test_freshwater_fly_the_winner_is_named_first_when_seated_second() -> None:
    ana = brooks("Ana", (C.GOLD, 1), (C.BLACK, 2))  # 3 points, gold 1, black 1
    ben = brooks("Ben", (C.GOLD, 1), (C.BLACK, 1), (C.BLACK, 1), board="4B")  # 3 points, gold 1, black 2
    _, winners = score_game(GameEntry((ana, ben)))
    assert (winners, winners.tie) == (("Ben",), "Ben wins the tie: gold 1-1, black 2-1")


def test_freshwater_fly_still_tied_after_every_colour_is_a_shared_win() -> None:
    """Line 442: "If there is still a tie, victory is shared between these players." One Brook of each
    colour, 1 point each, and a set of gold, black and green (3 points): 6 each, every colour 1-1."""
    one_each = ((C.GOLD, 1), (C.BLACK, 1), (C.GREEN, 1))
    _, winners = score_game(GameEntry((brooks("Ana", *one_each), brooks("Ben", *one_each, board="4B"))))
    assert winners == ("Ana", "Ben")
    assert winners.tie == "Ana and Ben share the win: gold 1-1, black 1-1, green 1-1"


def test_freshwater_fly_three_tied_players_are_named_in_every_comparison() -> None:
    """Ana, Ben and Cy each 3 points. Gold: Ana 2, Ben 2, Cy 1 (Cy is out); black: Ana 1, Ben 0: Ana."""
    ana = brooks("Ana", (C.GOLD, 1), (C.GOLD, 1), (C.BLACK, 1))
    ben = brooks("Ben", (C.GOLD, 1), (C.GOLD, 2), board="4B")
    cy = brooks("Cy", (C.GOLD, 3), board="1A")
    _, winners = score_game(GameEntry((ana, ben, cy)))
    assert winners.tie == "Ana wins the tie: gold Ana 2, Ben 2, Cy 1; black Ana 1, Ben 0"


def test_no_tie_for_the_win_has_no_words() -> None:
    _, winners = score_game(GameEntry((brooks("Ana", (C.GOLD, 4)), brooks("Ben", (C.GOLD, 1), board="4B"))))
    assert (winners, winners.tie) == (("Ana",), "")
    # A tie for second place is no tie for the win.
    _, winners = score_game(GameEntry((brooks("Ana", (C.GOLD, 4)), brooks("Ben", (C.GOLD, 1), board="4B"),
                                       brooks("Cy", (C.BLACK, 1), board="1A"))))
    assert winners.tie == ""


def test_freshwater_fly_command_says_the_tie() -> None:
    game = {"players": [{"name": "Ana", "reel_board": "3B", "fish": [
        {"species": "brook", "color": "gold", "points": 1}, {"species": "brook", "color": "black", "points": 2}]},
        {"name": "Ben", "reel_board": "4B", "fish": [{"species": "brook", "color": "black", "points": 3}]}]}
    out = freshwater_json(game)  # 3 each; gold 1-0: Ana
    assert out["winners"] == ["Ana"] and out["tie"] == "Ana wins the tie: gold 1-0"


# Fly Solo: seed 000, GAMEPLAY (line 474), SCORING (line 574), THE ADVENTURE MAP (line 585) ----------

def test_fly_solo_level_totals_go_by_the_tie_break_colours_and_a_tie_beats_no_location() -> None:
    """Line 474: "Except as noted below, each Day plays exactly like the 2-4 player game", and line 574:
    "Score as normal", so WINNING's colours (line 442) break a tie. At L4 a Steelhead scores only its
    points (Appendix B, L4 names no Steelhead): 4 each. Line 585: "may not advance until you beat the
    Silent Angler at your Location": a tie to the last colour is not a win."""
    you = PlayerEntry("You", "1A", (Fish(S.STEELHEAD, C.GOLD, 4),))
    black = AnglerEntry((Fish(S.STEELHEAD, C.BLACK, 4),))
    won = score_day(DayEntry(4, you, black))
    assert (won.your_total, won.angler_total, won.result) == (4, 4, "win")
    assert won.tie == "You win the tie: gold 1-0"
    lost = score_day(DayEntry(4, you, black), tie_break=[C.BLACK, C.GOLD, C.GREEN])
    assert (lost.result, lost.tie) == ("loss", "The Silent Angler wins the tie: black 1-0")
    tied = score_day(DayEntry(4, you, AnglerEntry((Fish(S.STEELHEAD, C.GOLD, 4),))))
    assert tied.result == "tie"
    assert tied.tie == ("A tie, to the last fish colour (gold 1-1, black 0-0, green 0-0), does not beat L4: you "
                        "move on only when you beat the Silent Angler")
    assert score_day(DayEntry(4, you, AnglerEntry())).tie == ""  # 4 to 0: no tie


def test_fly_solo_command_says_the_tie() -> None:
    day = {"location": 4, "you": {"reel_board": "1A", "fish": [{"species": "steelhead", "color": "green",
                                                                  "points": 4}]},
           "silent_angler": {"fish": [{"species": "steelhead", "color": "black", "points": 4}]}}
    out = fly_solo_json(day)  # 4 each; gold 0-0, black: the Silent Angler 1, you 0
    assert (out["result"], out["tie"]) == ("loss", "The Silent Angler wins the tie: gold 0-0, black 1-0")


# Lure: seed 001, End of game (lines 47-49) ---------------------------------------------------------

def test_lure_most_vp_then_fewest_fish_then_a_shared_win() -> None:
    """Lines 47-49: "The player with the Most VP wins. In case of a tie, the tied player with the fewest
    fish wins. Share the win if there's still a tie." A kept Boost is 2 VP (line 35)."""
    # Ana 3 + 5 + a Boost 2 = 10 with 2 fish; Ben 4 + 4 + 2 = 10 with 3; Cy 10 with 1: Cy.
    _, winners = lure_score(["Ana", "Ben", "Cy"], [[3, 5], [4, 4, 2], [10]], [1, 0, 0])
    assert (winners, winners.tie) == (("Cy",), "Cy wins the tie: fewest fish Ana 2, Ben 3, Cy 1")
    _, winners = lure_score(["Ana", "Ben"], [[3, 3], [6]], [0, 0])  # 6 each: Ben has 1 fish to Ana's 2
    assert (winners, winners.tie) == (("Ben",), "Ben wins the tie: fewest fish 1-2")
    _, winners = lure_score(["Ana", "Ben"], [[6], [4]], [0, 1])  # 6 each, one fish each
    assert (winners, winners.tie) == (("Ana", "Ben"), "Ana and Ben share the win: fewest fish 1-1")
    _, winners = lure_score(["Ana", "Ben"], [[6], [5]], [0, 0])
    assert winners.tie == ""


# Salmon Run: seed 002, WINNING THE GAME (lines 107-113) -------------------------------------------

def test_salmon_run_several_salmon_in_the_pond_go_by_the_fewest_fatigue_then_tie() -> None:
    """Line 111: "If more than one salmon reaches the spawning pond, the winner is the player with the
    fewest Fatigue cards"; line 113: "If they have the same number of Fatigue cards, the game is a tie."
    Line 109: one salmon alone in the pond wins: nothing to explain."""
    _, winners = salmon_score(["Ana", "Ben", "Cy"], [True, True, False], [3, 1, 0])
    assert winners == ("Ben",)
    # No "tie" when one has the fewest (issue 65: "Dee wins the tie" read as if the pond were a tie).
    assert winners.tie == "Ana and Ben reached the spawning pond; Ben wins with the fewest Fatigue cards: Ben 1, Ana 3"
    _, winners = salmon_score(["Ana", "Ben"], [True, True], [2, 2])
    assert winners.tie == ("Ana and Ben reached the spawning pond; a tie: Ana and Ben have the fewest Fatigue cards: "
                           "Ana 2, Ben 2")
    _, winners = salmon_score(["Ana", "Ben"], [True, False], [5, 0])  # Ben's fewer cards do not count
    assert (winners, winners.tie) == (("Ana",), "")


# The pearl boat game: seed 003, Win Condition (lines 29, 45-49) -----------------------------------

def test_pearl_boat_the_first_back_with_three_different_fish_wins() -> None:
    """Line 49: "Collect 3 Different Fish and return to the fish market"; line 29: fish left at a
    drop-off point "take one turn ... to arrive at the fish market. Players cannot win on the turn they
    drop off their fish". So another boat may have three different fish back and not have won: the first
    to return with them wins, and the text names no other tie-break."""
    names = ["Ana", "Ben", "Cy"]
    fish = [["salmon", "carp", "bass"], ["halibut", "carp", "bass"], ["salmon"]]
    _, winners = pearl_score(names, [12, 20, 15], fish, [2, 3, 1], 0)
    assert winners == ("Ana",)
    assert winners.tie == ("Ana wins the tie: first back to the fish market with three different fish "
                           "(Ben has three too)")
    _, winners = pearl_score(names, [12, 20, 15], [fish[0], ["halibut"], ["salmon"]], [2, 3, 1], 0)
    assert winners.tie == ""
    out = pearl_json({"players": [{"name": n, "pearls": 1, "fish": f} for n, f in zip(names, fish)],
                      "first_back": "Ben"})
    assert out["winners"] == ["Ben"]
    assert out["tie"] == ("Ben wins the tie: first back to the fish market with three different fish "
                          "(Ana has three too)")


# Fleet Dice: seed 004, Game End (line 141) --------------------------------------------------------

def test_fleet_dice_most_fish_then_a_shared_victory() -> None:
    """Line 141: "In case of a tie, the player with the most fish wins. If still tied, begrudgingly enjoy
    your shared victory." Ana: 3 fish on a Cod boat (1 point for the boat, the layout file's) = 4; Ben: 1
    fish, the boat and a finished Casino (2 points) = 4. Fish 3-1: Ana."""
    ana = with_(new_sheet("cod"), boats={"cod": (3,)})
    ben = with_(new_sheet("cod"), boats={"cod": (1,)}, filled={"casino": 2})
    results, winners = fleet_score(["Ana", "Ben"], [ana, ben])
    assert [r.total for r in results] == [4, 4]
    assert (winners, winners.tie) == (("Ana",), "Ana wins the tie: most fish 3-1")
    _, winners = fleet_score(["Ana", "Ben"], [ana, ana])
    assert (winners, winners.tie) == (("Ana", "Ben"), "Ana and Ben share the win: most fish 3-3")


# The words, kept ----------------------------------------------------------------------------------

def test_break_tie_words_every_comparison_made() -> None:
    names = ["Ana", "Ben", "Cy", "Dee"]
    gold, black = TieBreak("gold", [2, 2, 1, 9]), TieBreak("black", [3, 2, 5, 9])
    assert break_tie(names, [0, 1, 2], [gold, black]) == ((0,), "gold Ana 2, Ben 2, Cy 1; black Ana 3, Ben 2")
    assert break_tie(names, [1, 0], [gold, black]) == ((0,), "gold 2-2, black 3-2")
    assert tie_words(names, [3], [gold]) == ""  # one player on top: no tie
    assert tie_words(names, [0, 1], []) == "Ana and Ben share the win"  # a game with no tie-break


def test_the_words_travel_with_the_winners() -> None:
    winners = Winners(["Ana"], "Ana wins the tie: gold 2-2, black 3-2")
    assert winners == ("Ana",) and list(winners) == ["Ana"] and tie_of(winners) == winners.tie
    assert copy.deepcopy(winners).tie == pickle.loads(pickle.dumps(winners)).tie == winners.tie
    assert tie_of(("Ana",)) == "" and Winners(["Ana"]).tie == ""


def tied_play() -> Play:
    ana = brooks("Ana", (C.GOLD, 1), (C.GOLD, 1), (C.BLACK, 1), (C.BLACK, 1), (C.BLACK, 1))
    cy = brooks("Cy", (C.GOLD, 1), (C.GOLD, 1), (C.BLACK, 1), (C.BLACK, 2), board="1A")
    results, winners = score_game(GameEntry((ana, cy)))
    return Play("p-tie", "freshwater-fly", "2026-11-20T21:00:00+01:00", results, winners, {"players": []})


def test_a_saved_play_keeps_the_words_and_earlier_plays_still_read() -> None:
    play = tied_play()
    doc = play.to_doc()
    assert doc["tie"] == "Ana wins the tie: gold 2-2, black 3-2"
    assert record_problem(doc) is None  # the store's shape checks take it
    assert Play.from_doc(doc).tie == play.tie
    earlier = {k: v for k, v in doc.items() if k != "tie"}  # a play filed before the words were kept
    assert record_problem(earlier) is None and Play.from_doc(earlier).tie == ""
    assert "tie" not in Play.from_doc(earlier).to_doc()
    assert record_problem({**doc, "tie": 5}) is not None  # only words: not a play Companion wrote


def test_a_bg_stats_file_of_our_own_carries_the_words_back() -> None:
    import json

    play = tied_play()
    found = from_bgsplay(json.dumps(to_bgsplay([play], PLAY_KINDS)).encode(), PLAY_KINDS)
    [back] = found.plays
    assert back.tie == play.tie


def test_the_picture_says_the_tie_under_the_winners() -> None:
    def texts(play: Play) -> list[str]:
        return [s.text for s in result_picture(play, "Freshwater Fly", "Fri 20 Nov 2026, 21:00").shapes
                if hasattr(s, "text")]

    assert texts(tied_play())[:5] == ["Freshwater Fly", "Fri 20 Nov 2026, 21:00", "Ana wins",
                                      "Ana wins the tie: gold 2-2, black 3-2", "1. Ana"]
    outright = Play("p", "lure", "2026-11-20T21:00:00", (PlayerResult("Ana", 3, 1, (BreakdownLine("Fish", 1, 3),)),),
                    ("Ana",), {})
    assert texts(outright)[:4] == ["Freshwater Fly", "Fri 20 Nov 2026, 21:00", "Ana wins", "1. Ana"]


def test_a_fly_solo_day_recorded_in_a_tie_says_so_in_its_journal_and_story() -> None:
    """Seed 000, line 585: "may not advance until you beat the Silent Angler". The journal's exact tie
    (tests/unit/test_fly_solo_journal.py: 9 to 9, seven green fish each): the Day, the adventure's
    story in History and the Day's scores on screen say the colours and that it is no win."""
    from companion.games.fly_solo import journal as j
    from companion.games.fly_solo.story import story
    from companion.games.freshwater_fly import score_sheet
    from companion.ui.games.fly_solo.pictures import day_scores
    from tests.unit.test_fly_solo_journal import ANGLER, YOU, started

    journal = started()
    journal.catch(YOU, *[(S.STEELHEAD, C.GREEN, 1)] * 7)
    journal.catch(ANGLER, *[(species, C.GREEN, 1) for species in (
        S.DOLLY, S.CUTTHROAT, S.BROOK, S.GRAYLING, S.RAINBOW, S.BROWN, S.STEELHEAD)])
    journal.do(j.sheet_action(score_sheet.set_first(journal.state.draft.sheet, YOU, True)))
    day = journal.record()
    why = ("A tie, to the last fish colour (gold 0-0, black 0-0, green 7-7), does not beat L1: you move on only "
           "when you beat the Silent Angler")
    assert (day.score.result, day.score.tie) == ("tie", why)
    told = story(journal.setup, journal.log)
    [moment] = [m for m in told.moments if m.kind == "day"]
    assert moment.text == ("Day 1 at L1 Crooked Fork: you 9, the Silent Angler 9; a tie, to the last fish colour "
                           "(gold 0-0, black 0-0, green 7-7), does not beat L1: you move on only when you beat the "
                           "Silent Angler")
    shown = day_scores(day.score).controls
    assert [(c.key, c.value) for c in shown[:2]] == [("day-result", "A tie: not a win"), ("day-tie", why)]
