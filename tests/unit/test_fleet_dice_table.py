"""Fleet Dice's table round (seeds/004: Set Up "Create the dice pools" and "Randomly select a
start player"; Boat Phase and Town Phase "Roll Dice" and "Select a Die"; Round End "Pass the
start player marker and dice clockwise")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.core.table.turns import clockwise, start_of_round
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.sheet_terms import BOAT_FACES, TOWN_FACES, Reroll
from companion.games.fleet_dice.table import TableError, pool
from tests.budgets import examples

NAMES = ("Ana", "Ben", "Cy", "Dee")


def table(players: int = 3, start: int = 0, starts: tuple[str, ...] = ("cod", "oyster", "shrimp", "lobster"),
          version: int | None = fleet.RULES_VERSION):
    """A game at the table's round (`version`: its rules version; None: set up before rules versions)."""
    setup = fleet.setup_for([{"name": n, "start": s} for n, s in zip(NAMES[:players], starts)], start)
    if version is None:
        del setup["rules_version"]
    else:
        setup["rules_version"] = version
    return setup, fleet.RULES.initial_state(setup)


def act(game, action):
    return fleet.RULES.apply(game, action)


def income(game, seat: int, pick: int | None = None):
    """`seat` uses its die (the picked one, else the shared one) for income: a simple use of any face."""
    roll = game.current_roll()
    die = "chosen" if pick is not None else "shared"
    face = roll.faces[pick if pick is not None else roll.shared]
    game = act(game, fleet.use_die(game, seat, die, face, "income", pick=pick))
    while (choice := game.sheets[seat].choice()) is not None and choice.kind == "gold":  # a coin box with a G
        game = act(game, fleet.legal_actions(game, seat)[0])
    return game


@pytest.mark.parametrize("players, boat, town", [(2, 3, 2), (3, 4, 3), (4, 5, 4)])
def test_the_pools_hold_one_die_more_than_the_players(players: int, boat: int, town: int) -> None:
    # Set Up: "2p = 3 boat dice, 3p = 4 boat dice, 4p = 5 boat dice"; "2p = 2 town dice + one boat die"...
    assert pool("boat", players) == (BOAT_FACES,) * boat
    assert pool("town", players) == (TOWN_FACES,) * town + (BOAT_FACES,)


def test_picks_go_clockwise_from_the_start_player_and_the_start_passes_each_round() -> None:
    # Select a Die: "beginning with the start player and continuing in clockwise order";
    # Round End: "Pass the start player marker and dice clockwise."
    assert clockwise(2, 4) == (2, 3, 0, 1)
    assert [start_of_round(2, r, 4) for r in (1, 2, 3, 4, 5)] == [2, 3, 0, 1, 2]
    _, game = table(3, start=1)
    game = act(game, fleet.roll_dice(game, ["cod", "cod", "shrimp", "coins"]))
    assert game.order() == (1, 2, 0) and game.picker() == 1
    with pytest.raises(TableError, match="Ben's pick"):
        income(game, 0, pick=0)
    game = income(game, 1, pick=0)
    assert game.picker() == 2


def play_phase(game, faces):
    """Roll `faces`; every player takes income from their pick, in order, then from the shared die."""
    game = act(game, fleet.roll_dice(game, faces))
    for pick, seat in enumerate(game.order()):
        game = income(game, seat, pick=pick)
    for seat in range(len(game.names)):
        game = income(game, seat)
    return game


def test_a_die_is_taken_once_and_the_one_left_is_shared_by_everyone() -> None:
    _, game = table(2)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))
    game = act(game, fleet.use_die(game, 0, "chosen", "cod", pick=0))  # Ana fills a Cod box
    with pytest.raises(TableError, match="Ana took that die"):
        act(game, fleet.use_die(game, 1, "chosen", "cod", pick=0))
    with pytest.raises(TableError, match="shows Lobster"):
        act(game, fleet.use_die(game, 1, "chosen", "cod", pick=1))
    with pytest.raises(TableError, match="Ben picks now"):  # Ana's shared die waits for Ben's pick
        act(game, fleet.use_die(game, 0, "shared", "swordfish"))
    game = act(game, fleet.use_die(game, 1, "chosen", "lobster", pick=1))
    assert game.current_roll().shared == 2 and game.picker() is None
    with pytest.raises(TableError, match="shared die shows Swordfish"):
        act(game, fleet.use_die(game, 0, "shared", "cod"))
    for seat in (1, 0):  # in any order
        game = act(game, fleet.use_die(game, seat, "shared", "swordfish"))
    assert [s.filled["swordfish"] for s in game.sheets] == [1, 1]
    assert [s.filled["cod"] for s in game.sheets] == [4, 0] and game.sheets[1].filled["lobster"] == 1


