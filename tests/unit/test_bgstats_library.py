"""A BG Stats library as BG Stats exports it, with what a real one holds (issue 45): plays of games
Companion does not keep, plays logged without scores (the key absent, or null) and with winners
only, a `locationRefId` of 0, a date without a time, a byte-order mark, a 20-digit number, an
anonymous player and BG Stats' own uuids. Each play is read or left out on its own with its reason,
and an import followed by an export gives BG Stats back its own uuids: nothing is added twice."""

from __future__ import annotations

import codecs
import json
from dataclasses import replace

from companion.core.play_files import IMPORTED_RULE, bgsplay_bytes, from_bgsplay
from companion.core.plays import BgStatsIds
from companion.games import PLAY_KINDS

LIBRARY = {
    "games": [
        {"id": 1, "name": "Lure", "uuid": "7f3c1c52-0b7e-4a8e-9a51-0d1d5c0e0001", "bggId": 0, "highestWins": True},
        {"id": 2, "name": "Wingspan", "uuid": "7f3c1c52-0b7e-4a8e-9a51-0d1d5c0e0002", "bggId": 266192},
        {"id": 3, "name": "Fleet Dice", "uuid": "7f3c1c52-0b7e-4a8e-9a51-0d1d5c0e0003", "bggId": 0},
    ],
    "players": [
        {"id": 1, "name": "Ana", "uuid": "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0001", "isAnonymous": False},
        {"id": 2, "name": "Anonymous player", "uuid": "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0002", "isAnonymous": True},
        {"id": 3, "name": "Ben", "uuid": "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0003", "isAnonymous": False,
         "bggUsername": "", "metaData": 12345678901234567890},
    ],
    "locations": [{"id": 5, "name": "Harbour pub", "uuid": "9a8b7c6d-0000-4000-8000-000000000005"}],
    "plays": [
        {"uuid": "c0ffee00-0000-4000-8000-000000000001", "playDate": "2024-05-03 19:00:00", "gameRefId": 2,
         "locationRefId": 0, "playerScores": [{"playerRefId": 1, "score": "88", "winner": True}]},
        {"uuid": "c0ffee00-0000-4000-8000-000000000002", "playDate": "2024-05-04 20:15:00", "gameRefId": 1,
         "locationRefId": 5, "playerScores": [{"playerRefId": 1, "score": "12", "winner": True, "seatOrder": 0},
                                             {"playerRefId": 2, "score": "9", "winner": False, "seatOrder": 1}]},
        # Winners only: the score key absent for one player, null for the other.
        {"uuid": "c0ffee00-0000-4000-8000-000000000003", "playDate": "2024-05-05", "gameRefId": 3,
         "locationRefId": 0, "playerScores": [{"playerRefId": 3, "winner": True},
                                             {"playerRefId": 1, "score": None, "winner": False}]},
        # No scores and no winner: nothing to keep.
        {"uuid": "c0ffee00-0000-4000-8000-000000000004", "playDate": "2024-05-04 21:00:00", "gameRefId": 1,
         "playerScores": [{"playerRefId": 1, "winner": False}, {"playerRefId": 3, "winner": False}]},
        {"uuid": "c0ffee00-0000-4000-8000-000000000005", "playDate": "2024-05-06 18:00:00", "gameRefId": 1,
         "playerScores": [{"playerRefId": 1, "score": "12345678901234567890", "winner": True}]},
    ],
    "userInfo": {"meRefId": 1},
}


def library_bytes() -> bytes:
    return codecs.BOM_UTF8 + json.dumps(LIBRARY).encode("utf-8")


