"""A CSV cell that a spreadsheet would read as a formula is written as text.

What the spreadsheets do (checked here with LibreOffice Calc 7.4 opening a CSV, and OWASP's CSV
Injection page): a cell starting with "=" is a formula; Excel also reads "+", "-" and "@" as
the start of one; with Calc's "Trim spaces" (and importers that trim) " =1+1" becomes a formula
too. So every text cell that starts with = + - @, a tab, a carriage return or a line break,
or with those signs after leading spaces, gets a leading apostrophe (the spreadsheet's own
"this is text" mark). Our own numbers (seat, score, rank) stay numbers, -3 included."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.core.play_files import bgsplay_bytes, from_bgsplay, plays_csv
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult
from companion.games import PLAY_KINDS

HEADER = "play_id,date,game,location,seat,player,score,rank,won,breakdown,note\r\n"


def play(name: str, *, location: str = "", play_id: str = "p1", total: int = 3, rule: str = "Fish") -> Play:
    result = PlayerResult(name, total, 1, (BreakdownLine(rule, 1, total),))
    return Play(play_id, "lure", "2026-11-20T20:00:00", (result,), (name,), {}, location=location)


@pytest.mark.parametrize("name, cell", [
    (" =1+1", "' =1+1"),
    ("   =HYPERLINK(\"http://x\")", "\"'   =HYPERLINK(\"\"http://x\"\")\""),  # quoted: it holds quotes
    (" +1", "' +1"),
    (" -1+2", "' -1+2"),
    (" @SUM(1)", "' @SUM(1)"),
    ("\t=1+1", "'\t=1+1"),
    ("\tAna", "'\tAna"),
    ("\u00a0=1+1", "'\u00a0=1+1"),  # a no-break space is leading space too
    ("=1+1", "'=1+1"),
    ("-Ana", "'-Ana"),
    ("@Ana", "'@Ana"),
    ("+Ana", "'+Ana"),
    ("Ana=1+1", "Ana=1+1"),
    ("Ana", "Ana"),
    ("'=1+1", "'=1+1"),  # already text to a spreadsheet
])
def test_a_name_a_spreadsheet_would_read_as_a_formula_gets_an_apostrophe(name, cell) -> None:
    assert plays_csv([play(name)], PLAY_KINDS) == HEADER + f"play-p1,2026-11-20 20:00,Lure,,1,{cell},3,1,TRUE,Fish x1: 3,\r\n"


@pytest.mark.parametrize("name, cell", [
    ("\r=1+1", "\"'\r=1+1\""),
    ("\n=1+1", "\"'\n=1+1\""),
    (" \r\n=1+1", "\"' \r\n=1+1\""),
])
def test_a_leading_line_break_is_escaped_and_quoted(name, cell) -> None:
    assert plays_csv([play(name)], PLAY_KINDS) == HEADER + f"play-p1,2026-11-20 20:00,Lure,,1,{cell},3,1,TRUE,Fish x1: 3,\r\n"


def test_every_text_cell_is_escaped_and_our_numbers_stay_numbers() -> None:
    # An imported BG Stats file brings its own play ids and locations; a breakdown's rule may come
    # from a file too. A negative score is our own number: a spreadsheet reads -3, a number.
    sneaky = play(" =1+1", location=" =cmd|' /C calc'!A0", play_id=" @SUM(1)", total=-3, rule=" =2+2")
    assert plays_csv([sneaky], PLAY_KINDS) == HEADER + (
        "play- @SUM(1),2026-11-20 20:00,Lure,' =cmd|' /C calc'!A0,1,' =1+1,-3,1,TRUE,' =2+2 x1: -3,\r\n")
    [row] = list(csv.DictReader(io.StringIO(plays_csv([sneaky], PLAY_KINDS))))
    assert (row["seat"], row["score"], row["rank"]) == ("1", "-3", "1")


def test_an_unknown_games_id_as_its_title_is_escaped() -> None:
    odd = Play("p1", " =1+1", "2026-11-20T20:00:00", (PlayerResult("Ana", 3, 1, ()),), ("Ana",), {})
    assert plays_csv([odd], PLAY_KINDS) == HEADER + "play-p1,2026-11-20 20:00,' =1+1,,1,Ana,3,1,TRUE,,\r\n"


def test_the_bg_stats_file_keeps_every_name_as_it_is() -> None:
    # The apostrophe is the CSV's only: a BG Stats file (ours, read back) holds the names unchanged.
    plays = [play(" =1+1", location=" @here"), play("-Ana", play_id="p2")]
    back = from_bgsplay(bgsplay_bytes(plays, PLAY_KINDS), PLAY_KINDS).plays
    assert [(p.id, p.location, [r.name for r in p.results]) for p in back] == \
        [("p1", " @here", [" =1+1"]), ("p2", "", ["-Ana"])]
    assert json.loads(bgsplay_bytes(plays, PLAY_KINDS))["players"][0]["name"] == " =1+1"
