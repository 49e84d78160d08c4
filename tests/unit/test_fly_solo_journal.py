"""The Fly Solo adventure journal (rulebook: Fly Solo, THE ADVENTURE MAP; Appendix B:
Journal Upgrades, Guide Book Challenges). Box counts are the data's chosen defaults:
Species Goals 5, Balanced Fishing 8, Bonus Hatch Token (A) and (B) 5 each, 8 Fish 1."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.adventure import default_adventure
from companion.games.fly_solo.journal import FREE_BADGE, RULES, Campaign
from companion.games.fly_solo.scoring import first_to_seven
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly.entry import FishColor, Hatch, Species

S, C, H = Species, FishColor, Hatch
ADVENTURE = default_adventure()
YOU, ANGLER = 0, 1


class Journal:
    """A campaign played action by action, keeping its log."""

    def __init__(self, name: str = "Week one") -> None:
        self.setup = {"name": name}
        self.state: Campaign = RULES.initial_state(self.setup)
        self.log: list = []

    def do(self, action) -> Campaign:
        self.state = RULES.apply(self.state, action)
        self.log.append(action)
        return self.state

    def refused(self, action, match: str) -> None:
        before = self.state
        with pytest.raises(DomainError, match=match):
            RULES.apply(self.state, action)
        assert self.state == before

    def buy(self, kind: str, choice: str | None = None) -> None:
        self.do(j.upgrade(kind, choice))

    def catch(self, seat: int, *specs: tuple) -> None:
        for species, colour, points in specs:
            self.do(j.sheet_action(sheet.add_fish(self.state.draft.sheet, seat, species, colour, points)))

    def tokens(self, seat: int, **counts: int) -> None:
        for colour, n in counts.items():
            self.do(j.sheet_action(sheet.set_hatch(self.state.draft.sheet, seat, Hatch(colour), n)))

    def record(self, bonus: Hatch | None = H.YELLOW) -> j.DayRecord:
        if self.state.location <= 3:
            self.do(j.set_bonus(bonus))
        self.do(j.record_day(self.state))
        return self.state.days[-1]

    def win(self) -> j.DayRecord:
        """Seven Steelhead (9 points each, never a Big One) against nothing."""
        self.catch(YOU, *[(S.STEELHEAD, C.GREEN, 9)] * 7)
        return self.record()

    def lose(self) -> j.DayRecord:
        self.catch(ANGLER, *[(S.RAINBOW, C.GOLD, 5)] * 7)
        return self.record()


def started(*momentum: str) -> Journal:
    journal = Journal()
    journal.buy("momentum", momentum[0] if momentum else "1A")
    return journal


# Setup and the free Badge --------------------------------------------------------------------

def test_a_new_adventure_starts_at_l1_with_one_free_badge_and_the_starting_journal() -> None:
    campaign = Journal().state
    assert campaign.badges == (FREE_BADGE,) and campaign.badges_to_spend == 1
    card = j.setup_card(campaign, ADVENTURE)
    # THE ADVENTURE MAP 5: Day 1 with 0 Finesse, 1 Rock card per deck, Reel board 1A.
    assert (card.day, card.location, card.finesse, card.rocks, card.reel_board, card.momentum) == (
        1, "L1 Crooked Fork", 0, 1, "1A", ())
    assert card.hatch_tiles == (4, 4, 4, 4, 4, 4, 5) and card.bonus_hatch_token


@pytest.mark.parametrize("name, message", [("", "Give the adventure a name"), ("   ", "Give the adventure a name"),
                                           ("x" * 41, "at most 40 letters"), (None, "Give the adventure a name")])
def test_an_adventure_needs_a_short_name(name, message) -> None:
    with pytest.raises(DomainError, match=message):
        RULES.initial_state({"name": name})


def test_the_free_badge_must_unlock_a_momentum_tile_before_day_1() -> None:
    journal = Journal()
    journal.catch(YOU, *[(S.BROOK, C.GOLD, 1)] * 7)
    journal.do(j.set_bonus(H.TAN))
    journal.refused(j.record_day(journal.state), "spend your free Badge on a Momentum tile")
    for kind in ("finesse", "rocks", "skill", "seven_fish", "bonus_point"):
        journal.refused(j.upgrade(kind), "free Badge unlocks your first Momentum tile")
    journal.refused(j.upgrade("rod", "3B"), "free Badge unlocks your first Momentum tile")
    journal.buy("momentum", "3A")
    assert journal.state.badges_to_spend == 0
    assert j.setup_card(journal.state, ADVENTURE).momentum == ("3A",)
    journal.record()
    assert len(journal.state.days) == 1


def test_no_badge_no_upgrade() -> None:
    journal = started()
    journal.refused(j.upgrade("momentum", "2A"), "no Badge to spend")


# Journal Upgrades (Appendix B) ------------------------------------------------------------------

def rich(badges: int) -> Journal:
    """A journal with `badges` unspent Badges after the first Momentum tile."""
    journal = started()
    journal.state = dataclasses.replace(journal.state, badges=journal.state.badges + ("test",) * badges)
    return journal


def test_momentum_tiles_in_any_order_each_once() -> None:
    journal = rich(5)
    for tile in ("5A", "2A", "4A", "3A"):
        journal.buy("momentum", tile)
    assert journal.state.upgrades.momentum == ("1A", "5A", "2A", "4A", "3A")
    journal.refused(j.upgrade("momentum", "2A"), "Momentum tile 2A is already unlocked")
    journal.refused(j.upgrade("momentum", "6A"), "Momentum tiles are 1A, 2A, 3A, 4A, 5A, not '6A'")


def test_finesse_at_start_is_claimed_in_order_up_to_four() -> None:
    journal = rich(5)
    for expected in (1, 2, 3, 4):
        journal.buy("finesse")
        assert j.setup_card(journal.state, ADVENTURE).finesse == expected
    journal.refused(j.upgrade("finesse"), "already 4, the most")


def test_rocks_per_deck_go_from_one_to_two_then_three() -> None:
    journal = rich(3)
    journal.buy("rocks")
    assert journal.state.upgrades.rocks == 2
    journal.buy("rocks")
    assert j.setup_card(journal.state, ADVENTURE).rocks == 3
    journal.refused(j.upgrade("rocks"), "already 3, the most")


def test_the_new_rod_is_one_permanent_choice_of_3b_or_4b() -> None:
    journal = rich(3)
    journal.refused(j.upgrade("rod", "2A"), "Reel board 3B or 4B, not '2A'")
    journal.buy("rod", "4B")
    assert j.setup_card(journal.state, ADVENTURE).reel_board == "4B"
    journal.refused(j.upgrade("rod", "3B"), "You chose Reel board 4B for the rest of the adventure")
    # The Day is scored with the New Rod's board.
    journal.catch(YOU, *[(S.BROOK, C.GOLD, 1)] * 7)
    assert journal.record().entry.you.reel_board == "4B"


def test_skill_card_and_seven_fish_bonus_once_each_and_bonus_points_up_to_six() -> None:
    journal = rich(9)
    journal.buy("skill")
    journal.refused(j.upgrade("skill"), "already unlocked")
    journal.buy("seven_fish")
    journal.refused(j.upgrade("seven_fish"), "already unlocked")
    for _ in range(6):
        journal.buy("bonus_point")
    journal.refused(j.upgrade("bonus_point"), r"already \+6, the most")
    card = j.setup_card(journal.state, ADVENTURE)
    assert card.skill_card and card.seven_fish_bonus and card.bonus_points == 6
    journal.refused(j.Action("upgrade", {"kind": "wings"}), "no Journal Upgrade called 'wings'")


def test_journal_bonuses_count_in_the_day_score() -> None:
    journal = rich(2)
    journal.buy("seven_fish")
    journal.buy("bonus_point")
    day = journal.win()
    lines = {b.rule: b.points for b in day.score.you}
    # 7 x 9 fish points; First to seven 2 and the 7 Fish Bonus 2 more; Bonus Points 1.
    assert lines == {"Fish points": 63, "First to seven fish": 2, "Journal bonus points": 1, "7 Fish Bonus": 2}


# Recording a Day --------------------------------------------------------------------------------

def test_a_day_ends_with_seven_fish_on_one_side() -> None:
    journal = started()
    journal.catch(YOU, *[(S.BROOK, C.GOLD, 1)] * 6)
    journal.catch(ANGLER, *[(S.BROOK, C.GOLD, 1)] * 6)
    journal.do(j.set_bonus(H.TAN))
    journal.refused(j.record_day(journal.state), "you have 6, the Silent Angler 6")


@pytest.mark.parametrize("tie_break, problem", [
    (None, "None is not a list of fish colours"),  # crashed with a TypeError (found by the conformance fuzz)
    (["gold", "gold", "green"], "must name gold, black and green once each"),
    (["red"], "are not fish colours"),
])
def test_a_day_with_a_tie_break_that_is_not_one_is_refused_with_what_is_wrong(tie_break, problem) -> None:
    journal = started()
    journal.catch(YOU, *[(S.STEELHEAD, C.GREEN, 9)] * 7)
    journal.do(j.set_bonus(H.TAN))
    action = j.record_day(journal.state)
    journal.refused(dataclasses.replace(action, data={**action.data, "tie_break": tie_break}),
                    f"The tie-break order is not right: .*{problem}")


def test_the_bonus_hatch_token_colour_is_asked_at_l1_to_l3_and_its_matches_counted() -> None:
    journal = started()
    journal.catch(YOU, *[(S.STEELHEAD, C.GREEN, 9)] * 7)
    journal.tokens(YOU, tan=3, blue=1)
    journal.refused(j.record_day(journal.state), "Bonus Hatch Token: L1 has one")
    day = journal.record(bonus=H.TAN)
    assert day.entry.bonus_hatch_matches == 3 and day.bonus is H.TAN
    assert {b.rule: b.points for b in day.score.you}["Bonus hatch token matches"] == 3


def test_who_was_first_to_seven_follows_from_the_counts() -> None:
    """DAY END: the Day ends at the end of the round in which either catches a seventh fish,
    and you take your turns first: with seven you were first, even when both have seven."""
    journal = started()
    journal.catch(ANGLER, *[(S.BROOK, C.GOLD, 1)] * 7)
    assert first_to_seven(j.day_entry(journal.state)) == (False, True)  # only the Silent Angler has seven
    journal.catch(YOU, *[(S.BROOK, C.GOLD, 1)] * 7)
    assert first_to_seven(j.day_entry(journal.state)) == (True, False)  # both: you were first
    day = journal.record()
    assert {b.rule: b.points for b in day.score.you}["First to seven fish"] == 2
    assert "First to seven fish" not in {b.rule for b in day.score.angler}


def test_the_silent_angler_scores_its_tokens_of_the_bonus_hatch_token_colour() -> None:
    """SCORING: the Silent Angler scores the Common Achievements as you do, the Bonus Hatch
    Token's point per matching token among them."""
    journal = started()
    journal.catch(YOU, *[(S.STEELHEAD, C.GREEN, 9)] * 7)
    journal.tokens(ANGLER, tan=2, blue=1)
    day = journal.record(bonus=H.TAN)
    assert day.entry.angler_bonus_matches == 2
    assert {b.rule: b.points for b in day.score.angler}["Bonus hatch token matches"] == 2


