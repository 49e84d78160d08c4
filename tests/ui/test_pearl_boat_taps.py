"""The taps of the pearl boat game's turns on headless phones, one per player (seed 003), counted.

Before: the turn order took a tap per roll-off (ties rolled again by hand); an ordinary turn took 4
taps (roll, the space's value, draw, End the turn), 5 with a purchase, 6 to reach the fish market
with a fish (catch, the market's steps, roll, Deliver, draw, End); a held card on a boat 2 (Play,
then the boat). Now: the order 1 tap, an ordinary turn 4 (roll, the space's value, draw, End the turn,
each pinned in turn; the store comes after the draw, as the rules text has it), 5 with a purchase, 5
to reach the market with a fish (it delivers in the same tap), a held card on a boat 1. Every count
word through core/words.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from flet.messaging.session import Session

from companion.core.table.seats import seat_entry
from companion.games.pearl_boat import rules as pb
from tests.headless import key_of, label_of

PHONES = {"Ana": "192.0.2.7", "Ben": "192.0.2.8", "Cy": "192.0.2.9", "Dee": "192.0.2.10"}
VOYAGE = "/games/pearl-boat/voyage"


@pytest.fixture
def roster(app):
    return {name: app.store.settings.add_player(name).id for name in PHONES}


class Table:
    """The players' phones, each open on the Voyage as its own player, and the taps made on them."""

    def __init__(self, app, session, phones) -> None:
        self.app, self.session, self.phones, self.taps = app, session, phones, 0

    @property
    def state(self):
        return self.session.state

    async def tap(self, name: str, key: str) -> None:
        await self.phones[name].click(key=key)
        self.taps += 1
        await self.app.settle()

    def labels(self, since: int = 0) -> list[str]:
        return [a.label for a in self.session.record.actions[since:]]


async def table_of(app, roster, *moves, names=("Ana", "Ben", "Cy"), data=None, order=True) -> Table:
    """A game of `names` (turn order: as seated, unless `order` is False) after `moves` (each builds an
    action from the state), a phone open for each."""
    setup = pb.setup_for([seat_entry(n, roster[n]) for n in names], data=data)
    session = app.ctx.sessions.create(pb.GAME, setup)
    if order:
        session.perform(pb.order_roll(session.state, [6, 4, 2, 1][:len(names)]))
    for build in moves:
        session.perform(build(session.state))
    phones = {n: await app.open(VOYAGE, phone=PHONES[n], player=n) for n in names}
    return Table(app, session, phones)


def did(*steps) -> list:
    """Moves made before the phones open: ("move", 0, 3) builds pb.move(state, 0, 3); a dict at the end
    of a step is its keywords (("use_card", 0, "block", {"target": 1}))."""
    def build(name, *args):
        keywords = args[-1] if args and isinstance(args[-1], dict) else {}
        args = args[:-1] if keywords else args
        return lambda s: getattr(pb, name)(s, *args, **keywords)
    return [build(*step) for step in steps]


ROUND_1 = (("end_turn", 0), ("move", 1, 2), ("end_turn", 1), ("move", 2, 2), ("end_turn", 2))  # Ana ends it


def pinned(phone) -> tuple[str, str] | None:
    """The phone's pinned main action: its words and key (None: none)."""
    button = phone.pinned()
    return (label_of(button), key_of(button)) if button is not None else None


async def test_the_turn_order_is_one_tap_ties_rolled_again_in_it(app, roster) -> None:
    app.ctx.rng.seed(30)  # the session's chance (companion/core/chance.py): d6s 3, 3, 3 (everyone ties), then 5, 1, 2
    table = await table_of(app, roster, order=False)
    ana = table.phones["Ana"]
    passed_around = await app.open(VOYAGE, phone="192.0.2.20", player="table")  # its dice: the whole table's
    assert pinned(ana) == ("Roll for turn order", "order") == pinned(passed_around)
    await passed_around.click(key="order")
    await app.settle()
    assert table.state.phase == pb.PLAY and table.state.order == (0, 2, 1)
    assert table.labels() == ["Turn order: Ana 3, Ben 3, Cy 3 (Ana, Ben and Cy roll again)",
                              "Turn order: Ana 5, Ben 1, Cy 2"]
    assert ana.find(key="ledger-title").value == "The boats, in turn order: Ana, Cy and Ben"
    assert pinned(ana) == ("Roll to move", "move") and pinned(table.phones["Ben"]) is None