def test_each_play_of_a_library_is_read_or_left_out_on_its_own() -> None:
    imported = from_bgsplay(library_bytes(), PLAY_KINDS)
    assert [str(left) for left in imported.left_out] == [
        "Wingspan, 3 May 2024: not a game Companion keeps",
        "Lure, 4 May 2024: no scores and no winner",
        'Lure, 6 May 2024: Ana\'s score "12345678901234567890" is not a whole number',
    ]
    lure, fleet = imported.plays
    assert (lure.id, lure.played_at, lure.location) == (
        "c0ffee00-0000-4000-8000-000000000002", "2024-05-04T20:15:00", "Harbour pub")
    assert [(r.name, r.total, r.rank, [(b.rule, b.count, b.points) for b in r.breakdown]) for r in lure.results] == [
        ("Ana", 12, 1, [(IMPORTED_RULE, 1, 12)]), ("Anonymous player", 9, 2, [(IMPORTED_RULE, 1, 9)])]
    # Logged with winners only: kept with its winners, no scores (0 and no breakdown); the date alone,
    # its midnight; a location of 0 is none.
    assert (fleet.played_at, fleet.location, tuple(fleet.winners)) == ("2024-05-05T00:00:00", "", ("Ben",))
    assert [(r.name, r.total, r.rank, r.breakdown) for r in fleet.results] == [("Ben", 0, 1, ()), ("Ana", 0, 2, ())]
    assert fleet.entry == {"imported_from": "bgstats", "no_scores": True}
    assert lure.bgstats == BgStatsIds(
        game="7f3c1c52-0b7e-4a8e-9a51-0d1d5c0e0001", location="9a8b7c6d-0000-4000-8000-000000000005",
        players=(("Ana", "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0001"),
                 ("Anonymous player", "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0002")),
        anonymous=("Anonymous player",))
    assert imported.summary() == "2 plays of Lure and Fleet Dice; 3 plays left out"


def test_an_import_then_an_export_gives_bg_stats_its_own_uuids_back() -> None:
    imported = from_bgsplay(library_bytes(), PLAY_KINDS)
    exported = json.loads(bgsplay_bytes(imported.plays, PLAY_KINDS))
    by_name = {kind: {item["name"]: item for item in exported[kind]} for kind in ("games", "players", "locations")}
    library = {kind: {item["name"]: item for item in LIBRARY[kind]} for kind in ("games", "players", "locations")}
    for kind, items in by_name.items():
        assert items, kind
        for name, item in items.items():
            assert item["uuid"] == library[kind][name]["uuid"], (kind, name)
    assert by_name["players"]["Anonymous player"]["isAnonymous"] is True  # not back as a named player
    assert by_name["players"]["Ana"]["isAnonymous"] is False
    assert [p["uuid"] for p in exported["plays"]] == [
        "c0ffee00-0000-4000-8000-000000000002", "c0ffee00-0000-4000-8000-000000000003"]
    # The play logged without scores goes back without scores, its winner marked.
    no_scores = exported["plays"][1]["playerScores"]
    assert [(s["score"], s["winner"]) for s in no_scores] == [(None, True), (None, False)]
    # And read again, it is the same play: importing the export adds nothing.
    again = from_bgsplay(bgsplay_bytes(imported.plays, PLAY_KINDS), PLAY_KINDS, known=[p.id for p in imported.plays])
    assert again.plays == imported.plays and again.left_out == ()


def test_a_play_without_scores_counts_its_wins_and_no_score_figure() -> None:
    from companion.core.play_stats import category_breakdown, game_stats, player_stats, scores_over_time

    plays = from_bgsplay(library_bytes(), PLAY_KINDS).plays
    ben = player_stats(plays, "Ben")
    assert (ben.plays, ben.wins, ben.average_score, ben.best, ben.worst) == (1, 1, None, None, None)
    ana = player_stats(plays, "Ana")  # her Lure 12 counts; her Fleet Dice play has no score
    assert (ana.plays, ana.wins, ana.average_score, ana.best.total, ana.worst.total) == (2, 1, 12, 12, 12)
    fleet = game_stats(plays, "fleet-dice")
    assert (fleet.plays, fleet.wins, fleet.highest, fleet.average_winning_score, fleet.average_per_player) == (
        1, {"Ben": 1, "Ana": 0}, None, None, {})
    assert scores_over_time(plays, "fleet-dice") == {} and category_breakdown(plays, "fleet-dice") == ([], {})


