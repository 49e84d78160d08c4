"""Reading a `companion score <game>` document: errors that start with the field's path, and
the checks every game's end-of-game input makes (an object with known keys, whole numbers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import DomainError


class ScoreInputError(DomainError):
    """Bad end-of-game input; the message starts with the field's path."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path


def show(value: Any) -> str:
    """A value in a one-line message: 'an object', 'a list', or its repr (cut short)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def check_keys(data: Any, path: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> Mapping[str, Any]:
    """`data` if it is an object with only `allowed` keys and every `required` one ("game": the top)."""
    if not isinstance(data, dict):
        raise ScoreInputError(path, f"expected an object, got {show(data)}")
    for key in data:
        if key not in allowed:
            shown = key if key.isprintable() and len(key) <= 40 else repr(key[:40])
            raise ScoreInputError(f"{path}.{shown}" if path != "game" else shown, "unknown key")
    for key in required:
        if key not in data:
            raise ScoreInputError(f"{path}.{key}" if path != "game" else key, "missing")
    return data


def whole(value: Any, path: str, most: int) -> int:
    """A whole number from 0 to `most`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScoreInputError(path, f"expected a whole number, got {show(value)}")
    if value < 0:
        raise ScoreInputError(path, f"cannot be negative, got {value}")
    if value > most:
        raise ScoreInputError(path, f"at most {most}, not {value}")
    return value
