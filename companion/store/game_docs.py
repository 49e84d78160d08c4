"""The shapes of the documents each game keeps in the store's files, which the store keeps without
reading: a game's settings document (`settings.json`, `game.<id>`) and the entry of its finished
plays (`archive.json`, what `to_play` files: the end-of-game JSON its scoring reads).

Only their types and sizes are checked here (see `shapes`): what a value means (a number of hooks
the deck allows, a fish its data knows) is the game's own check when it reads the document, since
it may follow a player's own data files. A game with no shape here keeps any JSON within the
limits; `tests/unit/test_stored_shapes.py` plays every game to its end and files the play, so a
shape that no longer fits what a game writes fails there, not in a player's data folder.
"""

from __future__ import annotations

from companion.store.shapes import ANY, COUNT, FLAG, TEXT, WHOLE, Doc, Items, Maybe, Shape, Table


def _players(player: Shape) -> Doc:
    return Doc(optional={"players": Items(player)})


# A game's settings document, by the game's id.
OPTIONS: dict[str, Shape] = {
    "freshwater-fly": Doc(optional={"strike_hooks": WHOLE, "tie_break": Items(TEXT),
                                    "face_changes": Table(Items(WHOLE)), "fish_points": Table(Items(WHOLE))}),
}

# A finished play's entry, by how the game's plays are filed (`Play.game`). A play read from a BG Stats
# file that Companion did not write has the entry {"imported_from": "bgstats"}: a field of no shape here.
ENTRIES: dict[str, Shape] = {
    "freshwater-fly": _players(Doc(optional={
        "name": TEXT, "reel_board": TEXT, "hatch": Table(COUNT), "cards": Items(TEXT), "first_to_seven": FLAG,
        "fish": Items(Doc(optional={"species": TEXT, "color": TEXT, "points": WHOLE}))})),
    "fleet-dice": _players(Doc(optional={
        "name": TEXT, "fish": COUNT, "boats": COUNT, "coins": COUNT, "licenses": Table(COUNT),
        "king_crab_bonus": Maybe(TEXT), "boxes": Table(COUNT), "fish_on_boats": Table(Items(COUNT))})),
    "lure": _players(Doc(optional={
        "name": TEXT, "boosts": COUNT,
        "fish": Items(Doc(optional={"catch": WHOLE, "vp": WHOLE, "requirement": Maybe(Doc(optional={
            "kind": TEXT, "n": Maybe(WHOLE), "m": Maybe(WHOLE)}))}))})),
    "salmon-run": _players(Doc(optional={
        "name": TEXT, "colour": TEXT, "in_pond": FLAG, "fatigue": COUNT, "turn": Maybe(WHOLE)})),
    "pearl-boat": Doc(optional={
        "first_back": TEXT,
        "players": Items(Doc(optional={"name": TEXT, "pearls": WHOLE, "fish": Items(TEXT), "trips": COUNT}))}),
}


def options_shape(game_id: str) -> Shape:
    return OPTIONS.get(game_id, ANY)


def entry_shape(game: str) -> Shape:
    return ENTRIES.get(game, Table(ANY))
