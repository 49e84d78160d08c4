"""How the statistics (`play_stats`) read a play: a player's name as compared, the play's date and time
as written, its results by seat or by name, a result's points per rule, and counts most first."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime

from companion.core.play_fields import NO_SCORES
from companion.core.plays import Play
from companion.core.scoring import PlayerResult


def name_key(name: str) -> str:
    """How names are compared: stripped and case-folded."""
    return name.strip().casefold()


def played_on(play: Play) -> date:
    """The date part of a play's played_at, as written."""
    return moment(play).date()


def moment(play: Play) -> datetime:
    # Offsets are dropped rather than converted: the time the table saw is what matters, and
    # mixing aware and naive times would otherwise make them incomparable.
    return datetime.fromisoformat(play.played_at).replace(tzinfo=None)


def by_date(plays: Iterable[Play]) -> list[Play]:
    """Oldest first; sorted() is stable, so equal times keep their order."""
    return sorted(plays, key=moment)


def result_of(play: Play, key: str) -> PlayerResult | None:
    """The result of the player with this name key (the first, should a name sit twice)."""
    for result in play.results:
        if name_key(result.name) == key:
            return result
    return None


def scored(play: Play) -> bool:
    """Whether a play has scores: not one BG Stats logged with its winners only (its totals, all 0,
    say nothing, so no average, record or chart counts them; its wins count)."""
    return not play.entry.get(NO_SCORES, False)


def seated(play: Play) -> list[tuple[str, PlayerResult]]:
    """(name key, result) per player in seat order; should a name sit twice, its first seat
    counts alone (names are unique within a play anyway), as in result_of."""
    seen: dict[str, PlayerResult] = {}
    for result in play.results:
        seen.setdefault(name_key(result.name), result)
    return list(seen.items())


def points_by_rule(result: PlayerResult) -> dict[str, int]:
    """A result's points per rule; a rule listed twice adds up, so the rules still sum to the total."""
    points: dict[str, int] = {}
    for line in result.breakdown:
        points[line.rule] = points.get(line.rule, 0) + line.points
    return points


def most_first(counts: dict[str, int], shown: dict[str, str]) -> list[str]:
    """Keys by count, largest first, then alphabetically by the shown name."""
    return sorted(counts, key=lambda k: (-counts[k], shown[k].casefold(), shown[k]))
