"""Salmon Run's Race on headless pages (seed 002): the river laid out (chosen or rolled), the first
player, a turn with three Swim cards and a jump (Fatigue each), a Current answered on each phone,
a special hex, and the end of the race saved to History."""

from __future__ import annotations

import pytest

from companion.games.salmon_run import rules as sr
from tests.headless import key_of

ANA_PHONE, BEN_PHONE = "192.0.2.7", "192.0.2.8"


@pytest.fixture
def roster(app):
    for name in ("Ana", "Ben"):
        app.store.settings.add_player(name)


def race(app):
    return app.ctx.sessions.latest(sr.GAME)


async def start(page, kind: str = "easy") -> None:
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="length-2")  # a Short game
    await page.click(key=f"river-{kind}")
    if kind == "random":
        await page.click(key="roll-river")
    await page.click(key="race-start")


async def test_the_river_is_laid_out_as_chosen(app, roster) -> None:
    page = await app.open("/games/salmon-run/race")
    await start(page)
    assert race(app).state.river.labels() == ("S1", "1E", "2E", "F1")
    assert page.has(key="river-2E")
    assert [s.colour for s in race(app).state.salmon] == ["red", "blue"]


async def test_a_random_river_is_rolled_and_shown_before_the_start(app, roster) -> None:
    page = await app.open("/games/salmon-run/race")
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="river-random")
    assert page.find(key="race-start").disabled  # nothing rolled yet
    await page.click(key="roll-river")
    shown = [c.key for c in page.controls() if isinstance(c.key, str) and c.key.startswith("setup-river-")]
    assert len(shown) == 2 + 3  # Start, 3 numbered boards (Beginner), Finish
    await page.click(key="race-start")
    assert len(race(app).state.river.boards) == 3 and race(app).record.setup["river_rolls"]


async def test_a_turn_with_three_swims_and_a_jump_adds_fatigue(app, roster) -> None:
    page = await app.open("/games/salmon-run/race")
    await start(page)
    session = race(app)
    session.perform(sr.first_player(session.state, [1]))  # Ana starts ("Roll to randomly determine")
    await page.route("/dice")
    await page.route("/games/salmon-run/race")
    # "If he plays 3 Swim cards, he must add a fatigue card"; "every time you jump ... add a Fatigue card".
    await page.click(key="jump-forward")
    await page.click(key="jump-right")
    await page.click(key="jump")
    assert session.state.salmon[0].deck.fatigue == 1
    await page.click(key="play-0")  # a third card: the first playable, a Swim Forward
    assert session.state.turn.played[-1] == "forward" and session.state.salmon[0].deck.fatigue == 2
    await page.click(key="end-turn")
    assert session.state.current == 1


async def test_a_current_is_answered_by_each_salmon_on_its_own_phone(app, roster) -> None:
    host = await app.open("/games/salmon-run/race")
    await start(host)
    session = race(app)
    session.perform(sr.first_player(session.state, [1]))
    session.perform(sr.special_hex(session.state, 0, sr.CURRENT_HEX, card=sr.CURRENT))
    session.perform(sr.end_turn(session.state, 0))
    session.perform(sr.end_turn(session.state, 1))
    ana = await app.open("/games/salmon-run/race", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/salmon-run/race", phone=BEN_PHONE, player="Ben")
    assert ana.has(key="turn") and not ben.has(key="turn")  # Ana's turn, on Ana's phone
    await ana.click(key="play-" + str(sr.playable(session.state).index(sr.CURRENT)))
    await app.settle()
    assert ben.has(key="answer-1") and not ben.has(key="answer-0")  # each answers on their own phone
    await ben.click(key="answer-1-2")  # two arrows: the app rolls; odd arrow 1, even arrow 2
    await ana.click(key="answer-0-0")  # no arrows: stays (tapped before Ben's answer was drawn here)
    assert ana.snackbar_texts() == []  # not refused: the two answers touch different salmon
    answers = session.state.last.answers
    [bens] = [a for a in answers if a.seat == 1]
    assert bens.arrow == (1 if bens.roll % 2 else 2)


async def test_the_race_ends_after_the_last_players_turn_and_is_saved(app, roster) -> None:
    page = await app.open("/games/salmon-run/race")
    await start(page)
    session = race(app)
    session.perform(sr.first_player(session.state, [1]))
    await page.route("/dice")
    await page.route("/games/salmon-run/race")
    await page.click(key="pond")  # Ana reaches the spawning pond...
    await page.click(key="end-turn")
    await page.click(key="end-turn")  # ...and play continues to the last player's (Ben's) turn
    assert session.state.over
    assert page.find(key="race-winner").value == "Ana wins"
    await page.click(key="race-save")
    [play] = app.store.archive.all()
    assert play.game == "salmon-run" and play.winners == ("Ana",)


async def test_a_waterfall_ticked_for_one_current_is_not_ticked_for_the_next(app, roster) -> None:
    host = await app.open("/games/salmon-run/race")
    await start(host)
    session = race(app)
    session.perform(sr.first_player(session.state, [1]))
    for _ in range(2):
        session.perform(sr.special_hex(session.state, 0, sr.CURRENT_HEX, card=sr.CURRENT))
    ana = await app.open("/games/salmon-run/race", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/salmon-run/race", phone=BEN_PHONE, player="Ben")
    for current in (1, 2):
        await ana.click(key="play-" + str(sr.playable(session.state).index(sr.CURRENT)))
        await app.settle()
        assert ana.checked("fall-0-None")  # the next Current starts with no Waterfall ticked
        await ana.click(key="fall-0-1")
        [one_arrow] = [c for c in ana.find_all(label="1 arrow") if str(key_of(c)).startswith("answer-0-")]
        await ana.tap(one_arrow)
        await ben.click(key="answer-1-0")
        await app.settle()
        [anas] = [a for a in session.state.last.answers if a.seat == 0]
        assert anas.waterfall_arrows == 1
