"""A player's Undo takes back their own last action and never changes another player's (issue 42): when a
later action of someone else's depends on it (reads what it changed, by the footprints the rules declare),
the Undo takes back nothing and names that action; the phone passed around the table undoes both. Checked
by the cases found at the table (the Freshwater Fly draft, the Strike cards) and over every session kind
of the registry at random (the conformance suite's players: each action by its own seat's phone)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.core.actions import Action, Actor, touches
from companion.core.errors import DomainError
from companion.core.session_manager import SessionManager
from companion.core.table.seats import NotYourSeat
from companion.core.undo import RevealFinal, UndoBlocked
from companion.games import GAMES
from companion.games.freshwater_fly import table as fly
from companion.store import open_store
from tests.budgets import examples
from tests.unit.test_conformance import SEATED_KINDS, TABLE_PHONE, own_actor, player, rules_of

ANA, BEN = player("Ana"), player("Ben")


@pytest.fixture
def sessions(tmp_path, clock):
    store = open_store(tmp_path / "data", clock)
    yield SessionManager(store.sessions, GAMES, store.clock)
    store.close()


def test_anas_undo_of_her_die_after_bens_take_is_refused_naming_bens(sessions) -> None:
    # As the table found it: Ana then Ben; round 1 rolled; Ana takes the 6, Ben a 2; Ana taps Undo.
    session = sessions.create(fly.GAME)
    session.perform(fly.start_draft(["Ana", "Ben"], start=0), TABLE_PHONE)
    session.perform(Action("draft.roll", {"faces": [6, 2, 3, 4, 5, 1, 1]}, "roll round 1 (7 dice)"), TABLE_PHONE)
    session.perform(fly.take_die(session.state.draft, 0), ANA)
    session.perform(fly.take_die(session.state.draft, 0), BEN)
    before, log = session.state, session.record.actions
    assert session.undo_label_for(ANA) == "Ana takes a 6: Ben takes a 2 came after it"
    with pytest.raises(UndoBlocked, match=r"“Ana takes a 6” cannot be undone: the later “Ben takes a 2” depends on "
                                          r"it\. Ben undoes that first, or the phone passed around the table undoes"):
        session.undo(ANA)
    assert session.state == before and session.record.actions == log  # Ben still holds his 2, Ana her 6
    assert session.state.draft.dice_of(0) == (6,) and session.state.draft.dice_of(1) == (2,)

    session.undo(BEN)  # Ben first: then Ana's own
    assert session.undo_label_for(ANA) == "Undo: Ana takes a 6"
    session.undo(ANA)
    assert session.state.draft.picks == () and session.state.draft.turn == 0


def test_the_phone_passed_around_undoes_both_one_at_a_time(sessions) -> None:
    session = sessions.create(fly.GAME)
    session.perform(fly.start_draft(["Ana", "Ben"], start=0), TABLE_PHONE)
    session.perform(Action("draft.roll", {"faces": [6, 2, 3, 4, 5, 1, 1]}, "roll round 1 (7 dice)"), TABLE_PHONE)
    session.perform(fly.take_die(session.state.draft, 0), ANA)
    session.perform(fly.take_die(session.state.draft, 0), BEN)
    assert session.undo(TABLE_PHONE).label == "Ben takes a 2"
    assert session.undo(TABLE_PHONE).label == "Ana takes a 6"


def test_a_finesse_card_is_not_taken_back_from_under_a_later_hit_me(sessions) -> None:
    # Ana's "Finesse: one more", then Ben's Hit me is HOOKED: Ana's Undo would turn the hook into a miss.
    session = sessions.create(fly.GAME)
    session.perform(Action("strike.start", {"order": ["miss", "miss", "hook", "miss"], "mode": "you"},
                           "start a cast"), ANA)
    session.perform(fly.deal(1), ANA)
    session.perform(fly.deal(1, finesse=True), ANA)
    session.perform(fly.deal(1), BEN)
    assert session.state.strike.status == "hooked"
    with pytest.raises(UndoBlocked, match=r"the later “hit me \(Ben\)” depends on it"):
        session.undo(ANA)
    assert session.state.strike.status == "hooked"


def test_a_cast_is_its_casters(sessions) -> None:
    # Freshwater Fly, Cast: "B. Draw Strike Cards": the player casting draws their own cards. Ana's cast is
    # dealt on Ana's phone (or the one passed around), never by Ben's tap, with or without a draft seating them.
    session = sessions.create(fly.GAME)
    session.perform(fly.start_cast(1, random.Random(3), caster="Ana"), ANA)
    assert session.record.actions[-1].label == "Ana starts a cast"
    before = session.state
    for move in (fly.deal(1), fly.deal(2), fly.end_cast(), fly.restart_cast(before.strike, random.Random(1))):
        with pytest.raises(NotYourSeat, match="This phone is Ben's: Ana taps on their own phone, or on the phone "
                                              "passed around the table"):
            session.perform(move, BEN)
        assert session.state == before
    with pytest.raises(NotYourSeat, match="Ana taps on their own phone"):
        session.perform(fly.start_cast(1, random.Random(3), caster="Ana"), BEN)  # nor start one in her name
    session.perform(fly.deal(1), ANA)
    session.perform(fly.deal(1), TABLE_PHONE)  # the phone passed around deals for anyone
    assert len(session.state.strike.revealed) == 2 and session.state.strike.caster == "Ana"
    session.perform(fly.end_cast(), ANA)
    session.perform(fly.start_cast(1, random.Random(4), caster="Ben"), BEN)  # Ana's cast is over: Ben casts
    assert session.state.strike.caster == "Ben"


def test_a_cast_of_the_version_before_is_the_tables(sessions) -> None:
    # Casts begun before a cast was its caster's name nobody: any phone at the table deals them, as then.
    session = sessions.create(fly.GAME)
    session.perform(Action("strike.start", {"order": ["miss", "miss", "hook", "miss"], "mode": "you"},
                           "start a cast"), ANA)
    session.perform(fly.deal(1), BEN)
    assert session.state.strike.caster == "" and session.state.strike.revealed == ("miss",)


def later_seats(rules, setup, log: list[Action], skip: int | None) -> dict[int, object]:
    """Whose move each action of `log` is where it stands (the action at `skip` left out), by its place."""
    state, seats = rules.initial_state(setup), {}
    for i, action in enumerate(log):
        if i == skip:
            continue
        seats[i] = rules.whose(state, action)
        state = rules.apply(state, action)
    return seats


def played(session, rules, rng: random.Random, moves: int):
    """`session` after up to `moves` of its players' moves at random, each on its own seat's phone."""
    for _ in range(moves):
        options = rules.candidates(session.state, rng)
        if not options or rules.over(session.state):
            break
        action = rng.choice(options)
        try:
            session.perform(action, own_actor(rules, session.state, action))
        except DomainError:
            pass
    return session


@pytest.mark.parametrize("kind", SEATED_KINDS)
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), moves=st.integers(2, 80))
def test_a_players_undo_never_changes_another_players_action(kind, seed, moves, sessions) -> None:
    rules, rng = rules_of(kind), random.Random(seed)
    setup = rules.example_setup(rng)
    session = played(sessions.create(kind, setup), rules, rng, moves)
    log = list(session.record.actions)
    authors = sorted({a.by for a in log if a.by.startswith("p-")})
    assume(authors)
    by = rng.choice(authors)
    actor = Actor(by, next(a.who for a in log if a.by == by), undoes_anyone=False)
    index = max(i for i, a in enumerate(log) if a.by == by)
    others_after = [i for i in range(index + 1, len(log)) if log[i].by != by]
    assume(others_after)  # the case in question: someone else acted since
    target, before = log[index], session.state
    changed = rules.footprint(target).writes
    depends = [i for i in others_after if touches(rules.footprint(log[i]).depends_on, changed)]
    try:
        session.undo(actor)
        refused = None
    except (UndoBlocked, RevealFinal) as exc:
        refused = exc
    if refused is not None:  # nothing changed, and a dependency refused is named
        assert session.state == before and list(session.record.actions) == log
        if isinstance(refused, UndoBlocked):
            assert depends, f"{kind}: refused though no later action depends on it: {refused}"
            assert log[depends[0]].label in str(refused), str(refused)
    else:
        assert not depends, f"{kind}: {target.label} taken back from under {log[depends[0]].label}"
        old, new = later_seats(rules, setup, log, None), later_seats(rules, setup, log, index)
        assert {i: old[i] for i in others_after} == {i: new[i] for i in others_after}, f"{kind}: a later seat moved"
        assert [a for i, a in enumerate(log) if i != index] == list(session.record.actions)  # the others' all there


def test_a_roll_shown_to_its_player_is_final_for_them_and_the_table_phone_takes_it_back(tmp_path, clock) -> None:
    # What a phone has shown is recorded, and its player's Undo would be a second roll: it stays (the
    # Salmon Run Current's arrows rolled on a phone, Fleet Dice's Casino re-roll).
    from companion.core.table.rules import Move, TableRules, own, seat_in
    from companion.games.fleet_dice import rules as fleet
    from companion.games.salmon_run import rules as salmon

    rules = TableRules(game="rolls", title="Rolls", setup=lambda setup: (0, 0),
                       moves=(Move("roll", lambda state, data: state[:data["seat"]] + (data["face"],)
                                   + state[data["seat"] + 1:], ("seat", "face"), seat_in(), own("die"), rolled=True),),
                       seats=lambda state: (("Ana", "Ben"), ("p-ana", "p-ben")))
    store = open_store(tmp_path / "data", clock)
    try:
        session = SessionManager(store.sessions, {"rolls": rules}, store.clock).create("rolls")
        session.perform(Action("roll", {"seat": 1, "face": 2}, "Ben rolls a 2"), BEN)
        assert session.undo_label_for(BEN) == "Ben rolls a 2: rolled, so it stays" and session.undo_view(BEN).locked
        with pytest.raises(RevealFinal, match="^“Ben rolls a 2” was rolled and shown: it stays"):
            session.undo(BEN)
        assert session.state == (0, 2)
        assert session.undo(TABLE_PHONE).label == "Ben rolls a 2" and session.state == (0, 0)
    finally:
        store.close()
    assert salmon.RULES.moves["roll"].rolled and fleet.RULES.moves["reroll"].rolled


# The phone passed around acts for the players without a phone of their own --------------------------

def test_the_phone_passed_around_takes_back_only_the_seats_it_plays_for(sessions) -> None:
    # Fleet Dice, Dee on the phone passed around, Ana on her own: Dee picks, then Ana on her phone. The table
    # phone's Undo is Dee's pick (never Ana's), refused while Ana's later pick depends on it; it does not tap
    # for Ana; the host does both.
    from companion.games.fleet_dice import rules as fleet

    names = ("Ana", "Ben", "Cy", "Dee")
    players = [{"name": n, "id": f"p-{n.lower()}", "start": s} for n, s in zip(names, ("cod", "oyster", "shrimp",
                                                                                     "lobster"))]
    session = sessions.create(fleet.GAME, fleet.setup_for(players, 3))  # Dee picks first
    table = Actor(undoes_anyone=True, elsewhere=frozenset({"p-ana", "p-ben", "p-cy"}))
    session.perform(fleet.roll_dice(session.state, ["cod", "cod", "shrimp", "coins", "cod"]), table)
    session.perform(fleet.use_die(session.state, 3, "chosen", "cod", "income", pick=0), table)
    assert session.state.picker() == 0
    ana_pick = fleet.use_die(session.state, 0, "chosen", "cod", "income", pick=1)
    with pytest.raises(NotYourSeat, match=r"^Ana plays on their own phone: Ana taps there \(or the host does\)\.$"):
        session.perform(ana_pick, table)
    session.perform(ana_pick, ANA)
    # The table waits on Ben's pick alone (issue 65: every phone read "Your move" while Ben picked): the phone
    # passed around, playing for Dee alone, is waited on for nothing now and keeps the sheet it shows.
    assert session.state.acting() == 1 and session.state.acting([3]) is None
    assert session.undo_label_for(table) == \
        "Dee: takes a die, Cod: take income: Ana: takes a die, Cod: take income came after it"
    with pytest.raises(UndoBlocked, match=r"Ana undoes that first on their own phone, or the host undoes both"):
        session.undo(table)
    assert session.record.actions[-1].who == "Ana"  # Ana's pick stands
    host = Actor("p-host", "Host", undoes_anyone=True)
    assert session.undo(host).who == "Ana" and session.undo(host).who == ""  # the host takes back both


@pytest.mark.parametrize("kind", SEATED_KINDS)
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), moves=st.integers(1, 80))
def test_an_undo_a_phone_offers_is_never_refused(kind, seed, moves, sessions) -> None:
    # Issue 43: Salmon Run's phones offered "Undo: Ben ends the turn" and refused it when tapped. What a
    # phone's Undo button offers (not locked: neither final nor held by a later action) is taken back.
    rules, rng = rules_of(kind), random.Random(seed)
    session = played(sessions.create(kind, rules.example_setup(rng)), rules, rng, moves)
    log = list(session.record.actions)
    authors = sorted({(a.by, a.who) for a in log if a.by.startswith("p-")})
    assume(authors)  # play progressed: a player acted on their own phone
    by, who = rng.choice(authors)
    actor = Actor(by, who, undoes_anyone=False)
    view = session.undo_view(actor)
    assume(view.target is not None and not view.locked)
    assert session.undo(actor, view.target) == view.target, f"{kind}: {view.label} offered, then refused"


def test_a_fleet_roll_that_comes_with_the_phase_s_last_move_is_not_stale_yet_rests_on_every_sheet(sessions) -> None:
    # Issue 65: rolled with the app's dice, the phase's last move brings the next roll. Ana's and Ben's shared dice
    # go in at the same moment: Ben's, carrying the town roll, is recorded though his screen did not show Ana's
    # (his move reads his own sheet); Ana's Undo then waits for Ben's (the roll waited on her sheet).
    from companion.games.fleet_dice import rules as fleet

    setup = fleet.setup_for([{"name": "Ana", "id": "p-ana", "start": "cod"},
                             {"name": "Ben", "id": "p-ben", "start": "oyster"}], 0)
    session = sessions.create(fleet.GAME, setup)
    session.perform(fleet.roll_dice(session.state, ["coins", "coins", "lobster"], app=True), ANA)
    session.perform(fleet.use_die(session.state, 0, "chosen", "coins", pick=0), ANA, origin="ana's phone")
    session.perform(fleet.use_die(session.state, 1, "chosen", "coins", pick=1), BEN, origin="ben's phone")
    seen = session.revision  # Ben's screen, before Ana's shared die
    session.perform(fleet.use_die(session.state, 0, "shared", "lobster"), ANA, origin="ana's phone")
    last = fleet.and_next_roll(session.state, fleet.use_die(session.state, 1, "shared", "lobster"),
                               lambda after: random.Random(1))
    session.perform(last, BEN, seen=seen, origin="ben's phone")
    assert session.state.current_roll().phase == "town" and session.record.actions[-1].data["roll"]
    with pytest.raises(UndoBlocked, match="Ben: the shared die, Lobster: fill Lobster box 1; Town dice"):
        session.undo(ANA)
    session.undo(BEN)  # his, and the roll with it
    assert session.state.current_roll().phase == "boat" and session.state.current_roll().shared == 2
