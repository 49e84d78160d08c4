"""Plays out to CSV and BG Stats files, and BG Stats files back in."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.bgstats_import import LeftOut
from companion.core.inputs import InputError
from companion.core.play_files import (
    CSV_HEADER,
    IMPORTED_RULE,
    MAX_BGSPLAY_BYTES,
    ImportResult,
    bgsplay_bytes,
    check_bgsplay,
    from_bgsplay,
    play_uuid,
    plays_csv,
    to_bgsplay,
)
from companion.core.plays import BgStatsIds, Play
from companion.core.scoring import BreakdownLine, PlayerResult, rank_players
from companion.games import GAME_TITLES, PLAY_KINDS
from companion.store.archive import _problem, check_docs
from companion.store.errors import CorruptFileError
from tests.budgets import examples


def line(rule: str, count: int, points: int) -> BreakdownLine:
    return BreakdownLine(rule, count, points)


def result(name: str, rank: int, *lines: BreakdownLine) -> PlayerResult:
    return PlayerResult(name, sum(b.points for b in lines), rank, tuple(lines))


LURE = Play(
    id="p-1",
    game="lure",
    played_at="2024-05-01T20:15:42+02:00",
    results=(
        result("Ann, the Angler", 1, line("Cod", 3, 6), line("Trout", 1, 2)),
        result("Bo 🎣", 2, line("Cod", 2, 4)),
    ),
    winners=("Ann, the Angler",),
    entry={"hands": [[1, 2], [3]]},
    location="Cabin by the lake",
)

FLEET = Play(
    id="p-2",
    game="fleet-dice",
    played_at="2024-05-02T09:05:00",
    results=(
        result("Bo 🎣", 1, line("Boats", 2, 10)),
        result('Cy "Skipper"', 1, line("Boats", 1, 5), line("Nets", 5, 5)),
        result("Ann, the Angler", 3),
    ),
    winners=("Bo 🎣", 'Cy "Skipper"'),
    entry={},
)


# ---------------------------------------------------------------- CSV


def test_csv_has_a_row_per_player_per_play() -> None:
    text = plays_csv([LURE, FLEET], PLAY_KINDS)
    assert text == (
        "play_id,date,game,location,seat,player,score,rank,won,breakdown,note\r\n"
        'play-p-1,2024-05-01 20:15,Lure,Cabin by the lake,1,"Ann, the Angler",8,1,TRUE,Cod x3: 6; Trout x1: 2,\r\n'
        "play-p-1,2024-05-01 20:15,Lure,Cabin by the lake,2,Bo 🎣,4,2,FALSE,Cod x2: 4,\r\n"
        "play-p-2,2024-05-02 09:05,Fleet Dice,,1,Bo 🎣,10,1,TRUE,Boats x2: 10,\r\n"
        'play-p-2,2024-05-02 09:05,Fleet Dice,,2,"Cy ""Skipper""",10,1,TRUE,Boats x1: 5; Nets x5: 5,\r\n'
        'play-p-2,2024-05-02 09:05,Fleet Dice,,3,"Ann, the Angler",0,3,FALSE,,\r\n'
    )
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == CSV_HEADER
    assert rows[1][5] == "Ann, the Angler" and rows[4][5] == 'Cy "Skipper"'


def test_csv_of_no_plays_is_the_header() -> None:
    assert plays_csv([], PLAY_KINDS) == ",".join(CSV_HEADER) + "\r\n"


# ---------------------------------------------------------------- BG Stats export


