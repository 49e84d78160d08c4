"""A whole pearl boat game on three phones, one per player (seed 003), from the set-up to the saved
result in History: the turn order rolled in one tap, the shortest game with a hidden duel the rules
allow (two rounds: the second boat brings two fish to a drop-off point in round 1; in round 2 it
engages the first boat in a hidden duel, catches a third fish and reaches the fish market), each
player's taps on their own phone, counted per round against what the moves made call for."""

from __future__ import annotations

import pytest

from companion.core.actions import Action
from companion.core.session_log import replay
from companion.games.pearl_boat import rules as pb
from tests.browser import AppPage, moment
from tests.e2e.test_table_of_phones_in_browser import (  # noqa: F401 (fixture)
    actions,
    phones,
    table_of,
    wait_for,
)

NAMES = ("Ana", "Ben", "Cy")


def state(server):
    [doc] = [d for d in server.session_files() if d["game"] == pb.GAME]
    return replay(pb.RULES, doc["setup"], [Action(a["type"], a["data"], a.get("label", "")) for a in doc["actions"]])


CARD_MOVES = ("use", "trade", "sell", "discard", "offer")  # made from a card of the boat's, opened first


def taps_called_for(log: list[dict]) -> int:
    """The taps the moves in `log` call for on these screens: one per move, but one for the whole
    turn-order roll-off, none for a delivery in the tap that reached the fish market, one more for
    the fish market's steps chosen before a move, and one more for a card of the boat's opened first."""
    taps = 1 if any(a["type"] == "order" for a in log) else 0
    for before, action in zip([None, *log], log):
        kind = action["type"]
        if kind == "order":
            continue
        by_itself = before is not None and (
            kind == "deliver" and before["type"] == "move" and "to_market" in before["data"])
        taps += 0 if by_itself else 1
        taps += 1 if kind == "move" and "to_market" in action["data"] else 0
        taps += 1 if kind in CARD_MOVES else 0
    return taps


