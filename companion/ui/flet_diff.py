"""Flet 1.0.5's diff, mended where it loses, freezes or mixes up the controls a screen keeps.

When a control drawn anew is matched with the one drawn before (same type and key), Flet compares the
two "frozen" and lets the new one take over the old one's id. Four faults follow, each mended here:
- A control both drawings hold (the same object: a tray of dice a screen keeps and puts in its new,
  keyed column) is skipped whole, so its own changes (the tray's new faces) never reach the phone.
  Here it is compared in place, as it would be in a parent updated in place.
- Such a control is still counted among the old column's removed children: it leaves the page's
  index while it is on the phone's screen, and a tap on it no longer finds it. Here it is not.
- Two different controls are matched whatever they are: a control already on the page (a screen's
  kept sheet, shown in place of another kept sheet) takes over the other one's id, and a late tap on
  Ana's box runs Ben's. Here a control already sent keeps its own id (it is put in place whole), and
  one whose id a new control took over gets a new id if it comes back.
- A new control that took over an id keeps no record of what it holds (Flet notes that only when it
  sends a control whole): if the screen then keeps it and changes what it holds, nothing is sent.
  Here the record is made as the match is made.
And Flet marks "frozen" every control it adds inside a matched column (its declarative components'
rule: such a control is never changed, only drawn anew) and then refuses to change or update it
("Frozen controls cannot be updated"). Companion's screens change the controls they keep, so nothing
is marked. (New controls are keyed by what they show before each drawing is sent: sibling_keys.py.)

Patched into `DiffBuilder` once, at import (companion/ui/screen.py imports this); Flet is pinned to
1.0.5 in pyproject.toml and tests/ui/test_stable_controls.py checks each mend.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any

from flet.controls.base_control import ControlId
from flet.controls.object_patch import DiffBuilder

_KEPT = "_companion_kept"  # ids of the controls both drawings hold, for one diff
_RETIRED = "_companion_retired"  # on a control whose id a new control took over
_WALKED = "_companion_walked"  # ids of what one diff looked through for such controls
_retired: weakref.WeakSet[Any] = weakref.WeakSet()  # those controls, while alive (a screen may keep one)

_flet_compare_dataclasses = DiffBuilder._compare_dataclasses
_flet_removed_controls = DiffBuilder._removed_controls
_flet_dataclass_added = DiffBuilder._dataclass_added


def _compare_dataclasses(self: DiffBuilder, parent: Any, path: list[Any], src: Any, dst: Any, frozen: bool) -> None:
    if frozen and src is not dst and hasattr(dst, "_i"):
        if _sent(dst):
            # A control already sent keeps its own identity: put in place whole, never made to take over
            # another's id (a late tap on Ana's box would run Ben's box's handler).
            self._item_replaced(path[:-1], path[-1], dst)
            self._dataclass_removed(src)
            self._dataclass_added(dst, parent, False)
            return
        object.__setattr__(src, _RETIRED, True)  # its id is dst's now, should it come back
        _retired.add(src)
    if frozen and src is dst and hasattr(src, "_i"):  # a control already on the page, held again
        self.__dict__.setdefault(_KEPT, set()).add(id(src))
        if parent is not None and parent is not dst:
            dst._parent = weakref.ref(parent)
        frozen = False  # its own changes, read from what it noted since it was last sent
    _flet_compare_dataclasses(self, parent, path, src, dst, frozen)
    if frozen and src is not dst and hasattr(dst, "_i"):
        _note_what_it_holds(dst)


def _sent(control: Any) -> bool:
    """A control that was sent to the phone (Flet noted what it holds then, or `_note_what_it_holds`)."""
    return hasattr(control, "_i") and hasattr(control, "__prev_lists")


def _note_what_it_holds(control: Any) -> None:
    """What Flet's encoder notes of a control it sends whole, to compare it in place next time."""
    lists, dicts, classes = {}, {}, {}
    for name, value in _held(control):
        if isinstance(value, list):
            lists[name] = value[:]
        elif isinstance(value, dict):
            dicts[name] = value.copy()
        elif dataclasses.is_dataclass(value):
            classes[name] = value
    setattr(control, "__prev_lists", lists)
    setattr(control, "__prev_dicts", dicts)
    setattr(control, "__prev_classes", classes)


def _held(control: Any) -> Iterator[tuple[str, Any]]:
    """The fields of `control` that can hold other controls, read as Flet's encoder reads them: the
    values set (`_values`) and the structural fields of a Flet control, every field of another."""
    values, structural = getattr(control, "_values", None), getattr(type(control), "_structural_fields", None)
    if values is None or structural is None:
        yield from ((f.name, getattr(control, f.name)) for f in dataclasses.fields(control)
                    if not f.metadata.get("skip", False))
        return
    yield from values.items()
    yield from ((name, getattr(control, name)) for name in structural)


def _removed_controls(self: DiffBuilder, item: Any, recurse: bool) -> Iterator[Any]:
    if id(item) in self.__dict__.get(_KEPT, ()):
        return iter(())  # still on the page, with all it holds
    return _flet_removed_controls(self, item, recurse)


def _dataclass_added(self: DiffBuilder, item: Any, parent: Any, frozen: bool) -> None:
    if _retired:  # a control whose id was taken over is alive: it may be coming back in `item`
        _new_ids_for_the_retired(item, self.__dict__.setdefault(_WALKED, set()))
    _flet_dataclass_added(self, item, parent, False)  # never marked frozen


def _new_ids_for_the_retired(item: Any, walked: set[int]) -> None:
    """A control whose id a new one took over, coming back: it and what it holds get ids of their own.
    `walked`: what this diff looked through already (Flet adds the controls of a new one one by one)."""
    stack = [item]
    while stack:
        value = stack.pop()
        if id(value) in walked:  # held twice, or by something it holds (a field's data): once is enough
            continue
        walked.add(id(value))
        if isinstance(value, list):
            stack.extend(value)
        elif dataclasses.is_dataclass(value) and hasattr(value, "_i"):
            if value.__dict__.pop(_RETIRED, False):
                _retired.discard(value)
                object.__setattr__(value, "_i", ControlId.next())
            stack.extend(held for _, held in _held(value))


DiffBuilder._compare_dataclasses = _compare_dataclasses  # type: ignore[method-assign]
DiffBuilder._removed_controls = _removed_controls  # type: ignore[method-assign]
DiffBuilder._dataclass_added = _dataclass_added  # type: ignore[method-assign]
