"""Reading a `companion score <game>` document: errors that start with the field's path, and
the checks every game's end-of-game input makes (an object with known keys, whole numbers, one
word of a list, true or false, a list). Each checks the JSON type first, so a value of another
type (`{}` where a fish's name goes) is refused naming its field, never reaching the rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
            raise ScoreInputError(key_path(path, key), "unknown key")
    for key in required:
        if key not in data:
            raise ScoreInputError(key_path(path, key), "missing")
    return data


def key_path(path: str, key: str) -> str:
    """The path of `key` in the object at `path` ("game": the top); a key that is empty, long or not
    printable is quoted (and cut short), so the message stays one line that names something."""
    shown = key if key and key.isprintable() and len(key) <= 40 else repr(key[:40])
    return shown if path == "game" else f"{path}.{shown}"


def choice(value: Any, path: str, choices: Sequence[str], what: str, listed: bool = True) -> str:
    """`value` if it is one of the words `choices` (a species, a fish, a card); anything else, text or
    not, is refused naming `what` (and the choices, `listed` for unknown text too)."""
    options = f" (one of {', '.join(choices)})"
    if not isinstance(value, str):
        raise ScoreInputError(path, f"expected a {what}{options}, got {show(value)}")
    if value not in choices:
        raise ScoreInputError(path, f"unknown {what} {show(value)}{options if listed else ''}")
    return value


def flag(value: Any, path: str) -> bool:
    """True or false."""
    if not isinstance(value, bool):
        raise ScoreInputError(path, f"expected true or false, got {show(value)}")
    return value


def items(value: Any, path: str, most: int, what: str) -> list[Any]:
    """A list of at most `most` things (`what`: "fish", "cards")."""
    if not isinstance(value, list):
        raise ScoreInputError(path, f"expected a list of {what}, got {show(value)}")
    if len(value) > most:
        raise ScoreInputError(path, f"at most {most} {what}, not {len(value)}")
    return value


def whole(value: Any, path: str, most: int) -> int:
    """A whole number from 0 to `most`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScoreInputError(path, f"expected a whole number, got {show(value)}")
    if value < 0:
        raise ScoreInputError(path, f"cannot be negative, got {value}")
    if value > most:
        raise ScoreInputError(path, f"at most {most}, not {value}")
    return value
