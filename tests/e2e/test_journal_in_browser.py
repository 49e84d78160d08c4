"""The Fly Solo journal in the real browser: start an adventure, spend the free Badge, record a
winning Day by taps, see the Badges and the next Day's setup card, reload and find it all."""

from __future__ import annotations

import re

import pytest

from tests.accessibility import text_size_script
from tests.browser import SETTLED, AppPage
from tests.e2e.conftest import PHONE

FISH = "Bottom a fish, middle a fish, top a fish"  # the picture of a column of fish: a cast in one tap


def test_an_adventure_from_the_free_badge_to_a_won_day(make_server, phone: AppPage) -> None:
    server = make_server()
    phone.open(f"{server.url}/games/fly-solo/journal")
    phone.see(phone.text("No adventure yet"))
    phone.type_into("Name of the new adventure", "Autumn week")
    phone.tap(phone.button("Start the adventure"))

    # The adventure's page: one free Badge, to spend on a first Momentum tile.
    phone.see(phone.text("Autumn week"))
    phone.see(phone.text("1 Badge to spend"))
    phone.see(phone.text("Day 1 setup: L1 Crooked Fork"))
    phone.tap(phone.button("Finesse at start: +1"))  # Finesse at start: not before a Momentum tile
    phone.see(phone.message("free Badge unlocks your first Momentum tile"))
    phone.tap(phone.button("1A"))
    phone.see(phone.text("0 Badges to spend"))
    phone.see(phone.text("1A (A side)"))
    [campaign] = server.session_files()
    assert [a["type"] for a in campaign["actions"]] == ["upgrade"]

    # Record Day 1: seven 4-point black Brook and two tan tokens for you, two Coho for the
    # Silent Angler, the Bonus Hatch Token is tan.
    phone.tap(phone.button("Record Day 1"))
    phone.see(phone.text("Day 1 at L1 Crooked Fork"))
    phone.tap(phone.button("Points on the card: 4"))  # one tap of its digit
    brook = phone.page.get_by_role("button", name=re.compile("^Catch for you: black Brook"))
    for n in range(7):  # each tap's answer drawn before the next, as a thumb waits (CI: a tap in a redraw lost)
        phone.tap(brook)
        phone.see(phone.page.get_by_role("button", name=re.compile(rf"^Catch for you: black Brook \({n + 1} ")))
    phone.see(phone.button("You: 30"))  # 28 fish points, First to seven 2
    phone.tap(phone.button("Your tan hatch tokens: 2"), settle=True)  # one tap for two tokens
    phone.see(phone.page.get_by_text(re.compile(r"; 2 entered$")))  # counted against the fish
    phone.tap(phone.button("Silent Angler: 0"), settle=True)
    phone.see(phone.text("The Silent Angler's catch"))
    phone.see(phone.text("3"))  # the Angler's points start at its own 3, not at your 4
    phone.tap(phone.button("Points on the card: 4"))
    coho = phone.page.get_by_role("button", name=re.compile("^Catch for the Silent Angler: gold Coho"))
    for n in range(2):
        phone.tap(coho)
        phone.see(phone.page.get_by_role("button", name=re.compile(
            rf"^Catch for the Silent Angler: gold Coho \({n + 1} ")))
    phone.see(phone.button("Silent Angler: 17"))  # 2 x 4 fish points, Most Coho 6, L1: a pair of Coho 3
    phone.see(phone.text("Tap the colour of the Bonus Hatch Token: L1 has one."))
    phone.tap(phone.button("Tan token"), settle=True)
    phone.see(phone.text("You gained 2 tan tokens: +2"))
    phone.see(phone.text("You beat the Silent Angler"))
    phone.message("free Badge").first.wait_for(state="hidden")  # the refusal's message has gone
    phone.page.mouse.move(180, 400)
    for _ in range(12):  # down to the two scores
        phone.page.mouse.wheel(0, 500)
        phone.page.wait_for_timeout(150)
    phone.shot("journal-record-phone")
    phone.tap(phone.button("Record Day 1"))

    # Back on the adventure: the result, the Badges earned, the next Day's setup card.
    phone.see(phone.text("Day 2 setup: L2 Hunter's Cabin"))
    phone.see(phone.text("Badges earned: Species Goals: Brook, The Big Ones: Black 4-point Brook, Beat L1 Crooked Fork"))
    phone.see(phone.text("3 Badges to spend"))
    phone.tap(phone.button("2A"))
    phone.see(phone.text("2 Badges to spend"))
    phone.shot("journal-adventure-phone")

    # A reload finds everything where it was.
    phone.page.reload()
    phone.ready()
    phone.see(phone.text("Day 2 setup: L2 Hunter's Cabin"))
    phone.see(phone.text("2 Badges to spend"))
    phone.see(phone.text("You beat the Silent Angler"))
    phone.see(phone.text("1A, 2A (A side)"))
    phone.tap(phone.tab("Games"))
    phone.tap(phone.card("Fly Solo"))
    # The adventure's card is one button; Flutter reads its texts as its name.
    phone.see(phone.page.get_by_role("button", name=re.compile("Autumn week.*Day 2 of 7 at L2 · 2 Badges to spend",
                                                               re.S)))
    phone.message("Day 1 recorded").first.wait_for(state="hidden")
    phone.shot("journal-phone")


