"""Every `companion score <game>` against every shape of wrong input: each field of a full example
given every other JSON type (nested ones included), each key left out, an unknown key added
anywhere, and several of these at once. Each is refused in one line that names the field, with
exit code 2: never a traceback, never exit 1."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import cli
from companion.games import registry
from tests.budgets import examples
from tests.json_places import changed, places
from tests.unit.test_score_command import score

# One full end of game per command, every optional field given, so that every field is tried.
EXAMPLES = {
    "freshwater-fly": {"players": [
        {"name": "Ana", "reel_board": "1A", "fish": [{"species": "coho", "color": "gold", "points": 5}],
         "hatch": {"yellow": 2, "white": 1}, "cards": ["N", "W"], "first_to_seven": False},
        {"name": "Ben", "reel_board": "3B", "fish": [], "hatch": {}, "cards": []}]},
    "fly-solo": {
        "location": 1, "bonus_hatch": "tan",
        "you": {"name": "Ana", "reel_board": "1A", "fish": [{"species": "brown", "color": "black", "points": 3}],
                "hatch": {"tan": 1}, "cards": ["W"], "first_to_seven": False, "bonus_hatch_matches": 1},
        "silent_angler": {"fish": [{"species": "coho", "color": "green", "points": 2}], "hatch": {"blue": 2},
                          "track": 3, "bonus_hatch_matches": 0},
        "journal": {"bonus_points": 1, "seven_fish_bonus": False}},
    "lure": {"players": [
        {"name": "Ana", "fish": [{"vp": 3}, {"catch": 7, "vp": 5, "requirement": {"kind": "both", "n": 2, "m": 3}}],
         "boosts": 1},
        {"name": "Ben", "fish": []}]},
    "salmon-run": {"players": [
        {"name": "Ana", "colour": "red", "in_pond": True, "fatigue": 3, "turn": 5},
        {"name": "Ben", "in_pond": False, "fatigue": 1}]},
    "pearl-boat": {"players": [
        {"name": "Ana", "pearls": 9, "fish": ["salmon", "bass", "carp"], "trips": 2},
        {"name": "Ben", "pearls": 4, "fish": ["halibut"]}], "first_back": "Ana"},
}
GAMES = sorted(registry.scorers())  # every game with a `companion score` command (one added later too)

# The keys each object must have (a list's items written *); every other key is optional.
REQUIRED = {
    "freshwater-fly": {(): {"players"}, ("players", "*"): {"name", "reel_board", "fish"},
                       ("players", "*", "fish", "*"): {"species", "color", "points"}},
    "fly-solo": {(): {"location", "you", "silent_angler"}, ("you",): {"reel_board", "fish"},
                 ("you", "fish", "*"): {"species", "color", "points"}, ("silent_angler",): {"fish"},
                 ("silent_angler", "fish", "*"): {"species", "color", "points"}},
    # A fish with a requirement is a whole card: it has its catch number too.
    "lure": {(): {"players"}, ("players", "*"): {"name", "fish"}, ("players", "*", "fish", "*"): {"vp", "catch"}},
    "salmon-run": {(): {"players"}, ("players", "*"): {"name", "in_pond", "fatigue"}},
    "pearl-boat": {(): {"players"}, ("players", "*"): {"name", "pearls", "fish"}},
}
# Where null is a value as good as leaving the field out (what History's own files write).
NULL_ALLOWED = {
    ("lure", ("players", "*", "fish", "*", "requirement")), ("lure", ("players", "*", "fish", "*", "requirement", "n")),
    ("lure", ("players", "*", "fish", "*", "requirement", "m")), ("salmon-run", ("players", "*", "turn")),
    ("pearl-boat", ("first_back",)), ("fly-solo", ("you", "bonus_hatch_matches")),
    ("fly-solo", ("silent_angler", "bonus_hatch_matches")),
}

KINDS = ("null", "bool", "int", "float", "text", "list", "object")
_text = st.text(max_size=8)
_leaf = st.none() | st.booleans() | st.integers(-(10 ** 15) + 1, 10 ** 15 - 1) | \
    st.floats(allow_nan=False, allow_infinity=False) | _text
_any = st.recursive(_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
                    max_leaves=8)
OF_KIND = {"null": st.none(), "bool": st.booleans(), "int": st.integers(-(10 ** 15) + 1, 10 ** 15 - 1),
           "float": st.floats(allow_nan=False, allow_infinity=False), "text": st.text(max_size=30),
           "list": st.lists(_any, max_size=4), "object": st.dictionaries(_text, _any, max_size=4)}


def kind(value) -> str:
    if value is None:
        return "null"
    for name, types in (("bool", bool), ("int", int), ("float", float), ("text", str), ("list", list)):
        if isinstance(value, types):
            return name
    return "object"


def pattern(path) -> tuple:
    return tuple("*" if isinstance(step, int) else step for step in path)


def field(path) -> str:
    """How a refusal names a place: players[1].fish[0].species; the whole file is "game"."""
    if not path:
        return "game"
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text




def removed(doc, path, key):
    doc = copy.deepcopy(doc)
    parent = doc
    for step in path:
        parent = parent[step]
    del parent[key]
    return doc


def run(game: str, doc, capsys, monkeypatch) -> tuple[int, str, str]:
    data = json.dumps(doc).encode("utf-8") if not isinstance(doc, bytes) else doc
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = cli.main(["score", game, "-"])
    out, err = capsys.readouterr()
    return code, out, err


def refusal(code: int, out: str, err: str) -> str:
    """The one line of a refusal (exit 2, nothing on standard output)."""
    assert code == 2, (code, out, err)
    assert not out and err.endswith("\n") and "\n" not in err[:-1] and "Traceback" not in err, err
    return err[:-1]


def names(line: str, path) -> bool:
    """The refusal names the field at `path` (or a field inside it: a player given as a name
    lacks the player's other fields)."""
    where = field(path)
    return any(line.startswith(where + end) for end in (": ", ".", "["))


def test_every_score_command_has_its_example_and_its_required_keys() -> None:
    assert GAMES, "no game in the registry has a score command"
    assert set(EXAMPLES) == set(REQUIRED) == set(GAMES), "a full end of game and its required keys per command"


@pytest.mark.parametrize("game", GAMES)
def test_every_example_scores(game, capsys, monkeypatch) -> None:
    code, out, err = run(game, EXAMPLES[game], capsys, monkeypatch)
    assert code == 0 and not err and json.loads(out)


@settings(max_examples=examples(300), deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_a_field_of_another_json_type_is_refused_naming_the_field(game, data, capsys, monkeypatch) -> None:
    path, value = data.draw(st.sampled_from(list(places(EXAMPLES[game]))), label="where")
    allowed = {kind(value)} | ({"null"} if (game, pattern(path)) in NULL_ALLOWED else set())
    wrong = data.draw(st.sampled_from([k for k in KINDS if k not in allowed]), label="kind")
    given_value = data.draw(OF_KIND[wrong], label="value")
    line = refusal(*run(game, changed(EXAMPLES[game], path, given_value), capsys, monkeypatch))
    assert names(line, path), (field(path), line)


def test_the_audits_cases_are_refused_naming_the_fish(capsys, monkeypatch) -> None:
    ana = EXAMPLES["pearl-boat"]["players"][0]
    for fish, line in [
        (["salmon", {}], "players[0].fish[1]: expected a fish (one of salmon, rainbow_trout, halibut, bass, "
                         "carp), got an object"),
        (["salmon", ["bass"]], "players[0].fish[1]: expected a fish (one of salmon, rainbow_trout, halibut, "
                               "bass, carp), got a list"),
    ]:
        doc = changed(EXAMPLES["pearl-boat"], ("players", 0), {**ana, "fish": fish})
        assert refusal(*run("pearl-boat", doc, capsys, monkeypatch)) == line


def objects(game):
    return [(path, value) for path, value in places(EXAMPLES[game]) if isinstance(value, dict)]


@pytest.mark.parametrize("game", GAMES)
def test_each_key_left_out(game, capsys, monkeypatch) -> None:
    """A required key left out is refused naming it; an optional one scores, or is refused in one line
    (what another field says may then not add up)."""
    tried = 0
    for path, value in objects(game):
        required = REQUIRED[game].get(pattern(path), set())
        for key in value:
            if key in ("catch",) and "requirement" not in value:
                continue
            code, out, err = run(game, removed(EXAMPLES[game], path, key), capsys, monkeypatch)
            if key in required:
                line = refusal(code, out, err)
                assert line.startswith(f"{field((*path, key))}: "), line
                tried += 1
            elif code != 0:
                refusal(code, out, err)
    assert tried >= len(REQUIRED[game])


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_key_anywhere_is_refused_naming_it(game, capsys, monkeypatch) -> None:
    for path, value in objects(game):
        for key in ("extra", "Name", "players "):
            line = refusal(*run(game, changed(EXAMPLES[game], (*path, key), 1), capsys, monkeypatch))
            assert line.startswith(f"{field((*path, key))}: unknown"), line


@pytest.mark.parametrize("key, shown", [("", "''"), ("a\nb", "'a\\nb'"), ("x" * 50, repr("x" * 40))])
def test_an_unknown_key_that_cannot_be_printed_as_it_is_is_quoted(key, shown, capsys, monkeypatch) -> None:
    line = refusal(*run("salmon-run", {**EXAMPLES["salmon-run"], key: 1}, capsys, monkeypatch))
    assert line == f"{shown}: unknown key"
    line = refusal(*run("freshwater-fly", changed(EXAMPLES["freshwater-fly"], ("players", 0, "hatch", key), 1),
                        capsys, monkeypatch))
    assert line.startswith(f"players[0].hatch.{shown}: unknown hatch colour")


def mutation(doc):
    """One change anywhere: a value replaced by any JSON value, a key left out, or a key added."""
    spots = list(places(doc))
    dicts = [(p, v) for p, v in spots if isinstance(v, dict)]
    keyed = [(p, v) for p, v in dicts if v]
    return st.one_of(
        st.tuples(st.just("set"), st.sampled_from(spots), _any),
        st.tuples(st.just("drop"), st.sampled_from(keyed), st.none()) if keyed else st.nothing(),
        st.tuples(st.just("add"), st.sampled_from(dicts), st.tuples(_text, _any)) if dicts else st.nothing(),
    )


@settings(max_examples=examples(200), deadline=None)
@given(game=st.sampled_from(GAMES), data=st.data())
def test_several_changes_at_once_score_or_are_refused_in_one_line(game, data, capsys, monkeypatch) -> None:
    doc = EXAMPLES[game]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        what, (path, value), arg = data.draw(mutation(doc), label="change")
        if what == "set":
            doc = changed(doc, path, arg)
        elif what == "drop":
            doc = removed(doc, path, data.draw(st.sampled_from(sorted(value)), label="key"))
        else:
            doc = changed(doc, (*path, arg[0]), arg[1])
    code, out, err = run(game, doc, capsys, monkeypatch)
    if code == 0:
        assert not err and json.loads(out)
    else:
        refusal(code, out, err)


@pytest.mark.parametrize("game, doc, line", [
    ("pearl-boat", changed(EXAMPLES["pearl-boat"], ("players", 1, "fish"), ["salmon", {}]),
     "players[1].fish[1]: expected a fish (one of salmon, rainbow_trout, halibut, bass, carp), got an object"),
    ("pearl-boat", changed(EXAMPLES["pearl-boat"], ("players", 0, "fish", 0), ["salmon"]),
     "players[0].fish[0]: expected a fish (one of salmon, rainbow_trout, halibut, bass, carp), got a list"),
    ("lure", changed(EXAMPLES["lure"], ("players", 0, "fish", 1, "requirement", "kind"), ["both"]),
     "players[0].fish[1].requirement.kind: expected a requirement's kind, got a list"),
    ("freshwater-fly", changed(EXAMPLES["freshwater-fly"], ("players", 0, "fish", 0, "species"), {"coho": 1}),
     "players[0].fish[0].species: expected a species (one of steelhead, dolly, cutthroat, brook, grayling, "
     "rainbow, brown, coho), got an object"),
    ("fly-solo", changed(EXAMPLES["fly-solo"], ("bonus_hatch",), ["tan"]),
     "bonus_hatch: expected a hatch colour (one of yellow, green, tan, orange, white, blue), got a list"),
    ("salmon-run", changed(EXAMPLES["salmon-run"], ("players", 0, "colour"), {}),
     "players[0].colour: expected a colour's name, got an object"),
])
def test_through_the_command_line(game, doc, line, tmp_path: Path) -> None:
    result = score(doc, tmp_path, game=game)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", line + "\n")