def test_the_silent_angler_seat_has_no_board_cards_or_first_and_your_board_is_the_journals() -> None:
    journal = started()
    s = journal.state.draft.sheet
    journal.catch(ANGLER, *[(S.BROOK, C.GOLD, 1)] * 7)
    for action in (sheet.set_board(s, ANGLER, "2A"), sheet.hold_card(s, ANGLER, "N", True),
                   sheet.set_w(s, ANGLER, 1), sheet.set_first(s, ANGLER, True)):
        journal.refused(j.sheet_action(action), "Silent Angler has no reel board")
    journal.refused(j.sheet_action(sheet.set_board(s, YOU, "2A")), "reel board comes from the journal")
    journal.refused(j.set_track(9), "spaces 0 \\(the start\\) to 8, not 9")
    journal.do(j.set_track(4))
    assert journal.state.draft.angler.track == 4


def test_the_assistant_hands_over_the_silent_anglers_day() -> None:
    journal = started()
    fish = tuple(sheet.Fish(S.COHO, C.GOLD, 5) for _ in range(7))
    journal.do(j.from_assistant(fish, {H.BLUE: 2}, 3))
    draft = journal.state.draft
    assert draft.angler.fish == fish and draft.angler.hatch[H.BLUE] == 2 and draft.track == 3
    journal.refused(j.Action("angler", {"fish": [{"species": "trout", "color": "gold", "points": 1}]}),
                    r"silent_angler.fish\[0\].species: unknown species 'trout'")


