"""The `.bgsplay` file as BG Stats reads it, field by field against a hand-written expected file
(`tests/fixtures/bgstats/expected.bgsplay`), and the createPlay link that hands BG Stats one play.

BG Stats publishes no schema; the fields are those the public tools that write files BG Stats
imports, and those that read its exports, agree on: a game's `cooperative`, `usesTeams`,
`highestWins`, `noPoints` and `bggId`; a play's `uuid` (a UUID), `manualWinner`, `durationMin`;
a player score's `startPlayer`. The createPlay link is BG Stats' own page "Push plays to BG Stats
from other apps or websites"."""

from __future__ import annotations

import json
import urllib.parse
import uuid
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from companion.core.assets import use_overrides
from companion.core.play_files import (
    CREATE_PLAY,
    bgsplay_bytes,
    check_bgsplay,
    create_play_link,
    play_uuid,
    to_bgsplay,
)
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult
from companion.games import PLAY_KINDS, forget_game_data, registry
from companion.games.pearl_boat.scoring import score as pearl_boat_score
from companion.games.salmon_run.scoring import score as salmon_run_score

EXPECTED = Path(__file__).resolve().parents[1] / "fixtures" / "bgstats" / "expected.bgsplay"


def result(name: str, rank: int, *lines: tuple[str, int, int]) -> PlayerResult:
    return PlayerResult(name, sum(points for _, _, points in lines), rank, tuple(BreakdownLine(*b) for b in lines))


# Lure, Rolling together... the fewest fish breaks a tie for VP: Ana (3 fish) before Ben (4), both 9 VP.
LURE = Play("6dc74c2f2a90", "lure", "2026-11-20T20:05:57+01:00",
            (result("Ana", 1, ("Fish", 3, 9)), result("Ben", 2, ("Fish", 4, 9)), result("Cy", 3, ("Fish", 1, 4))),
            ("Ana",), {"players": [{"name": "Ana", "fish": 3}, {"name": "Ben", "fish": 4}, {"name": "Cy", "fish": 1}]},
            location="Cabin by the lake", duration_min=47)

# The pearl boat game: Ana is first back at the fish market with three different fish, and wins
# with 12 pearls; Ben has 20. Ben rolled highest for the turn order: he started.
_pearl_results, _pearl_winners = pearl_boat_score(
    ["Ana", "Ben", "Dee 🎣"], [12, 20, 15], [["salmon", "carp", "bass"], ["halibut", "carp"], ["salmon"]],
    [2, 3, 1], 0)
PEARL_BOAT = Play("aac417397019", "pearl-boat", "2026-11-21T19:26:57+01:00", _pearl_results, _pearl_winners,
                  {"players": [{"name": "Ana", "pearls": 12, "fish": ["salmon", "carp", "bass"], "trips": 2},
                               {"name": "Ben", "pearls": 20, "fish": ["halibut", "carp"], "trips": 3},
                               {"name": "Dee 🎣", "pearls": 15, "fish": ["salmon"], "trips": 1}],
                   "first_back": "Ana"},
                  start_seat=1, duration_min=95)

# Salmon Run: the fewest Fatigue cards wins, among the salmon in the pond: Cy has 1 but is not there.
_salmon_results, _salmon_winners = salmon_run_score(["Ana", "Ben", "Cy"], [True, True, False], [3, 5, 1])
SALMON_RUN = Play("bd51207aa8a0", "salmon-run", "2026-11-22T18:00:00+01:00", _salmon_results, _salmon_winners, {},
                  start_seat=2)  # how long it took is not known: durationMin 0

FLEET_DICE = Play("db5450358f33", "fleet-dice", "2026-11-23T21:10:00+01:00",
                  (result("Ana", 1, ("Fish", 20, 20), ("Launched boats", 6, 25)),
                   result("Ben", 1, ("Fish", 25, 25), ("Launched boats", 4, 20)), result("Cy", 3, ("Fish", 30, 30))),
                  ("Ana", "Ben"), {}, start_seat=0, duration_min=62)

PLAYS = [LURE, PEARL_BOAT, SALMON_RUN, FLEET_DICE]


