"""A damaged session folder: what of it can still be read, and which copy of the session to keep.

A damaged folder is never mended in place: the store sets it aside whole and writes the session
anew from whichever holds more of it: its log up to the first change that does not read (every
change before it checked by its checksum and, when the rules are given, replayed), or the newest
backup's copy. `Salvage.words` says which, and exactly what was lost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion.core.errors import DomainError
from companion.core.session_log import DONE, UNDONE, Change, SessionRecord, apply_change
from companion.core.words import count, listed
from companion.store.backups import Witness
from companion.store.errors import CorruptFileError
from companion.store.journal import HEAD, SEGMENT, STATE, Journal, line_change, read_head, split_segment
from companion.store.storage import check_seal

Replays = Callable[[SessionRecord], None]  # DomainError when the session's rules refuse its log
SHOWN = 5  # lost changes named in a notice; the rest are counted


@dataclass
class Salvage:
    """What a damaged session folder still holds."""

    head: SessionRecord | None  # None: its head does not read, so nothing of it can be kept
    base: str = ""
    changes: list[tuple[Change, str]] = field(default_factory=list)  # before the first that does not read
    labels: list[str | None] = field(default_factory=list)  # every line found: what it did (None: unreadable)
    whole: bool = True  # no line is missing (no segment cut short or gone, no later one either)
    reached: int = 0  # how many lines its saved states say it had at least

    def record(self, lines: int | None = None) -> SessionRecord:
        """The session after its first `lines` changes (all that read, by default)."""
        assert self.head is not None
        actions, undone, updated = list(self.head.actions), list(self.head.undone), self.head.updated
        for change, at in self.changes[:lines]:
            apply_change(actions, undone, change)
            updated = at
        return replace(self.head, actions=tuple(actions), undone=tuple(undone), updated=updated)

    def keep_replaying(self, replays: Replays) -> None:
        """Keep only the changes that the rules still replay (the longest such beginning)."""
        if self.head is None or replays_ok(replays, self.record()):
            return
        if not replays_ok(replays, self.record(0)):
            self.head, self.changes = None, []
            return
        good, bad = 0, len(self.changes)  # the first `good` replay, the first `bad` do not
        while bad - good > 1:
            middle = (good + bad) // 2
            good, bad = (middle, bad) if replays_ok(replays, self.record(middle)) else (good, middle)
        del self.changes[good:]

    def keeps_more_than(self, copy: SessionRecord, witness: Witness | None) -> bool:
        """Whether what reads here holds more of the session than a backup's `copy` does."""
        if self.head is None:
            return False
        if witness is not None and witness.base == self.base:  # the same journal: more lines, more of it
            return len(self.changes) >= witness.lines
        mine = self.record()
        return (mine.updated, len(mine.actions) + len(mine.undone)) >= (
            copy.updated, len(copy.actions) + len(copy.undone))

    def lost_after(self, lines: int) -> str | None:
        """The changes after the first `lines`, in words; None when there are none."""
        lost = self.labels[lines:]
        missing = self.reached - max(len(self.labels), lines)  # known to have been there, not found
        said = []
        if lost:
            named = [label or "one that could not be read" for label in lost[:SHOWN]]
            more = [f"{len(lost) - SHOWN:,} more"] if len(lost) > SHOWN else []
            said.append(f"the next {count(len(lost), 'change')} ({listed([*named, *more])})")
        if missing > 0:
            said.append(f"at least {count(missing, 'change')} after {'them' if lost else 'these'}, which could "
                        "not be read back")
        elif not self.whole:
            said.append(f"whatever came after {'them' if lost else 'these'} (the log was cut short)")
        return listed(said) or None

    def words(self, copy: tuple[str, SessionRecord, Witness | None] | None, kept_lines: int | None,
              replayed: bool = False) -> str:
        """The notice's last sentences: what was kept (`kept_lines` of this log, or the backup
        `copy`: when it was taken, its record, how far its journal had reached) and what was lost.
        `replayed`: only copies that its rules replay were looked for."""
        if kept_lines is not None:
            record = self.record(kept_lines)
            kept = (f"Kept what could still be read of it: its first {count(kept_lines, 'change')} "
                    f"({count(len(record.actions), 'action')} on its log).")
            lost = self.lost_after(kept_lines)
            return f"{kept} Lost: {lost}." if lost else f"{kept} Nothing was lost."
        if copy is None:
            held = "a copy of this session that its rules replay" if replayed else "this session"
            return f"No backup held {held}, so it is not in the list of unfinished sessions."
        when, record, witness = copy
        restored = f"Restored the copy from the backup of {when}"
        if witness is not None and witness.base == self.base and self.whole:
            lost = self.lost_after(witness.lines)
            if lost is None:
                return f"{restored}, which holds all {count(len(self.labels), 'change')} of its log: nothing was lost."
            return f"{restored} (its first {count(witness.lines, 'change')}). Lost, made after it: {lost}."
        return (f"{restored} ({count(len(record.actions), 'action')} on its log). What was done in it after "
                "that backup, if anything, could not be read back.")