def test_the_skill_card_is_drawn_and_kept_with_the_day() -> None:
    """Appendix B, Skill Card: 'After unlocking this upgrade, during Setup each Day, randomly
    select one new Skill card': not before it is unlocked."""
    import random

    journal = rich(1)
    journal.refused(j.draw_skill(journal.state, random.Random(3)), "only once the Skill Card upgrade is unlocked")
    journal.buy("skill")
    journal.do(j.draw_skill(journal.state, random.Random(3)))
    card = journal.state.draft.skill
    assert card in j.SKILL_CARDS
    assert journal.win().skill == card
    assert journal.state.draft.skill is None  # shuffled back after the Day


# Guide Book Challenges -------------------------------------------------------------------------

def test_challenges_tick_across_days_and_each_completed_row_earns_a_badge() -> None:
    journal = started()
    # Day 1 (a loss): 3 Brook, 2 black fish, a 4-point Brook (a Big One), 4 tan tokens matching.
    journal.catch(YOU, (S.BROOK, C.BLACK, 4), (S.BROOK, C.BLACK, 1), (S.BROOK, C.GOLD, 1))
    journal.tokens(YOU, tan=4)
    journal.catch(ANGLER, *[(S.RAINBOW, C.GOLD, 5)] * 7)
    day1 = journal.record(bonus=H.TAN)
    assert day1.score.result == "loss"
    assert day1.badges == ("The Big Ones: Black 4-point Brook",)  # a Badge on a lost Day
    progress = journal.state.progress
    assert (progress["species:brook"], progress["colour:black"], progress["hatch-a"]) == (3, 2, 4)

    # Day 2 (a loss): 3 more Brook completes Species Goals (5 boxes, the sixth mark is lost);
    # 3 matching tokens fill (A) and put 2 in (B).
    journal.catch(YOU, *[(S.BROOK, C.GREEN, 2)] * 3)
    journal.tokens(YOU, blue=3)
    journal.catch(ANGLER, *[(S.RAINBOW, C.GOLD, 5)] * 7)
    day2 = journal.record(bonus=H.BLUE)
    assert day2.badges == ("Species Goals: Brook", "Bonus Hatch Token (A)")
    progress = journal.state.progress
    assert (progress["species:brook"], progress["hatch-a"], progress["hatch-b"]) == (5, 5, 2)
    assert journal.state.badges == (FREE_BADGE, "The Big Ones: Black 4-point Brook", "Species Goals: Brook",
                                    "Bonus Hatch Token (A)")
    assert journal.state.badges_to_spend == 3
    assert journal.state.location == 1  # lost Days do not move on