def differences(got, want, at: str = "") -> list[str]:
    """Every field where `got` is not `want`, by its path ("plays[1].manualWinner: ..."); true is not 1."""
    if isinstance(want, dict) and isinstance(got, dict):
        found = [f"{at}.{k}: missing" for k in want if k not in got]
        found += [f"{at}.{k}: not expected ({got[k]!r})" for k in got if k not in want]
        for k in want:
            if k in got:
                found += differences(got[k], want[k], f"{at}.{k}")
        return found
    if isinstance(want, list) and isinstance(got, list):
        found = [] if len(got) == len(want) else [f"{at}: {len(got)} items, expected {len(want)}"]
        for i, (g, w) in enumerate(zip(got, want)):
            found += differences(g, w, f"{at}[{i}]")
        return found
    if got == want and type(got) is type(want):
        return []
    return [f"{at}: {got!r}, expected {want!r}"]


def test_the_export_is_the_hand_written_file_field_by_field() -> None:
    want = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert differences(to_bgsplay(PLAYS, PLAY_KINDS), want) == []
    assert differences(json.loads(bgsplay_bytes(PLAYS, PLAY_KINDS)), want) == []
    assert check_bgsplay(want) == []


def test_the_pearl_boat_play_is_won_by_the_boat_with_fewer_pearls() -> None:
    [_, record, _, _] = to_bgsplay(PLAYS, PLAY_KINDS)["plays"]
    # BG Stats would take the best score (Ben's 20 pearls) as the winner unless told the winner is chosen.
    assert record["manualWinner"] is True
    assert [(s["score"], s["winner"]) for s in record["playerScores"]] == [("12", True), ("20", False), ("15", False)]


def test_manual_winner_only_where_the_winners_are_not_the_best_scores() -> None:
    records = to_bgsplay(PLAYS, PLAY_KINDS)["plays"]
    assert [r["manualWinner"] for r in records] == [True, True, True, False]
    # Salmon Run's best score is its lowest: Ana's 3 Fatigue cards win when Cy (1) is left out of
    # the pond; with Cy's 1 card no longer there, Ana has the fewest and BG Stats finds her alone.
    fewest = Play("race", "salmon-run", "2026-11-22T18:00:00", SALMON_RUN.results[:2], ("Ana",), {})
    assert to_bgsplay([fewest], PLAY_KINDS)["plays"][0]["manualWinner"] is False


def test_a_plays_uuid_is_a_uuid_derived_from_its_id_and_the_same_in_every_export() -> None:
    alone = to_bgsplay([PEARL_BOAT], PLAY_KINDS)["plays"][0]["uuid"]
    assert alone == to_bgsplay(PLAYS, PLAY_KINDS)["plays"][1]["uuid"] == play_uuid(PEARL_BOAT.id)
    assert str(uuid.UUID(alone)) == alone
    assert len({play_uuid(p.id) for p in PLAYS}) == len(PLAYS)
    # A play that came from BG Stats keeps BG Stats' own uuid, so BG Stats matches it again.
    assert play_uuid("1DB76738-9A83-4201-93CB-48E842B3CC7B") == "1DB76738-9A83-4201-93CB-48E842B3CC7B"


def test_me_is_left_out() -> None:
    assert "meRefId" not in to_bgsplay(PLAYS, PLAY_KINDS)["userInfo"]


@pytest.fixture
def custom(tmp_path):
    use_overrides(tmp_path)
    forget_game_data()
    yield tmp_path
    use_overrides(None)
    forget_game_data()


