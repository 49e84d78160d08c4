"""Chance decided once (companion/core/chance.py; issue 63): the n-th action of a kind draws what the
n-th drew before, after an Undo, a restart or anything between; sessions keep their secret on disk."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.chance import decided
from companion.core.session_log import SessionRecord
from companion.core.session_manager import SessionManager
from companion.games import GAMES
from companion.games.dice_roller import GAME, roll, set_pool
from companion.store import open_store


def test_an_undone_roll_rolled_again_comes_out_the_same_and_the_next_is_new(store) -> None:
    session = SessionManager(store.sessions, GAMES, store.clock).create(GAME)
    session.perform(set_pool(["d20", "d20", "d20"]))
    first = roll(session.state.dice, decided(session.record, "dice.roll", ""))
    session.perform(first)
    session.undo()
    session.perform(set_pool(["d20", "d20", "d20"]))  # something between: chance is the deck's, not the moment's
    again = roll(session.state.dice, decided(session.record, "dice.roll", ""))
    assert again.data == first.data
    session.perform(again)
    next_roll = roll(session.state.dice, decided(session.record, "dice.roll", ""))
    assert next_roll.data != first.data  # three d20 the same again: 1 in 8,000


def test_the_secret_is_kept_on_disk_and_differs_between_sessions(tmp_path, clock) -> None:
    store = open_store(tmp_path, clock=clock)
    sessions = SessionManager(store.sessions, GAMES, store.clock)
    one, two = sessions.create(GAME), sessions.create(GAME)
    secrets = one.record.chance, two.record.chance
    assert len(secrets[0]) == 32 and secrets[0] != secrets[1]
    store.close()
    reopened = open_store(tmp_path, clock=clock)
    assert (reopened.sessions.load(one.id).chance, reopened.sessions.load(two.id).chance) == secrets
    reopened.close()


@given(st.integers(0, 2**128 - 1), st.lists(st.sampled_from(["draw", "move", "end"]), max_size=12))
def test_the_next_of_a_kind_depends_only_on_how_many_of_that_kind_were_kept(secret, kinds) -> None:
    base = SessionRecord("abc123", GAME, "t", {}, (), (), "2026-12-07T00:00:00", "2026-12-07T00:00:00",
                         chance=f"{secret:032x}")
    record = replace(base, actions=tuple(Action(k) for k in kinds))
    others = replace(base, actions=tuple(Action(k) for k in kinds if k == "draw"))  # the other kinds taken out
    draws = [decided(r, "draw", "").random() for r in (record, others)]
    assert draws[0] == draws[1]
    assert decided(replace(record, actions=(*record.actions, Action("draw"))), "draw", "").random() != draws[0]
    # Another player's draw changes nothing of mine; two players drawing at the same moment draw apart.
    assert decided(replace(record, actions=(*record.actions, Action("draw", by="p-ben"))), "draw", "").random() \
        == draws[0]
    assert decided(record, "draw", "p-ana").random() != decided(record, "draw", "p-ben").random()


def test_every_die_and_deck_a_screen_draws_from_is_decided_once_by_its_action_type() -> None:
    """Every random move of every game (and the Dice tab) draws from `SessionScreen.chance(kind)`, and its kind
    is an action type the screen's game plays: a kind no action has would never move on (the same roll
    forever), and a screen drawing from the page's own `ctx.rng` could be tried again after an Undo. The
    set-up screens, before any session, may (a random river, a start player, a boat)."""
    import re
    from pathlib import Path

    from companion.games import registry

    ui = Path(__file__).resolve().parents[2] / "companion" / "ui"
    types: dict[str, set[str]] = {}
    for kind, (game, entry) in registry.session_kinds().items():
        rules = registry.load(entry.rules if ":" in entry.rules else f"{entry.rules}:RULES")
        types.setdefault(game.id if game else "", set()).update(rules.moves)
    drawn, wrong = 0, []
    for path in ui.rglob("*.py"):
        text = path.read_text()
        folder = path.relative_to(ui).parts
        game = folder[1].replace("_", "-") if folder[0] == "games" else ""
        for kind in re.findall(r'chance\("([^"]+)"\)', text):
            drawn += 1
            if kind not in types[game] | types[""]:
                wrong.append(f"{path.name}: chance({kind!r}) is no action type of {game or 'the Dice tab'}")
        if "ctx.rng" in text and path.name not in ("setup.py", "sheets.py", "session_screen.py", "host.py"):
            wrong.append(f"{path.name} draws from ctx.rng: a second try after an Undo")
    assert drawn >= 20 and wrong == []
