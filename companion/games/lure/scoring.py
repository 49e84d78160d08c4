"""Lure's end of game (rules: End of game; Lures: Boost).

"Each player scores VPs on all fish and boosts in their score pile. The player with the
Most VP wins. In case of a tie, the tied player with the fewest fish wins. Share the win
if there's still a tie." A kept Boost lure scores 2 VP ("Boost: Score 2VP if you catch any
fish"); only Boosts played with a roll that caught a fish are kept, so every kept one counts.

`score_json` is `companion score lure`:

    {"players": [{"name": "Ana", "fish": [{"vp": 3}, {"vp": 5}], "boosts": 1}, ...]}

(a fish may also be a whole card, `{"catch": 7, "vp": 3, "requirement": {...}}`, as kept in
History). Bad input raises ScoreInputError naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.score_input import ScoreInputError, check_keys, items, show, whole
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
from companion.core.table.seats import read_players
from companion.games.lure.cards import MAX_CATCH, MAX_FACE, MAX_VP, FishCard

# A game's state (rules.LureState) is read by its fields only: importing rules here would make
# an import loop (rules reads the standings from here).
LureState = Any

GAME_NAME = "lure"  # how plays are filed in the archive
BOOST_VP = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_FISH = 100  # no deck comes near it (the data file allows at most 100 fish cards)
MAX_BOOSTS = 100
FISH_RULE, BOOST_RULE = "Fish", "Boosts"


def breakdown(fish_vp: Sequence[int], boosts: int) -> tuple[BreakdownLine, ...]:
    """Every point of one player's total: the fish (always shown) and the kept Boosts (when any)."""
    lines = [BreakdownLine(FISH_RULE, len(fish_vp), sum(fish_vp))]
    if boosts:
        lines.append(BreakdownLine(BOOST_RULE, boosts, BOOST_VP * boosts))
    return tuple(lines)


def score(names: Sequence[str], fish_vp: Sequence[Sequence[int]], boosts: Sequence[int]
          ) -> tuple[tuple[PlayerResult, ...], Winners]:
    """Each player's result in seat order and the winners (more than one: a shared win), with the words
    on a tie for the win ("Ana wins the tie: fewest fish 3-4").

    Most VP wins; a tie goes to the fewest fish; still tied, the win is shared."""
    lines = [breakdown(f, b) for f, b in zip(fish_vp, boosts)]
    totals = [total_of(ls) for ls in lines]
    ranks = rank_players([(total, -len(f)) for total, f in zip(totals, fish_vp)])
    results = tuple(PlayerResult(n, t, r, ls) for n, t, r, ls in zip(names, totals, ranks, lines))
    fewest = TieBreak("fewest fish", [len(f) for f in fish_vp], fewest=True)
    return results, Winners((r.name for r in results if r.rank == 1), tie_words(names, top(totals), [fewest]))


def score_state(state: LureState) -> tuple[tuple[PlayerResult, ...], Winners]:
    """The standings of a game in play or over, from the score piles and kept Boosts."""
    return score(state.names, [[f.vp for f in s.pile] for s in state.seats], [s.boosts for s in state.seats])


def entry_of(state: LureState) -> dict[str, Any]:
    """The end-of-game JSON of a game (what `score_json` reads), kept with its play."""
    return {"players": [{"name": name, "fish": [f.to_dict() for f in seat.pile], "boosts": seat.boosts}
                        for name, seat in zip(state.names, state.seats)]}


def to_play(state: LureState, play_id: str, played_at: str) -> Play:
    """The finished game as History keeps it."""
    results, winners = score_state(state)
    return Play(id=play_id, game=GAME_NAME, played_at=played_at, results=results, winners=winners,
                entry=entry_of(state))


# `companion score lure` ------------------------------------------------------------------


def _fish(data: Any, path: str) -> int:
    """The VP of one fish: `{"vp": 3}`, or a whole card (each of its fields of the right kind, named
    when not; what the card's numbers mean together is the card's own check)."""
    fish = check_keys(data, path, ("vp", "catch", "requirement"), ("vp",))
    vp = whole(fish["vp"], f"{path}.vp", MAX_VP)
    if "catch" in fish or "requirement" in fish:
        if "catch" not in fish:
            raise ScoreInputError(f"{path}.catch", "missing (a fish with a requirement has its catch number too)")
        whole(fish["catch"], f"{path}.catch", MAX_CATCH)
        if fish.get("requirement") is not None:
            _requirement(fish["requirement"], f"{path}.requirement")
        try:
            FishCard.from_dict(fish)
        except DomainError as exc:
            raise ScoreInputError(path, str(exc)) from None
    return vp


def _requirement(data: Any, path: str) -> None:
    """A requirement's fields, each of the right kind (its kind a word, its numbers whole or null)."""
    requirement = check_keys(data, path, ("kind", "n", "m"), ())
    kind = requirement.get("kind", "none")
    if not isinstance(kind, str):
        raise ScoreInputError(f"{path}.kind", f"expected a requirement's kind, got {show(kind)}")
    for name in ("n", "m"):
        if requirement.get(name) is not None:
            whole(requirement[name], f"{path}.{name}", MAX_FACE)


def parse_players(data: Any) -> tuple[list[str], list[list[int]], list[int]]:
    """Names, each player's fish VP and kept Boosts, checked; ScoreInputError names the field."""
    game = check_keys(data, "game", ("players",), ("players",))
    seated = read_players(game["players"], MIN_PLAYERS, MAX_PLAYERS, "Lure")
    names: list[str] = []
    fish: list[list[int]] = []
    boosts: list[int] = []
    for i, seat in enumerate(seated):
        path = f"players[{i}]"
        player = check_keys(seat.doc, path, ("name", "fish", "boosts"), ("name", "fish"))
        name = seat.name
        caught = items(player["fish"], f"{path}.fish", MAX_FISH, "fish")
        names.append(name)
        fish.append([_fish(f, f"{path}.fish[{j}]") for j, f in enumerate(caught)])
        kept = whole(player.get("boosts", 0), f"{path}.boosts", MAX_BOOSTS)
        wrong = boosts_problem(len(caught), kept)
        if wrong:
            raise ScoreInputError(f"{path}.boosts", wrong)
        boosts.append(kept)
    return names, fish, boosts


def boosts_problem(fish: int, boosts: int) -> str | None:
    """Why a player with `fish` fish in their score pile cannot have kept `boosts` Boost lures, or None.
    Roll and Catch Fish, 3: "If you caught at least 1 fish, place all boost lures you played near your
    score pile" (4: the rest are discarded), so a player who caught nothing kept none. The game's own
    flow keeps them the same way (`fishing.resolve`); this is the check of what is typed in."""
    if boosts and not fish:
        return (f"a Boost lure is kept only with a catch (\"If you caught at least 1 fish, place all boost "
                f"lures you played near your score pile\"): no fish, so no Boosts, not {boosts}")
    return None


def results_json(results: Sequence[PlayerResult]) -> list[dict]:
    return [{"name": r.name, "total": r.total, "rank": r.rank,
             "breakdown": [{"rule": b.rule, "count": b.count, "points": b.points} for b in r.breakdown]}
            for r in results]


def score_json(data: object) -> dict:
    """`companion score lure`: the end-of-game JSON in, the results JSON out."""
    results, winners = score(*parse_players(data))
    return {"players": results_json(results), "winners": list(winners),
            **({"tie": winners.tie} if winners.tie else {})}
