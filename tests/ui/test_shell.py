"""The app shell on headless pages: tabs, routes, each phone's theme, notices, unfinished sessions."""

from __future__ import annotations

import flet as ft
import pytest

from companion.games.registry import GAMES
from companion.ui.routes import game_route
from companion.ui.shell import TABS
from tests.headless import title_of, walk


async def test_first_view_is_games(app) -> None:
    page = await app.open("/")
    assert page.find(key="nav").selected_index == 0
    assert title_of(page.page.views[0]) == "Games"
    assert [key for key in ("game-freshwater-fly", "game-fly-solo", "game-fleet-dice", "game-lure", "game-salmon-run",
                            "game-pearl-boat") if page.has(key=key)] == ["game-freshwater-fly", "game-fly-solo",
                                                                         "game-fleet-dice", "game-lure",
                                                                         "game-salmon-run", "game-pearl-boat"]


@pytest.mark.parametrize("index, tab", list(enumerate(TABS)))
async def test_every_tab_has_a_route_a_title_and_its_nav_item(app, index, tab) -> None:
    page = await app.open(f"/{tab.name}")
    assert page.find(key="nav").selected_index == index
    assert title_of(page.page.views[0]) == tab.label


async def test_nav_bar_switches_tabs(app) -> None:
    page = await app.open("/dice")
    await page.change(page.find(key="nav"), selected_index=2)
    assert title_of(page.page.views[0]) == "History"
    assert page.has(label="No finished plays yet")
    await page.route("/games/freshwater-fly/score")  # the browser's back/forward buttons
    assert title_of(page.page.views[0]) == "Freshwater Fly"
    assert page.find(key="nav").selected_index == 0  # a game's page is under Games


async def test_unknown_route_shows_games(app) -> None:
    page = await app.open("/nowhere/at/all")
    assert title_of(page.page.views[0]) == "Games"


@pytest.mark.parametrize("old, new, shows", [
    ("/table", "/dice", "roll"),
    ("/sheets", "/games/fleet-dice/sheets", "start-sheets"),
    ("/scores", "/games/freshwater-fly/score", "start-scoring"),
    ("/journal", "/games/fly-solo/journal", "start-adventure"),
])
async def test_an_old_route_shows_its_new_place(app, old, new, shows) -> None:
    page = await app.open(old)
    assert page.routes()[0] == new
    assert page.has(key=shows)


async def test_a_game_page_has_its_title_its_parts_and_a_way_back(app) -> None:
    page = await app.open("/games")
    await page.click(key="game-freshwater-fly")
    view = page.page.views[0]
    assert (view.data, title_of(view)) == ("/games/freshwater-fly/draft", "Freshwater Fly")
    parts = ["game-parts-draft", "game-parts-strike", "game-parts-score"]
    assert [page.label(key=k) for k in parts] == ["Draft", "Strike", "Score"] and page.chosen(*parts) == ["draft"]
    assert page.has(key="start-draft")
    await page.click(key="game-parts-strike")
    assert page.routes()[0] == "/games/freshwater-fly/strike" and page.has(key="start-cast")
    assert page.chosen(*parts) == ["strike"]
    await page.click(label="All games")
    assert page.routes()[0] == "/games" and not page.has(key="game-parts")


async def test_at_large_text_three_parts_are_one_row_the_ones_not_shown_their_picture(app) -> None:
    # Issue 62: at 200 % text "Draft", "Strike" and "Score" wrapped to two rows, 160 px over every step.
    from companion.ui.phone import TEXT_SIZE

    page = await app.open("/games/freshwater-fly/strike", prefs={TEXT_SIZE: 200})
    parts = ["game-parts-draft", "game-parts-strike", "game-parts-score"]
    assert page.chosen(*parts) == ["strike"]
    words = {k: [c.value for c in walk([page.find(key=k)]) if isinstance(c, ft.Text)] for k in parts}
    assert words == {"game-parts-draft": [], "game-parts-strike": ["Strike"], "game-parts-score": []}
    heard = {c.label for c in page.controls() if isinstance(c, ft.Semantics) and c.label}
    assert {"Draft", "Score"} <= heard  # what a screen reader hears of each picture
    await page.click(key="game-parts-draft")
    assert page.routes()[0] == "/games/freshwater-fly/draft"
    page = await app.open("/games/lure/round", prefs={TEXT_SIZE: 200})  # two parts fit with their words
    assert [c.value for c in walk([page.find(key="game-parts-dice")]) if isinstance(c, ft.Text)] == ["Dice"]


