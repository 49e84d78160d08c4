"""A table of phones on headless pages: who plays on each phone, taps that arrive after the
screen changed, whose Undo takes back what, nothing stale written back, host-only things."""

from __future__ import annotations


from companion.core.actions import TABLE
from companion.games.dice_roller import GAME as TABLE_GAME
from companion.games.fleet_dice.game import GAME as FLEET
from tests.headless import ANA_PHONE, BEN_PHONE, title_of




async def fleet_sheets(app, ana, ben) -> None:
    """Ana's phone starts two sheets; Ben's phone follows them."""
    await ana.click(key="seat-Ana")
    await ana.click(key="seat-Ben")
    await ana.click(key="start-Ana-cod")
    await ana.click(key="start-Ben-oyster")
    await ana.click(key="first-Ana")
    await ana.click(key="start-sheets")
    await app.settle()


async def enter(page, *faces: str) -> None:
    """The table's roll, the physical dice's faces tapped in."""
    await page.click(key="enter-dice")
    for face in faces:
        await page.click(key=f"enter-{face}")


# Who plays on this phone ----------------------------------------------------------------

async def test_a_phone_is_asked_who_plays_on_it_first_and_then_goes_where_it_was_going(app, roster) -> None:
    phone = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE)
    assert title_of(phone.page.views[-1]) == "Who is playing?"
    assert phone.label(key="who-question") == "Who is playing on this phone?"
    # The only view, in the place of the page's first (shell.TAB_VIEW): drawn at once, with no tab under
    # it and no way back (nowhere to go before answering).
    assert [v.route for v in phone.page.views] == ["/"] and phone.routes() == ["/who"]
    assert not phone.has(label="Back") and not phone.has(key="nav")
    await phone.click(key="i-am-Ana")
    assert title_of(phone.page.views[-1]) == "Fleet Dice"
    assert [v.route for v in phone.page.views] == ["/"] and phone.routes() == ["/games/fleet-dice/sheets"]
    assert phone.label(key="who-label") == "Playing on this phone: Ana"
    assert phone.find(key="who").content.content.value == "AN"  # the initials in the app bar's circle


async def test_a_new_name_joins_the_roster_and_plays_on_the_phone(app, roster) -> None:
    phone = await app.open("/dice", phone=ANA_PHONE)
    await phone.change(phone.find(key="new-player-name"), value="Cy")
    await phone.click(key="join-as-new")
    assert [p.name for p in app.store.settings.players()] == ["Ana", "Ben", "Cy"]
    assert phone.label(key="who-label") == "Playing on this phone: Cy"
    await phone.click(key="roll")
    [action] = app.ctx.sessions.latest(TABLE_GAME).record.actions
    assert action.who == "Cy"


async def test_the_host_is_the_whole_table_until_it_says_otherwise(app, roster) -> None:
    host = await app.open("/dice")
    assert host.label(key="who-label") == "Playing on this phone: The whole table"
    await host.click(key="who")
    await host.click(key="i-am-Ben")
    assert host.label(key="who-label") == "Playing on this phone: Ben"


async def test_every_action_records_the_phone_that_made_it(app, roster) -> None:
    ana = await app.open("/dice", phone=ANA_PHONE, player="Ana")
    table = await app.open("/dice", phone=BEN_PHONE, player=TABLE)
    await ana.click(key="roll")
    await app.settle()
    await table.click(key="roll")
    actions = app.ctx.sessions.latest(TABLE_GAME).record.actions
    assert [(a.by, a.who) for a in actions] == [(roster["Ana"], "Ana"), (TABLE, "")]


# No tap lost ----------------------------------------------------------------------------

async def test_a_second_quick_tap_on_a_control_the_first_tap_replaced_still_counts(app, roster) -> None:
    page = await app.open("/games/freshwater-fly/score", player="Ana")
    ana_chip, ben_chip = page.find(key="seat-Ana"), page.find(key="seat-Ben")
    await page.tap(ana_chip)
    assert page.find(key="seat-Ben") is not ben_chip  # the setup was drawn again under the second tap
    await page.tap_late(ben_chip)
    assert page.label(key="seat-Ana") == "1. Ana" and page.label(key="seat-Ben") == "2. Ben"