def test_each_games_boardgamegeek_id_is_game_data_a_player_can_set(custom) -> None:
    kinds = registry.file_kinds()
    # every game's plays, and Fly Solo's Days (from its journals)
    assert set(kinds) == {name for entry in registry.GAMES for name in entry.plays} | {"fly-solo"}
    assert all(isinstance(kind.bgg_id, int) and kind.bgg_id >= 0 for kind in kinds.values()), kinds
    assert kinds["lure"].bgg_id == 0  # as shipped: not known
    (custom / "games" / "lure").mkdir(parents=True)
    (custom / "games" / "lure" / "bgstats.json").write_text('{"bggId": 364012}', encoding="utf-8")
    forget_game_data()
    kinds = registry.file_kinds()
    document = to_bgsplay([LURE, FLEET_DICE], kinds)
    assert [(g["name"], g["bggId"]) for g in document["games"]] == [("Lure", 364012), ("Fleet Dice", 0)]
    link = create_play_link(LURE, kinds)
    assert json.loads(urllib.parse.unquote(link.removeprefix(CREATE_PLAY)))["game"]["bggId"] == 364012


@pytest.mark.parametrize("text", ['{"bggId": -1}', '{"bggId": "364012"}', '{"bggId": 1e30}', "{}", "[]"])
def test_a_boardgamegeek_id_that_is_not_one_stops_start_up_by_name(custom, text) -> None:
    from companion.core.assets import AssetError
    from companion.games import check_game_data

    (custom / "games" / "lure").mkdir(parents=True)
    (custom / "games" / "lure" / "bgstats.json").write_text(text, encoding="utf-8")
    forget_game_data()
    with pytest.raises(AssetError, match=r"games/lure/bgstats\.json"):
        check_game_data()


# ---------------------------------------------------------------- the createPlay link


def decoded(link: str) -> dict:
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")  # BG Stats' main form
    data = link.removeprefix(CREATE_PLAY)
    assert urllib.parse.quote(urllib.parse.unquote(data), safe="") == data  # url-encoded: nothing left raw
    return json.loads(urllib.parse.unquote(data))


def test_the_create_play_link_decodes_to_the_play() -> None:
    assert decoded(create_play_link(PEARL_BOAT, PLAY_KINDS)) == {
        "sourceName": "Companion",
        "sourcePlayId": "aac417397019",
        # In UTC (issue 64): the play was filed at 19:26:57+01:00. BG Stats' createPlay page documents playDate
        # as "YYYY-MM-DD HH:MM:SS" in UTC, as Spielwirbel's payload builder and the Rulebook Rebels bot's tests
        # quote it (create_play_link's docstring); the .bgsplay file keeps the wall time (below).
        "playDate": "2026-11-21 18:26:57",
        "durationMin": 95,
        "game": {"sourceGameId": "pearl-boat", "name": "The pearl boat game", "highestWins": True,
                 "noPoints": False, "cooperative": False, "usesTeams": False},  # its BGG id not known: left out
        # Every player field BG Stats documents (issue 45: an app's link without them did nothing on
        # Android); each sourcePlayerId is the player's uuid in the .bgsplay file, the same every time.
        "players": [
            {"sourcePlayerId": "508e3ed4-7c12-5db0-87f0-dc94013be807", "name": "Ana", "score": 12, "winner": True,
             "startPlayer": False, "role": "", "rank": 1},
            {"sourcePlayerId": "9f03fb1f-be44-5d53-9ecc-818942b7ebd9", "name": "Ben", "score": 20, "winner": False,
             "startPlayer": True, "role": "", "rank": 2},
            {"sourcePlayerId": "8ad0e38f-31db-5fdb-b1ee-05d29670c4a2", "name": "Dee 🎣", "score": 15,
             "winner": False, "startPlayer": False, "role": "", "rank": 3},
        ],
    }
    assert decoded(create_play_link(LURE, PLAY_KINDS))["location"] == "Cabin by the lake"
    assert decoded(create_play_link(SALMON_RUN, PLAY_KINDS))["game"]["highestWins"] is False
    assert "durationMin" not in decoded(create_play_link(SALMON_RUN, PLAY_KINDS))  # not known: not sent as 0


