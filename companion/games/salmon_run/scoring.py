"""Salmon Run's end of the race (rules: Winning the game).

"Once a salmon reaches the spawning pond, play continues until the last player's turn. After
the last player ends his turn: If only one salmon is in the spawning pond, that player wins.
If more than one salmon reaches the spawning pond, the winner is the player with the fewest
Fatigue cards in his Swim deck (including his discard pile and his hand). If they have the
same number of Fatigue cards, the game is a tie."

`score_json` is `companion score salmon-run`:

    {"players": [{"name": "Ana", "in_pond": true, "fatigue": 3}, ...]}

(a player may also carry "colour" and "turn", the round in which the salmon reached the pond,
as kept in History). It prints each player's place and the winners (several: a tie). A race
with no salmon in the pond is not over and is refused.

A result's `total` is the salmon's Fatigue cards (fewer is better; the rank says who won).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.score_input import ScoreInputError, check_keys, flag, show, whole
from companion.core.scoring import BreakdownLine, PlayerResult, Winners, rank_players
from companion.core.table.seats import MAX_NAME, read_players
from companion.core.words import listed
from companion.games.salmon_run.river import default_data

# A race's state (rules.RaceState) is read by its fields only: importing rules here would make
# an import loop (rules reads the standings from here).
RaceState = Any

GAME_NAME = "salmon-run"  # how plays are filed in the archive
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_FATIGUE = 200  # past any Fatigue Deck
MAX_TURN = 10_000
POND_RULE, FATIGUE_RULE = "In the spawning pond", "Fatigue cards"
NOT_OVER = "The race is not over: no salmon is in the spawning pond."


class RaceNotOver(DomainError):
    """Scored before any salmon reached the spawning pond."""


def breakdown(in_pond: bool, fatigue: int) -> tuple[BreakdownLine, ...]:
    """One salmon's lines: in the pond or not, and its Fatigue cards (the total)."""
    return (BreakdownLine(POND_RULE, int(in_pond), 0), BreakdownLine(FATIGUE_RULE, fatigue, fatigue))


def score(names: Sequence[str], in_pond: Sequence[bool], fatigue: Sequence[int]
          ) -> tuple[tuple[PlayerResult, ...], Winners]:
    """Each player's result in seat order and the winners (more than one: a tie), with the words on
    several salmon in the pond ("Ana and Ben reached the spawning pond; Ana wins the tie: fewest
    Fatigue cards 2-3").

    The salmon in the pond come first, fewest Fatigue cards first; the others share the
    place after them. RaceNotOver when no salmon is in the pond."""
    if not any(in_pond):
        raise RaceNotOver(NOT_OVER)
    ranks = rank_players([(1, -f) if pond else (0, 0) for pond, f in zip(in_pond, fatigue)])
    results = tuple(PlayerResult(n, f, r, breakdown(p, f)) for n, p, f, r in zip(names, in_pond, fatigue, ranks))
    return results, Winners((r.name for r in results if r.rank == 1), pond_tie(names, in_pond, fatigue))


def pond_tie(names: Sequence[str], in_pond: Sequence[bool], fatigue: Sequence[int]) -> str:
    """Winning the game: "If more than one salmon reaches the spawning pond, the winner is the player
    with the fewest Fatigue cards ... If they have the same number of Fatigue cards, the game is a tie."
    The words for it; "" when one salmon alone is in the pond. Several salmon in the pond are no tie (issue
    65: "Dee wins the tie"): the fewest Fatigue cards win, and only equal ones make the game a tie."""
    pond = [i for i, p in enumerate(in_pond) if p]
    if len(pond) < 2:
        return ""
    fewest = min(fatigue[i] for i in pond)
    best = [i for i in pond if fatigue[i] == fewest]
    counts = ", ".join(f"{names[i]} {fatigue[i]}" for i in sorted(pond, key=lambda i: (fatigue[i], i)))
    head = (f"{names[best[0]]} wins with the fewest Fatigue cards" if len(best) == 1
            else f"a tie: {listed([names[i] for i in best])} have the fewest Fatigue cards")
    return f"{listed([names[i] for i in pond])} reached the spawning pond; {head}: {counts}"


def score_state(state: RaceState) -> tuple[tuple[PlayerResult, ...], Winners]:
    """The standings of a race with a salmon in the pond (RaceNotOver before)."""
    return score([s.name for s in state.salmon], [s.in_pond for s in state.salmon],
                 [s.deck.fatigue for s in state.salmon])


