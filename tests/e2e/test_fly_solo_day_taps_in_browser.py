"""A Fly Solo Day as a table plays it, on one phone that is not the host (issue 43: 68 to 96 taps a Day; issue 65:
42 to 53): four rounds of four or five dice, the Silent Angler's casts, a column each, with two hooks, your seventh fish
said when you land it, then the Day's record with your seven fish, two hatch tokens and the Bonus Hatch Token.
Every tap is counted and checked against the Day's log: what each recorded."""

from __future__ import annotations

import re

from companion.store.journal import read_journal
from tests.browser import Taps
from tests.e2e.test_fly_solo_whole_game_in_browser import campaign
from tests.e2e.test_table_of_phones_in_browser import actions, join, wait_for

DIE = re.compile(r"^Die \d: d6 showing \d$")
BROOK = re.compile("^Hooked: a black Brook")  # a hooked fish's square
FISHES = "Bottom a fish, middle a fish, top a fish"  # the column's picture: a cast in one tap, a Strike card a fish
ROCKS = "Bottom a rock, middle a rock, top a rock"  # no Strike card drawn: no hook
ROUNDS = 4  # the Day's rounds: you land your seventh fish in the fourth
HOOKS = 2  # the README's target: a Day of at most 40 taps with two hooks of the Silent Angler's
TARGET = 40


def the_days_log(server) -> list[str]:
    """The types of the actions of the Silent Angler's Day, finished and kept in sessions/finished/."""
    [folder] = [f for f in (server.data_dir / "sessions" / "finished").iterdir() if (f / "head.json").exists()]
    return [action.type for action in read_journal(folder, repair=False).record.actions]


def test_a_day_as_the_table_plays_it_counted_tap_by_tap(make_server, a_phone) -> None:
    server = make_server(lan=True, players=("Ana",))
    phone = join(a_phone, server, "Ana", "/games/fly-solo/journal")
    phone.tap(phone.button("Start the adventure"))
    phone.see(phone.text("1 Badge to spend"))
    phone.tap(phone.button("1A"))
    phone.see(phone.text("0 Badges to spend"))
    tap = Taps()

    def recorded() -> int:
        return len(actions(server, "fly-solo-day"))

    def drawn() -> bool:
        """The phone shows what was recorded last: its Undo names it (a tap can record two actions, a take
        and the cast it starts). Read before, the screen was the one before the tap: on a loaded machine
        the test took a hook landed for a new one, and the Day's end for the next round's roll."""
        last = actions(server, "fly-solo-day")[-1]["label"]
        return phone.page.get_by_role("button", name=re.compile("^Undo: " + re.escape(last))).count() > 0 and \
            actions(server, "fly-solo-day")[-1]["label"] == last

    def act(locator) -> None:
        """A tap that records (one action or more): it is on disk and on the screen before the next tap, as
        a player waits to see what a tap did."""
        before = recorded()
        tap(locator)
        wait_for(lambda: recorded() > before and drawn(), server=server)

    tap(phone.button("Play Day 1 with the Silent Angler"))  # starts the Day
    hooks = rounds = 0
    while True:
        assert rounds <= ROUNDS, "the Day did not end with the round of your seventh fish"
        rounds += 1
        act(phone.button("Roll 5 dice" if rounds % 2 else "Roll 4 dice"))  # the round before ends with it
        for left in ("3 dice", "2 dice", "1 die"):  # each take drawn before the next
            phone.see(phone.page.get_by_text(re.compile(rf"take your three dice \({left} to go\)$")))
            act(phone.page.get_by_role("checkbox", name=DIE).first)
        while True:  # the Silent Angler's casts, a column each: fish until it has hooked twice, then rocks
            phone.page.wait_for_timeout(300)
            hooked, column = phone.text("HOOKED! Which fish?"), phone.button(FISHES if hooks < HOOKS else ROCKS)
            over = phone.button("Roll 4 dice")
            phone.see(hooked.or_(column).or_(over).or_(phone.button(f"End round {rounds}")))  # drawn after the tap
            if hooked.count():
                tap(phone.page.get_by_role("button", name=BROOK))  # its species and colour in one tap
                act(phone.button("Green token"))  # the first of the wheel's order it has
                hooks += 1
            elif column.count():
                act(column)
            else:
                break
        if rounds == ROUNDS:  # your seventh fish landed this round: one tap ends the round and the Day with it
            act(phone.button("You have 7 fish: the Day ends"))
            phone.see(phone.text("The Day is over"))
            break
    tap(phone.button("Send to the journal"))
    silent_angler = tap.count
    phone.see(phone.text("Your catch"))
    tap(phone.button("Tan token"))  # L1's Bonus Hatch Token, at the page's top
    for n in range(7):  # seven fish of yours: 3 points (the default), the last two 5
        if n == 5:
            tap(phone.button("Points on the card: 5"))
        tap(phone.page.get_by_role("button", name=re.compile(r"^Catch for you: gold Rainbow")))
        phone.see(phone.page.get_by_role("button", name=re.compile(rf"^Catch for you: gold Rainbow \({n + 1} ")))
    tap(phone.page.get_by_label("Yellow hatch tokens: 2").first)
    tap(phone.button("Record Day 1"))
    wait_for(lambda: len(campaign(server).days) == 1, server=server)
    log = the_days_log(server)
    assert rounds == ROUNDS and log.count("roll") == rounds and log.count("hook") == hooks
    # Each tap of the Silent Angler's Day recorded one action of its log, but: playing the Day and sending it
    # record none; a cast is no tap (the third die taken, or the cast before it ending, casts the next); the
    # end of a round is the next roll's tap, or your seventh fish's for the last; a hook's fish records nothing
    # itself.
    assert log.count("row") == 0 and log.count("column") == log.count("cast")  # a column a cast: one tap
    assert silent_angler == 2 + len(log) - log.count("cast") - rounds + hooks
    total = tap.count
    print(f"a Fly Solo Day of {rounds} rounds and {hooks} hooks: {total} taps ({silent_angler} for the Silent "
          f"Angler's Day, {total - silent_angler} to record yours)")
    assert hooks == HOOKS and total <= TARGET  # issue 65: the table took 42 to 53