async def test_an_ordinary_turn_is_four_taps_each_pinned_in_turn(app, roster) -> None:
    table = await table_of(app, roster)
    ana, ben = table.phones["Ana"], table.phones["Ben"]
    app.ctx.rng.seed(7)
    assert pinned(ana) == ("Roll to move", "move") and pinned(ben) is None
    await table.tap("Ana", "move")
    await table.tap("Ana", "reward-1")  # the space's value: +3 pearls
    assert pinned(ana) == ("Draw a chance card", "draw")
    await table.tap("Ana", "draw")
    assert pinned(ana) == ("End the turn", "end-turn")  # the store comes after the draw (rules text)
    await table.tap("Ana", "end-turn")
    assert table.taps == 4 and table.state.current == 1
    rolled, space, drawn, ended = table.labels(1)
    assert rolled.startswith("Ana rolls ") and space == "Ana's space: +3 pearls"
    assert drawn.startswith("Ana draws ") and ended == "Ana ends the turn"
    assert pinned(ben) == ("Roll to move", "move") and pinned(ana) is None
    # What Ana's turn did stays in words on every phone, after the turn passed.
    said = "; ".join(words.removeprefix("Ana's ").removeprefix("Ana ") for words in (rolled, space, drawn))
    assert ben.find(key="voyage-last").value == f"Before, Ana: {said}."  # "rolls 3: 3 steps; space: +3 pearls; ..."


async def test_a_purchase_is_one_tap_more_made_after_the_draw(app, roster) -> None:
    table = await table_of(app, roster)
    for key in ("d6-3", "reward-2", "d8-1", "store-half_refill", "end-turn"):  # +4 pearls; Engine reverse; a refill
        await table.tap("Ana", key)
    ana = table.state.boats[0]
    assert table.taps == 5 and (ana.pearls, ana.fuel, ana.upgrades) == (4 - 2, 10, ("engine_reverse",))
    assert table.state.current == 1


async def test_a_boat_reaching_the_fish_market_delivers_in_the_same_tap(app, roster) -> None:
    table = await table_of(app, roster)
    for key in ("catch-0", "market-2", "d6-5", "d8-1", "end-turn"):  # a Salmon; the market 2 steps away; a 5
        await table.tap("Ana", key)
    ana = table.state.boats[0]
    assert table.taps == 5 and ana.delivered == ("salmon",) and ana.fuel == 10 - 2 and ana.position == 0
    assert table.labels(1)[1:3] == ["Ana rolls 5: 2 steps, reaches the fish market",
                                    "Ana delivers Salmon at the fish market: +7 pearls"]  # what, and its pay
    assert table.state.current == 1


async def test_a_held_card_is_played_on_a_boat_in_two_taps_in_view(app, roster) -> None:
    # The card near the turn's top, its uses in the turn's place: no scroll down to it (issue 62).
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 6), *ROUND_1))
    ana = table.phones["Ana"]
    texts = ana.texts()
    assert texts.index("Slow down") < texts.index("Or the table's d6 (fuel 7): tap what it rolled.")
    assert ana.heard("card-slow_down") == "Ana's card Slow down: its uses"
    await table.tap("Ana", "card-slow_down")
    assert not ana.has(key="d6-1") and ana.find(key="card-title").value == "Ana's card: Slow down"
    assert ana.label("use-slow_down-1") == "Slow down on Ben" and ana.label("use-slow_down-2") == "Slow down on Cy"
    await table.tap("Ana", "use-slow_down-2")
    assert table.taps == 2 and pb.effect_of(table.state, 2).name == "Slowed"
    assert ana.has(key="d6-1") and not ana.has(key="card-slow_down")  # the turn again, the card gone


async def test_a_card_opened_goes_back_to_the_turn_untouched(app, roster) -> None:
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 6), *ROUND_1))
    for key in ("card-slow_down", "card-back"):
        await table.tap("Ana", key)
    ana = table.phones["Ana"]
    assert ana.has(key="d6-1") and ana.has(key="card-slow_down") and table.state.boats[0].cards == ("slow_down",)


