"""Correcting a saved Fleet Dice play (History's Edit): the final sheets rebuilt from the play,
corrected by actions that can be undone, and re-scored by the rules' Game End
(../shared/seeds/004_9d98ce88e9057398.txt: "one point per fish and points from boats,
licensees, King Crab bonus, and buildings"; a tie goes to the most fish). Numbers the rules
text does not give (boat points and capacities, the King Crab's boxes and bonuses) come
from the layout file, and the tests say so."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games import GAMES
from companion.games.fleet_dice import correction, edit
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.edit import Estimate
from companion.games.fleet_dice.layout import BOAT_TYPES, default_layout
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import BOAT_KINDS, Sheet, new_sheet
from tests.budgets import examples

LAYOUT = default_layout()
RULES = correction.RULES
PLAYED_AT = "2026-11-20T21:00:00+00:00"


def with_(sheet: Sheet, **changes) -> Sheet:
    """A sheet with some of its final state set directly."""
    merged = {}
    for key, value in changes.items():
        base = getattr(sheet, key)
        merged[key] = {**base, **value} if isinstance(base, dict) else value
    return replace(sheet, **merged)


def saved(*sheets: Sheet, names=("Ana", "Ben")) -> dict:
    """The edit session's setup for a play saved from these final sheets."""
    play = fleet.to_play(fleet.FleetGame(tuple(names[:len(sheets)]), sheets), "play1", PLAYED_AT)
    return {"entry": play.entry, "play_id": play.id}


def ana_and_ben() -> dict:
    # Ana (Cod start): Cod boat 1 with 4 fish, Shrimp boat 1 with 2; a third Cod license; the
    # Casino finished and Ama's Cafe one box short; the King Crab finished with the Fleet bonus.
    ana = with_(new_sheet("cod"), licenses={"cod": 3}, boats={"cod": (4,), "shrimp": (2,)},
                filled={"casino": 2, "amas_cafe": 2, "king_crab": 5}, bonus="fleet")
    # Ben (Oyster start): one full Oyster boat; the Fisherman's Pub, Smokehouse, Bait Shop, Ridback.
    ben = with_(new_sheet("oyster"), boats={"oyster": (6,)},
                filled={"fishermans_pub": 4, "smokehouse": 2, "bait_shop": 2, "ridback": 1})
    return saved(ana, ben)


def play_a_game(seed: int, players: int = 2) -> fleet.FleetGame:
    """A whole game of random legal moves."""
    rng = random.Random(seed)
    starts = [{"name": n, "start": s} for n, s in zip(("Ana", "Ben", "Cy"), ("cod", "oyster", "shrimp"))][:players]
    game = fleet.RULES.initial_state({"players": starts})
    while not game.over:
        for seat in range(players):
            options = fleet.legal_actions(game, seat)
            if options:
                game = fleet.RULES.apply(game, rng.choice(options))
    return game


def test_the_kind_is_registered_with_its_rules() -> None:
    assert GAMES[edit.GAME] is RULES and RULES.game == "fleet-dice-edit"


# A correction, re-scored by hand ------------------------------------------------------------

def test_a_corrected_sheet_is_rescored_by_the_game_end_rules() -> None:
    setup = ana_and_ben()
    state = RULES.initial_state(setup)
    # Before: Ana 6 fish + boats 2 (Cod boat 1 and Shrimp boat 1, 1 point each: layout) + Cod's third
    # license 6 (rules: Cod, "6VP") + King Crab 5 (rules: "Earn five points plus bonus") + Fleet bonus
    # 1 per launched boat = 2 (layout) + Casino 2 (rules: "Earn two points") = 23.
    # Ben 6 fish + Oyster boat 1 1 (layout) + Fisherman's Pub 10 + Smokehouse 4 + Bait Shop 2 +
    # Ridback 2 (rules: Wharf Buildings) = 25: Ben wins.
    results, winners = score(state.names, state.sheets)
    assert [r.total for r in results] == [23, 25] and winners == ("Ben",)
    log = [edit.set_boxes(state, 0, "amas_cafe", 3)]  # Ama's Cafe finished: "seven points at game end"
    state = RULES.apply(state, log[-1])
    log.append(edit.set_fish(state, 0, "shrimp", 0, 3))  # one more fish on Shrimp boat 1
    state = RULES.apply(state, log[-1])
    log.append(edit.launch(state, 0, "cod"))  # Cod boat 2 was launched too (2 points: layout)
    state = RULES.apply(state, log[-1])
    log.append(edit.set_fish(state, 0, "cod", 1, 2))
    state = RULES.apply(state, log[-1])
    assert [a.label for a in log] == ["Ana: Ama's Cafe boxes 2 → 3", "Ana: fish on Shrimp boat 1 2 → 3",
                                      "Ana: launch Cod boat 2", "Ana: fish on Cod boat 2 0 → 2"]
    # After: Ana 9 fish + boats 1 + 2 + 1 = 4 + third license 6 + King Crab 5 + Fleet 3 boats = 3
    # + Casino 2 + Ama's Cafe 7 = 36; Ben still 25: Ana wins.
    play = edit.to_play(state, "play1", PLAYED_AT)
    ana = play.results[0]
    assert [(b.rule, b.count, b.points) for b in ana.breakdown] == [
        ("Fish", 9, 9), ("Launched boats", 3, 4), ("Third licenses", 1, 6), ("King Crab", 1, 5),
        ("King Crab bonus: Fleet: 1 point per launched boat", 3, 3), ("Casino", 1, 2), ("Ama's Cafe", 1, 7)]
    assert [r.total for r in play.results] == [36, 25] and play.winners == ("Ana",)
    assert (play.id, play.game, play.played_at) == ("play1", "fleet-dice", PLAYED_AT)
    entry = play.entry["players"][0]
    assert entry["fish_on_boats"] == {"shrimp": [3], "cod": [4, 2]} and entry["fish"] == 9 and entry["boats"] == 3
    assert entry["boxes"]["amas_cafe"] == 3 and entry["king_crab_bonus"] == "fleet"
    assert replay(RULES, setup, log) == state


