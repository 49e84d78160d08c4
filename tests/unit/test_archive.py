"""The archive of finished plays: kept in memory until its file changes; several plays filed at once."""

from __future__ import annotations

from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult
from companion.store.store import open_store


def play(play_id: str, when: str, ana: int = 5, bo: int = 3) -> Play:
    results = (PlayerResult("Ana", ana, 1 if ana >= bo else 2, (BreakdownLine("Fish", 1, ana),)),
               PlayerResult("Bo", bo, 1 if bo >= ana else 2, (BreakdownLine("Fish", 1, bo),)))
    return Play(play_id, "lure", when, results, tuple(r.name for r in results if r.rank == 1), {})


def test_plays_are_read_once_and_again_only_when_the_file_changes(store) -> None:
    store.archive.add(play("a", "2026-11-01T20:00:00"))
    first = store.archive.newest_first()
    assert store.archive.newest_first() is first  # kept: not read and parsed again
    store.archive.add(play("b", "2026-11-02T20:00:00"))
    assert [p.id for p in store.archive.newest_first()] == ["b", "a"]


def test_a_restore_replacing_the_file_is_seen_at_once(store, clock) -> None:
    store.archive.add(play("a", "2026-11-01T20:00:00"))
    backup = store.backup_now()
    store.archive.add(play("b", "2026-11-02T20:00:00"))
    assert store.archive.count() == 2
    store.restore(backup.path)
    assert [p.id for p in store.archive.newest_first()] == ["a"]


def test_exchange_files_replaces_and_removes_in_one_write_and_gives_back_what_it_replaced(store, data_dir, clock) -> None:
    store.archive.add(play("a", "2026-11-01T20:00:00", 5, 3))
    store.archive.add(play("b", "2026-11-02T20:00:00"))
    replaced = store.archive.exchange([play("a", "2026-11-01T20:00:00", 9, 3), play("c", "2026-11-03T20:00:00")],
                                      remove=["b", "nowhere"])
    assert sorted(p.id for p in replaced) == ["a", "b"]
    assert next(p for p in replaced if p.id == "a").results[0].total == 5  # the old one, for undo
    assert [(p.id, p.results[0].total) for p in store.archive.newest_first()] == [("c", 5), ("a", 9)]
    # Undo puts back what was replaced and removes what was new.
    store.archive.exchange(replaced, remove=["c"])
    assert [(p.id, p.results[0].total) for p in store.archive.newest_first()] == [("b", 5), ("a", 5)]
    store.close()
    reopened = open_store(data_dir, clock)
    try:
        assert [p.id for p in reopened.archive.all()] == ["b", "a"]  # on disk, not only in memory
    finally:
        reopened.close()