async def test_a_card_drawn_to_a_full_hand_asks_its_boat_in_one_tap(app, roster) -> None:
    # Ana holds two attacks (the most): a Steal fuel drawn is used at once, on the boat she taps.
    table = await table_of(app, roster, *did(("move", 0, 3), ("reward", 0, 4), ("draw", 0, 6),
                                              ("buy", 0, "extra_draw"), ("draw", 0, 8), *ROUND_1))
    for key in ("d6-2", "d8-7", "target-0", "end-turn"):  # Steal fuel, on Ben: half his 8 fuel
        await table.tap("Ana", key)
    ana, ben = table.state.boats[:2]
    assert table.taps == 4 and (ana.fuel, ben.fuel) == (10 - 3 - 2 + 4, 8 - 4) and table.state.current == 1


async def test_a_turn_without_a_move_asks_only_what_is_left(app, roster) -> None:
    # Frozen ("can still draw from chance deck and purchase"): the draw, then the end of the turn; no
    # fuel and no pearls for it: one tap.
    table = await table_of(app, roster, *did(("move", 0, 1), ("draw", 0, 4), *ROUND_1),
                           data=replace(pb.default_data(), start_fuel=2))
    ana, ben = table.phones["Ana"], table.phones["Ben"]
    assert ana.find(key="turn-next").value.startswith("Ana is frozen this turn: no move.")
    assert pinned(ana) == ("Draw a chance card", "draw")
    await table.tap("Ana", "d8-1")
    await table.tap("Ana", "end-turn")
    assert table.taps == 2 and table.state.current == 1
    assert ben.find(key="turn-next").value == "Ben has no fuel: buy a half refill, or end the turn without moving."
    await table.tap("Ben", "end-no-draw")
    assert table.taps == 3 and table.labels()[-1] == "Ben skips the turn (no fuel)"


async def test_undo_takes_the_end_back(app, roster) -> None:
    table = await table_of(app, roster)
    for key in ("d6-3", "reward-2", "d8-1", "end-turn"):
        await table.tap("Ana", key)
    ana = table.phones["Ana"]
    assert ana.label("undo") == "Undo: Ana ends the turn"
    await table.tap("Ana", "undo")  # she meant to buy before passing on
    assert table.state.current == 0 and pinned(ana) == ("End the turn", "end-turn")
    await table.tap("Ana", "store-half_refill")
    await table.tap("Ana", "end-turn")
    assert table.state.boats[0].fuel == 10 and table.state.current == 1


async def test_a_card_or_a_roll_undone_comes_out_the_same_when_drawn_again(app, roster) -> None:
    """Chance decided once (issue 63): an undone chance card drawn again (or a move rolled again) is the
    one drawn before (an undone card was drawn again and another came)."""
    table = await table_of(app, roster)
    await table.tap("Ana", "move")
    rolled = table.labels()[-1]
    await table.tap("Ana", "undo")
    await table.tap("Ana", "move")
    await table.tap("Ana", "reward-1")
    await table.tap("Ana", "draw")
    drawn = table.labels()[-1]
    await table.tap("Ana", "undo")
    await table.tap("Ana", "draw")
    assert table.labels(1) == [rolled, "Ana's space: +3 pearls", drawn] and drawn.startswith("Ana draws ")


async def test_a_blocked_boat_stops_at_the_boat_blocking_it(app, roster) -> None:
    # "Block a player behind you from passing you": Ben is 3 steps behind Ana; a 6 rolled moves him 3.
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 8), *ROUND_1, ("move", 0, 2),
                                              ("use_card", 0, "block", {"target": 1}), ("end_turn", 0)))
    ben = table.phones["Ben"]
    assert "Blocked by Ana: steps to Ana's boat?" in ben.texts()
    await table.tap("Ben", "blocker-3")
    await table.tap("Ben", "d6-6")
    assert table.taps == 2 and table.state.boats[1].position == 2 + 3 and table.state.boats[1].fuel == 10 - 2 - 3


async def test_every_count_on_the_screen_says_its_word(app, roster) -> None:
    # "1 pearls" in the ledger, "+1 pearls" and "-1 pearls" on a space's button and in the log.
    data = replace(pb.default_data(), space_values=(1, -1, 3))
    table = await table_of(app, roster, data=data)
    ana = table.phones["Ana"]
    await table.tap("Ana", "d6-2")
    assert [ana.heard(f"reward-{i}") for i in range(3)] == ["+1 pearl", "-1 pearl", "+3 pearls"]
    assert [ana.label(f"reward-{i}") for i in range(3)] == ["+1", "-1", "+3"]
    await table.tap("Ana", "reward-0")
    assert ana.find(key="ledger-0").value == "Ana: 1 pearl, fuel 8/10"
    assert table.labels()[-1] == "Ana's space: +1 pearl"
    assert ana.label("store-extra_draw") == "+1 chance draw (1 pearl)"
    assert ana.label("store-step_back-1") == "Step back 1 (1 pearl)" and not ana.has(key="store-step_back-2")
    assert "The store (1 pearl to spend):" in ana.texts()
    assert not any("1 pearls" in t or "1 steps" in t or "1 cards" in t for t in ana.texts())


