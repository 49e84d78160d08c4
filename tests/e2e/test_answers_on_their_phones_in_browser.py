"""A move that asks another player is answered on that player's own phone, in a browser, with phones that
are not the host (issue 42): Salmon Run's Eagle is countered by the player it was aimed at once named;
a pearl boat barter waits for the buyer; a Strike cast is dealt on its caster's phone only."""

from __future__ import annotations

from companion.app import build_context
from companion.games.freshwater_fly import table as fly
from companion.games.pearl_boat import rules as pb
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import difficulty_river
from companion.laptop.hosting import LAPTOP
from companion.store import open_store
from tests.browser import seed_roster
from tests.e2e.test_table_of_phones_in_browser import actions, join, phones, wait_for  # noqa: F401 (fixture)


def seeded(data_dir, names, build) -> None:
    """A data folder whose roster holds `names`, with the session `build(ctx)` makes."""
    seed_roster(data_dir, names)
    store = open_store(data_dir)
    build(build_context(store, LAPTOP))
    store.close()


def joined(make_server, phones, tmp_path, names, build, route, joining=None):  # noqa: F811
    """A `--lan` server on a data folder `seeded` with `names` and `build`'s session, and a phone for each
    of `joining` (default: every name) joined as its player on `route`: (the server, those phones in order)."""
    seeded(tmp_path / "data", names, build)
    server = make_server(data_dir=tmp_path / "data", lan=True)
    joining = names if joining is None else joining
    table = phones(len(joining))
    for phone, name in zip(table, joining, strict=True):
        join(phone, server, name, route)
    return server, table


def test_the_eagles_target_counters_on_their_own_phone(make_server, phones, tmp_path) -> None:  # noqa: F811
    def race(ctx) -> None:  # Cy plays an Eagle; Ben's deck holds one too
        session = ctx.sessions.create(sr.GAME, sr.setup_for([("Ana", "red"), ("Ben", "blue"), ("Cy", "green")],
                                                            difficulty_river(2)))
        session.perform(sr.first_player(session.state, [3]))  # Cy first
        for seat in (1, 2):
            session.perform(sr.special_hex(session.state, seat, sr.EAGLE_HEX, card=sr.EAGLE))
        for seat in (2, 0, 1):  # a round: the Eagles taken come round into hand ("once the card cycles")
            session.perform(sr.end_turn(session.state, seat))
        session.perform(sr.play(session.state, 2, sr.EAGLE))

    server, (ana, ben, cy) = joined(make_server, phones, tmp_path, ("Ana", "Ben", "Cy"), race, "/games/salmon-run/race")
    cy.see(cy.text("Cy's Eagle: whose hand do you look at? That player loses a card of your choice, unless they "
                   "discard an Eagle of their own."))
    ben.see(ben.text("Cy plays an Eagle: they name whose hand they look at."))
    cy.tap(cy.button("Ben"))
    ben.see(ben.button("Ben counters with an Eagle"))
    ben.see(ben.button("Lose a card of Cy's choice"))
    ana.see(ana.text("Cy's Eagle is on Ben: waiting on Ben to lose a card or counter with an Eagle."))
    for phone in (ana, cy):
        assert phone.page.get_by_role("button", name="Ben counters with an Eagle").count() == 0
    ben.shot("salmon-run-eagle-target-phone")
    ben.tap(ben.button("Ben counters with an Eagle"))
    wait_for(lambda: actions(server, sr.GAME)[-1]["label"] == "Ben counters the Eagle", server=server)
    assert actions(server, sr.GAME)[-1]["who"] == "Ben"
    for phone in (ana, cy):  # the table waits on nobody now
        phone.page.get_by_text("waiting on Ben").first.wait_for(state="hidden", timeout=15_000)


def test_a_barter_waits_for_the_buyer_on_their_phone(make_server, phones, tmp_path) -> None:  # noqa: F811
    def voyage(ctx) -> None:  # Ana drew an Engine reverse (d8: 1); in Ben's turn she offers it for 2 pearls
        session = ctx.sessions.create(pb.GAME, pb.setup_for(["Ana", "Ben"]))
        session.perform(pb.order_roll(session.state, [6, 2]))
        for build in (lambda s: pb.move(s, 0, 3), lambda s: pb.reward(s, 0, 4), lambda s: pb.draw(s, 0, 1),
                      lambda s: pb.end_turn(s, 0), lambda s: pb.move(s, 1, 3), lambda s: pb.reward(s, 1, 4)):
            session.perform(build(session.state))
        session.perform(pb.offer(session.state, 0, 1, "engine_reverse", 2))

    server, (ana, ben) = joined(make_server, phones, tmp_path, ("Ana", "Ben"), voyage, "/games/pearl-boat/voyage")
    ana.see(ana.text("Ana offers Engine reverse to Ben for 2 pearls: waiting on Ben."))
    ana.see(ana.button("Take the offer back"))
    assert ana.page.get_by_role("button", name="Buy for 2 pearls").count() == 0
    ben.see(ben.button("Buy for 2 pearls"))
    ben.shot("pearl-boat-offer-phone")
    ben.tap(ben.button("Buy for 2 pearls"))
    wait_for(lambda: actions(server, pb.GAME)[-1]["label"] == "Ben buys Engine reverse from Ana for 2 pearls",
             server=server)
    ana.see(ana.text("Ana: 6 pearls, fuel 7/10"))  # the 4 of the space and Ben's 2
    ben.see(ben.text("Ben: 2 pearls, fuel 7/10"))


def test_a_cast_is_dealt_on_its_casters_phone(make_server, phones) -> None:  # noqa: F811
    server = make_server(lan=True, players=("Ana", "Ben"))
    ana, ben = phones(2)
    join(ana, server, "Ana", "/games/freshwater-fly/strike")
    join(ben, server, "Ben", "/games/freshwater-fly/strike")
    ana.tap(ana.button("Start cast"))
    ana.see(ana.text("Ana's cast"))
    ben.see(ben.text("Ana's cast: dealt on their phone"))
    assert ben.page.get_by_role("button", name="Hit me", exact=True).count() == 0
    ben.shot("strike-someone-elses-cast-phone")
    ana.tap(ana.button("Hit me"))
    wait_for(lambda: actions(server, fly.GAME)[-1]["type"] == "strike.deal", server=server)
    assert [a["who"] for a in actions(server, fly.GAME)] == ["Ana", "Ana"]
