"""History: filters, pages of plays, stats and charts, exports, a play's picture, Fly Solo's adventures."""

from __future__ import annotations

import codecs
import csv
import io
import json
import random
import urllib.parse

import flet as ft
import flet_charts as fch

from companion.core.players import PlayerColor
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult, rank_players
from companion.games.fly_solo import journal as j
from companion.ui.files import OFFERED, TO_PICK
from tests.unit.test_fly_solo_journal import Journal


def play(n: int, game: str, day: str, scores: dict[str, tuple[int, int]]) -> Play:
    """A play whose players score (fish, bonus) points: total = fish + bonus."""
    totals = [f + b for f, b in scores.values()]
    ranks = rank_players([(t,) for t in totals])
    results = tuple(PlayerResult(name, f + b, rank, (BreakdownLine("Fish", 1, f), BreakdownLine("Bonus", 1, b)))
                    for (name, (f, b)), rank in zip(scores.items(), ranks))
    return Play(f"p{n:03d}", game, f"{day}T20:00:00", results, tuple(r.name for r in results if r.rank == 1), {})


# Ana and Ben: three Lure plays and one Fleet Dice play (Cy too).
SMALL = [
    play(1, "lure", "2026-10-01", {"Ana": (10, 2), "Ben": (8, 1)}),  # Ana 12, Ben 9: Ana wins
    play(2, "lure", "2026-11-10", {"Ana": (5, 0), "Ben": (9, 3)}),  # Ana 5, Ben 12: Ben wins
    play(3, "lure", "2026-11-20", {"Ana": (7, 4), "Ben": (6, 5)}),  # 11 each: both win
    play(4, "fleet-dice", "2026-11-15", {"Ana": (30, 0), "Ben": (20, 0), "Cy": (40, 0)}),  # Cy wins
]


def archived(app, plays) -> None:
    app.store.archive.add_many(list(plays))


async def test_filters_by_game_player_and_date(app) -> None:
    archived(app, SMALL)
    page = await app.open("/history")
    assert page.label("history-count") == "4 plays: every game, everyone"
    assert page.label("filter-summary") == "Every game, everyone" and not page.has(key="filter-game-lure")
    await page.click(key="filter-open")
    await page.click(key="filter-game-lure")
    assert page.label("history-count") == "3 plays: Lure, everyone"
    assert [c.key for c in page.find_all() if str(c.key).startswith("play-p")] == \
        ["play-p003", "play-p002", "play-p001"]
    await page.click(key="filter-game-all")
    players = [page.label(key=f"filter-player-{i}") for i in range(3)]
    assert players == ["Ana", "Ben", "Cy"]  # most plays first, then by name
    await page.click(key="filter-player-2")
    assert page.label("history-count") == "1 play: every game, with Cy"
    await page.click(key="filter-player-all")
    # The clock is 21 Nov 2026: the last 30 days are 23 Oct to 21 Nov, which leaves out p001.
    await page.click(key="filter-when-30d")
    assert page.label("history-count") == "3 plays: every game, everyone, 23 Oct 2026 to 21 Nov 2026"
    await page.click(key="filter-when-all")
    assert page.label("history-count").startswith("4 plays")
    await page.click(key="filter-done")
    assert page.label("filter-summary") == "Every game, everyone"


async def test_a_long_history_is_shown_a_page_at_a_time(app) -> None:
    archived(app, [play(n, "lure", f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}", {"Ana": (n, 0), "Ben": (1, 0)})
                   for n in range(60)])
    page = await app.open("/history")
    cards = lambda: [c for c in page.find_all() if str(c.key).startswith("play-p")]  # noqa: E731
    assert len(cards()) == 15 and cards()[0].key == "play-p059"
    for shown in (30, 45, 60):
        await page.click(key="history-more")
        assert len(cards()) == shown
    assert not page.has(key="history-more")


