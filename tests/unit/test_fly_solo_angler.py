"""The Silent Angler assistant (rulebook: Fly Solo, Round Summary, Silent Angler's Turn,
End of the Round, Day End)."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games.fly_solo import angler as sa
from companion.games.fly_solo.adventure import default_adventure
from companion.games.fly_solo.angler import RULES, AnglerDay, wheel_token
from companion.games.freshwater_fly.entry import FishColor, Hatch, Species

H = Hatch
WHEEL = default_adventure().wheel  # chosen default: yellow, green, tan, blue, orange, white


def play(day: AnglerDay, *actions) -> AnglerDay:
    for action in actions:
        day = RULES.apply(day, action)
    return day


def rolled(faces: list[int], picks=(0, 0, 0)) -> AnglerDay:
    """A round rolled with `faces`, you taking three dice by pool index."""
    day = play(RULES.initial_state({"location": 1}), sa.Action("roll", {"faces": faces}))
    for index in picks:
        day = RULES.apply(day, sa.take(day, index))
    return day


# The colour wheel ------------------------------------------------------------------------------

def test_the_die_points_at_its_colour_on_the_wheel() -> None:
    # The rules' example: a 4 gives blue.
    assert wheel_token(4, [H.BLUE, H.ORANGE, H.YELLOW], WHEEL) is H.BLUE
    assert [wheel_token(n, list(Hatch), WHEEL) for n in range(1, 7)] == list(WHEEL)


def test_a_missing_colour_falls_to_the_next_one_clockwise() -> None:
    # '...if no blue tokens are available on the Hatch tile, you would instead give the Silent
    # Angler an orange token (4), and so on until the Silent Angler receives exactly one token.'
    assert wheel_token(4, [H.ORANGE, H.YELLOW], WHEEL) is H.ORANGE
    assert wheel_token(4, [H.WHITE, H.YELLOW], WHEEL) is H.WHITE
    assert wheel_token(4, [H.YELLOW, H.TAN], WHEEL) is H.YELLOW  # around the wheel past white
    assert wheel_token(6, [H.TAN], WHEEL) is H.TAN
    assert wheel_token(3, [], WHEEL) is None


# A round -------------------------------------------------------------------------------------

def test_you_take_three_and_the_silent_angler_casts_the_rest_lowest_first() -> None:
    day = rolled([6, 2, 5, 1, 4], picks=(0, 1, 2))  # you take the 6, the 5 and the 4
    assert day.draft.dice_of(0) == (6, 5, 4)
    assert day.angler_dice == (1, 2)
    assert day.step == "cast" and day.die == 1
    with pytest.raises(DomainError, match="^Not now: the Silent Angler casts its next die.$"):
        RULES.play(day, sa.Action("take", {"index": 0}))


def test_one_strike_card_per_fish_row_none_on_a_rock_and_a_hook_lands_fish_and_token() -> None:
    day = rolled([6, 6, 6, 3])
    day = RULES.apply(day, sa.Action("cast", {"order": ["miss", "miss", "hook", "miss"]}))
    day = play(day, sa.row(day, True))  # bottom row: a fish, one card, a miss: drift up
    assert day.strike.revealed == ("miss",) and day.strike.status == "casting"
    day = play(day, sa.row(day, False))  # middle row: a rock, no card
    assert day.strike.revealed == ("miss",)
    day = play(day, sa.row(day, True))  # top row: a fish, the next card is a miss
    # After the top row the cast is over: nothing caught, on to the next die (none left).
    assert day.fish == () and day.step == "end-round"

    day = rolled([6, 6, 6, 3])
    day = play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    day = play(day, sa.row(day, True))
    assert day.strike.status == "hooked"
    day = play(day, sa.hook(day, Species.COHO, FishColor.GOLD, 5, [H.BLUE, H.GREEN]))
    # Die 3 points at tan; the column has none: the next clockwise it has is blue.
    assert [(f.species, f.points) for f in day.fish] == [(Species.COHO, 5)]
    assert day.hatch[H.BLUE] == 1 and sum(day.hatch.values()) == 1 and day.track == 0
    assert day.step == "end-round"


def test_the_whole_column_in_one_answer_drifts_up_as_row_by_row_would() -> None:
    # Silent Angler's Turn 2-3: one Strike card for every fish the token is placed on or drifts to, none on a
    # Rock; no hook drifts it up a row; after the top row the cast is over. The table says the column's three
    # rows at once (bottom first): a fish, a rock, a fish draws two cards, the first and the third row's.
    day = rolled([6, 6, 6, 3])
    day = play(day, sa.Action("cast", {"order": ["miss", "miss", "hook", "miss"]}))
    action = sa.column(day, [True, False, True])
    assert action.label == "Silent Angler's 3: a fish bottom, a rock middle, a fish top: no hook"
    by_rows = play(day, sa.row(day, True))
    by_rows = play(by_rows, sa.row(by_rows, False))
    by_rows = play(by_rows, sa.row(by_rows, True))
    at_once = play(day, action)
    assert at_once == by_rows and at_once.fish == () and at_once.step == "end-round"


def test_a_hook_stops_the_column_and_the_rows_above_it_are_not_looked_at() -> None:
    # Silent Angler's Turn 4: a hook in the middle row (the second card dealt, the first fish a miss) ends the
    # drift there: the top row's card is not dealt, whatever the top row holds.
    day = rolled([6, 6, 6, 2])
    day = play(day, sa.Action("cast", {"order": ["miss", "hook", "miss", "miss"]}))
    for top in (True, False):
        action = sa.column(day, [True, True, top])
        assert action.label == "Silent Angler's 2: a fish bottom, a fish middle: hooked!"
        hooked = play(day, action)
        assert hooked.strike.status == "hooked" and hooked.strike.revealed == ("miss", "hook")
        assert hooked.strike.row == 2  # on the middle row
    # A column of rocks draws no card: the cast is over and the round's end comes (no die left).
    rocks = play(day, sa.column(day, [False, False, False]))
    assert rocks.strike.revealed == () and rocks.step == "end-round"


def test_a_column_answer_takes_exactly_the_rows_left() -> None:
    day = rolled([6, 6, 6, 2])
    day = play(day, sa.Action("cast", {"order": ["miss", "hook", "miss", "miss"]}))
    for wrong in ([True, True], [True, True, True, True], [1, 0, 1], "fish", None):
        with pytest.raises(DomainError, match="the column's 3 rows left"):
            RULES.apply(day, sa.Action("column", {"fish": wrong}))
    day = play(day, sa.row(day, False))  # a journal of the row-by-row version: two rows are left
    hooked = play(day, sa.column(day, [True, True]))  # middle: a miss; top: the hook
    assert hooked.strike.revealed == ("miss", "hook") and hooked.strike.status == "hooked"
    with pytest.raises(DomainError, match="the column's 2 rows left"):
        RULES.apply(day, sa.Action("column", {"fish": [True, True, True]}))


def test_a_hook_with_no_token_left_in_the_column_advances_the_track() -> None:
    day = rolled([6, 6, 6, 2])
    day = play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    day = play(day, sa.row(day, True), sa.hook(day, Species.BROOK, FishColor.BLACK, 2, []))
    assert sum(day.hatch.values()) == 0 and day.track == 1
    # It caught a fish this round: the round's end does not move the track again.
    day = play(day, sa.end_round(day))
    assert day.track == 1 and day.step == "roll"


def test_a_round_without_a_catch_moves_the_track_one_space() -> None:
    day = rolled([1, 1, 1, 1])
    day = play(day, sa.Action("cast", {"order": ["miss", "miss", "miss", "hook"]}))
    day = play(day, sa.row(day, True), sa.row(day, True))
    day = play(day, sa.row(day, True))
    assert day.step == "end-round"
    with pytest.raises(DomainError, match="^Not now: the Silent Angler has cast every die: end the round.$"):
        RULES.play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    day = play(day, sa.end_round(day))
    assert day.track == 1 and day.draft.round == 1


def test_a_second_cast_cannot_replace_a_hooked_fish() -> None:
    day = rolled([6, 6, 6, 2])
    day = play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    day = play(day, sa.row(day, True))
    with pytest.raises(DomainError, match="^Not now: say which fish the Silent Angler hooked.$"):
        RULES.play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    with pytest.raises(DomainError, match="^Not now: say which fish the Silent Angler hooked.$"):
        RULES.play(day, sa.end_round(day))


def test_the_day_ends_at_the_end_of_a_round_where_either_side_has_seven() -> None:
    day = RULES.initial_state({"location": 2})
    day = play(day, sa.your_fish(7))
    day = play(day, sa.Action("roll", {"faces": [6, 6, 6, 1]}))
    for _ in range(3):
        day = RULES.apply(day, sa.take(day, 0))
    assert not day.over  # not until the round ends
    day = play(day, sa.Action("cast", {"order": ["miss", "miss", "miss", "hook"]}))
    for _ in range(3):
        day = RULES.apply(day, sa.row(day, True))
    day = play(day, sa.end_round(day))
    assert day.over and day.step == "over"
    with pytest.raises(DomainError, match="^Not now: the Day is over: record it in the journal.$"):
        RULES.play(day, sa.Action("roll", {"faces": [1, 2, 3, 4]}))


def test_the_pool_is_four_or_five_dice_as_the_on_deck_tile_shows() -> None:
    day = RULES.initial_state({"location": 1})
    with pytest.raises(DomainError, match="4 or 5 dice, not 3"):
        RULES.apply(day, sa.Action("roll", {"faces": [1, 2, 3]}))
    assert len(RULES.apply(day, sa.roll(day, 5, random.Random(1))).draft.pool) == 5


def test_bad_input_is_refused_with_a_reason() -> None:
    with pytest.raises(DomainError, match="L1 to L4"):
        RULES.initial_state({"location": 5})
    day = rolled([6, 6, 6, 2])
    day = play(day, sa.Action("cast", {"order": ["hook", "miss", "miss", "miss"]}))
    day = play(day, sa.row(day, True))
    with pytest.raises(DomainError, match="species, colour and points"):
        RULES.apply(day, sa.Action("hook", {"species": "trout", "color": "gold", "points": 3}))
    with pytest.raises(DomainError, match="hatch token colours"):
        RULES.apply(day, sa.Action("hook", {"species": "coho", "color": "gold", "points": 3, "column": ["pink"]}))
    with pytest.raises(DomainError, match="how many fish"):
        RULES.apply(day, sa.Action("you", {"fish": -1}))


def test_a_whole_day_replays_from_its_log() -> None:
    rng = random.Random(7)
    day, log = RULES.initial_state({"location": 3}), []

    def do(action):
        nonlocal day
        day = RULES.apply(day, action)
        log.append(action)

    while not day.over:
        do(sa.roll(day, rng.choice([4, 5]), rng))
        for _ in range(3):
            do(sa.take(day, rng.randrange(len(day.draft.pool))))
        while day.step == "cast":
            do(sa.cast(day, rng, 1))
            while day.strike.status == "casting":  # row by row (journals before the column) or at once
                if rng.random() < 0.5:
                    do(sa.row(day, rng.random() < 0.8))
                else:
                    do(sa.column(day, [rng.random() < 0.8 for _ in range(3 - day.strike.row)]))
            if day.strike.status == "hooked":
                column = rng.sample(list(Hatch), rng.randint(0, 3))
                do(sa.hook(day, rng.choice(list(Species)), rng.choice(list(FishColor)), rng.randint(1, 8), column))
        do(sa.end_round(day))
        if day.draft.round % 2 == 0:
            do(sa.your_fish(min(7, day.your_fish + 2)))
    assert len(day.fish) >= 7 or day.your_fish >= 7
    assert replay(RULES, {"location": 3}, log) == day


def test_the_days_steps_are_the_kits_phases_and_a_step_out_of_turn_is_refused_in_words() -> None:
    # The Silent Angler's Day, one step at a time (rulebook: Fly Solo, The Silent Angler: roll, your three
    # dice, then its dice cast one by one, then the round's end): the kit opens the one move of the step.
    from companion.core.table.rules import NotNow

    day = RULES.initial_state({"location": 1})
    with pytest.raises(NotNow, match="^Not now: the next round's dice are to be rolled.$"):
        RULES.authorize(day, sa.Action("take", {"index": 0}), None)
    day = play(day, sa.Action("roll", {"faces": [1, 1, 1, 1]}))
    with pytest.raises(NotNow, match="^Not now: you take your three dice first.$"):
        RULES.authorize(day, sa.Action("roll", {"faces": [2, 2, 2, 2]}), None)
    RULES.authorize(day, sa.your_fish(3), None)  # your count of fish goes in at any time
    day = rolled([1, 1, 1, 1])
    day = play(day, sa.Action("cast", {"order": ["miss", "miss", "miss", "hook"]}))
    with pytest.raises(NotNow, match="^Not now: the Silent Angler's cast goes on, row by row.$"):
        RULES.authorize(day, sa.end_round(day), None)
    assert RULES.phase(day).seats() == ()  # one player: the phone says whom it waits on to no one


def test_momentum_5b_re_rolls_the_pool_and_the_silent_angler_casts_with_the_new_dice() -> None:
    # Appendix A, 5B: "Reroll the dice in the Dice pool and then gain 1 Finesse" (the Finesse is on your board).
    # Round of 5 dice: you take a 1, re-roll the four left (to 6, 6, 5, 2), take the 6 and the 6: the Silent
    # Angler gets the 5 and the 2 and casts the lower one, the 2, first (Silent Angler's Turn).
    day = rolled([1, 3, 3, 4, 4], picks=(0,))
    assert day.draft.pool == (3, 3, 4, 4)
    day = play(day, sa.Action("reroll", {"faces": [6, 6, 5, 2]}))
    assert day.draft.pool == (6, 6, 5, 2) and day.step == "pick"
    day = play(day, sa.take(day, 0))
    day = play(day, sa.take(day, 0))
    assert day.draft.dice_of(0) == (1, 6, 6) and day.angler_dice == (2, 5) and day.die == 2
    with pytest.raises(DomainError, match="^Not now: the Silent Angler casts its next die.$"):
        RULES.play(day, sa.Action("reroll", {"faces": [1, 1]}))  # your three are taken: its dice are its own


def test_a_5b_re_roll_rolls_as_many_dice_as_the_pool_holds() -> None:
    day = rolled([2, 2, 2, 2], picks=(0, 0))
    action = sa.reroll(day, random.Random(5))
    assert len(action.data["faces"]) == 2 and action.label == "Momentum 5B: re-roll the pool (2 dice)"
    with pytest.raises(DomainError, match="The pool holds 2 dice"):
        RULES.apply(day, sa.Action("reroll", {"faces": [1, 2, 3]}))
