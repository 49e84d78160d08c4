"""The rules of every kind of session, by id."""

from companion.core.session import Rules
from companion.games import table_tools
from companion.games.freshwater_fly import score_sheet

GAMES: dict[str, Rules] = {
    table_tools.GAME: table_tools.RULES,
    score_sheet.GAME: score_sheet.RULES,
}

# What each archived play's `game` is called on screen.
GAME_TITLES = {score_sheet.GAME_NAME: "Freshwater Fly"}
