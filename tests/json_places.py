"""Every place in a JSON value, for the fuzz tests that change one place at a time."""

from __future__ import annotations

import copy
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


def place(dotted: str) -> tuple:
    """'players.1.fish.0.vp' as a path: ('players', 1, 'fish', 0, 'vp')."""
    return tuple(int(part) if part.isdigit() else part for part in dotted.split("."))


def changed(value: Any, path: tuple | str, new: Any, delete: bool = False) -> Any:
    """A copy of `value` with the place at `path` (keys and indexes, or dotted: see `place`) set to `new`, or
    taken out (`delete`; a place in neither a dict nor a list is set); `value` itself is left as it was."""
    path = place(path) if isinstance(path, str) else path
    if not path:
        return new
    value = copy.deepcopy(value)
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    if delete and isinstance(parent, (dict, list)):
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return value
