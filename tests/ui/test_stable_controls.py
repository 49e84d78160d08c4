"""A control whose meaning did not change keeps its identity across redraws (issue 43): the phone drops a
tap whose button was replaced under the finger (Flutter keys a button's widget by its control id), so
while the other phone fills the same Fly Solo Day, every control the player could tap on this phone
that still looks the same (its type, words, key and selection) is the same control: the same id, the
same key. The shared parts keep it so: a number pad drawn anew goes in a `slot` (a list, which Flet
matches by key, where a Container's content is sent again whole), and a number pad, a chip and a row of
tiles are keyed, wrappers included; companion/ui/flet_diff.py mends Flet's diff where it lost a control
both drawings held. (The Silent Angler's page and the table games' pages still replace some: issue 43.)"""

from __future__ import annotations

import random
from collections import Counter

import flet as ft

from companion.ui.taps import PLAYER_EVENTS
from tests.headless import label_of, walk
from tests.ui.test_journal import new_adventure

STEPS = 60
LEAVING = ("back", "discard", "undo", "redo", "help", "save", "new-game", "history", "game-parts", "finish",
           "all adventures")  # what leaves the screen, or ends or files the game


def tappable(page) -> list:
    """What a player can tap on the screen (not its app bar or navigation bar)."""
    return [c for c in walk(page.page.views[-1].controls) if not getattr(c, "disabled", False)
            and any(getattr(c, "_values", {}).get(f"on_{e}") for e in PLAYER_EVENTS)]


def look(control) -> tuple:
    """What the player sees of a control."""
    return (type(control).__name__, label_of(control), str(control.key), getattr(control, "selected", None),
            getattr(control, "icon", None))


def identity(control) -> tuple:
    return control._i, str(control.key)


async def test_fly_solos_day_keeps_its_controls_while_the_other_phone_fills_it(app) -> None:
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    route = f"/games/fly-solo/journal/{session.id}/record"
    mine = await app.open(route)
    other = await app.open(route, phone="192.0.2.8", player="table")
    rng = random.Random(3)
    outcome: Counter = Counter()
    start, drawn = session.revision, len(mine.conn.sent)
    for _ in range(STEPS):
        before: dict[tuple, list] = {}
        for control in tappable(mine):
            before.setdefault(look(control), []).append(identity(control))
        offered = [c for c in tappable(other) if getattr(c, "on_click", None)]
        offered = [c for c in offered if not any(word in f"{c.key} {label_of(c)}".lower() for word in LEAVING)]
        await other.tap(rng.choice(offered))
        if other.routes()[-1] != route:
            await other.route(route)
        await app.settle()
        for control in tappable(mine):
            earlier = before.get(look(control))
            if earlier:
                outcome[earlier.pop(0) == identity(control)] += 1
    assert session.revision > start + STEPS // 3, "the other phone's taps moved nothing on"
    assert len(mine.conn.sent) > drawn, "this phone was never drawn again"
    assert outcome[True] > 1000 and outcome[False] == 0, outcome


async def test_flets_diff_keeps_a_control_both_drawings_hold(app) -> None:
    # companion/ui/flet_diff.py: Flet 1.0.5 dropped from the page's index a control that a new column,
    # matched with the old one by key, held again (a tray of dice a screen keeps).
    page = await app.open("/dice")
    body = ft.Column()
    page.page.views[0].controls.append(body)
    page.page.update()
    kept = ft.Button("Kept", key="kept", on_click=lambda e: None)
    tray = ft.Row([kept])
    for _ in range(3):
        body.controls = [ft.Column([ft.Text("Take a die"), tray], key="pick")]
        page.page.update()
        assert page.session.index.get(kept._i) is kept and page.session.index.get(tray._i) is tray
