"""A session log is read from a file that may have been damaged or edited: every game's rules
answer an action they cannot use with a refusal (DomainError) that names the problem,
never a TypeError from deep inside. Hypothesis feeds them actions of every kind they know,
with any JSON in any field."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.actions import Action
from companion.core.errors import DomainError
from companion.core.session_log import replay
from companion.games import GAMES
from companion.games.dice_roller import roll, set_pool
from companion.games.fleet_dice import game as fleet
from companion.games.fleet_dice.table import pool
from companion.games.freshwater_fly.table import start_cast, start_draft

# The fields each kind of session reads from its actions.
FIELDS = {
    "table": ["dice", "preset", "faces", "index", "keep", "seats", "start", "solo", "to", "how", "from", "order",
              "mode", "count", "finesse", "fish"],
    "freshwater-fly-table": ["seats", "start", "solo", "faces", "index", "to", "how", "from", "order", "mode", "count",
                             "finesse", "fish"],
    "freshwater-fly-score": ["seat", "species", "color", "points", "index", "count", "board", "card", "held",
                             "first"],
    "fleet-dice": ["seat", "die", "face", "how", "target", "second", "rerolled_from", "what", "track", "bonus",
                   "skip", "oyster_coins", "pick", "faces"],
    "fleet-dice-edit": ["seat", "track", "count", "boat_type", "level", "kind", "index", "fish", "bonus"],
    "fly-solo-campaign": ["kind", "choice", "tie_break", "space", "color", "card", "fish", "hatch", "track", "seat",
                          "species", "points", "count", "index"],
    "fly-solo-day": ["fish", "faces", "index", "order", "species", "color", "points", "column"],
}

TYPES = {
    "table": ["dice.pool", "dice.roll", "dice.keep", "draft.start", "draft.roll", "draft.change", "draft.reroll",
              "draft.take", "draft.end", "strike.start", "strike.deal", "strike.row", "strike.restart",
              "strike.end"],
    "freshwater-fly-table": ["draft.start", "draft.roll", "draft.change", "draft.reroll", "draft.take", "draft.end",
                             "strike.start", "strike.deal", "strike.row", "strike.restart", "strike.end"],
    "freshwater-fly-score": ["fish.add", "fish.remove", "hatch", "board", "card", "w", "first"],
    "fleet-dice": ["use", "either", "free_fill", "bonus", "fish", "roll"],
    "fleet-dice-edit": ["boxes", "license", "boats", "fish", "bonus"],
    "fly-solo-campaign": ["upgrade", "day", "track", "bonus", "skill", "angler", "sheet.fish.add", "sheet.hatch",
                          "sheet.fish.remove"],
    "fly-solo-day": ["you", "roll", "take", "cast", "row", "hook", "end"],
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**16, 10**16) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8) | st.sampled_from(["d6", "boat", "cod", "gold", "yellow", "brown", "chosen", "normal",
                                             "hook", "fish", "1A", "N", "W", "momentum", "finesse"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def states(kind: str, seed: int):
    """A state of `kind` some way into a game (so that most actions are not refused at once)."""
    rng = random.Random(seed)
    rules = GAMES[kind]
    if kind == "table":
        actions = [set_pool(["d6", "d8", "boat"]), roll(replay(rules, {}, [set_pool(["d6", "d8", "boat"])]).dice, rng),
                   start_draft(["Ana", "Ben"]), start_cast(1, rng)]
        return rules, replay(rules, {}, actions[:1 + seed % 4])
    if kind == "freshwater-fly-table":
        actions = [start_draft(["Ana", "Ben"]), start_cast(1, rng)]
        return rules, replay(rules, {}, actions[:seed % 3])
    if kind == "freshwater-fly-score":
        return rules, rules.initial_state({"players": ["Ana", "Ben"]})
    if kind == "fleet-dice":  # the table's round (a start player), or sheets kept from before it
        table = {"start_player": seed % 2} if seed % 3 else {}
        game = rules.initial_state({"players": [{"name": "Ana", "start": "cod"}, {"name": "Ben", "start": "oyster"}],
                                    **table})
        for _ in range(seed % 30):
            options = fleet.legal_actions(game, rng.randrange(2))
            if not options and game.why_no_roll() is None:
                options = [fleet.roll_dice(game, [rng.choice(f) for f in pool(("boat", "town")[game.position()[1]], 2)])]
            if options:
                game = rules.apply(game, rng.choice(options))
        return rules, game
    if kind == "fleet-dice-edit":  # a saved play's sheets some way into a game
        _, game = states("fleet-dice", seed)
        return rules, rules.initial_state({"entry": fleet.to_play(game, "p", "2026-11-20T21:00:00").entry})
    if kind == "fly-solo-campaign":
        return rules, rules.initial_state({"name": "Summer"})
    return rules, rules.initial_state({"location": 1 + seed % 4})


@pytest.mark.parametrize("kind, action_type", [(k, t) for k, types in TYPES.items() for t in types + ["nonsense"]])
@settings(max_examples=80)
@given(seed=st.integers(0, 1000), data=st.data())
def test_any_action_is_applied_or_refused_with_words(kind, action_type, seed, data) -> None:
    rules, state = states(kind, seed)
    fields = data.draw(st.dictionaries(st.sampled_from(FIELDS[kind]), json_values, max_size=6), label="data")
    try:
        rules.apply(state, Action(action_type, fields, "fuzzed"))
    except DomainError as exc:
        assert str(exc)
