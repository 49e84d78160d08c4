"""Chance decided once: what a session's die or deck gives is the same however often it is asked.

A player who undoes a card drawn and draws again gets the same card (issue 63: the pearl boat game's
chance deck gave another), as a physical deck whose top card was seen: the n-th action of a kind
(the n-th "draw") is decided by the session's secret, its kind and n, never by the moment it was
asked. Undo takes the action out of the log, so the next one of its kind is the n-th again; what
comes between (another player's move, a purchase) changes nothing.

The secret is drawn when the session begins (`SessionRecord.chance`) and never shown to a phone. A
session begun before it had one draws from its id and the moment it began, which no phone shows
either.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.actions import Action
from companion.core.session_log import SessionRecord


def decided(record: SessionRecord, kind: str) -> random.Random:
    """The random source of the session's next action of type `kind`: the same until one such action is
    kept in the log (an Undo takes it out again). Draw from it in the same order every time (the card,
    then the die its card asks for)."""
    return random.Random(f"{record.chance or record.id + record.created}|{kind}|{count(record.actions, kind)}")


def count(actions: Sequence[Action], kind: str) -> int:
    return sum(1 for action in actions if action.type == kind)
