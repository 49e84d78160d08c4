"""One whole game of Salmon Run on three phones (seeds/002), Ana, Ben and Cy each on their own: the
set-up on Ana's phone (a Short game; nothing moves under the finger), the first player rolled, three
rounds played on the current player's phone (cards, a special hex, a jump, a Current every salmon
answers on its own phone, its rolls shown on every phone), a salmon in the spawning pond, play on to
the last player's turn (the rules' own end), the result saved and found in History. The taps each
round takes on all phones together are counted, and checked against the moves made."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser import AppPage
from tests.e2e.test_table_of_phones_in_browser import actions, join, phones, wait_for  # noqa: F401 (fixture)

GAME = "salmon-run"
NAMES = ("Ana", "Ben", "Cy")
SCREEN_HEIGHT = 740  # the phones' viewport (tests/e2e/conftest.py)


def taps_for(action: dict) -> int:
    """The taps a recorded move costs on the phones: the special hexes opened, one and the card it gives; a jump's two
    Swim cards and the jump; a Current followed along its one arrow (the arrow, then 'into a Waterfall?');
    one tap for anything else (a card played, the roll for two arrows, recorded before it is shown, and
    the answer after it, a Current that leaves the salmon where it is, the pond, the end of a turn)."""
    kind, data = action["type"], action["data"]
    if kind == "hex":
        return 3
    if kind == "jump":
        return 3
    if kind == "drift":
        return 2 if data["arrows"] == 1 else 1
    return 1


class Table:
    """The three phones, the taps made on them, and the session's log on the server."""

    def __init__(self, server, table: dict[str, AppPage]) -> None:
        self.server, self.phones, self.taps = server, table, 0

    def log(self) -> list[dict]:
        return actions(self.server, GAME)

    def tap(self, name: str, label: str, records: bool = True) -> None:
        """`name`'s phone taps `label`; a tap that records a move waits until the server has it."""
        before = len(self.log())
        self.phones[name].tap(self.phones[name].button(label))
        self.taps += 1
        if records:
            wait_for(lambda: len(self.log()) > before, server=self.server)

    def see_everywhere(self, text: str) -> None:
        for phone in self.phones.values():
            phone.see(phone.text(text))


def places(phone: AppPage, labels: list[str]) -> list[tuple[int, int]]:
    boxes = [phone.button(label).first.bounding_box() for label in labels]
    return [(round(b["x"]), round(b["y"])) for b in boxes]


def set_up(table: Table) -> None:
    """Ana's phone seats the three players in turn order, makes Cy's salmon yellow and a Short river:
    no chip moves when one is tapped."""
    ana = table.phones["Ana"]
    ana.see(ana.text("Tap the players in turn order (2 to 4)."))
    seated: list[str] = []

    def chips() -> list[str]:
        return [f"{seated.index(n) + 1}. {n}" if n in seated else n for n in NAMES]

    where = places(ana, chips())
    for name in NAMES:
        ana.tap(ana.button(name))
        seated.append(name)
        ana.see(ana.button(f"{len(seated)}. {name}"))
        assert places(ana, chips()) == where, f"the players' chips moved when {name} was tapped"
    colours = [f"Cy's salmon {c}" for c in ("red", "blue", "green", "yellow")]
    for colour in (colours[-1], colours[0]):  # under the pinned "Start the race", and none under the top
        ana.thumb_to(ana.button(colour))
    where = places(ana, colours)
    ana.tap(ana.button("Cy's salmon yellow"))
    ana.see(ana.page.get_by_role("checkbox", name="Cy's salmon yellow", checked=True))
    assert places(ana, colours) == where, "Cy's colours moved when one was tapped"
    lengths = ["Short 2", "Beginner 3", "Experienced 4", "Long 5", "Marathon 6"]
    for length in (lengths[-1], lengths[0]):
        ana.thumb_to(ana.button(length))
    where = places(ana, lengths)
    ana.tap(ana.button("Short 2"))
    ana.see(ana.page.get_by_role("checkbox", name="Short 2", checked=True))
    assert places(ana, lengths) == where, "the river's lengths moved when one was tapped"
    ana.see(ana.text("Lay the boards out like this (copy it at the table):"))
    ana.shot("salmon-whole-setup")
    start = ana.button("Start the race")  # pinned: on screen below a long set-up
    assert start.first.bounding_box()["y"] + start.first.bounding_box()["height"] <= SCREEN_HEIGHT
    ana.tap(start)


