"""The pearl boat game's Voyage on headless pages (seed 003): turn order, a turn with the move die,
a space's value, a catch, the store, and the hidden duel chosen in secret on each duellist's phone,
revealed at once (Net beats Anchor, Anchor beats Hook, Hook beats Net; the loser pays 2 pearls)."""

from __future__ import annotations

import pytest

from companion.games.pearl_boat import rules as pb

ANA_PHONE, BEN_PHONE = "192.0.2.7", "192.0.2.8"


@pytest.fixture
def roster(app):
    for name in ("Ana", "Ben"):
        app.store.settings.add_player(name)


def game(app):
    return app.ctx.sessions.latest(pb.GAME)


async def start(page) -> None:
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="voyage-start")


async def test_a_turn_by_taps(app, roster) -> None:
    page = await app.open("/games/pearl-boat/voyage")
    await start(page)
    session = game(app)
    session.perform(pb.order_roll(session.state, [6, 2]))  # Ana first ("highest first")
    await page.route("/dice")
    await page.route("/games/pearl-boat/voyage")
    assert page.find(key="voyage-status").value == "Round 1: Ana's turn."
    await page.click(key="move")
    fuel = session.state.boats[0].fuel
    assert fuel < 10 and session.state.turn.moved  # one fuel a step
    await page.click(key="reward-0")  # the first space value, +2 pearls in the shipped data
    assert session.state.boats[0].pearls == 0 + session.state.data.space_values[0]
    await page.click(key="catch-0")
    assert session.state.boats[0].on_board == (session.state.data.fish[0].id,)
    await page.click(key="store-0")  # a half refill for 2 pearls
    assert session.state.boats[0].fuel == min(10, fuel + 5) and session.state.boats[0].pearls == 0
    await page.click(key="end-turn")
    assert session.state.current == 1


async def test_the_hidden_duel_is_chosen_in_secret_on_each_phone(app, roster) -> None:
    host = await app.open("/games/pearl-boat/voyage")
    await start(host)
    session = game(app)
    session.perform(pb.order_roll(session.state, [6, 2]))
    for seat in (0, 1):  # each moves, lands on +4 pearls, draws a Slow down and trades it for a hidden attack
        for build in (lambda s: pb.move(s, seat, 3), lambda s: pb.reward(s, seat, 4), lambda s: pb.draw(s, seat, 6),
                      lambda s: pb.trade(s, seat, "slow_down"), lambda s: pb.end_turn(s, seat)):
            session.perform(build(session.state))
    session.perform(pb.use_card(session.state, 0, "hidden_attack", target=1))  # Ana engages Ben
    ana = await app.open("/games/pearl-boat/voyage", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/pearl-boat/voyage", phone=BEN_PHONE, player="Ben")
    assert ana.has(key="duel-0") and not ana.has(key="duel-1")
    assert ben.has(key="duel-1") and not ben.has(key="duel-0")
    await ana.click(key="duel-0-net")
    await ben.click(key="duel-1-anchor")  # before Ana's choice reached Ben's screen
    await app.settle()
    assert ben.snackbar_texts() == []  # the two choices touch different parts: both count
    duel = session.state.last_duel
    assert duel.winner == 0 and duel.loser == 1 and session.state.boats[1].pearls == 4 - 2
    assert "Net against Anchor" in ana.find(key="duel-revealed").value


async def test_the_physical_dies_roll_moves_the_boat_and_never_past_the_market(app, roster) -> None:
    # "The fish market can't be overshot": 2 steps to the market, a 5 rolled moves 2 (2 fuel).
    page = await app.open("/games/pearl-boat/voyage")
    await start(page)
    session = game(app)
    session.perform(pb.order_roll(session.state, [6, 2]))
    await page.route("/dice")
    await page.route("/games/pearl-boat/voyage")
    await page.click(key="market-2")
    await page.click(key="rolled-4")  # "Rolled 5"
    boat = session.state.boats[0]
    assert boat.at_market and boat.fuel == 10 - 2
    assert session.record.actions[-1].data["roll"] == 5