async def test_the_tab_view_takes_the_place_of_the_page_s_first_view_drawn_at_once(app) -> None:
    """Flutter's navigator keys each view by its route, and a view of a new route is a page pushed over
    the last, zooming or sliding in for 300 ms (its first frame blank). The first screen, a tab and a
    game's page take the place of the view a page starts with (Flet's, route "/"): drawn in place, at
    once. A page on top (Settings) is pushed over them, as a page with a way back."""
    page = await app.open("/games")
    assert [v.route for v in page.page.views] == ["/"] and page.routes() == ["/games"]
    await page.change(page.find(key="nav"), selected_index=1)
    assert [v.route for v in page.page.views] == ["/"] and page.routes() == ["/dice"]
    await page.route("/games/freshwater-fly/strike")
    assert [v.route for v in page.page.views] == ["/"] and page.routes() == ["/games/freshwater-fly/strike"]
    await page.click(label="Settings")
    assert [v.route for v in page.page.views] == ["/", "/settings"]
    assert page.routes() == ["/games/freshwater-fly/strike", "/settings"]
    await page.click(label="Back")
    assert [v.route for v in page.page.views] == ["/"] and page.routes() == ["/games/freshwater-fly/strike"]


async def test_a_game_of_one_part_shows_no_parts_row(app) -> None:
    page = await app.open("/games/fleet-dice")
    assert title_of(page.page.views[0]) == "Fleet Dice" and not page.has(key="game-parts")


async def test_settings_opens_on_top_and_back_returns(app) -> None:
    page = await app.open("/history")
    await page.click(label="Settings")
    assert [title_of(v) for v in page.page.views] == ["History", "Settings"]
    await page.click(label="Back")
    assert [title_of(v) for v in page.page.views] == ["History"]


async def test_theme_changes_at_once_on_this_phone_only(app) -> None:
    ana = await app.open("/settings", phone="192.0.2.7", player="table")
    ben = await app.open("/settings", phone="192.0.2.8", player="table")
    await ana.click(key="theme-dark")
    await app.settle()
    assert ana.page.theme_mode == ft.ThemeMode.DARK
    assert ben.page.theme_mode == ft.ThemeMode.SYSTEM
    assert ben.chosen("theme-system", "theme-light", "theme-dark") == ["system"]  # Ben's Settings does not tick Ana's choice


async def test_a_phone_that_left_is_sent_nothing_and_raises_nothing(app, caplog) -> None:
    """A phone that leaves while its screen is drawn (17 of 18 quick disconnects left a traceback:
    Flet's page has no connection then, and its run_task raised) keeps what it chose, and sends nothing."""
    page = await app.open("/settings", phone="192.0.2.7", player="table")
    await page.session.disconnect(60)
    await page.click(key="theme-dark")  # what it chose is kept in its browser in the background
    await app.settle()
    assert page.page.theme_mode == ft.ThemeMode.DARK
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text


async def test_a_phone_keeps_its_theme(app) -> None:
    again = await app.open("/dice", prefs={"companion.theme": "dark"})
    assert again.page.theme_mode == ft.ThemeMode.DARK


async def test_startup_notice_is_shown_until_dismissed(data_dir, clock) -> None:
    import asyncio

    from companion.store import open_store
    from tests.headless import HeadlessApp as App

    data_dir.mkdir(parents=True)
    (data_dir / "archive.json").write_text("{oops")
    store = open_store(data_dir, clock)
    app = App(store, asyncio.get_running_loop())
    try:
        page = await app.open("/games")
        notice = page.find(key="notice-0")
        text = page.text_containing("could not be read")
        assert "archive.json.corrupt-" in text
        await page.click(label="Dismiss")
        assert not page.has(key="notice-0")
        assert not (await app.open("/history")).has(key="notice-0")
        assert notice is not None
    finally:
        app.close()
        store.close()