def test_a_tie_after_a_correction_goes_to_the_most_fish() -> None:
    # Game End: "In case of a tie, the player with the most fish wins."
    ana = with_(new_sheet("cod"), boats={"cod": (3,)})  # 3 fish + Cod boat 1 (1 point) = 4
    ben = with_(new_sheet("cod"), boats={"cod": (0,)})  # 0 fish + 1 = 1
    state = RULES.initial_state(saved(ana, ben))
    state = RULES.apply(state, edit.set_boxes(state, 1, "smokehouse", 2))  # + 4 (rules: Smokehouse) = 5
    state = RULES.apply(state, edit.set_fish(state, 1, "cod", 0, 1))  # 6: Ben leads
    assert edit.to_play(state, "p", PLAYED_AT).winners == ("Ben",)
    state = RULES.apply(state, edit.set_boxes(state, 0, "casino", 2))  # Ana + 2 = 6: tied, Ana has more fish
    play = edit.to_play(state, "p", PLAYED_AT)
    assert [r.total for r in play.results] == [6, 6] and play.winners == ("Ana",)


# Rebuilding a saved play ------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_play_with_its_boats_is_rebuilt_exactly(seed: int) -> None:
    game = play_a_game(seed, players=3)
    play = fleet.to_play(game, "play1", PLAYED_AT)
    state = RULES.initial_state({"entry": play.entry, "play_id": "play1"})
    assert state.names == game.names and state.play_id == "play1"
    assert state.estimates == (None, None, None)
    for rebuilt, sheet in zip(state.sheets, game.sheets):
        assert (rebuilt.filled, rebuilt.licenses, rebuilt.boats, rebuilt.bonus) == \
            (dict(sheet.filled), dict(sheet.licenses), dict(sheet.boats), sheet.bonus)
        assert rebuilt.over and not rebuilt.pending
        assert edit.checks(rebuilt) == []  # a played sheet is one the rules could produce
    again = edit.to_play(state, "play1", PLAYED_AT)
    assert again.results == play.results and again.winners == play.winners and again.entry == play.entry


def test_an_older_play_without_its_boats_gets_them_estimated_and_says_so() -> None:
    # Saved before boats were kept: only the totals. Shrimp: 7 boxes (layout: license, boat, either,
    # boat) with 1 license, so the either launched a boat: 3 Shrimp boats. Cod: 5 boxes (license,
    # boat, either) with 2 licenses, so the either was a license: 1 Cod boat. The King Crab's 6th box
    # launches its first boat; Inuit boxes 2 and 4 launch two; a finished Barge is a boat (layout).
    old = {"players": [{"name": "Ana", "fish": 20, "boats": 8, "coins": 4,
                        "licenses": {"shrimp": 1, "cod": 2}, "king_crab_bonus": "haul",
                        "boxes": {"shrimp": 7, "cod": 5, "king_crab": 6, "inuit": 4, "barge": 2, "coins": 4}}]}
    state = RULES.initial_state({"entry": old, "play_id": "old1"})
    sheet = state.sheets[0]
    assert {k: len(v) for k, v in sheet.boats.items() if v} == {"shrimp": 3, "cod": 1, "king_crab": 1, "inuit": 2,
                                                                "barge": 1}
    # 20 fish onto the launched boats in order, each up to its capacity (layout): Shrimp 3, 3, 4;
    # Cod 4; King Crab 4; Inuit 2 of 3; none left for the second Inuit boat and the Barge.
    assert dict(sheet.boats) == {"shrimp": (3, 3, 4), "cod": (4,), "lobster": (), "swordfish": (), "oyster": (),
                                 "king_crab": (4,), "inuit": (2, 0), "barge": (0,)}
    assert sheet.fish == 20 and sheet.bonus == "haul"
    assert state.estimate(0) == Estimate(boats=8, fish=20)
    assert edit.checks(sheet) == []
    saved_again = edit.to_play(state, "old1", PLAYED_AT).entry["players"][0]
    assert saved_again["fish_on_boats"]["shrimp"] == [3, 3, 4]  # from now on the boats are kept