def replays_ok(replays: Replays, record: SessionRecord) -> bool:
    """Whether the rules replay `record`'s log."""
    try:
        replays(record)
    except DomainError:
        return False
    return True


def salvage(folder: Path) -> Salvage:
    """What can still be read of the damaged session folder at `folder` (which it does not change)."""
    try:
        journal: Journal | None = read_head(folder)
    except CorruptFileError:
        journal = None
    base, segment_lines = (journal.base, journal.segment_lines) if journal is not None else _loose_head(folder)
    found = Salvage(None if journal is None else journal.record, base)
    numbered = sorted((int(m[1]), p) for p in folder.glob("log-*.jsonl") if (m := SEGMENT.match(p.name)))
    reading = journal is not None
    for n, (number, path) in enumerate(numbered):
        if number != n:  # a segment gone: nothing after it has a known place
            found.whole = False
            break
        last = n == len(numbered) - 1
        try:
            lines, torn = split_segment(path, last)
        except CorruptFileError:
            lines, torn = _whole_lines(path)
        found.whole = found.whole and torn is None  # a line cut short: what came after, if anything, is unknown
        sealed = journal is None or journal.sealed
        lines = _rejoined(lines, sealed)
        for i, line in enumerate(lines, 1):
            found.labels.append(_label(line, sealed))
            if reading:
                assert journal is not None
                try:
                    change, at = line_change(journal, line, i, path.name)
                    journal.add(change, at, line)
                    found.changes.append((change, at))
                except (CorruptFileError, IndexError):
                    reading = False
        segment_lines = segment_lines or len(lines)  # as long as the first, when the head does not say
        if not last and len(lines) != segment_lines:
            found.whole = False
            break
    found.reached = max((int(m[1]) for p in folder.glob("state-*.json") if (m := STATE.match(p.name))), default=0)
    found.whole = found.whole and found.reached <= len(found.labels)
    return found


def _loose_head(folder: Path) -> tuple[str, int | None]:
    """Which head a head that does not read was (its `base`) and how long its log segments are,
    when that much of it still reads: a changed byte elsewhere in it leaves them as they were, and
    a changed `base` names no other head."""
    try:
        head = json.loads((folder / HEAD).read_bytes())
    except (OSError, ValueError, RecursionError):  # nested too deep to read is damage too
        return "", None
    if not isinstance(head, dict):
        return "", None
    lines = head.get("segment_lines")
    return (head["base"] if isinstance(head.get("base"), str) else "",
            lines if type(lines) is int and lines > 0 else None)


def _whole_lines(path: Path) -> tuple[list[bytes], int | None]:
    """The whole lines of a segment whose end was damaged, and where a line cut short begins (None
    when there is none: the last line only lost its newline). No lines when it does not read."""
    try:
        data = path.read_bytes()
    except OSError:
        return [], 0
    complete = data.rfind(b"\n") + 1
    lines = data[:complete].split(b"\n")[:-1]
    if complete < len(data) and _label(data[complete:-1], False) is not None:
        return [*lines, data[complete:-1]], None
    return lines, complete if complete < len(data) else None


def _rejoined(lines: list[bytes], sealed: bool) -> list[bytes]:
    """`lines` with a line that a damaged byte split in two (a newline where it had none) one line
    again, so that the lines after it keep their places: two neighbours that do not read, one of
    them not shaped as a whole line (from "{" to "}"), are its two pieces."""
    def whole(line: bytes) -> bool:
        return line.startswith(b"{") and line.endswith(b"}")

    out: list[bytes] = []
    for line in lines:
        if out and _label(out[-1], sealed) is None and _label(line, sealed) is None and \
                not (whole(out[-1]) and whole(line)):
            out[-1] += b"\n" + line
        else:
            out.append(line)
    return out


def _label(line: bytes, sealed: bool) -> str | None:
    """What a line did, in the words of the session's log, when it reads (and its checksum matches)."""
    try:
        if not check_seal(line) and sealed:
            return None
        doc = json.loads(line)
    except (CorruptFileError, ValueError, RecursionError):
        return None
    if not isinstance(doc, dict):
        return None
    if isinstance(doc.get(DONE), dict) and isinstance(doc[DONE].get("label"), str):
        return doc[DONE]["label"]
    return "an undo" if UNDONE in doc else "a redo" if "redo" in doc else None
