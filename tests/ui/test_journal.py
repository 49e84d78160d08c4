"""Fly Solo's journal on headless pages: start an adventure, spend Badges, record Days, run the
Silent Angler assistant and hand its catch to the journal."""

from __future__ import annotations

import flet as ft

from companion.games.fly_solo import angler as sa
from companion.games.fly_solo import journal as j
from tests.headless import key_of, label_of


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
    await page.click(key="open-assistant")  # starts the Day: its first roll is the next tap
    assert page.has(key="roll-4") and not page.has(key="start-angler")
    [record] = app.ctx.sessions.open_records(sa.GAME)
    return page, session, app.ctx.sessions.get(record.id)


async def until_hooked(page, assistant):
    """Rounds of four dice, every row a fish (the column's picture of three fish), until a Strike card hooks
    one: the Day's state then."""
    for _ in range(20):
        await page.click(key="roll-4")
        for _ in range(3):
            await page.click(key="pool-0")  # the third casts its die
        if assistant.state.strike.status == "casting":
            await page.click(key="river-FFF")  # the whole column in one tap
        if assistant.state.strike.status == "hooked":
            return assistant.state
    raise AssertionError("no Strike card hooked a fish in 20 rounds")


async def catch(page, key: str, times: int) -> None:
    for _ in range(times):
        await page.click(key=key)


async def test_start_an_adventure_and_spend_the_free_badge_on_a_momentum_tile(app) -> None:
    page = await app.open("/games/fly-solo/journal")
    assert page.has(key="adventure-name")
    page, session = await new_adventure(app)
    assert page.find(key="badges-to-spend").content.value == "1 Badge to spend"
    await page.click(key="buy-finesse")
    assert "free Badge unlocks your first Momentum tile" in page.message_texts()[-1]
    await page.click(key="buy-momentum-1A")
    assert session.state.upgrades.momentum == ("1A",)
    assert page.find(key="badges-to-spend").content.value == "0 Badges to spend"
    assert "1A (A side)" in page.texts()  # on the setup card
    await page.click(key="undo")
    assert session.state.upgrades.momentum == ()


async def test_record_a_winning_day_from_taps_with_both_scores_live(app) -> None:
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    await page.click(key="open-record-in-page")
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}/record"
    assert page.find(key="why-not-record").value.startswith("A Day ends when you or the Silent Angler has seven")
    await page.click(key="points-4")  # 4-point fish: one tap of its digit
    await catch(page, "fish-brook-black", 7)  # seven 4-point Brook: a Big One too
    await page.click(key="hatch-tan-2")
    await page.click(key="record-seat-angler")
    assert not page.has(key="card-N") and page.has(key="track-3")  # no Skill cards, a track instead
    assert page.label(key="points-count") == "3"  # the Angler's own points: not the 4 set for your fish
    await page.click(key="points-4")
    await catch(page, "fish-coho-gold", 2)
    # Fly Solo, the Silent Angler 4: a hook brings one token, none when its column has none.
    assert page.find(key="hatch-tally").value == ("2 fish: at most 2 tokens (one came with each hook, when its "
                                                  "column had one); 0 entered")
    await page.click(key="track-3")
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
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}"
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
    assert page.message_texts()[-1].startswith("You have no Badge to spend")
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
    assert assistant.state.strike.status == "casting"  # its die cast with the third taken: no tap of its own
    await page.click(key="river-FFF")  # the column: a fish in each row, one tap for the cast
    assert assistant.state.strike.status != "casting"
    if assistant.state.strike.status == "hooked":
        await page.click(key="hook-coho-gold")
        await page.click(key="column-blue")  # the first of the wheel's order the column has: lands the fish
        assert [f.species.value for f in assistant.state.fish] == ["coho"]
        assert assistant.state.hatch[sa.Hatch.BLUE] == 1
    # The round is over and the Day goes on: the next roll ends it, one tap for both (issue 43).
    assert assistant.state.step == "end-round" and not page.has(key="end-round")
    await page.click(key="roll-5")
    assert assistant.state.draft.round == 2 and len(assistant.state.draft.pool) == 5
    assert [a.type for a in assistant.record.actions[-2:]] == ["end", "roll"]
    # Your seventh fish: the Day ends at the end of this round.
    await page.click(key="your-fish-7")  # one tap of its digit
    for _ in range(3):
        await page.click(key="pool-0")
    while assistant.state.step == "cast":
        if assistant.state.strike.status == "idle":
            await page.click(key="angler-cast")
        elif assistant.state.strike.status == "casting":
            await page.click(key="river-RRR")
        else:
            await page.click(key="hook-brook-green")
            await page.click(key="no-token")
    await page.click(key="end-round")
    assert assistant.state.over
    await page.click(key="send-to-journal")
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}/record"
    assert session.state.draft.angler.fish == assistant.state.fish
    assert session.state.draft.track == assistant.state.track
    assert app.ctx.sessions.open_records(sa.GAME) == []
    # Back on the adventure, the Day's next step is pinned: your own catch (the Silent Angler's Day, played
    # before it, was pinned until it came in); a second Silent Angler's Day stays in the page.
    await page.route(f"/games/fly-solo/journal/{session.id}")
    assert label_of(page.pinned()) == "Record Day 1" and page.has(key="open-assistant-in-page")
    await page.click(key="open-record")
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}/record"


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
    assert page.message_texts()[-1] == "Discarded Too hard."
    assert page.has(key="start-adventure")  # back on the list
    await page.message_action()
    assert [r.id for r in app.ctx.sessions.open_records(j.GAME)] == [session.id]
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}"


