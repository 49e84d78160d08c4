"""The two CSV files as spreadsheets open them: UTF-8 with a byte-order mark (without it Excel
reads a name with an accent or an emoji as Windows-1252, garbled), `won` as TRUE or FALSE (a
spreadsheet's own truth values, so a filter or a COUNTIF on it works), and a second file with a
row per breakdown line (date, game, play, player, category, count, points) for pivot tables."""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.play_files import BREAKDOWN_HEADER, CSV_HEADER, breakdown_csv, csv_file, plays_csv
from companion.core.plays import Play
from companion.core.scoring import BreakdownLine, PlayerResult
from companion.games import PLAY_KINDS

LURE = Play("p-1", "lure", "2024-05-01T20:15:42+02:00",
            (PlayerResult("Zoë 🎣", 8, 1, (BreakdownLine("Cod", 3, 6), BreakdownLine("Trout", 1, 2))),
             PlayerResult("=Bo", 4, 2, (BreakdownLine("Cod", 2, 4),))),
            ("Zoë 🎣",), {}, location="Cabin")
FLEET = Play("p-2", "fleet-dice", "2024-05-02T09:05:00",
             (PlayerResult("Ann", 10, 1, (BreakdownLine("Boats", 2, 10),)), PlayerResult("Cy", 0, 2, ())),
             ("Ann",), {})


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_csv_file_starts_with_a_byte_order_mark_and_reads_back_in_utf8() -> None:
    data = csv_file(plays_csv([LURE, FLEET], PLAY_KINDS))
    assert data.startswith(codecs.BOM_UTF8) and not data[3:].startswith(codecs.BOM_UTF8)
    assert data[3:].decode("utf-8").startswith(",".join(CSV_HEADER) + "\r\n")
    assert [r["player"] for r in rows(data)] == ["Zoë 🎣", "'=Bo", "Ann", "Cy"]


def test_won_is_true_or_false() -> None:
    assert [(r["player"], r["won"]) for r in rows(csv_file(plays_csv([LURE, FLEET], PLAY_KINDS)))] == [
        ("Zoë 🎣", "TRUE"), ("'=Bo", "FALSE"), ("Ann", "TRUE"), ("Cy", "FALSE")]


def test_the_breakdown_file_has_a_row_per_breakdown_line() -> None:
    data = csv_file(breakdown_csv([LURE, FLEET], PLAY_KINDS))
    assert data.startswith(codecs.BOM_UTF8)
    assert data[3:].decode("utf-8") == (
        "date,game,play_id,player,category,count,points\r\n"
        "2024-05-01 20:15,Lure,play-p-1,Zoë 🎣,Cod,3,6\r\n"
        "2024-05-01 20:15,Lure,play-p-1,Zoë 🎣,Trout,1,2\r\n"
        "2024-05-01 20:15,Lure,play-p-1,'=Bo,Cod,2,4\r\n"
        "2024-05-02 09:05,Fleet Dice,play-p-2,Ann,Boats,2,10\r\n"
    )
    assert tuple(next(csv.reader(io.StringIO(data.decode("utf-8-sig"))))) == BREAKDOWN_HEADER
    # A pivot table's sums: each player's points add up to the total of the first file.
    points: dict[tuple[str, str], int] = {}
    for row in rows(data):
        key = (row["play_id"], row["player"])
        points[key] = points.get(key, 0) + int(row["points"])
    assert points == {("play-p-1", "Zoë 🎣"): 8, ("play-p-1", "'=Bo"): 4, ("play-p-2", "Ann"): 10}


def test_a_breakdown_line_that_reads_like_a_formula_is_text_and_its_numbers_stay_numbers() -> None:
    odd = Play(" @1", " =1+1", "2026-11-20T20:00:00",
               (PlayerResult("Ana", -3, 1, (BreakdownLine("-penalty", 1, -3),)),), ("Ana",), {})
    assert breakdown_csv([odd], PLAY_KINDS) == (
        "date,game,play_id,player,category,count,points\r\n"
        "2026-11-20 20:00,' =1+1,play- @1,Ana,'-penalty,1,-3\r\n")


def test_no_plays_is_the_header_alone() -> None:
    assert breakdown_csv([], PLAY_KINDS) == ",".join(BREAKDOWN_HEADER) + "\r\n"


@pytest.mark.parametrize("play_id", ["000123456789", "1234567890e1", "1e5", "20241105", "0x1f", "12:30", "3/4"])
def test_a_play_id_is_text_to_a_spreadsheet_whatever_its_digits(play_id) -> None:
    # Issue 45: "000123456789" became 123456789 and "1234567890e1" 1.23E+10 in a spreadsheet (0.7% of plays:
    # ids are 12 hex digits), breaking a pivot by play.
    play = Play(play_id, "fleet-dice", "2024-05-02T09:05:00", FLEET.results, FLEET.winners, {})
    cells = [r["play_id"] for r in rows(csv_file(plays_csv([play], PLAY_KINDS)))]
    cells += [r["play_id"] for r in rows(csv_file(breakdown_csv([play], PLAY_KINDS)))]
    assert cells and set(cells) == {f"play-{play_id}"}


@given(st.text("0123456789abcdef", min_size=12, max_size=12))
def test_no_hex_play_id_reads_as_a_number(play_id) -> None:
    [cell] = {r["play_id"] for r in rows(csv_file(plays_csv([replace(FLEET, id=play_id)], PLAY_KINDS)))}
    with pytest.raises(ValueError):
        float(cell)
    assert cell == "play-" + play_id