def test_the_big_ones_meet_every_criterion_and_eight_fish_needs_eight() -> None:
    """Appendix B, The Big Ones: 'any of the indicated fish you caught that met all of the
    criteria shown ... (e.g. if you caught a Black four-point Brook ...)'. A black 3-point Brook
    and a gold 4-point Brook are not the Big One (black, 4); a black 8-point Coho is (the
    Coho's colour is the chosen default, black); eight fish in a Day."""
    journal = started()
    journal.catch(YOU, (S.BROOK, C.BLACK, 3), (S.BROOK, C.GOLD, 4), (S.COHO, C.BLACK, 8),
                  *[(S.STEELHEAD, C.GREEN, 9)] * 5)
    day = journal.record()
    assert "The Big Ones: Black 4-point Brook" not in day.badges
    assert {"The Big Ones: Black 8-point Coho", "8 Fish", "Species Goals: Steelhead"} <= set(day.badges)
    # Balanced Fishing: 5 green of 8 boxes, not yet.
    assert journal.state.progress["colour:green"] == 5


def test_day_marks_follow_appendix_b() -> None:
    fish = (sheet.Fish(S.DOLLY, C.BLACK, 4), sheet.Fish(S.DOLLY, C.BLACK, 4), sheet.Fish(S.GRAYLING, C.GOLD, 4))
    marks = j.day_marks(fish, 2, {"hatch-a": 4}, ADVENTURE)
    assert marks["species:dolly"] == 2 and marks["species:grayling"] == 1
    assert marks["colour:gold"] == 1 and marks["colour:black"] == 2
    assert marks["big:dolly"] == 1  # one box, however many black 4-point Dolly
    assert marks["big:grayling"] == 0  # a gold Grayling is not the (black) Big One
    assert (marks["hatch-a"], marks["hatch-b"]) == (1, 1)  # (A) had one box left
    assert marks["eight-fish"] == 0


