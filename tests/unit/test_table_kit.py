"""The table kit (companion/core/table/): who sits where and who may act for a seat, turn order,
secret choices, and a declared game's answers to the session layer."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from companion.core.actions import Action, Actor, Footprint
from companion.core.errors import DomainError
from companion.core.session_manager import SessionManager
from companion.core.table.rules import Move, TableRules, own, seat_in
from companion.core.table.seats import ANY_SEAT, MAX_NAME, NotYourSeat, read_players, refusal, seat_entry, seat_of
from companion.core.table.secrets import HIDDEN, Secret, SecretError
from companion.core.table.turns import clockwise, first_open, groups_by, next_seat, next_tie, roll_off, start_of_round
from companion.core.undo import RevealFinal
from companion.games import GAMES, registry
from companion.games.fleet_dice import rules as fleet
from companion.games.lure import rules as lure
from companion.games.pearl_boat import rules as pb

ANA, BEN, CY = (Actor(f"p-{n.lower()}", n, undoes_anyone=False) for n in ("Ana", "Ben", "Cy"))
TABLE_PHONE = Actor()
HOST_WHO_IS_CY = Actor("p-cy", "Cy", undoes_anyone=True)


# Seats -------------------------------------------------------------------------------------


def test_one_reader_reads_names_ids_and_what_else_a_game_asks_of_a_player() -> None:
    players = read_players(["Ana", {"name": "  Ben   Lee ", "id": "p-ben", "colour": "red"}], 2, 4, "Salmon Run")
    assert [(p.name, p.id) for p in players] == [("Ana", ""), ("Ben Lee", "p-ben")]
    assert players[1].doc["colour"] == "red"


@pytest.mark.parametrize("raw, message", [
    ("Ana", "players: expected a list of players, got 'Ana'"),
    (["Ana"], "players: Lure is played by 2 to 5 players, not 1"),
    (["Ana", 7], "players[1]: expected a player's name, got 7"),
    (["Ana", " "], "players[1].name: a player needs a name"),
    (["Ana", "x" * (MAX_NAME + 1)], f"players[1].name: at most {MAX_NAME} letters, not {MAX_NAME + 1}"),
    (["Ana", "aNA"], "players[1].name: 'aNA' is already players[0]: each player plays once"),
    (["Ana", {"name": "Ben", "id": 3}], "players[1].id: a roster player's id, not 3"),
])
def test_the_reader_names_what_is_wrong(raw, message) -> None:
    with pytest.raises(DomainError) as caught:
        read_players(raw, 2, 5, "Lure")
    assert str(caught.value) == message


def test_the_one_limit_is_the_rosters() -> None:
    from companion.core.players import MAX_NAME_LENGTH

    assert MAX_NAME == MAX_NAME_LENGTH == 20
    assert seat_entry("Ana", "p-ana", colour="red") == {"name": "Ana", "id": "p-ana", "colour": "red"}
    assert seat_entry("Ana") == {"name": "Ana"}


def seated_kinds() -> list[str]:
    """The session kinds whose set-up seats players (the others: a journal, a dice roller, a draft
    that seats its players by an action, a saved play's correction)."""
    return [kind for kind in GAMES if "players" in GAMES[kind].example_setup(random.Random(0))]


# The kinds whose set-up seats no one: the Dice tab's table, Fly Solo's journal and its Day (one player),
# the Freshwater Fly draft (it seats its players by an action), a saved play's correction (its play's players).
SEATS_NO_ONE_AT_SET_UP = {"table", "fly-solo-campaign", "fly-solo-day", "freshwater-fly-table", "fleet-dice-edit"}


def test_the_games_that_seat_players_at_set_up_are_found() -> None:
    assert seated_kinds() == [kind for kind in GAMES if kind not in SEATS_NO_ONE_AT_SET_UP]
    assert SEATS_NO_ONE_AT_SET_UP <= set(GAMES)


TOO_LONG = "x" * (MAX_NAME + 1)
TOO_LONG_SAYS = f"at most {MAX_NAME} letters, not {MAX_NAME + 1}"


@pytest.mark.parametrize("kind", seated_kinds())
def test_every_set_up_reads_its_players_with_the_one_reader(kind) -> None:
    rules = GAMES[kind]
    setup = rules.example_setup(random.Random(0))
    players = list(setup["players"])
    players[1] = {**players[1], "name": TOO_LONG} if isinstance(players[1], dict) else TOO_LONG
    with pytest.raises(DomainError) as caught:
        rules.initial_state({**setup, "players": players})
    assert str(caught.value) == f"players[1].name: {TOO_LONG_SAYS}"


def test_the_draft_reads_its_players_with_it_too_and_a_filed_play_keeps_its_names() -> None:
    from companion.games.fleet_dice.correction import example_setup as saved_fleet_play
    from companion.games.freshwater_fly.table import start_draft

    draft = GAMES["freshwater-fly-table"]
    with pytest.raises(DomainError) as caught:
        draft.apply(draft.initial_state({}), start_draft(["Ana", TOO_LONG]))
    assert str(caught.value) == f"seats[1].name: {TOO_LONG_SAYS}"
    # A play in History is corrected with its names as filed (a BG Stats file may bring longer ones).
    setup = saved_fleet_play(random.Random(0))
    setup["entry"]["players"][0]["name"] = TOO_LONG
    assert GAMES["fleet-dice-edit"].initial_state(setup).names[0] == TOO_LONG
    fly = GAMES["freshwater-fly-score"]
    entry = {"players": [{"name": TOO_LONG, "reel_board": "1A", "fish": []}, {"name": "Ben", "reel_board": "1A",
                                                                            "fish": []}]}
    assert fly.initial_state({"entry": entry, "play_id": "p1"}).game.players[0].name == TOO_LONG


@pytest.mark.parametrize("game", sorted(set(registry.scorers()) - {"fly-solo"}))  # Fly Solo's one player: "You"
def test_every_scoring_command_reads_its_players_with_the_one_reader(game) -> None:
    # The scoring commands allowed 40 letters where the games allowed 20 (and Fleet Dice's table, no limit).
    with pytest.raises(DomainError) as caught:
        registry.scorers()[game]({"players": [{"name": TOO_LONG}, {"name": "Ben"}]})
    assert str(caught.value) == f"players[0].name: {TOO_LONG_SAYS}"


def test_a_phone_sits_at_its_players_seat_by_roster_id_or_by_name_in_older_set_ups() -> None:
    renamed = Actor("p-ana", "Anna", undoes_anyone=False)
    assert seat_of(("Ana", "Ben"), ("p-ana", "p-ben"), renamed) == 0  # a rename keeps the seat
    assert seat_of(("Ana", "Ben"), ("p-ana", "p-ben"), Actor("p-zed", "Ana", False)) is None  # the name is not enough
    assert seat_of(("Ana", "Ben"), ("", ""), Actor("p-x", "ben", False)) == 1  # set-ups that named players only


def test_a_seat_is_acted_for_by_its_own_phone_the_phone_passed_around_and_the_host() -> None:
    names, ids = ("Ana", "Ben", "Cy"), ("p-ana", "p-ben", "p-cy")
    assert refusal(names, ids, 0, ANA) is None
    assert refusal(names, ids, 0, BEN) == ("This phone is Ben's: Ana taps on their own phone, or on the phone passed "
                                           "around the table.")
    assert refusal(names, ids, frozenset({0, 2}), BEN) == ("This phone is Ben's: Ana or Cy taps on their own phone, or "
                                                           "on the phone passed around the table.")
    assert refusal(names, ids, 1, TABLE_PHONE) is refusal(names, ids, 1, HOST_WHO_IS_CY) is None
    assert refusal(names, ids, ANY_SEAT, CY) is None
    zed = Actor("p-zed", "Zed", undoes_anyone=False)
    assert refusal(names, ids, ANY_SEAT, zed).startswith("Zed is not playing this game")
    assert refusal((), (), ANY_SEAT, zed) is None  # a game without seats (the dice roller) is anyone's
    assert refusal(names, ids, 0, None) is None  # callers naming no author: replays, tools


# Turns -------------------------------------------------------------------------------------


def test_round_robin_from_a_start_player_passed_clockwise_each_round() -> None:
    # Fleet Dice, Round End: "Pass the start player marker and dice clockwise."
    assert clockwise(2, 4) == (2, 3, 0, 1)
    assert [start_of_round(2, r, 4) for r in range(1, 6)] == [2, 3, 0, 1, 2]
    assert next_seat((2, 0, 1), 1) == 2 and next_seat((2, 0, 1), 2) == 0


def test_ordered_groups_fewest_first_equal_keys_together() -> None:
    # Lure, Fish: "from fewest to most" dice; equal counts roll together.
    assert groups_by([(0, 3), (1, 2), (2, 3), (3, 5)]) == ((1,), (0, 2), (3,))
    assert groups_by([(0, 3), (1, 2)], highest_first=True) == ((0,), (1,))
    assert first_open(((1,), (0, 2)), lambda seat: seat == 1) == 1
    assert first_open(((1,),), lambda seat: True) is None


def test_a_roll_off_splits_ties_highest_first_until_the_order_is_clear() -> None:
    # The pearl boat game: "whoever rolls the highest number ... goes first ... Any players that
    # roll the same number ... must re-roll".
    groups = roll_off(((0, 1, 2, 3),), (0, 1, 2, 3), [5, 3, 5, 1])
    assert groups == ((0, 2), (1,), (3,)) and next_tie(groups) == (0, 2)
    groups = roll_off(groups, (0, 2), [2, 6])
    assert groups == ((2,), (0,), (1,), (3,)) and next_tie(groups) == ()


# Secrets -----------------------------------------------------------------------------------


def test_a_round_of_secret_choices_is_seen_only_by_each_chooser_until_all_are_in() -> None:
    none_yet = Secret()
    assert not none_yet.revealed and none_yet.reveals == 0 and none_yet.waiting == ()
    cast = none_yet.open((0, 1, 2))
    cast = cast.choose(1, "four d6")
    assert cast.waiting == (0, 2) and cast.has_chosen(1) and not cast.revealed
    assert cast.shown_to(1, viewer=1) == "four d6" and cast.shown_to(1, viewer=0) is cast.shown_to(1, None) is None
    cast = cast.choose(1, "two d6")  # changed while still secret
    cast = cast.choose(0, "a d12").choose(2, "one d6")
    assert cast.revealed and cast.reveals == 1 and cast.shown_to(1, viewer=0) == "two d6"
    with pytest.raises(SecretError, match="no secret choice for this player to make now"):
        cast.choose(0, "again")
    again = cast.open((0, 2))
    assert again.number == 2 and again.reveals == 1 and again.shown_to(0, viewer=2) is None
    with pytest.raises(SecretError, match="made already"):
        again.choose(0, "net").choose(0, "hook", again=False)


@given(st.permutations([0, 1, 2, 3]), st.lists(st.sampled_from(["net", "anchor", "hook"]), min_size=4, max_size=4))
def test_the_order_choices_arrive_in_does_not_change_the_round(order, choices) -> None:
    secret = Secret().open(range(4))
    for seat in order:
        secret = secret.choose(seat, choices[seat])
    assert secret == Secret((0, 1, 2, 3), tuple(choices), 1)


# A declared game --------------------------------------------------------------------------


def counter_rules() -> TableRules[tuple[int, ...]]:
    """A toy table game: each seat adds to its own counter; anyone clears them all."""
    def add(state, data):
        seat = data.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(state):
            raise DomainError(f"There is no seat {seat!r}.")
        return state[:seat] + (state[seat] + 1,) + state[seat + 1:]

    return TableRules(game="counters", title="Counters", setup=lambda setup: (0, 0),
                      moves=(Move("add", add, ("seat",), seat_in(), own("counter")),
                             Move("clear", lambda state, data: (0, 0))),
                      seats=lambda state: (("Ana", "Ben"), ("p-ana", "p-ben")))


def test_a_declared_game_dispatches_its_moves_and_refuses_others_with_words() -> None:
    rules = counter_rules()
    assert rules.apply((0, 0), Action("add", {"seat": 1})) == (0, 1)
    with pytest.raises(DomainError, match="^Counters does not know the action 'jump'.$"):
        rules.apply((0, 0), Action("jump", {}))
    with pytest.raises(DomainError, match="carries nothing the Counters rules can read"):
        rules.apply((0, 0), Action("add", ["seat", 1]))  # type: ignore[arg-type]
    with pytest.raises(DomainError, match="is set up with its players"):
        rules.initial_state(["Ana"])  # type: ignore[arg-type]
    assert rules.footprint(Action("add", {"seat": 0})) == Footprint(reads=(("counter", 0),), writes=(("counter", 0),))
    assert rules.footprint(Action("clear", {})) == Footprint()
    assert not rules.ends and rules.reveals((0, 0)) == 0 and not rules.is_secret(Action("add", {"seat": 0}))


def test_whose_a_move_is_reads_any_data_and_leaves_bad_data_to_the_rules() -> None:
    rules = counter_rules()
    assert rules.whose((0, 0), Action("add", {"seat": 1})) == 1
    for bad in ({"seat": 7}, {"seat": "1"}, {"seat": True}, {}):
        assert rules.whose((0, 0), Action("add", bad)) == ANY_SEAT
    assert rules.whose((0, 0), Action("nonsense", {})) == ANY_SEAT


def test_a_session_refuses_an_action_for_another_seat_and_writes_nothing(store) -> None:
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(lure.GAME, lure.setup_for([seat_entry("Ana", "p-ana"), seat_entry("Ben", "p-ben")],
                                                      deck=4))
    session.perform(lure.splash(session.state, [{"catch": 3, "vp": 2}, {"catch": 5, "vp": 3}]), ANA)
    with pytest.raises(NotYourSeat, match="^This phone is Ben's: Ana taps on their own phone"):
        session.perform(lure.cast(session.state, 0, 3), BEN)
    with pytest.raises(NotYourSeat, match="^Cy is not playing this game"):
        session.perform(lure.cast(session.state, 1, 3), CY)
    assert len(store.sessions.load(session.id).actions) == 1  # nothing written
    session.perform(lure.cast(session.state, 0, 3), TABLE_PHONE)  # the phone passed around acts for Ana
    session.perform(lure.cast(session.state, 1, 2), HOST_WHO_IS_CY)  # and the host for Ben
    assert lure.revealed(session.state)


def test_a_redo_asks_the_seat_policy_again_as_whose_move_it_is_may_have_changed(store) -> None:
    # Ana, round 1's start player, rolls and undoes; the table plays on to round 2, Ben's to roll. Her
    # Redo ("boat dice of round 1") was taken as Ben's roll of round 2.
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(fleet.GAME, {"players": [seat_entry("Ana", "p-ana", start="cod"),
                                                       seat_entry("Ben", "p-ben", start="oyster")],
                                           "start_player": 0})
    session.perform(fleet.roll_dice(session.state, ["cod", "lobster", "coins"]), ANA)
    session.undo(ANA)
    rng = random.Random(2)
    while session.state.position() < (2, 0) or session.state.current_roll() is not None:
        session.perform(rng.choice(fleet.RULES.candidates(session.state, rng)), TABLE_PHONE)
    assert session.state.start_player() == 1
    with pytest.raises(NotYourSeat, match="^This phone is Ana's: Ben taps on their own phone"):
        session.redo(ANA)
    assert session.state.current_roll() is None


def test_phones_of_no_player_each_undo_only_their_own_and_sign_nothing(store) -> None:
    from companion.core.actions import nobody
    from companion.games import dice_roller

    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create("table")
    one, other = nobody("page-1"), nobody("page-2")
    session.perform(dice_roller.set_pool(("d6", "d6"), None), one)
    session.perform(dice_roller.set_pool(("d8",), None), other)
    assert session.undo_view(one).label == "Undo: set the pool to 2 d6"  # no "(This phone)": no one signs it
    assert session.undo(one).label == "set the pool to 2 d6"  # its own, not the other phone's later one
    assert session.state.dice.pool == ("d8",)


def test_a_revealed_cast_is_final_for_its_chooser_and_the_table_phone_reopens_it(store) -> None:
    # Issue: "Ben's own Undo ('Undo: Ben casts') puts the round back to the cast, and he casts 4 d6
    # knowing Ana cast 3."
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(lure.GAME, lure.setup_for([seat_entry("Ana", "p-ana"), seat_entry("Ben", "p-ben")],
                                                      deck=4))
    session.perform(lure.splash(session.state, [{"catch": 3, "vp": 2}, {"catch": 5, "vp": 3}]), ANA)
    session.perform(lure.cast(session.state, 0, 3), ANA)
    assert session.undo_view(ANA).label == "Undo: Ana casts"  # still secret: Ana may change her mind
    session.perform(lure.cast(session.state, 1, 2), BEN)  # the last cast: both revealed
    assert session.undo_view(BEN).final and session.undo_view(BEN).label == "Ben casts: revealed, so it stays"
    for chooser in (BEN, ANA):
        with pytest.raises(RevealFinal, match="was made in secret and every choice has been shown since: it stays"):
            session.undo(chooser)
    assert lure.revealed(session.state)
    assert session.undo_view(TABLE_PHONE).label == "Undo: Ben casts (the casts are secret again)"
    session.undo(TABLE_PHONE)
    assert not lure.revealed(session.state) and lure.cast_of(session.state, 0, viewer=1) is None


def test_a_revealed_duel_round_is_final_for_both_duellists(store) -> None:
    # Issue: "after 'Ana Hook, Ben Anchor: Ben wins', undoing Ben's choice puts the duel back with
    # Ana's Hook still recorded."
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    session = sessions.create(pb.GAME, pb.setup_for([seat_entry("Ana", "p-ana"), seat_entry("Ben", "p-ben")]))
    session.perform(pb.order_roll(session.state, [6, 2]), ANA)
    for seat, player in ((0, ANA), (1, BEN)):  # each draws a Slow down and trades it for a hidden attack
        for build in (lambda s: pb.move(s, seat, 3), lambda s: pb.draw(s, seat, 6),
                      lambda s: pb.trade(s, seat, "slow_down"), lambda s: pb.end_turn(s, seat)):
            session.perform(build(session.state), player)
    session.perform(pb.move(session.state, 0, 3), ANA)
    session.perform(pb.use_card(session.state, 0, "hidden_attack", target=1), ANA)  # Ben holds one: a duel
    session.perform(pb.duel_choose(session.state, 0, "hook"), ANA)
    session.perform(pb.duel_choose(session.state, 1, "anchor"), BEN)
    assert session.state.last_duel.winner == 1
    for duellist in (BEN, ANA):
        with pytest.raises(RevealFinal):
            session.undo(duellist)
    assert session.undo_view(TABLE_PHONE).label == "Undo: Ben chooses in secret (both duellists choose again)"


@given(st.integers(0, 10**6))
@example(566)  # random play stood still: a fish taken that the roll, judged again, no longer caught (CI hung)
def test_a_games_count_of_reveals_only_grows_one_at_a_time(seed) -> None:
    rules, rng = lure.RULES, random.Random(seed)
    state = rules.initial_state(rules.example_setup(rng))
    before = 0
    for _ in range(20_000):  # tries, most refused: a game random play cannot end fails here, not hangs
        if state.over:
            break
        action = rng.choice(rules.candidates(state, rng))
        try:
            after = rules.apply(state, action)
        except DomainError:
            continue
        assert rules.reveals(after) in (before, before + 1)  # a count of reveals only grows, one at a time
        before, state = rules.reveals(after), after
    assert state.over, "random play stood still: every move it had was refused"


def test_a_secret_round_as_each_phone_is_given_it() -> None:
    # Ana (seat 0) and Cy (seat 2) have cast, Ben (seat 1) has not: Ana's phone is given her own cast only.
    secret = Secret().open((0, 1, 2)).choose(0, "Ana's lure").choose(2, "Cy's lure")
    assert secret.seen_by(0).choices == ("Ana's lure", None, HIDDEN)
    assert secret.seen_by(1).choices == (HIDDEN, None, HIDDEN)
    assert secret.seen_by(None).choices == (HIDDEN, None, HIDDEN)  # the phone passed around, an onlooker
    assert secret.seen_by(1).waiting == (1,) and secret.seen_by(1).number == secret.number
    revealed = secret.choose(1, "Ben's lure")
    assert revealed.seen_by(None) is revealed  # once every choice is in, every phone is given them all


def test_screens_draw_the_state_the_kit_gives_their_phone() -> None:
    # The session's state (with every secret in it) is read by the kit's SessionScreen and SeatView alone;
    # a screen draws `view` (TableRules.view: boardgame.io's playerView), so none can forget to hide a secret.
    ui = Path(__file__).resolve().parents[2] / "companion" / "ui"
    files = [f for f in ui.rglob("*.py") if f.name not in ("session_screen.py", "seat_view.py")]
    assert len(files) > 40
    reads = [f"{f.relative_to(ui)}:{n}" for f in files
             for n, line in enumerate(f.read_text().splitlines(), 1) if "session.state" in line]
    assert reads == []


def test_whom_the_table_waits_on_in_words() -> None:
    from companion.core.table.phases import Phase, waiting_words

    names = ("Ana", "Ben", "Cy")
    casting = Phase("the casts wait", frozenset({0, 1, 2}))
    assert waiting_words(casting, names, 0) == "Your move; also waiting on Ben and Cy"  # was "(and Ben and Cy's)"
    assert waiting_words(casting, names, None) == "Waiting on Ana, Ben and Cy"
    assert waiting_words(Phase("Ben's turn", frozenset({1})), names, 1) == "Your move"
    assert waiting_words(Phase("anyone"), names, 1) == ""
