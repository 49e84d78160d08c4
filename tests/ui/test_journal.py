"""Fly Solo's journal on headless pages: start an adventure, spend Badges, record Days, run the
Silent Angler assistant and hand its catch to the journal."""

from __future__ import annotations

from companion.games.fly_solo import angler as sa
from companion.games.fly_solo import journal as j


def campaign(app):
    [record] = app.ctx.sessions.open_records(j.GAME)
    return app.ctx.sessions.get(record.id)


async def new_adventure(app, name: str = "Autumn week"):
    page = await app.open("/games/fly-solo/journal")
    await page.change(page.find(key="adventure-name"), value=name)
    await page.click(key="start-adventure")
    return page, campaign(app)


async def start_assistant(app):
    """An adventure with its free Badge spent, and the Silent Angler assistant's Day 1 started."""
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    await page.click(key="open-assistant")
    await page.click(key="start-angler")
    [record] = app.ctx.sessions.open_records(sa.GAME)
    return page, session, app.ctx.sessions.get(record.id)


async def catch(page, key: str, times: int) -> None:
    for _ in range(times):
        await page.click(key=key)


async def test_start_an_adventure_and_spend_the_free_badge_on_a_momentum_tile(app) -> None:
    page = await app.open("/games/fly-solo/journal")
    assert page.has(key="adventure-name")
    await page.change(page.find(key="adventure-name"), value="   ")
    await page.click(key="start-adventure")
    assert page.snackbar_texts()[-1] == "Give the adventure a name."
    assert app.ctx.sessions.open_records(j.GAME) == []

    page, session = await new_adventure(app)
    assert page.find(key="badges-to-spend").content.value == "1 Badge to spend"
    await page.click(key="buy-finesse")
    assert "free Badge unlocks your first Momentum tile" in page.snackbar_texts()[-1]
    await page.click(key="buy-momentum-1A")
    assert session.state.upgrades.momentum == ("1A",)
    assert page.find(key="badges-to-spend").content.value == "0 Badges to spend"
    assert "1A (A side)" in page.texts()  # on the setup card
    await page.click(key="undo")
    assert session.state.upgrades.momentum == ()


async def test_record_a_winning_day_from_taps_with_both_scores_live(app) -> None:
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    await page.click(key="open-record")
    assert page.page.views[0].route == f"/games/fly-solo/journal/{session.id}/record"
    assert page.find(key="why-not-record").value.startswith("A Day ends when you or the Silent Angler has seven")
    await page.click(key="points-plus")  # 4-point fish
    await catch(page, "fish-brook-black", 7)  # seven 4-point Brook: a Big One too
    await page.click(key="hatch-tan-plus")
    await page.click(key="hatch-tan-plus")
    await page.click(key="record-seat-angler")
    assert not page.has(key="card-N") and page.has(key="track-plus")  # no Skill cards, a track instead
    assert page.label(key="points-count") == "3"  # the Angler's own stepper: not the 4 set for your fish
    await page.click(key="points-plus")
    await catch(page, "fish-coho-gold", 2)
    await catch(page, "track-plus", 3)
    assert session.state.draft.track == 3
    assert page.find(key="why-not-record").value == "Tap the colour of the Bonus Hatch Token: L1 has one."
    await page.click(key="bonus-tan")
    assert page.find(key="bonus-matches").value == "You gained 2 tan tokens: +2"
    # You: 7 x 4 = 28 fish points + First to seven 2 + 2 bonus-token matches = 32 (1A scores no tan,
    # no Brown, no set of three species). Silent Angler: 2 Coho x 4 = 8,
    # Most Coho 6, track space 3 = 4, L1: one pair 3 = 21.
    assert page.find(key="score-you-total").value == "32"
    assert page.find(key="score-angler-total").value == "21"
    assert page.find(key="day-result").value == "You beat the Silent Angler"
    await page.click(key="record-day")
    assert page.page.views[0].route == f"/games/fly-solo/journal/{session.id}"
    day = session.state.days[0]
    assert day.score.result == "win" and session.state.location == 2
    assert page.find(key="badges-earned").value == ("Badges earned: Species Goals: Brook, "
                                                    "The Big Ones: Black 4-point Brook, "
                                                    "Beat L1 Crooked Fork")
    assert page.find(key="badges-to-spend").content.value == "3 Badges to spend"
    assert "Day 2 setup: L2 Hunter's Cabin" in page.texts()


async def test_an_upgrade_that_is_not_allowed_is_explained(app) -> None:
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-2A")
    # No Badge left: the +1 buttons are gone, and a tile tapped again says why.
    assert not page.has(key="buy-finesse")
    await page.click(key="buy-momentum-3A")
    assert page.snackbar_texts()[-1].startswith("You have no Badge to spend")
    assert session.state.upgrades.momentum == ("2A",)