def test_the_next_phase_is_rolled_once_every_sheet_is_done_and_has_made_its_choices() -> None:
    # "Each player will always use two dice each phase"; fishing (even rounds) comes after the boat phase.
    _, game = table(2)
    with pytest.raises(DomainError, match="Roll the dice of the round 1, boat phase first"):
        act(game, fleet.use_die(game, 0, "chosen", "cod", pick=0))
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))
    with pytest.raises(TableError, match="rolled already: Ana picks now"):
        act(game, fleet.roll_dice(game, ["cod", "cod", "cod"]))
    game = income(income(game, 0, pick=0), 1, pick=1)
    game = income(game, 0)
    assert game.sheets[0].phase == "town" and game.position() == (1, 0)
    with pytest.raises(TableError, match="Ben still has the shared die to use"):
        act(game, fleet.roll_dice(game, ["harbor", "wharf", "cod"]))
    with pytest.raises(TableError, match="wait for the others"):  # Ana cannot go ahead alone
        act(game, fleet.use_die(game, 0, "chosen", "harbor", "normal", "king_crab", pick=0))
    game = income(game, 1)
    assert game.position() == (1, 1) and game.current_roll() is None
    with pytest.raises(TableError, match="town phase rolls 2 town dice and one boat die"):
        act(game, fleet.roll_dice(game, ["harbor", "wharf", "cod", "cod"]))
    with pytest.raises(TableError, match="Die 3 is a boat die"):
        act(game, fleet.roll_dice(game, ["harbor", "wharf", "market"]))
    game = act(game, fleet.roll_dice(game, ["harbor", "wharf", "cod"]))
    game = income(income(game, 0, pick=0), 1, pick=1)
    game = income(income(game, 0), 1)
    # Round 2: Ben starts. After its boat phase every sheet goes fishing before the town roll.
    game = play_phase(game, ["cod", "lobster", "swordfish"])
    assert game.start_player() == 1 and game.order() == (1, 0)
    # Everyone fishes at once: every phone names all who still fish (one once said "First Ben", another
    # "First Cy"). Ana's Cod boat has nothing to choose: it fished by itself (rules version 3, issue 65); Ben's
    # Oyster boat may take a coin for its second fish: his to say.
    assert game.sheets[0].boats["cod"] == (1,) and game.sheets[0].choice() is None
    with pytest.raises(TableError, match="Everyone goes fishing now: Ben still fishes."):
        act(game, fleet.roll_dice(game, ["harbor", "wharf", "cod"]))
    game = act(game, fleet.go_fishing(game, 1))
    game = act(game, fleet.roll_dice(game, ["harbor", "wharf", "cod"]))
    assert game.picker() == 1


def test_a_fishing_with_nothing_to_choose_is_done_in_the_move_that_brought_it_and_said_in_its_words() -> None:
    # Seed 004, "Fishing - even rounds only": "After the boat phase and all applicable bonuses have been taken, all
    # player will fish. Every launched boat ... catches a fish." Rules version 3 (issue 65): with no
    # Swordfish skip and no Oyster coin to choose, nobody taps "Go fishing". Version 2's games replay as played.
    for version, by_itself in ((fleet.RULES_VERSION, True), (2, False)):
        _, game = table(2, starts=("cod", "lobster"), version=version)
        game = play_phase(play_phase(game, ["cod", "lobster", "swordfish"]), ["harbor", "wharf", "cod"])
        game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))  # round 2's boat phase
        for pick, seat in enumerate(game.order()):
            game = income(game, seat, pick=pick)
        words = []
        for seat in (0, 1):  # the shared die ends each sheet's boat phase
            roll = game.current_roll()
            action = fleet.use_die(game, seat, "shared", roll.faces[roll.shared], "income")
            words.append(action.label)
            game = act(game, action)
        caught = [sum(s.boats["cod"]) + sum(s.boats["lobster"]) for s in game.sheets]
        if by_itself:  # each launched boat caught its fish, said in the move's own words
            assert [s.choice() for s in game.sheets] == [None, None] and caught == [1, 1]
            assert words == ["Ana: the shared die, Swordfish: take income; fishing, nothing to choose: 1 fish caught",
                             "Ben: the shared die, Swordfish: take income; fishing, nothing to choose: 1 fish caught"]
        else:
            assert [s.choice().kind for s in game.sheets] == ["fishing", "fishing"] and caught == [0, 0]
            assert not any("fishing" in w for w in words)


