"""Who sits at a table game, and who may act for a seat.

A set-up lists its players in seat order, each a name or an object with a `name` (and, for
games set up from the roster, the roster player's `id`, plus whatever else the game asks of a
player: a salmon's colour, a start boat). `read_players` reads that list for every game and
for every scoring command: one limit on a name's length, each player once, the count the game
allows.

`refusal` is the one seat policy. A move belongs to a seat (or to any seat: the table's move):
a player's own phone acts for their seat only; the phone passed around the table and the host
act for every seat; a phone whose player is not at this table acts for none. Games without
seats (the dice roller, a solo journal) are anyone's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.core.errors import DomainError
from companion.core.players import MAX_NAME_LENGTH
from companion.core.score_input import ScoreInputError, show

MAX_NAME = MAX_NAME_LENGTH  # the roster's limit, so every name a phone can pick fits every game
ANY_SEAT = "any seat"  # a move of the table's (a roll for turn order): any player at the table makes it


@dataclass(frozen=True)
class Named:
    """A move of the player it names, seated in the game or not (a Strike cast is its caster's, whether
    or not a dice draft is seating the table)."""

    name: str


Whose = int | frozenset[int] | str | Named  # a seat, some seats, ANY_SEAT, or a named player


class NotYourSeat(DomainError):
    """A move made on a phone that does not act for its seat."""


@dataclass(frozen=True)
class SeatedPlayer:
    """A player in a set-up: the name shown, the roster player's id ("" in set-ups of earlier
    versions, which named players only) and the rest of what the set-up says of them."""

    name: str
    id: str = ""
    doc: Mapping[str, Any] = field(default_factory=dict)


class Author(Protocol):
    """Who makes a move (a session's `Actor`): a roster player's id and name; `undoes_anyone`
    for the phone passed around the table and the host, who act for every seat but, the phone
    passed around, those of the players on phones of their own (`elsewhere`)."""

    id: str
    name: str
    undoes_anyone: bool
    elsewhere: frozenset[str]


def is_whole(value: Any) -> bool:
    """A whole number (not True or False): what a seat, a roll or a count in an action's data is."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_named(data: Mapping[str, Any], seats: int, error: type[DomainError] = DomainError, key: str = "seat",
               what: str = "player") -> int:
    """The seat `data[key]` names, one of `seats`; else `error` saying there is no such `what`."""
    seat = data.get(key)
    if not is_whole(seat) or not 0 <= seat < seats:
        raise error(f"There is no {what} {seat!r} at this table.")
    return seat


def player_name(value: Any, path: str, longest: int | None = MAX_NAME) -> str:
    """A player's name with its spaces tidied, or ScoreInputError naming `path`. `longest`: None for
    the names of a play already filed (a BG Stats file may have brought longer ones): kept as filed."""
    if not isinstance(value, str) or not value.strip():
        raise ScoreInputError(path, "a player needs a name")
    name = " ".join(value.split())
    if longest is not None and len(name) > longest:
        raise ScoreInputError(path, f"at most {longest} letters, not {len(name)}")
    if not name.isprintable():
        raise ScoreInputError(path, "a name is printable letters")
    return name


def read_players(raw: Any, least: int, most: int, game: str, path: str = "players",
                 longest: int | None = MAX_NAME) -> tuple[SeatedPlayer, ...]:
    """The players of a set-up or a scoring document, in seat order, each once (by name, whatever
    its case); ScoreInputError naming the field otherwise. `longest`: see `player_name`."""
    if not isinstance(raw, list):
        raise ScoreInputError(path, f"expected a list of players, got {show(raw)}")
    if not least <= len(raw) <= most:
        raise ScoreInputError(path, f"{game} is played by {least} to {most} players, not {len(raw)}")
    players: list[SeatedPlayer] = []
    for i, item in enumerate(raw):
        here = f"{path}[{i}]"
        if not isinstance(item, (str, Mapping)):
            raise ScoreInputError(here, f"expected a player's name, got {show(item)}")
        doc = item if isinstance(item, Mapping) else {"name": item}
        name = player_name(doc.get("name"), f"{here}.name", longest)
        same = next((j for j, p in enumerate(players) if p.name.casefold() == name.casefold()), None)
        if same is not None:
            raise ScoreInputError(f"{here}.name", f"{name!r} is already {path}[{same}]: each player plays once")
        player_id = doc.get("id", "")
        if not isinstance(player_id, str) or len(player_id) > 40:
            raise ScoreInputError(f"{here}.id", f"a roster player's id, not {show(player_id)}")
        players.append(SeatedPlayer(name, player_id, doc))
    return tuple(players)


def seat_entry(name: str, player_id: str = "", **more: Any) -> dict[str, Any]:
    """How a set-up names a player (`read_players` reads it back)."""
    return {"name": name, **({"id": player_id} if player_id else {}), **more}


def seat_of(names: Sequence[str], ids: Sequence[str], author: Author) -> int | None:
    """The seat `author` plays at, if any: by roster id, or by name in set-ups that name players only."""
    if author.id and author.id in ids:
        return list(ids).index(author.id)
    if any(ids):
        return None
    return next((i for i, name in enumerate(names) if name.casefold() == author.name.casefold()), None)


def refusal(names: Sequence[str], ids: Sequence[str], whose: Whose,
            author: Author | None) -> str | None:
    """Why `author` may not make a move that is `whose`'s (a seat, some seats, ANY_SEAT or a named
    player), or None."""
    if author is None:
        return None
    if author.undoes_anyone:
        return own_phones(names, ids, whose, author.elsewhere)
    if isinstance(whose, Named):
        if author.name.casefold() == whose.name.casefold():
            return None
        return (f"This phone is {author.name}'s: {whose.name} taps on their own phone, or on the phone passed "
                "around the table.")
    if not names:
        return None
    mine = seat_of(names, ids, author)
    if mine is None:
        return (f"{author.name} is not playing this game: each player taps on their own phone, or on the "
                "phone passed around the table.")
    seats = frozenset() if whose == ANY_SEAT else frozenset({whose}) if isinstance(whose, int) else whose
    if whose == ANY_SEAT or mine in seats:
        return None
    others = " or ".join(names[s] for s in sorted(seats) if 0 <= s < len(names)) or "another player"
    return f"This phone is {author.name}'s: {others} taps on their own phone, or on the phone passed around the table."


def own_phones(names: Sequence[str], ids: Sequence[str], whose: Whose,
               elsewhere: frozenset[str]) -> str | None:
    """Why the phone passed around may not make a move of seats whose players play on phones of their own
    (`elsewhere`, roster ids), or None."""
    if not elsewhere or isinstance(whose, (str, Named)) or not ids:
        return None
    seats = frozenset({whose}) if isinstance(whose, int) else whose
    theirs = [s for s in sorted(seats) if 0 <= s < len(ids) and ids[s] in elsewhere]
    if not theirs or len(theirs) < len(seats):
        return None
    who = " or ".join(names[s] for s in theirs)
    return f"{who} plays on their own phone: {who} taps there (or the host does)."