async def test_the_assistant_plays_a_round_and_sends_the_silent_anglers_day(app) -> None:
    page, session, assistant = await start_assistant(app)
    assert assistant.record.setup == {"location": 1, "campaign": session.id, "day": 1}
    await page.click(key="roll-4")
    assert len(assistant.state.draft.pool) == 4
    for _ in range(3):
        await page.click(key="pool-0")
    day = assistant.state
    assert day.step == "cast" and len(day.angler_dice) == 1
    await page.click(key="angler-cast")
    while assistant.state.strike.status == "casting":
        await page.click(key="row-fish")
    if assistant.state.strike.status == "hooked":
        await page.click(key="hook-species-coho")
        await page.click(key="hook-colour-gold")
        await page.click(key="column-blue")
        assert page.find(key="token-gained").value in ("It takes a blue token.",)
        await page.click(key="land-fish")
        assert [f.species.value for f in assistant.state.fish] == ["coho"]
        assert assistant.state.hatch[sa.Hatch.BLUE] == 1
    await page.click(key="end-round")
    assert assistant.state.step == "roll"
    # Your seventh fish: the Day ends at the end of the next round.
    await catch(page, "your-fish-plus", 7)
    await page.click(key="roll-5")
    for _ in range(3):
        await page.click(key="pool-0")
    while assistant.state.step == "cast":
        if assistant.state.strike.status == "idle":
            await page.click(key="angler-cast")
        elif assistant.state.strike.status == "casting":
            await page.click(key="row-rock")
        else:
            await page.click(key="hook-species-brook")
            await page.click(key="hook-colour-green")
            await page.click(key="land-fish")
    await page.click(key="end-round")
    assert assistant.state.over
    await page.click(key="send-to-journal")
    assert page.page.views[0].route == f"/games/fly-solo/journal/{session.id}/record"
    assert session.state.draft.angler.fish == assistant.state.fish
    assert session.state.draft.track == assistant.state.track
    assert app.ctx.sessions.open_records(sa.GAME) == []


async def test_the_list_shows_each_adventure_and_a_missing_one_is_explained(app) -> None:
    await new_adventure(app, "First")
    page = await app.open("/games/fly-solo/journal")
    assert page.text_containing("Day 1 of 7 at L1") == "Day 1 of 7 at L1 · 1 Badge to spend"
    page = await app.open("/games/fly-solo/journal/000000000000")
    assert "This session cannot be shown" in page.texts()
    assert "no longer here" in page.text_containing("000000000000")


async def test_discard_an_adventure_with_undo(app) -> None:
    page, session = await new_adventure(app, "Too hard")
    await page.click(key="discard-adventure")
    assert app.ctx.sessions.open_records(j.GAME) == []
    assert page.snackbar_texts()[-1] == "Discarded Too hard."
    assert page.has(key="start-adventure")  # back on the list
    await page.snackbar_action()
    assert [r.id for r in app.ctx.sessions.open_records(j.GAME)] == [session.id]
    assert page.page.views[0].route == f"/games/fly-solo/journal/{session.id}"


async def test_the_suggested_adventure_name_is_selected_when_tapped(app) -> None:
    page = await app.open("/games/fly-solo/journal")
    field = page.find(key="adventure-name")
    await page.tap(field, "focus")
    assert (field.selection.base_offset, field.selection.extent_offset) == (0, len(field.value))  # typing replaces it


async def test_the_silent_anglers_fish_takes_only_the_points_its_species_prints(app) -> None:
    """Seed 000, SCORING 1 and the Silent Angler's fish: a card's points, as set in Settings
    (chosen defaults: Coho 1 to 8, Brook 1 to 4)."""
    page, _, assistant = await start_assistant(app)
    for _ in range(20):  # rounds until a Strike card hooks a fish
        await page.click(key="roll-4")
        for _ in range(3):
            await page.click(key="pool-0")
        await page.click(key="angler-cast")
        while assistant.state.strike.status == "casting":
            await page.click(key="row-fish")
        if assistant.state.strike.status == "hooked":
            break
        await page.click(key="end-round")
    assert assistant.state.strike.status == "hooked"
    await page.click(key="hook-species-coho")
    while not page.find(key="hook-points-plus").disabled:
        await page.click(key="hook-points-plus")
    assert page.find(key="hook-points-count").value == "8"
    await page.click(key="hook-species-brook")  # the points follow the species' cards
    assert page.find(key="hook-points-count").value == "4" and page.find(key="hook-points-plus").disabled
    await page.click(key="hook-colour-black")
    await page.click(key="land-fish")
    assert [(f.species.value, f.points) for f in assistant.state.fish] == [("brook", 4)]