def with_casino(game, seat: int = 0):
    """The game with `seat`'s Casino finished (its two boxes filled)."""
    sheets = list(game.sheets)
    sheets[seat] = replace(sheets[seat], filled={**sheets[seat].filled, "casino": 2})
    return replace(game, sheets=tuple(sheets))


def test_a_casino_re_roll_in_a_game_set_up_before_rules_version_2_replays_in_the_use() -> None:
    # Casino: "you may re-roll the die you select in either phase". A game set up before rules version 2
    # carried the re-roll in the use of its die only (no re-roll in the log): it replays so.
    _, game = table(2, version=None)
    game = with_casino(game)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))
    game = act(game, fleet.use_die(game, 0, "chosen", "oyster", rerolled_from="cod", pick=0))
    assert game.current_roll().taken == (0, None) and game.sheets[0].filled["oyster"] == 1
    with pytest.raises(TableError, match="shows Lobster"):
        act(game, fleet.use_die(game, 1, "chosen", "cod", rerolled_from="swordfish", pick=1))


def test_a_casino_re_roll_is_recorded_once_for_the_die_selected_and_seen_by_every_phone() -> None:
    # Wharf Buildings: "Casino - After filling in two boxes, you may re-roll the die you select in either
    # phase." Bonuses: "When a bonus refers to a die you selected, the bonus applies to the die you take on
    # your turn ONLY - not the shared die." One re-roll of the die selected: recorded (its new face in the
    # log, on every phone's table) before it is used, and that die is the one used.
    _, game = table(2)
    game = with_casino(game)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))
    action = fleet.casino_reroll(game, 0, "cod", "oyster", pick=0)
    assert (action.type, action.data, action.label) == (
        "reroll", {"seat": 0, "rerolled_from": "cod", "face": "oyster", "pick": 0},
        "Ana: Casino re-roll of die 1, Cod: now Oyster")
    assert fleet.RULES.whose(game, action) == 0
    game = act(game, action)
    assert game.sheets[0].reroll == Reroll(0, "cod", "oyster") and game.current_roll().taken == (None, None)
    assert fleet.table_dice(game, 0) == [(0, "oyster")]  # that die, its new face: no other to take now
    assert {(a.data["face"], a.data.get("rerolled_from"), a.data["pick"]) for a in fleet.legal_actions(game, 0)} \
        == {("oyster", "cod", 0)}
    # Once per die selected: neither this die again, nor another one after it.
    for again in (fleet.casino_reroll(game, 0, "oyster", "cod", pick=0),
                  fleet.casino_reroll(game, 0, "lobster", "cod", pick=1)):
        with pytest.raises(DomainError) as caught:
            act(game, again)
        assert str(caught.value) == "Ana has re-rolled this die already: the Casino re-rolls the die you select once."
    for other in (fleet.use_die(game, 0, "chosen", "lobster", pick=1),  # another die
                  fleet.use_die(game, 0, "chosen", "cod", pick=0),  # the face it had
                  fleet.use_die(game, 0, "chosen", "cod", rerolled_from="oyster", pick=0)):
        with pytest.raises(DomainError) as caught:
            act(game, other)
        assert str(caught.value) == "Ana re-rolled die 1 with the Casino: use it, showing Oyster (re-rolled from Cod)."
    game = act(game, fleet.use_die(game, 0, "chosen", "oyster", rerolled_from="cod", pick=0))
    assert game.sheets[0].filled["oyster"] == 1 and game.sheets[0].reroll is None
    assert game.current_roll().taken == (0, None) and game.picker() == 1
    # Ben has no Casino; the shared die is not "the die you select".
    with pytest.raises(DomainError, match="Only a finished Casino re-rolls"):
        act(game, fleet.casino_reroll(game, 1, "lobster", "cod", pick=1))
    game = act(game, fleet.use_die(game, 1, "chosen", "lobster", pick=1))
    with pytest.raises(DomainError, match="the die you select, not the shared die"):
        act(game, fleet.casino_reroll(game, 0, "swordfish", "cod"))


