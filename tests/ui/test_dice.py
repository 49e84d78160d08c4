"""The Dice tab on headless pages: dice with presets and keeps; undo, resume, two pages in sync;
the same roller on a game's page with that game's presets first."""

from __future__ import annotations

import flet as ft

from companion.core.dice import die_type
from companion.games import registry
from companion.ui.theme import REFUSED_OPACITY


def table(app):
    return app.ctx.sessions.latest("table")


async def test_roll_shows_dice_and_total_and_is_on_disk(app) -> None:
    page = await app.open("/dice")
    assert not page.has(key="result")
    await page.click(key="roll")
    last = table(app).state.last
    assert page.find(key="total").value == f"Total {last.total}"
    faces = [c.label for c in page.controls() if " showing " in str(getattr(c, "label", ""))]
    assert faces == [f"Die {i + 1}: d6 showing {f}" for i, f in enumerate(last.faces)]  # two alike told apart
    assert app.store.sessions.load(table(app).id).actions[-1].label == "roll 2 d6"


async def test_a_roll_undone_and_rolled_again_shows_the_same_dice(app) -> None:
    """Chance decided once (issue 63): Undo then Roll is not a second try."""
    page = await app.open("/dice")
    await page.click(key="roll")
    first = table(app).state.last.faces
    await page.click(key="undo")
    await page.click(key="roll")
    assert table(app).state.last.faces == first and len(table(app).record.actions) == 1


async def test_a_preset_sets_the_pool_and_its_readings(app) -> None:
    page = await app.open("/dice")
    await page.click(key="presets")
    await page.click(label="The current die")  # Salmon Run
    assert page.dialog() is None
    assert page.find(key="pool-summary").value == "1 d6  ·  Salmon Run: current"
    await page.click(key="roll")
    face = table(app).state.dice.faces[0]
    assert page.has(label="Arrow 1" if face % 2 else "Arrow 2")
    assert page.label(key="undo") == "Undo: roll 1 d6"


async def test_fleet_dice_town_pool_shows_pictures_and_counts(app) -> None:
    page = await app.open("/dice")
    await page.click(key="presets")
    await page.click(label="3 players: 3 town + 1 boat")
    await page.click(key="roll")
    state = table(app).state.dice
    assert state.pool == ("town", "town", "town", "boat")
    pictures = [c.src for c in page.controls() if getattr(c, "src", None) and c.visible]
    assert pictures == [f"dice/{die_type(d).icon(f)}" for d, f in zip(state.pool, state.faces)]
    assert "Total" not in page.find(key="total").value  # buildings have no sum


async def test_choose_any_mix_of_dice(app) -> None:
    page = await app.open("/dice")
    await page.click(key="choose-dice")
    assert page.checked("pool-die-d6")  # the die in the pool is chosen; its count is one tap
    await page.click(key="pool-count-1")  # 2 d6 become 1
    await page.click(key="pool-die-d12")
    await page.click(key="pool-count-1")
    await page.click(key="pool-die-d20")
    await page.click(key="pool-count-1")
    assert page.label("pool-die-d12") == "d12: 1"
    await page.click(key="use-dice")
    assert table(app).state.dice.pool == ("d6", "d12", "d20")
    assert page.find(key="roll").content == "Roll 1 d6 + 1 d12 + 1 d20"


async def test_fifteen_d6_are_two_taps_of_their_digits(app) -> None:
    page = await app.open("/dice")
    await page.click(key="choose-dice")
    await page.click(key="pool-count-1")
    await page.click(key="pool-count-5")
    assert page.find(key="pool-count-count").value == "15"
    await page.click(key="pool-count-5")  # 155 is past the 20 dice of a roll: a number of its own
    assert page.find(key="pool-count-count").value == "5"
    await page.click(key="pool-die-d8")  # another die: its count starts afresh
    await page.click(key="pool-count-2")
    await page.click(key="pool-die-d6")
    await page.click(key="pool-count-1")
    await page.click(key="pool-count-5")
    await page.click(key="use-dice")
    assert table(app).state.dice.pool == ("d6",) * 15 + ("d8",) * 2


