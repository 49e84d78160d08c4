"""Plays out to CSV files for spreadsheets: one row per player per play (`plays_csv`), and one row
per breakdown line (`breakdown_csv`: date, game, play, player, category, count, points) for pivot
tables. Pure: plays in, text out; `csv_file` gives the file's bytes, UTF-8 after a byte-order mark
(without it Excel reads a name with an accent or an emoji as Windows-1252, garbled). A play's id is
written after "play-" (`id_cell`): a spreadsheet reads an id of digits ("000123456789") or one like
"1234567890e1" as a number, and a pivot by play then breaks."""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterable

from companion.core.play_fields import breakdown_text, game_title, score, wall_time
from companion.core.plays import Play, PlayKinds

CSV_HEADER = ("play_id", "date", "game", "location", "seat", "player", "score", "rank", "won", "breakdown", "note")
BREAKDOWN_HEADER = ("date", "game", "play_id", "player", "category", "count", "points")
TRUE, FALSE = "TRUE", "FALSE"  # a spreadsheet's own truth values: a filter or COUNTIF on `won` works


def csv_file(text: str) -> bytes:
    """A CSV text as the file's bytes: a byte-order mark, then UTF-8."""
    return codecs.BOM_UTF8 + text.encode("utf-8")


def plays_csv(plays: Iterable[Play], kinds: PlayKinds) -> str:
    """One row per player per play, for a spreadsheet (seats count from 1).

    The text is RFC 4180 CSV (rows end in CRLF, fields with commas, quotes or line breaks
    quoted); write it with `csv_file`.
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for play in plays:
        date = wall_time(play.played_at).isoformat(" ", "minutes")
        title = game_title(play.game, kinds)
        winners = set(play.winners)
        writer.writerows(
            (id_cell(play.id), date, _cell(title), _cell(play.location), seat, _cell(r.name), _number(score(r)),
             _number(r.rank), TRUE if r.name in winners else FALSE, _cell(breakdown_text(r)), _cell(play.note))
            for seat, r in enumerate(play.results, 1)
        )
    return out.getvalue()


def breakdown_csv(plays: Iterable[Play], kinds: PlayKinds) -> str:
    """One row per line of each player's breakdown (a player with none has no row): the category
    (the rule), its count and its points, for a pivot table; a player's points add up to their score."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(BREAKDOWN_HEADER)
    for play in plays:
        date = wall_time(play.played_at).isoformat(" ", "minutes")
        title, play_id = _cell(game_title(play.game, kinds)), id_cell(play.id)
        writer.writerows((date, title, play_id, _cell(r.name), _cell(b.rule), _number(b.count), _number(b.points))
                         for r in play.results for b in r.breakdown)
    return out.getvalue()


ID_PREFIX = "play-"


def id_cell(play_id: str) -> str:
    """A play's id as text every spreadsheet keeps as text: after a word, never a number or a date."""
    return _cell(ID_PREFIX + play_id)


FORMULA_SIGNS = ("=", "+", "-", "@")  # what Excel, Calc and Google Sheets read as the start of a formula
LEADING_BREAKS = ("\t", "\r", "\n")  # OWASP's CSV Injection: a cell starting with these is escaped too


def _cell(text: str) -> str:
    """A text as a spreadsheet shows it: one starting like a formula (a name "=1+1"), also after
    leading spaces (" =1+1": Calc's "Trim spaces" makes it a formula), or with a tab or a line break,
    gets a leading apostrophe, the spreadsheets' mark for text, so opening the file never runs it."""
    if text.startswith(LEADING_BREAKS) or text.lstrip().startswith(FORMULA_SIGNS):
        return "'" + text
    return text


def _number(value: object) -> object:
    """Our own number as it is (-3 stays a number to the spreadsheet); anything else is text."""
    return value if isinstance(value, int) and not isinstance(value, bool) else _cell(str(value))
