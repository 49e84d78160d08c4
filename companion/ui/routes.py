"""Where every screen lives.

The navigation bar's three tabs are `/games` (a card per game; a game's page is
`/games/<game>/<part>[/<argument>]`), `/dice[/<session id>]` and `/history[/<play id>]`.
`/settings`, `/sessions`, `/who` and `/invite` are shown on top of the last tab.
Routes of earlier versions (`/table`, `/sheets`, `/scores`, `/journal`) lead to their new
places, so saved links and open tabs still work.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.session_log import SessionRecord
from companion.games import registry
from companion.games.registry import Game, Part

GAMES = "games"
TABS = (GAMES, "dice", "history")
PAGES = ("settings", "sessions", "who", "invite")
TABLE_PAGES = ("who", "invite")  # only where phones join the host (`Hosting.serves_phones`)
HOME = f"/{GAMES}"
WHO = "/who"

# The first part of an earlier version's route -> where it is now.
OLD_ROUTES = {
    "table": "dice",
    "sheets": f"{GAMES}/{registry.FLEET_DICE.id}/sheets",
    "scores": f"{GAMES}/{registry.FRESHWATER_FLY.id}/score",
    "journal": f"{GAMES}/{registry.FLY_SOLO.id}/journal",
}


@dataclass(frozen=True)
class Place:
    """What a route shows: a tab (or a page on top of one), and on a game's page, which part."""

    name: str  # a tab or a page
    arg: str | None = None  # what the screen shows: a session, a play, an adventure's page...
    game: Game | None = None
    part: Part | None = None

    @property
    def route(self) -> str:
        if self.game is not None and self.part is not None:
            return game_route(self.game, self.part.id, self.arg)
        return f"/{self.name}" + (f"/{self.arg}" if self.arg else "")

    @property
    def is_tab(self) -> bool:
        return self.name in TABS


def parts_of(route: str) -> list[str]:
    """['games', 'fly-solo', 'journal', 'abc123'] for '/games/fly-solo/journal/abc123?x=1'."""
    return [p for p in route.split("?")[0].split("#")[0].split("/") if p]


def place(route: str) -> Place:
    """Where `route` leads: an earlier version's route to its new place, anything unknown home."""
    parts = parts_of(route)
    if parts and parts[0] in OLD_ROUTES:
        parts = OLD_ROUTES[parts[0]].split("/") + parts[1:]
    if not parts or parts[0] not in TABS + PAGES:
        return Place(GAMES)
    name, rest = parts[0], parts[1:]
    if name != GAMES:
        return Place(name, "/".join(rest) or None)
    if not rest:
        return Place(GAMES)
    try:
        game = registry.game(rest[0])
    except KeyError:
        return Place(GAMES)
    part = next((p for p in game.parts if len(rest) > 1 and p.id == rest[1]), None)
    if part is None:  # the game's page without (or with an unknown) part: its first part
        return Place(GAMES, None, game, game.parts[0])
    return Place(GAMES, "/".join(rest[2:]) or None, game, part)


def game_route(game: Game, part: str | None = None, arg: str | None = None) -> str:
    return f"{HOME}/{game.id}/{game.part(part).id}" + (f"/{arg}" if arg else "")


def session_route(record: SessionRecord) -> str:
    """Where a session is shown (resumed from its game's card or from Unfinished sessions)."""
    found = registry.session_kinds().get(record.game)
    if found is None:
        return HOME
    game, kind = found
    try:
        arg = kind.arg.format(id=record.id, setup=record.setup)
    except (KeyError, IndexError, TypeError):  # a setup without what the route needs: the screen finds it
        arg = ""
    if game is None:
        return f"{registry.DICE_ROUTE}/{arg}"
    return game_route(game, kind.part, arg or None)
