"""Each game's settings belong to the game: the store keeps one document per game unread, the
game reads it (its defaults where a value is missing or damaged) and checks every change."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import DomainError
from companion.games.freshwater_fly.draft import FaceChange
from companion.games.freshwater_fly.entry import FishColor, Species
from companion.games.freshwater_fly.options import check_fish_points, default_fish_points
from companion.games.registry import FRESHWATER_FLY
from companion.store import open_store
from companion.store.layout import MIGRATION_COPIES_DIR
from companion.store.settings import GAME_OPTIONS, games_own_their_settings


def options(store):
    return FRESHWATER_FLY.read_options(store.settings.game_options(FRESHWATER_FLY.id))


def change(store, key, value):
    store.settings.change_game_options(FRESHWATER_FLY.id, lambda doc: FRESHWATER_FLY.change_options(doc, key, value))


def test_nothing_stored_reads_as_the_chosen_defaults(store) -> None:
    values, problems = options(store)
    assert (values.strike_hooks, values.tie_break) == (1, (FishColor.GOLD, FishColor.BLACK, FishColor.GREEN))
    assert values.face_changes["C"] == FaceChange("C", 1, 6) and problems == []


def test_strike_hooks_are_checked_and_kept(store) -> None:
    change(store, "strike_hooks", 2)
    assert options(store)[0].strike_hooks == 2
    with pytest.raises(DomainError, match="1 to 3 hooks, not 4"):
        change(store, "strike_hooks", 4)
    assert options(store)[0].strike_hooks == 2  # a refused change writes nothing


def test_face_changes_can_match_the_players_cards(store) -> None:
    change(store, "face_changes", ["C", 2, 4])
    assert options(store)[0].face_changes["C"] == FaceChange("C", 2, 4)
    with pytest.raises(DomainError, match="Skill H must turn one face"):
        change(store, "face_changes", ["H", 3, 3])
    with pytest.raises(DomainError, match="only Skill cards C, D, H"):
        change(store, "face_changes", ["L", 1, 2])
    change(store, "face_changes", ["D", 5, 1])
    assert {c: (f.from_face, f.to_face) for c, f in options(store)[0].face_changes.items()} == {
        "C": (2, 4), "D": (5, 1), "H": (2, 5)}


def test_the_tie_break_names_each_colour_once(store) -> None:
    change(store, "tie_break", ["black", "green", "gold"])
    assert options(store)[0].tie_break == (FishColor.BLACK, FishColor.GREEN, FishColor.GOLD)
    with pytest.raises(DomainError, match="names gold, black and green once each"):
        change(store, "tie_break", ["black", "black", "gold"])
    with pytest.raises(DomainError, match="has no setting called 'hooks'"):
        change(store, "hooks", 2)


def test_fish_points_are_a_range_per_species_with_a_chosen_default(store) -> None:
    """Seed 000, SCORING 1 (Fish Points: the values shown on the fish caught); the card faces were
    lost, so each species' range is data: chosen default 1 to its Fly Solo Big One's points."""
    ranges = options(store)[0].fish_points
    assert ranges == default_fish_points()
    assert (ranges[Species.BROOK], ranges[Species.STEELHEAD], ranges[Species.COHO]) == ((1, 4), (1, 7), (1, 8))
    assert check_fish_points(ranges, Species.BROOK, 4) == 4
    with pytest.raises(DomainError, match=r"^A Brook card shows 1 to 4 points, not 5\. Settings > Freshwater Fly"):
        check_fish_points(ranges, Species.BROOK, 5)
    change(store, "fish_points", ["brook", 2, 6])
    ranges = options(store)[0].fish_points
    assert ranges[Species.BROOK] == (2, 6) and ranges[Species.DOLLY] == (1, 4)  # that species only
    assert check_fish_points(ranges, Species.BROOK, 6) == 6
    with pytest.raises(DomainError, match="not 1"):
        check_fish_points(ranges, Species.BROOK, 1)
    with pytest.raises(DomainError, match=r"^Brook cards show from 0 to 20 points, the lowest first \(not 5 to 3\)"):
        change(store, "fish_points", ["brook", 5, 3])
    with pytest.raises(DomainError, match="not 0 to 21"):
        change(store, "fish_points", ["brook", 0, 21])
    with pytest.raises(DomainError, match="'trout' is not a Freshwater Fly fish"):
        change(store, "fish_points", ["trout", 1, 2])
    assert options(store)[0].fish_points[Species.BROOK] == (2, 6)  # nothing changed by a refusal


def test_damaged_values_read_as_the_defaults_and_are_named(store) -> None:
    store.settings.set(GAME_OPTIONS + FRESHWATER_FLY.id,
                       {"strike_hooks": 9, "tie_break": ["blue"], "face_changes": {"C": [2, 4], "D": ["six", 1]},
                        "fish_points": {"coho": [2, 9], "brook": [5, 3], "trout": [1, 2]}})
    values, problems = options(store)
    assert values.strike_hooks == 1 and values.tie_break[0] == FishColor.GOLD
    assert values.face_changes["C"] == FaceChange("C", 2, 4) and values.face_changes["D"] == FaceChange("D", 6, 1)
    assert problems == [
        "Your Strike deck setting is damaged (A Strike deck of 4 cards has 1 to 3 hooks, not 9.); using 1 hook.",
        "Your tie-break order is damaged (['blue']); using gold, black, green.",
        "Your Skill D setting is damaged (['six', 1] is not a pair of faces); using the default.",
        "Your fish points setting for brook is damaged ([5, 3]); using the default.",
        "Your fish points setting for trout is damaged ([1, 2]); using the default.",
    ]
    assert values.fish_points[Species.COHO] == (2, 9) and values.fish_points[Species.BROOK] == (1, 4)
    store.settings.set(GAME_OPTIONS + FRESHWATER_FLY.id, "not a document")
    assert options(store)[1] == ["Your Freshwater Fly settings are damaged ('not a document'); using the defaults."]
    change(store, "strike_hooks", 3)  # a change mends the document
    assert options(store) == (options(store)[0], []) and options(store)[0].strike_hooks == 3


def test_a_version_1_settings_file_gives_freshwater_fly_its_own_document(data_dir, clock) -> None:
    """Schema 1 kept the three settings under keys of their own; they move, values as they were."""
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({
        "_meta": {"1": {"kind": "settings", "schema": 1}},
        "settings": {"1": {"key": "freshwater_fly.strike_hooks", "value": 2},
                     "2": {"key": "table.saved_pools", "value": [{"name": "Mine", "dice": {"d6": 3}}]},
                     "3": {"key": "freshwater_fly.face_changes", "value": {"C": [2, 4]}},
                     "4": {"key": "freshwater_fly.tie_break", "value": ["green", "gold", "black"]}},
        "players": {"1": {"id": "p1", "name": "Ana", "color": "RED", "order": 1}}}))
    store = open_store(data_dir, clock)
    try:
        values, problems = options(store)
        assert (values.strike_hooks, values.face_changes["C"], values.tie_break[0], problems) == (
            2, FaceChange("C", 2, 4), FishColor.GREEN, [])
        assert [p.name for p in store.settings.saved_pools()] == ["Mine"]
        assert [p.name for p in store.settings.players()] == ["Ana"]
        assert store.notices == []
        kept = json.loads((data_dir / "settings.json").read_text())
        assert kept["_meta"]["1"]["schema"] == 2
        assert sorted(d["key"] for d in kept["settings"].values()) == ["game.freshwater-fly", "table.saved_pools"]
        assert list((data_dir / MIGRATION_COPIES_DIR).glob("settings.schema1-*.json"))  # the old file, kept
    finally:
        store.close()


def test_the_migration_keeps_what_it_does_not_know() -> None:
    raw = {"settings": {"1": {"key": "other", "value": 1}}, "players": {}}
    assert games_own_their_settings(raw) == raw
    moved = games_own_their_settings({"settings": {"7": {"key": "freshwater_fly.strike_hooks", "value": "x"}}})
    assert moved["settings"] == {"8": {"key": "game.freshwater-fly", "value": {"strike_hooks": "x"}}}