async def test_an_adventure_with_a_move_recorded_is_discarded_only_once_asked(app) -> None:
    # Issue 63: a won adventure was thrown away at one tap of Discard.
    page, session = await new_adventure(app, "Autumn week")
    await page.click(key="buy-momentum-1A")
    await page.click(key="discard-adventure")
    assert page.dialog().title.value == "Discard Autumn week?"
    assert [r.id for r in app.ctx.sessions.open_records(j.GAME)] == [session.id]  # nothing gone yet
    await page.click(key="confirm-discard-cancel")
    assert [r.id for r in app.ctx.sessions.open_records(j.GAME)] == [session.id]
    await page.click(key="discard-adventure")
    await page.click(key="confirm-discard")
    assert app.ctx.sessions.open_records(j.GAME) == [] and page.has(key="start-adventure")
    assert page.message_texts()[-1] == "Discarded Autumn week."


async def test_an_adventure_started_with_no_name_typed_takes_the_suggested_one(app) -> None:
    # The suggestion was the field's text, selected by the server when the field was tapped: a thumb
    # typing before that selection arrived had its first letters replaced or moved ("utumn weekA").
    page = await app.open("/games/fly-solo/journal")
    field = page.find(key="adventure-name")
    assert not field.value and field.hint_text.startswith("Adventure ")  # typing needs no clearing first
    assert field.on_focus is None  # nothing the server sets while the player types
    await page.change(field, value="   ")
    await page.click(key="start-adventure")
    assert campaign(app).state.name == field.hint_text


async def test_the_silent_anglers_fish_takes_only_the_points_its_species_prints(app) -> None:
    """Seed 000, SCORING 1 and the Silent Angler's fish: a card's points, as set in Settings
    (chosen defaults: Coho 1 to 8, Brook 1 to 4)."""
    page, _, assistant = await start_assistant(app)
    await until_hooked(page, assistant)
    await page.click(key="hook-coho-gold")
    await page.click(key="hook-points-8")  # one tap of its digit (was five taps of +)
    assert page.find(key="hook-points-count").value == "8"
    await page.click(key="hook-brook-black")  # the points follow the species' cards
    assert page.find(key="hook-points-count").value == "4" and not page.has(key="hook-points-5")
    await page.click(key="no-token")
    assert [(f.species.value, f.points) for f in assistant.state.fish] == [("brook", 4)]


