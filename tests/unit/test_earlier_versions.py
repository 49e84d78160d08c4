"""What the version before the table kit wrote still opens and replays: its settings, its
archive and a session of every kind, each played by several phones (their own seats, the phone
passed around, now and then another player's seat, as that version allowed), with Undo and Redo.

The data folder in tests/fixtures/before-table-kit/ was written by that version (commit fd274d1)
with `python -m tests.fixtures.record`; `expected.json` is what that version read from each session.
"""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.app import build_context
from companion.core.session_manager import SessionManager
from companion.games import GAME_MODULES, GAMES
from companion.laptop.hosting import LAPTOP
from companion.store import open_store
from companion.store.journal import read_head
from companion.store.sessions import session_ids

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "before-table-kit"


def _results(results, winners) -> dict[str, Any]:
    return {"results": [[r.name, r.total, r.rank] for r in results], "winners": list(winners)}


def summary(kind: str, state: Any) -> Any:
    """What a session of `kind` has reached, in plain JSON: scores, turns, decks, dice."""
    return json.loads(json.dumps(_summary(kind, state)))


def _summary(kind: str, state: Any) -> Any:
    if kind == "lure":
        from companion.games.lure import rules as lure

        return {"round": state.round, "phase": state.phase, **_results(*lure.standings(state))}
    if kind == "salmon-run":
        from companion.games.salmon_run import rules as sr

        standings = sr.standings(state)
        return {"phase": state.phase, "turns": state.turns,
                "salmon": [[s.deck.size, s.deck.fatigue, s.hand, s.in_pond] for s in state.salmon],
                **(_results(*standings) if standings else {})}
    if kind == "pearl-boat":
        return {"phase": state.phase, "winner": state.winner, "turns": state.turns,
                "boats": [[b.pearls, b.fuel, sorted(b.delivered), sorted(b.cards)] for b in state.boats]}
    if kind == "fleet-dice":
        from companion.games.fleet_dice.scoring import score

        return {"position": state.position(), **_results(*score(state.names, state.sheets))}
    if kind in ("fleet-dice-edit", "freshwater-fly-score"):
        play = importlib.import_module(GAME_MODULES[kind]).to_play(state, "p", "2026-11-20T21:00:00")
        return _results(play.results, play.winners)
    if kind == "freshwater-fly-table":
        draft = state.draft
        return {"draft": None if draft is None else [draft.round, [list(p) for p in draft.picks], list(draft.pool)],
                "strike": [state.strike.status, list(state.strike.revealed), state.strike.casts]}
    if kind == "fly-solo-campaign":
        from companion.games.fly_solo.adventure import default_adventure

        return {"days": [[d.location, d.score.result] for d in state.days], "badges": list(state.badges),
                "location": state.location, "status": state.status(default_adventure())}
    if kind == "fly-solo-day":
        return {"fish": len(state.fish), "track": state.track, "over": state.over, "step": state.step}
    if kind == "table":
        return {"rolls": state.dice.count, "faces": list(state.dice.faces or ()), "kept": sorted(state.dice.kept)}
    raise AssertionError(f"no summary for the session kind {kind!r}: add one")


@pytest.fixture
def earlier(tmp_path: Path, clock):
    folder = tmp_path / "data"
    shutil.copytree(FIXTURES / "data", folder)
    store = open_store(folder, clock)
    yield store
    store.close()


def expected() -> dict[str, Any]:
    return json.loads((FIXTURES / "expected.json").read_text())


def recorded_kinds() -> set[str]:
    """The kinds of session in the fixture's own folders: what the earlier version wrote (a game added
    since has none there, and needs none)."""
    folder = FIXTURES / "data" / "sessions"
    return {read_head(folder / name).head.game for name in session_ids(folder)}


def test_the_fixture_holds_what_the_earlier_version_read_of_each_of_its_sessions() -> None:
    kinds = recorded_kinds()
    assert len(kinds) > 1 and kinds == {s["kind"] for s in expected()["sessions"].values()}
    assert kinds <= set(GAMES), f"kinds the earlier version wrote that Companion no longer plays: {kinds - set(GAMES)}"


def test_each_session_of_the_earlier_version_replays_to_what_it_showed(earlier) -> None:
    sessions = SessionManager(earlier.sessions, GAMES, earlier.clock)
    wanted = expected()["sessions"]
    assert {r.id for r in sessions.open_records()} == set(wanted)
    for session_id, was in wanted.items():
        session = sessions.get(session_id)
        assert session.record.game == was["kind"]
        assert [len(session.record.actions), len(session.record.undone)] == was["log"], session_id
        assert summary(was["kind"], session.state) == was["summary"], (was["kind"], session_id)
    assert earlier.notices == []  # nothing was found damaged: a state saved by the earlier rules is not used


def test_each_session_of_the_earlier_version_passes_the_start_up_check_then_starts_from_it(earlier, clock) -> None:
    # Issue 44: start-up replays every line of each log once (none of its states is one a start-up's replay
    # reached), then each later start from the state that replay kept.
    wanted = expected()["sessions"]
    for start in ("first", "next"):
        store = earlier if start == "first" else open_store(earlier.root, clock)
        try:
            ctx = build_context(store, LAPTOP)
            assert ctx.notices == [], start
            for session_id, was in wanted.items():
                session = ctx.sessions.get(session_id)
                assert [len(session.record.actions), len(session.record.undone)] == was["log"], session_id
                assert summary(was["kind"], session.state) == was["summary"], (start, was["kind"], session_id)
        finally:
            store.close()
    checked = {p.parent.name for p in (earlier.root / "sessions").glob("*/state-*.checked.json")}
    assert checked == {sid for sid, was in wanted.items() if was["log"][0] > 0}  # each with an action replayed


def test_the_settings_and_archive_of_the_earlier_version_open_as_they_were(earlier) -> None:
    was = expected()
    assert sorted(p.name for p in earlier.settings.players()) == was["players"]
    plays = {p.id: p for p in earlier.archive.all()}
    assert set(plays) == set(was["plays"])
    for play_id, saved in was["plays"].items():
        assert [plays[play_id].game, _results(plays[play_id].results, plays[play_id].winners)] == saved