def test_bgsplay_export_has_the_fields_bg_stats_needs() -> None:
    data = json.loads(bgsplay_bytes([LURE, FLEET], PLAY_KINDS).decode("utf-8"))
    assert data == to_bgsplay([LURE, FLEET], PLAY_KINDS)
    assert check_bgsplay(data) == []
    assert set(data) == {"games", "players", "locations", "plays", "userInfo"}
    assert data["userInfo"] == {}  # meRefId left out: no player of the file is known to be "me"
    assert [(g["id"], g["name"], g["bggId"]) for g in data["games"]] == [(1, "Lure", 0), (2, "Fleet Dice", 0)]
    for g in data["games"]:
        assert (g["cooperative"], g["usesTeams"], g["highestWins"], g["noPoints"]) == (False, False, True, False)
        assert isinstance(g["uuid"], str)
    assert [(p["id"], p["name"], p["isAnonymous"]) for p in data["players"]] == [
        (1, "Ann, the Angler", False), (2, "Bo 🎣", False), (3, 'Cy "Skipper"', False)]
    assert [(loc["id"], loc["name"]) for loc in data["locations"]] == [(1, "Cabin by the lake")]

    lure, fleet = data["plays"]
    assert lure["uuid"] == play_uuid("p-1") and lure["companion"]["id"] == "p-1"
    assert lure["playDate"] == lure["entryDate"] == "2024-05-01 20:15:42"
    assert (lure["gameRefId"], lure["locationRefId"]) == (1, 1)
    assert "locationRefId" not in fleet
    assert (fleet["gameRefId"], fleet["playDate"]) == (2, "2024-05-02 09:05:00")
    for play in (lure, fleet):
        assert (play["ignored"], play["usesTeams"], play["manualWinner"], play["rounds"], play["durationMin"]) == (
            False, False, False, 0, 0)
    assert fleet["playerScores"] == [
        {"playerRefId": 2, "score": "10", "winner": True, "newPlayer": False, "startPlayer": False,
         "rank": 1, "seatOrder": 0, "role": ""},
        {"playerRefId": 3, "score": "10", "winner": True, "newPlayer": False, "startPlayer": False,
         "rank": 1, "seatOrder": 1, "role": ""},
        {"playerRefId": 1, "score": "0", "winner": False, "newPlayer": False, "startPlayer": False,
         "rank": 3, "seatOrder": 2, "role": ""},
    ]
    assert lure["companion"]["game"] == "lure"
    assert lure["companion"]["results"][0] == {
        "name": "Ann, the Angler", "total": 8, "rank": 1, "breakdown": [["Cod", 3, 6], ["Trout", 1, 2]]}
    assert lure["companion"]["played_at"] == "2024-05-01T20:15:42+02:00"
    assert lure["companion"]["entry"] == {"hands": [[1, 2], [3]]}


def test_bgsplay_export_is_the_same_every_time_and_has_no_locations_when_no_play_has_one() -> None:
    assert bgsplay_bytes([LURE, FLEET], PLAY_KINDS) == bgsplay_bytes([LURE, FLEET], PLAY_KINDS)
    assert to_bgsplay([FLEET], PLAY_KINDS)["locations"] == []
    # The same player or game keeps its uuid in another export.
    one, two = to_bgsplay([LURE], PLAY_KINDS), to_bgsplay([FLEET], PLAY_KINDS)
    assert one["players"][1]["uuid"] == two["players"][0]["uuid"]  # Bo
    assert one["games"][0]["uuid"] != two["games"][0]["uuid"]


def test_export_then_import_gives_the_same_plays() -> None:
    imported = from_bgsplay(bgsplay_bytes([LURE, FLEET], PLAY_KINDS), PLAY_KINDS)
    assert imported.plays == (LURE, FLEET)
    assert imported.left_out == ()
    assert imported.summary() == "2 plays of Lure and Fleet Dice"


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=12)
small = st.integers(-10_000, 10_000)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**14, 10**14) | st.floats(allow_nan=False, allow_infinity=False)
    | names,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(names, inner, max_size=4),
    max_leaves=12,
)
zones = st.sampled_from([None, timezone.utc, timezone(timedelta(hours=2)), timezone(timedelta(hours=-5, minutes=-30))])


