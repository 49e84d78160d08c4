"""Statistics over archived plays, checked against figures worked out by hand on a small
archive, then as properties over generated archives."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.play_reading import played_on
from companion.core.play_stats import (
    GameStats,
    HeadToHead,
    PlayFilter,
    ScoreRecord,
    category_breakdown,
    filter_plays,
    game_stats,
    games_of,
    head_to_head,
    player_stats,
    players_of,
    scores_over_time,
    wins_per_player,
)
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult, rank_players, total_of
from tests.budgets import examples


def make_play(pid: str, game: str, when: str, *seats: tuple[str, dict[str, int]]) -> Play:
    """A play from (name, {rule: points}) per seat: totals from the points, ranks from the
    totals (higher better, equal totals share a rank), winners the rank-1 names."""
    lines = [tuple(BreakdownLine(rule, 1, points) for rule, points in rules.items()) for _, rules in seats]
    totals = [total_of(ls) for ls in lines]
    ranks = rank_players([(t,) for t in totals])
    results = tuple(PlayerResult(name, t, r, ls) for (name, _), t, r, ls in zip(seats, totals, ranks, lines))
    return Play(pid, game, when, results, tuple(r.name for r in results if r.rank == 1), {})


# The archive, in the order it is listed (p6 is the oldest play but comes last):
#   p1 lure  03-01  Ana 10 (Fish 8, Boosts 2)  Ben 7 (Fish 7)                       Ana wins
#   p2 lure  03-03  Ana 14 (Fish 10, Boosts 4) Ben 14 (Fish 12, Boosts 2) Cy 5        Ana and Ben share
#   p3 fly   03-05  Ana 9 (Fish 6, Hatch 3)    Cy 13 (Fish 9, Hatch 4)                Cy wins
#   p4 lure  03-08  Ana 11 (Fish 11)           Ben 10 (Fish 4, Boosts 6)              Ana wins
#   p5 lure  03-10  Ana 11 (Fish 9, Boosts 2)  Cy 3 (Fish 3)                          Ana wins
#   p6 lure  02-20  Ana 5 (Fish 5)             Dee 4 (Fish 2, Boosts 2)               Ana wins
P1 = make_play("p1", "lure", "2026-03-01T20:15:00", ("Ana", {"Fish": 8, "Boosts": 2}), ("Ben", {"Fish": 7}))
P2 = make_play("p2", "lure", "2026-03-03T19:00:00", ("Ana", {"Fish": 10, "Boosts": 4}),
               ("Ben", {"Fish": 12, "Boosts": 2}), ("Cy", {"Fish": 5}))
P3 = make_play("p3", "freshwater-fly", "2026-03-05T21:00:00", ("Ana", {"Fish": 6, "Hatch": 3}),
               ("Cy", {"Fish": 9, "Hatch": 4}))
P4 = make_play("p4", "lure", "2026-03-08T18:30:00", ("Ana", {"Fish": 11}), ("Ben", {"Fish": 4, "Boosts": 6}))
P5 = make_play("p5", "lure", "2026-03-10T20:00:00", ("Ana", {"Fish": 9, "Boosts": 2}), ("Cy", {"Fish": 3}))
P6 = make_play("p6", "lure", "2026-02-20T17:45:00", ("Ana", {"Fish": 5}), ("Dee", {"Fish": 2, "Boosts": 2}))
ARCHIVE = [P1, P2, P3, P4, P5, P6]


def ids(plays: list[Play]) -> list[str]:
    return [p.id for p in plays]


def test_the_helper_ranks_by_total_and_shares_a_win():
    # p2: 14, 14, 5 -> ranks 1, 1, 3, both 14s win.
    assert [r.rank for r in P2.results] == [1, 1, 3]
    assert P2.winners == ("Ana", "Ben")


# Filters ---------------------------------------------------------------------------------


def test_an_empty_filter_keeps_every_play_in_order():
    assert ids(filter_plays(ARCHIVE, PlayFilter())) == ["p1", "p2", "p3", "p4", "p5", "p6"]


def test_filter_by_game():
    # Every play but p3 (freshwater-fly) is lure; the listed order stays.
    assert ids(filter_plays(ARCHIVE, PlayFilter(game="lure"))) == ["p1", "p2", "p4", "p5", "p6"]
    assert ids(filter_plays(ARCHIVE, PlayFilter(game="freshwater-fly"))) == ["p3"]
    assert filter_plays(ARCHIVE, PlayFilter(game="pearl-boat")) == []


def test_filter_by_player_is_exact_but_ignores_case_and_outer_spaces():
    # Ben sat in p1, p2, p4; Ana in all six.
    assert ids(filter_plays(ARCHIVE, PlayFilter(player="ben"))) == ["p1", "p2", "p4"]
    assert ids(filter_plays(ARCHIVE, PlayFilter(player="  aNA "))) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert filter_plays(ARCHIVE, PlayFilter(player="An")) == []  # no partial names
    assert filter_plays(ARCHIVE, PlayFilter(player="Ana B")) == []


def test_filter_by_dates_includes_both_bounds():
    # 03-03 .. 03-08 inclusive: p2 (03-03), p3 (03-05), p4 (03-08).
    assert ids(filter_plays(ARCHIVE, PlayFilter(since=date(2026, 3, 3), until=date(2026, 3, 8)))) == ["p2", "p3", "p4"]
    # From 03-08: p4, p5. Until 03-01: p1 (at 20:15 that day) and p6 (02-20).
    assert ids(filter_plays(ARCHIVE, PlayFilter(since=date(2026, 3, 8)))) == ["p4", "p5"]
    assert ids(filter_plays(ARCHIVE, PlayFilter(until=date(2026, 3, 1)))) == ["p1", "p6"]
    assert filter_plays(ARCHIVE, PlayFilter(since=date(2026, 3, 9), until=date(2026, 3, 8))) == []


def test_filters_combine():
    # Lure plays with Cy: p2, p5; with Cy on or after 03-04: p5 only.
    assert ids(filter_plays(ARCHIVE, PlayFilter(game="lure", player="CY"))) == ["p2", "p5"]
    assert ids(filter_plays(ARCHIVE, PlayFilter(game="lure", player="cy", since=date(2026, 3, 4)))) == ["p5"]
    assert PlayFilter(game="lure", player="dee").matches(P6)
    assert not PlayFilter(game="freshwater-fly", player="dee").matches(P6)


def test_the_date_is_the_one_written_whatever_the_offset():
    # 23:30 at +05:00 is 18:30 UTC the same day, but 23:30 at -05:00 would be the next day in UTC:
    # both count on 03-08, the day the table saw.
    late = make_play("x", "lure", "2026-03-08T23:30:00-05:00", ("Ana", {"Fish": 1}))
    assert played_on(late) == date(2026, 3, 8)
    assert PlayFilter(since=date(2026, 3, 8), until=date(2026, 3, 8)).matches(late)


def test_players_and_games_most_played_first():
    # Ana 6 plays, Ben 3, Cy 3 (Ben before Cy by name), Dee 1. Lure 5 plays, freshwater-fly 1.
    assert players_of(ARCHIVE) == ["Ana", "Ben", "Cy", "Dee"]
    assert games_of(ARCHIVE) == ["lure", "freshwater-fly"]
    assert players_of([]) == [] and games_of([]) == []


def test_names_differing_in_case_are_one_player_shown_as_first_met():
    # "ana " in q1 and "Ana" in q2 are the same player, shown as first met ("ana").
    q1 = make_play("q1", "lure", "2026-01-01T10:00:00", ("ana ", {"Fish": 3}), ("Ben", {"Fish": 1}))
    q2 = make_play("q2", "lure", "2026-01-02T10:00:00", ("Ana", {"Fish": 5}))
    assert players_of([q1, q2]) == ["ana", "Ben"]
    assert player_stats([q1, q2], "ANA").plays == 2


# One player -------------------------------------------------------------------------------


def test_player_stats_over_every_game():
    # Ana by date: p6 5 W, p1 10 W, p2 14 W (shared), p3 9 L, p4 11 W, p5 11 W.
    # 6 plays, 5 wins -> rate 5/6; totals sum 60 -> average 10.0; best 14 (p2), worst 5 (p6).
    # Streaks: W W W L W W -> longest 3, current 2 (p6 is listed last but is the oldest).
    # Lure (p1, p2, p4, p5, p6): Fish 8+10+11+9+5 = 43 -> 8.6; Boosts 2+4+0+2+0 = 8 -> 1.6
    # (missing in p4 and p6: 0 there). Freshwater-fly (p3): Fish 6, Hatch 3.
    stats = player_stats(ARCHIVE, "Ana")
    assert (stats.name, stats.game, stats.plays, stats.wins) == ("Ana", None, 6, 5)
    assert stats.win_rate == pytest.approx(5 / 6)
    assert stats.average_score == pytest.approx(10.0)
    assert stats.best == ScoreRecord("Ana", 14, "p2")
    assert stats.worst == ScoreRecord("Ana", 5, "p6")
    assert stats.category_averages == {"lure": {"Fish": pytest.approx(8.6), "Boosts": pytest.approx(1.6)},
                                       "freshwater-fly": {"Fish": 6.0, "Hatch": 3.0}}
    assert list(stats.category_averages["lure"]) == ["Fish", "Boosts"]  # first seen in p1
    assert (stats.longest_win_streak, stats.current_win_streak) == (3, 2)


def test_player_stats_of_one_game():
    # Ana's lure plays: 5, all won -> rate 1.0; totals 10, 14, 11, 11, 5 -> 51 / 5 = 10.2;
    # best 14 (p2), worst 5 (p6); streak 5 and 5; no freshwater-fly averages.
    stats = player_stats(ARCHIVE, "ana", game="lure")
    assert (stats.game, stats.plays, stats.wins, stats.win_rate) == ("lure", 5, 5, 1.0)
    assert stats.average_score == pytest.approx(10.2)
    assert (stats.best, stats.worst) == (ScoreRecord("Ana", 14, "p2"), ScoreRecord("Ana", 5, "p6"))
    assert list(stats.category_averages) == ["lure"]
    assert (stats.longest_win_streak, stats.current_win_streak) == (5, 5)


def test_a_player_absent_from_some_plays_and_a_shared_win():
    # Ben sat in p1 (7, lost), p2 (14, shared win), p4 (10, lost) only.
    # 3 plays, 1 win -> 1/3; average 31/3; best 14 (p2), worst 7 (p1).
    # Streaks L W L -> longest 1, current 0. Lure Fish 7+12+4 = 23 -> 23/3, Boosts 0+2+6 = 8 -> 8/3.
    stats = player_stats(ARCHIVE, "Ben")
    assert (stats.plays, stats.wins) == (3, 1)
    assert stats.win_rate == pytest.approx(1 / 3)
    assert stats.average_score == pytest.approx(31 / 3)
    assert (stats.best, stats.worst) == (ScoreRecord("Ben", 14, "p2"), ScoreRecord("Ben", 7, "p1"))
    assert stats.category_averages == {"lure": {"Fish": pytest.approx(23 / 3), "Boosts": pytest.approx(8 / 3)}}
    assert (stats.longest_win_streak, stats.current_win_streak) == (1, 0)


def test_a_loss_breaks_the_streak_and_the_current_one_ends_at_the_newest_play():
    # Eve by date: W W W L W -> longest 3, current 1. Listed out of date order on purpose.
    def game(pid: str, day: int, eve: int) -> Play:
        return make_play(pid, "fleet-dice", f"2026-04-{day:02d}T20:00:00", ("Eve", {"Fish": eve}), ("Flo", {"Fish": 5}))
    plays = [game("e5", 5, 9), game("e1", 1, 6), game("e4", 4, 2), game("e2", 2, 7), game("e3", 3, 8)]
    stats = player_stats(plays, "Eve")
    assert (stats.wins, stats.longest_win_streak, stats.current_win_streak) == (4, 3, 1)
    # Flo: L L L W L -> longest 1, current 0.
    flo = player_stats(plays, "Flo")
    assert (flo.wins, flo.longest_win_streak, flo.current_win_streak) == (1, 1, 0)


def test_a_tied_best_or_worst_names_the_oldest_play():
    # Eve scores 7 twice: t2 (listed first, 01-02) and t1 (01-01): the record is t1's.
    t2 = make_play("t2", "lure", "2026-01-02T09:00:00", ("Eve", {"Fish": 7}))
    t1 = make_play("t1", "lure", "2026-01-01T09:00:00", ("Eve", {"Fish": 7}))
    stats = player_stats([t2, t1], "Eve")
    assert stats.best == stats.worst == ScoreRecord("Eve", 7, "t1")


def test_a_player_with_no_plays():
    # Zed never played: zeros, no averages, no records.
    stats = player_stats(ARCHIVE, "Zed")
    assert (stats.name, stats.plays, stats.wins, stats.win_rate) == ("Zed", 0, 0, 0.0)
    assert (stats.average_score, stats.best, stats.worst) == (None, None, None)
    assert stats.category_averages == {}
    assert (stats.longest_win_streak, stats.current_win_streak) == (0, 0)
    assert player_stats(ARCHIVE, "Dee", game="freshwater-fly").plays == 0


def test_a_rule_listed_twice_in_one_breakdown_adds_up():
    # One result with "Bonus" 3 and "Bonus" 4: 7 a play, so the rules still sum to the total (8).
    doubled = Play("d", "fleet-dice", "2026-01-01T10:00:00",
                   (PlayerResult("Ana", 8, 1, (BreakdownLine("Bonus", 1, 3), BreakdownLine("Fish", 1, 1),
                                               BreakdownLine("Bonus", 1, 4))),), ("Ana",), {})
    assert player_stats([doubled], "Ana").category_averages == {"fleet-dice": {"Bonus": 7.0, "Fish": 1.0}}


def test_mixed_games_average_the_plain_totals():
    # Documented: 10 in lure and 30 in pearl-boat average 20.0, scales notwithstanding.
    plays = [make_play("m1", "lure", "2026-01-01T10:00:00", ("Ana", {"Fish": 10})),
             make_play("m2", "pearl-boat", "2026-01-02T10:00:00", ("Ana", {"Pearls": 30}))]
    assert player_stats(plays, "Ana").average_score == 20.0


# One game ---------------------------------------------------------------------------------


def test_game_stats():
    # Lure: p1, p2, p4, p5, p6 -> 5 plays.
    # Wins: Ana 5 (p1, p2 shared, p4, p5, p6), Ben 1 (p2 shared), Cy 0, Dee 0.
    # Winning totals per play: 10, 14, 11, 11, 5 -> 51 / 5 = 10.2.
    # Highest: 14 by Ana and Ben, both in p2: Ana's seat comes first.
    # Average totals: Ana 51/5 = 10.2 (5 plays), Ben 31/3 (3), Cy (5+3)/2 = 4.0 (2), Dee 4.0 (1).
    # 11 results: Fish 15+27+15+12+7 = 76 -> 76/11, Boosts 2+6+6+2+2 = 18 -> 18/11 (94 points in all).
    stats = game_stats(ARCHIVE, "lure")
    assert stats == GameStats(
        game="lure", plays=5, wins={"Ana": 5, "Ben": 1, "Cy": 0, "Dee": 0},
        average_winning_score=pytest.approx(10.2), highest=ScoreRecord("Ana", 14, "p2"),
        average_per_player={"Ana": pytest.approx(10.2), "Ben": pytest.approx(31 / 3), "Cy": 4.0, "Dee": 4.0},
        category_averages={"Fish": pytest.approx(76 / 11), "Boosts": pytest.approx(18 / 11)},
    )
    assert list(stats.wins) == ["Ana", "Ben", "Cy", "Dee"]
    assert list(stats.category_averages) == ["Fish", "Boosts"]


def test_game_stats_highest_on_a_tie_is_the_oldest_play():
    # 9 in h2 (listed first, 01-02) and in h1 (01-01): h1's Flo keeps the record.
    h2 = make_play("h2", "lure", "2026-01-02T09:00:00", ("Eve", {"Fish": 9}), ("Flo", {"Fish": 1}))
    h1 = make_play("h1", "lure", "2026-01-01T09:00:00", ("Eve", {"Fish": 2}), ("Flo", {"Fish": 9}))
    assert game_stats([h2, h1], "lure").highest == ScoreRecord("Flo", 9, "h1")


def test_game_stats_of_a_game_never_played():
    assert game_stats(ARCHIVE, "salmon-run") == GameStats("salmon-run", 0, {}, None, None, {}, {})


# Two players ------------------------------------------------------------------------------


def test_head_to_head_with_a_tie():
    # Ana and Ben together in p1 (Ana 1st, Ben 2nd), p2 (both 1st: level), p4 (Ana ahead).
    assert head_to_head(ARCHIVE, " ana", "BEN") == HeadToHead("Ana", "Ben", 3, 2, 0, 1, {"lure": (3, 2, 0, 1)})


def test_head_to_head_over_two_games_and_mirrored():
    # Ana and Cy: p2 lure (Ana 1st, Cy 3rd), p3 freshwater-fly (Cy ahead), p5 lure (Ana ahead).
    ana_cy = head_to_head(ARCHIVE, "Ana", "Cy")
    assert ana_cy == HeadToHead("Ana", "Cy", 3, 2, 1, 0, {"lure": (2, 2, 0, 0), "freshwater-fly": (1, 0, 1, 0)})
    assert head_to_head(ARCHIVE, "Cy", "Ana") == HeadToHead(
        "Cy", "Ana", 3, 1, 2, 0, {"lure": (2, 0, 2, 0), "freshwater-fly": (1, 1, 0, 0)})


def test_head_to_head_of_players_who_never_met():
    # Ben and Dee never sat at the same table.
    assert head_to_head(ARCHIVE, "Ben", "Dee") == HeadToHead("Ben", "Dee", 0, 0, 0, 0, {})


# Chart series -----------------------------------------------------------------------------


def test_scores_over_time_oldest_first():
    # Lure by date: p6 02-20, p1 03-01, p2 03-03, p4 03-08, p5 03-10.
    assert scores_over_time(ARCHIVE, "lure") == {
        "Ana": [("2026-02-20", 5), ("2026-03-01", 10), ("2026-03-03", 14), ("2026-03-08", 11), ("2026-03-10", 11)],
        "Ben": [("2026-03-01", 7), ("2026-03-03", 14), ("2026-03-08", 10)],
        "Cy": [("2026-03-03", 5), ("2026-03-10", 3)],
        "Dee": [("2026-02-20", 4)],
    }
    assert list(scores_over_time(ARCHIVE, "lure")) == ["Ana", "Ben", "Cy", "Dee"]
    assert scores_over_time(ARCHIVE, "freshwater-fly") == {"Ana": [("2026-03-05", 9)], "Cy": [("2026-03-05", 13)]}
    assert scores_over_time(ARCHIVE, "pearl-boat") == {}


def test_wins_per_player_most_first():
    # Ana 5 (five lure plays), Ben 1 (p2, shared), Cy 1 (p3), Dee 0 (Ben before Cy by name).
    assert wins_per_player(ARCHIVE) == [("Ana", 5), ("Ben", 1), ("Cy", 1), ("Dee", 0)]
    assert wins_per_player([]) == []


def test_category_breakdown_for_a_stacked_bar():
    # Rules as first seen (p1: Fish, Boosts). Per play of lure each sat in:
    # Ana Fish 43/5 = 8.6, Boosts 8/5 = 1.6; Ben 23/3, 8/3; Cy (5+3)/2 = 4.0, 0; Dee 2.0, 2.0.
    rules, rows = category_breakdown(ARCHIVE, "lure")
    assert rules == ["Fish", "Boosts"]
    assert rows == {"Ana": [pytest.approx(8.6), pytest.approx(1.6)],
                    "Ben": [pytest.approx(23 / 3), pytest.approx(8 / 3)],
                    "Cy": [4.0, 0.0], "Dee": [2.0, 2.0]}
    assert list(rows) == ["Ana", "Ben", "Cy", "Dee"]
    # Freshwater-fly: Cy's Hatch 4 is Ana's rule too; same rule order for both rows.
    assert category_breakdown(ARCHIVE, "freshwater-fly") == (["Fish", "Hatch"], {"Ana": [6.0, 3.0], "Cy": [9.0, 4.0]})
    assert category_breakdown(ARCHIVE, "lure")[1]["Ana"] == [
        player_stats(ARCHIVE, "Ana", "lure").category_averages["lure"][r] for r in rules]


# A long-used archive -----------------------------------------------------------------------


def test_player_stats_over_ten_thousand_plays_count_every_one():
    # 10,000 four-player plays made from 40 shapes (building each from scratch would cost more
    # than the stats do); every play has its own id and date. How long the stats take is
    # benchmarks/history.py's figure ("all stats of one player", target 200 ms).
    names = ("Ana", "Ben", "Cy", "Dee")
    shapes = [make_play("", ("lure", "fleet-dice")[i % 2], "",
                        *((n, {"Fish": (i * 7 + j * 3) % 17, "Bonus": (i + j) % 5}) for j, n in enumerate(names)))
              for i in range(40)]
    plays = [Play(f"s{i}", shapes[i % 40].game, f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:00",
                  shapes[i % 40].results, shapes[i % 40].winners, {})
             for i in range(10_000)]
    stats = player_stats(plays, "cy")
    cy = [next(r for r in p.results if r.name == "Cy") for p in plays]
    assert (stats.plays, stats.wins) == (10_000, sum("Cy" in p.winners for p in plays)) and 0 < stats.wins < 10_000
    assert stats.average_score == pytest.approx(sum(r.total for r in cy) / 10_000)
    assert (stats.best.total, stats.worst.total) == (max(r.total for r in cy), min(r.total for r in cy))


# Properties -------------------------------------------------------------------------------

NAMES = ("Ana", "Ben", "Cy", "Dee")
SPELLINGS = {"Ana": ("Ana", "ana", " ANA "), "Ben": ("Ben", "ben"), "Cy": ("Cy",), "Dee": ("Dee", "DEE")}
GAMES = ("lure", "fleet-dice")
RULES = ("Fish", "Boosts", "Bonus")


MISSING = -6  # drawn as a rule's points: the rule is left out of that breakdown
SEAT = st.tuples(st.booleans(), st.integers(0, 2), *[st.integers(MISSING, 20)] * len(RULES))
# A flat shape with few draws keeps generation quick: game, day, hour, first seat, then per
# name whether they sat, which spelling, and their points per rule.
RAW_PLAY = st.tuples(st.integers(0, 1), st.integers(1, 9), st.integers(10, 11), st.integers(0, 3), *[SEAT] * len(NAMES))


def build(raw: list[tuple]) -> list[Play]:
    """Up to 12 plays of two games, 1 to 4 players each (seats rotated, names in any case),
    each result using some of three rules (possibly none), dates that may repeat."""
    plays = []
    for i, (game, day, hour, first, *seats) in enumerate(raw):
        sat = [(n, seat) for n, seat in zip(NAMES, seats) if seat[0]] or [(NAMES[0], seats[0])]
        first %= len(sat)
        sat = sat[first:] + sat[:first]
        chosen = [(SPELLINGS[n][spelling % len(SPELLINGS[n])],
                   {rule: points for rule, points in zip(RULES, points) if points != MISSING})
                  for n, (_, spelling, *points) in sat]
        plays.append(make_play(f"g{i}", GAMES[game], f"2026-05-{day:02d}T{hour}:00:00", *chosen))
    return plays


def archives() -> st.SearchStrategy[list[Play]]:
    return st.lists(RAW_PLAY, max_size=12).map(build)


QUICK = settings(max_examples=examples(50), deadline=None)  # about 10 ms an archive: all properties in ~3 s


@QUICK
@given(archives(), st.sampled_from(NAMES), st.sampled_from((None, *GAMES)))
def test_player_stats_are_consistent(plays, name, game):
    stats = player_stats(plays, name, game)
    assert 0 <= stats.wins <= stats.plays
    assert 0.0 <= stats.win_rate <= 1.0
    assert stats.current_win_streak <= stats.longest_win_streak <= stats.wins
    if stats.plays:
        assert stats.best.total >= stats.average_score >= stats.worst.total
    else:
        assert stats.average_score is stats.best is stats.worst is None


@QUICK
@given(archives(), st.sampled_from(GAMES))
def test_category_averages_account_for_every_point(plays, game):
    totals = sum(r.total for p in plays if p.game == game for r in p.results)
    by_players = 0.0
    for name in players_of(plays):
        stats = player_stats(plays, name, game)
        by_players += sum(stats.category_averages.get(game, {}).values()) * stats.plays
    assert by_players == pytest.approx(totals, abs=1e-9)
    # The same through game_stats: the mean per result times the results.
    results = sum(len(p.results) for p in plays if p.game == game)
    assert sum(game_stats(plays, game).category_averages.values()) * results == pytest.approx(totals, abs=1e-9)


@QUICK
@given(archives(), st.sampled_from(NAMES), st.sampled_from((None, *GAMES)))
def test_filtering_by_the_player_first_changes_nothing(plays, name, game):
    spelled = SPELLINGS[name][-1]  # filter and ask in another case
    assert player_stats(filter_plays(plays, PlayFilter(player=spelled)), name, game) == player_stats(plays, name, game)


@QUICK
@given(archives(), st.sampled_from(NAMES), st.sampled_from(NAMES))
def test_head_to_head_mirrors(plays, a, b):
    ab, ba = head_to_head(plays, a, b), head_to_head(plays, b, a)
    assert (ab.together, ab.a_ahead, ab.b_ahead, ab.level) == (ba.together, ba.b_ahead, ba.a_ahead, ba.level)
    assert ab.by_game == {g: (t, y, x, lv) for g, (t, x, y, lv) in ba.by_game.items()}
    assert ab.together == ab.a_ahead + ab.b_ahead + ab.level


@QUICK
@given(archives())
def test_wins_add_up_across_views(plays):
    # Every rank-1 result is one win, whichever way it is counted.
    rank_ones = sum(r.rank == 1 for p in plays for r in p.results)
    assert sum(w for _, w in wins_per_player(plays)) == rank_ones
    assert sum(sum(game_stats(plays, g).wins.values()) for g in GAMES) == rank_ones
    assert sum(player_stats(plays, n).wins for n in players_of(plays)) == rank_ones
