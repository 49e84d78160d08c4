"""Reading the app's data files in `assets/` (game data, dice, presets).

Data files are checked when loaded; a file that does not fit raises AssetError
naming the file and the field, never a bare KeyError from deep inside the rules.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any


class AssetError(Exception):
    """A data file in assets/ does not fit what the app expects."""


@cache
def assets_dir() -> Path:
    """The app's assets: beside the package in a checkout, inside it once installed."""
    here = Path(__file__).resolve().parents[1]
    for candidate in (here / "assets", here.parent / "assets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"Companion's assets folder is missing (looked in {here} and {here.parent})")


_overrides: Path | None = None


def use_overrides(folder: Path) -> None:
    """Read `folder/<relpath>` instead of the shipped file where the player put one there
    (their own sheet layout or card counts, to match their printed copy)."""
    global _overrides
    _overrides = folder


def load_json(relpath: str) -> Any:
    """The parsed content of `assets/<relpath>` (or of the player's own copy, see `use_overrides`)."""
    path = assets_dir() / relpath
    if _overrides is not None and (_overrides / relpath).is_file():
        path = _overrides / relpath
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AssetError(f"{path}: cannot be read ({exc})") from exc


def require(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """`data[key]` if it is of `kind`, else AssetError naming `where.key`."""
    if not isinstance(data, dict) or key not in data:
        raise AssetError(f"{where}.{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise AssetError(f"{where}.{key}: expected {expected}, got {value!r}")
    return value
