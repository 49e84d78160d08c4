"""The pearl boat game's hidden duel on two phones (seed 003: "both players choose net, anchor or
hook"): each duellist chooses on their own phone, neither sees the other's choice before the
reveal, both choices made at the same moment count, and the loser pays 2 pearls."""

from __future__ import annotations

from companion.app import build_context
from companion.games import GAMES
from companion.games.pearl_boat import rules as pb
from companion.laptop.hosting import LAPTOP
from companion.store import open_store
from tests.browser import moment, seed_roster
from tests.e2e.test_answers_on_their_phones_in_browser import joined
from tests.e2e.test_table_of_phones_in_browser import actions, join, phones, wait_for  # noqa: F401 (fixture)


def a_game_at_the_duel(data_dir) -> None:
    """Ana and Ben each moved, landed on +4 pearls, drew a Slow down (d8: 6) and traded it for a
    hidden attack; then Ana engages Ben: the duel waits for both choices."""
    seed_roster(data_dir, ("Ana", "Ben"))
    store = open_store(data_dir)
    ctx = build_context(store, LAPTOP)
    session = ctx.sessions.create(pb.GAME, pb.setup_for(["Ana", "Ben"]))
    session.perform(pb.order_roll(session.state, [6, 2]))
    for seat in (0, 1):
        for build in (lambda s: pb.move(s, seat, 3), lambda s: pb.reward(s, seat, 4), lambda s: pb.draw(s, seat, 6),
                      lambda s: pb.trade(s, seat, "slow_down"), lambda s: pb.end_turn(s, seat)):
            session.perform(build(session.state))
    session.perform(pb.use_card(session.state, 0, "hidden_attack", target=1))
    store.close()
    assert GAMES[pb.GAME]


def test_two_phones_fight_a_hidden_duel_in_secret(make_server, phones, tmp_path) -> None:  # noqa: F811
    a_game_at_the_duel(tmp_path / "data")
    server = make_server(data_dir=tmp_path / "data", lan=True)
    ana, ben = phones(2)
    join(ana, server, "Ana", "/games/pearl-boat/voyage")
    join(ben, server, "Ben", "/games/pearl-boat/voyage")
    for phone, me, other in ((ana, "Ana", "Ben"), (ben, "Ben", "Ana")):
        phone.see(phone.text(f"{me}: choose in secret"))
        assert phone.page.get_by_text(f"{other}: choose in secret").count() == 0
    ana.tap(ana.button("Hook"))
    ana.see(ana.text("Your choice is in. Everyone sees all of them once every choice is in."))
    ben.see(ben.text("Ana: chosen ✓"))
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] == "duel_choose", server=server)
    assert "Hook" not in actions(server, pb.GAME)[-1]["label"]  # the choice is in no label
    assert ben.page.get_by_text("Hook against").count() == 0  # not revealed to Ben
    ben.see(ben.text("Ben: choose in secret"))
    ben.shot("pearl-boat-duel-phone")
    # A tie first (the same choice: choose again), then both at the same moment.
    ben.tap(ben.button("Hook"))
    for phone in (ana, ben):
        phone.see(phone.text("Revealed: Hook against Hook, the same: choose again"))
    at = moment()
    ana.tap_together(["Net"], at)
    ben.tap_together(["Anchor"], at)
    for phone in (ana, ben):  # Net beats Anchor: Ana wins, Ben pays 2 of his 4 pearls
        phone.see(phone.text("Ana Net, Ben Anchor: Ana wins, Ben pays 2 pearls."))
        phone.see(phone.text("Ben: 2 pearls, fuel 7/10"))
    ana.shot("pearl-boat-duel-won-phone")


def test_an_undone_chance_card_drawn_again_is_the_same_card(make_server, phones, tmp_path) -> None:  # noqa: F811
    """Issue 63: Undo allowed drawing again, and another card came. Chance is decided once: on Ana's own phone,
    the card drawn, undone and drawn again is the one drawn before."""
    import re

    def voyage(ctx) -> None:  # Ana moved and took her space's pearls: her draw is next
        session = ctx.sessions.create(pb.GAME, pb.setup_for(["Ana", "Ben"]))
        session.perform(pb.order_roll(session.state, [6, 2]))
        session.perform(pb.move(session.state, 0, 3))
        session.perform(pb.reward(session.state, 0, 4))

    server, [ana] = joined(make_server, phones, tmp_path, ("Ana", "Ben"), voyage, "/games/pearl-boat/voyage",
                           joining=("Ana",))
    drawn_words = re.compile(r"^Undo: Ana draws ")
    ana.tap(ana.button("Draw a chance card"))
    ana.see(ana.page.get_by_role("button", name=drawn_words))
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] == "draw", server=server)
    first = actions(server, pb.GAME)[-1]
    ana.tap(ana.page.get_by_role("button", name=drawn_words))
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] != "draw", server=server)
    ana.tap(ana.button("Draw a chance card"))
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] == "draw", server=server)
    again = actions(server, pb.GAME)[-1]
    assert (again["data"], again["label"]) == (first["data"], first["label"])


def test_a_barter_bought_and_taken_back_at_the_same_moment_is_one_or_the_other(make_server, phones,  # noqa: F811
                                                                              tmp_path) -> None:
    """Issue 63: the seller offers, the buyer taps "Buy for N pearls" as the seller taps "Take the offer back": the
    sale went through and the seller's page showed "Error running app: 'NoneType' object has no attribute 'seat'"
    (2 of 2). Now one of them is kept, the other phone told in words, and no Python error anywhere (the server's
    log is read at the end: tests/e2e/conftest.py)."""
    from dataclasses import replace

    def voyage(ctx) -> None:  # Ana drew an Engine reverse (d8: 1) and offers it to Ben for 2 pearls
        data = replace(pb.default_data(), start_pearls=5)
        session = ctx.sessions.create(pb.GAME, pb.setup_for(["Ana", "Ben"], data=data))
        session.perform(pb.order_roll(session.state, [6, 2]))
        session.perform(pb.move(session.state, 0, 3))
        session.perform(pb.draw(session.state, 0, 1))
        session.perform(pb.offer(session.state, 0, 1, "engine_reverse", 2))

    server, (ana, ben) = joined(make_server, phones, tmp_path, ("Ana", "Ben"), voyage, "/games/pearl-boat/voyage")
    ana.see(ana.button("Take the offer back"))
    ben.see(ben.button("Buy for 2 pearls"))
    at = moment()
    ana.tap_together(["Take the offer back"], at)
    ben.tap_together(["Buy for 2 pearls"], at)
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] == "offer_answer", server=server)
    answers = [a for a in actions(server, pb.GAME) if a["type"] == "offer_answer"]
    assert len(answers) == 1, answers  # one of the two, never both
    ben.see(ben.text("Waiting on Ana"))  # the offer settled on both phones: Ana's turn goes on
    ana.see(ana.text("Your move"))
    for phone in (ana, ben):
        assert "Error running app" not in phone.page.content()