def entry_of(state: RaceState) -> dict[str, Any]:
    """The end-of-race JSON of a race (what `score_json` reads), kept with its play: each salmon's
    colour, pond, Fatigue cards and the round ("turn") it reached the pond in."""
    return {"players": [{"name": s.name, "colour": s.colour, "in_pond": s.in_pond, "fatigue": s.deck.fatigue,
                         "turn": s.pond_round} for s in state.salmon]}


def to_play(state: RaceState, play_id: str, played_at: str) -> Play:
    """The finished race as History keeps it."""
    results, winners = score_state(state)
    return Play(id=play_id, game=GAME_NAME, played_at=played_at, results=results, winners=winners,
                entry=entry_of(state))


# `companion score salmon-run` -------------------------------------------------------------


def _colour(value: Any, path: str) -> str:
    """A salmon's colour, its spaces tidied (as long as a name at most)."""
    if not isinstance(value, str) or not value.strip():
        raise ScoreInputError(path, f"expected a colour's name, got {show(value)}")
    text = " ".join(value.split())
    if len(text) > MAX_NAME:
        raise ScoreInputError(path, f"at most {MAX_NAME} letters, not {len(text)}")
    return text


def parse_players(data: Any) -> tuple[list[str], list[bool], list[int], list[dict[str, Any]]]:
    """Names, pond, Fatigue cards and the extra fields kept (colour, turn), checked."""
    game = check_keys(data, "game", ("players",), ("players",))
    seated = read_players(game["players"], MIN_PLAYERS, MAX_PLAYERS, "Salmon Run")
    names: list[str] = []
    ponds: list[bool] = []
    fatigue: list[int] = []
    extras: list[dict[str, Any]] = []
    for i, seat in enumerate(seated):
        path = f"players[{i}]"
        player = check_keys(seat.doc, path, ("name", "in_pond", "fatigue", "colour", "turn"),
                            ("name", "in_pond", "fatigue"))
        name = seat.name
        pond = flag(player["in_pond"], f"{path}.in_pond")
        extra: dict[str, Any] = {}
        if "colour" in player:
            extra["colour"] = _colour(player["colour"], f"{path}.colour")
        if player.get("turn") is not None:
            if not pond:
                raise ScoreInputError(f"{path}.turn", "only a salmon in the spawning pond has a finishing turn")
            extra["turn"] = whole(player["turn"], f"{path}.turn", MAX_TURN)
        names.append(name)
        ponds.append(pond)
        fatigue.append(whole(player["fatigue"], f"{path}.fatigue", MAX_FATIGUE))
        extras.append(extra)
        wrong = fatigue_problem(fatigue, default_data().fatigue_deck)
        if wrong:
            raise ScoreInputError(f"{path}.fatigue", wrong)
    return names, ponds, fatigue, extras


def fatigue_problem(fatigue: Sequence[int], deck: int) -> str | None:
    """Why the salmon cannot hold `fatigue` Fatigue cards between them (the last one's count the one
    in question) when the Fatigue Deck holds `deck` (Components: "32-card Fatigue Deck"), or None. Every
    Fatigue card a salmon holds came from that deck (Fatigue hex: "add a Fatigue card from the
    supplemental pile"), so no salmon holds more, and all of them together hold no more. A race played
    in the app takes them from its Fatigue Deck (`state.piles`), which cannot give more."""
    if fatigue[-1] > deck:
        return f"the Fatigue Deck has {deck} cards, so a salmon holds at most {deck}, not {fatigue[-1]}"
    if sum(fatigue) > deck:
        return (f"the Fatigue Deck has {deck} cards, and the salmon before hold {sum(fatigue[:-1])} of them: "
                f"at most {deck - sum(fatigue[:-1])} here, not {fatigue[-1]}")
    return None


def score_json(data: object) -> dict:
    """`companion score salmon-run`: the end-of-race JSON in, each player's place and the winners out."""
    names, ponds, fatigue, extras = parse_players(data)
    results, winners = score(names, ponds, fatigue)
    return {"players": [{"name": r.name, **extra, "in_pond": pond, "fatigue": f, "rank": r.rank}
                        for r, pond, f, extra in zip(results, ponds, fatigue, extras)],
            "winners": list(winners), **({"tie": winners.tie} if winners.tie else {})}
