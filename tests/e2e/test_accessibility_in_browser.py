"""Every screen at 100, 130 and 200 % text on a 360 px phone, as a screen reader and a thumb get
it (issue 19): each interactive node named, uniquely, at least 48 x 48 px, nothing past the
screen's edge (tests/accessibility.py says how each is read off Flutter's accessibility tree).

The phone is a desktop browser at a phone's width: Flutter draws its most compact controls
there, so what passes here passes on a phone. The viewport is tall (4000 px) so that a whole screen is
measured at once, unscrolled (a node a scrolling area cuts in half is left out of the size check).
"""

from __future__ import annotations

import re

import pytest

from companion.games.registry import GAMES
from tests.accessibility import audit, heard, listen, nodes, text_size_script
from tests.browser import PHONE_SCREEN, AppPage
from tests.e2e.test_pearl_boat_in_browser import a_game_at_the_duel

# The screens of no one game, then every part of every game's page (the registry's: a game added later too).
ROUTES = ["/games", "/dice", "/history", "/history/stats", "/history/adventures", "/settings", "/sessions", "/who",
          *(f"/games/{game.id}/{part.id}" for game in GAMES for part in game.parts if part.listed)]
SHOTS = {"/games", "/games/fleet-dice/sheets", "/games/freshwater-fly/score", "/settings"}


def go(phone: AppPage, route: str) -> None:
    """Follow `route` inside the app, as the browser's back and forward buttons do."""
    phone.page.evaluate("r => { history.pushState(null, '', r); window.dispatchEvent(new PopStateEvent('popstate')); }",
                        route)
    phone.page.wait_for_function("r => location.pathname === r", arg=route, timeout=10_000)
    phone.settle()  # the screen drawn and its accessibility tree updated


def shot(phone: AppPage, name: str) -> None:
    """A phone-sized screenshot (the audit's viewport is taller than a phone)."""
    phone.page.set_viewport_size({"width": 360, "height": 740})
    phone.shot(name)
    phone.page.set_viewport_size({"width": 360, "height": 4000})


@pytest.mark.parametrize("percent", [100, 130, 200])
def test_every_screen_reads_and_fits_at_this_text_size(make_server, browser, percent) -> None:
    server = make_server(players=("Ana", "Ben"))
    context = browser.new_context(viewport={"width": 360, "height": 4000})
    context.add_init_script(text_size_script(percent))
    found: dict[str, list[str]] = {}
    try:
        phone = AppPage(context.new_page()).open(server.url + "/games")
        for route in ROUTES:
            go(phone, route)
            found[route] = audit(phone.page)
            if percent == 200 and route in SHOTS:
                shot(phone, "text-200-" + route.strip("/").replace("/", "-"))
        # A game under way: the Fleet Dice sheets with their boxes.
        go(phone, "/games/fleet-dice/sheets")
        for name in ("Ana", "Ben", "Roll the start boats", "Start the sheets"):
            phone.tap(phone.button(name))
        phone.see(phone.page.get_by_role("checkbox", name="Cod box 1"))
        phone.settle()
        found["a Fleet Dice game"] = audit(phone.page)
        if percent == 200:
            shot(phone, "text-200-fleet-dice-sheet")
        # A dialog: a game's rules help.
        go(phone, "/games/lure/round")
        phone.tap(phone.labelled("Rules help: Lure"))
        phone.see(phone.button("Close"))
        found["Lure's rules help"] = audit(phone.page)
    finally:
        context.close()
    wrong = {where: problems for where, problems in found.items() if problems}
    assert not wrong, "\n".join(f"{where}:\n  " + "\n  ".join(p) for where, p in wrong.items())


def look(phone: AppPage, found: dict[str, list[str]], where: str, shot_name: str | None = None,
         percent: int = 100) -> None:
    """Audit the screen shown now as `where` (and keep a 200 % screenshot of it as `shot_name`)."""
    phone.settle()  # the accessibility tree follows the last frame
    found[where] = audit(phone.page)
    if shot_name and percent == 200:
        shot(phone, "text-200-" + shot_name)


