"""Games, the first screen, in the real browser: each game's page opened from its card, an open
session resumed from its card, and a saved link of an earlier version followed to its new place."""

from __future__ import annotations

from companion.games.registry import GAMES
from tests.browser import AppPage

# What each game's page shows first (every game in the registry has its card).
SHOWS = {
    "freshwater-fly": "Freshwater Fly dice draft",
    "fly-solo": "Fly Solo adventures",
    "fleet-dice": "Fleet Dice score sheets",
    "lure": "Tap the players at the table (2 to 5).",
    "salmon-run": "Tap the players in turn order (2 to 4).",
    "pearl-boat": "Tap the players (2 to 6; 4 recommended).",
}
# Each card's title, what its page shows first and where (its first part); the screenshot is named after it.
PAGES = [(game.title, SHOWS.get(game.id), f"/games/{game.id}/{next(p for p in game.parts if p.listed).id}")
         for game in GAMES]


def test_each_games_page_opens_from_its_card(make_server, phone: AppPage) -> None:
    assert None not in [shows for _, shows, _ in PAGES], f"say what each game's page shows first: {PAGES}"
    server = make_server(players=("Ana", "Ben"))
    phone.open(server.url)
    phone.see(phone.card("The pearl boat game"))
    phone.page.wait_for_function("() => location.pathname === '/games'", timeout=10_000)
    phone.shot("games-phone")
    for title, shows, path in PAGES:
        phone.tap(phone.card(title))
        phone.see(phone.text(shows))
        phone.page.wait_for_function(f"() => location.pathname === '{path}'", timeout=10_000)
        phone.shot(f"game-{path.split('/')[2]}-phone")
        phone.tap(phone.labelled("All games"))
        phone.see(phone.card(title))


def test_resume_from_a_games_card(make_server, phone: AppPage) -> None:
    server = make_server(players=("Ana", "Ben"))
    phone.open(f"{server.url}/games/freshwater-fly/strike")
    phone.tap(phone.button("Start cast"))
    phone.see(phone.button("Undo: start a cast"))
    phone.tap(phone.tab("Games"))
    phone.tap(phone.button("Resume"))  # only Freshwater Fly has a session open
    [session] = server.session_files()
    phone.page.wait_for_function(
        f"() => location.pathname === '/games/freshwater-fly/draft/{session['id']}'", timeout=10_000)
    phone.tap(phone.button("Strike"))
    phone.see(phone.text("Casting..."))


def test_a_link_of_an_earlier_version_leads_to_its_new_place(make_server, phone: AppPage) -> None:
    server = make_server(players=("Ana", "Ben"))
    phone.open(f"{server.url}/sheets")
    phone.see(phone.text("Fleet Dice score sheets"))
    phone.page.wait_for_function("() => location.pathname === '/games/fleet-dice/sheets'", timeout=10_000)
    phone.open(f"{server.url}/table")
    phone.see(phone.button("Roll 2 d6"))
    phone.page.wait_for_function("() => location.pathname === '/dice'", timeout=10_000)
