"""The Table tab on headless pages: dice with presets and keeps, the dice draft, the Strike
dealer; undo, resume, two pages in sync."""

from __future__ import annotations

from companion.core.dice import die_type


def table(app):
    return app.ctx.sessions.latest("table")


async def test_roll_shows_dice_and_total_and_is_on_disk(app) -> None:
    page = await app.open("/table")
    assert not page.has(key="result")
    await page.click(key="roll")
    last = table(app).state.last
    assert page.find(key="total").value == f"Total {last.total}"
    faces = [c.label for c in page.controls() if " showing " in str(getattr(c, "label", ""))]
    assert faces == [f"d6 showing {f}" for f in last.faces]
    assert app.store.sessions.load(table(app).id).actions[-1].label == "roll 2 d6"


async def test_a_preset_sets_the_pool_and_its_readings(app) -> None:
    page = await app.open("/table")
    await page.click(key="presets")
    await page.click(label="The current die")  # Salmon Run
    assert page.dialog() is None
    assert page.find(key="pool-summary").value == "1 d6  ·  Salmon Run: current"
    await page.click(key="roll")
    face = table(app).state.dice.faces[0]
    assert page.has(label="Arrow 1" if face % 2 else "Arrow 2")
    assert page.label(key="undo") == "Undo: roll 1 d6"


async def test_fleet_dice_town_pool_shows_pictures_and_counts(app) -> None:
    page = await app.open("/table")
    await page.click(key="presets")
    await page.click(label="3 players: 3 town + 1 boat")
    await page.click(key="roll")
    state = table(app).state.dice
    assert state.pool == ("town", "town", "town", "boat")
    pictures = [c.src for c in page.controls() if getattr(c, "src", None) and c.visible]
    assert pictures == [f"dice/{die_type(d).icon(f)}" for d, f in zip(state.pool, state.faces)]
    assert "Total" not in page.find(key="total").value  # buildings have no sum


async def test_choose_any_mix_of_dice(app) -> None:
    page = await app.open("/table")
    await page.click(key="choose-dice")
    await page.click(label="One d6 fewer")
    await page.click(label="One d12 more")
    await page.click(label="One d20 more")
    await page.click(key="use-dice")
    assert table(app).state.dice.pool == ("d6", "d12", "d20")
    assert page.find(key="roll").content == "Roll 1 d6 + 1 d12 + 1 d20"


async def test_choosing_no_dice_is_refused_with_a_message(app) -> None:
    page = await app.open("/table")
    await page.click(key="choose-dice")
    await page.click(label="One d6 fewer")
    await page.click(label="One d6 fewer")
    await page.click(key="use-dice")
    assert page.snackbar_texts()[-1] == "A roll needs at least one die."
    assert app.ctx.sessions.open_records() == []  # nothing saved


async def test_keep_dice_and_reroll_the_rest(app) -> None:
    page = await app.open("/table")
    await page.click(key="presets")
    assert any("rules text does not say how many dice" in str(getattr(c, "value", "")) for c in page.controls())
    await page.click(label="Default: five d6")
    await page.click(key="roll")
    before = table(app).state.dice.faces
    await page.click(key="die-0")
    await page.click(key="die-3")
    assert page.find(key="roll").content == "Re-roll 3 dice"
    assert [c.label for c in page.controls() if ", kept" in str(getattr(c, "label", ""))] == [
        f"d6 showing {before[0]}, kept", f"d6 showing {before[3]}, kept"]
    await page.click(key="roll")
    after = table(app).state.dice.faces
    assert (after[0], after[3]) == (before[0], before[3])
    assert page.label(key="undo") == "Undo: re-roll 3 dice, keep 2"


async def test_undo_and_redo_buttons(app) -> None:
    page = await app.open("/table")
    assert page.find(key="undo").disabled
    await page.click(key="roll")
    await page.click(key="roll")
    first, second = table(app).state.dice.rolls
    await page.click(key="undo")
    assert page.find(key="total").value == f"Total {first.total}"
    assert page.label(key="redo") == "Redo: roll 2 d6"
    await page.click(key="redo")
    assert page.find(key="total").value == f"Total {second.total}"
    assert page.find(key="redo").disabled


async def test_a_new_page_resumes_the_latest_table_session(app) -> None:
    page = await app.open("/table")
    await page.click(key="roll")
    reloaded = await app.open("/table")
    assert reloaded.find(key="total").value == page.find(key="total").value


