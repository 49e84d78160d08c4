"""`companion score` with anything at all in its file or on standard input: it scores, or it
says in one line what is wrong and exits with 2. Never a traceback, never exit 1, never
text that is not UTF-8, never a run that takes minutes."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import cli
from companion.games import registry
from tests.budgets import examples
from tests.json_places import changed, paths
from tests.unit.test_score_input_fuzz import EXAMPLES as FULL_EXAMPLES

FRESHWATER = {"players": [
    {"name": "Ana", "reel_board": "1A", "fish": [{"species": "coho", "color": "gold", "points": 5}],
     "hatch": {"yellow": 2, "white": 1}, "cards": ["N", "W"], "first_to_seven": False},
    {"name": "Ben", "reel_board": "3B", "fish": [], "hatch": {}, "cards": []},
]}
FLY_SOLO = {"location": 1,
            "you": {"reel_board": "1A", "fish": [{"species": "brown", "color": "black", "points": 3}],
                    "hatch": {"tan": 1}, "cards": [], "first_to_seven": False, "bonus_hatch_matches": 0},
            "silent_angler": {"fish": [], "hatch": {"blue": 2}, "track": 3},
            "journal": {"bonus_points": 1, "seven_fish_bonus": False}}
# A full end of game of every game with a score command (the registry's: a game added later too).
EXAMPLES = {**FULL_EXAMPLES, "freshwater-fly": FRESHWATER, "fly-solo": FLY_SOLO}
GAMES = sorted(registry.scorers())

# Stand-ins put into the JSON text where a value goes, each a kind of trouble found by hand.
NASTY = [
    "1" * 5000,  # an integer past Python's 4,300-digit conversion limit
    "100000000",  # 10^8 tokens
    "1.0", "-3", "1e400", "NaN", "Infinity", "true", "null", '""', '"\\ud800 lone surrogate"', '"\\udfff"',
    "[" * 3000 + "]" * 3000,  # nesting past Python's recursion limit
    "[" * 40 + "]" * 40,  # deeper than any real file
    '{"x": 1}', "[1, 2, 3]", '"' + "a" * 100 + '"', '"steelhead"', '"gold"', "7",
]

plain = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=6)


MARK = "\u0000MARK\u0000"  # put at the place drawn, then replaced by the value drawn in the document's text


def run(game: str, data: bytes, capsys, monkeypatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = cli.main(["score", game, "-"])
    out, err = capsys.readouterr()
    return code, out, err


def check(code: int, out: str, err: str) -> None:
    assert code in (0, 2), (code, err)
    if code == 0:
        json.loads(out)
        out.encode("utf-8")
    else:
        assert err.strip() and "\n" not in err.strip() and "Traceback" not in err


@settings(max_examples=examples(150))
@given(game=st.sampled_from(GAMES), data=st.data())
def test_any_value_anywhere_is_scored_or_refused_in_one_line(game, data, capsys, monkeypatch) -> None:
    example = EXAMPLES[game]
    path = data.draw(st.sampled_from(list(paths(example))), label="where")
    if data.draw(st.booleans(), label="nasty"):
        text = json.dumps(changed(example, path, MARK)).replace('"\\u0000MARK\\u0000"',
                                                              data.draw(st.sampled_from(NASTY), label="what"))
    else:
        text = json.dumps(changed(example, path, MARK)).replace('"\\u0000MARK\\u0000"',
                                                              json.dumps(data.draw(plain, label="what")))
    check(*run(game, text.encode("utf-8"), capsys, monkeypatch))


@settings(max_examples=examples(100))
@given(game=st.sampled_from(GAMES), raw=st.binary(max_size=60))
def test_any_bytes_at_all_are_refused_in_one_line(game, raw, capsys, monkeypatch) -> None:
    check(*run(game, raw, capsys, monkeypatch))


def test_every_score_command_is_fuzzed() -> None:
    assert GAMES and set(GAMES) <= set(EXAMPLES), f"no example to fuzz for {set(GAMES) - set(EXAMPLES)}"


def test_the_cases_found_by_hand(capsys, monkeypatch) -> None:
    for game, text, problem in [
        ("freshwater-fly", b"[" * 3000 + b"]" * 3000, "nested more than 32 levels deep"),
        ("freshwater-fly", b'{"players": ' + b"1" * 5000 + b"}", "5000 digits is far larger than any game needs"),
        ("fly-solo", json.dumps({**FLY_SOLO, "location": 1.0}).encode(), "location: a Location is 1 to 4, not 1.0"),
        ("freshwater-fly", b'{"players": [{"name": "\xff"}]}', "not valid UTF-8 text (byte 24)"),
        ("freshwater-fly", json.dumps({"players": [{**FRESHWATER["players"][0], "name": "\ud800"},
                                                   FRESHWATER["players"][1]]}).encode(),
         "players[0].name: text that is not valid Unicode"),
        ("freshwater-fly", json.dumps({"players": [
            {**FRESHWATER["players"][0], "hatch": {h: 10 ** 8 for h in ("yellow", "green", "tan", "orange")}},
            FRESHWATER["players"][1]]}).encode(), "players[0].hatch.yellow: at most 10 in a game, not 100000000"),
    ]:
        code, out, err = run(game, text, capsys, monkeypatch)
        assert code == 2 and problem in err, (problem, err)
