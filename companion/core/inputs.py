"""Everything read from outside passes here first: a file given to `companion score`,
standard input, a player's own data file in `custom/`, the data folder's files, a backup.

Text must be valid UTF-8 (and valid Unicode: no unpaired surrogates), JSON no deeper
than a real file needs and no bigger than a limit, whole numbers of at most 15 digits,
no NaN or Infinity. Anything else is an InputError naming where it came from and, for
a bad value, the field. What each file means (types and ranges) is checked after this
by the code that reads it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from companion.core.errors import DomainError

MAX_DEPTH = 32  # the deepest real file (a backup of a session log) is about 10 deep
MAX_DIGITS = 15  # no count, point or id number in any game comes near this
MAX_BYTES = 256 * 1024 * 1024  # the whole data folder of years of plays fits well below this
SMALL_FILE_BYTES = 4 * 1024 * 1024  # a game's data file or one game's scores
# One text of a file Companion keeps (a name, a label, a date, a key): the longest it writes is under
# 100 letters, and a name or place read from a BG Stats file is not much longer.
MAX_TEXT = 10_000
SHOWN_KEY = 40  # a key longer than this is cut short where a message names its place


class InputError(DomainError):
    """Something read from outside that is not usable; the message names where and what."""


class _Refused(ValueError):
    pass


def _whole_of_at_most(digits: int) -> Callable[[str], int]:
    def whole(text: str) -> int:
        if len(text.lstrip("-")) > digits:
            raise _Refused(f"a number of {len(text.lstrip('-'))} digits is far larger than any game needs")
        return int(text)
    return whole


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:20]} is too large")
    return value


def _constant(name: str) -> float:
    raise _Refused(f"{name} is not a number")


def decode(data: bytes, where: str) -> str:
    """UTF-8 text, or InputError saying where the first bad byte is."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{where}: not valid UTF-8 text (byte {exc.start + 1})") from None


def parse_json(text: str | bytes, where: str, most_bytes: int = MAX_BYTES, most_digits: int = MAX_DIGITS) -> Any:
    """Parse JSON from outside; InputError naming `where` unless it passes every check above (whole
    numbers of at most `most_digits` digits: another app's file may carry longer ids)."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > most_bytes:
        raise InputError(f"{where}: {size:,} bytes is more than the {most_bytes:,} such a file may have")
    if isinstance(text, bytes):
        text = decode(text, where)
    try:
        data = json.loads(text, parse_int=_whole_of_at_most(most_digits),
                          parse_float=_decimal, parse_constant=_constant)
    except RecursionError:
        raise InputError(f"{where}: nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{where}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except _Refused as exc:
        raise InputError(f"{where}: {exc}") from None
    check_plain(data, where, most_digits=most_digits)
    return data


def check_plain(data: Any, where: str, most_text: int | None = None, most_digits: int = MAX_DIGITS) -> None:
    """InputError unless `data` is JSON-like, at most MAX_DEPTH deep, with valid Unicode text (and,
    given `most_text`, no text or key longer than that many letters).

    Every value of a file is visited (a 10,000-play archive has millions): the path of a value is
    only spelled out for the message when something is wrong."""
    stack: list[tuple[Any, Any, int]] = [(data, None, 0)]  # (value, its place: (parent's place, key), depth)
    while stack:
        value, place, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InputError(f"{where}: nested more than {MAX_DEPTH} levels deep (at {place_text(place) or 'the top'})")
        kind = type(value)
        if kind is str:
            _check_text(value, where, place)
            if most_text is not None and len(value) > most_text:
                raise InputError(f"{where}: {place_text(place) or 'the top'}: a text of {len(value):,} letters "
                                 f"is longer than the {most_text:,} any text may have")
        elif kind is dict:
            for key, item in value.items():
                if type(key) is not str:
                    raise InputError(f"{where}: {place_text(place) or 'the top'} has a key that is not text")
                _check_text(key, where, place)
                if most_text is not None and len(key) > most_text:
                    raise InputError(f"{where}: {place_text(place) or 'the top'} has a key of {len(key):,} letters, "
                                     f"longer than the {most_text:,} any text may have")
                stack.append((item, (place, key), depth + 1))
        elif kind is list:
            stack.extend((item, (place, i), depth + 1) for i, item in enumerate(value))
        elif kind is float and not math.isfinite(value):
            raise InputError(f"{where}: {place_text(place)}: {value} is not a number")
        elif kind is int and abs(value) >= 10 ** most_digits:
            raise InputError(f"{where}: {place_text(place)}: a number far larger than any game needs")
        elif value is not None and kind not in (bool, int, float):
            raise InputError(f"{where}: {place_text(place)}: {kind.__name__} is not JSON")


def place_text(place: Any) -> str:
    """'players[1].name' from the chain of (parent's place, key) pairs."""
    parts: list[str] = []
    while place is not None:
        place, key = place
        parts.append(f"[{key}]" if isinstance(key, int) else f".{shown_key(key)}")
    return "".join(reversed(parts)).lstrip(".")


def shown_key(key: str) -> str:
    """A key as a message names it: on one line (escaped where not printable), cut short past SHOWN_KEY letters."""
    if not key.isprintable():
        key = repr(key)[1:-1]
    return key if len(key) <= SHOWN_KEY else f"{key[:SHOWN_KEY - 1]}…"


def _check_text(text: str, where: str, place: Any) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{where}: {place_text(place) or 'the top'}: text that is not valid Unicode "
                         "(an unpaired surrogate)") from None
