"""Every game's saved play, out to CSV and BG Stats and back: the score a file gives each player
is the total the game's end showed (Salmon Run's is its Fatigue cards, fewer is better).

The plays are each game's own: the kinds of session of every registry entry whose rules file a
play (`to_play`), played by random legal moves from the kind's example set-up to its end, and
filed in a real archive, so what is exported is what History holds."""

from __future__ import annotations

import csv
import importlib
import io
import json
import random

import pytest

from companion.core.errors import DomainError
from companion.core.play_files import IMPORTED_RULE, bgsplay_bytes, from_bgsplay, plays_csv, to_bgsplay
from companion.core.plays import Play
from companion.games import GAMES, PLAY_KINDS, registry

ENTRIES = [entry for entry in registry.GAMES if entry.plays]
SEEDS = (1, 2, 3)
MOST_MOVES = 1500  # every game's example set-up ends well within this many (as in the conformance suite)
OPEN_MOVES = 80  # a kind that never ends by itself (a score sheet, a correction): this many moves, then saved


def makers(entry: registry.Game):
    """(session kind, its rules' to_play) for each kind of `entry` that files a play."""
    for kind in entry.sessions:
        make = getattr(importlib.import_module(kind.rules), "to_play", None)
        if make is not None:
            yield kind.kind, make


def finished(kind: str, make, seed: int) -> Play:
    """A play of `kind` as its game's end files it, after random legal play from its example set-up."""
    return make(finished_state(kind, seed), f"{kind}-{seed}", "2026-11-20T21:00:00+01:00")


def finished_state(kind: str, seed: int):
    """The state random legal play from the kind's example set-up ends in."""
    rules = GAMES[kind]
    rng = random.Random(seed)
    state = rules.initial_state(rules.example_setup(rng))
    for _ in range(MOST_MOVES if rules.ends else OPEN_MOVES):
        if rules.over(state):
            break
        options = rules.candidates(state, rng)
        if not options:
            break
        try:
            state = rules.apply(state, rng.choice(options))
        except DomainError:
            pass
    assert not rules.ends or rules.over(state), f"{kind}: not over"
    return state


@pytest.fixture(scope="module")
def plays_by_game() -> dict[str, list[tuple[str, Play]]]:
    return {entry.id: [(kind, finished(kind, make, seed)) for kind, make in makers(entry) for seed in SEEDS]
            for entry in ENTRIES}


def filed(store, plays: list[Play]) -> list[Play]:
    """The plays as History reads them back from the archive."""
    store.archive.add_many(plays)
    return [store.archive.get(p.id) for p in plays]


def test_every_game_with_plays_has_a_kind_that_files_them() -> None:
    assert ENTRIES, "no game in the registry files its plays"
    for entry in registry.GAMES:  # a game files plays in History exactly when one of its kinds makes one
        assert bool(entry.plays) == bool(list(makers(entry))), \
            f"{entry.id}: plays {entry.plays}, session kinds that file a play (to_play) {[k for k, _ in makers(entry)]}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_every_games_exported_scores_are_its_totals(entry, plays_by_game, store) -> None:
    plays = filed(store, [play for _, play in plays_by_game[entry.id]])
    # Random play that ends with every total 0 would not tell a score of 0 from the right one.
    assert any(r.total for play in plays for r in play.results), f"{entry.id}: every total is 0"
    rows = list(csv.DictReader(io.StringIO(plays_csv(plays, PLAY_KINDS))))
    assert [(r["play_id"], r["player"], int(r["score"])) for r in rows] == \
        [("play-" + p.id, r.name, r.total) for p in plays for r in p.results]
    for document in (to_bgsplay(plays, PLAY_KINDS), json.loads(bgsplay_bytes(plays, PLAY_KINDS))):
        players = {p["id"]: p["name"] for p in document["players"]}
        assert [[(players[s["playerRefId"]], int(s["score"]), s["winner"]) for s in record["playerScores"]]
                for record in document["plays"]] == \
            [[(r.name, r.total, r.name in p.winners) for r in p.results] for p in plays]
        assert [g["highestWins"] for g in document["games"]] == [not entry.fewer_is_better]


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_every_games_play_imported_from_bg_stats_keeps_its_scores(entry, plays_by_game, store) -> None:
    plays = filed(store, [play for _, play in plays_by_game[entry.id]])
    document = to_bgsplay(plays, PLAY_KINDS)
    # With Companion's key, the very play; without it (a file BG Stats wrote), its totals and winners.
    assert from_bgsplay(json.dumps(document).encode(), PLAY_KINDS).plays == tuple(plays)
    for record in document["plays"]:
        del record["companion"]
    imported = from_bgsplay(json.dumps(document).encode(), PLAY_KINDS).plays
    assert [[(r.name, r.total, [(b.rule, b.count, b.points) for b in r.breakdown]) for r in p.results]
        for p in imported] == \
        [[(r.name, r.total, [(IMPORTED_RULE, 1, r.total)]) for r in p.results] for p in plays]
    assert [p.winners for p in imported] == [p.winners for p in plays]
    assert [p.game for p in imported] == [entry.plays[0]] * len(plays)


