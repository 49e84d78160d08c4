"""Fly Solo in every file of plays (issue 45): each recorded Day of an adventure is a solo play of the one
player who played it, as BG Stats logs one (issue 64), their breakdown, the Silent Angler's score and the
Day in its comments, the adventure named, in both CSVs, the `.bgsplay` file and the createPlay link."""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
from dataclasses import replace

from companion.core.actions import TABLE
from companion.core.play_files import (
    CREATE_PLAY,
    bgsplay_bytes,
    breakdown_csv,
    create_play_link,
    from_bgsplay,
    plays_csv,
)
from companion.core.session_log import SessionRecord
from companion.games.fly_solo.plays import day_plays
from companion.games.registry import file_kinds, journal_plays
from tests.unit.test_fly_solo_journal import ANGLER, C, S, started

WON_AT, LOST_AT = "2026-11-28T20:15:00+01:00", "2026-11-29T21:40:00+01:00"


def adventure() -> tuple[SessionRecord, object]:
    """Week one: Day 1 won at L1 (recorded by Ana's phone), Day 2 lost at L2 (by the table's phone)."""
    from companion.games.fly_solo import journal as j

    journal = started()
    journal.catch(0, *[(S.STEELHEAD, C.GREEN, 9)] * 7)
    journal.do(j.set_bonus(None if journal.state.location > 3 else j.Hatch.YELLOW))
    journal.do(replace(j.record_day(journal.state, None, WON_AT), by="p-ana", who="Ana"))
    journal.catch(ANGLER, *[(S.RAINBOW, C.GOLD, 5)] * 7)
    journal.do(j.set_bonus(j.Hatch.YELLOW))
    journal.do(replace(j.record_day(journal.state, None, LOST_AT), by=TABLE, who="The whole table"))
    return SessionRecord("adv1", "fly-solo-campaign", "Week one", journal.setup, tuple(journal.log), (),
                         "2026-11-28T19:00:00+01:00", "2026-11-29T21:41:00+01:00"), journal.state


DAY_1 = "Week one: Day 1 at L1 Crooked Fork; beat the Silent Angler, {you} to {it}"
DAY_2 = "Week one: Day 2 at L2 Hunter's Cabin; lost to the Silent Angler, {you} to {it}"


def notes(campaign) -> tuple[str, str]:
    one, two = campaign.days
    return (DAY_1.format(you=one.score.your_total, it=one.score.angler_total),
            DAY_2.format(you=two.score.your_total, it=two.score.angler_total))


def test_each_recorded_day_is_a_solo_play_of_the_one_who_played_the_adventure() -> None:
    record, campaign = adventure()
    won, lost = day_plays(record)
    one, two = campaign.days
    assert (won.id, won.game, won.played_at, won.note) == ("adv1-day-1", "fly-solo", WON_AT, notes(campaign)[0])
    assert (lost.id, lost.played_at, lost.note) == ("adv1-day-2", LOST_AT, notes(campaign)[1])
    # Ana recorded Day 1, the table's phone Day 2: Ana played the adventure, both Days are hers, one player each.
    assert [(r.name, r.total, r.rank) for r in won.results] == [("Ana", one.score.your_total, 1)]
    assert [(r.name, r.total, r.rank) for r in lost.results] == [("Ana", two.score.your_total, 1)]
    assert tuple(won.winners) == ("Ana",) and tuple(lost.winners) == ()
    assert won.entry["silent_angler"] == one.score.angler_total and lost.entry["silent_angler"] == two.score.angler_total
    assert won.results[0].breakdown == one.score.you and lost.results[0].breakdown == two.score.you
    assert all(r.total == sum(b.points for b in r.breakdown) for p in (won, lost) for r in p.results)
    # An adventure only the whole table's phone recorded: its player is "You".
    alone = replace(record, actions=tuple(replace(a, by=TABLE, who="The whole table") if a.by else a
                                          for a in record.actions))
    assert {r.name for p in day_plays(alone) for r in p.results} == {"You"}


def test_the_days_are_in_both_csvs_the_bgsplay_file_and_the_link() -> None:
    record, _ = adventure()
    plays, kinds = day_plays(record), file_kinds()
    rows = list(csv.DictReader(io.StringIO(plays_csv(plays, kinds))))
    day_1, day_2 = notes(adventure()[1])
    assert [(r["play_id"], r["game"], r["player"], r["won"], r["note"]) for r in rows] == [
        ("play-adv1-day-1", "Fly Solo", "Ana", "TRUE", day_1), ("play-adv1-day-2", "Fly Solo", "Ana", "FALSE", day_2)]
    lines = list(csv.DictReader(io.StringIO(breakdown_csv(plays, kinds))))
    assert {r["category"] for r in lines if r["player"] == "Ana"} >= {"Fish points", "First to seven fish"}
    document = json.loads(bgsplay_bytes(plays, kinds))
    assert [g["name"] for g in document["games"]] == ["Fly Solo"]
    assert [p["comments"] for p in document["plays"]] == [p.note for p in plays]
    sent = json.loads(urllib.parse.unquote(create_play_link(plays[0], kinds).removeprefix(CREATE_PLAY)))
    assert (sent["game"]["name"], sent["comments"], [p["name"] for p in sent["players"]]) == ("Fly Solo", day_1, ["Ana"])
    assert [p["name"] for p in document["players"]] == ["Ana"]  # one player, as BG Stats logs a solo play
    # Read back, a Day is the same play (our own key keeps its breakdown); History's import, whose kinds
    # are its own games', leaves it to its adventure's journal, and says so.
    assert from_bgsplay(bgsplay_bytes(plays, kinds), kinds).plays == tuple(plays)
    history = {game: kind for game, kind in kinds.items() if game != "fly-solo"}
    left = from_bgsplay(bgsplay_bytes(plays, kinds), history, kept_elsewhere=["Fly Solo"]).left_out
    assert [str(x) for x in left] == [
        "Fly Solo, 28 Nov 2026: Fly Solo is kept in its own journal, not in History's plays",
        "Fly Solo, 29 Nov 2026: Fly Solo is kept in its own journal, not in History's plays"]


def test_the_registry_gathers_every_adventures_days_newest_first() -> None:
    record, _ = adventure()
    other = replace(record, id="adv2", game="fly-solo-day")  # the Silent Angler's assistant: no Days of its own
    found = journal_plays(lambda kind: [record, other] if kind == "fly-solo-campaign" else [])
    assert [p.id for p in found] == ["adv1-day-2", "adv1-day-1"]


def test_a_day_of_a_journal_before_the_time_was_kept_takes_the_adventures_last_change() -> None:
    record, _ = adventure()
    old = replace(record, actions=tuple(replace(a, data={k: v for k, v in a.data.items() if k != "recorded_at"})
                                        for a in record.actions))
    assert [p.played_at for p in day_plays(old)] == [record.updated] * 2