# Locations, winning and losing --------------------------------------------------------------

def test_beating_the_silent_angler_earns_a_badge_and_moves_on() -> None:
    journal = started()
    day = journal.win()
    assert day.badges[-1] == "Beat L1 Crooked Fork" and journal.state.location == 2
    assert j.setup_card(journal.state, ADVENTURE).location == "L2 Hunter's Cabin"


def test_an_exact_tie_does_not_beat_the_location() -> None:
    journal = started()
    journal.catch(YOU, *[(S.STEELHEAD, C.GREEN, 1)] * 7)
    journal.catch(ANGLER, *[(species, C.GREEN, 1) for species in (
        S.DOLLY, S.CUTTHROAT, S.BROOK, S.GRAYLING, S.RAINBOW, S.BROWN, S.STEELHEAD)])
    journal.do(j.sheet_action(sheet.set_first(journal.state.draft.sheet, YOU, True)))
    day = journal.record()
    # You: 7 fish points + First to seven 2 = 9. The Silent Angler at L1: 7 fish points, no pair,
    # 1 Steelhead and 1 Brown = 9. Seven green fish each: WINNING's tie-breaks leave a tie.
    assert (day.score.your_total, day.score.angler_total, day.score.result) == (9, 9, "tie")
    assert journal.state.location == 1 and not any(b.startswith("Beat") for b in day.badges)


def test_a_won_adventure() -> None:
    journal = started()
    for location in (1, 2, 3, 4):
        assert journal.state.location == location
        day = journal.win()
        assert day.location == location and day.score.result == "win"
    assert journal.state.status(ADVENTURE) == "won"
    assert journal.state.beaten == 4 and len(journal.state.days) == 4
    assert tuple(b for b in journal.state.badges if b.startswith("Beat")) == ("Beat L1 Crooked Fork", "Beat L2 Hunter's Cabin", "Beat L3 Snake Run",
                                         "Beat L4 Coldwater Cove")
    journal.refused(j.set_track(1), "The adventure is over")
    journal.refused(j.upgrade("finesse"), "The adventure is over")


def test_a_lost_adventure_after_seven_days() -> None:
    journal = started()
    journal.win()
    journal.win()
    for _ in range(5):
        assert journal.state.status(ADVENTURE) == "playing"
        journal.lose()
    assert len(journal.state.days) == 7 and journal.state.location == 3
    assert journal.state.status(ADVENTURE) == "lost"
    journal.refused(j.record_day(journal.state), "The adventure is over")