def test_an_older_play_with_more_fish_than_room_keeps_what_fits() -> None:
    old = {"players": [{"name": "Ana", "fish": 50, "boats": 1, "licenses": {"cod": 1}, "boxes": {"cod": 3}}]}
    state = RULES.initial_state({"entry": old})
    assert dict(state.sheets[0].boats)["cod"] == (4,) and state.estimate(0) == Estimate(boats=1, fish=50)
    assert state.play_id is None


@pytest.mark.parametrize("setup, problem", [
    ({}, "Open a saved Fleet Dice play in History"),
    ({"entry": {"players": []}}, "Open a saved Fleet Dice play in History"),
    ({"entry": {"players": [{"name": "A"}] * 5}}, "1 to 4 players"),
    ({"entry": {"players": [{"name": " "}]}}, "needs a name"),
    ({"entry": {"players": [{"name": "Ana", "boxes": {"cod": 13}}]}},
     "Ana's Cod boxes must be a whole number from 0 to 12, not 13"),
    ({"entry": {"players": [{"name": "Ana", "boxes": {"trout": 1}}]}}, "'trout' track"),
    ({"entry": {"players": [{"name": "Ana", "licenses": {"cod": 4}}]}}, "Ana's Cod licenses must be .* 0 to 3"),
    ({"entry": {"players": [{"name": "Ana", "king_crab_bonus": "gold"}]}}, "King Crab bonus 'gold' is not one of"),
    ({"entry": {"players": [{"name": "Ana", "king_crab_bonus": []}]}}, r"King Crab bonus \[\] is not one of"),
    ({"entry": {"players": [{"name": "Ana", "fish_on_boats": {"cod": [5]}}]}},
     "The fish on Ana's Cod boat 1 must be a whole number from 0 to 4, not 5"),
    ({"entry": {"players": [{"name": "Ana", "fish_on_boats": {"cod": [0] * 5}}]}}, "a list of at most 4"),
    ({"entry": {"players": [{"name": "Ana", "king_crab_bonus": "fleet", "boxes": {"king_crab": 5}},
                            {"name": "Ben", "king_crab_bonus": "fleet", "boxes": {"king_crab": 5}}]}},
     "the same King Crab bonus"),
])
def test_a_saved_play_that_does_not_fit_the_sheet_is_refused_with_words(setup, problem) -> None:
    with pytest.raises(DomainError, match=problem):
        RULES.initial_state(setup)


def test_a_saved_bonus_without_a_finished_king_crab_is_dropped() -> None:
    state = RULES.initial_state({"entry": {"players": [{"name": "Ana", "king_crab_bonus": "fleet",
                                                        "boxes": {"king_crab": 4}}]}})
    assert state.sheets[0].bonus is None


# Corrections and their refusals -----------------------------------------------------------

def test_labels_say_what_each_correction_changes() -> None:
    state = RULES.initial_state(ana_and_ben())
    assert edit.set_boxes(state, 0, "cod", 6).label == "Ana: Cod boxes 3 → 6"
    assert edit.set_boxes(state, 1, "coins", 4).label == "Ben: coins 0 → 4"
    assert edit.set_boxes(state, 0, "salvage_uses", 1).label == "Ana: Salvage Yard uses 0 → 1"
    assert edit.set_boxes(state, 0, "king_crab", 4).label == "Ana: King Crab boxes 5 → 4 (its bonus goes)"
    assert edit.set_license(state, 1, "oyster", 2).label == "Ben: Oyster licenses 1 → 2"
    assert edit.launch(state, 0, "inuit").label == "Ana: launch Inuit boat 1"
    assert edit.unlaunch(state, 0, "cod").label == "Ana: unlaunch Cod boat 1 (and its 4 fish)"
    assert edit.launch(state, 0, "barge").label == "Ana: launch Barge"
    assert edit.set_boats(state, 0, "shrimp", 3).label == "Ana: Shrimp boats launched 1 → 3"
    assert edit.set_fish(state, 1, "oyster", 0, 5).label == "Ben: fish on Oyster boat 1 6 → 5"
    assert edit.choose_bonus(state, 0, "haul").label == "Ana: King Crab bonus Haul: 1 point per 3 fish"
    assert edit.choose_bonus(state, 0, None).label == "Ana: no King Crab bonus"


