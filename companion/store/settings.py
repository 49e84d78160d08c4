"""Settings and the player roster (`settings.json`)."""

from __future__ import annotations

import secrets
from typing import Any

from tinydb import Query

from companion.core.errors import DomainError
from companion.core.players import MAX_PLAYERS, Player, PlayerColor, clean_name, next_free_color
from companion.store.db import Database
from companion.store.errors import CorruptFileError
from companion.store.migrations import Raw

THEMES = ("system", "light", "dark")
SETTINGS = "settings"
PLAYERS = "players"


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless every setting and every player record is usable."""
    for doc_id, doc in raw.get(SETTINGS, {}).items():
        if not isinstance(doc.get("key"), str) or "value" not in doc:
            raise CorruptFileError(f"its setting record {doc_id} is not valid")
    for doc_id, doc in raw.get(PLAYERS, {}).items():
        if not (isinstance(doc.get("id"), str) and isinstance(doc.get("name"), str)
                and doc.get("color") in PlayerColor.__members__
                and isinstance(doc.get("order"), int) and not isinstance(doc.get("order"), bool)):
            raise CorruptFileError(f"its player record {doc_id} is not valid")


class Settings:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str, default: Any = None) -> Any:
        with self._db.locked() as db:
            doc = db.table(SETTINGS).get(Query().key == key)
        return default if doc is None else doc["value"]

    def set(self, key: str, value: Any) -> None:
        with self._db.locked() as db:
            db.table(SETTINGS).upsert({"key": key, "value": value}, Query().key == key)

    @property
    def theme(self) -> str:
        theme = self.get("theme", "system")
        return theme if theme in THEMES else "system"

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise DomainError(f"The theme must be one of {', '.join(THEMES)}, not {theme!r}.")
        self.set("theme", theme)

    # The roster ---------------------------------------------------------------

    def players(self) -> list[Player]:
        with self._db.locked() as db:
            docs = sorted(db.table(PLAYERS).all(), key=lambda d: d["order"])
        return [Player(d["id"], d["name"], PlayerColor[d["color"]]) for d in docs]

    def add_player(self, name: str, color: PlayerColor | None = None) -> Player:
        players = self.players()
        if len(players) >= MAX_PLAYERS:
            raise DomainError(f"The roster holds at most {MAX_PLAYERS} players; remove one first.")
        player = Player(secrets.token_hex(4), clean_name(name, players), color or next_free_color(players))
        with self._db.locked() as db:
            orders = [d["order"] for d in db.table(PLAYERS).all()]
            db.table(PLAYERS).insert(self._doc(player, max(orders, default=0) + 1))
        return player

    def rename_player(self, player_id: str, name: str) -> Player:
        players = self.players()
        player = self._find(players, player_id)
        renamed = Player(player.id, clean_name(name, players, keep_id=player.id), player.color)
        with self._db.locked() as db:
            db.table(PLAYERS).update({"name": renamed.name}, Query().id == player_id)
        return renamed

    def set_player_color(self, player_id: str, color: PlayerColor) -> Player:
        player = self._find(self.players(), player_id)
        with self._db.locked() as db:
            db.table(PLAYERS).update({"color": color.name}, Query().id == player_id)
        return Player(player.id, player.name, color)

    def remove_player(self, player_id: str) -> tuple[Player, int]:
        """Remove a player; returns it and its place so the caller can offer undo."""
        player = self._find(self.players(), player_id)
        with self._db.locked() as db:
            order = db.table(PLAYERS).get(Query().id == player_id)["order"]
            db.table(PLAYERS).remove(Query().id == player_id)
        return player, order

    def restore_player(self, player: Player, order: int) -> None:
        """Put back a removed player at its old place in the roster."""
        clean_name(player.name, self.players())
        with self._db.locked() as db:
            db.table(PLAYERS).insert(self._doc(player, order))

    @staticmethod
    def _doc(player: Player, order: int) -> dict[str, Any]:
        return {"id": player.id, "name": player.name, "color": player.color.name, "order": order}

    @staticmethod
    def _find(players: list[Player], player_id: str) -> Player:
        for player in players:
            if player.id == player_id:
                return player
        raise DomainError("That player is no longer in the roster.")