class Taps:
    """Taps on one page, counted: what a player does at the table, one tap at a time."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    async def __call__(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            await self.page.click(key=key)
            self.count += 1


async def test_every_control_of_the_day_says_whose_sheet_it_fills_and_the_switch_sits_on_it(app) -> None:
    # Four fish meant for the player went to the Silent Angler: the "You / Silent Angler" switch was far
    # above the fish buttons, and they said only "Add a black Brook".
    from tests.headless import key_of, walk

    page, session = await new_adventure(app)
    await page.click(key="open-record-in-page")
    assert page.find(key="fish-brook-black").tooltip == "Catch for you: black Brook (0 caught)"
    assert page.heard("hatch-tan-1") == "Your tan hatch tokens: 1"
    assert page.find(key="sheet-owner").value == "Your catch"
    assert "Your Skill N" in [getattr(c, "semantics_label", None) for c in walk(page.find(key="card-N"))]
    sheet = page.find(key="record-sheet")
    inside = {key_of(c) for c in walk(sheet)}
    assert {"record-seat-you", "record-seat-angler", "fish-brook-black", "points-4"} <= inside  # one panel
    yours = sheet.border.top.color
    await page.click(key="record-seat-angler")
    assert page.find(key="sheet-owner").value == "The Silent Angler's catch"
    assert page.find(key="fish-brook-black").tooltip == "Catch for the Silent Angler: black Brook (0 caught)"
    assert page.heard("hatch-tan-1") == "The Silent Angler's tan hatch tokens: 1"
    assert page.find(key="record-sheet").border.top.color != yours  # the Angler's sheet in its own colour
    await page.click(key="fish-brook-black")
    reads = [getattr(c, "semantics_label", None) for c in walk(page.find(key="caught-0"))]
    assert "Take back the Silent Angler's black Brook of 3 points (1)" in reads
    assert [len(p.fish) for p in session.state.draft.sheet.game.players] == [0, 1]


async def test_record_day_is_pinned_above_the_navigation_bar(app) -> None:
    # "Record Day 1" was at the very bottom of the page.
    page, _ = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    await page.click(key="open-record-in-page")
    button = page.find(key="record-day")
    assert page.pinned() is button and button.content == "Record Day 1"
    await page.click(key="record-day")  # not yet: the refusal says why
    assert page.message_texts()[-1].startswith("A Day ends when you or the Silent Angler has seven fish")


async def test_a_day_is_recorded_in_25_taps(app) -> None:
    """The tester's Day, tap by tap: 40 taps before (points, the track and hatch tokens were runs of -
    and +), 25 now: a card's points, the track's space and a colour's hatch tokens are one tap each."""
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    tap = Taps(page)
    await tap("open-record-in-page")
    # You: 3 black Brook of 4, 2 gold Coho of 6, a green Rainbow of 5, a green Grayling of 2; 2 tan, 1 blue.
    await tap("points-4")
    await tap("fish-brook-black", 3)
    await tap("points-6")
    await tap("fish-coho-gold", 2)
    await tap("points-5")
    await tap("fish-rainbow-green")
    await tap("points-2")
    await tap("fish-grayling-green")
    await tap("hatch-tan-2")
    await tap("hatch-blue-1")
    # The Silent Angler: a black Dolly of 3, a gold Coho of 8, a green Brook of 2; yellow, green; track 3.
    await tap("record-seat-angler")
    await tap("fish-dolly-black")  # 3: its own points start at 3
    await tap("points-8")
    await tap("fish-coho-gold")
    await tap("points-2")
    await tap("fish-brook-green")
    await tap("hatch-yellow-1")
    await tap("hatch-green-1")
    await tap("track-3")
    await tap("bonus-tan")
    await tap("record-day")
    [day] = session.state.days
    assert [(f.species.value, f.points) for f in day.entry.you.fish] == [
        ("brook", 4), ("brook", 4), ("brook", 4), ("coho", 6), ("coho", 6), ("rainbow", 5), ("grayling", 2)]
    assert [(f.species.value, f.points) for f in day.entry.angler.fish] == [("dolly", 3), ("coho", 8), ("brook", 2)]
    assert (day.entry.angler.track, day.score.your_total, day.score.angler_total) == (3, 47, 24)
    print(f"taps for a Day: {tap.count}")
    assert tap.count == 25


