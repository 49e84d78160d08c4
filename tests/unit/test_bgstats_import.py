"""Import takes back our own new files and the files earlier versions wrote, and what BG Stats
says of a play beyond its scores: its length and who started.

`tests/fixtures/bgstats/before-issue-32.bgsplay` was written by the version before (commit
b433768's `bgsplay_bytes`) from the four plays of `tests/fixtures/before-table-kit` (the first
given a location) and a Freshwater Fly play: plays whose `uuid` is their id, `isCooperative`,
`meRefId` null, no start player, no duration."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from companion.core.play_files import bgsplay_bytes, from_bgsplay, play_uuid, to_bgsplay
from companion.core.plays import Play
from companion.games import PLAY_KINDS
from tests.unit.test_bgstats_export import PLAYS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
OLD_FILE = FIXTURES / "bgstats" / "before-issue-32.bgsplay"


def archived_before() -> list[Play]:
    docs = json.loads((FIXTURES / "before-table-kit" / "data" / "archive.json").read_text(encoding="utf-8"))
    plays = [Play.from_doc(doc) for doc in docs["plays"].values()]
    return [replace(plays[0], location="Cabin by the lake"), *plays[1:]]


def test_a_file_of_the_version_before_gives_back_its_plays() -> None:
    raw = OLD_FILE.read_bytes()
    old = json.loads(raw)
    assert "isCooperative" in old["games"][0] and old["userInfo"] == {"meRefId": None}  # it is the old format
    imported = from_bgsplay(raw, PLAY_KINDS)
    assert imported.left_out == ()
    assert [p.id for p in imported.plays] == [record["uuid"] for record in old["plays"]]
    assert list(imported.plays[:4]) == archived_before()
    fly = imported.plays[4]
    assert fly.game == "freshwater-fly" and fly.id == "fly-1" and fly.entry == old["plays"][4]["companion"]["entry"]
    assert all(p.start_seat is None and p.duration_min == 0 for p in imported.plays)
    # Exported again by this version, they come back the same.
    assert from_bgsplay(bgsplay_bytes(imported.plays, PLAY_KINDS), PLAY_KINDS).plays == imported.plays


def test_our_new_file_gives_back_the_plays_with_who_started_and_how_long() -> None:
    imported = from_bgsplay(bgsplay_bytes(PLAYS, PLAY_KINDS), PLAY_KINDS)
    assert imported.plays == tuple(PLAYS)
    assert [(p.start_seat, p.duration_min) for p in imported.plays] == [(None, 47), (1, 95), (2, 0), (0, 62)]


def test_a_play_back_from_bg_stats_without_our_key_keeps_its_length_its_start_player_and_its_id() -> None:
    document = to_bgsplay(PLAYS, PLAY_KINDS)
    for record in document["plays"]:
        del record["companion"]  # BG Stats' own export of the plays it imported from us
    raw = json.dumps(document).encode()
    pearl = from_bgsplay(raw, PLAY_KINDS).plays[1]
    assert (pearl.start_seat, pearl.duration_min, pearl.winners) == (1, 95, ("Ana",))
    assert pearl.id == play_uuid("aac417397019")  # not knowing the plays here, a new id
    # Knowing the plays already in History, each one comes back under its own id: no play twice.
    back = from_bgsplay(raw, PLAY_KINDS, known=[p.id for p in PLAYS]).plays
    assert [p.id for p in back] == [p.id for p in PLAYS]


def test_what_bg_stats_says_of_length_and_start_player_is_read_leniently() -> None:
    document = to_bgsplay(PLAYS[1:2], PLAY_KINDS)
    record = document["plays"][0]
    del record["companion"]
    for duration, start_flags, want in [
        (30, [False, False, True], (2, 30)),
        ("30", [True, True, False], (None, 0)),  # two start players: none known; a length that is text: unknown
        (-5, [False, False, False], (None, 0)),
        (10 ** 9, [False, False, False], (None, 0)),  # longer than any game: unknown
    ]:
        record["durationMin"] = duration
        for flag, score in zip(start_flags, record["playerScores"]):
            score["startPlayer"] = flag
        [play] = from_bgsplay(json.dumps(document).encode(), PLAY_KINDS).plays
        assert (play.start_seat, play.duration_min) == want
    del record["durationMin"]
    for score in record["playerScores"]:
        del score["startPlayer"]
    [play] = from_bgsplay(json.dumps(document).encode(), PLAY_KINDS).plays
    assert (play.start_seat, play.duration_min) == (None, 0)