@pytest.mark.parametrize("ben_has, keys", [(12, ("barter-pearls-12",)),  # 0 to 12: a key per number
                                            (20, ("barter-pearls-1", "barter-pearls-2"))])  # more: its digits
async def test_a_card_sold_to_another_boat_for_pearls_in_one_or_two_taps(app, roster, ben_has, keys) -> None:
    # "players can offer more on their own terms": Ben pays Ana 12 pearls for her Engine reverse, once he
    # accepts on his own phone.
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 1)),
                           data=replace(pb.default_data(), start_pearls=ben_has))
    for key in ("card-engine_reverse", "barter-engine_reverse", "barter-buyer-1", *keys):
        await table.tap("Ana", key)
    before = table.state.boats[:2]
    assert table.phones["Ana"].label("barter-sell") == "Offer to Ben for 12 pearls"
    await table.tap("Ana", "barter-sell")
    assert table.state.boats[:2] == before  # nothing moves until Ben says yes on his phone
    ana_phone, ben_phone = table.phones["Ana"], table.phones["Ben"]
    assert ana_phone.find(key="offer-words").value == \
        "Ana offers Engine reverse to Ben for 12 pearls: waiting on Ben."
    assert not ana_phone.has(key="offer-accept") and ana_phone.has(key="offer-withdraw")
    assert ben_phone.label("offer-accept") == "Buy for 12 pearls" and not ben_phone.has(key="offer-withdraw")
    # The table waits on Ben's answer too (issue 65: every phone said "Waiting on Ana", Ana's "Your move").
    assert ben_phone.label(key="waiting-on") == "Your move; also waiting on Ana"
    assert ana_phone.label(key="waiting-on") == "Your move; also waiting on Ben"
    await table.tap("Ben", "offer-accept")
    assert ben_phone.label(key="waiting-on") == "Waiting on Ana"
    ana, ben = table.state.boats[:2]
    assert table.taps == 5 + len(keys)
    assert (ana.pearls, ben.pearls, ben.upgrades) == (ben_has + 12, ben_has - 12, ("engine_reverse",))
    assert table.labels()[-2:] == ["Ana offers Engine reverse to Ben for 12 pearls",
                                   "Ben buys Engine reverse from Ana for 12 pearls"]
    assert not ben_phone.has(key="offer")


async def test_an_offer_taken_back_as_the_buyer_buys_is_refused_in_words(app, roster, monkeypatch) -> None:
    """Issue 63: Ben tapped "Buy for N pearls" while Ana tapped "Take the offer back": the sale went through,
    and Ana's phone showed Python's error ('NoneType' object has no attribute 'seat'). Her tap, made on the
    offer she saw, is refused saying what came first."""
    crashed: list[str] = []
    monkeypatch.setattr(Session, "error", lambda self, message: crashed.append(message))
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 1)),
                           data=replace(pb.default_data(), start_pearls=5))
    for key in ("card-engine_reverse", "barter-engine_reverse", "barter-buyer-1", "barter-pearls-2", "barter-sell"):
        await table.tap("Ana", key)
    ana_phone = table.phones["Ana"]
    withdraw = ana_phone.find(key="offer-withdraw")  # as Ana's phone drew it
    await table.tap("Ben", "offer-accept")
    await app.settle()
    await ana_phone.tap_late(withdraw)  # her tap, on its way as Ben's came first
    assert table.state.boats[1].upgrades == ("engine_reverse",) and table.state.offer is None
    assert crashed == [] and ana_phone.message_texts()[-1].startswith(
        "Just before your tap: Ben buys Engine reverse from Ana for 2 pearls. Your tap was not recorded")


