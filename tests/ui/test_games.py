"""Games, the first screen, on headless pages: a card per game opening its page, and Resume
when a session of that game is open, on this phone or another."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core.assets import assets_dir
from companion.games.registry import GAMES
from tests.headless import title_of

# The control each game's first part shows to start a game (every game in the registry has its card).
STARTS = {"freshwater-fly": "start-draft", "fly-solo": "start-adventure", "fleet-dice": "start-sheets",
          "lure": "lure-start", "salmon-run": "race-start", "pearl-boat": "voyage-start"}


def page_of(game) -> str:
    """Where a game's card leads: the first part of its page's row (the registry's)."""
    return f"/games/{game.id}/{next(part for part in game.parts if part.listed).id}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
async def test_each_card_opens_its_games_page(app, game) -> None:
    assert game.id in STARTS, f"{game.id}: say which control its first part shows to start a game"
    page = await app.open("/games")
    card = page.find(key=f"game-{game.id}")
    assert game.title in page.texts() and game.players in page.texts()
    assert not page.has(key=f"resume-{game.id}")  # nothing open yet
    await page.tap(card)
    assert page.routes()[0] == page_of(game)
    assert title_of(page.page.views[0]) == game.title
    assert page.has(key=STARTS[game.id])


async def test_resume_opens_the_open_session_from_its_card(app) -> None:
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    sheets = await app.open("/games/fleet-dice/sheets")
    await sheets.click(key="seat-Ana")
    await sheets.click(key="seat-Ben")
    await sheets.click(key="start-Ana-cod")
    await sheets.click(key="start-Ben-oyster")
    await sheets.click(key="start-sheets")
    session = app.ctx.sessions.latest("fleet-dice")
    page = await app.open("/games")
    assert page.has(key="resume-fleet-dice") and not page.has(key="resume-freshwater-fly")
    await page.click(key="resume-fleet-dice")
    assert page.routes()[0] == f"/games/fleet-dice/sheets/{session.id}"
    assert page.find(key="sheet-banner").value.startswith("Round 1, boat phase: ")


async def test_a_session_started_on_another_phone_shows_resume_at_once(app) -> None:
    """Two phones: Games on one, the Freshwater Fly draft started on the other."""
    games = await app.open("/games", phone="192.0.2.7", player="table")
    other = await app.open("/games/freshwater-fly/strike", phone="192.0.2.8", player="table")
    await other.click(key="start-cast")
    await app.settle()
    assert games.has(key="resume-freshwater-fly")
    await games.click(key="resume-freshwater-fly")
    session = app.ctx.sessions.latest("freshwater-fly-table")
    assert games.routes()[0] == f"/games/freshwater-fly/draft/{session.id}"
    await other.click(key="finish")
    await app.settle()
    home = await app.open("/games", phone="192.0.2.7", player="table")
    assert not home.has(key="resume-freshwater-fly")


async def test_a_fly_solo_assistant_day_resumes_beside_its_adventure(app, clock) -> None:
    page = await app.open("/games/fly-solo")
    await page.click(key="start-adventure")
    campaign = app.ctx.sessions.latest("fly-solo-campaign")
    games = await app.open("/games")
    await games.click(key="resume-fly-solo")
    assert games.routes()[0] == f"/games/fly-solo/journal/{campaign.id}"
    clock.advance(minutes=1)
    await page.click(key="open-assistant")  # starts the assistant's Day: the latest session now
    games = await app.open("/games")
    await games.click(key="resume-fly-solo")
    assert games.routes()[0] == f"/games/fly-solo/journal/{campaign.id}/angler"
    assert games.has(key="angler-tally")


async def test_each_games_picture_is_asked_for_where_phones_keep_it(app) -> None:
    """Under the served files' version (web_files: kept a year, another address when a file changes): a
    second visit asks for none of them, where each was revalidated on every visit."""
    app.ctx.files_base = "/_v/0123456789ab/"
    page = await app.open("/games")
    shown = {c.src for c in page.controls() if isinstance(c, ft.Image)}
    assert shown == {f"/_v/0123456789ab/{game.picture}" for game in GAMES}
    for game in GAMES:
        await page.route(page_of(game))
        assert page.page.views[0].appbar.title.src == f"/_v/0123456789ab/{game.picture}"


def test_each_games_picture_is_a_sharp_png_drawn_from_its_svg() -> None:
    """A PNG (an SVG is parsed by Flutter on the page's main thread: about 0.15 s more before the Games
    screen can be tapped), drawn by tools/render_icons.py at three pixels a point of the Games screen's 76."""
    for game in GAMES:
        png = assets_dir() / game.picture
        header = png.read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n", png
        assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (228, 228), png
        assert png.with_suffix(".svg").is_file(), f"{png} has no picture.svg it is drawn from"
        assert png.stat().st_size < 6_000, f"{png}: its palette of 64 colours keeps it small within its screen"