async def test_choosing_no_dice_is_refused_with_a_message(app) -> None:
    page = await app.open("/dice")
    await page.click(key="choose-dice")
    await page.click(key="pool-count-0")
    await page.click(key="use-dice")
    assert page.message_texts()[-1] == "A roll needs at least one die."
    assert app.ctx.sessions.open_records() == []  # nothing saved


async def test_keep_dice_and_reroll_the_rest(app) -> None:
    page = await app.open("/dice")
    await page.click(key="presets")
    assert any("rules text does not say how many dice" in str(getattr(c, "value", "")) for c in page.controls())
    await page.click(label="Default: five d6")
    await page.click(key="roll")
    before = table(app).state.dice.faces
    await page.click(key="die-0")
    await page.click(key="die-3")
    assert page.find(key="roll").content == "Re-roll 3 dice"
    assert [c.label for c in page.controls() if ", kept" in str(getattr(c, "label", ""))] == [
        f"Die 1: d6 showing {before[0]}, kept", f"Die 4: d6 showing {before[3]}, kept"]
    await page.click(key="roll")
    after = table(app).state.dice.faces
    assert (after[0], after[3]) == (before[0], before[3])
    assert page.label(key="undo") == "Undo: re-roll 3 dice, keep 2"


async def test_undo_and_redo_buttons(app) -> None:
    page = await app.open("/dice")
    # Nothing to take back: faded, and a tap says so (issue 65: a disabled button answered nothing).
    assert page.find(key="undo").opacity == REFUSED_OPACITY
    await page.click(key="undo")
    assert page.message_texts()[-1] == "There is nothing to undo."
    await page.click(key="redo")
    assert page.message_texts()[-1] == "There is nothing to redo."
    await page.click(key="roll")
    await page.click(key="roll")
    first, second = table(app).state.dice.rolls
    await page.click(key="undo")
    assert page.find(key="total").value == f"Total {first.total}"
    assert page.label(key="redo") == "Redo: roll 2 d6"
    await page.click(key="redo")
    assert page.find(key="total").value == f"Total {second.total}"
    assert page.find(key="redo").opacity == REFUSED_OPACITY
    await page.click(key="redo")  # a tap takes nothing back: not what was done since it was drawn
    assert page.find(key="total").value == f"Total {second.total}" and len(table(app).state.dice.rolls) == 2