@st.composite
def plays(draw) -> Play:
    seats = draw(st.lists(
        st.tuples(names, st.lists(st.tuples(names, small, small), max_size=4)), min_size=1, max_size=6))
    totals = [sum(points for _, _, points in lines) for _, lines in seats]
    ranks = rank_players([(t,) for t in totals])
    results = tuple(
        PlayerResult(name, total, rank, tuple(BreakdownLine(*b) for b in lines))
        for (name, lines), total, rank in zip(seats, totals, ranks)
    )
    moment = draw(st.datetimes(datetime(2000, 1, 1), datetime(2099, 12, 31), timezones=zones))
    return Play(
        id=draw(st.uuids().map(str) | names.filter(bool)),
        game=draw(st.sampled_from(sorted(GAME_TITLES))),
        played_at=moment.isoformat(timespec="seconds"),
        results=results,
        winners=tuple(r.name for r in results if r.rank == 1),
        entry=draw(st.dictionaries(names, json_values, max_size=5)),
        location=draw(st.just("") | names),
        start_seat=draw(st.none() | st.integers(0, len(results) - 1)),
        duration_min=draw(st.integers(0, 24 * 60)),
    )


@settings(max_examples=examples(75), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(plays(), max_size=5))
def test_any_plays_survive_export_and_import(archive: list[Play]) -> None:
    raw = bgsplay_bytes(archive, PLAY_KINDS)
    assert json.loads(raw) == to_bgsplay(archive, PLAY_KINDS)
    assert check_bgsplay(json.loads(raw)) == []
    assert from_bgsplay(raw, PLAY_KINDS).plays == tuple(archive)


# ---------------------------------------------------------------- BG Stats import


def bgstats_file(**changes) -> dict:
    """A minimal file as BG Stats writes it (no companion key): one Lure play, one Wingspan play."""
    data = {
        "games": [
            {"id": 1, "name": " lure ", "bggId": 0, "uuid": "g-1"},
            {"id": 7, "name": "Wingspan", "bggId": 266192, "uuid": "g-7"},
        ],
        "players": [
            {"id": 1, "name": "Ann", "uuid": "a"}, {"id": 2, "name": "Bo", "uuid": "b"},
            {"id": 3, "name": "Cy", "uuid": "c"},
        ],
        "locations": [{"id": 4, "name": "Harbour pub", "uuid": "l-4"}],
        "plays": [
            {"uuid": "bgs-play-1", "playDate": "2023-08-19 21:30:00", "gameRefId": 1, "locationRefId": 4,
             "playerScores": [
                 {"playerRefId": 1, "score": "12", "winner": False, "seatOrder": 0},
                 {"playerRefId": 2, "score": 15, "winner": True, "seatOrder": 1},
                 {"playerRefId": 3, "score": "15.0", "winner": False, "seatOrder": 2},
             ]},
            {"uuid": "bgs-play-2", "playDate": "2023-08-20 18:00:00", "gameRefId": 7,
             "playerScores": [{"playerRefId": 1, "score": "88", "winner": True}]},
        ],
    }
    data.update(changes)
    return data


def encode(data) -> bytes:
    return json.dumps(data).encode("utf-8")


def test_a_bg_stats_file_gives_the_plays_of_our_games() -> None:
    imported = from_bgsplay(encode(bgstats_file()), PLAY_KINDS)
    assert [str(left) for left in imported.left_out] == ["Wingspan, 20 Aug 2023: not a game Companion keeps"]
    [play] = imported.plays
    assert play == Play(
        id="bgs-play-1",
        game="lure",
        played_at="2023-08-19T21:30:00",
        results=(
            PlayerResult("Ann", 12, 3, (BreakdownLine(IMPORTED_RULE, 1, 12),)),
            PlayerResult("Bo", 15, 1, (BreakdownLine(IMPORTED_RULE, 1, 15),)),
            # Tied with Bo, but the file says Bo won (a tie-breaker): Cy comes second.
            PlayerResult("Cy", 15, 2, (BreakdownLine(IMPORTED_RULE, 1, 15),)),
        ),
        winners=("Bo",),
        entry={"imported_from": "bgstats"},
        location="Harbour pub",
        # BG Stats' own uuids, written back on export (issue 45: new ones made duplicates in BG Stats)
        bgstats=BgStatsIds(game="g-1", location="l-4", players=(("Ann", "a"), ("Bo", "b"), ("Cy", "c"))),
    )
    assert _problem(play) is None
    assert imported.summary() == "1 play of Lure; 1 play left out"


