"""A Freshwater Fly player's end of game entered on one 360 x 740 phone at 100 % and 200 % text (issue 43:
19 to 21 taps a player, with scrolling). A typical player, seven fish of three points values, tokens of
four colours, a Skill card: 15 taps, each where it is drawn; the reel board, the first, on screen with no
scroll; first to seven with no tap, the only player with seven fish."""

from __future__ import annotations

import re

import pytest

from companion.games.freshwater_fly.score_sheet import GAME
from tests.accessibility import text_size_script
from tests.browser import SCROLLED_AREA, SETTLED, AppPage
from tests.e2e.test_table_of_phones_in_browser import actions, wait_for


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at this text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_a_typical_players_end_of_game_in_fifteen_taps(make_server, phone: AppPage, percent: int) -> None:
    server = make_server(players=("Ana", "Ben"))
    if percent != 100:
        phone.page.context.add_init_script(text_size_script(percent))
    phone.open(f"{server.url}/games/freshwater-fly/score")
    phone.tap(phone.button("Ana"))
    phone.tap(phone.button("Ben"))
    phone.tap(phone.button("Start scoring"))
    phone.see(phone.button("Ana: 0"))
    taps: list[str] = []
    scrolls: list[str] = []

    def window() -> tuple[float, float]:
        """What the phone shows of the page: below the game's parts row, above the pinned Save (the page's
        scrolled area, read from the tree when it has it: it ends a little above it; no tab bar under a sheet
        being filled)."""
        area = phone.page.evaluate(SCROLLED_AREA) or {}
        bottom = area["bottom"] if "bottom" in area else phone.button("Save to history").first.bounding_box()["y"] - 16
        return phone.button("Score").first.bounding_box()["y"] + 56, bottom

    def shown(button) -> bool:
        top, bottom = window()
        box = button.first.bounding_box() if button.count() else None
        return box is not None and top <= box["y"] and box["y"] + box["height"] <= bottom

    def tap(name: str) -> None:
        """Tapped where it is drawn, as a finger does, once whole on screen: the player's own scrolls are
        counted (the thumb moves the page half the way at a time; a control far off is not in the tree yet)."""
        named = re.compile(f"^{re.escape(name)}")
        button = phone.page.get_by_role("button", name=named).or_(phone.page.get_by_role("checkbox", name=named))
        phone.page.evaluate(SETTLED)
        if not shown(button):
            scrolls.append(name)
        phone.page.mouse.move(20, 400)
        for _ in range(40):
            if shown(button):
                break
            top, bottom = window()
            box = button.first.bounding_box() if button.count() else None
            down = 300 if box is None else (box["y"] - top - 60 if box["y"] < top else box["y"] + 120 - bottom)
            phone.page.mouse.wheel(0, down)
            phone.page.wait_for_timeout(250)
            phone.page.evaluate(SETTLED)
        assert shown(button), (name, button.first.bounding_box(), phone.shot(f"fly-end-{percent}-{len(taps)}"))
        phone.tap(button, scroll=False)
        taps.append(name)

    phone.page.evaluate(SETTLED)
    board = phone.button("3B")  # Ana was given 1A at the start: a board of her own
    assert phone.on_screen(board), (board.first.bounding_box(), phone.shot(f"fly-end-game-{percent}-start"))
    tap("3B")
    wait_for(lambda: [a["data"]["board"] for a in actions(server, GAME) if a["type"] == "board"] == ["3B"],
             server=server)
    # Points 3 (the default: no tap): two gold Coho, a black Brook; 5: two green Rainbow; 2: a gold Dolly,
    # a black Grayling.
    for name in ("Catch for Ana: gold Coho (0", "Catch for Ana: gold Coho (1", "Catch for Ana: black Brook (0",
                 "Points on the card: 5", "Catch for Ana: green Rainbow (0", "Catch for Ana: green Rainbow (1",
                 "Points on the card: 2", "Catch for Ana: gold Dolly (0", "Catch for Ana: black Grayling (0"):
        tap(name)
    for colour in ("yellow", "tan", "white", "blue"):  # eight tokens: one with each fish, one on the line
        tap(f"Ana's {colour} hatch tokens: 2")
    tap("Ana's Skill N")
    # Fish 3+3+3+5+5+2+2 = 23; first to seven 2; two gold-black-green sets 6; Most Coho 6; 3B (Appendix A):
    # four colours with a pair of tokens 4 x 3 = 12, a Rainbow-Grayling set 3; Skill N: 2 Rainbow 2.
    # 23 + 2 + 6 + 6 + 12 + 3 + 2 = 54.
    phone.see(phone.button("Ana: 54"))
    assert len(taps) == 15, taps
    assert not [a for a in actions(server, GAME) if a["type"] == "first"]  # first to seven: no tap, in the 54
    phone.shot(f"freshwater-fly-end-game-{percent}-phone")
    print(f"{percent} %: {len(taps)} taps, scrolled before {len(scrolls)}: {scrolls}")
