"""What keeping the controls costs a redraw: every table game's page drawn again after each of 30
random moves, with the new controls keyed and Flet's diff mended (companion/ui/sibling_keys.py,
companion/ui/flet_diff.py: as served) against Flet 1.0.5's own diff and no keys (the yardstick),
the two taken in turns in one run, on the same moves. The time is what `Screen.render` takes: the
drawing, its checks and the patch Flet makes of it.

Target: at most 2 times Flet's own. What it buys: a tap made while another phone's move redraws the
screen is not lost, and a late tap on Ana's box never runs Ben's; and a removed control leaves the
page's index (Flet's own diff keeps the children of a matched control that goes, for good).

Usage: ../.venv/bin/python redraw.py
"""

from __future__ import annotations

import asyncio
import importlib
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flet.controls.object_patch import DiffBuilder  # noqa: E402

from companion.store import open_store  # noqa: E402
from companion.ui import flet_diff, screen, sibling_keys  # noqa: E402
from tests.conftest import FakeClock  # noqa: E402
from tests.headless import HeadlessApp  # noqa: E402
from tests.ui.test_stable_controls import random_moves, table_games  # noqa: E402

MOVES = 30
ROUNDS = 2  # each game's moves drawn this many times each way, in turns
SMOKE = {"moves": 3, "rounds": 1}
TARGET = 2.0
MENDED = {name: getattr(DiffBuilder, name) for name in ("_compare_dataclasses", "_removed_controls", "_dataclass_added")}
FLETS = {"_compare_dataclasses": flet_diff._flet_compare_dataclasses,
         "_removed_controls": flet_diff._flet_removed_controls,
         "_dataclass_added": flet_diff._flet_dataclass_added}
spent = [0.0, 0]  # seconds in Screen.render, and how many


def kept(on: bool) -> None:
    """The controls kept (as served) or not (Flet's own diff; a drawing's new controls left unkeyed)."""
    for name, method in (MENDED if on else FLETS).items():
        setattr(DiffBuilder, name, method)
    screen.unique_keys = sibling_keys.unique_keys if on else (lambda root, name_new=False: sibling_keys.unique_keys(root))


def timed(render):
    def run(self) -> None:
        start = time.perf_counter()
        render(self)
        spent[0] += time.perf_counter() - start
        spent[1] += 1
    return run


async def one_game(game, kind, seed: int, moves: int) -> tuple[float, int]:
    """The time the page's redraws took over the game's random moves, and how many there were."""
    rules = importlib.import_module(kind.rules).RULES
    with tempfile.TemporaryDirectory() as data:
        store = open_store(Path(data), FakeClock())
        app = HeadlessApp(store, asyncio.get_running_loop())
        try:
            rng = random.Random(seed)
            setup = rules.example_setup(rng)
            session = app.ctx.sessions.create(kind.kind, setup)
            page = await app.open(f"/games/{game.id}/{kind.part}/{kind.arg.format(id=session.id, setup=setup)}")
            spent[:] = [0.0, 0]
            for _ in random_moves(rules, session, rng, moves):
                page.page.pubsub.send_all(f"session:{session.id}")  # as the phone that moved tells the others
                for _ in range(2):  # its delivery (on the executor), then the redraw it schedules
                    await app.loop.run_in_executor(app.executor, lambda: None)
                    await asyncio.sleep(0.005)
            return spent[0], spent[1]
        finally:
            app.close()
            store.close()


def measure(moves: int = MOVES, rounds: int = ROUNDS) -> dict:
    """The mean redraw in ms with the controls kept and with Flet's own diff, by game and in all."""
    return asyncio.run(_measure(moves, rounds))


async def _measure(moves: int, rounds: int) -> dict:
    render = screen.Screen.render
    screen.Screen.render = timed(render)
    totals = {True: [0.0, 0], False: [0.0, 0]}
    games = {}
    try:
        for game, kind in table_games():
            each = {True: [0.0, 0], False: [0.0, 0]}
            for _ in range(rounds):
                for on in (False, True):
                    kept(on)
                    seconds, redraws = await one_game(game, kind, 5, moves)
                    for into in (each[on], totals[on]):
                        into[0] += seconds
                        into[1] += redraws
            games[kind.kind] = round(mean(each[True]) / mean(each[False]), 2)
    finally:
        kept(True)
        screen.Screen.render = render
    return {"ratio": round(mean(totals[True]) / mean(totals[False]), 2), "games": games,
            "kept_ms": round(1000 * mean(totals[True]), 1), "flets_ms": round(1000 * mean(totals[False]), 1)}


def report(figures: dict) -> None:
    print(f"a redraw with the controls kept: {figures['kept_ms']} ms, Flet's own diff {figures['flets_ms']} ms: "
          f"{figures['ratio']} x (target <= {TARGET}); by game: {figures['games']}")


def mean(spent: list) -> float:
    assert spent[1] > 0, "no redraw was timed"
    return spent[0] / spent[1]


if __name__ == "__main__":
    report(measure())
