"""The two rules issue 63 found accepted against their rulebooks, as a table meets them: in a browser, on
the player's own phone (not the host's). Each was offered there before it was refused."""

from __future__ import annotations

from companion.games.pearl_boat import rules as pb
from companion.games.salmon_run import rules as sr
from companion.games.salmon_run.river import difficulty_river
from tests.e2e.test_answers_on_their_phones_in_browser import joined
from tests.e2e.test_table_of_phones_in_browser import actions, phones, wait_for  # noqa: F401 (fixture)


def test_an_upgrade_used_as_it_is_drawn_leaves_no_second_upgrade_that_turn(make_server, phones,  # noqa: F811
                                                                           tmp_path) -> None:
    # "When holding multiple cards, the player can only activate one upgrade card per turn." and "If a player
    # already is holding 3 upgrade cards, any upgrade cards they draw will be immediately activated and used."
    # (seeds/003). The table drew an Engine upgrade to a full hand, then used a held Engine reverse too.
    def voyage(ctx) -> None:  # Ana holds the three upgrades (d8: 1, 3, 2), a turn each; her fourth turn, moved
        session = ctx.sessions.create(pb.GAME, pb.setup_for(["Ana", "Ben"]))
        session.perform(pb.order_roll(session.state, [6, 2]))
        for drawn in (1, 3, 2):
            for build in (lambda s: pb.move(s, 0, 1), lambda s: pb.draw(s, 0, drawn), lambda s: pb.end_turn(s, 0),
                          lambda s: pb.move(s, 1, 1), lambda s: pb.end_turn(s, 1)):
                session.perform(build(session.state))
        session.perform(pb.move(session.state, 0, 1))

    server, (ana, ben) = joined(make_server, phones, tmp_path, ("Ana", "Ben"), voyage, "/games/pearl-boat/voyage")
    ana.tap(ana.button("d8 rolled 2"))  # an Engine upgrade, a fourth: used at once
    wait_for(lambda: actions(server, pb.GAME)[-1]["type"] == "draw", server=server)
    ana.tap(ana.button("Ana's card Engine reverse: its uses"))
    ana.see(ana.text("An upgrade card is used this turn: one a turn."))
    ana.see(ana.button("Sell Engine reverse to another boat"))  # its other uses are there
    assert ana.page.get_by_role("button", name="Engine reverse: 1 step back").count() == 0
    ana.shot("pearl-one-upgrade-a-turn")


def test_an_eagle_taken_from_its_hex_is_not_played_that_turn(make_server, phones, tmp_path) -> None:  # noqa: F811
    # "When your salmon moves onto the Eagle hex you add an Eagle card from the supplemental pile to your
    # discard pile. This will allow you to play the Eagle once the card cycles through your deck and into your
    # hand." (seeds/002, THE EAGLE). The table was offered "Play Eagle" the turn the Eagle was taken.
    def race(ctx) -> None:
        session = ctx.sessions.create(sr.GAME, sr.setup_for([("Ana", "red"), ("Ben", "blue")], difficulty_river(2)))
        session.perform(sr.first_player(session.state, [1]))  # Ana first

    server, (ana, ben) = joined(make_server, phones, tmp_path, ("Ana", "Ben"), race, "/games/salmon-run/race")
    ana.see(ana.button("Play Swim Forward"))
    ana.tap(ana.button("Ana's salmon moved onto a special hex or a Bear"))
    ana.tap(ana.button("Eagle hex"))
    ana.tap(ana.button("Take Eagle"))
    wait_for(lambda: actions(server, sr.GAME)[-1]["label"] == "Ana: Eagle hex, takes Eagle", server=server)
    ana.see(ana.button("Undo: Ana: Eagle hex, takes Eagle"))
    ana.see(ana.button("Play Swim Forward"))  # the cards drawn again, the Eagle not among them
    assert ana.page.get_by_role("button", name="Play Eagle").count() == 0
    ana.shot("salmon-run-eagle-taken-not-played")
