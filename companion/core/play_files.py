"""Plays in and out of files: a CSV for spreadsheets, and BG Stats' import/export JSON.

Everything is pure: plays in, text or bytes out, and bytes in, plays out. Nothing reads the
clock or the disk; the caller saves or reads the file. Each concern has its module, and this
one gathers what the rest of the app uses:

- `play_fields`: what a play says in every file: its game's title, its wall time, each
  player's score (the total the game's end showed, in every game) and breakdown;
- `play_csv`: `plays_csv`, a row per player per play, `breakdown_csv`, a row per breakdown line,
  and `csv_file`, either as the file's bytes (UTF-8 after a byte-order mark);
- `bgstats_export`: `to_bgsplay` and `bgsplay_bytes`, the `.bgsplay` file BG Stats imports, and
  `create_play_link`, BG Stats' createPlay link for one play;
- `bgstats_check`: `check_bgsplay`, whether a document is a BG Stats file, and `play_problem`,
  why one of its plays cannot be read;
- `bgstats_import`: `from_bgsplay`, the plays of a BG Stats file of games Companion knows.
"""

from __future__ import annotations

from companion.core.bgstats_check import check_bgsplay
from companion.core.bgstats_export import CREATE_PLAY, bgsplay_bytes, create_play_link, known_players, to_bgsplay
from companion.core.bgstats_import import (
    IMPORTED_ENTRY,
    IMPORTED_RULE,
    MAX_BGSPLAY_BYTES,
    WHERE,
    ImportResult,
    from_bgsplay,
    known_game,
)
from companion.core.play_csv import BREAKDOWN_HEADER, CSV_HEADER, breakdown_csv, csv_file, plays_csv
from companion.core.play_fields import BGS_DATE, COMPANION_KEY, NAMESPACE, game_title, play_uuid

__all__ = [
    "BGS_DATE", "BREAKDOWN_HEADER", "COMPANION_KEY", "CREATE_PLAY", "CSV_HEADER", "IMPORTED_ENTRY",
    "IMPORTED_RULE", "MAX_BGSPLAY_BYTES", "NAMESPACE", "WHERE", "ImportResult", "bgsplay_bytes",
    "breakdown_csv", "check_bgsplay", "create_play_link", "csv_file", "from_bgsplay", "game_title", "known_players",
    "known_game", "play_uuid", "plays_csv", "to_bgsplay",
]
