"""Settings and the player roster (`settings.json`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tinydb import Query

from companion.core.errors import DomainError
from companion.core.play_fields import own_uuid
from companion.core.players import MAX_PLAYERS, Player, PlayerColor, clean_name, next_free_color

if TYPE_CHECKING:
    from companion.core.pools import SavedPool
from companion.store.db import Database
from companion.store.errors import CorruptFileError
from companion.store.game_docs import options_shape
from companion.store.migrations import Raw
from companion.store.shapes import ANY, COUNT, TEXT, WHOLE, Doc, Items, Shape, Table, Text, problem

SETTINGS = "settings"
PLAYERS = "players"
GAME_OPTIONS = "game."  # + a game's id: that game's settings document
SAVED_POOLS = "table.saved_pools"
MAX_SAVED_POOLS = 20

SETTING = Doc({"key": TEXT, "value": ANY})
POOLS = Items(Doc({"name": TEXT, "dice": Table(COUNT)}))
PLAYER = Doc({"id": TEXT, "name": TEXT, "color": Text(choices=tuple(PlayerColor.__members__), what="a colour"),
              "order": WHOLE}, {"uuid": TEXT})  # "uuid": none in a roster kept before it (see `players`)


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless every setting and every player record is one Companion could have
    written (a game's document: the types its game writes; see `game_docs`)."""
    for doc_id, doc in raw.get(SETTINGS, {}).items():
        wrong = problem(doc, SETTING) or problem(doc["value"], value_shape(doc["key"]), "value")
        if wrong is not None:
            raise CorruptFileError(f"its setting record {doc_id} is not valid: {wrong}")
    for doc_id, doc in raw.get(PLAYERS, {}).items():
        wrong = problem(doc, PLAYER)
        if wrong is not None:
            raise CorruptFileError(f"its player record {doc_id} is not valid: {wrong}")


def value_shape(key: str) -> Shape:
    """The shape of the setting `key`'s value."""
    if key == SAVED_POOLS:
        return POOLS
    if key.startswith(GAME_OPTIONS):
        return options_shape(key.removeprefix(GAME_OPTIONS))
    return ANY


# Schema 1 kept Freshwater Fly's settings under keys of their own; schema 2 keeps each
# game's settings in one document (read by the game, not by the store).
V1_FRESHWATER_FLY = {"freshwater_fly.strike_hooks": "strike_hooks", "freshwater_fly.tie_break": "tie_break",
                     "freshwater_fly.face_changes": "face_changes"}


def games_own_their_settings(raw: Raw) -> Raw:
    """Migration 1 -> 2: Freshwater Fly's three settings become its one document (values as
    they were, damaged ones too: the game names those and uses its defaults)."""
    table = raw.get(SETTINGS, {})
    kept = {doc_id: doc for doc_id, doc in table.items() if doc.get("key") not in V1_FRESHWATER_FLY}
    moved = {V1_FRESHWATER_FLY[doc["key"]]: doc["value"] for doc in table.values()
             if doc.get("key") in V1_FRESHWATER_FLY}
    if moved:
        next_id = max((int(i) for i in table if str(i).isdigit()), default=0) + 1
        kept[str(next_id)] = {"key": GAME_OPTIONS + "freshwater-fly", "value": moved}
    return {**raw, SETTINGS: kept}