def test_without_winners_in_the_file_the_best_scores_win() -> None:
    data = bgstats_file()
    lure = data["plays"][0]
    for score in lure["playerScores"]:
        score["winner"] = False
    del lure["uuid"], lure["locationRefId"]
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert [(r.name, r.total, r.rank) for r in play.results] == [("Ann", 12, 3), ("Bo", 15, 1), ("Cy", 15, 1)]
    assert play.winners == ("Bo", "Cy")
    assert play.location == ""
    # No uuid in the file: an id from the play's content, the same on every import.
    assert play.id.startswith("bgstats-")
    assert from_bgsplay(encode(data), PLAY_KINDS).plays[0].id == play.id


SALMON = Play(  # Salmon Run's total is the Fatigue cards: fewer is better (rules: Winning the game)
    id="p-3",
    game="salmon-run",
    played_at="2024-05-03T19:00:00",
    results=(
        result("Ann, the Angler", 1, line("In the spawning pond", 1, 0), line("Fatigue cards", 2, 2)),
        result("Bo 🎣", 2, line("In the spawning pond", 1, 0), line("Fatigue cards", 5, 5)),
        result('Cy "Skipper"', 3, line("Fatigue cards", 1, 1)),
    ),
    winners=("Ann, the Angler",),
    entry={},
)


def test_bg_stats_hears_that_the_lowest_salmon_run_total_wins() -> None:
    games = {g["name"]: g["highestWins"] for g in to_bgsplay([LURE, SALMON, FLEET], PLAY_KINDS)["games"]}
    assert games == {"Lure": True, "Salmon Run": False, "Fleet Dice": True}


def test_a_salmon_run_play_from_bg_stats_ranks_the_fewest_fatigue_cards_first() -> None:
    # Salmon Run, Winning the game: "the winner is the player with the fewest Fatigue cards".
    data = bgstats_file()
    data["games"][0]["name"] = "Salmon Run"
    scores = data["plays"][0]["playerScores"]  # Fatigue cards: Ann 12, Bo 15, Cy 15
    for score in scores:
        score["winner"] = False
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert [(r.name, r.total, r.rank) for r in play.results] == [("Ann", 12, 1), ("Bo", 15, 2), ("Cy", 15, 2)]
    assert play.winners == ("Ann",)
    # The file says Cy won (the only salmon in the pond): Ann, with fewer cards, comes second.
    scores[2]["winner"] = True
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert [(r.name, r.rank) for r in play.results] == [("Ann", 2), ("Bo", 3), ("Cy", 1)]
    assert play.winners == ("Cy",)


def test_players_are_seated_by_seat_order() -> None:
    data = bgstats_file()
    data["plays"][0]["playerScores"].reverse()
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert [r.name for r in play.results] == ["Ann", "Bo", "Cy"]


def test_a_play_changed_in_bg_stats_is_read_from_its_bg_stats_fields() -> None:
    data = to_bgsplay([LURE], PLAY_KINDS)
    data["plays"][0]["playerScores"][1]["score"] = "7"  # Bo's score corrected in BG Stats
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert [(r.name, r.total, r.rank) for r in play.results] == [("Ann, the Angler", 8, 1), ("Bo 🎣", 7, 2)]
    assert play.results[0].breakdown == (BreakdownLine(IMPORTED_RULE, 1, 8),)
    assert (play.id, play.location, play.entry) == ("p-1", "Cabin by the lake", {"imported_from": "bgstats"})