async def test_a_players_stats_head_to_head_and_charts(app) -> None:
    archived(app, SMALL)
    page = await app.open("/history/stats")
    await page.click(key="filter-open")
    await page.click(key="filter-game-lure")
    await page.click(key="filter-player-0")  # Ana
    figure = lambda key: page.find(key=key).content.controls[0].value  # noqa: E731
    # Ana in Lure: 12, 5, 11 -> 3 plays, 2 wins (p001, the shared p003), 67%, average 28/3 = 9.3,
    # best 12, worst 5; by date: win, loss, win -> longest streak 1, current 1.
    assert [figure(k) for k in ("stat-plays", "stat-wins", "stat-win-rate", "stat-average", "stat-best",
                                "stat-worst", "stat-longest-streak", "stat-current-streak")] == \
        ["3", "2", "67%", "9.3", "12", "5", "1", "1"]
    texts = page.texts()
    # Category averages: Fish (10 + 5 + 7) / 3 = 7.3, Bonus (2 + 0 + 4) / 3 = 2.
    assert "Fish" in texts and "7.3" in texts and "Bonus" in texts and "2" in texts
    # Head to head with Ben: p001 Ana ahead, p002 Ben ahead, p003 level.
    assert page.label("versus-summary") == "3 plays together: Ana ahead 1, Ben ahead 1, level 1"
    for chart in ("chart-scores", "chart-breakdown", "chart-wins"):
        assert page.has(key=chart)


async def test_charts_draw_each_player_in_their_seat_colour(app) -> None:
    """Ana is red on every screen (her seat colour), so her line and bar are red too; a name not on
    the roster gets a colour that no player of the chart shows."""
    ana = app.store.settings.add_player("Ana", PlayerColor.RED)
    ben = app.store.settings.add_player("Ben", PlayerColor.GREEN)
    archived(app, SMALL)
    page = await app.open("/history/stats")
    lines = page.find(kind=fch.LineChart).data_series  # the game played most: Lure (Ana, Ben)
    assert [line.color for line in lines] == [ana.color.value, ben.color.value]
    [bars] = [c for c in page.find_all(kind=fch.BarChart) if len(c.groups) == 3]  # wins: Ana, Ben, Cy
    by_name = {label.label.value.split()[0]: group.rods[0].color
               for group, label in zip(bars.groups, bars.bottom_axis.labels)}
    assert by_name["Ana"] == ana.color.value and by_name["Ben"] == ben.color.value
    assert by_name["Cy"] not in (ana.color.value, ben.color.value)


async def test_exports_offer_the_filtered_plays_as_csv_and_bgsplay(app) -> None:
    archived(app, SMALL)
    page = await app.open("/history")
    await page.click(key="filter-open")
    await page.click(key="filter-game-fleet-dice")
    await page.click(key="export-csv")
    await page.click(key="export-bgsplay")
    await page.click(key="export-breakdown")
    (csv_name, csv_bytes), (bgs_name, bgs_bytes), (lines_name, lines_bytes) = OFFERED.pop(page.page.session.id)
    assert csv_name == "companion-plays-2026-11-21.csv" and bgs_name == "companion-plays-2026-11-21.bgsplay"
    assert csv_bytes.startswith(codecs.BOM_UTF8)  # so that Excel reads it as UTF-8
    rows = list(csv.DictReader(io.StringIO(csv_bytes.decode("utf-8-sig"))))
    assert [(r["player"], r["score"], r["won"]) for r in rows] == [("Ana", "30", "FALSE"), ("Ben", "20", "FALSE"),
                                                                    ("Cy", "40", "TRUE")]
    # Beside it, a row per breakdown line for pivot tables.
    assert lines_name == "companion-breakdown-2026-11-21.csv" and lines_bytes.startswith(codecs.BOM_UTF8)
    lines = list(csv.DictReader(io.StringIO(lines_bytes.decode("utf-8-sig"))))
    assert [(r["player"], r["category"], r["points"]) for r in lines] == [
        ("Ana", "Fish", "30"), ("Ana", "Bonus", "0"), ("Ben", "Fish", "20"), ("Ben", "Bonus", "0"),
        ("Cy", "Fish", "40"), ("Cy", "Bonus", "0")]
    data = json.loads(bgs_bytes)
    assert [g["name"] for g in data["games"]] == ["Fleet Dice"] and len(data["plays"]) == 1


