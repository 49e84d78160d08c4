"""Plays in and out of files: a CSV for spreadsheets, and BG Stats' import/export JSON.

Everything is pure: plays in, text or bytes out, and bytes in, plays out. Nothing reads the
clock or the disk; the caller saves or reads the file. Each concern has its module, and this
one gathers what the rest of the app uses:

- `play_fields`: what a play says in every file: its game's title, its wall time, each
  player's score (the total the game's end showed, in every game) and breakdown;
- `play_csv`: `plays_csv`, a row per player per play;
- `bgstats_export`: `to_bgsplay` and `bgsplay_bytes`, the `.bgsplay` file BG Stats imports;
- `bgstats_check`: `check_bgsplay`, whether a document is a BG Stats file;
- `bgstats_import`: `from_bgsplay`, the plays of a BG Stats file of games Companion knows.
"""

from __future__ import annotations

from companion.core.bgstats_check import check_bgsplay
from companion.core.bgstats_export import bgsplay_bytes, to_bgsplay
from companion.core.bgstats_import import (
    IMPORTED_ENTRY,
    IMPORTED_RULE,
    MAX_BGSPLAY_BYTES,
    WHERE,
    ImportResult,
    from_bgsplay,
    known_game,
)
from companion.core.play_csv import CSV_HEADER, plays_csv
from companion.core.play_fields import BGS_DATE, COMPANION_KEY, NAMESPACE, game_title

__all__ = [
    "BGS_DATE", "COMPANION_KEY", "CSV_HEADER", "IMPORTED_ENTRY", "IMPORTED_RULE", "MAX_BGSPLAY_BYTES",
    "NAMESPACE", "WHERE", "ImportResult", "bgsplay_bytes", "check_bgsplay", "from_bgsplay", "game_title",
    "known_game", "plays_csv", "to_bgsplay",
]
