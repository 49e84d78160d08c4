"""Chance decided once: what a session's die or deck gives is the same however often it is asked.

A player who undoes a card drawn and draws again gets the same card (issue 63: the pearl boat game's
chance deck gave another), as a physical deck whose top card was seen: a player's n-th action of a
kind (Ana's n-th "draw") is decided by the session's secret, its kind, its player and n, never by the
moment it was asked. Undo takes the action out of the log, so the player's next one of its kind is the
n-th again; what comes between (another player's move, a purchase) changes nothing. Each player's dice
are their own: two players rolling at the same moment (Lure's rolling together) roll apart.

The secret is drawn when the session begins (`SessionRecord.chance`) and never shown to a phone. A
session begun before it had one draws from its id and the moment it began, which no phone shows
either.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.actions import Action
from companion.core.session_log import SessionRecord


def decided(record: SessionRecord, kind: str, by: str) -> random.Random:
    """The random source of the next action of type `kind` made by `by` (a player's id, or the whole
    table's): the same until one such action of theirs is kept in the log (an Undo takes it out again).
    Draw from it in the same order every time (the card, then the die its card asks for)."""
    made = count(record.actions, kind, by)
    return random.Random(f"{record.chance or record.id + record.created}|{kind}|{by}|{made}")


def count(actions: Sequence[Action], kind: str, by: str) -> int:
    return sum(1 for action in actions if action.type == kind and action.by == by)
