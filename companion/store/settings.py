"""Settings and the player roster (`settings.json`)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from tinydb import Query

from companion.core.errors import DomainError
from companion.core.players import MAX_PLAYERS, Player, PlayerColor, clean_name, next_free_color
from companion.core.assets import AssetError

if TYPE_CHECKING:
    from companion.core.pools import SavedPool
    from companion.games.freshwater_fly.draft import FaceChange
    from companion.games.freshwater_fly.entry import FishColor
from companion.store.db import Database
from companion.store.errors import CorruptFileError
from companion.store.migrations import Raw

SETTINGS = "settings"
PLAYERS = "players"
STRIKE_HOOKS = "freshwater_fly.strike_hooks"
TIE_BREAK = "freshwater_fly.tie_break"
FACE_CHANGES = "freshwater_fly.face_changes"
SAVED_POOLS = "table.saved_pools"
MAX_SAVED_POOLS = 20


def check_docs(raw: Raw) -> None:
    """CorruptFileError unless every setting and every player record is usable."""
    for doc_id, doc in raw.get(SETTINGS, {}).items():
        if not isinstance(doc.get("key"), str) or "value" not in doc:
            raise CorruptFileError(f"its setting record {doc_id} is not valid")
    for doc_id, doc in raw.get(PLAYERS, {}).items():
        if not (isinstance(doc.get("id"), str) and isinstance(doc.get("name"), str)
                and isinstance(doc.get("color"), str) and doc["color"] in PlayerColor.__members__
                and isinstance(doc.get("order"), int) and not isinstance(doc.get("order"), bool)):
            raise CorruptFileError(f"its player record {doc_id} is not valid")


def _face_change(card: str, value: Any) -> FaceChange:
    """A stored Skill-card face change, or DomainError naming what is wrong with it."""
    from companion.games.freshwater_fly.draft import FaceChange, check_face_change, default_face_changes

    if card not in default_face_changes():
        raise DomainError(f"only Skill cards {', '.join(default_face_changes())} change one face into another")
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise DomainError(f"{value!r} is not a pair of faces")
    return check_face_change(FaceChange(card, value[0], value[1]))


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

    # Freshwater Fly: what the player's printed copy shows ---------------------------

    @property
    def strike_hooks(self) -> int:
        """How many of the 4 Strike cards show a hook (a damaged value reads as the default)."""
        from companion.games.freshwater_fly.strike import deck_rules

        try:
            return deck_rules().check_hooks(self.get(STRIKE_HOOKS, deck_rules().default_hooks))
        except DomainError:
            return deck_rules().default_hooks

    def set_strike_hooks(self, hooks: int) -> None:
        from companion.games.freshwater_fly.strike import deck_rules

        self.set(STRIKE_HOOKS, deck_rules().check_hooks(hooks))

    @property
    def tie_break(self) -> tuple[FishColor, ...]:
        """The fish colours that break a tie, in order (a damaged value reads as the default)."""
        from companion.games.freshwater_fly.scoring import default_tie_break, parse_tie_break

        try:
            return parse_tie_break(self.get(TIE_BREAK, [c.value for c in default_tie_break()]))
        except (AssetError, TypeError):
            return default_tie_break()

    def set_tie_break(self, colours: list[str]) -> None:
        from companion.games.freshwater_fly.scoring import parse_tie_break

        try:
            parse_tie_break(colours)
        except AssetError:
            raise DomainError("The tie-break order names gold, black and green once each.") from None
        self.set(TIE_BREAK, list(colours))

    def face_changes(self) -> dict[str, FaceChange]:
        """Skill cards C, D and H as this player's cards print them (defaults where unset or damaged)."""
        from companion.games.freshwater_fly.draft import default_face_changes

        changes = dict(default_face_changes())
        for card, value in self._stored_face_changes().items():
            try:
                changes[card] = _face_change(card, value)
            except DomainError:
                pass  # reported by problems()
        return changes

    def set_face_change(self, card: str, from_face: int, to_face: int) -> None:
        with self._db.locked():
            _face_change(card, [from_face, to_face])
            self.set(FACE_CHANGES, {**self._stored_face_changes(), card: [from_face, to_face]})

    def _stored_face_changes(self) -> dict[str, Any]:
        stored = self.get(FACE_CHANGES, {})
        return stored if isinstance(stored, dict) else {"(all)": stored}

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
        """Stored values that are not possible, each named; the app uses defaults instead."""
        from companion.games.freshwater_fly.scoring import parse_tie_break
        from companion.games.freshwater_fly.strike import deck_rules

        found = []
        stored_order = self.get(TIE_BREAK)
        if stored_order is not None:
            try:
                parse_tie_break(stored_order)
            except (AssetError, TypeError):
                found.append(f"Your tie-break order is damaged ({stored_order!r}); using gold, black, green.")
        hooks = self.get(STRIKE_HOOKS)
        if hooks is not None:
            try:
                deck_rules().check_hooks(hooks)
            except DomainError as exc:
                found.append(f"Your Strike deck setting is damaged ({exc}); using {self.strike_hooks} hook.")
        for card, value in self._stored_face_changes().items():
            try:
                _face_change(card, value)
            except DomainError as exc:
                found.append(f"Your Skill {card} setting is damaged ({exc}); using the default.")
        found += [f"{p} It is left out." for p in self.saved_pools() if isinstance(p, DomainError)]
        return found

    # The roster ---------------------------------------------------------------

    def players(self) -> list[Player]:
        with self._db.locked() as db:
            docs = sorted(db.table(PLAYERS).all(), key=lambda d: d["order"])
        return [Player(d["id"], d["name"], PlayerColor[d["color"]]) for d in docs]

    def add_player(self, name: str, color: PlayerColor | None = None) -> Player:
        with self._db.locked():
            players = self.players()
            if len(players) >= MAX_PLAYERS:
                raise DomainError(f"The roster holds at most {MAX_PLAYERS} players; remove one first.")
            player = Player(secrets.token_hex(4), clean_name(name, players), color or next_free_color(players))
            orders = [d["order"] for d in self._table(PLAYERS).all()]
            self._table(PLAYERS).insert(self._doc(player, max(orders, default=0) + 1))
            return player

    def rename_player(self, player_id: str, name: str) -> Player:
        with self._db.locked():
            players = self.players()
            player = self._find(players, player_id)
            renamed = Player(player.id, clean_name(name, players, keep_id=player.id), player.color)
            self._table(PLAYERS).update({"name": renamed.name}, Query().id == player_id)
            return renamed

    def set_player_color(self, player_id: str, color: PlayerColor) -> Player:
        with self._db.locked():
            player = self._find(self.players(), player_id)
            self._table(PLAYERS).update({"color": color.name}, Query().id == player_id)
            return Player(player.id, player.name, color)

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
        return {"id": player.id, "name": player.name, "color": player.color.name, "order": order}

    @staticmethod
    def _find(players: list[Player], player_id: str) -> Player:
        for player in players:
            if player.id == player_id:
                return player
        raise DomainError("That player is no longer in the roster.")
