"""Dice presets from the data file, and pools a player saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.assets import AssetError, use_overrides
from companion.core.errors import DomainError
from companion.core.pools import counts_of, parse_presets, parse_saved_pool, pool_from_counts
from companion.games import check_game_data, forget_game_data, registry
from companion.games.registry import preset, presets


def option(preset_id: str, label_start: str) -> tuple[str, ...]:
    return next(o.dice for o in preset(preset_id).options if o.label.startswith(label_start))


def test_every_game_has_its_preset() -> None:
    with_presets = [entry for entry in registry.GAMES if entry.presets]
    assert with_presets, "no game in the registry has dice presets"
    for entry in with_presets:  # each game's file gives it at least one, and every one is offered
        own = registry.game_presets(entry)
        assert own and {p.id for p in own} <= {p.id for p in presets()}, (entry.id, own)
    assert {p.id for p in registry.game_presets(registry.LURE)} == {"lure"}
    assert [p.id for p in registry.game_presets(registry.FLEET_DICE)] == ["fleet-boat", "fleet-town"]


def test_presets_follow_the_rules() -> None:
    assert option("freshwater-fly", "2-3") == ("d6",) * 7  # Setup I: 7 dice with 2-3 players
    assert option("freshwater-fly", "4") == ("d6",) * 9  # 9 with 4
    assert [len(o.dice) for o in preset("fly-solo").options] == [4, 5]
    assert [len(o.dice) for o in preset("fleet-boat").options] == [3, 4, 5]  # players + 1 boat dice
    assert counts_of(option("fleet-town", "3")) == {"town": 3, "boat": 1}  # players town dice + 1 boat die
    # Lure's rules name "special dice" but count no dice (seed 001, Special Dice): the pool is a stated default.
    assert counts_of(option("lure", "Five d6 + both")) == {"d6": 5, "d12": 1, "d20": 1}
    assert option("lure", "Default") == ("d6",) * 5
    assert "chosen default" in preset("lure").note and "Choose dice" in preset("lure").note
    assert preset("salmon-run").readings["d6"] == {1: "Arrow 1", 2: "Arrow 2", 3: "Arrow 1", 4: "Arrow 2",
                                                     5: "Arrow 1", 6: "Arrow 2"}
    assert option("pearl-boat", "Chance") == ("chance",)


@pytest.mark.parametrize("counts, problem", [
    ({}, "at least one die"),
    ({"d7": 1}, "no die called 'd7'"),
    ({"d6": 0}, "number of d6 must be a whole number from 1 to 20, not 0"),
    ({"d6": "two"}, "not 'two'"),
    ({"d6": 21}, "number of d6 must be a whole number from 1 to 20, not 21"),
    ({"d6": 12, "d8": 9}, "at most 20 dice, not 21"),
])
def test_bad_pools_are_named(counts, problem) -> None:
    with pytest.raises(DomainError, match=problem):
        pool_from_counts(counts, "Pool")


def test_a_damaged_saved_pool_is_refused_with_its_problem() -> None:
    assert parse_saved_pool({"name": " Big ", "dice": {"d20": 2}}, "Saved pool 1").dice == ("d20", "d20")
    with pytest.raises(DomainError, match=r"Saved pool 2 \(Odd\): there is no die called 'd7'"):
        parse_saved_pool({"name": "Odd", "dice": {"d7": 1}}, "Saved pool 2")
    with pytest.raises(DomainError, match="Saved pool 3 is damaged: its name is missing"):
        parse_saved_pool({"dice": {"d6": 1}}, "Saved pool 3")
    with pytest.raises(DomainError, match="Saved pool 4 is damaged: it is not a name"):
        parse_saved_pool(["d6"], "Saved pool 4")


@pytest.mark.parametrize("data, problem", [
    ({"presets": [{"id": "x", "game": "X", "source": "s", "options": []}]}, "at least one option"),
    ({"presets": [{"id": "x", "game": "X", "source": "s", "options": [{"label": "a", "dice": {"d7": 1}}]}]},
     "no die called 'd7'"),
    ({"presets": [{"id": "x", "game": "X", "source": "s", "options": [{"label": "a", "dice": {"d6": 1}}],
                   "readings": {"d6": {"7": "Seven"}}}]}, "readings.d6.7: not a face of a d6"),
    ({"presets": [{"id": "x", "game": "X", "source": "s", "options": [{"label": "a", "dice": {"d6": 1}}]}] * 2},
     "ids must be unique"),
    ({"presets": [{"id": "x", "game": "X", "source": "s", "options": [{"label": "a", "dice": {"d6": 1}}],
                   "note": 5}]}, r"presets\[0\].note: text"),
])
def test_bad_preset_data_is_named(data, problem) -> None:
    with pytest.raises(AssetError, match=problem):
        parse_presets(data)


def test_a_players_copy_of_the_earlier_versions_presets_file_still_takes_the_place_of_the_games(tmp_path) -> None:
    # Before each game had its presets file, dice/presets.json held every game's; a player's copy of it
    # (here: Lure with eight d6, to match their box) still changes that game's pools, on its page too.
    earlier = json.loads(earlier_file("dice/presets.json"))
    lure = next(p for p in earlier["presets"] if p["id"] == "lure")
    lure["options"] = [{"label": "Eight d6", "dice": {"d6": 8}}]
    (tmp_path / "dice").mkdir()
    (tmp_path / "dice" / "presets.json").write_text(json.dumps(earlier))
    use_overrides(tmp_path)
    forget_game_data()
    try:
        assert [o.label for o in preset("lure").options] == ["Eight d6"]
        assert [p.options[0].label for p in registry.game_presets(registry.LURE)] == ["Eight d6"]
        assert len(presets()) == 7  # the others as before, each once
    finally:
        use_overrides(None)
        forget_game_data()
    assert option("lure", "Default") == ("d6",) * 5


def test_a_damaged_copy_of_a_games_presets_file_is_named_by_its_path(tmp_path) -> None:
    (tmp_path / "games" / "lure").mkdir(parents=True)
    (tmp_path / "games" / "lure" / "presets.json").write_text('{"presets": [{"id": "lure"}]}')
    use_overrides(tmp_path)
    forget_game_data()
    try:
        with pytest.raises(AssetError, match=r"^games/lure/presets\.json\.presets\[0\]\.options: missing$"):
            check_game_data()
    finally:
        use_overrides(None)
        forget_game_data()


def earlier_file(relpath: str) -> str:
    """The shipped file as the version before per-game presets had it (kept as a test fixture)."""
    return (Path(__file__).parents[1] / "fixtures" / "before-table-kit" / "assets" / relpath).read_text()
