"""The table kit on headless pages, the same in every game: a phone shows its own player's
controls (every seat's on the phone passed around, none on an onlooker's); a secret choice is
made on its chooser's phone and stays theirs once revealed; a game saved on one phone stays on
every phone, with its standings, until that phone leaves it."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import DomainError
from companion.core.session import GameNotOver
from companion.core.table.seats import seat_entry
from companion.games.fleet_dice import rules as fleet
from companion.games.lure import rules as lure
from companion.games.pearl_boat import rules as pb
from companion.games.registry import GAMES
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import difficulty_river

ANA_PHONE, BEN_PHONE, CY_PHONE = "192.0.2.7", "192.0.2.8", "192.0.2.9"


@pytest.fixture
def roster(app):
    return {name: app.store.settings.add_player(name).id for name in ("Ana", "Ben", "Cy")}


def seats(roster, *names):
    return [seat_entry(n, roster[n]) for n in names]


async def phones(app, route):
    return [await app.open(route, phone=address, player=name)
            for address, name in ((ANA_PHONE, "Ana"), (BEN_PHONE, "Ben"), (CY_PHONE, "Cy"))]


def a_finished_lure_game(app, roster):
    """Ana and Ben: one round of a deck of two fish, to the end of the game."""
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for(seats(roster, "Ana", "Ben"), deck=2))
    session.perform(lure.splash(session.state, [{"catch": 3, "vp": 2}, {"catch": 5, "vp": 3}]))
    for seat in (0, 1):
        session.perform(lure.cast(session.state, seat, 3))
    session.perform(lure.roll(session.state, 0, [6, 6, 6]))
    session.perform(lure.roll(session.state, 1, [1, 1, 1]))
    session.perform(lure.resolve(session.state))
    assert session.state.over
    return session


async def test_a_lure_game_saved_on_one_phone_stays_on_every_phone_until_it_leaves(app, roster) -> None:
    session = a_finished_lure_game(app, roster)
    ana, ben, cy = await phones(app, "/games/lure/round")
    assert ana.has(key="lure-save") and ben.has(key="lure-save")
    assert cy.has(key="lure-winner") and not cy.has(key="lure-save")  # an onlooker sees the result, saves nothing
    await ben.click(key="lure-save")
    await app.settle()
    for phone in (ana, ben, cy):
        assert phone.has(key="saved-to-history") and phone.find(key="saved-winner").value == "Ana wins"
        assert "1. Ana" in phone.texts() and "Fish" in phone.texts()  # the standings and the breakdown
    await ana.click(key="saved-new-game")
    assert ana.has(key="lure-start") and ben.has(key="saved-to-history")  # Ben's phone keeps it until he leaves
    await ben.click(key="saved-in-history")
    assert ben.routes()[-1] == f"/history/{session.id}"
    reloaded = await app.open(f"/games/lure/round/{session.id}", phone=CY_PHONE, player="Cy")
    assert reloaded.has(key="saved-to-history")  # a reload of the game's address still finds its result


def to_the_end(session, seed: int = 3) -> None:
    """Random moves of the game's own (each as the table phone makes it) until the game is over."""
    rng = random.Random(seed)
    rules = session.rules
    for _ in range(3000):
        if rules.over(session.state):
            return
        try:
            session.perform(rng.choice(rules.candidates(session.state, rng)))
        except DomainError:
            continue
    raise AssertionError(f"{rules.title}: not over after 3000 tries")


@pytest.mark.parametrize("kind, route, key", [
    (pb.GAME, "/games/pearl-boat/voyage", "voyage"),
    (sr.GAME, "/games/salmon-run/race", "race"),
])
async def test_every_game_saved_on_one_phone_stays_on_every_phone(app, roster, kind, route, key) -> None:
    # The pearl boat page's own _play (a card played) hid the saved game's: the other phones failed.
    setup = (pb.setup_for(seats(roster, "Ana", "Ben")) if kind == pb.GAME else
             sr.setup_for([seat_entry("Ana", roster["Ana"], colour="red"),
                           seat_entry("Ben", roster["Ben"], colour="blue")], difficulty_river(2)))
    session = app.ctx.sessions.create(kind, setup)
    to_the_end(session)
    ana, ben, cy = await phones(app, route)
    await ana.click(key=f"{key}-save")
    await app.settle()
    for phone in (ana, ben, cy):
        assert phone.has(key="saved-to-history") and not phone.has(key=f"{key}-save")
    reloaded = await app.open(f"{route}/{session.id}", phone=CY_PHONE, player="Cy")
    assert reloaded.has(key="saved-to-history")


