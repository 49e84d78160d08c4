"""No tap is lost: the hooks into Flet 1.0.5 that keep a tap on a replaced control alive
still take hold, and what a late tap carries."""

from __future__ import annotations

import flet as ft
from flet.messaging.session import Session

from companion.core.errors import DomainError
from companion.ui import taps
from companion.ui.taps import KEEP_SECONDS, RemovedControls, late_tap


async def test_the_page_index_reports_what_leaves_it_and_dispatch_is_wrapped(app) -> None:
    page = await app.open("/dice")
    assert type(page.session.index).__name__ == "_ReportingIndex"
    assert Session.dispatch_event is taps._dispatch_event


async def test_a_late_tap_runs_the_handler_the_player_saw_with_what_the_page_showed(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    session_id = app.ctx.sessions.latest("table").id
    heard = []
    column = ft.Column([ft.Button("Old", on_click=lambda e: heard.append(late_tap()))])
    page.page.views[0].controls.append(column)
    page.page.update()
    old = column.controls[0]
    column.controls = [ft.Button("New", on_click=lambda e: heard.append("new"))]
    page.page.update()  # the player's tap on "Old" is on its way
    await page.click(key="roll")  # and the page moves on meanwhile
    await page.tap_late(old)
    [late] = heard
    assert late.seen == {session_id: 1} and late.waited >= 0  # what the page showed when "Old" left it


async def test_a_refusal_from_a_late_tap_is_shown(app) -> None:
    page = await app.open("/dice")

    def refuse(e) -> None:
        raise DomainError("Ben already took that die.")

    column = ft.Column([ft.Button("Take", on_click=refuse)])
    page.page.views[0].controls.append(column)
    page.page.update()
    old = column.controls[0]
    column.controls = []
    page.page.update()
    await page.tap_late(old)
    assert page.message_texts()[-1] == "Ben already took that die."


def test_only_controls_with_handlers_are_kept_and_only_for_a_while() -> None:
    now = [100.0]
    removed = RemovedControls(lambda: "view 7", clock=lambda: now[0])
    removed.remember(1, ft.Text("just words"))
    removed.remember(2, ft.Button("Roll", on_click=lambda e: None))
    assert len(removed) == 1
    control, late = removed.find(2)
    assert late.seen == "view 7" and late.waited == 0
    now[0] += KEEP_SECONDS + 1
    assert removed.find(2) is None
    removed.remember(3, ft.Button("Keep", on_click=lambda e: None))
    assert len(removed) == 1  # the old one is let go of
    removed.forget(3)
    assert len(removed) == 0


async def test_a_tap_from_a_screen_long_out_of_date_is_answered(app, monkeypatch) -> None:
    page = await app.open("/dice")
    column = ft.Column([ft.Button("Old", on_click=lambda e: None)])
    page.page.views[0].controls.append(column)
    page.page.update()
    old = column.controls[0]
    column.controls = []
    page.page.update()
    monkeypatch.setattr(taps, "KEEP_SECONDS", -1.0)  # as if it left the page long ago
    await page.tap_late(old)
    assert "long out of date" in page.message_texts()[-1]


def test_a_digit_types_on_the_end_of_the_number_only_while_the_player_types_on_its_pad() -> None:
    from companion.ui.components.number_pad import typed

    assert typed(7, 1, appending=False, least=1, most=60) == 1  # a new number
    assert typed(1, 0, appending=True, least=1, most=60) == 10
    assert typed(10, 5, appending=True, least=1, most=60) == 5  # 105 is past the most: a number of its own
    assert typed(7, 0, appending=False, least=1, most=60) == 7  # no catch number 0: kept
