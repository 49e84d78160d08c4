"""A game state as JSON and back, for the states a session saves (see `core.session`).

The rules build their states from frozen dataclasses, enums, tuples, frozensets and
dicts. Each is written as a JSON value that says what it was: a tuple as a list, the
rest as an object with one `$` key ({"$dc": "companion.games.lure.rules:Player",
"f": {...}}). Reading one back only makes classes of Companion's own modules, and
refuses anything else with a ValueError naming it: a saved state is a file like any
other, and can be damaged.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from fractions import Fraction
from typing import Any

OWN = "companion."


def encode(value: Any) -> Any:
    """`value` as plain JSON data; TypeError for a kind of value a state does not hold."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is tuple:
        return [encode(v) for v in value]
    if kind is list:
        return {"$list": [encode(v) for v in value]}
    if kind in (frozenset, set):
        return {"$fs" if kind is frozenset else "$set": [encode(v) for v in value]}
    if kind is dict:
        return {"$map": [[encode(k), encode(v)] for k, v in value.items()]}
    if kind is Fraction:
        return {"$frac": [value.numerator, value.denominator]}
    if isinstance(value, enum.Enum):
        return {"$enum": _name_of(kind), "v": encode(value.value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {"$dc": _name_of(kind), "f": fields}
    raise TypeError(f"a saved state cannot hold a {kind.__module__}.{kind.__qualname__}")


def decode(data: Any) -> Any:
    """The value `encode` wrote; ValueError naming what is wrong when it cannot be."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return tuple(decode(v) for v in data)
    if type(data) is not dict or len(data) not in (1, 2):
        raise ValueError(f"{_short(data)} is not a saved value")
    if "$list" in data:
        return [decode(v) for v in _list(data, "$list")]
    if "$fs" in data:
        return frozenset(decode(v) for v in _list(data, "$fs"))
    if "$set" in data:
        return {decode(v) for v in _list(data, "$set")}
    if "$map" in data:
        pairs = _list(data, "$map")
        if not all(type(p) is list and len(p) == 2 for p in pairs):
            raise ValueError("a saved mapping holds something that is not a key and a value")
        return {decode(k): decode(v) for k, v in pairs}
    if "$frac" in data:
        numerator, denominator = _list(data, "$frac")
        return Fraction(numerator, denominator)
    if "$enum" in data:
        kind = _class(data["$enum"])
        if not issubclass(kind, enum.Enum):
            raise ValueError(f"{data['$enum']} is not a kind of choice")
        return kind(decode(data.get("v")))
    if "$dc" in data:
        kind = _class(data["$dc"])
        fields = data.get("f")
        wanted = {f.name for f in dataclasses.fields(kind) if f.init} if dataclasses.is_dataclass(kind) else None
        if wanted is None or type(fields) is not dict or set(fields) != wanted:
            raise ValueError(f"the saved {data['$dc']} does not have the fields it has now")
        return kind(**{name: decode(v) for name, v in fields.items()})
    raise ValueError(f"{_short(data)} is not a saved value")


def _name_of(kind: type) -> str:
    if not kind.__module__.startswith(OWN) or "<locals>" in kind.__qualname__:
        raise TypeError(f"a saved state cannot hold a {kind.__module__}.{kind.__qualname__}")
    return f"{kind.__module__}:{kind.__qualname__}"


def _class(name: Any) -> type:
    if type(name) is not str or not name.startswith(OWN) or name.count(":") != 1:
        raise ValueError(f"{name if type(name) is str else _short(name)} is not one of Companion's kinds of value")
    module, qualname = name.split(":")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise ValueError(f"{name} is not one of Companion's kinds of value") from None
    if not isinstance(found, type):
        raise ValueError(f"{name} is not one of Companion's kinds of value")
    return found


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data[key]
    if type(value) is not list:
        raise ValueError(f"a saved {key[1:]} is not a list")
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
