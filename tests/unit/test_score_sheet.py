"""Freshwater Fly's score sheet: taps as actions, undone and replayed; saved as a play."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action, independent
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly.entry import (
    FishColor,
    Hatch,
    Species,
    game_to_json,
    parse_game,
)

RULES = sheet.RULES
SETUP = {"players": ["Ana", "Ben"], "boards": ["1A", "2A"]}


def start():
    return RULES.initial_state(SETUP)


def test_seating_is_checked() -> None:
    with pytest.raises(DomainError, match="Freshwater Fly is played by 2 to 4 players, not 1"):
        RULES.initial_state({"players": ["Ana"]})
    with pytest.raises(DomainError, match="'ana' is already players\\[0\\]"):
        RULES.initial_state({"players": ["Ana", "ana"]})


def test_fish_added_and_removed_with_labels() -> None:
    state = start()
    action = sheet.add_fish(state, 0, Species.COHO, FishColor.GOLD, 5)
    assert action.label == "Ana: add a gold Coho (5)"
    state = RULES.apply(state, action)
    assert state.player(0).fish[0].points == 5
    remove = sheet.remove_fish(state, 0, 0)
    assert remove.label == "Ana: remove the gold Coho (5)"
    assert RULES.apply(state, remove).player(0).fish == ()


def seven(state, seat):
    for _ in range(7):
        state = RULES.apply(state, sheet.add_fish(state, seat, Species.BROOK, FishColor.GREEN, 1))
    return state


def test_only_one_player_is_first_to_seven_and_only_with_seven_fish() -> None:
    state = start()
    with pytest.raises(DomainError, match="Ana has 0 fish: the first to seven fish has caught seven"):
        RULES.apply(state, sheet.set_first(state, 0, True))
    state = seven(seven(state, 0), 1)
    state = RULES.apply(state, sheet.set_first(state, 0, True))
    state = RULES.apply(state, sheet.set_first(state, 1, True))
    assert [p.first_to_seven for p in state.game.players] == [False, True]
    state = RULES.apply(state, sheet.remove_fish(state, 1, 0))  # six fish now: not first to seven any more
    assert not state.player(1).first_to_seven


def test_hatch_cards_board_and_ws() -> None:
    state = start()
    for action in (sheet.set_hatch(state, 1, Hatch.BLUE, 3), sheet.set_board(state, 1, "4B"),
                   sheet.hold_card(state, 1, "O", True), sheet.hold_card(state, 1, "N", True),
                   sheet.set_w(state, 1, 2), sheet.hold_card(state, 1, "O", False)):
        state = RULES.apply(state, action)
    ben = state.player(1)
    assert (ben.hatch[Hatch.BLUE], ben.reel_board, ben.cards) == (3, "4B", ("N", "W", "W"))
    with pytest.raises(DomainError, match="Blue hatch tokens must be a whole number from 0 to 10, not -1"):
        RULES.apply(state, sheet.set_hatch(state, 1, Hatch.BLUE, -1))
    with pytest.raises(DomainError, match="There is no player 5 at this table"):
        RULES.apply(state, Action("board", {"seat": 5, "board": "1A"}))


def test_each_reel_board_and_skill_card_n_o_p_is_one_players() -> None:
    """Components: 4 Reel Boards; Setup E: 'Give each player one Reel board'. Skill cards N, O
    and P are single cards (Appendix A): one player holds each."""
    state = start()
    with pytest.raises(DomainError, match="Reel board 2A is Ben's: each player has their own"):
        RULES.apply(state, sheet.set_board(state, 0, "2A"))
    state = RULES.apply(state, sheet.set_board(state, 1, "3B"))  # Ben takes 3B: 2A is free for Ana
    state = RULES.apply(state, sheet.set_board(state, 0, "2A"))
    state = RULES.apply(state, sheet.hold_card(state, 0, "N", True))
    with pytest.raises(DomainError, match=r"^Skill card N is Ana's: there is one of each \(the 16 Rock cards are A "
                                          r"to P\)\.$"):
        RULES.apply(state, sheet.hold_card(state, 1, "N", True))
    assert (state.player(0).reel_board, state.player(1).reel_board, state.player(0).cards) == ("2A", "3B", ("N",))
    # A sheet started before boards were given out (both on 1A) still replays.
    assert [p.reel_board for p in RULES.initial_state({"players": ["Ana", "Ben"]}).game.players] == ["1A", "1A"]


def test_taking_a_board_another_player_gives_up_is_not_declared_independent_of_it() -> None:
    # The case: Ana takes reel board 2A while Ben switches from 2A to 1A. Ben first, both are
    # taken; Ana first, hers is refused. The footprint said they were independent (one seat each).
    state = RULES.initial_state({"players": ["Ana", "Ben"], "boards": ["3B", "2A"]})
    ana_takes, ben_leaves = sheet.set_board(state, 0, "2A"), sheet.set_board(state, 1, "1A")
    assert replay(RULES, {"players": ["Ana", "Ben"], "boards": ["3B", "2A"]}, [ben_leaves, ana_takes])
    with pytest.raises(DomainError, match="Reel board 2A is Ben's"):
        RULES.apply(state, ana_takes)
    assert not independent(RULES.footprint(ana_takes), RULES.footprint(ben_leaves))
    # Each player's fish stay their own: those are independent, whoever taps first.
    assert independent(RULES.footprint(sheet.add_fish(state, 0, Species.BROOK, FishColor.GOLD, 1)),
                       RULES.footprint(sheet.add_fish(state, 1, Species.BROOK, FishColor.GOLD, 1)))


def test_a_sheet_becomes_a_play_whose_entry_reads_back() -> None:
    state = RULES.apply(start(), sheet.add_fish(start(), 0, Species.COHO, FishColor.GOLD, 5))
    play = sheet.to_play(state, "p1", "2026-11-21T20:00:00")
    assert play.winners == ("Ana",) and [r.total for r in play.results] == [11, 0]  # 5 fish + 6 Most Coho
    assert parse_game(play.entry) == state.game
    again = RULES.initial_state({"entry": play.entry, "play_id": "p1"})
    assert again.game == state.game and again.play_id == "p1"


taps = st.lists(st.tuples(st.sampled_from(["fish", "remove", "hatch", "board", "card", "w", "first"]),
                          st.integers(0, 1), st.integers(0, 40)), max_size=40)


@given(taps)
def test_replaying_the_log_reproduces_the_sheet(steps) -> None:
    state, log = start(), []
    for kind, seat, n in steps:
        player = state.player(seat)
        build = {
            "fish": lambda: sheet.add_fish(state, seat, list(Species)[n % 8], list(FishColor)[n % 3], n % 9),
            "remove": lambda: sheet.remove_fish(state, seat, n % max(1, len(player.fish))),
            "hatch": lambda: sheet.set_hatch(state, seat, list(Hatch)[n % 6], n % 5),
            "board": lambda: sheet.set_board(state, seat, ["1A", "2A", "3B", "4B"][n % 4]),
            "card": lambda: sheet.hold_card(state, seat, "NOP"[n % 3], n % 2 == 0),
            "w": lambda: sheet.hold_card(state, seat, "W", n % 2 == 0),  # the one W card (set_w: journals before)
            "first": lambda: sheet.set_first(state, seat, n % 2 == 0),
        }[kind]
        try:
            action = build()
            state = RULES.apply(state, action)
        except (DomainError, IndexError):
            continue
        log.append(action)
    assert replay(RULES, SETUP, log) == state
    assert parse_game(game_to_json(state.game)) == state.game  # always a valid end of game