def adventure_won(app, days: int = 4):
    """An adventure whose first `days` Days were won (four: the adventure won), as a session."""
    from tests.unit.test_fly_solo_journal import Journal

    journal = Journal("Autumn week")
    journal.buy("momentum", "1A")
    for _ in range(days):
        journal.win()
    session = app.ctx.sessions.create(j.GAME, journal.setup, "Autumn week")
    for action in journal.log:
        session.perform(action)
    return session


async def test_recording_the_day_that_wins_the_adventure_shows_it_won_on_every_phone(app) -> None:
    # The record screen scored the next Day at a Location past L4: the Day that won the adventure crashed
    # every page showing it ("tuple index out of range").
    session = adventure_won(app, days=3)  # L4 still to beat
    route = f"/games/fly-solo/journal/{session.id}/record"
    page = await app.open(route)
    other = await app.open(route, phone="192.0.2.8", player="table")
    assert page.find(key="sheet-owner").value == "Your catch" and "Day 4 at L4 Coldwater Cove" in page.texts()
    await page.click(key="points-7")
    await catch(page, "fish-steelhead-green", 7)
    await page.click(key="record-day")
    await app.settle()
    assert session.state.status(j.RULES.adventure) == "won"
    recorded = session.record.actions[-1]
    assert recorded.type == "day" and recorded.data["recorded_at"] == app.store.clock().isoformat(timespec="seconds")
    assert page.routes()[0] == f"/games/fly-solo/journal/{session.id}"
    assert page.find(key="adventure-status").value == "You won the adventure: all four Locations beaten in 4 Days!"
    assert other.find(key="why-not-record").value == "The adventure is over: you won it."
    assert not other.has(key="record-sheet") and not other.has(key="record-day")
    assert other.find(key="day-result").value == "You beat the Silent Angler"  # the last Day's scores
    await other.click(key="undo")  # the last Day taken back: its sheet again
    assert other.find(key="sheet-owner").value == "Your catch" and other.has(key="record-day")


async def test_a_hook_is_two_taps_its_fish_and_the_token_it_takes_landing_it(app) -> None:
    """Seed 000, THE SILENT ANGLER (a hook: the fish and one hatch token from that column, the colour its die
    points at on the wheel, else the next clockwise the column has). Issue 43: a hook cost 5 to 10 taps (each
    token of the column, then "lands this fish"), then 3 (species, colour, token); now its fish (its species'
    square of its colour) and the token it takes, which lands it."""
    page, _, assistant = await start_assistant(app)
    hooked = await until_hooked(page, assistant)
    die, wheel = hooked.die, j.RULES.adventure.wheel
    order = [wheel[(die - 1 + k) % len(wheel)] for k in range(len(wheel))]  # by hand: the die's colour first
    tiles = [key_of(c) for c in page.find_all() if (key_of(c) or "").startswith("column-")]
    assert tiles == [f"column-{h.value}" for h in order]
    semantics = [c for c in page.find_all() if getattr(c, "label", None) == f"{order[0].value.capitalize()} token"]
    assert semantics and semantics[0].checked is None  # a button that lands the fish, not a box to tick
    assert page.find(key="token-order").value.startswith(f"Its die points at {order[0].value}:")
    taps = 0
    for key in ("hook-rainbow-gold", f"column-{order[2].value}"):  # its column lacks the first two colours
        await page.click(key=key)
        taps += 1
    assert taps == 2 and [(f.species.value, f.color.value, f.points) for f in assistant.state.fish] == [
        ("rainbow", "gold", 3)]
    assert assistant.state.hatch[order[2]] == 1 and sum(assistant.state.hatch.values()) == 1


