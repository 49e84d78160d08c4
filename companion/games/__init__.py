"""The rules of every kind of session, by id."""

from companion.core.session import Rules
from companion.games import table_tools

GAMES: dict[str, Rules] = {
    table_tools.GAME: table_tools.RULES,
}