async def test_two_phones_on_their_own_sheets_at_the_same_moment_both_count(app, roster) -> None:
    ana = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/fleet-dice/sheets", phone=BEN_PHONE, player="Ben")
    await fleet_sheets(app, ana, ben)
    assert ben.find(key="sheet-banner").value == "Round 1, boat phase: Ana rolls the boat dice."
    assert ben.checked("sheet-Ben")  # each phone opens on its player's sheet
    await enter(ana, "cod", "lobster", "oyster")
    await ana.click(key="die-0")
    await ana.click(key="use-normal")
    await app.settle()
    await ben.click(key="die-1")
    await ben.click(key="use-normal")
    await app.settle()
    # The Oyster left is shared: each taps it on their own sheet at the same moment.
    assert ben.find(key="sheet-banner").value == "Round 1, boat phase: Ben, use the shared die."
    bens_tap = ben.find(key="use-normal")
    await ana.click(key="use-normal")
    await app.settle()  # Ana's fill redraws Ben's panel while his tap is on its way
    await ben.tap_late(bens_tap)
    game = app.ctx.sessions.latest(FLEET)
    assert (game.state.sheets[0].filled["oyster"], game.state.sheets[1].filled["oyster"]) == (1, 3 + 1)
    assert [a.who for a in game.record.actions[-2:]] == ["Ana", "Ben"]
    assert ben.message_texts() == []


async def test_a_tap_on_a_screen_another_phone_changed_meanwhile_is_refused_with_the_reason(app, roster) -> None:
    ana = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/fleet-dice/sheets", phone=BEN_PHONE, player="Ben")
    await fleet_sheets(app, ana, ben)
    table = await app.open("/games/fleet-dice/sheets", player="table")  # the phone passed around the table
    await enter(ana, "cod", "lobster", "oyster")
    await app.settle()
    await ben.click(key="sheet-Ana")  # Ben looks at Ana's sheet: his phone does not fill it
    assert ben.has(key="not-mine") and not ben.has(key="use-normal")
    await ben.click(key="die-0")
    assert ben.message_texts()[-1].startswith("This is Ana's sheet: Ana fills it on their own phone")
    await table.click(key="die-0")  # Ana takes her die on the phone passed around, while tapping her own too
    tables_tap = table.find(key="use-normal")
    await ana.click(key="die-0")
    await ana.click(key="use-normal")
    await app.settle()
    await table.tap_late(tables_tap)
    game = app.ctx.sessions.latest(FLEET)
    assert game.state.sheets[0].filled["cod"] == 4 and len(game.record.actions) == 2
    [told] = table.message_texts()
    assert told.startswith("Just before your tap: Ana: takes a die, Cod: fill Cod box 4. Your tap was not recorded")