def test_a_play_moved_in_bg_stats_keeps_its_breakdown_and_takes_the_new_date() -> None:
    data = to_bgsplay([LURE], PLAY_KINDS)
    data["plays"][0]["playDate"] = "2024-05-03 10:00:00"
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert play.played_at == "2024-05-03T10:00:00"
    assert play.results == LURE.results


def test_summary_lines() -> None:
    twelve = tuple(LeftOut(f"Wingspan, {n} May 2024", "not a game Companion keeps") for n in range(1, 13))
    assert ImportResult(()).summary() == "No plays in the file"
    assert ImportResult((), twelve).summary() == "No plays Companion can keep; 12 plays left out"
    three = (LURE, FLEET, LURE)
    assert ImportResult(three, twelve, ("Lure", "Fleet Dice")).summary() == (
        "3 plays of Lure and Fleet Dice; 12 plays left out")
    # A file imported again replaces the plays it brought before: not "Imported 2 plays".
    assert ImportResult(three[:2], (), ("Lure", "Fleet Dice")).summary(replaced=2) == (
        "2 plays of Lure and Fleet Dice, already in History: updated")
    assert ImportResult(three, (), ("Lure", "Fleet Dice")).summary(replaced=2) == (
        "1 new play and 2 plays updated, of Lure and Fleet Dice")


@pytest.mark.parametrize(("raw", "message"), [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe", "not valid UTF-8"),
    (b"[1, 2]", "holds a list"),
    (encode(bgstats_file(players=None)), "players is not a list"),
    (encode({k: v for k, v in bgstats_file().items() if k != "players"}), "there is no players list"),
])
def test_files_that_are_not_bg_stats_files_are_refused(raw: bytes, message: str) -> None:
    with pytest.raises(InputError, match="The BG Stats file") as caught:
        from_bgsplay(raw, PLAY_KINDS)
    assert message in str(caught.value)


def test_a_play_whose_score_names_no_player_is_left_out_with_its_reason() -> None:
    data = bgstats_file()
    data["plays"][0]["playerScores"][2]["playerRefId"] = 99
    del data["plays"][1]["playerScores"][0]["playerRefId"]
    imported = from_bgsplay(encode(data), PLAY_KINDS)
    assert imported.plays == ()
    assert [str(left) for left in imported.left_out] == [
        "lure, 19 Aug 2023: one of its players is not in the file's players",
        "Wingspan, 20 Aug 2023: one of its players is not in the file's players"]


def test_a_play_whose_score_is_not_a_number_is_left_out_with_its_reason() -> None:
    data = bgstats_file()
    data["plays"].append({**json.loads(json.dumps(data["plays"][0])), "uuid": "bgs-play-3"})
    data["plays"][0]["playerScores"][0]["score"] = "abc"
    imported = from_bgsplay(encode(data), PLAY_KINDS)
    assert [p.id for p in imported.plays] == ["bgs-play-3"]  # the other Lure play is kept
    assert [str(left) for left in imported.left_out] == [
        'lure, 19 Aug 2023: Ann\'s score "abc" is not a whole number',
        "Wingspan, 20 Aug 2023: not a game Companion keeps"]
    data["plays"][0]["playerScores"][0]["score"] = "12.5"
    assert "12.5" in str(from_bgsplay(encode(data), PLAY_KINDS).left_out[0])


def test_a_bad_score_of_a_game_left_out_does_not_matter() -> None:
    data = bgstats_file()
    data["plays"][1]["playerScores"][0]["score"] = "lots"
    assert len(from_bgsplay(encode(data), PLAY_KINDS).plays) == 1


def test_a_file_over_20_mb_is_refused_before_reading() -> None:
    raw = b" " * (MAX_BGSPLAY_BYTES + 1)  # would be "not JSON" if it were read
    with pytest.raises(InputError, match="more than 20 MB"):
        from_bgsplay(raw, PLAY_KINDS)


