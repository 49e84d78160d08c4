"""Dice presets from the data file, and pools a player saved."""

from __future__ import annotations

import pytest

from companion.core.assets import AssetError
from companion.core.errors import DomainError
from companion.core.pools import counts_of, parse_presets, parse_saved_pool, pool_from_counts, preset, presets


def option(preset_id: str, label_start: str) -> tuple[str, ...]:
    return next(o.dice for o in preset(preset_id).options if o.label.startswith(label_start))


def test_every_game_has_its_preset() -> None:
    assert {p.id for p in presets()} == {"freshwater-fly", "fly-solo", "fleet-boat", "fleet-town", "lure",
                                         "salmon-run", "pearl-boat"}


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
