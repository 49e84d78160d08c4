"""A whole Fly Solo adventure on two phones (seeds/000, FLY SOLO and THE ADVENTURE MAP): the player's
phone keeps the journal and records each Day, an assistant's phone runs the Silent Angler. Four Days
won in a row beat the four Locations and win the adventure; the taps of each Day are counted."""

from __future__ import annotations

import re

import pytest

from companion.core.actions import Action
from companion.core.session_log import replay
from companion.games.fly_solo import journal as j
from tests.browser import SCREENSHOTS, SETTLED, AppPage, Taps
from tests.e2e.test_table_of_phones_in_browser import phones, table_of, wait_for  # noqa: F401 (fixture)

DIE = re.compile(r"^Die \d: d6 showing \d$")
BROOK = re.compile(r"^Catch for you: black Brook")
COHO = re.compile(r"^Catch for you: green Coho")


def yours(phone: AppPage):
    """The record's switch on your sheet (at 200 % text its tick and colour say whose sheet it is)."""
    return phone.page.get_by_role("checkbox", name=re.compile(r"^You: \d+$"), checked=True)


def campaign(server):
    """The adventure as the server saved it, replayed by the journal's rules."""
    [doc] = [d for d in server.session_files() if d["game"] == j.GAME]
    return replay(j.RULES, doc["setup"], [Action(a["type"], a["data"], a.get("label", "")) for a in doc["actions"]])


ROCKS = "Bottom a rock, middle a rock, top a rock"  # the picture of a column of rocks