def test_the_link_says_what_the_file_says() -> None:
    document = to_bgsplay(PLAYS, PLAY_KINDS)
    players = {p["id"]: p["name"] for p in document["players"]}
    uuids = {p["id"]: p["uuid"] for p in document["players"]}
    games = {g["id"]: g for g in document["games"]}
    for play, record in zip(PLAYS, document["plays"]):
        sent = decoded(create_play_link(play, PLAY_KINDS))
        game = games[record["gameRefId"]]
        # What is not known the file says 0 for, and the link leaves out (issue 64).
        assert sent.get("durationMin", 0) == record["durationMin"]
        filed = datetime.fromisoformat(play.played_at)  # the link in UTC, the file at the wall time
        assert record["playDate"] == filed.strftime("%Y-%m-%d %H:%M:%S")
        assert sent["playDate"] == (filed - (filed.utcoffset() or timedelta())).strftime("%Y-%m-%d %H:%M:%S")
        assert (sent["game"]["name"], sent["game"].get("bggId", 0), sent["game"]["highestWins"]) == (
            game["name"], game["bggId"], game["highestWins"])
        assert [(p["name"], str(p["score"]), p["winner"], p["startPlayer"], p["rank"]) for p in sent["players"]] == [
            (players[s["playerRefId"]], s["score"], s["winner"], s["startPlayer"], s["rank"])
            for s in record["playerScores"]]
        assert [p["sourcePlayerId"] for p in sent["players"]] == [
            uuids[s["playerRefId"]] for s in record["playerScores"]]


@pytest.mark.parametrize(("setup", "facts"), [
    ({"start": 1, "began": "2026-11-20T20:00:00+01:00"}, (1, 95, [False, True])),
    ({}, (None, 0, [False, False])),  # a sheet of an earlier version, or scored without a draft: not known
])
def test_a_freshwater_fly_play_says_who_started_and_how_long_from_its_draft(setup, facts) -> None:
    from companion.core.session_log import SessionRecord
    from companion.games.freshwater_fly import score_sheet

    state = score_sheet.new_sheet({"players": ["Ana", "Ben"], "boards": ["1A", "2A"], **setup})
    # the sheet itself was set up after the game: its own minutes are the scoring's, not the game's
    record = SessionRecord("s1", score_sheet.GAME, "", {}, (), (), "2026-11-20T21:30:00+01:00",
                           "2026-11-20T21:35:00+01:00")
    play = registry.with_session_facts(score_sheet.to_play(state, "s1", record.updated), record, state)
    assert (play.start_seat, play.duration_min) == facts[:2]
    [sent] = to_bgsplay([play], PLAY_KINDS)["plays"]
    assert (sent["durationMin"], [s["startPlayer"] for s in sent["playerScores"]]) == (facts[1], facts[2])


def test_a_player_keeps_the_uuid_bg_stats_gave_them_in_any_order_and_in_the_link() -> None:
    """Issue 64: the export took each player's uuid from the first play naming them, newest first, so a new
    play by "Ana" after an import wrote every play, imported ones too, with Companion's uuid for Ana (BG Stats
    would hold two Anas); the link sent Companion's too. BG Stats' uuid, and its anonymity, win in any order."""
    from dataclasses import replace

    from companion.core.bgstats_export import known_players, own_uuid
    from companion.core.plays import BgStatsIds

    theirs = "7f4c3a2e-0000-4000-8000-00000000a11a"
    imported = replace(LURE, id="imported-1", bgstats=BgStatsIds(players=(("Ana", theirs),), anonymous=("Ana",)))
    ours = replace(PEARL_BOAT, id="ours-1")  # Ana again, a play of Companion's own, no uuid of BG Stats'
    assert own_uuid("player", "Ana") != theirs
    for order in ([ours, imported], [imported, ours]):
        document = json.loads(bgsplay_bytes(order, PLAY_KINDS))
        [ana] = [p for p in document["players"] if p["name"] == "Ana"]
        assert ana["uuid"] == theirs and ana["isAnonymous"] is True, order
        assert to_bgsplay(order, PLAY_KINDS)["players"] == document["players"]
    link = decoded(create_play_link(ours, PLAY_KINDS, known_players([imported, ours])))
    [sent] = [p for p in link["players"] if p["name"] == "Ana"]
    assert sent["sourcePlayerId"] == theirs
    [ben] = [p for p in link["players"] if p["name"] == "Ben"]
    assert ben["sourcePlayerId"] == own_uuid("player", "Ben")  # a player BG Stats never named: ours, for good