def test_unfinishing_the_king_crab_takes_its_bonus_and_undo_brings_it_back() -> None:
    setup = ana_and_ben()
    state = RULES.initial_state(setup)
    fewer = RULES.apply(state, edit.set_boxes(state, 0, "king_crab", 4))
    assert fewer.sheets[0].bonus is None
    assert "King Crab" not in {b.rule for b in edit.to_play(fewer, "p", PLAYED_AT).results[0].breakdown}
    assert replay(RULES, setup, []) == state  # Undo is a replay without the last action
    again = RULES.apply(fewer, edit.set_boxes(fewer, 0, "king_crab", 5))
    assert again.sheets[0].bonus is None  # finishing it again asks for the bonus to be chosen again


def test_a_bonus_moves_between_players_only_once_given_up() -> None:
    state = RULES.initial_state(ana_and_ben())
    state = RULES.apply(state, edit.set_boxes(state, 1, "king_crab", 5))
    with pytest.raises(DomainError, match="Ana took that King Crab bonus: each bonus is one player's"):
        RULES.apply(state, edit.choose_bonus(state, 1, "fleet"))
    state = RULES.apply(state, edit.choose_bonus(state, 0, "charter"))
    state = RULES.apply(state, edit.choose_bonus(state, 1, "fleet"))
    assert (state.sheets[0].bonus, state.sheets[1].bonus) == ("charter", "fleet")


def test_a_lower_oyster_license_must_leave_room_for_the_fish() -> None:
    # Bonuses, Oyster: with licenses an Oyster boat holds six, eight, then ten fish.
    sheet = with_(new_sheet("oyster"), licenses={"oyster": 2}, boats={"oyster": (8,)})
    state = RULES.initial_state(saved(sheet))
    with pytest.raises(DomainError, match="Ana's Oyster boat 1 has 8 fish; with 1 Oyster license.* holds 6"):
        RULES.apply(state, edit.set_license(state, 0, "oyster", 1))
    state = RULES.apply(state, edit.set_license(state, 0, "oyster", 3))
    state = RULES.apply(state, edit.set_fish(state, 0, "oyster", 0, 10))
    assert state.sheets[0].fish == 10


REFUSALS = [
    ("boxes", {"seat": 0, "track": "cod", "count": 13}, "Ana's Cod boxes must be a whole number from 0 to 12, not 13"),
    ("boxes", {"seat": 0, "track": "cod", "count": -1}, "from 0 to 12, not -1"),
    ("boxes", {"seat": 0, "track": "cod", "count": True}, "not True"),
    ("boxes", {"seat": 0, "track": "trout", "count": 1}, "There is no 'trout' track on the sheet"),
    ("boxes", {"seat": 0, "track": [], "count": 1}, r"There is no \[\] track on the sheet"),  # once a TypeError
    ("boxes", {"seat": 2, "track": "cod", "count": 1}, "There is no player 2 at this table"),
    ("license", {"seat": 0, "boat_type": "cod", "level": 4}, "Ana's Cod licenses must be .* 0 to 3, not 4"),
    ("license", {"seat": 0, "boat_type": "barge", "level": 1}, "Licenses are of a boat type"),
    ("boats", {"seat": 0, "kind": "cod", "count": 5}, "Ana's launched Cod boats must be .* 0 to 4, not 5"),
    ("boats", {"seat": 0, "kind": "barge", "count": 2}, "launched Barge boats must be .* 0 to 1"),
    ("boats", {"seat": 0, "kind": "trout", "count": 1}, "There are no 'trout' boats on the sheet"),
    ("fish", {"seat": 0, "kind": "cod", "index": 0, "fish": 5},
     "The fish on Ana's Cod boat 1 must be a whole number from 0 to 4, not 5"),
    ("fish", {"seat": 0, "kind": "cod", "index": 1, "fish": 1}, "Ana has no launched Cod boat number 1: launch it"),
    ("bonus", {"seat": 1, "bonus": "haul"}, r"Ben's King Crab is not finished \(0 of 5 boxes\): no bonus yet"),
    ("bonus", {"seat": 0, "bonus": "gold"}, "The King Crab bonuses are fleet, haul, charter, treasury; not 'gold'"),
    ("fill", {"seat": 0}, "does not know the action 'fill'"),
]


