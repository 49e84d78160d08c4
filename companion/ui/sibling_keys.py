"""Children of one control never share a key.

Flet matches a list's old and new children by their keys (a React-style reconciliation). Two
siblings with one key make it send a wrong patch: the phone keeps children that are gone, loses
others, and soon shows none at all (Lure's page went blank on every phone after a Splash that had
listed last round's outcomes under one key). So every drawing is checked before it is sent: a key
used again among siblings is told (the log, and `found` for the tests, which fail on it) and made
unique ("lure-outcome", "lure-outcome~2"), so the phone always gets a right patch.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from flet.controls.base_control import BaseControl
from flet.controls.keys import Key

log = logging.getLogger(__name__)

found: list[str] = []  # each key a drawing used twice among siblings (the tests fail on any)

_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if not f.name.startswith("_"))
    return names


def _children_fields(control: Any) -> Any:
    """The values `control` was given, read fast: Flet keeps lists (its children) as attributes and
    other properties apart from their defaults in `_values`."""
    attributes = getattr(control, "__dict__", None)
    values = getattr(control, "_values", None)
    if attributes is None or not isinstance(values, dict):
        return [getattr(control, name, None) for name in _fields(type(control))]
    return [v for k, v in attributes.items() if not k.startswith("_")] + list(values.values())


def _plain(key: Any) -> Any:
    return key.value if isinstance(key, Key) else key


def _renamed(key: Any, n: int) -> Any:
    value = f"{_plain(key)}~{n}"
    return type(key)(value) if isinstance(key, Key) else value


def unique_keys(root: BaseControl) -> None:
    """Give every child under `root` a key of its own among its siblings (see the module)."""
    stack: list[Any] = [root]
    seen: set[int] = set()
    while stack:
        control = stack.pop()
        if id(control) in seen:
            continue
        seen.add(id(control))
        for value in _children_fields(control):
            if isinstance(value, BaseControl):
                stack.append(value)
            elif isinstance(value, list) and value:
                children = [c for c in value if isinstance(c, BaseControl)]
                _dedupe(children)
                stack.extend(children)


def _dedupe(children: list[BaseControl]) -> None:
    used: dict[Any, int] = {}
    for child in children:
        key = _plain(child.key)
        if key is None:
            continue
        if key not in used:
            used[key] = 1
            continue
        used[key] += 1
        n = used[key]
        while (candidate := _plain(_renamed(child.key, n))) in used:
            n += 1
        found.append(str(key))
        log.error("two controls side by side share the key %r: the second is drawn as %r", key, candidate)
        child.key = _renamed(child.key, n)
        used[candidate] = 1
