"""A player's own copy of a game data file (`<data>/custom/...`), changed in any way: start-up
either accepts it or stops with one message naming the file and the field; and what it
accepts can be played with, never crashing later at the table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.assets import AssetError, assets_dir, use_overrides
from companion.core.errors import DomainError
from companion.games import GAME_DATA_FILES, check_game_data, forget_game_data
from tests.budgets import examples
from tests.json_places import changed, paths

NASTY = [10 ** 28, -1, 0, 1, 2, 3.5, "x", "", True, None, [], {}, [[[[[]]]]], ["hook"], {"x": 1},
         "\ud800", 10 ** 6, 4, 5, 6, "cod", "gold", "yellow"]


@pytest.fixture
def custom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("custom")
    use_overrides(folder)
    forget_game_data()
    yield folder
    use_overrides(None)
    forget_game_data()




def play_with_game_data(rng: random.Random) -> None:
    """What the app does with the data at the table; refusals are fine, crashes are not."""
    from companion.core import dice as dice_mod
    from companion.core.actions import Action
    from companion.core.session_log import replay
    from companion.games.dice_roller import RULES as TABLE
    from companion.games.dice_roller import roll, set_pool
    from companion.games.fleet_dice import rules as fleet
    from companion.games.fleet_dice.layout import BOAT_TYPES, default_layout
    from companion.games.fleet_dice.scoring import score
    from companion.games.fly_solo import journal as j
    from companion.games.fly_solo.adventure import default_adventure
    from companion.games.freshwater_fly.draft import default_face_changes
    from companion.games.freshwater_fly.scoring import default_tie_break, score_json
    from companion.games.freshwater_fly.table import RULES as FLY_TABLE
    from companion.games.freshwater_fly.table import deal, start_cast, start_draft
    from companion.games.registry import presets

    def attempt(call):
        try:
            return call()
        except DomainError:
            return None

    for die in dice_mod.all_dice().values():
        dice_mod.check_faces((die,), list(dice_mod.roll((die,), rng)))
        [die.label(v) for v in range(1, die.sides + 1)]
    for preset in presets():
        for option in preset.options:
            state = replay(TABLE, {}, [set_pool(option.dice, preset.id)])
            attempt(lambda: TABLE.apply(state, roll(state.dice, rng)))
    table = replay(FLY_TABLE, {}, [start_draft(["Ana", "Ben"])])
    for action in (start_cast(1, rng), deal(1), deal(2)):
        table = attempt(lambda: FLY_TABLE.apply(table, action)) or table
    default_face_changes()
    score_json({"players": [{"name": "Ana", "reel_board": "1A", "fish": []},
                            {"name": "Ben", "reel_board": "3B", "fish": []}]}, default_tie_break())
    layout = default_layout()
    game = fleet.RULES.initial_state({"players": [{"name": "Ana", "start": rng.choice(BOAT_TYPES)},
                                                  {"name": "Ben", "start": rng.choice(BOAT_TYPES)}]})
    for _ in range(300):
        if game.over:
            break
        options = fleet.legal_actions(game, rng.randrange(2))
        if options:
            game = attempt(lambda: fleet.RULES.apply(game, rng.choice(options))) or game
    score(game.names, game.sheets)
    assert layout.rounds >= 1
    adventure = default_adventure()
    campaign = j.RULES.initial_state({"name": "Fuzz"})
    for kind in ("momentum", "finesse", "rod", "skill", "seven_fish", "bonus_point", "rocks"):
        campaign = attempt(lambda: j.RULES.apply(campaign, Action("upgrade", {"kind": kind, "choice": "5A"}))) \
            or campaign
    for _ in range(adventure.days):
        campaign = attempt(lambda: j.RULES.apply(campaign, j.record_day(campaign))) or campaign


def check_a_changed_file(custom: Path, relpath: str, text: str) -> None:
    (custom / relpath).parent.mkdir(parents=True, exist_ok=True)
    (custom / relpath).write_text(text, encoding="utf-8", errors="surrogatepass")
    forget_game_data()
    try:
        check_game_data()
    except AssetError as exc:  # the file, or the one that relies on what was changed in it
        assert any(f in str(exc) for f in GAME_DATA_FILES), f"the message names no file: {exc}"
        return
    play_with_game_data(random.Random(len(text)))


def test_a_damaged_fish_points_table_stops_start_up_by_name(custom) -> None:
    # The fish points live in scoring.json beside the tie-break colours: start-up checked only
    # the colours, so a damaged range failed later, at the table, on the score sheet.
    shipped = json.loads((assets_dir() / "games/freshwater_fly/scoring.json").read_text())
    shipped["fish_points"]["brook"] = [5, 2]
    (custom / "games/freshwater_fly").mkdir(parents=True)
    (custom / "games/freshwater_fly/scoring.json").write_text(json.dumps(shipped))
    forget_game_data()
    message = r"^games/freshwater_fly/scoring\.json\.fish_points\.brook highest: must be 5 to 20, not 2$"
    with pytest.raises(AssetError, match=message):
        check_game_data()


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(relpath=st.sampled_from(GAME_DATA_FILES), data=st.data())
def test_a_changed_data_file_is_accepted_and_playable_or_refused_by_name(custom, relpath, data) -> None:
    for old in custom.rglob("*.json"):
        old.unlink()
    shipped = json.loads((assets_dir() / relpath).read_text())
    where = data.draw(st.sampled_from(paths(shipped)), label="where")
    new = data.draw(st.sampled_from(NASTY), label="new")
    delete = data.draw(st.booleans(), label="delete")
    check_a_changed_file(custom, relpath, json.dumps(changed(shipped, where, new, delete), ensure_ascii=False))


@pytest.mark.parametrize("relpath", GAME_DATA_FILES)
@pytest.mark.parametrize("text", ["", "null", "[" * 3000 + "]" * 3000, '{"a": ' + "9" * 5000 + "}", "\udcff",
                                  "[" * 40 + "]" * 40])
def test_broken_data_files_stop_start_up_with_their_name(custom, relpath, text) -> None:
    check_a_changed_file(custom, relpath, text)
