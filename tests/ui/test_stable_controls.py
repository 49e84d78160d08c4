"""A control whose meaning did not change keeps its identity across redraws (issue 43): the phone drops a
tap whose button was replaced under the finger (Flutter keys a button's widget by its control id), so
while the game moves on (another phone's taps on the same Fly Solo Day, its record or the Silent
Angler's turns; random moves of every table game), every control the player could tap on this phone
that still looks the same (its type, words, key and selection) is the same control: the same id, the
same key. Each drawing's new controls are keyed by what they show (companion/ui/sibling_keys.py), and
companion/ui/flet_diff.py mends Flet's diff where it lost, froze or mixed up controls kept across
drawings."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Iterator

import flet as ft
import pytest

from companion.core.errors import DomainError
from companion.games.registry import GAMES
from companion.ui.taps import PLAYER_EVENTS
from tests.headless import label_of, walk
from tests.ui.test_journal import new_adventure, start_assistant

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


def drawn(page) -> dict[tuple, set]:
    """Each look on the page and the controls that have it. Not the Undo and Redo: they are drawn anew
    whenever what they take back changes, even in the same words (components/undo_bar.py)."""
    found: dict[tuple, set] = {}
    for control in tappable(page):
        if str(control.key) not in ("undo", "redo"):
            found.setdefault(look(control), set()).add(identity(control))
    return found


def compare(before: dict[tuple, set], after: dict[tuple, set], outcome: Counter) -> None:
    """Of the controls that look as they did, how many are the same (True) and how many are new (False)."""
    for seen, now in after.items():
        kept = len(now & before.get(seen, set()))
        outcome[True] += kept
        outcome[False] += min(len(now), len(before.get(seen, ()))) - kept


def body(page):
    """The screen on the page (companion/ui/screen.py's body)."""
    return next(c for c in walk(page.page.views[-1].controls) if str(c.key).startswith("screen-"))


def identity(control) -> tuple:
    return control._i, str(control.key)


@pytest.mark.parametrize("screen", ["record", "angler"])
async def test_fly_solos_day_keeps_its_controls_while_the_other_phone_plays_it(app, screen) -> None:
    if screen == "record":
        page, session = await new_adventure(app)
        await page.click(key="buy-momentum-1A")
        route = f"/games/fly-solo/journal/{session.id}/record"
    else:
        page, _, session = await start_assistant(app)  # the Silent Angler's Day
        route = page.routes()[-1]
    mine = await app.open(route)
    other = await app.open(route, phone="192.0.2.8", player="table")
    rng = random.Random(3)
    outcome: Counter = Counter()
    start, sent = session.revision, len(mine.conn.sent)
    for _ in range(STEPS):
        before = drawn(mine)
        offered = [c for c in tappable(other) if getattr(c, "on_click", None)]
        offered = [c for c in offered if not any(word in f"{c.key} {label_of(c)}".lower() for word in LEAVING)]
        await other.tap(rng.choice(offered))
        if other.routes()[-1] != route:
            await other.route(route)
        await app.settle()
        compare(before, drawn(mine), outcome)
    assert session.revision > start + STEPS // 3, "the other phone's taps moved nothing on"
    assert len(mine.conn.sent) > sent, "this phone was never drawn again"
    assert outcome[True] > 500 and outcome[False] == 0, outcome


# Not here: the Silent Angler's Day (played above); Fleet Dice's sheets, where this page (the host's)
# shows the sheet of whoever plays now, each player's kept apart: another player's boxes that look
# the same are other boxes (a late tap on one stays the player's it was: test_sheets.py).
ELSEWHERE = ("fly-solo-day", "fleet-dice")


def table_games() -> list:
    """Every session kind with random moves of its own (its rules' candidates), but those above."""
    found = [(game, kind) for game in GAMES for kind in game.sessions
             if getattr(importlib.import_module(kind.rules).RULES, "candidates", None) and kind.kind not in ELSEWHERE]
    assert len(found) >= 6, found
    return found


def random_moves(rules, session, rng: random.Random, most: int) -> Iterator[int]:
    """Random moves of the game's own (its rules' candidates) until it is over, at most `most`: the count
    of those made, after each."""
    made = 0
    while made < most and not rules.over(session.state):
        try:
            session.perform(rng.choice(rules.candidates(session.state, rng)))
        except DomainError:
            continue
        made += 1
        yield made


@pytest.mark.parametrize("game, kind", table_games(), ids=[kind.kind for _, kind in table_games()])
async def test_every_games_page_keeps_its_controls_while_the_game_moves_on(app, game, kind) -> None:
    rules = importlib.import_module(kind.rules).RULES
    rng = random.Random(5)
    setup = rules.example_setup(rng)
    session = app.ctx.sessions.create(kind.kind, setup)
    mine = await app.open(f"/games/{game.id}/{kind.part}/{kind.arg.format(id=session.id, setup=setup)}")
    outcome: Counter = Counter()
    moves = 0
    screen, before = body(mine), drawn(mine)  # a move that ends the game or starts another opens a new screen
    for moves in random_moves(rules, session, rng, STEPS):
        mine.page.pubsub.send_all(f"session:{session.id}")  # as the phone that moved tells the others
        await app.settle()
        now = drawn(mine)
        if body(mine) is screen:
            compare(before, now, outcome)
        screen, before = body(mine), now
    assert moves > 20, "the game hardly moved on"
    assert outcome[True] > 200 and outcome[False] == 0, outcome  # controls compared: the check checked something


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


async def test_flets_diff_sends_the_changes_of_a_control_both_drawings_hold(app) -> None:
    # Flet 1.0.5 compares a new column matched by key "frozen", and there skipped a control both drawings
    # hold (the same object) whole: its own changes (a tray's faces) never reached the phone.
    page = await app.open("/dice")
    body = ft.Column()
    page.page.views[0].controls.append(body)
    page.page.update()
    faces = ft.Text("faces 0")
    tray = ft.Row([faces])
    for roll in range(1, 4):
        faces.value = f"faces {roll}"
        tray.controls.append(ft.Text(f"die {roll}"))
        sent = len(page.conn.sent)
        body.controls = [ft.Column([ft.Text("Take a die"), tray], key="pick")]
        page.page.update()
        news = b"".join(page.conn.sent[sent:])
        assert f"faces {roll}".encode() in news and f"die {roll}".encode() in news, news


async def test_a_control_first_drawn_in_a_matched_column_can_still_change(app) -> None:
    # Flet 1.0.5 marks "frozen" every control added inside a column matched by key, and then refuses to
    # change or update it ("Frozen controls cannot be updated"): a screen could not keep such a tray.
    page = await app.open("/dice")
    body = ft.Column([ft.Column([ft.Text("Roll first")], key="pick")])
    page.page.views[0].controls.append(body)
    page.page.update()
    tray = ft.Row([ft.Text("die 0")])
    body.controls = [ft.Column([ft.Text("Take a die"), tray], key="pick")]
    page.page.update()
    for roll in range(1, 3):
        sent = len(page.conn.sent)
        tray.controls = [ft.Text(f"die {roll}")]
        tray.update()
        assert f"die {roll}".encode() in b"".join(page.conn.sent[sent:])


async def test_a_column_matched_by_key_and_then_kept_sends_its_changes(app) -> None:
    # A column drawn anew and matched by key takes over the old one's id; a screen that then keeps it and
    # changes what it holds must see the change on the phone (Flet 1.0.5 kept no record of what a matched
    # column held, so it sent nothing).
    page = await app.open("/dice")
    body = ft.Column([ft.Column([ft.Text("Roll first")], key="pick")])
    page.page.views[0].controls.append(body)
    page.page.update()
    kept = ft.Column([ft.Text("die 0")], key="pick")
    body.controls = [kept]
    page.page.update()
    for roll in range(1, 3):
        sent = len(page.conn.sent)
        kept.controls.append(ft.Text(f"die {roll}"))
        body.controls = [kept]
        page.page.update()
        assert f"die {roll}".encode() in b"".join(page.conn.sent[sent:])


async def test_a_control_already_sent_keeps_its_own_identity_in_a_matched_column(app) -> None:
    # Ana's and Ben's kept sheets shown in turn in a column drawn anew under one key: Flet 1.0.5 matched
    # one with the other (same type, same place), so Ben's took over Ana's id and a late tap on Ana's box
    # ran Ben's. A control already sent keeps its own id; one whose id a new control took over gets a
    # new one when it comes back. (Controls drawn anew are told apart by their keys: see sibling_keys.)
    page = await app.open("/dice")
    ana, ben = ft.Button("Ana's box", on_click=lambda e: None), ft.Button("Ben's box", on_click=lambda e: None)
    body = ft.Column()
    page.page.views[0].controls.append(body)
    ids: dict[str, set] = {"Ana's box": set(), "Ben's box": set()}
    for shown in ([ana, ben], [ana], [ben], [ana], [ben]):
        body.controls = [ft.Column([ft.Text("Sheet"), *shown], key="sheet")]
        page.page.update()
        for sheet in shown:
            ids[sheet.content].add(sheet._i)
            assert page.session.index.get(sheet._i) is sheet
    assert not ids["Ana's box"] & ids["Ben's box"], ids  # never one id for both


async def test_a_control_whose_id_was_taken_over_comes_back_with_an_id_of_its_own(app) -> None:
    page = await app.open("/dice")
    ana, ben = ft.Button("Box", on_click=lambda e: None), ft.Button("Box", on_click=lambda e: None)
    body = ft.Column()
    page.page.views[0].controls.append(body)
    for shown in (ana, ben, ana):
        body.controls = [ft.Column([shown], key="sheet")]
        page.page.update()
        assert page.session.index.get(shown._i) is shown
    assert ana._i != ben._i  # Ben's (new, alike) took over Ana's id; Ana's back, under another
