"""The rules of every kind of session, by id."""

from companion.core.session import Rules
from companion.games import table_tools
from companion.games.fleet_dice import game as fleet
from companion.games.freshwater_fly import score_sheet

GAMES: dict[str, Rules] = {
    table_tools.GAME: table_tools.RULES,
    score_sheet.GAME: score_sheet.RULES,
    fleet.GAME: fleet.RULES,
}

# What each archived play's `game` is called on screen.
GAME_TITLES = {score_sheet.GAME_NAME: "Freshwater Fly", fleet.GAME_NAME: "Fleet Dice"}
