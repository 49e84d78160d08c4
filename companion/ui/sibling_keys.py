"""Children of one control never share a key, and a control drawn anew gets one.

Flet matches a list's old and new children by their keys (a React-style reconciliation). Two
siblings with one key make it send a wrong patch: the phone keeps children that are gone, loses
others, and soon shows none at all (Lure's page went blank on every phone after a Splash that had
listed last round's outcomes under one key). So every drawing is checked before it is sent: a key
used again among siblings is told (the log, and `found` for the tests, which fail on it) and made
unique ("lure-outcome", "lure-outcome~2"), so the phone always gets a right patch.

A control drawn anew without a key is given one first (issue 43), so it takes over the control drawn
in its place before when it means the same, and the phone keeps it: a tap on it while another phone's
move redraws the screen is not lost (the phone drops a tap whose button was replaced under the finger).
What a player can tap is named by what it shows (its type, words, icons, selection: a button that
now says something else is another button, whatever its place); anything else by its type and the
first keyed or tappable control it holds (a row of the store's offers is the row that starts with
"Half refill", wherever it is), or else its place among its siblings. A control already sent keeps
the key it had, or none (companion/ui/flet_diff.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from collections.abc import Iterator
from enum import Enum
from typing import Any

from flet.controls.base_control import BaseControl
from flet.controls.keys import Key

from companion.ui.taps import PLAYER_EVENTS

log = logging.getLogger(__name__)

_HANDLERS = tuple(f"on_{event}" for event in PLAYER_EVENTS)
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


def unique_keys(root: BaseControl, name_new: bool = False) -> None:
    """Give every child under `root` a key of its own among its siblings (see the module); with
    `name_new`, a key to each control drawn anew without one first (a screen's drawing)."""
    stack: list[Any] = [root]
    seen: set[int] = set()
    while stack:
        control = stack.pop()
        if id(control) in seen:
            continue
        seen.add(id(control))
        for value in _children_fields(control):
            if isinstance(value, BaseControl):
                if name_new and value.key is None and _tappable(value) and not hasattr(value, "__prev_lists"):
                    value.key = _look(value)
                stack.append(value)
            elif isinstance(value, list) and value:
                children = [c for c in value if isinstance(c, BaseControl)]
                if name_new:
                    _name_the_new(children)
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


def _tappable(control: BaseControl) -> bool:
    values = getattr(control, "_values", None)
    return isinstance(values, dict) and any(values.get(handler) for handler in _HANDLERS)


def _look(control: BaseControl) -> str:
    """A key naming what a player sees of `control` and all it holds."""
    seen: list[Any] = []
    for value in _within(control):
        seen.append(type(value).__name__)
        values = getattr(value, "_values", {})
        for name in sorted(values):
            item = values[name]
            if isinstance(item, (str, int, float, bool, Enum)) and name != "key":
                seen.append((name, item.value if isinstance(item, Enum) else item))
    return "~" + hashlib.blake2b(repr(seen).encode(), digest_size=6).hexdigest()


def _within(control: BaseControl) -> Iterator[BaseControl]:
    """`control` and every control it holds, in the order they are drawn (depth first)."""
    stack: list[Any] = [control]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(reversed(value))
        elif isinstance(value, BaseControl):
            yield value
            stack.extend(reversed([v for v in _children_fields(value) if isinstance(v, (BaseControl, list))]))


def _name_the_new(children: list[BaseControl]) -> None:
    """Keys for the children drawn anew without one (see the module)."""
    used = {_plain(c.key) for c in children if c.key is not None}
    count: dict[str, int] = {}
    for child in children:
        if child.key is not None or hasattr(child, "__prev_lists"):
            continue
        base = _look(child) if _tappable(child) else f"~{type(child).__name__}{_anchor(child)}"
        n = count.get(base, 0)
        while (key := base if n == 0 else f"{base}#{n}") in used:
            n += 1
        count[base] = n + 1
        used.add(key)
        child.key = key


def _anchor(holder: BaseControl) -> str:
    """The first keyed or tappable control `holder` holds, as a key's tail ('' if none)."""
    for value in _within(holder):
        if value is holder:
            continue
        if value.key is not None and not str(_plain(value.key)).startswith("~"):
            return f":{_plain(value.key)}"
        if _tappable(value):
            return f":{_look(value)}"
    return ""