def test_a_casino_re_roll_is_refused_out_of_turn_and_not_recorded_in_the_use_alone() -> None:
    _, game = table(2, start=1)
    game = with_casino(game)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))
    with pytest.raises(TableError, match="Ben's pick now"):
        act(game, fleet.casino_reroll(game, 0, "cod", "oyster", pick=0))
    game = act(game, fleet.use_die(game, 1, "chosen", "cod", pick=0))
    with pytest.raises(TableError, match="Ben took that die already"):
        act(game, fleet.casino_reroll(game, 0, "cod", "oyster", pick=0))
    with pytest.raises(TableError, match="That die shows Lobster"):
        act(game, fleet.casino_reroll(game, 0, "cod", "oyster", pick=1))
    with pytest.raises(DomainError, match="A re-rolled boat die shows one of"):
        act(game, fleet.casino_reroll(game, 0, "lobster", "harbor", pick=1))
    with pytest.raises(DomainError) as caught:  # a new face only in the use: the re-roll is recorded first
        act(game, fleet.use_die(game, 0, "chosen", "oyster", rerolled_from="lobster", pick=1))
    assert str(caught.value) == ("Re-roll the die with the Casino first: the re-roll is recorded, then the die is "
                                 "used.")


def test_a_casino_re_roll_on_sheets_kept_before_the_table_round_is_the_die_tapped_in() -> None:
    game = fleet.RULES.initial_state(fleet.setup_for([{"name": "Ana", "start": "cod"}], None))
    game = with_casino(game)
    with pytest.raises(TableError, match="the die re-rolled is the one tapped in"):
        act(game, fleet.casino_reroll(game, 0, "cod", "lobster", pick=0))
    game = act(game, fleet.casino_reroll(game, 0, "cod", "lobster"))
    assert fleet.casino_reroll(game, 0, "cod", "lobster").label == "Ana: Casino re-roll of Cod: now Lobster"
    with pytest.raises(DomainError, match="use it, showing Lobster"):
        act(game, fleet.use_die(game, 0, "chosen", "cod"))
    game = act(game, fleet.use_die(game, 0, "chosen", "lobster", rerolled_from="cod"))
    assert game.sheets[0].filled["lobster"] == 1 and game.sheets[0].reroll is None


def test_random_play_offers_a_casino_re_roll_and_replays_it() -> None:
    rng = random.Random(7)
    setup, game = table(2)
    game = with_casino(with_casino(game, 0), 1)
    setup_state = game
    log = []
    while not game.over:
        options = fleet.RULES.candidates(game, rng)
        rerolls = [a for a in options if a.type == "reroll"]
        action = rerolls[0] if rerolls and rng.random() < 0.5 else rng.choice(options)
        game = act(game, action)
        log.append(action)
    assert sum(a.type == "reroll" for a in log) > 5
    again = setup_state
    for action in log:
        again = act(again, action)
    assert again == game


def test_a_bad_start_player_is_refused_and_sheets_without_one_go_on_as_before() -> None:
    with pytest.raises(DomainError, match="one of the 2 seats"):
        fleet.RULES.initial_state({"players": [{"name": "Ana", "start": "cod"}, {"name": "Ben", "start": "cod"}],
                                   "start_player": 2})
    old = fleet.RULES.initial_state({"players": [{"name": "Ana", "start": "cod"}]})
    assert not old.at_table and "before the table's dice" in old.why_no_roll()
    assert fleet.RULES.apply(old, fleet.use_die(old, 0, "chosen", "cod")).sheets[0].filled["cod"] == 4


# Properties: random legal table play ------------------------------------------------------

def random_roll(game, rng: random.Random):
    where = game.position()
    return fleet.roll_dice(game, [rng.choice(faces) for faces in pool(("boat", "town")[where[1]], len(game.names))])


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4))
def test_random_table_play_keeps_the_golden_rule_and_never_gives_one_die_twice(seed: int, players: int) -> None:
    rng = random.Random(seed)
    setup, game = table(players, start=rng.randrange(players))
    log, uses = [], {}
    while not game.over:
        options = [a for seat in range(players) for a in fleet.legal_actions(game, seat)]
        if not options:
            assert game.why_no_roll() is None, game.why_no_roll()  # stuck only when the dice are to be rolled
            options = [random_roll(game, rng)]
        action = rng.choice(options)
        before = game
        game = act(game, action)
        log.append(action)
        for old, new in zip(before.sheets, game.sheets):
            assert all(new.filled[t] >= old.filled[t] for t in new.filled)  # boxes are only ever filled
        roll = game.current_roll()
        if roll is not None:
            taken = [d for d in roll.taken if d is not None]
            assert len(taken) == len(set(taken))  # no die taken twice
        if action.type == "use":
            key = (before.position(), action.data["seat"])
            uses[key] = uses.get(key, 0) + 1
            assert uses[key] <= 2  # two dice per phase
    assert replay(fleet.RULES, setup, log) == game
    assert set(uses.values()) == {2} and len(uses) == 20 * players  # 10 rounds, 2 phases, every player