def test_a_salmon_run_play_exports_its_fatigue_cards() -> None:
    # Salmon Run, Winning the game: "the winner is the player with the fewest Fatigue cards".
    from companion.games.salmon_run.scoring import score

    results, winners = score(["Ana", "Ben", "Cy"], [True, True, False], [3, 5, 1])
    play = Play("race-1", "salmon-run", "2026-11-20T21:00:00", results, winners, {})
    rows = list(csv.DictReader(io.StringIO(plays_csv([play], PLAY_KINDS))))
    assert [(r["player"], r["score"], r["rank"], r["won"]) for r in rows] == \
        [("Ana", "3", "1", "TRUE"), ("Ben", "5", "2", "FALSE"), ("Cy", "1", "3", "FALSE")]
    document = to_bgsplay([play], PLAY_KINDS)
    [record] = document["plays"]
    assert [s["score"] for s in record["playerScores"]] == ["3", "5", "1"]
    del record["companion"]  # as a file BG Stats wrote: the totals; after its winner, fewest first
    [back] = from_bgsplay(json.dumps(document).encode(), PLAY_KINDS).plays
    assert [(r.name, r.total, r.rank) for r in back.results] == [("Ana", 3, 1), ("Ben", 5, 3), ("Cy", 1, 2)]
    assert back.winners == ("Ana",)


# Who started: Fleet Dice's first start player ("Randomly select a start player"), Salmon Run's first
# player (rolled for), the pearl boat game's first in turn order ("whoever rolls the highest number
# ... goes first"). Lure has none (its order is made each round by the dice cast); a Freshwater Fly
# score sheet set up for its draft's players keeps the draft's first start player.
KNOWS_ITS_START = {"fleet-dice", "salmon-run", "pearl-boat", "freshwater-fly-score"}
# Every kind whose registry entry names where its finished state keeps who started (a game added since too).
STARTED = sorted(kind for kind, (_, entry) in registry.session_kinds().items() if entry.start_seat)


def test_the_kinds_that_know_who_started_say_so() -> None:
    assert KNOWS_ITS_START <= set(STARTED) and "lure" not in STARTED, STARTED


@pytest.mark.parametrize("kind", STARTED)
def test_a_finished_game_names_the_seat_that_started(kind) -> None:
    seats = []
    for seed in SEEDS:
        state = finished_state(kind, seed)
        seats.append(registry.start_seat(kind, state))
        assert seats[-1] is None or 0 <= seats[-1] < len(state.names), f"{kind}, seed {seed}: {seats[-1]}"
    # None only for Fleet Dice sheets kept before the table's round (no start player in their set-up).
    assert any(seat is not None for seat in seats), f"{kind}: no start player in {seats}"
    assert registry.start_seat("lure", finished_state("lure", 1)) is None