async def test_a_late_save_of_a_game_taken_back_meanwhile_is_refused(app, roster) -> None:
    # The table phone took back the last catch while Ana's tap on Save was on its way: it filed the
    # game as it then stood (not over) and closed it on every phone.
    session = a_finished_lure_game(app, roster)
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    table = await app.open("/games/lure/round", player="table")
    save = ana.find(key="lure-save")
    await table.click(key="undo")
    await app.settle()
    assert not ana.has(key="lure-save")
    await ana.tap_late(save)
    assert app.store.archive.all() == [] and not session.closed
    assert ana.message_texts()[-1].startswith("Just before your tap: undo “Ana catches")
    with pytest.raises(GameNotOver, match="This game of Lure is not over yet"):
        session.finished_state()


async def test_the_hosts_own_screen_acts_for_every_seat_when_its_player_is_not_at_this_table(app, roster) -> None:
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for(seats(roster, "Ana", "Ben")))
    session.perform(lure.splash(session.state, [{"catch": 3, "vp": 2}, {"catch": 5, "vp": 3}]))
    host_as_cy = await app.open("/games/lure/round", player="Cy")  # the serving machine, Cy's by name
    assert host_as_cy.has(key="cast-open-0") and host_as_cy.has(key="cast-open-1")  # as the phone passed around
    host_as_ana = await app.open("/games/lure/round", player="Ana")
    assert host_as_ana.has(key="pick-0") and not host_as_ana.has(key="cast-open-1")  # its seated player's own


async def test_only_the_start_players_phone_rolls_the_fleet_dice_table(app, roster) -> None:
    app.ctx.sessions.create(fleet.GAME, {"players": [seat_entry("Ana", roster["Ana"], start="cod"),
                                                     seat_entry("Ben", roster["Ben"], start="oyster")],
                                         "start_player": 1})
    ana, ben, cy = await phones(app, "/games/fleet-dice/sheets")
    assert ben.has(key="roll-dice") and not ana.has(key="roll-dice") and not cy.has(key="roll-dice")
    assert ana.find(key="roll-waiting").value.startswith("Ben rolls the boat dice")
    table = await app.open("/games/fleet-dice/sheets", player="table")
    assert table.has(key="roll-dice")


async def test_an_onlookers_phone_shows_whose_turn_it_is_and_no_turn_controls(app, roster) -> None:
    race = app.ctx.sessions.create(sr.GAME, sr.setup_for([seat_entry("Ana", roster["Ana"], colour="red"),
                                                          seat_entry("Ben", roster["Ben"], colour="blue")],
                                                         difficulty_river(2)))
    race.perform(sr.first_player(race.state, [1]))
    ana, ben, cy = await phones(app, "/games/salmon-run/race")
    assert ana.has(key="turn") and not ben.has(key="turn") and not cy.has(key="turn")
    assert not ben.has(key="happened-open") and not cy.has(key="happened-open")  # nothing of Ana's turn moved Ben
    assert "Ana has played 0 of 3 cards." in cy.texts()
    voyage = app.ctx.sessions.create(pb.GAME, pb.setup_for(seats(roster, "Ana", "Ben")))
    voyage.perform(pb.order_roll(voyage.state, [2, 5]))  # Ben first
    ana, ben, cy = await phones(app, f"/games/pearl-boat/voyage/{voyage.id}")
    assert ben.has(key="turn") and not ana.has(key="turn") and not cy.has(key="turn")
    assert cy.find(key="voyage-status").value == "Round 1: Ben's turn."
    assert "Ana: 0 pearls, fuel 10/10" in ana.texts()  # every boat's ledger on every phone


def a_voyage_at_the_duel(app, roster):
    """Ana and Ben each drew a Slow down and traded it for a hidden attack; Ana engages Ben."""
    voyage = app.ctx.sessions.create(pb.GAME, pb.setup_for(seats(roster, "Ana", "Ben")))
    voyage.perform(pb.order_roll(voyage.state, [6, 2]))
    for seat in (0, 1):
        for build in (lambda s, seat=seat: pb.move(s, seat, 3), lambda s, seat=seat: pb.draw(s, seat, 6),
                      lambda s, seat=seat: pb.trade(s, seat, "slow_down"), lambda s, seat=seat: pb.end_turn(s, seat)):
            voyage.perform(build(voyage.state))
    voyage.perform(pb.move(voyage.state, 0, 3))
    voyage.perform(pb.use_card(voyage.state, 0, "hidden_attack", target=1))
    return voyage