async def test_another_page_on_the_same_session_follows_along(app) -> None:
    first = await app.open("/table")
    await first.click(key="roll")
    second = await app.open("/table")
    await first.click(key="roll")
    await app.settle()
    assert second.find(key="total").value == first.find(key="total").value
    assert second.label(key="undo") == first.label(key="undo")


async def test_a_page_opened_before_the_first_roll_follows_the_new_session(app) -> None:
    waiting = await app.open("/table")
    rolling = await app.open("/table")
    await rolling.click(key="roll")
    await app.settle()
    assert waiting.find(key="total").value == rolling.find(key="total").value


async def test_finish_starts_a_fresh_session_next_time(app) -> None:
    page = await app.open("/table")
    await page.click(key="roll")
    old = table(app).id
    await page.click(key="finish")
    assert not page.has(key="result")
    assert app.ctx.sessions.open_records() == []
    await page.click(key="roll")
    assert table(app).id != old


async def test_draft_a_whole_round_for_two_players(app) -> None:
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    page = await app.open("/table")
    await page.click(key="tool-draft")
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="start-Ben")
    await page.click(key="start-draft")
    await page.click(key="roll-round")
    draft = table(app).state.draft
    assert len(draft.pool) == 7 and page.find(key="draft-heading").value == "Round 1 · Ben's turn"
    while table(app).state.draft.pool:
        await page.click(key="pool-0")
        await page.click(key="take")
    draft = table(app).state.draft
    result = draft.results[-1]
    assert result.totals == (sum(draft.dice_of(0)), sum(draft.dice_of(1)))
    assert page.find(key="next-start").value == f"Next start player: {draft.seats[result.next_start]}"
    assert page.label(key="undo").startswith("Undo: Ben takes a")  # Ben started, so Ben took the 7th die
    await page.click(key="roll-round")
    assert page.find(key="draft-heading").value == f"Round 2 · {draft.seats[result.next_start]}'s turn"


async def test_draft_face_changes_are_recorded(app) -> None:
    page = await app.open("/table")
    await page.click(key="tool-draft")
    await page.click(key="draft-mode-solo")
    await page.click(key="start-draft")
    await page.click(label="Roll 5 dice")
    face = table(app).state.draft.pool[0]
    await page.click(key="pool-0")
    await page.click(label=f"Flip to {7 - face}")
    assert table(app).state.draft.pool[0] == 7 - face
    assert page.label(key="undo") == f"Undo: Momentum 5A: a {face} becomes a {7 - face}"
    await page.click(key="undo")
    assert table(app).state.draft.pool[0] == face


async def test_strike_cast_to_hooked_with_odds_then_undo(app) -> None:
    page = await app.open("/table")
    await page.click(key="tool-strike")
    await page.click(key="start-cast")
    assert page.find(key="odds").value == "Next card hooks: 1 in 4 (25%)\nHit me x2 hooks: 1 in 2 (50%)"
    while table(app).state.strike.status == "casting":
        await page.click(key="hit")
    assert table(app).state.strike.status == "hooked"
    assert page.find(key="strike-status").value == "HOOKED!"
    await page.click(key="undo")
    assert page.find(key="strike-status").value == "Casting..."
    assert page.label(key="undo") in ("Undo: hit me", "Undo: start a cast")


async def test_strike_deck_follows_the_hooks_setting(app) -> None:
    app.store.settings.set_strike_hooks(3)
    page = await app.open("/table")
    await page.click(key="tool-strike")
    await page.click(key="start-cast")
    assert table(app).state.strike.hooks_in_deck == 3
    assert page.find(key="odds").value.startswith("Next card hooks: 3 in 4 (75%)")


async def test_a_silent_angler_cast_goes_up_the_rows(app) -> None:
    page = await app.open("/table")
    await page.click(key="tool-strike")
    await page.click(key="silent-cast")
    assert page.find(key="strike-status").value == "Silent Angler: bottom row"
    await page.click(key="row-rock")
    strike = table(app).state.strike
    assert strike.revealed == () and page.find(key="strike-status").value == "Silent Angler: middle row"
    while table(app).state.strike.status == "casting":
        await page.click(key="row-fish")
    strike = table(app).state.strike
    assert strike.status in ("hooked", "missed") and len(strike.revealed) <= 2
    assert page.label(key="undo").startswith("Undo: Silent Angler: a fish in the")