async def test_a_first_duel_at_four_phones(app, roster) -> None:
    # The table that rated the game 3 of 5 reached its first duel in 4 rounds and 69 taps. Two boats
    # draw an attack in round 1, trade it for a hidden attack in round 2; Ana engages Ben in round 3.
    table = await table_of(app, roster, names=("Ana", "Ben", "Cy", "Dee"))
    for name, card in (("Ana", 6), ("Ben", 7), ("Cy", 1), ("Dee", 2)):
        for key in ("d6-3", "reward-2", f"d8-{card}", "end-turn"):
            await table.tap(name, key)
    for name, card in (("Ana", "slow_down"), ("Ben", "steal_fuel"), ("Cy", None), ("Dee", None)):
        for key in ([f"card-{card}", f"trade-{card}"] if card else []) + ["d6-2", "reward-0", "d8-3", "end-turn"]:
            await table.tap(name, key)
    assert table.state.round == 3
    for key in ("card-hidden_attack", "use-hidden_attack-1", "duel-0-net"):
        await table.tap("Ana", key)
    await table.tap("Ben", "duel-1-anchor")
    assert table.state.last_duel.winner == 0 and table.taps == 4 * 4 + (4 * 4 + 2 * 2) + 4
    assert table.phones["Cy"].find(key="voyage-notice").value == "Ana Net, Ben Anchor: Ana wins, Ben pays 2 pearls."


async def test_the_winning_delivery_ends_the_game_and_save_is_pinned(app, roster) -> None:
    table = await table_of(app, roster, *did(("catch", 0, "salmon"), ("catch", 0, "bass"), ("drop_off", 0),
                                              ("move", 0, 3), *ROUND_1))
    for key in ("catch-2", "market-1", "d6-4"):  # a Halibut, then the market, a step away
        await table.tap("Ana", key)
    assert table.state.winner == 0 and table.taps == 3
    ben = table.phones["Ben"]
    assert pinned(ben) == ("Save to history", "voyage-save")
    await table.tap("Ben", "voyage-save")
    assert ben.has(key="saved-to-history") and len(app.store.archive.all()) == 1


async def test_fish_dropped_off_show_in_the_ledger_on_their_way_with_their_pearls(app, roster) -> None:
    # The audit: a dropped-off fish was invisible in the ledger until it arrived ("it will take one turn for
    # the delivery to arrive at the fish market", seed 003), and its pearls came unannounced.
    table = await table_of(app, roster, *did(("catch", 0, "salmon"), ("catch", 0, "bass"), ("drop_off", 0)))
    hold = table.phones["Ben"].find(key="ledger-hold-0").value
    assert "dropped off, on their way: Salmon, Bass (+10 pearls when Ana's next turn begins)" in hold
    assert "on their way" not in table.phones["Ben"].find(key="ledger-hold-1").value


async def test_what_reaches_the_market_is_said_on_every_phone_that_shows_the_turn(app, roster) -> None:
    """Issue 65: a dropped-off fish arrived (+3 pearls) with no line, and "delivers 2 fish" named neither the fish
    nor the pearls. Read on the Voyage's own lines: Ana's Salmon and Halibut (7 + 4 pearls), dropped off, reach
    the market as Cy's turn ends; a third phone reads it too."""
    catch = {f.name: f.id for f in pb.default_data().fish}
    table = await table_of(app, roster, *did(("move", 0, 3), ("catch", 0, catch["Salmon"]),
                                             ("catch", 0, catch["Halibut"]), ("drop_off", 0), ("end_turn", 0), ("move", 1, 2), ("end_turn", 1),
                                             ("move", 2, 2)))
    await table.tap("Cy", "end-no-draw")
    assert table.state.boats[0].pearls == pb.default_data().start_pearls + 11
    for name in ("Ana", "Ben", "Cy"):
        assert table.phones[name].find(key="voyage-last").value == (
            "Before, Cy: rolls 2: 2 steps; ends the turn; Ana's Salmon and Halibut reach the fish market: +11 "
            "pearls."), name


async def test_a_barter_says_whom_it_waits_on_on_a_third_phone(app, roster) -> None:
    """Issue 65: during a barter every phone said "Waiting on <seller>" while the buyer had to answer."""
    table = await table_of(app, roster, *did(("move", 0, 3), ("draw", 0, 1)))
    for key in ("card-engine_reverse", "barter-engine_reverse", "barter-buyer-1", "barter-sell"):
        await table.tap("Ana", key)
    assert table.phones["Cy"].label(key="waiting-on") == "Waiting on Ana and Ben"
