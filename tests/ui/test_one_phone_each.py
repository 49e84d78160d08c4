"""A player is on one phone at a time (issue 42; companion/ui/claims.py): a second phone choosing a player
who plays on another phone is refused in words, by a tap or by a cookie it forged; the phone that has them
hands them over by saying someone else plays on it, or the host (or the phone passed around) frees them
for a new phone, as when a phone's battery dies; the same phone's other tabs play as its player."""

from __future__ import annotations

from companion.ui.phone import PLAYER
from tests.ui.test_table_kit_screens import a_voyage_at_the_duel
from tests.headless import ANA_PHONE, BEN_PHONE

HELD = "Ben is playing on another phone. That phone can hand Ben over"
CY_PHONE = "192.0.2.23"


async def test_a_second_phone_choosing_a_player_on_another_phone_is_refused_in_words(app, roster) -> None:
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    other = await app.open("/who", phone=CY_PHONE)
    await other.click(key="i-am-Ben")
    assert other.message_texts()[-1].startswith(HELD)
    assert other.has(key="who-question")  # still asked who plays on it
    await ben.click(key="roll")
    assert app.ctx.sessions.latest("table").record.actions[-1].who == "Ben"  # Ben's phone plays on


async def test_a_forged_cookie_naming_a_player_on_another_phone_gets_the_question(app, roster) -> None:
    await app.open("/dice", phone=BEN_PHONE, player="Ben")
    ben_id = next(p.id for p in app.store.settings.players() if p.name == "Ben")
    forger = await app.open("/dice", phone=CY_PHONE, prefs={PLAYER: ben_id})
    assert forger.has(key="who-question") and forger.message_texts()[-1].startswith(HELD)
    assert not forger.has(key="roll")  # Ben's screens are not shown to it


async def test_the_phone_that_has_a_player_hands_them_over_by_saying_someone_else(app, roster) -> None:
    ben = await app.open("/who", phone=BEN_PHONE, player="Ben")
    other = await app.open("/who", phone=CY_PHONE)
    await ben.click(key="i-am-table")  # Ben's phone now goes round the table
    await other.click(key="i-am-Ben")
    assert not other.message_texts() and not other.has(key="who-question")


async def test_the_host_frees_a_player_for_a_new_phone_and_the_old_one_is_asked(app, roster) -> None:
    old = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    new = await app.open("/who", phone=CY_PHONE)
    host = await app.open("/settings")
    assert not host.has(key="free-Ana")  # Ana plays on no phone: nothing to free
    await host.click(key="free-Ben")
    await app.settle()
    assert old.has(key="who-question")  # the phone whose battery died is asked again, when it comes back
    await new.click(key="i-am-Ben")
    assert not new.message_texts() and not new.has(key="who-question")


async def test_a_player_at_a_phone_cannot_free_another_phones_player(app, roster) -> None:
    await app.open("/dice", phone=BEN_PHONE, player="Ben")
    ana = await app.open("/settings", phone=ANA_PHONE, player="Ana")
    assert not ana.has(key="free-Ben")


async def test_the_same_phones_other_tab_plays_as_its_player(app, roster) -> None:
    first = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    second = await app.open("/dice", phone=BEN_PHONE, player="Ben")  # the same phone, a new tab
    assert not second.has(key="who-question") and not first.has(key="who-question")
    await second.click(key="roll")
    assert app.ctx.sessions.latest("table").record.actions[-1].who == "Ben"


async def test_a_player_is_free_again_once_their_phones_pages_close(app, roster) -> None:
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    ben.page.on_close(None)  # Flet closes a page some time after its phone is gone
    other = await app.open("/who", phone=CY_PHONE)
    await other.click(key="i-am-Ben")
    assert not other.message_texts() and not other.has(key="who-question")


async def test_a_phone_that_takes_a_player_over_is_not_shown_their_secret_chosen_on_the_other(app, roster) -> None:
    # Ben chooses his duel card on his phone, then hands Ben over; the phone that plays as Ben now is told
    # Ben's choice is in, and sees it only at the reveal, as every phone does.
    voyage = a_voyage_at_the_duel(app, {p.name: p.id for p in app.store.settings.players()})
    route = f"/games/pearl-boat/voyage/{voyage.id}"
    ben = await app.open(route, phone=BEN_PHONE, player="Ben")
    await ben.click(key="duel-1-anchor")
    await app.settle()
    assert ben.find(key="duel-chosen-1").value == "You chose Anchor."  # on the phone it was chosen on
    await ben.route("/who")
    await ben.click(key="i-am-table")  # Ben's phone hands Ben over
    other = await app.open("/who", phone=CY_PHONE)
    await other.click(key="i-am-Ben")
    await other.route(route)
    assert other.has(key="duel-elsewhere") and not other.has(key="duel-chosen-1")
    assert not any("Anchor" in t for t in other.texts())
    assert other.label(key="duel-Ben") == "Ben: chosen ✓"