def the_silent_anglers_first_day(server, phone: AppPage) -> None:
    """A new adventure, its free Badge on 1A, and the Silent Angler's Day 1 started: its roll next."""
    phone.open(f"{server.url}/games/fly-solo/journal")
    phone.tap(phone.button("Start the adventure"))
    phone.see(phone.text("1 Badge to spend"))
    phone.tap(phone.button("1A"))
    phone.see(phone.text("0 Badges to spend"))
    phone.tap(phone.button("Play Day 1 with the Silent Angler"))  # starts the Day
    phone.see(phone.button("Roll 4 dice"))


def test_the_silent_angler_assistant_casts_a_die(make_server, phone: AppPage) -> None:
    server = make_server()
    the_silent_anglers_first_day(server, phone)
    phone.tap(phone.button("Roll 4 dice"))
    for _ in range(3):
        phone.tap(phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: d6 showing")).first)
        phone.page.wait_for_timeout(300)
    phone.see(phone.button(FISH))  # the third die taken, its die is cast: no tap of its own
    phone.shot("journal-angler-phone")
    while phone.button(FISH).count():
        phone.tap(phone.button(FISH))  # the whole column in one tap
        phone.page.wait_for_timeout(400)
        if phone.text("HOOKED! Which fish?").count():
            coho = phone.page.get_by_role("button", name=re.compile("^Hooked: a gold Coho"))
            phone.see(coho)
            for _ in range(40):  # brought to the top by itself: the grid's last row, Coho, whole in view
                if phone.on_screen(coho):
                    break
                phone.page.wait_for_timeout(250)
            assert phone.on_screen(coho), ("Coho below the fold", coho.first.bounding_box())
            phone.shot("journal-angler-which-fish")  # its species and colour: one square of the grid
            phone.tap(coho)
            landing = phone.button("No token in the column: its track moves a space")
            phone.page.wait_for_function(  # scrolled into view by itself: the points and the tokens
                "() => [...document.querySelectorAll('flt-semantics[role=button]')].some(e => "
                "e.textContent.includes('No token in the column') && e.getBoundingClientRect().bottom <= 740 - 80)",
                timeout=10_000)
            phone.shot("journal-angler-hooked")
            phone.tap(landing)  # lands it
            break
    phone.see(phone.button("Roll 4 dice"))  # round 1 over: the next roll ends it
    doc = next(d for d in server.session_files() if d["game"] == "fly-solo-day")
    assert doc["setup"]["day"] == 1 and doc["actions"][0]["type"] == "roll"


@pytest.mark.parametrize("percent", [100, 200])
def test_the_dice_to_take_are_on_screen_after_the_roll(make_server, phone: AppPage, percent) -> None:
    # Issue 43: nothing below the fold at 200 % text. After the Silent Angler's roll, the dice you take
    # were below it (10 px of them showed), and five 64 px dice took two rows even at 100 %.
    server = make_server()
    phone.page.context.add_init_script(text_size_script(percent))
    the_silent_anglers_first_day(server, phone)
    phone.tap(phone.button("Roll 5 dice"))
    dice = phone.page.get_by_role("checkbox", name=re.compile(r"^Die \d: d6 showing"))
    phone.see(dice)
    phone.page.evaluate(SETTLED)
    phone.shot(f"journal-angler-dice-{percent}-phone")
    boxes = [dice.nth(i).bounding_box() for i in range(dice.count())]
    assert len(boxes) == 5
    for box in boxes:  # the tree cuts a node to what shows: a die partly below the fold is not square
        assert box["height"] == box["width"] and box["y"] + box["height"] <= PHONE["height"] - 80, boxes
    assert len({box["y"] for box in boxes}) == 1, "five dice in one row"