class Table:
    """The phones, and the taps made on each."""

    def __init__(self, server, table: dict[str, AppPage]) -> None:
        self.server, self.phones, self.taps = server, table, 0
        self.turn_scrolls: list[int] = []  # the scrolls each turn took, in the order played

    def turn_ends(self) -> None:
        """Note the scrolls the turn just played took (all phones': only the acting one taps)."""
        self.turn_scrolls.append(sum(p.scrolls for p in self.phones.values()) - sum(self.turn_scrolls))

    def tap(self, name: str, button: str, records: bool = True) -> None:
        """`name` taps `button` on their own phone once its page stands still (at large text the app brings each
        step of the turn to the page's top: a player looks before tapping); it is recorded (unless it only
        chooses) before the next."""
        before = len(actions(self.server, pb.GAME))
        self.phones[name].tap(self.phones[name].button(button), settle=True)
        self.taps += 1
        if records:
            wait_for(lambda: len(actions(self.server, pb.GAME)) > before, server=self.server)

    def see_everywhere(self, text: str) -> None:
        for phone in self.phones.values():
            phone.see(phone.text(text))


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at each text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_a_whole_game_with_a_hidden_duel_on_three_phones(make_server, phones, percent) -> None:  # noqa: F811
    server = make_server(lan=True, players=NAMES)
    table = Table(server, table_of(server, phones, NAMES, "/games/pearl-boat/voyage", text_size=percent))
    ana = table.phones["Ana"]
    for name in NAMES:
        ana.tap(ana.button(name))
    ana.shot("pearl-whole-setup")
    ana.tap(ana.button("Start the game"))
    table.see_everywhere("Everyone rolls a d6 for turn order; ties roll again.")
    ana.shot("pearl-whole-order")

    table.tap("Ana", "Roll for turn order")  # every roll-off, ties and all, in one tap
    wait_for(lambda: state(server).phase == pb.PLAY, server=server)
    first, second, third = (NAMES[s] for s in state(server).order)
    table.see_everywhere(f"Round 1: {first}'s turn.")
    table.phones[first].shot("pearl-whole-round-1-first")
    taps = [table.taps]

    # Round 1. The first boat moves, lands on +4 pearls, draws a 6 (Slow down) and ends its turn.
    for button in ("d6 rolled 3", "+4 pearls", "d8 rolled 6", "End the turn"):
        table.tap(first, button)
    table.turn_ends()
    # The second catches two fish and takes them to a drop-off point (they arrive at its next turn).
    table.see_everywhere(f"Round 1: {second}'s turn.")
    for button in ("d6 rolled 3", "+4 pearls", "Salmon", "Rainbow Trout", "Drop off the fish"):
        table.tap(second, button)
    table.phones[second].shot("pearl-whole-round-1-drop-off")
    table.tap(second, "d8 rolled 7")  # Steal fuel, kept
    table.tap(second, "End the turn")
    table.turn_ends()
    # The third rolls and draws in the app: the turn's next step is always the pinned button.
    table.see_everywhere(f"Round 1: {third}'s turn.")
    table.tap(third, "Roll to move")
    table.tap(third, "+2 pearls")
    table.tap(third, "Draw a chance card")
    table.tap(third, "End the turn")
    table.turn_ends()
    taps.append(table.taps)

    # Round 2. The first boat trades its attack for a hidden attack, then plays its turn.
    table.see_everywhere(f"Round 2: {first}'s turn.")
    first_phone = table.phones[first]
    table.tap(first, f"{first}'s card Slow down: its uses", records=False)  # near the turn's top (issue 62)
    first_phone.see(first_phone.text(f"{first}'s card: Slow down"))
    first_phone.shot("pearl-whole-round-2-cards")  # the card's uses in the turn's place, in view
    for button in ("Trade Slow down for a hidden attack", "d6 rolled 2", "+3 pearls", "d8 rolled 1", "End the turn"):
        table.tap(first, button)
    table.turn_ends()
    # The second's fish arrive; it trades too and engages the first in a hidden duel.
    table.see_everywhere(f"Round 2: {second}'s turn.")
    table.tap(second, f"{second}'s card Steal fuel: its uses", records=False)
    table.tap(second, "Trade Steal fuel for a hidden attack")
    table.tap(second, f"{second}'s card Hidden attack: its uses", records=False)
    table.tap(second, f"Hidden attack on {first}")
    table.phones[first].see(table.phones[first].text(f"{first}: choose in secret"))
    table.phones[third].see(table.phones[third].text(f"A hidden duel: {second} and {first} choose in secret."))
    table.phones[first].shot("pearl-whole-duel")
    at = moment()  # both choose at the same moment, each on their own phone
    table.phones[first].tap_together(["Net"], at)
    table.phones[second].tap_together(["Anchor"], at)
    table.taps += 2
    wait_for(lambda: state(server).last_duel is not None, server=server)
    table.see_everywhere(f"{second} Anchor, {first} Net: {first} wins, {second} pays 2 pearls.")
    table.phones[third].shot("pearl-whole-duel-revealed")
    if percent == 200:  # the duel's result at the turn's foot: the table's d6 on screen as the turn comes
        rolling = table.phones[second]
        wait_for(lambda: rolling.on_screen(rolling.button("d6 rolled 4")))
    # A third fish, and the fish market 2 steps away: the roll reaches it and delivers in the same tap.
    table.tap(second, "Halibut")
    table.tap(second, "Fish market: 2 steps", records=False)
    table.tap(second, "d6 rolled 4")
    wait_for(lambda: state(server).over, server=server)
    table.turn_ends()
    taps.append(table.taps)
    table.see_everywhere(f"{second} wins.")
    table.phones[third].shot("pearl-whole-won")

    log = actions(server, pb.GAME)
    assert [a["type"] for a in log if a["type"] in ("deliver", "duel_choose")] == ["duel_choose", "duel_choose",
                                                                                     "deliver"]
    assert table.taps == taps_called_for(log) == 1 + (4 + 7 + 4) + (5 + 7 + 3)
    rounds = len(taps) - 1
    print(f"taps per round, 3 players: {table.taps / rounds:.1f} "
          f"(round 1: {taps[1] - taps[0]}, round 2: {taps[2] - taps[1]}, turn order: {taps[0]}); "
          f"scrolls: {sum(p.scrolls for p in table.phones.values())} "
          f"({[(name, p.scrolled_to) for name, p in table.phones.items() if p.scrolled_to]}); "
          f"a turn: {table.turn_scrolls}")
    # An ordinary turn needs no scroll at 100 % text, at most one at 200 % (issue 62); the duel's turn, which
    # catches a fish before its roll (under the table's d6 and the fish market's keys) and rolls after, two at
    # 200 % (its roll alone, none: the duel's result is at the turn's foot at large text).
    assert len(table.turn_scrolls) == 5  # three turns in round 1, two in round 2
    ordinary, duel_turn = table.turn_scrolls[:-1], table.turn_scrolls[-1]
    assert max(ordinary) <= (0 if percent == 100 else 1) and duel_turn <= (0 if percent == 100 else 2), \
        table.turn_scrolls

    # The result saved on the third's phone stays on every phone; History has it.
    table.phones[third].tap(table.phones[third].button("Save to history"))
    table.see_everywhere("Saved to History")
    table.phones[first].shot("pearl-whole-saved")
    ana.tap(ana.button("See it in History"))
    ana.see(ana.text(f"{second} wins"))
    ana.shot("pearl-whole-history")
