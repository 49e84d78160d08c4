"""The Table tab on headless pages: roll, undo, redo, resume, two pages in sync."""

from __future__ import annotations


async def test_roll_shows_dice_and_total_and_is_on_disk(app) -> None:
    page = await app.open("/table")
    assert not page.has(key="result")
    await page.click(key="roll")
    session = app.ctx.sessions.latest("table")
    last = session.state.last
    assert page.text_containing("Total") == f"Total {last.total}"
    faces = [c.label for c in page.controls() if getattr(c, "label", "") and " showing " in str(c.label)]
    assert faces == [f"d6 showing {f}" for f in last.faces]
    assert app.store.sessions.load(session.id).actions[-1].label == "roll 2 d6"


async def test_pool_choice_changes_what_is_rolled(app) -> None:
    page = await app.open("/table")
    await page.click(key="die-d20")
    await page.click(label="One die more")
    await page.click(key="roll")
    assert app.ctx.sessions.latest("table").state.last.dice == ("d20", "d20", "d20")
    assert page.find(key="undo").content == "Undo: roll 3 d20"


async def test_undo_and_redo_buttons(app) -> None:
    page = await app.open("/table")
    assert page.find(key="undo").disabled
    await page.click(key="roll")
    await page.click(key="roll")
    first, second = app.ctx.sessions.latest("table").state.rolls
    await page.click(key="undo")
    assert page.text_containing("Total") == f"Total {first.total}"
    assert page.find(key="redo").content == "Redo: roll 2 d6"
    await page.click(key="redo")
    assert page.text_containing("Total") == f"Total {second.total}"
    assert page.find(key="redo").disabled


async def test_a_new_page_resumes_the_latest_table_session(app) -> None:
    page = await app.open("/table")
    await page.click(key="roll")
    total = page.text_containing("Total")
    reloaded = await app.open("/table")
    assert reloaded.text_containing("Total") == total


async def test_another_page_on_the_same_session_follows_along(app) -> None:
    first = await app.open("/table")
    await first.click(key="roll")
    second = await app.open("/table")
    await first.click(key="roll")
    await app.settle()
    assert second.text_containing("Total") == first.text_containing("Total")
    assert second.find(key="undo").content == first.find(key="undo").content


async def test_finish_starts_a_fresh_session_on_the_next_roll(app) -> None:
    page = await app.open("/table")
    await page.click(key="roll")
    old = app.ctx.sessions.latest("table").id
    await page.click(key="finish")
    assert not page.has(key="result")
    assert app.ctx.sessions.open_records() == []
    await page.click(key="roll")
    assert app.ctx.sessions.latest("table").id != old


async def test_a_page_opened_before_the_first_roll_follows_the_new_session(app) -> None:
    waiting = await app.open("/table")
    rolling = await app.open("/table")
    await rolling.click(key="roll")
    await app.settle()
    assert waiting.text_containing("Total") == rolling.text_containing("Total")
    await rolling.click(key="roll")
    await app.settle()
    assert waiting.text_containing("Total") == rolling.text_containing("Total")