def turn_is_on(table: Table, name: str) -> None:
    """`name`'s phone shows their turn and its pinned end; the others show whose turn it is, nothing
    to play and no hex to record."""
    phone = table.phones[name]
    phone.see(phone.text(f"{name}'s turn: tap each card as you play it"))
    end = phone.button("End the turn").first
    phone.see(end)
    box = end.bounding_box()
    assert box["y"] + box["height"] <= SCREEN_HEIGHT  # on screen, however long the page
    for other, their in table.phones.items():
        if other != name:
            their.see(their.page.get_by_text(re.compile(rf"^{name} has played \d of 3 cards\.$")))
            assert their.page.get_by_role("button", name=re.compile("^Play ")).count() == 0
            assert their.page.get_by_text(re.compile("salmon moved onto:")).count() == 0


def a_current(table: Table, order: list[str]) -> None:
    """The first player plays the Current; each salmon answers on its own phone: the second follows
    its hex's one arrow, the third's two arrows are rolled, the first stays. The rolls, once all are
    in, on every phone."""
    first, second, third = order
    table.tap(first, "Play Current")
    table.tap(second, "1 arrow", records=False)
    table.tap(second, "No Waterfall: done")
    roller = table.phones[third]
    table.tap(third, "2 arrows (roll)")  # the roll is recorded, then shown
    rolled = re.compile(rf"^{third} rolled (\d) \((odd|even)\): follow arrow ([12])\.$")
    roller.see(roller.page.get_by_text(rolled))
    roll = int(rolled.match(roller.page.get_by_text(rolled).inner_text()).group(1))
    roller.see(roller.text(f"d6 showing {roll}"))  # the die the app rolled, drawn
    roller.shot("salmon-whole-roll")
    table.tap(third, "No Waterfall: done")
    roller.see(roller.page.get_by_text(re.compile(rf"^You rolled {roll} ")))  # on the roller's phone only
    for name, phone in table.phones.items():  # secret until the last answer is in
        assert name == third or phone.page.get_by_text(re.compile(rf"^{third} rolled \d")).count() == 0
    table.tap(first, "0 arrows: it stays")
    [answer] = [a for a in table.log() if a["type"] == "drift" and a["data"]["arrows"] == 2]
    [recorded] = [a for a in table.log() if a["type"] == "roll"]
    assert answer["data"]["roll"] == recorded["data"]["roll"] == roll
    line = f"{third} rolled {roll} ({'odd' if roll % 2 else 'even'}): arrow {1 if roll % 2 else 2}"
    table.see_everywhere(line)
    table.see_everywhere(f"{second}: 1 arrow, followed it")
    table.see_everywhere(f"{first}: 0 arrows, stayed")
    watcher = table.phones[second]
    watcher.page.get_by_text(line).scroll_into_view_if_needed()
    watcher.shot("salmon-whole-reveal")


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at each text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_a_whole_game_on_three_phones_from_the_set_up_to_history(make_server, phones, percent) -> None:  # noqa: F811
    server = make_server(lan=True, players=NAMES)
    table = Table(server, dict(zip(NAMES, phones(len(NAMES), text_size=percent))))
    for name, phone in table.phones.items():
        join(phone, server, name, "/games/salmon-run/race")
    set_up(table)

    table.phones["Ben"].see(table.phones["Ben"].text("Roll the die for the first player."))
    table.tap("Ben", "Roll for the first player")  # pinned, on any player's phone
    [first] = table.log()
    starter = first["data"]["rolls"][-1] - 1
    order = [NAMES[(starter + i) % 3] for i in range(3)]  # clockwise from the first player
    table.see_everywhere(first["label"])  # the roll on the turn's lines of every phone, with its die
    for phone in table.phones.values():
        phone.see(phone.text(f"d6 showing {first['data']['rolls'][-1]}"))
    table.phones[order[0]].shot("salmon-whole-first")

    rounds: list[int] = []
    taps = table.taps
    # Round 1: a Current hex gives the first player a Current card; two cards; a jump.
    p0, p1, p2 = order
    turn_is_on(table, p0)
    table.phones[p0].shot("salmon-whole-turn")
    table.tap(p0, f"{p0}'s salmon moved onto a special hex or a Bear", records=False)  # the hexes, folded
    table.tap(p0, "Current hex", records=False)
    table.tap(p0, "Take Current")
    table.tap(p0, "Play Swim Forward")
    table.phones[p1].shot("salmon-whole-onlooker")
    table.tap(p0, "End the turn")
    turn_is_on(table, p1)
    table.see_everywhere(f"{p0}'s turn, just ended:")
    table.tap(p1, "Play Swim Forward")
    table.tap(p1, "Play Swim Left")
    table.tap(p1, "End the turn")
    turn_is_on(table, p2)
    table.tap(p2, "Jump card: Swim Forward", records=False)
    table.tap(p2, "Jump card: Swim Right", records=False)
    table.tap(p2, "Jump with Swim Forward + Swim Right")
    table.tap(p2, "End the turn")
    rounds.append(table.taps - taps)

    # Round 2: the Current, answered on every phone; one card each.
    taps = table.taps
    turn_is_on(table, p0)
    a_current(table, order)
    table.tap(p0, "Play Swim Left")
    table.tap(p0, "End the turn")
    for name in (p1, p2):
        turn_is_on(table, name)
        table.tap(name, "Play Swim Right")
        table.tap(name, "End the turn")
    rounds.append(table.taps - taps)

    # Round 3: the first player's salmon reaches the spawning pond; play goes on to the last player's turn.
    taps = table.taps
    turn_is_on(table, p0)
    table.tap(p0, "Play Swim Forward")
    table.tap(p0, f"{p0}'s salmon reached the spawning pond")
    table.see_everywhere(f"{p0} is in the spawning pond: the race ends when {p2} ends the turn.")
    table.phones[p1].shot("salmon-whole-pond")
    table.tap(p0, "End the turn")
    for name in (p1, p2):
        turn_is_on(table, name)
        table.tap(name, "End the turn")
    rounds.append(table.taps - taps)
    table.see_everywhere(f"{p0} wins")
    table.phones[p1].shot("salmon-whole-over")

    # The taps of each round, counted on the phones, are what its moves cost.
    log = table.log()
    ends = [i for i, a in enumerate(log) if a["type"] == "end"]
    assert len(ends) == 9 and log[-1]["type"] == "end"
    bounds = [0, ends[2], ends[5], ends[8]]
    expected = [sum(taps_for(a) for a in log[bounds[r] + 1:bounds[r + 1] + 1]) for r in range(3)]
    assert rounds == expected
    print(f"taps per round, 3 players: {sum(rounds) / len(rounds):.1f} (rounds: {', '.join(map(str, rounds))}); "
          f"scrolls in the race: {sum(p.scrolls for p in table.phones.values())} "
          f"({[(name, p.scrolled_to) for name, p in table.phones.items() if p.scrolled_to]})")

    # Saved on one phone: the result on every phone, and in History.
    saver = table.phones[p1]
    saver.tap(saver.button("Save to history"))
    table.see_everywhere("Saved to History")
    [play] = json.loads((server.data_dir / "archive.json").read_text())["plays"].values()
    assert play["game"] == GAME and play["winners"] == [p0]
    saver.tap(saver.button("See it in History"))
    saver.see(saver.text(f"{p0} wins"))
    saver.shot("salmon-whole-history")
