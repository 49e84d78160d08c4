"""The shape of what Companion writes into its files, and the one check of a value against it.

A file of the data folder is accepted (at start-up, and inside a backup before it is restored)
only if Companion itself could have written it: each field it holds of the type Companion writes
there, and every text, number and nesting within the limits of `core.inputs` (MAX_TEXT,
MAX_DIGITS, MAX_DEPTH). A document the store keeps without reading (an action's data, a session's
set-up) may hold any JSON within those limits.

A field is checked where it is present, and a field Companion does not write is any JSON within
the limits: files of earlier versions lack what came later, and a later version's field is no
damage. A `Doc`'s `required` fields are those its reader cannot do without.

`problem(value, shape)` says the first thing wrong, in words naming its place ("players[0].name
is a list, not text"), and shows nothing of a value but its kind or its first few letters, so
that the message stays one short line whatever the file holds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core.inputs import MAX_DIGITS, MAX_TEXT, InputError, check_plain, place_text

Place = tuple[Any, Any] | None  # (the parent's place, the key or index), None at the top
SHOWN = 24  # letters of a text shown in a message
SHOWN_PATH = 120  # letters of a place in a file shown in a message


class _Wrong(Exception):
    def __init__(self, place: Place, words: str) -> None:
        super().__init__(words)
        self.place, self.words = place, words


class Shape(ABC):
    what = "any JSON"  # what a value of this shape is, in words

    @abstractmethod
    def check(self, value: Any, place: Place) -> None:
        """Return if `value` (at `place`) has this shape; raise _Wrong naming what is wrong."""


def problem(value: Any, shape: Shape, at: str = "") -> str | None:
    """What is wrong with `value` as a `shape` (its place named after `at`), or None."""
    try:
        shape.check(value, None)
    except _Wrong as wrong:
        where = ".".join(p for p in (at, place_text(wrong.place)) if p).replace(".[", "[")
        if len(where) > SHOWN_PATH:  # deep in a file: its last steps say where
            where = f"…{where[1 - SHOWN_PATH:]}"
        return f"{where or 'it'} {wrong.words}"
    return None


def kind_of(value: Any) -> str:
    """A value in a few words: its kind, or a short text or number as it is."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10 ** MAX_DIGITS else "a number far too large"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        return f"the text {shown(value)}" if len(value) <= SHOWN else f"a text of {len(value):,} letters"
    if isinstance(value, list):
        return f"a list of {len(value):,}" if value else "an empty list"
    if isinstance(value, dict):
        return "an object" if value else "an empty object"
    return type(value).__name__


def shown(text: str) -> str:
    """A text as a message quotes it: its first SHOWN letters."""
    return repr(cut(text, SHOWN))


def cut(text: str, most: int) -> str:
    """`text`, cut short to `most` letters (the last an ellipsis) when longer, on one line."""
    text = " ".join(text.split())
    return text if len(text) <= most else f"{text[:most - 1]}…"


class _Any(Shape):
    def check(self, value: Any, place: Place) -> None:
        try:
            check_plain(value, "", most_text=MAX_TEXT)
        except InputError as exc:
            raise _Wrong(place, f"holds what no Companion writes ({cut(str(exc).removeprefix(': '), 160)})") from None


ANY = _Any()


class _Unread(Shape):
    what = "an object"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not dict:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")


UNREAD = _Unread()  # an object whose content is checked where it is read (a file inside a backup)


@dataclass(frozen=True)
class Text(Shape):
    """Text of at most MAX_TEXT letters; `choices`: one of these; `date`: an ISO date and time;
    `filled`: not empty."""

    choices: tuple[str, ...] = ()
    date: bool = False
    filled: bool = False
    what: str = "text"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not str:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")
        if len(value) > MAX_TEXT:
            raise _Wrong(place, f"is a text of {len(value):,} letters, longer than the {MAX_TEXT:,} any text may have")
        if self.choices and value not in self.choices:
            raise _Wrong(place, f"is {kind_of(value)}, not {' or '.join(map(repr, self.choices))}")
        if self.filled and not value.strip():
            raise _Wrong(place, "is empty")
        if self.date:
            try:
                datetime.fromisoformat(value)
            except ValueError:
                raise _Wrong(place, f"is {kind_of(value)}, not a date and time") from None


@dataclass(frozen=True)
class Whole(Shape):
    """A whole number (not true or false), of at most MAX_DIGITS digits, at least `least`."""

    least: int | None = None
    what: str = "a whole number"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not int or abs(value) >= 10 ** MAX_DIGITS:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")
        if self.least is not None and value < self.least:
            raise _Wrong(place, f"is {value}, less than {self.least}")


@dataclass(frozen=True)
class Flag(Shape):
    what: str = "true or false"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not bool:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")


@dataclass(frozen=True)
class Maybe(Shape):
    """`shape`, or null."""

    shape: Shape

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"{self.shape.what} or null"

    def check(self, value: Any, place: Place) -> None:
        if value is not None:
            self.shape.check(value, place)


@dataclass(frozen=True)
class Items(Shape):
    """A list of `shape`."""

    shape: Shape
    what: str = "a list"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not list:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")
        for i, item in enumerate(value):
            self.shape.check(item, (place, i))


@dataclass(frozen=True)
class Table(Shape):
    """An object whose every key is a text and every value a `shape`."""

    shape: Shape
    what: str = "an object"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not dict:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")
        for key, item in value.items():
            _check_key(key, place)
            self.shape.check(item, (place, key))


@dataclass(frozen=True)
class Doc(Shape):
    """An object with the fields `required` and, where present, `optional`, each of its shape; any
    other field is `others`."""

    required: Mapping[str, Shape] = field(default_factory=dict)
    optional: Mapping[str, Shape] = field(default_factory=dict)
    others: Shape = ANY
    what: str = "an object"

    def check(self, value: Any, place: Place) -> None:
        if type(value) is not dict:
            raise _Wrong(place, f"is {kind_of(value)}, not {self.what}")
        for key in self.required:
            if key not in value:
                raise _Wrong(place, f"has no {key!r}")
        for key, item in value.items():
            shape = self.required.get(key) or self.optional.get(key)
            if shape is None:
                _check_key(key, place)
                shape = self.others
            shape.check(item, (place, key))


def _check_key(key: str, place: Place) -> None:
    if len(key) > MAX_TEXT:
        raise _Wrong(place, f"has a key of {len(key):,} letters, longer than the {MAX_TEXT:,} any text may have")


TEXT = Text()
DATE = Text(date=True, what="a date and time")
WHOLE = Whole()
COUNT = Whole(least=0, what="a count")
FLAG = Flag()