async def test_the_assistants_page_opened_by_its_address_offers_to_start_the_day(app) -> None:
    # Play Day N on the adventure's page starts the Day; a phone that opens the assistant's address before
    # anyone did (a bookmark, a reload) is offered Start Day N, and that starts the same one Day.
    page, session = await new_adventure(app)
    await page.click(key="buy-momentum-1A")
    page = await app.open(f"/games/fly-solo/journal/{session.id}/angler")
    assert page.has(key="start-angler") and app.ctx.sessions.open_records(sa.GAME) == []
    await page.click(key="start-angler")
    assert page.has(key="roll-4") and len(app.ctx.sessions.open_records(sa.GAME)) == 1
    other = await app.open(f"/games/fly-solo/journal/{session.id}")
    await other.click(key="open-assistant")  # the Day already started: no second one
    assert other.has(key="roll-4") and len(app.ctx.sessions.open_records(sa.GAME)) == 1


async def test_at_large_text_a_hooked_fish_is_its_species_then_its_colour(app) -> None:
    # At 150 % text and more the grid's eight species rows ran far below the fold: the species' chips, then
    # its colour (the colour kept when the species is changed), then the token that lands it.
    from companion.ui.phone import TEXT_SIZE

    page, _, assistant = await start_assistant(app)
    page = await app.open(page.routes()[0], prefs={TEXT_SIZE: 200})
    await until_hooked(page, assistant)
    assert not page.has(key="hook-brook-black") and page.has(key="hook-species-brook")
    await page.click(key="hook-colour-black")
    await page.click(key="hook-species-coho")
    await page.click(key="hook-species-brook")  # another species: the colour tapped stays
    await page.click(key="no-token")
    assert [(f.species.value, f.color.value) for f in assistant.state.fish] == [("brook", "black")]


async def test_a_silent_angler_cast_is_one_tap_on_the_picture_of_its_column(app) -> None:
    """Seed 000, SILENT ANGLER'S TURN 1-3: to the bottom row of the die's column, one Strike card for every fish
    the token is on or drifts to, none on a Rock, up a row on a miss, over after the top row. Issue 43: a tap
    per row (3 a cast without a hook); now the column's picture, one tap: fish, rock, fish from the bottom."""
    page, _, assistant = await start_assistant(app)
    await page.click(key="roll-4")
    for _ in range(3):
        await page.click(key="pool-0")  # the third taken casts the Silent Angler's die: the cards shuffled
    cast = assistant.state.strike
    assert cast.status == "casting" and cast.row == 0
    pictures = [c for c in page.find_all() if (key_of(c) or "").startswith("river-")]
    assert len(pictures) == 8  # a fish or a rock in each of three rows
    labels = [c.label for c in page.find_all() if isinstance(c, ft.Semantics) and (c.label or "").startswith("Bottom")]
    assert labels[0] == "Bottom a fish, middle a fish, top a fish" and len(set(labels)) == 8
    deck = cast.deck  # by hand: the bottom fish takes the first card; the rock none; the top fish the second
    await page.click(key="river-FRF")
    after = assistant.state
    if deck[0] == "hook":
        assert after.strike.status == "hooked" and after.strike.revealed == ("hook",)
    elif deck[1] == "hook":
        assert after.strike.status == "hooked" and after.strike.revealed == (deck[0], "hook")
    else:  # no hook: the cast is over, and the round's one die with it
        assert after.step == "end-round" and after.fish == ()
    assert [a.type for a in assistant.record.actions].count("column") == 1