class Settings:
    """Every change reads, changes and writes under the file's one lock (a re-entrant lock:
    the reads inside take it again), so changes from several phones at once lose nothing."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _table(self, name: str):
        """A table of the file; only for use inside `self._db.locked()`."""
        return self._db.locked_handle().table(name)

    def get(self, key: str, default: Any = None) -> Any:
        with self._db.locked() as db:
            doc = db.table(SETTINGS).get(Query().key == key)
        return default if doc is None else doc["value"]

    def set(self, key: str, value: Any) -> None:
        with self._db.locked() as db:
            db.table(SETTINGS).upsert({"key": key, "value": value}, Query().key == key)

    # Each game's own settings: one document per game, read and checked by the game ----

    def game_options(self, game_id: str) -> Any:
        """The settings document of a game, as stored (None if never set); the store does not read it."""
        return self.get(GAME_OPTIONS + game_id)

    def change_game_options(self, game_id: str, change: Callable[[Any], Any]) -> Any:
        """Replace a game's document by `change(document)` under the file's lock, so changes
        from several phones at once lose nothing; `change` raises to refuse (nothing is written)."""
        with self._db.locked():
            new = change(self.game_options(game_id))
            self.set(GAME_OPTIONS + game_id, new)
            return new

    # Saved dice pools ------------------------------------------------------------

    def saved_pools(self) -> list[SavedPool | DomainError]:
        """The pools the player saved; a damaged one is its error (named), in its place."""
        from companion.core.pools import parse_saved_pool

        stored = self.get(SAVED_POOLS, [])
        if not isinstance(stored, list):
            return [DomainError("The saved pools are damaged: they are not a list.")]
        found: list[SavedPool | DomainError] = []
        for i, doc in enumerate(stored):
            try:
                found.append(parse_saved_pool(doc, f"Saved pool {i + 1}"))
            except DomainError as exc:
                found.append(exc)
        return found

    def save_pool(self, name: str, dice: tuple[str, ...]) -> SavedPool:
        with self._db.locked():
            from companion.core.pools import counts_of, parse_saved_pool

            stored = self.get(SAVED_POOLS, [])
            stored = stored if isinstance(stored, list) else []
            if len(stored) >= MAX_SAVED_POOLS:
                raise DomainError(f"At most {MAX_SAVED_POOLS} pools can be saved; remove one first.")
            pool = parse_saved_pool({"name": name, "dice": counts_of(dice)}, "The new pool")
            self.set(SAVED_POOLS, [*stored, {"name": pool.name, "dice": counts_of(pool.dice)}])
            return pool

    def remove_saved_pool(self, index: int) -> object:
        """Remove a saved pool (damaged or not); returns what was stored, for undo."""
        with self._db.locked():
            stored = list(self.get(SAVED_POOLS, []))
            removed = stored.pop(index)
            self.set(SAVED_POOLS, stored)
            return removed

    def restore_saved_pool(self, index: int, doc: object) -> None:
        with self._db.locked():
            stored = list(self.get(SAVED_POOLS, []))
            stored.insert(index, doc)
            self.set(SAVED_POOLS, stored)

    def problems(self) -> list[str]:
        """Saved pools that are damaged, each named; they are left out."""
        return [f"{p} It is left out." for p in self.saved_pools() if isinstance(p, DomainError)]

    # The roster ---------------------------------------------------------------

    def players(self) -> list[Player]:
        with self._db.locked() as db:
            docs = sorted(db.table(PLAYERS).all(), key=lambda d: d["order"])
        # A player kept before their uuid was: the one every export gave them, from their name.
        return [Player(d["id"], d["name"], PlayerColor[d["color"]], d.get("uuid") or own_uuid("player", d["name"]))
                for d in docs]

    def add_player(self, name: str, color: PlayerColor | None = None) -> Player:
        with self._db.locked():
            players = self.players()
            if len(players) >= MAX_PLAYERS:
                raise DomainError(f"The roster holds at most {MAX_PLAYERS} players; remove one first.")
            cleaned = clean_name(name, players)
            player = Player(secrets.token_hex(4), cleaned, color or next_free_color(players),
                            own_uuid("player", cleaned))
            orders = [d["order"] for d in self._table(PLAYERS).all()]
            self._table(PLAYERS).insert(self._doc(player, max(orders, default=0) + 1))
            return player

    def rename_player(self, player_id: str, name: str) -> Player:
        with self._db.locked():
            players = self.players()
            player = self._find(players, player_id)
            renamed = Player(player.id, clean_name(name, players, keep_id=player.id), player.color, player.uuid)
            self._table(PLAYERS).update({"name": renamed.name, "uuid": player.uuid}, Query().id == player_id)
            return renamed

    def player_uuids(self) -> dict[str, str]:
        """Each roster player's uuid, by name (what BG Stats files and links name them by)."""
        return {p.name: p.uuid for p in self.players()}

    def keep_bgstats_ids(self, uuids: Mapping[str, str]) -> None:
        """The roster players `uuids` names (by name) are who BG Stats says they are, for good: an import's."""
        with self._db.locked():
            for player in self.players():
                if uuids.get(player.name) and uuids[player.name] != player.uuid:
                    self._table(PLAYERS).update({"uuid": uuids[player.name]}, Query().id == player.id)

    def set_player_color(self, player_id: str, color: PlayerColor) -> Player:
        with self._db.locked():
            player = self._find(self.players(), player_id)
            self._table(PLAYERS).update({"color": color.name}, Query().id == player_id)
            return Player(player.id, player.name, color, player.uuid)

    def remove_player(self, player_id: str) -> tuple[Player, int]:
        """Remove a player; returns it and its place so the caller can offer undo."""
        with self._db.locked():
            player = self._find(self.players(), player_id)
            order = self._table(PLAYERS).get(Query().id == player_id)["order"]
            self._table(PLAYERS).remove(Query().id == player_id)
            return player, order

    def restore_player(self, player: Player, order: int) -> None:
        """Put back a removed player at its old place in the roster."""
        with self._db.locked():
            clean_name(player.name, self.players())
            self._table(PLAYERS).insert(self._doc(player, order))

    @staticmethod
    def _doc(player: Player, order: int) -> dict[str, Any]:
        return {"id": player.id, "name": player.name, "color": player.color.name, "order": order,
                **({"uuid": player.uuid} if player.uuid else {})}

    @staticmethod
    def _find(players: list[Player], player_id: str) -> Player:
        for player in players:
            if player.id == player_id:
                return player
        raise DomainError("That player is no longer in the roster.")
