"""One game at a table (issue 42): two phones tapping a game's start at the same moment make one session;
the phone whose tap came second joins the game the first started, and is told so."""

from __future__ import annotations

import pytest

from companion.games.lure import rules as lure
from companion.games.pearl_boat import rules as pb
from companion.games.salmon_run import rules as sr
from tests.headless import ANA_PHONE, BEN_PHONE

GAMES = [("/games/salmon-run/race", sr.GAME, ("seat-Ana", "seat-Ben", "length-2", "river-easy"), "race-start"),
         ("/games/pearl-boat/voyage", pb.GAME, ("seat-Ana", "seat-Ben"), "voyage-start"),
         ("/games/lure/round", lure.GAME, ("seat-Ana", "seat-Ben"), "lure-start")]


@pytest.mark.parametrize(("route", "kind", "set_up", "start"), GAMES)
async def test_two_phones_starting_the_game_at_once_make_one_game(app, roster, route, kind, set_up, start) -> None:
    ana = await app.open(route, phone=ANA_PHONE, player="Ana")
    ben = await app.open(route, phone=BEN_PHONE, player="Ben")
    for phone in (ana, ben):
        for key in set_up:
            await phone.click(key=key)
    await ana.click(key=start)
    await ben.click(key=start)  # its tap on its way before Ana's game reached its screen
    assert len(app.ctx.sessions.open_records(kind)) == 1
    assert ben.message_texts()[-1].startswith("Another phone started this")
    assert not ben.has(key=start)  # Ben's phone shows the game Ana started
    await app.settle()
    assert not ana.message_texts() and not ana.has(key=start)