def test_a_file_that_is_not_a_bg_stats_file_is_refused_whole() -> None:
    assert check_bgsplay([]) == ["the file holds a list, not an object with games, players and plays"]
    assert check_bgsplay({"games": {}, "players": []}) == ["games is not a list", "there is no plays list"]
    assert check_bgsplay(bgstats_file(locations="home")) == ["locations is not a list"]
    with pytest.raises(InputError, match="there is no plays list"):
        from_bgsplay(encode({"games": [], "players": []}), PLAY_KINDS)


def test_each_play_that_cannot_be_read_is_left_out_with_its_reason() -> None:
    data = bgstats_file()
    data["plays"][0].update(playDate="19/08/2023")
    data["plays"][1]["playerScores"][0].update(winner="yes")
    data["plays"] += ["a play", {**data["plays"][1], "gameRefId": 5}, {**data["plays"][1], "playerScores": []}]
    imported = from_bgsplay(encode(data), PLAY_KINDS)
    assert imported.plays == ()
    assert [str(left) for left in imported.left_out] == [
        'lure: its date "19/08/2023" is not a date like 2024-05-01 20:15:00',
        "Wingspan, 20 Aug 2023: Ann's winner mark is not true or false",
        "Play 3: not a play (not an object)",
        "Play 4, 20 Aug 2023: it names no game of the file",
        "Wingspan, 20 Aug 2023: no players",
    ]


# ---------------------------------------------------------------- location, old records


def test_location_is_kept_only_when_there_is_one() -> None:
    assert LURE.to_doc()["location"] == "Cabin by the lake"
    assert "location" not in FLEET.to_doc()
    assert Play.from_doc(LURE.to_doc()) == LURE


def test_who_started_and_how_long_are_kept_only_when_known() -> None:
    known = replace(LURE, start_seat=1, duration_min=47)
    assert (known.to_doc()["start_seat"], known.to_doc()["duration_min"]) == (1, 47)
    assert Play.from_doc(known.to_doc()) == known
    assert "start_seat" not in LURE.to_doc() and "duration_min" not in LURE.to_doc()
    assert (Play.from_doc(LURE.to_doc()).start_seat, Play.from_doc(LURE.to_doc()).duration_min) == (None, 0)


@pytest.mark.parametrize("seat, minutes", [(2, -1), ("1", "47"), (True, 1.5), (-1, None), (None, True)])
def test_a_damaged_start_player_or_length_reads_as_not_known(seat, minutes) -> None:
    # LURE has two seats: 2 and -1 are no seat of it.
    doc = {**LURE.to_doc(), "start_seat": seat, "duration_min": minutes}
    play = Play.from_doc(doc)
    assert (play.start_seat, play.duration_min) == (None, 0)
    check_docs({"plays": {"1": doc}})


def test_old_play_records_without_location_still_load() -> None:
    doc = FLEET.to_doc()
    assert "location" not in doc
    assert Play.from_doc(doc).location == ""
    check_docs({"plays": {"1": doc, "2": LURE.to_doc()}})


def test_a_location_that_is_not_text_is_a_damaged_record() -> None:
    doc = {**LURE.to_doc(), "location": 5}
    with pytest.raises(CorruptFileError, match="location that is not text"):
        check_docs({"plays": {"1": doc}})


# ---------------------------------------------------------------- a long-used archive