@pytest.mark.parametrize("percent", [100, 130, 200])
def test_games_under_way_read_and_fit_at_this_text_size(make_server, browser, tmp_path, percent) -> None:
    """The screens of games under way, one phone passed around the table: a Fleet Dice roll to pick
    from, the pearl boat game's hidden duel, Lure's secret cast, Salmon Run's river and race, a Fly
    Solo adventure and its Silent Angler's Day, and a refusal's message."""
    a_game_at_the_duel(tmp_path / "data")  # Ana and Ben in the roster, a duel waiting for both
    server = make_server(data_dir=tmp_path / "data")
    context = browser.new_context(viewport={"width": 360, "height": 4000})
    context.add_init_script(text_size_script(percent))
    found: dict[str, list[str]] = {}
    try:
        phone = AppPage(context.new_page()).open(server.url + "/games/pearl-boat/voyage")
        phone.tap(phone.button("Ana: choose in secret"))  # the phone passed to each duellist in turn
        phone.see(phone.text("Only Ana looks now."))
        look(phone, found, "the pearl boat duel", "pearl-boat-duel", percent)

        go(phone, "/games/fleet-dice/sheets")
        for name in ("Ana", "Ben", "Roll the start boats", "Start the sheets", "Roll the dice"):
            phone.tap(phone.button(name), settle=True)
        phone.see(phone.page.get_by_role("checkbox", name=re.compile(r"^Die 1: ")))
        look(phone, found, "a Fleet Dice roll to pick from", "fleet-dice-roll", percent)
        phone.tap(phone.page.get_by_role("checkbox", name=re.compile(r"^Die 1: .+, free$")))
        phone.see(phone.page.get_by_role("button", name=re.compile(r"^Take income")))
        look(phone, found, "a Fleet Dice die picked")

        go(phone, "/games/lure/round")
        for name in ("Ana", "Ben", "Start the game", "Catch number: 7", "Add this fish: 7 (3 VP)",
                     "Catch number: 8", "Add this fish: 8 (3 VP)", "Reveal these fish"):
            phone.tap(phone.button(name), settle=True)  # each once the answer to the one before is drawn
        phone.tap(phone.button("Ana: choose in secret"))  # the phone passed around: Ana opens her own cast
        phone.see(phone.text("Ana's cast (secret)"))
        look(phone, found, "Lure's secret cast", "lure-cast", percent)

        go(phone, "/games/salmon-run/race")
        for name in ("Ana", "Ben", "Short 2", "Random set-up (rolled)", "Roll the river"):
            phone.tap(phone.button(name), settle=True)
        phone.see(phone.text("Lay the boards out like this (copy it at the table):"))
        look(phone, found, "Salmon Run's river")
        phone.tap(phone.button("Start the race"), settle=True)
        phone.tap(phone.button("Roll for the first player"), settle=True)
        phone.see(phone.page.get_by_text(re.compile("'s turn: tap each card as you play it")))
        look(phone, found, "Salmon Run's race", "salmon-run-race", percent)

        go(phone, "/games/fly-solo/journal")
        phone.type_into("Name of the new adventure", "Autumn week")
        phone.tap(phone.button("Start the adventure"))
        refusal = "Your free Badge unlocks your first Momentum tile before Day 1 (the rules suggest 1A)."
        phone.see(phone.button("1A"))
        listen(phone.page)
        phone.tap(phone.button("Finesse at start: +1"))  # a Finesse upgrade before the first Momentum tile
        phone.see(phone.message(refusal))
        look(phone, found, "a refusal's message")
        assert "polite: " + refusal in heard(phone.page)  # a screen reader says it
        phone.tap(phone.message(refusal).get_by_role("button", name="Close"))  # read: put away, as a thumb does
        phone.page.wait_for_timeout(600)
        phone.tap(phone.button("1A"))
        phone.see(phone.text("0 Badges to spend"))
        look(phone, found, "a Fly Solo adventure", "fly-solo-adventure", percent)
        phone.tap(phone.button("Play Day 1 with the Silent Angler"))  # starts the Day
        phone.tap(phone.button("Roll 4 dice"))
        phone.see(phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: d6 showing")))
        look(phone, found, "the Silent Angler's Day", "fly-solo-angler", percent)
        go(phone, "/games/fly-solo/journal")  # the adventure's card: one button, read in full
        phone.see(phone.page.get_by_role("button", name=re.compile(r"^.+, Day 1 .+, 0 of 4 Locations beaten$")))
        look(phone, found, "the adventures")
    finally:
        context.close()
    wrong = {where: problems for where, problems in found.items() if problems}
    assert not wrong, "\n".join(f"{where}:\n  " + "\n  ".join(p) for where, p in wrong.items())


def node_named(phone: AppPage, name: str):
    """The accessibility tree's node for the control named `name`."""
    return next(n for n in nodes(phone.page)[1] if n.name == name and n.interactive)


def test_during_a_cast_the_strike_screen_keeps_its_parts_row_in_view(make_server, browser) -> None:
    """With the accessibility tree on, tapping the Score part chip on the Strike screen opened "Who is
    playing?": the cast's buttons ran past the bottom of a phone's screen, so reaching them scrolled
    the page, and the chips row went up under the app bar, where its nodes then lay beneath the app
    bar's player button. A cast's buttons now fit on the phone: nothing scrolls, and a tap where the
    tree puts "Score" (as a screen reader's double tap lands) opens the Score part."""
    server = make_server()
    context = browser.new_context(**PHONE_SCREEN)
    try:
        phone = AppPage(context.new_page()).open(server.url + "/games/freshwater-fly/strike")
        for _ in range(20):  # a cast with a card dealt and no hook yet (one card in four hooks)
            phone.tap(phone.button("Start cast"))
            phone.see(phone.text("Casting..."))
            phone.tap(phone.button("Hit me"))
            phone.see(phone.page.get_by_text(re.compile(r"^(Casting\.\.\.|HOOKED!)$")))
            phone.page.wait_for_timeout(600)
            if phone.text("Casting...").count():
                break
        bottom = node_named(phone, "Games").top  # the navigation bar's top
        for name in ("Hit me", "Hit me x2", "Finesse: one more", "End the cast"):
            node = node_named(phone, name)
            assert node.top + node.height <= bottom, f"{name} is below the fold: {node}"
        phone.tap(phone.button("End the cast"))
        phone.see(phone.text("Ready to cast"))
        score, who = node_named(phone, "Score"), node_named(phone, "Playing on this phone: The whole table")
        assert score.top >= who.top + who.height  # below the app bar, not under it
        phone.tap(phone.button("Score"), scroll=False)
        phone.page.wait_for_function("() => location.pathname === '/games/freshwater-fly/score'", timeout=10_000)
    finally:
        context.close()


def test_a_part_chip_scrolled_out_of_sight_is_not_under_the_app_bar(make_server, browser) -> None:
    server = make_server()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        phone = AppPage(context.new_page()).open(server.url + "/games/freshwater-fly/strike")
        phone.tap(phone.button("Start cast"))
        phone.see(phone.text("Casting..."))
        phone.page.mouse.move(180, 400)
        for _ in range(6):  # a player scrolls down to the cast's last buttons
            phone.page.mouse.wheel(0, 60)
            phone.page.wait_for_timeout(100)
        phone.page.wait_for_timeout(800)
        phone.tap(phone.button("Score"), scroll=False)
        phone.page.wait_for_function("() => location.pathname === '/games/freshwater-fly/score'", timeout=5_000)
    finally:
        context.close()
