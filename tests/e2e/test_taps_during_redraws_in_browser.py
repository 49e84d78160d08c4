"""No tap is lost while other phones' moves redraw the screen (issue 43). Four phones that are not the
host tap at random moments, each redrawn by the other three's taps all the while; every tap a phone made
is an action recorded as its player's.
- On one table's Dice, Roll (tapped through the accessibility tree): a redraw updates the button in
  place, and a tap on a control a redraw did replace still runs the handler the player saw
  (companion/ui/taps.py).
- On Freshwater Fly's score sheets, each phone filling its own, tapped as a finger taps: a pointer goes
  down on the key, stays a moment and comes up, through Flutter's own gesture handling. Flutter drops a
  tap whose button the server replaced while the finger was down, so this holds only because a control
  that still means the same is the same control on every redraw (companion/ui/sibling_keys.py,
  companion/ui/flet_diff.py; at 39ffbb7, before the number pads were keyed, taps were lost here). A
  message said on the phone (its "will not keep the screen awake") is a line under the page, not over
  it: as Flutter's snack bar it took the first tap of the phones whose message was still shown."""

from __future__ import annotations

import collections
import time

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
MADE = "() => window.companionError || window.companionMade"

PAD = "Yellow hatch tokens"
FINGER_TAPS = 60  # a phone's finger taps: 240 in all
FINGER = """([pad, count]) => {  // returns at once: the phones tap together
  window.companionMade = 0;
  const pause = ms => new Promise(done => setTimeout(done, ms));
  const node = label => [...document.querySelectorAll('flt-semantics')]
    .find(e => (e.getAttribute('aria-label') || e.textContent).trim() === label);
  const chosen = e => e && (e.getAttribute('aria-checked') === 'true' || e.getAttribute('aria-selected') === 'true');
  const press = async e => {  // a finger: down on the button's middle, a moment, up
    const r = e.getBoundingClientRect();
    const at = {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true,
                composed: true, pointerId: 1, pointerType: 'touch', isPrimary: true, button: 0};
    const target = document.elementFromPoint(at.clientX, at.clientY);
    target.dispatchEvent(new PointerEvent('pointerdown', {...at, buttons: 1}));
    await pause(40 + Math.random() * 80);
    target.dispatchEvent(new PointerEvent('pointerup', {...at, buttons: 0}));
  };
  (async () => { try {
    for (let n = 0; n < count; n++) {
      const label = `${pad}: ${1 + n % 2}`;
      let key = node(label);
      for (let wait = 0; !(key && !chosen(key)) && wait < 200; wait++) { await pause(25); key = node(label); }
      for (let tries = 0; tries < 20; tries++) {  // a finger taps only what is drawn under it
        const r = key.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y), there = hit && hit.closest && hit.closest('flt-semantics');
        if (there && (there === key || key.contains(there))) break;
        key.scrollIntoView({block: 'center'});  // off screen, or under a bar: scroll, let it settle
        await pause(600);
        key = node(label);
      }
      await press(key);
      window.companionMade++;
      for (let wait = 0; !chosen(node(label)) && wait < 400; wait++) await pause(25);  // its answer shown
      await pause(Math.random() * 250);
    }
  } catch (error) { window.companionError = String(error); } })();
}"""


def tap_on_every_phone(table: dict, script: str, args: list, taps: int) -> None:
    """Every phone runs `script` at once; back when each has made its `taps` taps."""
    for phone in table.values():
        phone.page.evaluate(script, args)
    made = lambda: {name: phone.page.evaluate(MADE) for name, phone in table.items()}
    deadline = time.monotonic() + 600  # a loaded machine's patience, not a measure
    while set(made().values()) != {taps}:
        assert time.monotonic() < deadline, f"taps made by each phone (or its error): {made()}"
        time.sleep(0.5)


def test_taps_on_one_phone_while_three_others_redraw_it_are_all_kept(make_server, phones) -> None:
    server = make_server(lan=True, players=NAMES)
    table = dict(zip(NAMES, phones(len(NAMES), told=False)))  # its notice said as they tap
    for name, phone in table.items():
        join(phone, server, name, "/dice")
    tap_on_every_phone(table, TAPPING, [ROLL, TAPS], TAPS)
    rolled = lambda: collections.Counter(a["who"] for a in actions(server, "table") if a["type"] == "dice.roll")
    wait_for(lambda: sum(rolled().values()) >= len(NAMES) * TAPS, timeout=60, server=server)
    assert rolled() == collections.Counter({name: TAPS for name in NAMES})


def test_finger_taps_on_a_screen_three_other_phones_redraw_are_all_kept(make_server, phones) -> None:
    server = make_server(lan=True, players=NAMES)
    table = dict(zip(NAMES, phones(len(NAMES), told=False)))  # its notice said as they tap
    for name, phone in table.items():
        join(phone, server, name, "/games/freshwater-fly/score")
    ana = table["Ana"]
    for name in NAMES:
        ana.tap(ana.button(name))
    ana.tap(ana.button("Start scoring"))
    for name, phone in table.items():
        phone.see(phone.button(f"{PAD}: 1"))
        phone.thumb_to(phone.button(f"{PAD}: 2"))  # the pad on screen, as the player scrolls to it
        phone.settle()
    tap_on_every_phone(table, FINGER, [PAD, FINGER_TAPS], FINGER_TAPS)
    kept = lambda: collections.Counter(a["who"] for a in actions(server, "freshwater-fly-score"))
    deadline = time.monotonic() + 60  # the last taps' way to the disk
    while sum(kept().values()) < len(NAMES) * FINGER_TAPS and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kept() == collections.Counter({name: FINGER_TAPS for name in NAMES}), "taps kept of each phone's 60"