async def test_the_duel_is_chosen_behind_each_name_on_the_phone_passed_around_and_stays_once_shown(app, roster):
    voyage = a_voyage_at_the_duel(app, roster)
    table = await app.open(f"/games/pearl-boat/voyage/{voyage.id}", player="table")
    cy = await app.open(f"/games/pearl-boat/voyage/{voyage.id}", phone=CY_PHONE, player="Cy")
    assert not table.has(key="duel-0") and table.has(key="duel-open-0") and table.has(key="duel-open-1")
    assert not cy.has(key="duel-open-0") and cy.find(key="duel-waiting").value.startswith("Ana and Ben choose")
    await table.click(key="duel-open-0")
    assert table.has(key="duel-0") and not table.has(key="duel-1")  # only Ana's choice shows
    await table.click(key="duel-0-hook")
    assert not table.has(key="duel-0") and table.label(key="duel-Ana") == "Ana: chosen ✓"
    ana = await app.open(f"/games/pearl-boat/voyage/{voyage.id}", phone=ANA_PHONE, player="Ana")
    ben = await app.open(f"/games/pearl-boat/voyage/{voyage.id}", phone=BEN_PHONE, player="Ben")
    # Ana's choice was made on the phone passed around: a phone that plays as Ana now (it might have been
    # anyone's a moment ago) says it is in, and shows it only at the reveal.
    assert ana.has(key="duel-elsewhere") and ana.text_containing("Your choice was made on another phone")
    assert not ana.has(key="duel-chosen-0") and not ben.has(key="duel-chosen-0")
    await ben.click(key="duel-1-anchor")
    await app.settle()
    assert ana.find(key="voyage-notice").value.startswith("Ana Hook, Ben Anchor: ")  # both choices, shown once
    assert ben.label("undo") == "Ben chooses in secret: revealed, so it stays"
    await ben.click(key="undo")  # locked, not disabled: a tap says why (issue 65)
    assert ben.message_texts() and ana.find(key="voyage-notice").value.startswith("Ana Hook, Ben Anchor: ")
    assert table.label("undo") == "Undo: Ben chooses in secret (both duellists choose again)"


# Every part of a game's page that shows a kind of session (the registry's), but the two that seat no one
# from the roster: Fly Solo's journal (one player) and a saved play's correction (the play's own players).
NO_SEAT_CHIPS = {"/games/fly-solo/journal", "/games/fleet-dice/edit"}
SET_UPS = sorted({f"/games/{game.id}/{kind.part}" for game in GAMES for kind in game.sessions} - NO_SEAT_CHIPS)


def test_the_set_ups_are_every_games() -> None:
    assert {"/games/lure/round", "/games/freshwater-fly/draft"} <= set(SET_UPS)
    assert NO_SEAT_CHIPS <= {f"/games/{game.id}/{kind.part}" for game in GAMES for kind in game.sessions}


@pytest.mark.parametrize("route", SET_UPS)
async def test_every_games_set_up_keeps_each_players_chip_in_its_place_when_tapped(app, roster, route) -> None:
    """Player chips jumped down the screen as players were chosen: a chosen chip grew (its tick, "1. ")
    and sent the next one to another place or line. Every game seats players the one way: each chip
    in a cell of its own, two to a line, the tick where its icon was."""
    page = await app.open(route)

    def cells() -> dict[str, tuple]:
        found = {}
        for name in ("Ana", "Ben", "Cy"):
            chip = page.find(key=f"seat-{name}")
            cell = next(s for s in page.controls() if getattr(s, "content", None) is chip)
            found[name] = (cell.col, len(chip.content.controls[1].controls))  # its cell; icon or tick, and words
        return found

    before = cells()
    assert all(col == 6 for col, _ in before.values()), before
    for name in ("Ana", "Cy", "Ben", "Ana"):
        await page.click(key=f"seat-{name}")
        assert cells() == before, name


async def test_nothing_is_asked_once_the_game_is_over(app, roster) -> None:
    # Lure's draws were still asked for after "The game is over" (a lure in hand scores nothing then).
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for(seats(roster, "Ana", "Ben"), deck=2))
    session.perform(lure.splash(session.state, [{"catch": 3, "vp": 2}, {"catch": 5, "vp": 3}]))
    for seat in (0, 1):
        session.perform(lure.cast(session.state, seat, 3))
    for seat in (0, 1):  # both meet both fish: the ties leave them in the middle, and the deck is out
        session.perform(lure.roll(session.state, seat, [6, 6, 6]))
    session.perform(lure.resolve(session.state))
    assert session.state.over and session.state.seats[1].owed > 0  # Ben owed a lure as the game ended
    ana, ben, cy = await phones(app, "/games/lure/round")
    for phone in (ana, ben, cy):
        assert not phone.has(key="draws-1") and not phone.has(key="draw-1-adjust")