async def test_a_play_is_shared_as_a_picture(app) -> None:
    archived(app, SMALL)
    page = await app.open("/history/p004")
    await page.click(key="share-play")
    dialog = page.dialog()
    assert dialog is not None
    picture = page.find(key="share-picture")
    import base64
    assert base64.b64decode(picture.src)[:8] == b"\x89PNG\r\n\x1a\n"
    await page.click(key="save-picture")
    [(name, data)] = OFFERED.pop(page.page.session.id)
    assert name == "fleet-dice-2026-11-15-p004.png" and data[:4] == b"\x89PNG"


def sent_to_bg_stats(page) -> dict:
    """The play the page's "Send to BG Stats" button hands BG Stats (its createPlay link, decoded)."""
    url = page.find(key="send-bgstats").url
    link = url.url if isinstance(url, ft.Url) else url
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert link.startswith(prefix)
    return json.loads(urllib.parse.unquote(link.removeprefix(prefix)))


async def test_a_plays_page_sends_it_to_bg_stats(app) -> None:
    archived(app, SMALL)
    page = await app.open("/history/p004")
    assert page.label("send-bgstats") == "Send to BG Stats"
    assert sent_to_bg_stats(page) == {
        "sourceName": "Companion", "sourcePlayId": "p004", "playDate": "2026-11-15 20:00:00",  # how long: not known
        "game": {"sourceGameId": "fleet-dice", "name": "Fleet Dice", "highestWins": True,
                 "noPoints": False, "cooperative": False, "usesTeams": False},
        "players": [{"sourcePlayerId": "508e3ed4-7c12-5db0-87f0-dc94013be807", "name": "Ana", "score": 30,
                     "winner": False, "startPlayer": False, "role": "", "rank": 2},
                    {"sourcePlayerId": "9f03fb1f-be44-5d53-9ecc-818942b7ebd9", "name": "Ben", "score": 20,
                     "winner": False, "startPlayer": False, "role": "", "rank": 3},
                    {"sourcePlayerId": "1082aef6-2867-5740-aefc-c98c29d4b887", "name": "Cy", "score": 40,
                     "winner": True, "startPlayer": False, "role": "", "rank": 1}]}


async def test_a_saved_game_keeps_how_long_it_took_and_who_started(app, clock) -> None:
    from companion.core.errors import DomainError
    from companion.games import GAMES

    rules, rng = GAMES["pearl-boat"], random.Random(2)
    session = app.ctx.sessions.create("pearl-boat", rules.example_setup(rng))
    clock.advance(minutes=94, seconds=40)  # from the set-up to the last action: 95 minutes, rounded
    while not rules.over(session.state):
        try:
            session.perform(rng.choice(rules.candidates(session.state, rng)))
        except DomainError:
            pass
    first = session.state.order[0]  # the turn order's first boat: the highest roll-off
    clock.advance(minutes=10)  # the result waits on the table before it is saved: not playing time
    page = await app.open(f"/games/pearl-boat/voyage/{session.id}")
    await page.click(key="voyage-save")
    play = app.store.archive.get(session.id)
    assert (play.duration_min, play.start_seat) == (95, first)
    page = await app.open(f"/history/{session.id}")
    sent = sent_to_bg_stats(page)
    assert sent["durationMin"] == 95
    assert [p["startPlayer"] for p in sent["players"]] == [seat == first for seat in range(len(play.results))]


async def test_a_corrected_play_keeps_who_started_and_how_long_it_took(app, clock) -> None:
    from dataclasses import replace

    from companion.games.fleet_dice import rules as fleet

    state = fleet.RULES.initial_state(fleet.RULES.example_setup(random.Random(3)))
    rng = random.Random(3)
    for _ in range(60):  # some of a game: the correction starts from its sheets
        state = fleet.RULES.apply(state, rng.choice(fleet.RULES.candidates(state, rng)))
    play = replace(fleet.to_play(state, "p-fleet", "2026-11-20T21:00:00+01:00"), start_seat=1, duration_min=62)
    archived(app, [play])
    page = await app.open("/history/p-fleet")
    await page.click(key="edit-play")
    clock.advance(hours=2)  # the correction's own time is not the game's
    await page.click(key="save-edit")
    corrected = app.store.archive.get("p-fleet")
    assert (corrected.start_seat, corrected.duration_min) == (1, 62)