def test_a_whole_seven_day_adventure_replays_from_its_saved_log(store) -> None:
    manager = SessionManager(store.sessions, GAMES, store.clock)
    session = manager.create(j.GAME, {"name": "Autumn week"}, "Autumn week")
    journal = Journal("Autumn week")
    journal.do = lambda action: setattr(journal, "state", session.perform(action))  # type: ignore[method-assign]
    journal.buy("momentum", "1A")
    journal.lose()
    journal.win()
    journal.buy("momentum", "5A")
    journal.lose()
    journal.win()
    journal.buy("finesse")
    journal.catch(YOU, (S.COHO, C.GOLD, 8), *[(S.STEELHEAD, C.GREEN, 9)] * 7)
    journal.tokens(YOU, white=5)
    journal.record(bonus=H.WHITE)
    journal.buy("rod", "3B")
    journal.lose()
    journal.win()
    assert journal.state.status(ADVENTURE) == "won" and len(journal.state.days) == 7

    reopened = SessionManager(store.sessions, GAMES, store.clock).get(session.id)
    assert reopened.state == session.state
    assert replay(RULES, {"name": "Autumn week"}, reopened.record.actions) == session.state


# Invariants ----------------------------------------------------------------------------------

UPGRADE_CHOICES = [("momentum", t) for t in j.MOMENTUM_TILES] + [
    ("finesse", None), ("rocks", None), ("rod", "3B"), ("rod", "4B"), ("skill", None), ("seven_fish", None),
    ("bonus_point", None)]


@given(st.lists(st.one_of(st.sampled_from(UPGRADE_CHOICES), st.sampled_from(["win", "lose"])), max_size=30))
def test_any_adventure_keeps_the_journal_rules_and_replays(steps) -> None:
    journal = started()
    for step in steps:
        try:
            if step == "win":
                journal.win()
            elif step == "lose":
                journal.lose()
            else:
                journal.buy(*step)
        except DomainError:
            journal.state = replay(RULES, journal.setup, journal.log)  # a refused step changes nothing
    campaign, up = journal.state, journal.state.upgrades
    assert 0 <= up.count <= len(campaign.badges)
    assert len(set(up.momentum)) == len(up.momentum) and 0 <= up.finesse <= 4 and 1 <= up.rocks <= 3
    assert up.bonus_points <= 6 and len(campaign.days) <= 7 and 1 <= campaign.location <= 5
    assert all(campaign.progress.get(c.id, 0) <= c.boxes for c in j.challenges(ADVENTURE))
    assert replay(RULES, journal.setup, journal.log) == campaign


def test_the_box_counts_come_from_the_adventure_data() -> None:
    """A player whose printed map has 2 Species Goals boxes edits their copy of the data."""
    from companion.core.assets import load_json
    from companion.games.fly_solo.adventure import parse_adventure

    data = load_json("games/fly_solo/adventure.json")
    data["challenges"]["species_goals"] = 2
    rules = j.JournalRules(parse_adventure(data))
    campaign = rules.apply(rules.initial_state({"name": "Short map"}), j.upgrade("momentum", "1A"))
    for _ in range(7):
        campaign = rules.apply(campaign, j.sheet_action(sheet.add_fish(campaign.draft.sheet, YOU, S.GRAYLING,
                                                                       C.GOLD, 1)))
    campaign = rules.apply(campaign, j.set_bonus(H.BLUE))
    campaign = rules.apply(campaign, j.record_day(campaign))
    assert campaign.progress["species:grayling"] == 2
    assert "Species Goals: Grayling" in campaign.days[0].badges


def test_the_silent_anglers_day_is_in_from_its_sending_until_the_day_is_recorded() -> None:
    angler = j.from_assistant([], {}, 1)
    day = Action("day", {}, "record Day 1")
    other = Action("upgrade", {"kind": "momentum", "choice": "1A"}, "spend a Badge")
    assert not j.angler_day_in([])
    assert not j.angler_day_in([other])
    assert j.angler_day_in([other, angler, other])  # sent: your own catch is what is left
    assert not j.angler_day_in([angler, day])  # recorded: the next Day's starts again
    assert j.angler_day_in([angler, day, angler])
