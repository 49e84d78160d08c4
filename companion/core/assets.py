"""Reading the app's data files in `assets/` (game data, dice, presets).

Data files are checked when loaded; a file that does not fit raises AssetError
naming the file and the field, never a bare KeyError from deep inside the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from companion.core.inputs import SMALL_FILE_BYTES, InputError, parse_json

T = TypeVar("T")


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


def use_overrides(folder: Path | None) -> None:
    """Read `folder/<relpath>` instead of the shipped file where the player put one there
    (their own sheet layout or card counts, to match their printed copy); None: the shipped ones."""
    global _overrides
    _overrides = folder


def load_json(relpath: str) -> Any:
    """The parsed content of `assets/<relpath>` (or of the player's own copy, see `use_overrides`),
    checked as anything read from outside (core.inputs)."""
    path = assets_dir() / relpath
    if _overrides is not None and (_overrides / relpath).is_file():
        path = _overrides / relpath
    try:
        data = parse_json(path.read_bytes(), str(path), SMALL_FILE_BYTES)
    except OSError as exc:
        raise AssetError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    except InputError as exc:
        raise AssetError(str(exc)) from exc
    if data is None:
        raise AssetError(f"{path}: empty (null)")
    return data


def load_data(relpath: str, parse: Callable[[Any, str], T]) -> T:
    """`parse(data, file name)` of a data file; every AssetError it raises names the file (by its
    path under assets/, as several games have a file of the same name)."""
    name = relpath
    try:
        return parse(load_json(relpath), name)
    except AssetError as exc:
        if name in str(exc):
            raise
        raise AssetError(f"{name}: {exc}") from exc


def require(data: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """`data[key]` if it is of `kind`, else AssetError naming `where.key`."""
    if not isinstance(data, dict) or key not in data:
        raise AssetError(f"{where}.{key}: missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        expected = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise AssetError(f"{where}.{key}: expected {expected}, got {value!r}")
    return value


def whole_number(value: Any, where: str, least: int, most: int) -> int:
    """`value` if it is a whole number from `least` to `most`, else AssetError naming `where`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise AssetError(f"{where}: expected a whole number, got {value!r}")
    if not least <= value <= most:
        raise AssetError(f"{where}: must be {least} to {most}, not {value}")
    return value