async def test_unfinished_sessions_resume_and_discard_with_undo(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    session_id = app.ctx.sessions.latest("table").id
    await page.click(label="Unfinished sessions")
    assert page.has(key=f"session-{session_id}")
    await page.click(label="Discard")  # a session holding a roll: asked first (issue 63)
    assert page.dialog().title.value == "Discard Dice session?" and page.has(key=f"session-{session_id}")
    assert "Its 1 recorded action is put away with it" in page.dialog().content.value
    await page.click(key="confirm-discard-cancel")
    assert app.ctx.sessions.latest("table").id == session_id
    await page.click(label="Discard")
    await page.click(key="confirm-discard")
    assert not page.has(key=f"session-{session_id}")
    assert page.message_texts()[-1] == "Discarded Dice session."
    await page.message_action()
    assert page.has(key=f"session-{session_id}")
    await page.click(label="Resume")
    assert page.routes()[0] == f"/dice/{session_id}"
    assert page.has(key="result")


async def test_a_page_on_a_sessions_address_shows_it_again_when_its_discard_is_undone(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    session_id = app.ctx.sessions.latest("table").id
    watching = await app.open(f"/dice/{session_id}", phone="192.0.2.9", player="table")
    await page.click(label="Unfinished sessions")
    await page.click(label="Discard")
    await page.click(key="confirm-discard")
    await app.settle()
    assert watching.has(label="This session cannot be shown")
    await page.message_action()  # Undo: the session is back
    await app.settle()
    assert watching.has(key="result") and not watching.has(label="This session cannot be shown")


async def test_a_missing_session_says_so(app) -> None:
    page = await app.open("/dice/abc123")
    assert page.has(label="This session cannot be shown")
    assert "no longer here" in page.text_containing("abc123")


async def test_the_first_screen_comes_in_one_message_with_the_phones_theme(app) -> None:
    """A phone's first frames draw its screen once: the theme is not sent before it (a theme alone made
    Flutter build the whole app once more before the screen came)."""
    page = await app.open("/games", prefs={"companion.theme": "dark"})
    register, *updates = page.conn.sent
    assert len(updates) == 1, [len(u) for u in updates]
    assert page.page.theme_mode == ft.ThemeMode.DARK and page.has(key="game-lure")


@pytest.mark.parametrize("route", [game_route(g, p.id) for g in GAMES for p in g.parts if p.listed])
async def test_a_games_rules_help_is_the_app_bars_question_mark_once(app, route) -> None:
    """Each part of a game opens its rules help from a "?" in the app bar, not from a title line of the
    page's own, which pushed the next tap down (issue 62)."""
    page = await app.open(route)
    helps = [c for c in page.controls() if str(getattr(c, "tooltip", "")).startswith("Rules help: ")]
    in_bar = [c for c in walk(page.page.views[-1].appbar) if c in helps]
    assert len(helps) == 1 and in_bar == helps, route
    await page.tap(helps[0])
    assert page.dialog() is not None and page.dialog().title.value == helps[0].tooltip.removeprefix("Rules help: ")


async def test_a_page_the_browser_says_it_took_away_late_does_not_close_the_page_shown_since(app) -> None:
    """Flutter's navigator tells the server a page was removed (Flet's view_pop) once its closing slide
    has ended, and while a newer page is on top it says so too: CI (the phone build) tapped "Back to the
    adventure", then "Record Day 1" within that slide; the late word on the first page closed the second.
    Only a word on the page on top is the player's way back (the phone's back button, a swipe)."""
    page = await app.open("/games/freshwater-fly/strike")
    await page.click(label="Settings")
    await page.click(label="Back")
    await page.click(label="Unfinished sessions")
    assert page.routes() == ["/games/freshwater-fly/strike", "/sessions"]
    await page.session.dispatch_event(page.page._i, "view_pop", {"route": "/settings"})  # the late word
    assert page.routes() == ["/games/freshwater-fly/strike", "/sessions"]
    await page.session.dispatch_event(page.page._i, "view_pop", {"route": "/sessions"})  # the phone's back
    assert page.routes() == ["/games/freshwater-fly/strike"]


async def test_the_browsers_late_word_of_an_earlier_route_does_not_undo_a_later_tap(app) -> None:
    """The server puts each screen it shows in the address bar (Flet's push_route), and the browser answers
    with a route change of that address, the server's own words coming back. CI (the phone build): "Back to
    the adventure" and at once "Record Day 1"; the adventure's address came back after the second tap, and
    the phone was taken back to the adventure. Only a route the server did not push is the player's."""
    page = await app.open("/games")
    page.answering = False  # the browser's answers come late: the test sends them
    await page.click(key="game-freshwater-fly")  # pushes the game's address
    shown = page.routes()
    await page.change(page.find(key="nav"), selected_index=1)  # pushes /dice
    assert page.routes() == ["/dice"]
    await page.route(shown[0])  # the late word of the first push
    assert page.routes() == ["/dice"]
    await page.route("/dice")  # the second's
    assert page.routes() == ["/dice"]
    page.answering = True
    await page.route(shown[0])  # now the player's (the browser's Back)
    assert page.routes() == shown
    await page.route("/history")  # and a link typed in
    assert title_of(page.page.views[0]) == "History"