def test_what_bg_stats_keeps_of_a_play_comes_back_unchanged_and_survives_the_archive(tmp_path, clock) -> None:
    """Issue 64: an imported play written back lost its expansionPlays, playImages, rating, board, bggId,
    nemestatsId, metaData and modificationDate, its rounds became 0 and its entryDate the play's date. Every
    field of a play and of a player's score that Companion does not use comes back as it came, also after the
    play is kept in History (the archive on disk) and the store is opened again."""
    from companion.store import open_store

    theirs = {"expansionPlays": [{"gameRefId": 9, "bggId": 1234}], "playImages": ["a.jpg"], "rating": 4,
              "board": "Map B", "bggId": 987654, "nemestatsId": 77, "metaData": "{\"x\":1}",
              "modificationDate": "2024-05-05 09:00:00", "rounds": 3, "entryDate": "2024-05-04 23:59:00",
              "ignored": True, "scoringSetting": 0, "usesTeams": False}
    scores = [{"playerRefId": 1, "score": "12", "winner": True, "seatOrder": 0, "newPlayer": True, "team": "1",
               "role": "Captain", "metaData": ""},
              {"playerRefId": 3, "score": "9", "winner": False, "seatOrder": 1}]
    play = {"uuid": "c0ffee00-0000-4000-8000-000000000010", "playDate": "2024-05-04 20:15:00", "gameRefId": 1,
            "locationRefId": 5, "playerScores": scores, **theirs}
    library = {**LIBRARY, "plays": [play]}
    [imported] = from_bgsplay(json.dumps(library).encode(), PLAY_KINDS).plays
    store = open_store(tmp_path / "data", clock)
    store.archive.add(imported)
    store.close()
    store = open_store(tmp_path / "data", clock)
    [kept] = store.archive.all()
    store.close()
    [back] = json.loads(bgsplay_bytes([kept], PLAY_KINDS))["plays"]
    assert {k: back[k] for k in theirs} == theirs  # byte for byte, as JSON
    ana, ben = back["playerScores"]
    assert {k: ana[k] for k in ("newPlayer", "team", "role", "metaData")} == {
        "newPlayer": True, "team": "1", "role": "Captain", "metaData": ""}
    assert (ben["newPlayer"], ben["role"]) == (False, "")  # BG Stats said nothing: what Companion writes
    # Companion's own fields are its own: the play's score, its date, its winner.
    assert (ana["score"], ana["winner"], back["playDate"]) == ("12", True, "2024-05-04 20:15:00")
    # Read again, it is the same play: nothing added, nothing lost.
    assert from_bgsplay(bgsplay_bytes([kept], PLAY_KINDS), PLAY_KINDS, known=[kept.id]).plays == (kept,)


