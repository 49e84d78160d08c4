"""Freshwater Fly at the table on headless pages: the dice draft and the Strike dealer, each
a part of the game's page, one session for both."""

from __future__ import annotations


def table(app):
    return app.ctx.sessions.latest("freshwater-fly-table")


DRAFT = "/games/freshwater-fly/draft"
STRIKE = "/games/freshwater-fly/strike"


async def test_draft_a_whole_round_for_two_players(app) -> None:
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    page = await app.open(DRAFT)
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
    page = await app.open(DRAFT)
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
    page = await app.open(STRIKE)
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
    app.ctx.change_options("freshwater-fly", "strike_hooks", 3)
    page = await app.open(STRIKE)
    assert "Strike cards: 3 hooks, 1 miss" in page.texts()  # each count with its own word
    await page.click(key="start-cast")
    assert table(app).state.strike.hooks_in_deck == 3
    assert page.find(key="odds").value.startswith("Next card hooks: 3 in 4 (75%)")
    assert "Strike cards: 3 hooks, 1 miss" not in page.texts()  # once cast, the cards and the odds say it


async def test_a_strike_button_grows_with_its_words(app) -> None:
    # "Silent Angler cast" wrapped in its half of the row and a fixed 56 px cut its second line off.
    page = await app.open(STRIKE)
    assert "Strike cards: 1 hook, 3 misses" in page.texts()
    for key in ("start-cast", "silent-cast"):
        assert page.find(key=key).height is None


async def test_a_silent_angler_cast_goes_up_the_rows(app) -> None:
    page = await app.open(STRIKE)
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


async def test_the_draft_and_the_cast_share_one_undo(app) -> None:
    page = await app.open(STRIKE)
    await page.click(key="start-cast")
    await page.route(DRAFT)
    await page.click(key="draft-mode-solo")
    await page.click(key="start-draft")
    assert page.label(key="undo") == "Undo: start a dice draft (Fly Solo)"
    await page.click(key="undo")
    await page.route(STRIKE)
    assert page.label(key="undo") == "Undo: start a cast"
    assert len(app.ctx.sessions.open_records("freshwater-fly-table")) == 1


async def a_draft_of_two(app):
    """Ana and Ben at the draft, each on their own phone, its first round rolled on Ana's: their pages."""
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    ana = await app.open(DRAFT, phone="192.0.2.7", player="Ana")
    ben = await app.open(DRAFT, phone="192.0.2.8", player="Ben")
    for key in ("seat-Ana", "seat-Ben", "start-draft", "roll-round"):
        await ana.click(key=key)
    await app.settle()
    return ana, ben


async def test_only_the_phone_of_the_player_whose_turn_it_is_takes_a_die(app) -> None:
    # Every phone showed "Ana takes the 5" in Ana's turn, and Ben's phone was refused when it tapped it.
    ana, ben = await a_draft_of_two(app)
    assert ben.find(key="draft-waiting").value == "Ana takes a die on Ana's own phone."
    assert ben.find(key="waiting-on").value == "Waiting on Ana" and ana.find(key="waiting-on").value == "Your move"
    assert not ben.has(key="take") and not ben.has(key="reroll-pool")
    await ben.click(key="pool-0")
    assert ben.message_texts()[-1] == "It is Ana's turn: Ana takes a die on Ana's own phone."
    assert not ana.has(key="draft-waiting")
    await ana.click(key="pool-0")
    await ana.click(key="take")
    await app.settle()
    assert not ben.has(key="draft-waiting") and ben.has(key="take")  # Ben's turn, on Ben's phone
    assert ana.find(key="draft-waiting").value == "Ben takes a die on Ben's own phone."


async def test_a_table_of_three_is_not_offered_a_silent_angler_cast(app) -> None:
    """Issue 65: the Strike cards offered "Silent Angler cast" in a three-player game; the Silent Angler plays in
    Fly Solo only (seeds/000, FLY SOLO). Offered before a draft and in a solo one."""
    for name in ("Ana", "Ben", "Cy"):
        app.store.settings.add_player(name)
    page = await app.open(STRIKE)
    assert page.has(key="silent-cast")  # no draft yet: it may be a solo game
    await page.route(DRAFT)
    for name in ("Ana", "Ben", "Cy"):
        await page.click(key=f"seat-{name}")
    await page.click(key="start-Ana")
    await page.click(key="start-draft")
    await page.route(STRIKE)
    assert page.has(key="start-cast") and not page.has(key="silent-cast")


async def test_a_take_another_player_took_after_is_locked_and_says_why_when_tapped(app) -> None:
    """Issue 65: the draft's locked Undo was a disabled button, a tap on it answered nothing, where the README
    promises words. Ana's take, Ben's after it: Ana's Undo says whose comes first, and takes nothing back."""
    ana, ben = await a_draft_of_two(app)
    await ana.click(key="pool-0")
    await ana.click(key="take")
    await app.settle()
    await ben.click(key="pool-0")
    await ben.click(key="take")
    await app.settle()
    session = app.ctx.sessions.latest("freshwater-fly-table")
    taken = len(session.record.actions)
    assert ana.label(key="undo").endswith("came after it"), ana.label(key="undo")
    await ana.click(key="undo")
    assert ana.message_texts()[-1].endswith("Ben undoes that first, or the phone passed around the table undoes both.")
    assert len(session.record.actions) == taken  # nothing taken back
