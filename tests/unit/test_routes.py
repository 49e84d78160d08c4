"""Where every route leads: the three tabs, each game's page and its parts, the pages on top,
and an earlier version's routes (saved links, tabs left open) at their new places."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.session_log import SessionRecord
from companion.games.registry import GAMES
from companion.ui.routes import place, session_route


@pytest.mark.parametrize("old, new", [
    ("/", "/games"),
    ("", "/games"),
    ("/table", "/dice"),
    ("/table/abc123", "/dice/abc123"),
    ("/sheets", "/games/fleet-dice/sheets"),
    ("/sheets/abc123", "/games/fleet-dice/sheets/abc123"),
    ("/scores", "/games/freshwater-fly/score"),
    ("/scores/abc123", "/games/freshwater-fly/score/abc123"),
    ("/journal", "/games/fly-solo/journal"),
    ("/journal/c1/record", "/games/fly-solo/journal/c1/record"),
    ("/journal/c1/angler?k=secret", "/games/fly-solo/journal/c1/angler"),
    ("/history/p1", "/history/p1"),
    ("/games/freshwater-fly", "/games/freshwater-fly/draft"),
    ("/games/freshwater-fly/strike", "/games/freshwater-fly/strike"),
    ("/games/freshwater-fly/nonsense", "/games/freshwater-fly/draft"),
    ("/games/fleet-dice/edit/s1", "/games/fleet-dice/edit/s1"),  # a part not in the page's row
    ("/games/monopoly", "/games"),
    ("/nowhere/at/all", "/games"),
    ("/settings", "/settings"),
])
def test_every_route_has_a_place(old: str, new: str) -> None:
    assert place(old).route == new


def test_a_game_page_knows_its_game_and_part() -> None:
    where = place("/games/fly-solo/journal/c1/record")
    assert (where.name, where.game.id, where.part.id, where.arg, where.is_tab) == (
        "games", "fly-solo", "journal", "c1/record", True)
    assert not place("/who").is_tab


# The words of routes: the tabs, the earlier version's, every game's and its parts' (the registry's), and some
# that lead nowhere.
WORDS = sorted({"games", "dice", "history", "settings", "table", "sheets", "scores", "journal", "abc", "record", "x",
                *(game.id for game in GAMES), *(part.id for game in GAMES for part in game.parts)})


@given(st.lists(st.sampled_from(WORDS), max_size=5))
def test_a_place_is_where_its_own_route_leads(parts: list[str]) -> None:
    """Showing a route puts its place's route in the address bar: that must lead to the same place."""
    where = place("/" + "/".join(parts))
    assert place(where.route) == where


def record(game: str, setup: dict | None = None) -> SessionRecord:
    return SessionRecord("s1", game, "t", setup or {}, (), (), "2026-11-21T10:00:00", "2026-11-21T10:00:00")


@pytest.mark.parametrize("kind, setup, route", [
    ("table", {}, "/dice/s1"),
    ("freshwater-fly-table", {}, "/games/freshwater-fly/draft/s1"),
    ("freshwater-fly-score", {}, "/games/freshwater-fly/score/s1"),
    ("fleet-dice", {}, "/games/fleet-dice/sheets/s1"),
    ("fleet-dice-edit", {"play_id": "p1"}, "/games/fleet-dice/edit/s1"),
    ("fly-solo-campaign", {}, "/games/fly-solo/journal/s1"),
    ("fly-solo-day", {"campaign": "c9"}, "/games/fly-solo/journal/c9/angler"),
    ("fly-solo-day", {}, "/games/fly-solo/journal"),  # a setup without its adventure: the journal finds it
    ("something-else", {}, "/games"),
])
def test_a_session_is_resumed_where_its_game_shows_it(kind: str, setup: dict, route: str) -> None:
    assert session_route(record(kind, setup)) == route


def test_every_session_kind_of_every_game_has_a_route() -> None:
    for game in GAMES:
        for kind in game.sessions:
            assert session_route(record(kind.kind, {"campaign": "c"})).startswith(f"/games/{game.id}/")
