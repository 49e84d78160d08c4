"""The property every session's rules keep: replaying the log of accepted actions gives the
state the taps built, and Undo (a replay of all but the last action) gives the state before."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from companion.core.errors import DomainError
from companion.core.session_log import replay


def check_replay(rules: Any, state: Any, taps: Iterable[Any], build: Callable[[Any, Any, random.Random], dict],
                 rng: random.Random) -> None:
    """Apply each tap that the rules accept (a refused one changes nothing), then replay."""
    log = []
    for what in taps:
        try:
            action = build(state, what, rng)
            state = rules.apply(state, action)
        except DomainError:
            continue  # refused: not recorded, nothing changed
        log.append(action)
    assert replay(rules, {}, log) == state
    if log:
        before = replay(rules, {}, log[:-1])
        assert rules.apply(before, log[-1]) == state
