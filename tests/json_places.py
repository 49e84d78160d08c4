"""Every place in a JSON value, for the fuzz tests that change one place at a time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def places(value: Any, here: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Each place in `value` (the whole first) as a path of keys and indexes, with the value there."""
    yield here, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, (*here, i))


def paths(value: Any) -> list[tuple]:
    """The paths of every place in `value`."""
    return [path for path, _ in places(value)]
