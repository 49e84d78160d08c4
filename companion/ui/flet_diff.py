"""Flet 1.0.5's diff, mended where it loses a control that stays on the page.

When a control drawn anew is matched with the one drawn before (same type and key), Flet compares
the two and lets the new one take over the old one's id. A control that both drawings hold (the same
object: a tray of dice a screen keeps and puts in its new, keyed column) is left as it is, but Flet then
still counts it among the old control's removed children: it leaves the page's index while it is on
the phone's screen, and a tap on it no longer finds it. Here such a control, and all it holds, is not
counted as removed.

Patched into `DiffBuilder` once, at import (companion/ui/screen.py imports this); Flet is pinned to
1.0.5 in pyproject.toml and tests/ui/test_stable_controls.py checks that it still takes hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flet.controls.object_patch import DiffBuilder

_KEPT = "_companion_kept"  # ids of the controls both drawings hold, for one diff

_flet_compare_dataclasses = DiffBuilder._compare_dataclasses
_flet_removed_controls = DiffBuilder._removed_controls


def _compare_dataclasses(self: DiffBuilder, parent: Any, path: list[Any], src: Any, dst: Any, frozen: bool) -> None:
    if frozen and src is dst:
        self.__dict__.setdefault(_KEPT, set()).add(id(src))
    _flet_compare_dataclasses(self, parent, path, src, dst, frozen)


def _removed_controls(self: DiffBuilder, item: Any, recurse: bool) -> Iterator[Any]:
    if id(item) in self.__dict__.get(_KEPT, ()):
        return iter(())  # still on the page, with all it holds
    return _flet_removed_controls(self, item, recurse)


DiffBuilder._compare_dataclasses = _compare_dataclasses  # type: ignore[method-assign]
DiffBuilder._removed_controls = _removed_controls  # type: ignore[method-assign]