@pytest.mark.parametrize("kind, data, problem", REFUSALS, ids=[f"{k}-{p[:20]}" for k, _, p in REFUSALS])
def test_a_correction_the_sheet_cannot_hold_is_refused_with_words(kind, data, problem) -> None:
    from companion.core.actions import Action

    state = RULES.initial_state(ana_and_ben())
    with pytest.raises(DomainError, match=problem):
        RULES.apply(state, Action(kind, data, "tapped"))


def test_checks_name_boats_and_licenses_the_boxes_could_not_give() -> None:
    state = RULES.initial_state(ana_and_ben())
    hints = edit.checks(state.sheets[0])  # a Cod start: 3 boxes give one license and one boat
    assert "Cod: 3 boxes activate 1 license, but the sheet has 3." in hints
    assert "Shrimp: 0 boxes launch 0 boats, but 1 is launched." in hints
    state = RULES.apply(state, edit.launch(state, 0, "inuit"))
    assert "Inuit: 0 boxes launch 0 boats, but 1 is launched." in edit.checks(state.sheets[0])


# Properties: random corrections ---------------------------------------------------------------

TRACKS = LAYOUT.tracks
correction = st.one_of(
    st.tuples(st.just("boxes"), st.integers(0, 1), st.sampled_from(TRACKS), st.integers(-1, 31)),
    st.tuples(st.just("license"), st.integers(0, 1), st.sampled_from(BOAT_TYPES), st.integers(-1, 4)),
    st.tuples(st.just("boats"), st.integers(0, 1), st.sampled_from(BOAT_KINDS), st.integers(-1, 5)),
    st.tuples(st.just("fish"), st.integers(0, 1), st.sampled_from(BOAT_KINDS), st.integers(-1, 4), st.integers(-1, 11)),
    st.tuples(st.just("bonus"), st.integers(0, 1), st.sampled_from([None, *[b.id for b in LAYOUT.bonuses]])),
)


def build(state, what):
    kind, seat, *args = what
    if kind == "boxes":
        return edit.set_boxes(state, seat, *args)
    if kind == "license":
        return edit.set_license(state, seat, *args)
    if kind == "boats":
        return edit.set_boats(state, seat, *args)
    if kind == "fish":
        return edit.set_fish(state, seat, *args)
    return edit.choose_bonus(state, seat, *args)


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 50), taps=st.lists(correction, max_size=40), old=st.booleans())
def test_random_corrections_replay_to_the_same_state_and_score_their_breakdown(seed, taps, old) -> None:
    game = play_a_game(seed)
    entry = fleet.to_play(game, "p", PLAYED_AT).entry
    if old:  # a play saved before boats were kept
        entry = {"players": [{k: v for k, v in p.items() if k != "fish_on_boats"} for p in entry["players"]]}
    setup = {"entry": entry, "play_id": "p"}
    state = RULES.initial_state(setup)
    log = []
    for what in taps:
        try:
            action = build(state, what)
            state = RULES.apply(state, action)
        except DomainError as exc:
            assert str(exc)  # refused with words; nothing changed
            continue
        log.append(action)
    assert replay(RULES, setup, log) == state
    if log:  # Undo: replaying all but the last correction, then the last one again
        assert RULES.apply(replay(RULES, setup, log[:-1]), log[-1]) == state
    bonuses = [s.bonus for s in state.sheets if s.bonus]
    assert len(set(bonuses)) == len(bonuses)  # one player per King Crab bonus
    for sheet in state.sheets:
        assert all(0 <= sheet.filled[t] <= LAYOUT.track_length(t) for t in TRACKS)
        assert all(0 <= f <= sheet.capacity(k, i) for k, i in sheet.launched() for f in [sheet.boats[k][i]])
        assert sheet.bonus is None or sheet.complete("king_crab")
    play = edit.to_play(state, "p", PLAYED_AT)
    for result in play.results:
        assert result.total == sum(line.points for line in result.breakdown)
    # What is saved is read back as the same sheets (the boats kept from now on).
    again = RULES.initial_state({"entry": play.entry, "play_id": "p"})
    assert [(s.filled, s.licenses, s.boats, s.bonus) for s in again.sheets] == \
        [(dict(s.filled), dict(s.licenses), dict(s.boats), s.bonus) for s in state.sheets]