async def test_taps_that_arrive_together_from_two_phones_are_all_recorded(app, roster) -> None:
    import asyncio

    ana = await app.open("/dice", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    for _ in range(5):
        await asyncio.gather(ana.click(key="roll"), ben.click(key="roll"))
    await app.settle()
    assert len(app.ctx.sessions.latest(TABLE_GAME).state.dice.rolls) == 10
    assert ana.label(key="total") == ben.label(key="total")


# Undo belongs to whoever did it ----------------------------------------------------------

async def test_each_players_undo_takes_back_their_own_last_action(app, roster) -> None:
    ana = await app.open("/dice", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    await ana.click(key="roll")
    await app.settle()
    await ben.click(key="choose-dice")
    await ben.click(key="use-dice")  # the same two d6
    await app.settle()
    assert ana.label(key="undo") == "Undo: roll 2 d6 (Ana)"
    assert ben.label(key="undo") == "Undo: set the pool to 2 d6 (Ben)"
    await ben.click(key="undo")
    await app.settle()
    session = app.ctx.sessions.latest(TABLE_GAME)
    assert [a.who for a in session.record.actions] == ["Ana"]
    assert ben.label(key="undo") == "Nothing to undo" and ben.label(key="redo") == "Redo: set the pool to 2 d6 (Ben)"
    assert ana.label(key="undo") == "Undo: roll 2 d6 (Ana)"


async def test_an_undo_that_a_later_action_depends_on_says_which(app, roster) -> None:
    ana = await app.open("/dice", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    await ana.click(key="roll")
    await app.settle()
    shown = ana.find(key="undo")  # "Undo: roll 2 d6 (Ana)", as Ana's thumb goes down
    await ben.click(key="die-0")  # Ben keeps a die of Ana's roll
    await app.settle()
    assert ana.label(key="undo").startswith("roll 2 d6 (Ana): keep die 1")
    await ana.tap_late(shown)
    [told] = ana.message_texts()
    assert told.startswith("“roll 2 d6 (Ana)” cannot be undone: the later “keep die 1")
    assert "(Ben)” depends on it. Ben undoes that first" in told
    assert len(app.ctx.sessions.latest(TABLE_GAME).record.actions) == 2


async def test_the_table_phones_undo_refuses_when_its_label_changed_under_the_tap(app, roster) -> None:
    table = await app.open("/dice", player=TABLE)
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    await table.click(key="roll")
    shown = table.find(key="undo")
    assert table.label(key="undo") == "Undo: roll 2 d6"
    await ben.click(key="roll")
    await app.settle()
    await table.tap_late(shown)
    assert "changed to “roll 2 d6 (Ben)”" in table.message_texts()[-1]
    assert len(app.ctx.sessions.latest(TABLE_GAME).record.actions) == 2


# Nothing stale writes back ----------------------------------------------------------------

async def test_after_a_restore_a_stale_tap_on_another_page_writes_nothing_back(app, roster) -> None:
    host = await app.open("/settings")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    for _ in range(4):
        await ben.click(key="roll")
    await host.click(key="backup-now")
    for _ in range(2):
        await ben.click(key="roll")
    stale_roll = ben.find(key="roll")
    [backup] = [b for b in app.store.list_backups() if b.reason == "manual"]
    await host.click(key=f"restore-{backup.name}")
    await host.click(key="confirm-restore")
    await app.settle()
    await ben.tap_late(stale_roll)
    [session_id] = app.store.sessions.ids()
    assert len(app.store.sessions.load(session_id).actions) == 4
    assert "restored from a backup" in ben.message_texts()[-1]
    assert "#3" in ben.texts() and "#5" not in ben.texts()  # the page shows the four restored rolls


async def test_a_session_finished_on_one_phone_is_let_go_on_the_others(app, roster) -> None:
    ana = await app.open("/dice", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/dice", phone=BEN_PHONE, player="Ben")
    await ana.click(key="roll")
    await app.settle()
    finished = app.ctx.sessions.latest(TABLE_GAME)
    await ana.click(key="finish")
    await app.settle()
    await ben.click(key="roll")  # a new session starts; the finished one is not written again
    assert app.ctx.sessions.latest(TABLE_GAME).id != finished.id
    assert not app.store.sessions.path(finished.id).exists()


async def test_a_phone_that_lost_its_connection_and_came_back_still_follows_the_others(app, roster) -> None:
    # A reload or a blip: Flet keeps the page's session and attaches the new connection to it.
    ana = await app.open("/games/fleet-dice/sheets", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/fleet-dice/sheets", phone=BEN_PHONE, player="Ben")
    await ben.session.disconnect(60)
    await ben.session.connect(ben.conn)
    await fleet_sheets(app, ana, ben)
    assert ben.find(key="sheet-banner").value == "Round 1, boat phase: Ana rolls the boat dice."


# Host only ---------------------------------------------------------------------------------

async def test_a_phone_sees_no_backups_restore_data_folder_or_removal(app, roster) -> None:
    phone = await app.open("/settings", phone=ANA_PHONE, player="Ana")
    assert not phone.has(key="backup-now") and not phone.has(label="Remove Ben")
    assert not any(str(app.store.root) in t for t in phone.texts())
    assert phone.has(label="Backups and restoring one are done on the host: the machine Companion runs on.")
    host = await app.open("/settings")
    assert host.has(key="backup-now") and host.has(label="Remove Ben")
    assert any(str(app.store.root) in t for t in host.texts())


async def test_a_phone_cannot_delete_a_play(app, roster) -> None:
    from companion.core.plays import Play

    app.store.archive.add(Play("p1", "freshwater-fly", "2026-11-21T10:00:00+00:00", (), ("Ana",), {}))
    phone = await app.open("/history/p1", phone=ANA_PHONE, player="Ana")
    assert not phone.has(key="delete-play")
    host = await app.open("/history/p1")
    await host.click(key="delete-play")
    await host.click(key="confirm-delete")
    assert app.store.archive.count() == 0


async def test_invite_without_lan_says_how_to_start_for_the_table(app) -> None:
    page = await app.open("/invite")
    assert page.label(key="start-lan") == "make run ARGS=--lan\n\nor: companion --lan"


async def test_a_cast_is_dealt_on_its_casters_phone_only(app, roster) -> None:
    # A cast is the caster's (Freshwater Fly, Cast: B. Draw Strike Cards): Ben's phone sees Ana's cards as
    # they are dealt, offers no Hit me on them, and casts his own once hers is over.
    ana = await app.open("/games/freshwater-fly/strike", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/freshwater-fly/strike", phone=BEN_PHONE, player="Ben")
    await ana.click(key="start-cast")
    await app.settle()
    assert ana.has(key="hit") and ana.text_containing("Ana's cast") == "Ana's cast"
    assert not ben.has(key="hit") and not ben.has(key="finesse") and not ben.has(key="end-cast")
    assert ben.text_containing("Ana's cast") == "Ana's cast: dealt on their phone"
    await ana.click(key="hit")
    await app.settle()
    session = app.ctx.sessions.latest("freshwater-fly-table")
    assert [a.type for a in session.record.actions] == ["strike.start", "strike.deal"]
    assert ben.label(key="undo") == "Nothing to undo"  # nothing of Ben's to take back
    while session.state.strike.status == "casting":
        await ana.click(key="hit")
        await app.settle()
    await ben.click(key="start-cast")  # Ana's cast is over (hooked or missed): Ben casts his own
    await app.settle()
    assert session.state.strike.caster == "Ben" and ben.has(key="hit") and not ana.has(key="hit")


async def test_the_phone_passed_around_plays_for_the_seats_without_a_phone_and_says_whose_sheet(app, roster) -> None:
    # Fleet Dice: Dee on the phone passed around, Ana and Ben on their own. The table phone follows Dee's
    # sheet (never Ana's or Ben's), says so in words, and its Undo is Dee's, not Ana's pick made after it.
    from companion.games.fleet_dice import rules as fleet

    ids = {**roster, "Dee": app.store.settings.add_player("Dee").id}
    session = app.ctx.sessions.create(FLEET, fleet.setup_for(
        [{"name": n, "id": ids[n], "start": s} for n, s in (("Ana", "cod"), ("Ben", "oyster"), ("Dee", "shrimp"))],
        2))  # Dee picks first
    route = f"/games/fleet-dice/sheets/{session.id}"
    ana = await app.open(route, phone=ANA_PHONE, player="Ana")
    await app.open(route, phone=BEN_PHONE, player="Ben")
    table = await app.open(route, phone="192.0.2.30", player=TABLE)
    await enter(table, "cod", "lobster", "oyster", "cod")  # Dee, the start player, rolls on the table phone
    await app.settle()
    assert table.find(key="sheet-banner").value == "Round 1, boat phase: Dee, take a die, or tap its lit box."
    await table.click(key="die-0")
    await table.click(key="use-normal")
    await app.settle()
    assert session.state.picker() == 0  # the table waits on Ana's pick, on her own phone
    assert table.find(key="sheet-banner").value == "Dee's sheet. Round 1, boat phase: Ana picks now."  # not Ana's
    assert not table.has(key="use-normal")
    await table.click(key="sheet-Ana")  # a look at Ana's sheet: said in words, and nothing to fill there
    assert table.find(key="sheet-banner").value == "Round 1, boat phase: Ana, take a die, or tap its lit box."
    await table.click(key="die-1")
    assert table.message_texts()[-1] == "This is Ana's sheet: Ana plays on their own phone and fills it there (or " \
                                         "the host does)."
    await ana.click(key="die-1")
    await ana.click(key="use-normal")
    await app.settle()
    assert [a.who for a in session.record.actions] == ["", "", "Ana"]
    assert table.label(key="undo").startswith("Dee: takes a die")
    assert table.label(key="undo").endswith("Ana: takes a die, Lobster: fill Lobster box 1 came after it")
    await table.click(key="undo")  # locked: a tap says why and what to do, and takes nothing back (issue 65)
    assert table.message_texts()[-1] == ("“Dee: takes a die, Cod: fill Cod box 1” cannot be undone: the later “Ana: "
                                         "takes a die, Lobster: fill Lobster box 1” depends on it. Ana undoes that "
                                         "first on their own phone, or the host undoes both.")
    assert [a.who for a in session.record.actions] == ["", "", "Ana"]
    assert ana.label(key="undo").startswith("Undo: Ana: takes a die")