def the_silent_anglers_day(assistant: AppPage, tap: Taps, day: int, shots: bool) -> None:
    """One round: four dice, you take three (its die is cast with the third), the Silent Angler's cast
    drifts over three rocks (the column's picture, one tap: no card, no fish, its track moves a space), and
    you have landed your seventh fish: the Day ends."""
    tap(assistant.button(f"Play Day {day} with the Silent Angler"))  # starts the Day
    tap(assistant.button("Roll 4 dice"))
    for left in ("3 dice", "2 dice", "1 die"):
        assistant.see(assistant.page.get_by_text(re.compile(rf"take your three dice \({left} to go\)$")))
        tap(assistant.page.get_by_role("checkbox", name=DIE).first)
    assistant.see(assistant.page.get_by_text(re.compile(r"^Column \d, bottom to top:$")))
    if shots:
        assistant.shot("flysolo-whole-angler-cast")
    tap(assistant.button(ROCKS))
    tap(assistant.button("You have 7 fish: the Day ends"))  # and round 1 with it
    assistant.see(assistant.text("The Day is over"))
    if shots:
        assistant.shot("flysolo-whole-angler-day-over")
    tap(assistant.button("Send to the journal"))
    assistant.see(assistant.labelled("Back to the adventure"))  # its phone on the Day's record


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at each text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_a_whole_adventure_on_the_players_phone_and_an_assistants(make_server, phones,  # noqa: F811
                                                                  percent) -> None:
    server = make_server(lan=True, players=("Ana",))
    table = table_of(server, phones, ("Ana", "The whole table"), "/games/fly-solo/journal", text_size=percent)
    player, assistant = table["Ana"], table["The whole table"]

    player.tap(player.button("Start the adventure"))  # the suggested name
    player.see(player.text("1 Badge to spend"))
    player.tap(player.button("1A"))  # the free Badge: a first Momentum tile
    player.see(player.text("0 Badges to spend"))
    player.shot("flysolo-whole-adventure")
    [name] = [campaign(server).name]
    assistant.tap(assistant.card(name))
    assistant.see(assistant.button("Play Day 1 with the Silent Angler"))

    per_day, scrolled = [], []
    for day, location in enumerate(j.RULES.adventure.locations, start=1):
        tap = Taps(settle=True)
        the_silent_anglers_day(assistant, tap, day, shots=day == 1)
        # The player's phone, from the page's top: the Bonus Hatch Token, your own catch (seven black Brook of
        # 4), and record; each tap as a finger makes it, scrolling only where the player would have to.
        tap(player.button(f"Record Day {day}"))
        player.see(yours(player))
        if percent == 200 and not location.bonus_hatch_token:
            player.shot("text-200-fly-solo-record", into=SCREENSHOTS)  # the points on screen as it opens
        if location.bonus_hatch_token:
            tap(player.button("Tan token"))
            player.see(player.text("You gained 0 tan tokens: +0"))
        tap(player.button("Points on the card: 4"))
        # The points typed bring their fish into view under them, every species at 100 % (the eighth, the Coho,
        # was 47 px under the pinned action while the tab bar was under it: the record has none).
        if percent == 100:
            wait_for(lambda: player.on_screen(player.page.get_by_role("button", name=COHO)))
        for n in range(7):
            tap(player.page.get_by_role("button", name=BROOK))
            player.see(player.page.get_by_role("button", name=re.compile(rf"^Catch for you: black Brook \({n + 1} ")))
        player.see(player.text("You beat the Silent Angler"))
        if day == 1:
            player.page.evaluate(SETTLED)
            player.tap(player.button("Silent Angler: 1"))  # its Day, from the assistant: no fish, track space 1
            player.see(player.page.get_by_role("checkbox", name=re.compile(r"^Silent Angler: \d+$"), checked=True))
            player.shot("flysolo-whole-record-angler")
            player.page.evaluate(SETTLED)
            player.tap(player.page.get_by_role("checkbox", name=re.compile(r"^You: \d+$")))
            player.see(yours(player))
            player.shot("flysolo-whole-record-you")
        tap(player.button(f"Record Day {day}"))
        wait_for(lambda: len(campaign(server).days) == day, server=server)
        tap(assistant.labelled("Back to the adventure"))
        per_day.append(tap.count)
        scrolled.append(tap.scrolls)
        print(f"taps for Day {day} (L{location.id}), both phones: {tap.count}; scrolls: {tap.scrolls} {tap.scrolled_to}")
        if day == 1:
            player.see(player.text("Day 2 setup: L2 Hunter's Cabin"))
            player.shot("flysolo-whole-day-1-recorded")

    # Each Day: the assistant's 9 (play the Day, roll, three dice (the last casts its die), the column of
    # three rocks, your seven fish and the round's end in one tap, send, back) and the player's 11 (open,
    # the points, seven fish, the Bonus Hatch Token, record); at L4 there is no Bonus Hatch Token.
    assert per_day == [20, 20, 20, 19]
    # Issue 62: no scroll of the player's in a Day. The record brings its points and fish into view after the
    # Bonus Hatch Token's tap and each tap on the points: the Brook, below the fold at the record's top, was a
    # scroll each Day.
    # At 200 %: one a Day, the Brook under the points and all eight species. At L4, with no Bonus Hatch Token to
    # tap first (whose tap brings the points into view), the points are on screen as the record opens: there the
    # switch's tick and colour say whose sheet it is, without a line of their own or the form's heading (their
    # room put the points under the fold, a second scroll at L4).
    assert scrolled == ([0, 0, 0, 0] if percent == 100 else [1, 1, 1, 1]), scrolled
    won = campaign(server)
    assert won.status(j.RULES.adventure) == "won" and [d.score.result for d in won.days] == ["win"] * 4
    player.see(player.text("You won the adventure: all four Locations beaten in 4 Days!"))
    player.shot("flysolo-whole-won")
    assistant.see(assistant.text("You won the adventure: all four Locations beaten in 4 Days!"))
    player.tap(player.tab("History"))
    player.tap(player.button("Fly Solo"))
    player.tap(player.card(name))  # the adventure's story, kept in History
    player.see(player.page.get_by_text(re.compile(r"^Won · 4 of 7 Days")))
    player.see(player.text("Adventure won: every Location beaten"))
    player.shot("flysolo-whole-history")
    # Won is finished (issue 63: a won adventure was still "Resume" on the Games card, among the Unfinished
    # sessions, and a Discard there wiped it): History keeps it, nothing offers it as unfinished.
    player.tap(player.tab("Games"))
    player.see(player.page.get_by_role("button", name=re.compile("^Fleet Dice")))
    assert player.page.get_by_role("button", name=re.compile("^Resume")).count() == 0
    player.tap(player.labelled("Unfinished sessions"))
    player.see(player.text("Nothing unfinished"))
    player.shot("flysolo-whole-won-not-unfinished")
