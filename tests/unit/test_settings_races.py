"""Several phones change the table's settings at the same moment: nothing is lost, nothing doubled.

Each change reads, changes and writes under the settings file's one lock; without it,
four threads saving pools lost some in most trials."""

from __future__ import annotations

import threading

import pytest

from companion.core.errors import DomainError
from companion.games.registry import FRESHWATER_FLY

TRIALS = 100


def at_once(*calls) -> list[BaseException]:
    """Run the calls on as many threads, released together; the refusals they raised."""
    start = threading.Barrier(len(calls))
    refused: list[BaseException] = []

    def run(call) -> None:
        start.wait()
        try:
            call()
        except DomainError as exc:
            refused.append(exc)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return refused


@pytest.mark.parametrize("trial", range(TRIALS))
def test_pools_saved_at_once_are_all_kept(store, trial) -> None:
    at_once(*(lambda n=n: store.settings.save_pool(f"Pool {n}", ("d6",) * (n + 1)) for n in range(4)))
    assert sorted(p.name for p in store.settings.saved_pools()) == ["Pool 0", "Pool 1", "Pool 2", "Pool 3"]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_skill_face_changes_made_at_once_are_all_kept(store, trial) -> None:
    def change(card: str, from_face: int, to_face: int) -> None:
        store.settings.change_game_options(
            FRESHWATER_FLY.id, lambda doc: FRESHWATER_FLY.change_options(doc, "face_changes", [card, from_face, to_face]))

    at_once(lambda: change("C", 2, 6), lambda: change("D", 5, 1), lambda: change("H", 3, 4))
    changes = FRESHWATER_FLY.read_options(store.settings.game_options(FRESHWATER_FLY.id))[0].face_changes
    assert [(changes[c].from_face, changes[c].to_face) for c in "CDH"] == [(2, 6), (5, 1), (3, 4)]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_the_same_name_added_at_once_makes_one_player(store, trial) -> None:
    refused = at_once(*(lambda: store.settings.add_player("Sam") for _ in range(4)))
    assert [p.name for p in store.settings.players()] == ["Sam"]
    assert len(refused) == 3 and all("already a player called Sam" in str(e) for e in refused)
