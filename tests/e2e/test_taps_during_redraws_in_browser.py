"""No tap is lost while other phones' moves redraw the screen (issue 43): four phones that are not the
host tap Roll on one table's Dice at random moments, each redrawn by the other three's rolls all the
while; every tap a phone made is a roll recorded as its player's. A redraw updates the Roll button in
place (its meaning did not change), and a tap on a control a redraw did replace still runs the handler
the player saw (companion/ui/taps.py)."""

from __future__ import annotations

import collections

from tests.e2e.test_table_of_phones_in_browser import actions, join, phones, wait_for  # noqa: F401 (fixture)

NAMES = ("Ana", "Ben", "Cy", "Dee")
TAPS = 75  # a phone's taps: 300 in all
ROLL = "Roll 2 d6"
TAPPING = """([label, count]) => {  // returns at once: the phones tap together
  window.companionMade = 0;
  const tap = () => {
    const button = [...document.querySelectorAll('flt-semantics[role=button]')]
      .find(e => e.textContent.trim() === label);
    if (button) { button.click(); window.companionMade++; }
    if (window.companionMade < count) setTimeout(tap, 60 + Math.random() * 340);
  };
  tap();
}"""
MADE = "() => window.companionMade"


def test_taps_on_one_phone_while_three_others_redraw_it_are_all_kept(make_server, phones) -> None:
    server = make_server(lan=True, players=NAMES)
    table = dict(zip(NAMES, phones(len(NAMES))))
    for name, phone in table.items():
        join(phone, server, name, "/dice")
    for phone in table.values():
        phone.page.evaluate(TAPPING, [ROLL, TAPS])
    wait_for(lambda: all(phone.page.evaluate(MADE) == TAPS for phone in table.values()), timeout=300, server=server)
    rolled = lambda: collections.Counter(a["who"] for a in actions(server, "table") if a["type"] == "dice.roll")
    wait_for(lambda: sum(rolled().values()) >= len(NAMES) * TAPS, timeout=60, server=server)
    assert rolled() == collections.Counter({name: TAPS for name in NAMES})