async def test_your_seventh_fish_at_the_rounds_end_ends_the_day_in_one_tap(app) -> None:
    """Seed 000, DAY END: the Day ends at the end of any round when you or the Silent Angler has caught a 7th
    fish. Issue 43: "You have 7 fish", then "End round"; now the one tap records both (each Undo takes one)."""
    page, _, assistant = await start_assistant(app)
    await page.click(key="roll-4")
    for _ in range(3):
        await page.click(key="pool-0")
    if assistant.state.strike.status == "casting":
        await page.click(key="river-RRR")  # three rocks: no card, the cast over
    assert assistant.state.step == "end-round" and not assistant.state.over
    # What the round's end does, as true as the tally above it (issue 65: "its track moves a space" beside "track
    # space 0"): the move is the next tap's.
    assert "Silent Angler: 0 fish · track space 0" in page.texts()
    assert "Round 1 is over: no catch: its track moves from space 0 to 1 with your next tap." in page.texts()
    await page.click(key="seventh")
    assert assistant.state.over and assistant.state.your_fish == 7
    assert [a.type for a in assistant.record.actions[-2:]] == ["you", "end"]
    assert page.has(key="send-to-journal")
    await page.click(key="undo")  # the round's end back: the Day goes on, your seven kept
    assert not assistant.state.over and assistant.state.your_fish == 7


async def test_no_5b_re_roll_without_momentum_tile_5(app) -> None:
    page, _, _ = await start_assistant(app)  # Momentum tile 1
    await page.click(key="roll-5")
    assert page.has(key="pool-0") and not page.has(key="reroll-5b")


async def test_the_5b_re_roll_is_offered_with_momentum_tile_5_and_re_rolls_the_pool(app) -> None:
    # Issue 43: the Silent Angler's dice step offered no Momentum 5B re-roll, though it changes its dice.
    page, session = await new_adventure(app, "With tile 5")
    await page.click(key="buy-momentum-5A")
    await page.click(key="open-assistant")  # starts the Day: its first roll is the next tap
    assert page.has(key="roll-4") and not page.has(key="start-angler")
    [record] = app.ctx.sessions.open_records(sa.GAME)
    assistant = app.ctx.sessions.get(record.id)
    await page.click(key="roll-5")
    await page.click(key="pool-0")
    before = assistant.state.draft
    await page.click(key="reroll-5b")
    after = assistant.state.draft
    assert len(after.pool) == 4 and after.dice_of(0) == before.dice_of(0) and after.round == before.round
    assert assistant.record.actions[-1].label == "Momentum 5B: re-roll the pool (4 dice)"


async def test_a_won_adventure_is_finished_in_history_and_a_discarded_one_is_brought_back(app) -> None:
    """Issue 63: after the last Day was won the Games card still said Resume, the adventure was listed among
    the unfinished, and once discarded (an Undo of a few seconds) no screen brought it back."""
    from tests.unit.test_fly_solo_journal import Journal

    won = adventure_won(app)
    going = app.ctx.sessions.create(j.GAME, Journal("Winter week").setup, "Winter week")
    assert won.state.status(j.RULES.adventure) == "won"
    games = await app.open("/games")
    assert games.label(key="resume-fly-solo") is not None  # the one still going
    assert f"Resume {going.record.title}" in games.find(key="resume-fly-solo").tooltip
    listing = await app.open("/sessions")
    assert listing.has(key=f"session-{going.id}") and not listing.has(key=f"session-{won.id}")
    history = await app.open("/history/fly-solo")
    assert history.has(key=f"adventure-{won.id}") and history.has(key=f"adventure-{going.id}")

    app.ctx.sessions.discard(going.id)  # as Discard does (tested in test_discard_an_adventure_with_undo)
    listing.page.pubsub.send_all("sessions")
    await app.settle()
    assert listing.find(key="discarded-title").value == "Discarded in the last 30 days"
    assert "0 actions · discarded: Sat 21 Nov, 10:00" in listing.texts() and not listing.has(key=f"session-{going.id}")
    await listing.click(key=f"bring-back-{going.id}")
    await app.settle()
    assert listing.has(key=f"session-{going.id}") and not listing.has(key=f"discarded-{going.id}")
    assert len(app.ctx.sessions.get(going.id).record.actions) == len(going.record.actions)
    # Offered back for 30 days (its folder is kept longer).
    app.ctx.sessions.discard(going.id)
    app.store.clock.advance(days=31)
    assert app.ctx.sessions.discarded() == []