def an_adventure(app, *days: str):
    """The adventure "Autumn week" in the store, its free Badge on tile 1A and `days` ("win", "lose") played."""
    journal = Journal("Autumn week")
    journal.buy("momentum", "1A")
    for day in days:
        getattr(journal, day)()
    session = app.ctx.sessions.create(j.GAME, journal.setup, "Autumn week")
    for action in journal.log:
        session.perform(action)
    return session


async def test_fly_solo_adventures_and_their_timeline(app) -> None:
    session = an_adventure(app, "win", "lose")
    page = await app.open("/history/fly-solo")
    card = page.find(key=f"adventure-{session.id}")
    badges = len(session.state.badges)
    assert card is not None and f"Playing · 2 of 7 Days · {badges} Badges · 1 upgrade" in page.texts()
    await page.click(key=f"adventure-{session.id}")
    assert page.has(key="chart-adventure") and page.has(key="adventure-timeline")
    moments = [page.find(key=f"moment-{i}").controls[1].controls[0].value for i in range(3)]
    assert moments[0] == "Spent a Badge on Momentum tile 1A"
    assert moments[1].startswith("Day 1 at L1 Crooked Fork: you ") and moments[1].endswith("you won")
    assert moments[2].startswith("Day 2 at L2 Hunter's Cabin") and moments[2].endswith("the Silent Angler won")


async def test_no_plays_yet_still_offers_import_and_fly_solo(app) -> None:
    page = await app.open("/history")
    assert "No finished plays yet" in page.texts() and page.has(key="import-bgsplay")
    assert page.has(key="history-views")


async def test_an_address_that_is_no_adventure_says_so(app) -> None:
    dice = app.ctx.sessions.create("table", {})  # the Dice tab's session
    for arg in ("nothing1", dice.id):
        page = await app.open(f"/history/fly-solo/{arg}")
        assert "Adventure not found" in page.texts()


async def test_a_play_companion_could_not_have_written_is_left_out_by_name_and_the_rest_imported(app) -> None:
    """Our own key on a play of a BG Stats file, changed there (Lure's fish as a text): that play is left
    out, the list of plays left out says which and what is wrong, and the file's other plays are filed
    (issue 45: one play made the whole import fail)."""
    archived(app, SMALL[:2])
    page = await app.open("/history")
    await page.click(key="export-bgsplay")
    [(name, content)] = OFFERED.pop(page.page.session.id)
    document = json.loads(content)
    for record in document["plays"]:
        record["companion"]["id"] += "-again"  # new plays, not the ones filed
    document["plays"][0]["companion"]["entry"] = {"players": [{"fish": "many"}]}
    before = app.store.archive.all()
    TO_PICK[page.page.session.id] = (name, json.dumps(document).encode())
    await page.click(key="import-bgsplay")
    [said] = page.message_texts()
    assert said == f"Imported from {name}: 1 play of Lure; 1 play left out", said
    assert page.find(key="left-out-title").value == f"1 play of {name} left out"
    [reason] = [c.value for c in page.find(key="left-out").controls]
    assert reason.startswith("Lure, ") and "fish is the text 'many', not a list" in reason, reason
    kept = document["plays"][1]["companion"]["id"]
    assert {p.id for p in app.store.archive.all()} == {p.id for p in before} | {kept}
    await page.click(key="close-left-out")
    assert not page.has(key="left-out-card")


async def test_a_tied_plays_page_says_why_under_the_winners(app) -> None:
    """Seed 001, End of game (lines 47-49): most VP, then the fewest fish. Ana 3 + 3 = 6 with two fish,
    Ben 6 with one: Ben wins the tie. The game's end (the shared result card, on every phone that shows
    it) and the play's page say why; a play won outright says nothing more."""
    from companion.games.lure.scoring import score as lure_score
    from companion.ui.components.standings import standings

    results, winners = lure_score(["Ana", "Ben"], [[3, 3], [6]], [0, 0])
    why = "Ben wins the tie: fewest fish 1-2"
    card = standings(results, winners, key="lure")
    assert [(c.key, c.value) for c in card[:2]] == [("lure-winner", "Ben wins"), ("lure-tie", why)]
    assert [c.key for c in standings(*lure_score(["Ana", "Ben"], [[7], [6]], [0, 0]), key="lure")][:2] == \
        ["lure-winner", "lure-0"]
    archived(app, [Play("p-tie", "lure", "2026-11-20T20:00:00", results, winners, {}), SMALL[0]])
    page = await app.open("/history/p-tie")
    assert page.find(key="play-winners").value == "Ben wins" and page.find(key="play-tie").value == why
    outright = await app.open("/history/p001")  # Ana 12, Ben 9
    assert outright.find(key="play-winners").value == "Ana wins" and not outright.has(key="play-tie")
    listed = await app.open("/history")  # the list says it too (issue 65), and nothing for a play won outright
    assert listed.find(key="play-p-tie-tie").value == why and not listed.has(key="play-p001-tie")