def test_ten_thousand_plays_export_whole_to_both_files() -> None:
    # How long this takes is benchmarks/history.py's figure ("export of 10,000 plays", target 2 s).
    lines = (line("Cod", 3, 6), line("Trout", 1, 2), line("Pike", 2, 8))
    archive = [
        Play(f"play-{i}", "lure", f"2024-05-01T20:{i % 60:02d}:00+02:00",
             tuple(result(f"Player {(i + s) % 9}", s + 1, *lines) for s in range(4)),
             ("Player 0",), {"round": i, "hands": [[1, 2, 3]] * 4}, "Cabin" if i % 2 else "")
        for i in range(10_000)
    ]
    rows = list(csv.reader(io.StringIO(plays_csv(archive, PLAY_KINDS))))
    assert tuple(rows[0]) == CSV_HEADER and len(rows) == 1 + 4 * len(archive)
    assert [(r[0], r[5], r[6], r[9]) for r in rows[1:]] == [
        ("play-" + p.id, r.name, "16", "Cod x3: 6; Trout x1: 2; Pike x2: 8") for p in archive for r in p.results]
    data = json.loads(bgsplay_bytes(archive, PLAY_KINDS))
    players = {p["id"]: p["name"] for p in data["players"]}
    assert len(players) == 9 and [g["name"] for g in data["games"]] == ["Lure"]
    assert len({record["uuid"] for record in data["plays"]}) == len(archive)  # each play its own
    assert [(record["companion"]["id"], [(players[s["playerRefId"]], s["score"], s["winner"])
                                         for s in record["playerScores"]]) for record in data["plays"]] == \
        [(p.id, [(r.name, "16", r.name == "Player 0") for r in p.results]) for p in archive]


# ---------------------------------------------------------------- our key


def test_a_game_renamed_in_bg_stats_is_still_ours_by_our_key() -> None:
    data = to_bgsplay([LURE], PLAY_KINDS)
    data["games"][0]["name"] = "Lure (2nd edition)"
    assert from_bgsplay(encode(data), PLAY_KINDS).plays == (LURE,)
    data["plays"][0]["companion"]["game"] = "chess"  # not ours: the play is left out
    assert [str(left) for left in from_bgsplay(encode(data), PLAY_KINDS).left_out] == [
        "Lure (2nd edition), 1 May 2024: not a game Companion keeps"]


@pytest.mark.parametrize("damage", [
    lambda key: key.update(results="lots"),
    lambda key: key["results"][0].update(total=9),  # no longer the sum of its breakdown
    lambda key: key["results"][0]["breakdown"][0].append(1),
    lambda key: key.update(winners=["Bo 🎣"]),  # not who BG Stats says won
    lambda key: key.update(entry=[]),
    lambda key: key.update(game="fleet-dice"),  # not the game BG Stats says
])
def test_a_damaged_key_is_not_used(damage) -> None:
    data = to_bgsplay([LURE], PLAY_KINDS)
    damage(data["plays"][0]["companion"])
    [play] = from_bgsplay(encode(data), PLAY_KINDS).plays
    assert (play.game, play.entry) == ("lure", {"imported_from": "bgstats"})
    assert [(r.name, r.total, r.rank) for r in play.results] == [(r.name, r.total, r.rank) for r in LURE.results]


def test_an_entry_of_any_mapping_is_exported() -> None:
    from types import MappingProxyType

    play = replace(LURE, entry=MappingProxyType({"deep": MappingProxyType({"a": (1, 2)})}))
    assert json.loads(bgsplay_bytes([play], PLAY_KINDS))["plays"][0]["companion"]["entry"] == {"deep": {"a": [1, 2]}}
    assert to_bgsplay([play], PLAY_KINDS)["plays"][0]["companion"]["entry"] == {"deep": {"a": [1, 2]}}


def test_a_name_typed_like_a_formula_is_not_a_formula_in_the_spreadsheet() -> None:
    from companion.core.play_files import plays_csv as to_csv
    from companion.core.scoring import BreakdownLine, PlayerResult

    sneaky = Play("p1", "lure", "2026-11-20T20:00:00",
                  (PlayerResult("=HYPERLINK(1)", 3, 1, (BreakdownLine("Fish", 1, 3),)),), ("=HYPERLINK(1)",), {})
    [row] = list(csv.DictReader(io.StringIO(to_csv([sneaky], PLAY_KINDS))))
    assert row["player"] == "'=HYPERLINK(1)" and row["score"] == "3"