def test_a_bg_stats_file_imported_then_played_on_comes_back_with_every_uuid_and_field_it_had(tmp_path, clock) -> None:
    """Issue 64's round trip, on a BG Stats export built from the public format (games, players, locations,
    plays; `playerRefId`s into the players): imported into History as the import screen files it, a new play
    of Companion's by the same players added, exported with the plays in either order: every player keeps
    the uuid and anonymity BG Stats gave them, and every field Companion does not use (of the play, of each
    score, of each player's own entry) is written back byte for byte."""
    from companion.store import open_store
    from tests.unit.test_bgstats_export import PEARL_BOAT

    theirs = {"rating": 4, "board": "Map B", "nemestatsId": 77, "metaData": "{\"weather\":\"rain\"}",
              "expansionPlays": [{"gameRefId": 9, "bggId": 1234}], "modificationDate": "2024-05-05 09:00:00",
              "entryDate": "2024-05-04 23:59:00", "rounds": 3}
    score_theirs = {"role": "Captain", "team": "1", "newPlayer": True}
    person_theirs = {"bggUsername": "ben_plays", "metaData": "{\"colour\":\"#2E7D32\"}"}
    players = [{"id": 1, "name": "Ana", "uuid": "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0001", "isAnonymous": True},
               {"id": 3, "name": "Ben", "uuid": "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0003", "isAnonymous": False,
                **person_theirs}]
    play = {"uuid": "c0ffee00-0000-4000-8000-000000000020", "playDate": "2024-05-04 20:15:00", "gameRefId": 1,
            "locationRefId": 5, "playerScores": [{"playerRefId": 1, "score": "12", "winner": True, "seatOrder": 0,
                                                  **score_theirs},
                                                 {"playerRefId": 3, "score": "9", "winner": False, "seatOrder": 1}],
            **theirs}
    file = json.dumps({**LIBRARY, "players": players, "plays": [play]}, ensure_ascii=False).encode()
    [imported] = from_bgsplay(file, PLAY_KINDS).plays
    store = open_store(tmp_path / "data", clock)
    ours = replace(PEARL_BOAT, id="ours-after-the-import")  # a play of Companion's: Ana, Ben and Dee
    store.archive.exchange([imported, ours])
    kept = store.archive.all()
    store.close()
    assert {p.id for p in kept} == {imported.id, ours.id}

    def exact(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    for order in (kept, kept[::-1]):
        written = bgsplay_bytes(order, PLAY_KINDS).decode()
        document = json.loads(written)
        people = {p["name"]: p for p in document["players"]}
        for given in players:  # BG Stats' uuid and anonymity, in both plays' order
            assert (people[given["name"]]["uuid"], people[given["name"]]["isAnonymous"]) == \
                (given["uuid"], given["isAnonymous"]), order
        assert {k: people["Ben"][k] for k in person_theirs} == person_theirs
        [back] = [p for p in document["plays"] if p["uuid"] == play["uuid"]]
        [new] = [p for p in document["plays"] if p["uuid"] != play["uuid"]]
        refs = {p["id"]: p["name"] for p in document["players"]}
        assert [refs[s["playerRefId"]] for s in new["playerScores"]] == ["Ana", "Ben", "Dee 🎣"]  # the same Ana, Ben
        for key, value in theirs.items():  # byte for byte: each field's JSON is in the file as it came
            assert f'"{key}":{exact(value)}' in written and back[key] == value, key
        ana = back["playerScores"][0]
        assert {k: ana[k] for k in score_theirs} == score_theirs
        for key, value in person_theirs.items():
            assert f'"{key}":{exact(value)}' in written, key
    # Imported again: the same plays, nothing added or lost; Companion's own play now knows Ana by BG Stats' uuid.
    again = {p.id: p for p in from_bgsplay(bgsplay_bytes(kept, PLAY_KINDS), PLAY_KINDS,
                                           known=[p.id for p in kept]).plays}
    assert again[imported.id] == imported
    assert replace(again[ours.id], bgstats=None) == ours
    assert again[ours.id].bgstats.player("Ana") == players[0]["uuid"]


def test_a_roster_player_is_one_person_in_bg_stats_for_good(tmp_path, clock) -> None:
    """Issue 64: "a new player gets one UUID for good". Companion's uuid for a player was made from their name,
    so a rename made them a second person in BG Stats; and BG Stats' uuid came only from the imported plays, lost
    with them. A roster player keeps theirs: made once, kept through a rename, BG Stats' once an import names
    them; their plays under the old name and the new are one player of the file."""
    from companion.core.bgstats_export import known_players, own_uuid
    from companion.store import open_store
    from tests.unit.test_bgstats_export import PEARL_BOAT

    store = open_store(tmp_path / "data", clock)
    ana = store.settings.add_player("Ana")
    assert ana.uuid == own_uuid("player", "Ana")  # what every export gave Ana before: the same person
    before = replace(PEARL_BOAT, id="before")  # Ana, Ben, Dee
    renamed = store.settings.rename_player(ana.id, "Anna")
    assert renamed.uuid == ana.uuid and store.settings.players()[0].uuid == ana.uuid
    after = replace(PEARL_BOAT, id="after", results=tuple(replace(r, name="Anna" if r.name == "Ana" else r.name)
                                                          for r in PEARL_BOAT.results), winners=("Anna",))
    document = json.loads(bgsplay_bytes([after, before], PLAY_KINDS, store.settings.player_uuids()))
    [one] = [p for p in document["players"] if p["uuid"] == ana.uuid]
    assert len([p for p in document["players"] if p["uuid"] == ana.uuid]) == 1
    refs = [[s["playerRefId"] for s in play["playerScores"]][0] for play in document["plays"]]
    assert refs == [one["id"], one["id"]]  # Anna's play and Ana's: one player
    # An import that names her: BG Stats' uuid is hers for good, also once those plays are gone.
    theirs = "5b1e0f1a-3c2d-4e5f-8a9b-0c1d2e3f0009"
    imported = replace(PEARL_BOAT, id="imported", bgstats=BgStatsIds(players=(("Anna", theirs),)))
    store.settings.keep_bgstats_ids(known_players([imported]))
    assert store.settings.players()[0].uuid == theirs
    assert known_players([], store.settings.player_uuids())["Anna"] == theirs
    store.close()
    store = open_store(tmp_path / "data", clock)  # kept on disk
    assert store.settings.players()[0].uuid == theirs
    store.close()