async def test_the_phone_passed_around_frees_only_a_player_whose_phone_is_gone(app, roster) -> None:
    """Issue 64: any phone with the table's link could take a player from another phone without the host:
    choose "The whole table", Settings, "Free Ana for another phone", then choose Ana. The phone passed around
    frees only a player whose phone has been gone half a minute (a battery died); one still there hands its
    player over itself, or the host frees them; a refused tap says so."""
    from companion.ui.claims import GONE_AFTER, PhoneSeats

    now = [0.0]
    app.ctx.seats = PhoneSeats(clock=lambda: now[0])
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    table = await app.open("/settings", phone=CY_PHONE, player="table")
    await table.click(key="free-Ben")
    assert table.message_texts()[-1].startswith("Ben's phone is still here: Ben hands over on it")
    taker = await app.open("/who", phone="192.0.2.24")
    await taker.click(key="i-am-Ben")
    assert taker.has(key="who-question") and not ben.has(key="who-question")  # Ben stays Ben's
    ben.page.on_disconnect(None)  # Ben's battery died: no page of that phone connected
    now[0] += GONE_AFTER - 1
    await table.click(key="free-Ben")
    assert not ben.has(key="who-question")  # not yet: it may be a blip
    ben.page.on_connect(None)  # back: a blip after all
    now[0] += GONE_AFTER
    await table.click(key="free-Ben")
    assert table.message_texts()[-1].startswith("Ben's phone is still here")
    ben.page.on_disconnect(None)
    now[0] += GONE_AFTER
    await table.click(key="free-Ben")  # gone half a minute: one tap
    await app.settle()
    await taker.click(key="i-am-Ben")
    assert not taker.has(key="who-question") and ben.has(key="who-question")  # Ben plays on the new phone


async def test_where_the_table_waits_on_a_player_whose_phone_is_gone_the_table_phone_plays_them_in_one_tap(
        app, roster) -> None:
    """Issue 64: Cy's phone closed mid-game, and the whole-table phone refused Cy's pick with no way on but
    Settings, Players, Free Cy (5 taps in the middle of a pick). Once that phone has been gone half a minute,
    the table phone offers to play them where the table waits on them, in one tap; the phone, back, takes its
    player again in one tap, and the table phone acts for them no more."""
    from companion.ui.claims import GONE_AFTER, PhoneSeats
    from tests.ui.test_table_of_phones import fleet_sheets

    now = [0.0]
    app.ctx.seats = PhoneSeats(clock=lambda: now[0])
    ana = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/fleet-dice/sheets", phone=BEN_PHONE, player="Ben")
    table = await app.open("/games/fleet-dice/sheets", phone=CY_PHONE, player="table")
    await fleet_sheets(app, ana, ben)  # Ana starts: the table waits on Ana's roll
    assert table.label(key="waiting-on") == "Waiting on Ana" and not table.has(key="play-here-Ana")
    assert not table.has(key="enter-dice")  # Ana's roll is Ana's phone's
    ana.page.on_disconnect(None)  # Ana's battery died
    now[0] += GONE_AFTER - 1
    ana.page.pubsub.send_all("seats")
    await app.settle()
    assert not table.has(key="play-here-Ana")  # not yet: it may be a blip
    now[0] += 1
    ana.page.pubsub.send_all("seats")  # what the server sends once the phone has been gone GONE_AFTER
    await app.settle()
    assert table.label(key="play-here-Ana") == "Ana's phone is gone: play Ana here"
    assert not ben.has(key="play-here-Ana")  # only on the phone passed around
    await table.click(key="play-here-Ana")  # one tap
    await app.settle()
    assert not table.has(key="play-here-Ana")
    await table.click(key="enter-dice")  # the table phone rolls for Ana now
    for face in ("cod", "lobster", "oyster"):
        await table.click(key=f"enter-{face}")
    await app.settle()
    assert [a.type for a in app.ctx.sessions.latest("fleet-dice").record.actions][-1:] == ["roll"]
    assert ana.has(key="who-question")  # Ana's phone, when it is back, is asked who plays on it
    ana.page.on_connect(None)
    await ana.click(key="i-am-Ana")  # one tap: Ana is Ana's again
    await app.settle()
    assert not ana.has(key="who-question")
    assert app.ctx.seats.holder(next(p.id for p in app.store.settings.players() if p.name == "Ana")) is not None


async def test_the_who_screen_says_what_the_phone_passed_around_undoes_and_it_is_so(app, roster) -> None:
    """Issue 65: the who-prompt said the whole-table phone's Undo takes back "the last thing anyone did", which it
    cannot do to a move made on a player's own phone."""
    from companion.ui.screens.who import WHOLE_TABLE_WORDS

    asked = await app.open("/who", phone=CY_PHONE)
    assert asked.find(key="whole-table-words").value == WHOLE_TABLE_WORDS
    await asked.click(key="i-am-table")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    await ben.click(key="roll")  # on Ben's own phone
    await asked.route("/dice")
    await app.settle()
    assert asked.label(key="undo") == "Nothing to undo"  # undone there, not here
    await asked.click(key="roll")  # the table's own move
    await app.settle()
    assert asked.label(key="undo").startswith("Undo: roll")


async def test_while_one_picks_the_others_read_whom_the_table_waits_on_not_your_move(app, roster) -> None:
    """Issue 65: "Your move; also waiting on Ana, Cy and Dee" on Ben's phone while the banner said "Ana picks now".
    During the picks in turn the table waits on the player picking; once every die is picked, on all who still
    have the shared die to use."""
    from tests.ui.test_table_of_phones import enter, fleet_sheets

    ana = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/fleet-dice/sheets", phone=BEN_PHONE, player="Ben")
    await fleet_sheets(app, ana, ben)  # Ana starts
    await enter(ana, "cod", "lobster", "oyster")
    await app.settle()
    assert ben.label(key="waiting-on") == "Waiting on Ana" and ana.label(key="waiting-on") == "Your move"
