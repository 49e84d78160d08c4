"""Fleet Dice end-game scoring (rules: Game End). One point per fish, plus launched boats,
licenses, the King Crab and its bonus, and finished buildings; a tie goes to the most
fish, then it is shared."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.scoring import (
    BreakdownLine,
    PlayerResult,
    TieBreak,
    Winners,
    rank_players,
    tie_words,
    top,
    total_of,
)
from companion.games.fleet_dice.layout import BOAT_TYPES, WHARF, track_name
from companion.games.fleet_dice.sheet import Sheet


def bonus_count(sheet: Sheet, per: str) -> int:
    """What a King Crab bonus counts on a sheet."""
    return {"boats": len(sheet.launched()), "fish": sheet.fish,
            "licenses": sum(sheet.licenses.values()), "coins": sheet.coins}[per]


def breakdown(sheet: Sheet) -> tuple[BreakdownLine, ...]:
    layout = sheet.layout
    boats = sheet.launched()
    lines = [
        BreakdownLine("Fish", sheet.fish, sheet.fish),
        BreakdownLine("Launched boats", len(boats), sum(sheet.boat_spec(k, i).points for k, i in boats)),
    ]
    thirds = [t for t in BOAT_TYPES if sheet.licenses[t] >= 3]
    lines.append(BreakdownLine("Third licenses", len(thirds),
                               sum(layout.boat_types[t].third_license_points for t in thirds)))
    if sheet.complete("king_crab"):
        lines.append(BreakdownLine("King Crab", 1, layout.harbor["king_crab"].points))
        bonus = next((b for b in layout.bonuses if b.id == sheet.bonus), None)
        if bonus is not None:
            n = bonus_count(sheet, bonus.per) // bonus.every
            lines.append(BreakdownLine(f"King Crab bonus: {bonus.name}", n, n * bonus.points))
    for building in WHARF:
        if sheet.complete(building):
            lines.append(BreakdownLine(track_name(layout, building), 1, layout.wharf[building].points))
    return tuple(line for line in lines if line.points or line.rule == "Fish")


def score(names: Sequence[str], sheets: Sequence[Sheet]) -> tuple[tuple[PlayerResult, ...], Winners]:
    """Each player's result in seat order and the winners (more than one: a shared victory), with the
    words on a tie for the win (Game End: "In case of a tie, the player with the most fish wins. If still
    tied, begrudgingly enjoy your shared victory": "Ana wins the tie: most fish 9-7")."""
    lines = [breakdown(s) for s in sheets]
    totals = [total_of(ls) for ls in lines]
    ranks = rank_players([(total, s.fish) for total, s in zip(totals, sheets)])
    results = tuple(PlayerResult(n, t, r, ls) for n, t, r, ls in zip(names, totals, ranks, lines))
    most_fish = TieBreak("most fish", [s.fish for s in sheets])
    return results, Winners((r.name for r in results if r.rank == 1), tie_words(names, top(totals), [most_fish]))