class Dice:
    """The app's dice for a phase: each die shows the first face it may show (a boat die Shrimp, a town die
    Harbor), so what they roll is known by hand."""

    def choice(self, faces):
        return faces[0]


def test_with_the_app_s_dice_the_move_that_ends_a_phase_rolls_the_next() -> None:
    # Issue 65: "The start player rolls" each phase, a tap that asked nothing of them. Rolled with the app's dice,
    # the last move of the phase (Ben's shared die here) brings the next phase's roll: 2 town dice and a boat die.
    _, game = table(2)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"], app=True))
    assert game.current_roll().app
    game = income(income(game, 0, pick=0), 1, pick=1)
    game = income(game, 0)
    last = fleet.use_die(game, 1, "shared", "swordfish", "income")
    carried = fleet.and_next_roll(game, last, lambda after: Dice())
    assert carried.data["roll"] == ["harbor", "harbor", "shrimp"]  # TOWN_FACES[0] twice, BOAT_FACES[0]
    assert carried.label == "Ben: the shared die, Swordfish: take income; Town dice of round 1: Harbor, Harbor, Shrimp"
    game = act(game, carried)
    roll = game.current_roll()
    assert (roll.round, roll.phase, roll.faces, roll.app) == (1, "town", ("harbor", "harbor", "shrimp"), True)
    assert game.picker() == 0  # the start player picks first, with no roll of theirs
    # Its footprint: the sheet, and the table the roll writes (a pick from that roll locks the move's Undo); what
    # it reads is the move's own (reading every sheet, it was refused as stale when Ana's shared die went in at the
    # same moment: the three phones' browser test); it rests on every sheet (Ana's shared die is not undone
    # before it).
    footprint = fleet.RULES.footprint(carried)
    assert ("table",) in footprint.writes and footprint.reads == fleet.RULES.footprint(last).reads
    assert ("sheet",) in footprint.depends_on


def test_a_move_that_does_not_end_the_phase_or_one_of_the_table_s_own_dice_rolls_nothing() -> None:
    _, game = table(2)
    entered = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"]))  # the table's dice, tapped in
    app = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"], app=True))
    for rolled in (entered, app):
        first = fleet.use_die(rolled, 0, "chosen", "cod", "income", pick=0)  # the phase goes on
        assert "roll" not in fleet.and_next_roll(rolled, first, lambda after: Dice()).data
    done = income(income(income(entered, 0, pick=0), 1, pick=1), 0)
    last = fleet.use_die(done, 1, "shared", "swordfish", "income")
    assert "roll" not in fleet.and_next_roll(done, last, lambda after: Dice()).data  # the table rolls its own
    # A roll carried where none is due is refused, naming why.
    with pytest.raises(TableError, match="The boat dice are rolled already: Ben picks now"):
        act(app, replace(first, data={**first.data, "roll": ["harbor", "harbor", "shrimp"]}))
    with pytest.raises(TableError, match="The table rolls its own dice"):
        act(done, replace(last, data={**last.data, "roll": ["harbor", "harbor", "shrimp"]}))


def test_a_game_s_last_move_rolls_nothing() -> None:
    setup, game = table(2)
    game = act(game, fleet.roll_dice(game, ["cod", "lobster", "swordfish"], app=True))
    game = replace(game, sheets=tuple(replace(s, round=10, phase="town") for s in game.sheets),
                   roll=replace(game.roll, round=10, phase="town", faces=("harbor", "harbor", "shrimp")))
    for pick, seat in enumerate(game.order()):  # round 10: Ben starts
        game = income(game, seat, pick=pick)
    game = income(game, 0)
    last = fleet.use_die(game, 1, "shared", "shrimp", "income")
    assert "roll" not in fleet.and_next_roll(game, last, lambda after: Dice()).data
    assert act(game, last).over