async def test_fly_solo_days_are_in_the_exports_and_each_day_sends_itself_to_bg_stats(app) -> None:
    """Issue 45: a won adventure, Day by Day against the Silent Angler, was in no file."""
    session = an_adventure(app, "win", "win")
    page = await app.open("/history/fly-solo")  # no play in the archive: the Days still export
    await page.click(key="export-csv")
    await page.click(key="export-bgsplay")
    (_, csv_bytes), (_, bgs_bytes) = OFFERED.pop(page.page.session.id)
    rows = list(csv.DictReader(io.StringIO(csv_bytes.decode("utf-8-sig"))))
    # A solo play each (issue 64): its one player; the Silent Angler's score and the Day in its comments.
    assert [(r["play_id"], r["game"], r["player"], r["won"]) for r in rows] == [
        (f"play-{session.id}-day-2", "Fly Solo", "You", "TRUE"), (f"play-{session.id}-day-1", "Fly Solo", "You", "TRUE")]
    comments = [p["comments"] for p in json.loads(bgs_bytes)["plays"]]
    assert [r["note"] for r in rows] == comments and [c.split(";")[0] for c in comments] == [
        "Autumn week: Day 2 at L2 Hunter's Cabin", "Autumn week: Day 1 at L1 Crooked Fork"]
    assert all("; beat the Silent Angler, " in c for c in comments)
    story = await app.open(f"/history/fly-solo/{session.id}")
    url = story.find(key="send-day-1").url
    link = url.url if isinstance(url, ft.Url) else url
    sent = json.loads(urllib.parse.unquote(link.removeprefix("https://app.bgstatsapp.com/createPlay.html?data=")))
    assert (sent["game"]["name"], sent["comments"]) == ("Fly Solo", comments[1])
    archived(app, SMALL)  # with plays in the archive, the plays' export holds the Days the filter lets through
    plays = await app.open("/history")
    assert plays.find(key="history-days").value == "The files also hold 2 Fly Solo Days."
    await plays.click(key="export-csv")
    [(_, both)] = OFFERED.pop(plays.page.session.id)
    games = [r["game"] for r in csv.DictReader(io.StringIO(both.decode("utf-8-sig")))]
    assert games.count("Fly Solo") == 2 and games.count("Lure") == 6


