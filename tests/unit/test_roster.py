"""The player roster: names are checked, removal can be undone, order is kept."""

from __future__ import annotations

import pytest

from companion.core.errors import DomainError
from companion.core.players import MAX_PLAYERS, PlayerColor, clean_name


def test_names_are_trimmed_and_checked() -> None:
    assert clean_name("  Ana   Lee ", []) == "Ana Lee"
    with pytest.raises(DomainError, match="needs a name"):
        clean_name("   ", [])
    with pytest.raises(DomainError, match="at most 20 characters"):
        clean_name("x" * 21, [])


def test_names_are_unique_ignoring_case(store) -> None:
    store.settings.add_player("Ana")
    with pytest.raises(DomainError, match="already a player called Ana"):
        store.settings.add_player("ana")


def test_new_players_get_a_free_colour(store) -> None:
    first = store.settings.add_player("Ana")
    second = store.settings.add_player("Ben")
    assert first.color is PlayerColor.RED and second.color is PlayerColor.BLUE


def test_remove_and_restore_keeps_the_place(store) -> None:
    for name in ("Ana", "Ben", "Cy"):
        store.settings.add_player(name)
    ben = store.settings.players()[1]
    removed, order = store.settings.remove_player(ben.id)
    assert [p.name for p in store.settings.players()] == ["Ana", "Cy"]
    store.settings.restore_player(removed, order)
    assert [p.name for p in store.settings.players()] == ["Ana", "Ben", "Cy"]


def test_rename_and_recolour(store) -> None:
    ana = store.settings.add_player("Ana")
    store.settings.add_player("Ben")
    store.settings.rename_player(ana.id, "Anna")
    store.settings.set_player_color(ana.id, PlayerColor.TEAL)
    assert store.settings.players()[0].name == "Anna"
    assert store.settings.players()[0].color is PlayerColor.TEAL
    with pytest.raises(DomainError, match="already a player called Ben"):
        store.settings.rename_player(ana.id, "BEN")


def test_roster_has_a_limit(store) -> None:
    for n in range(MAX_PLAYERS):
        store.settings.add_player(f"P{n}")
    with pytest.raises(DomainError, match=f"at most {MAX_PLAYERS} players"):
        store.settings.add_player("One too many")


def test_saved_pools_damaged_ones_are_named_and_removable(store) -> None:
    from companion.store.settings import SAVED_POOLS

    store.settings.save_pool("Lure all", ("d6",) * 5 + ("d12", "d20"))
    store.settings.set(SAVED_POOLS, [*store.settings.get(SAVED_POOLS), {"name": "Odd", "dice": {"d7": 2}}])
    good, bad = store.settings.saved_pools()
    assert good.name == "Lure all" and good.dice.count("d6") == 5
    assert str(bad) == "Saved pool 2 (Odd): there is no die called 'd7'."
    assert store.settings.problems() == ["Saved pool 2 (Odd): there is no die called 'd7'. It is left out."]
    removed = store.settings.remove_saved_pool(1)
    assert store.settings.problems() == []
    store.settings.restore_saved_pool(1, removed)
    assert len(store.settings.saved_pools()) == 2
    with pytest.raises(DomainError, match="The new pool is damaged: its name is missing"):
        store.settings.save_pool("  ", ("d6",))