async def test_a_new_page_resumes_the_latest_table_session(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    reloaded = await app.open("/dice")
    assert reloaded.find(key="total").value == page.find(key="total").value


async def test_another_page_on_the_same_session_follows_along(app) -> None:
    first = await app.open("/dice")
    await first.click(key="roll")
    second = await app.open("/dice")
    await first.click(key="roll")
    await app.settle()
    assert second.find(key="total").value == first.find(key="total").value
    assert second.label(key="undo") == first.label(key="undo")


async def test_a_page_opened_before_the_first_roll_follows_the_new_session(app) -> None:
    waiting = await app.open("/dice")
    rolling = await app.open("/dice")
    await rolling.click(key="roll")
    await app.settle()
    assert waiting.find(key="total").value == rolling.find(key="total").value


async def test_finish_starts_a_fresh_session_next_time(app) -> None:
    page = await app.open("/dice")
    await page.click(key="roll")
    old = table(app).id
    await page.click(key="finish")
    assert not page.has(key="result")
    assert app.ctx.sessions.open_records() == []
    await page.click(key="roll")
    assert table(app).id != old


async def test_a_games_page_rolls_its_own_dice_in_the_same_session(app) -> None:
    """Lure's page: its pool is a stated default (the rules text counts no dice), one tap away."""
    page = await app.open("/games/lure/dice")
    assert "rules text does not say how many dice" in page.text_containing("chosen default")
    assert page.find(key="quick-lure-0").icon is None
    await page.click(key="quick-lure-0")
    assert page.find(key="pool-summary").value == "5 d6  ·  Lure"
    assert page.find(key="quick-lure-0").icon == ft.Icons.CHECK  # the dice in hand stand out, ticked
    assert page.find(key="quick-lure-1").icon is None
    await page.click(key="roll")
    dice_tab = await app.open("/dice")
    assert dice_tab.find(key="pool-summary").value == "5 d6  ·  Lure"  # one dice session, two places
    assert table(app).state.dice.faces is not None


async def test_salmon_runs_current_die_is_read_for_you(app) -> None:
    page = await app.open("/games/salmon-run/dice")
    await page.click(key="quick-salmon-run-0")
    await page.click(key="roll")
    face = table(app).state.dice.faces[0]
    assert page.has(label="Arrow 1" if face % 2 else "Arrow 2")  # rules, Currents: odd arrow 1, even arrow 2


async def test_a_draft_begun_on_the_old_table_tab_opens_on_freshwater_flys_page(app) -> None:
    """A session saved when the Table tab held the draft: the Dice screen offers it, nothing is lost."""
    from companion.core.actions import TABLE, Actor
    from companion.games.freshwater_fly.table import start_draft

    old = app.ctx.sessions.create("table")
    old.perform(start_draft(["Ana", "Ben"]), Actor(TABLE, "The whole table", True))
    page = await app.open(f"/table/{old.id}")
    await page.click(key="open-older-fly")
    assert page.routes()[0] == f"/games/freshwater-fly/draft/{old.id}"
    assert page.find(key="draft-heading").value == "Roll the first round"
    await page.click(key="roll-round")
    assert len(app.ctx.sessions.get(old.id).state.fly.draft.pool) == 7


async def test_the_earlier_rolls_keep_their_numbers_in_a_long_session(app) -> None:
    """A state keeps only its last rolls (the log keeps them all): the numbers still count from the first."""
    from companion.games.dice_roller import RECENT_ROLLS

    page = await app.open("/dice")
    for _ in range(RECENT_ROLLS + 5):
        await page.click(key="roll")
    numbers = [t for t in page.texts() if t.startswith("#")]
    assert numbers == [f"#{n}" for n in range(RECENT_ROLLS + 4, RECENT_ROLLS - 6, -1)]  # the ten before the last
    assert len(app.store.sessions.load(table(app).id).actions) == RECENT_ROLLS + 5


async def test_a_pool_from_a_preset_no_file_has_now_is_shown_without_it(app, monkeypatch) -> None:
    """A player's own presets file may drop a preset a saved pool came from: the pool and its roll are
    shown as plain dice (no game's name, no readings), not an error."""
    page = await app.open("/dice")
    await page.click(key="presets")
    await page.click(label="The current die")  # Salmon Run
    await page.click(key="roll")
    gone = table(app).state.dice.preset
    monkeypatch.setattr(registry, "presets", lambda kept=registry.presets(): tuple(p for p in kept if p.id != gone))
    again = await app.open("/dice")
    assert again.find(key="pool-summary").value == "1 d6"
    assert not again.has(label="Arrow 1") and not again.has(label="Arrow 2")
    assert again.find(key="total").value == f"Total {table(app).state.last.total}"


async def test_dice_turn_when_rolled_not_when_a_page_opens_on_a_roll(app) -> None:
    # A phone that opens the Dice tab, or reloads, on the table's last roll showed its dice turning as
    # if someone had just rolled.
    first = await app.open("/dice")
    await first.click(key="roll")
    assert first.find(key="die-0").rotate == 6.2832  # rolled here: the dice turn
    second = await app.open("/dice")
    assert second.find(key="die-0").rotate == 0
    await first.click(key="roll")
    await app.settle()
    assert second.find(key="die-0").rotate == 6.2832  # rolled on another phone: they turn here too


async def test_at_large_text_the_undo_bar_takes_one_line_and_its_whole_label_is_kept(app) -> None:
    # Issue 43: at 200 % text a two-line Undo was 110 px tall, pushing every screen's next tap down.
    from companion.ui.phone import TEXT_SIZE

    for size, lines in ((100, 2), (200, 1)):
        page = await app.open("/dice", prefs={TEXT_SIZE: size})
        await page.click(key="roll")
        undo = page.find(key="undo")
        assert undo.content.max_lines == lines and undo.content.value.startswith("Undo: roll ")