async def test_a_play_keeps_where_it_was_played_and_a_note_shown_filtered_and_exported(app) -> None:
    """Issue 45: no play had a location or notes. A place is typed once, then chosen with one tap;
    saved at once with Undo; the list, the filter and both files carry it."""
    archived(app, SMALL)
    page = await app.open("/history/p001")
    assert page.find(key="play-where").value == "Where: not said" and not page.has(key="play-note")
    await page.click(key="edit-where")
    assert not page.has(key="where-0")  # no place used before yet
    await page.change(page.find(key="where-field"), value="  Cabin by the lake ")
    await page.change(page.find(key="note-field"), value="Ana's first win with the new lures")
    await page.click(key="save-where")
    saved = app.store.archive.get("p001")
    assert (saved.location, saved.note) == ("Cabin by the lake", "Ana's first win with the new lures")
    assert page.find(key="play-where").value == "Where: Cabin by the lake"
    assert page.find(key="play-note").value == "Note: Ana's first win with the new lures"
    assert page.message_texts() == ["Where and note saved."]

    other = await app.open("/history/p002")  # the place used before: one tap
    await other.click(key="edit-where")
    assert other.label("where-0") == "Cabin by the lake"
    await other.click(key="where-0")
    await other.click(key="save-where")
    assert app.store.archive.get("p002").location == "Cabin by the lake"
    await other.click(label="Undo")  # taken back
    assert app.store.archive.get("p002").location == ""

    plays = await app.open("/history")
    await plays.click(key="filter-open")
    await plays.click(key="filter-where-0")
    assert plays.find(key="history-count").value == "1 play: every game, everyone, at Cabin by the lake"
    await plays.click(key="export-csv")
    await plays.click(key="export-bgsplay")
    (_, csv_bytes), (_, bgs_bytes) = OFFERED.pop(plays.page.session.id)
    rows = list(csv.DictReader(io.StringIO(csv_bytes.decode("utf-8-sig"))))
    assert {(r["play_id"], r["location"], r["note"]) for r in rows} == {
        ("play-p001", "Cabin by the lake", "Ana's first win with the new lures")}
    document = json.loads(bgs_bytes)
    assert [loc["name"] for loc in document["locations"]] == ["Cabin by the lake"]
    assert document["plays"][0]["comments"] == "Ana's first win with the new lures"


async def test_a_play_logged_in_bg_stats_without_scores_says_so(app) -> None:
    """Issue 45: a play BG Stats logged with its winners only is kept; its page and card show no 0s."""
    from companion.core.play_files import from_bgsplay
    from companion.games import PLAY_KINDS
    from tests.unit.test_bgstats_library import library_bytes

    [_, fleet] = from_bgsplay(library_bytes(), PLAY_KINDS).plays
    archived(app, [fleet])
    page = await app.open(f"/history/{fleet.id}")
    assert "rank 1, no score" in page.texts() and "rank 2, no score" in page.texts()
    plays = await app.open("/history")
    assert "Ben, Ana (no scores)" in plays.texts()


async def test_a_salmon_run_result_counts_fatigue_cards_not_points(app) -> None:
    """Issue 65: Salmon Run's result and History listed Fatigue cards as if they were scores ("1. Ana 3 ... 2. Ben 2",
    "Ana 3, Ben 2, Won by Ana"): Ana, in the pond, won with more of them than Ben, who was not."""
    from companion.games import PLAY_KINDS
    from companion.games.salmon_run.scoring import score as salmon_score
    from companion.ui.components.standings import standings

    results, winners = salmon_score(["Ana", "Ben"], [True, False], [3, 2])
    card = standings(results, winners, key="race", kind=PLAY_KINDS["salmon-run"])
    tiles = [c for c in card if c.key in ("race-0", "race-1")]
    assert [t.content.controls[0].controls[1].value for t in tiles] == ["3 Fatigue cards (rank 1)",
                                                                        "2 Fatigue cards (rank 2)"]
    archived(app, [Play("p-race", "salmon-run", "2026-11-20T20:00:00", results, winners, {})])
    plays = await app.open("/history")
    assert "Ana 3 Fatigue cards, Ben 2 Fatigue cards" in plays.texts()
    page = await app.open("/history/p-race")
    assert "3 Fatigue cards (rank 1)" in page.texts() and "2 Fatigue cards (rank 2)" in page.texts()


async def test_an_import_tells_the_roster_who_its_players_are_in_bg_stats(app) -> None:
    """Issue 64: a roster player keeps the uuid BG Stats gave them, for good: History's import keeps it on the
    roster, so a play of Companion's names them by it even once the imported plays are deleted."""
    from tests.unit.test_bgstats_library import LIBRARY, library_bytes

    ana = app.store.settings.add_player("Ana")
    page = await app.open("/history")
    TO_PICK[page.page.session.id] = ("bg-stats.bgsplay", library_bytes())
    await page.click(key="import-bgsplay")
    theirs = next(p["uuid"] for p in LIBRARY["players"] if p["name"] == "Ana")
    assert app.store.settings.players()[0].uuid == theirs != ana.uuid
    for play in app.store.archive.all():
        app.store.archive.delete(play.id, app.store.clock())
    assert app.store.archive.all() == [] and app.store.settings.player_uuids()["Ana"] == theirs
