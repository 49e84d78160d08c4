"""Lure's Round on headless pages: set-up, the fish entered at Splash (and offered again), the
secret cast on each phone and on the phone passed around, the fishing in turn order, the catch,
the lure drawn (seed 001: Splash, Cast, Fish, Roll and Catch Fish, Rolling Together)."""

from __future__ import annotations


from companion.core.table.seats import seat_entry
from companion.games.lure import rules as lure
from companion.ui.theme import REFUSED_OPACITY
from tests.headless import ANA_PHONE, BEN_PHONE




def state(app):
    return app.ctx.sessions.latest(lure.GAME).state


async def start(page) -> None:
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="lure-start")


async def splash(page) -> None:
    """Two fish (2 players: "Reveal ... 2 in 2-3 players game"): a 7 for 3 VP, a 9 for 4 VP with a pair."""
    await page.click(key="fish-catch-7")  # a number in one tap: its digit
    await page.click(key="fish-vp-3")  # no requirement: the VP key adds the fish
    await page.click(key="fish-catch-9")  # a number in one tap: its digit
    await page.click(key="need-pair")
    await page.click(key="fish-vp-4")
    await page.click(key="lure-splash")


async def test_splash_enters_the_fish_and_offers_them_again(app, roster) -> None:
    page = await app.open("/games/lure/round")
    await start(page)
    assert page.find(key="lure-step").value == "Round 1, Splash: reveal 2 fish."
    await splash(page)
    assert [f.describe() for f in state(app).middle] == ["7 (3 VP)", "9 (4 VP, a pair)"]
    assert state(app).phase == lure.CAST


async def test_each_phone_sees_only_its_own_cast_until_all_are_locked_in(app, roster) -> None:
    host = await app.open("/games/lure/round")
    await start(host)
    await splash(host)
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    assert ana.has(key="pick-0") and not ana.has(key="pick-1")
    assert ben.has(key="pick-1") and not ben.has(key="pick-0")
    # 3 d6 (the starting pick) against a 7: 1 - P(total <= 6) = 1 - 20/216 = 196/216 = 91%.
    assert ana.find(key="odds-0-0").value == "91%"
    await ana.click(key="pick-d6-0-2")  # 2 d6: P(total >= 7) = 21/36 = 58%
    assert ana.find(key="odds-0-0").value == "58%"
    await ana.click(key="lock-0")
    await app.settle()
    assert ben.label(key="cast-Ana") == "Ana: chosen ✓" and not ben.has(key="cast-shown-0")
    assert ana.has(key="cast-mine") and ana.has(key="pick-0")  # Ana may change her pick until all are in
    await ben.click(key="lock-1")
    await app.settle()
    assert state(app).phase == lure.FISH
    # Revealed to everyone at once, in turn order: Ana (2 dice) before Ben (3 dice).
    assert ana.find(key="cast-shown-1").value == "2. Ben: 3 d6"
    assert ben.find(key="cast-shown-0").value == "1. Ana: 2 d6"


async def test_the_phone_passed_around_hides_each_pick_behind_pass_to(app, roster) -> None:
    page = await app.open("/games/lure/round")  # the host: the whole table
    await start(page)
    await splash(page)
    assert not page.has(key="pick-0") and not page.has(key="pick-1")
    await page.click(key="cast-open-0")
    assert page.has(key="pick-0") and not page.has(key="pick-1")
    assert "Only Ana looks now." in page.texts()
    await page.click(key="lock-0")
    assert not page.has(key="pick-0") and not page.has(key="cast-open-0")  # hidden again once locked in
    await page.click(key="cast-open-1")
    await page.click(key="cast-hide")  # Ben looked, and hid it again without choosing
    assert not page.has(key="pick-1")
    await page.click(key="cast-open-1")
    await page.click(key="lock-1")
    assert state(app).phase == lure.FISH


async def test_a_round_of_fishing_by_taps(app, roster) -> None:
    page = await app.open("/games/lure/round")
    await start(page)
    await splash(page)
    await page.click(key="cast-open-0")
    await page.click(key="pick-d6-0-2")  # Ana: 2 d6
    await page.click(key="pick-adjust-0-1")  # and her Adjust lure
    await page.click(key="lock-0")
    await page.click(key="cast-open-1")
    assert page.pinned() is page.find(key="lock-1")  # the open pick's Lock in, pinned
    await page.click(key="lock-1")  # Ben: 3 d6
    # Ana rolls first (fewer dice): she enters 3 and 3; her Adjust moves one to 4: total 7.
    assert page.has(key="roll-0") and page.has(key="enter-0-6")  # the app's roll, or the table's dice by keys
    await page.click(key="enter-0-3")  # a key per face: one tap a die (issue 65: "Enter the dice" came first)
    assert not page.has(key="roll-0") and "(3 so far)" in page.text_containing("Or the table's dice: tap what die 2")
    await page.click(key="enter-0-3")
    assert page.find(key="total-0").value.startswith("Ana: total 6")
    # Each die's Adjust buttons are named for that die (both read "Adjust this d6 up" before).
    assert [page.find(key=f"up-0-{i}").tooltip for i in (0, 1)] == ["Adjust die 1 (d6 showing 3) up",
                                                                     "Adjust die 2 (d6 showing 3) up"]
    await page.click(key="up-0-1")
    assert page.find(key="total-0").value == "Ana: total 7"
    assert page.find(key="meets-0").value == "Meets: 7 (3 VP)"
    assert page.pinned() is page.find(key="lure-resolve")  # pinned: always on screen
    await page.click(key="lure-resolve")
    assert [f.describe() for f in state(app).seats[0].pile] == ["7 (3 VP)"]
    # Ben rolls 1, 1, 2: total 4, a pair but under 9: nothing; he records the lure he draws.
    for value in (1, 1, 2):
        await page.click(key=f"enter-1-{value}")
    await page.click(key="lure-resolve")
    assert state(app).seats[1].owed == 1
    await page.click(key="draw-1-boost")
    assert state(app).seats[1].hand.boost == 2 and state(app).phase == lure.SPLASH
    assert "Ana catches a 7 (3 VP)" in page.texts() and "Ben catches nothing" in page.texts()


async def test_the_last_fish_ends_the_game_and_it_is_saved_to_history(app, roster) -> None:
    # "When the last fish is drawn from the deck, finish the current round then end the game."
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for(["Ana", "Ben"], deck=2))
    page = await app.open("/games/lure/round")
    await splash(page)  # both fish of the deck
    for seat in (0, 1):
        session.perform(lure.cast(session.state, seat, 3))
    session.perform(lure.roll(session.state, 0, [6, 6, 6]))
    session.perform(lure.roll(session.state, 1, [1, 1, 1]))
    await page.route("/dice")
    await page.route("/games/lure/round")
    await page.click(key="lure-resolve")  # together: Ana's 18 meets both, Ben's 3 neither
    assert state(app).phase == lure.OVER
    assert page.find(key="lure-winner").value == "Ana wins"
    await page.click(key="lure-save")
    [play] = app.store.archive.all()
    assert play.game == "lure" and [(r.name, r.total) for r in play.results] == [("Ana", 3 + 4), ("Ben", 0)]
    assert page.has(key="saved-to-history") and page.find(key="saved-winner").value == "Ana wins"


async def test_an_onlookers_phone_opens_no_pick(app, roster) -> None:
    app.store.settings.add_player("Cy")  # on the roster, not at this game
    host = await app.open("/games/lure/round")
    await start(host)
    await splash(host)
    cy = await app.open("/games/lure/round", phone="192.0.2.9", player="Cy")
    assert not cy.has(key="pick-0") and not cy.has(key="cast-open-0")
    assert cy.find(key="cast-waiting").value == "Ana and Ben choose in secret, each on their own phone."


async def test_a_phone_whose_player_left_the_roster_acts_for_no_seat(app, roster) -> None:
    # Its phone lost its player: it was taken for the whole table's phone and cast for Ben.
    host = await app.open("/games/lure/round")
    await start(host)
    await splash(host)
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    ben_id = next(p.id for p in app.store.settings.players() if p.name == "Ben")
    app.store.settings.remove_player(ben_id)
    await ben.click(key="lock-1")
    assert state(app).casts.has_chosen(1) is False
    assert "not playing this game" in ben.message_texts()[-1]


async def test_an_extra_die_lure_picked_stays_picked_when_a_lure_drawn_meanwhile_joins_the_hand(app, roster) -> None:
    # Ana picked her Extra +3, then recorded the Extra +1 she drew: the pick followed the place in the
    # (sorted) hand and cast the +1.
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for(["Ana", "Ben"], deck=6,
                                                                lures={"adjust": 0, "boost": 0, "extra": [3]}))
    session.perform(lure.splash(session.state, [{"catch": 30, "vp": 2}, {"catch": 31, "vp": 3}]))
    for seat in (0, 1):
        session.perform(lure.cast(session.state, seat, 1))
    for seat in (0, 1):
        session.perform(lure.roll(session.state, seat, [1]))
    session.perform(lure.resolve(session.state))  # nobody caught anything: each is owed a lure
    session.perform(lure.splash(session.state, []))
    assert session.state.phase == lure.CAST and session.state.seats[0].owed == 1
    page = await app.open("/games/lure/round")
    await page.click(key="cast-open-0")
    await page.click(key="pick-extra-0-0")  # +3
    await page.click(key="draw-0-extra-1")  # the Extra +1 drawn, recorded now
    assert session.state.seats[0].hand.extra == (1, 3)
    assert page.checked("pick-extra-0-1") and not page.checked("pick-extra-0-0")  # still the +3
    await page.click(key="lock-0")
    assert session.state.casts.value(0).extra == (3,)


async def test_a_players_choice_of_fish_made_on_her_phone_counts_when_a_teammate_makes_the_catch(app, roster) -> None:
    # Rolling together, Ana chose her fish on her phone; Ben's "Make the catch" used his phone's
    # choices (none) and dropped hers.
    ids = {p.name: p.id for p in app.store.settings.players()}
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for([seat_entry(n, ids[n]) for n in ("Ana", "Ben")],
                                                                catches_per_roll="one"))
    session.perform(lure.splash(session.state, [{"catch": 5, "vp": 1}, {"catch": 9, "vp": 2}]))
    for seat in (0, 1):
        session.perform(lure.cast(session.state, seat, 2))
    session.perform(lure.roll(session.state, 0, [6, 5]))  # 11: the 5 or the 9
    session.perform(lure.roll(session.state, 1, [1, 1]))  # 2: neither
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    assert ana.has(key="choose-0-1") and not ben.has(key="choose-0-1")  # her choice, on her phone only
    await ana.click(key="choose-0-1")  # the 9
    await app.settle()
    await ben.click(key="lure-resolve")
    assert [f.catch for f in session.state.seats[0].pile] == [9]


async def test_a_fish_card_and_the_deck_are_typed_in_digits_and_the_reveal_is_pinned(app, roster) -> None:
    # A new fish card "10, 4 VP, a pair" took 6 taps of - and +; the deck from 24 to 6, 18 taps;
    # "Fish 3 of 2" showed once the round's two were entered; "Reveal these fish" lay under the bar.
    page = await app.open("/games/lure/round")
    await page.click(key="setup-deck-6")  # one tap, not 18
    assert page.find(key="setup-deck-count").value == "6"
    await page.click(key="setup-deck-1")  # typed on: 61
    await page.click(key="setup-deck-back")  # a slip taken back
    assert page.find(key="setup-deck-count").value == "6"
    await page.click(key="setup-deck-back")
    await page.click(key="setup-deck-2")  # the least (1), then 2: twelve
    assert page.find(key="setup-deck-count").value == "12"
    await start(page)
    await page.click(key="fish-catch-1")
    await page.click(key="fish-catch-0")
    await page.click(key="need-pair")
    await page.click(key="fish-vp-4")  # 4 taps: the VP key adds the fish, no Add
    # The next card from nothing (issue 63: its VP keys read "Add this fish: 10 (.., a pair)", the last
    # card's number and requirement): no number, no requirement, its VP keys off until a number is in.
    assert page.find(key="fish-catch-count").value == "?" and page.chosen("need-pair", "need-none") == ["none"]
    assert page.find(key="fish-vp-4").opacity == REFUSED_OPACITY
    assert "Its VP adds it, once its catch number is in:" in page.texts()
    await page.click(key="fish-vp-4")  # a tap says why, and adds nothing (issue 65: an off key answered nothing)
    assert page.message_texts()[-1] == "Type its catch number first: its VP key then adds the fish."
    assert page.has(key="draft-0") and not page.has(key="draft-1")  # the one fish entered, no other
    await page.click(key="fish-catch-3")
    assert page.find(key="fish-catch-count").value == "3" and page.find(key="fish-vp-4").opacity == 1
    await page.click(key="need-pair")
    assert not page.has(key="main-action") and not page.has(key="lure-splash")
    await page.click(key="fish-vp-4")
    assert not page.has(key="fish-entry") and "Fish 3 of 2: catch number" not in page.texts()
    # pinned: the view's floating button, above the navigation bar whatever is scrolled
    assert page.pinned() is page.find(key="lure-splash")
    await page.click(key="lure-splash")
    state = app.ctx.sessions.latest("lure").state
    assert [f.describe() for f in state.middle] == ["10 (4 VP, a pair)", "3 (4 VP, a pair)"]



async def test_a_fish_card_that_asks_nothing_takes_three_taps_at_most(app, roster) -> None:
    # The audit: each fish card took 3-5 taps (its catch number, its VP, a requirement, then "Add this fish");
    # the target is 3. A card "12 (5 VP)": 1, 2, then its VP key, which adds it; "9 (4 VP, a pair)": 9, the
    # pair, its VP key.
    page = await app.open("/games/lure/round")
    await start(page)
    await page.click(key="fish-catch-1")
    await page.click(key="fish-catch-2")
    vp = page.find(key="key-fish-vp-5")  # a button that acts, not a number to choose
    assert vp.button and vp.checked is None and vp.content.content.semantics_label == "Add this fish: 12 (5 VP)"
    taps = 2
    for key in ("fish-vp-5", "fish-catch-9", "need-pair", "fish-vp-4"):
        await page.click(key=key)
        taps += 1
        if taps == 3:
            assert "Fish 2 of 2: catch number" in page.texts()
    assert taps == 6
    await page.click(key="lure-splash")
    assert [f.describe() for f in state(app).middle] == ["12 (5 VP)", "9 (4 VP, a pair)"]


async def test_a_shared_win_says_why_on_every_phone_and_in_history(app) -> None:
    """Seed 001, End of game (lines 47-49): "The player with the Most VP wins. In case of a tie, the tied
    player with the fewest fish wins. Share the win if there's still a tie." Ana rolls one d6, a 6: the
    6-catch fish (2 VP); Ben two, 6 and 6: the 12-catch fish (2 VP). 2 VP and one fish each: shared, and
    every phone's result (and the saved play) says why."""
    ids = {name: app.store.settings.add_player(name).id for name in ("Ana", "Ben")}
    session = app.ctx.sessions.create(lure.GAME, lure.setup_for([seat_entry(n, ids[n]) for n in ids], deck=2))
    session.perform(lure.splash(session.state, [{"catch": 6, "vp": 2}, {"catch": 12, "vp": 2}]))
    session.perform(lure.cast(session.state, 0, 1))
    session.perform(lure.cast(session.state, 1, 2))
    session.perform(lure.roll(session.state, 0, [6]))
    session.perform(lure.resolve(session.state))
    session.perform(lure.roll(session.state, 1, [6, 6]))
    session.perform(lure.resolve(session.state))
    assert session.state.over
    why = "Ana and Ben share the win: fewest fish 1-1"
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    for phone in (ana, ben):
        assert phone.find(key="lure-winner").value == "Shared win: Ana and Ben"
        assert phone.find(key="lure-tie").value == why
    await ana.click(key="lure-save")
    await app.settle()
    for phone in (ana, ben):
        assert phone.find(key="saved-tie").value == why
    assert app.store.archive.get(session.id).tie == why


async def test_another_phone_is_not_told_to_enter_fish_one_phone_is_typing(app, roster) -> None:
    # The audit: while Ana typed the fish, the other phones said "Enter 2 more fish" (the fish being typed
    # live on the typing phone alone, until revealed).
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    await start(ana)
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    await ana.click(key="fish-catch-7")
    await ana.click(key="fish-vp-3")
    await app.settle()
    assert ana.find(key="fish-left").value == "Enter 1 more fish, then reveal them."
    assert ben.find(key="fish-left").value == ("Enter the 2 fish here, or wait: a phone entering them shows them "
                                                "to every phone when it reveals them.")


async def test_fish_typed_are_kept_in_the_session_for_the_phone_that_takes_the_player_over(app, roster) -> None:
    """Issue 63: three fish typed on Ana's phone were gone when her browser died; the phone that took Ana
    over showed "Fish 1 of 3" again. What is typed is kept in the session as it is typed, hers alone."""
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    await start(ana)
    await ana.click(key="fish-catch-7")
    await ana.click(key="fish-vp-3")  # one fish entered
    await ana.click(key="fish-catch-1")
    await ana.click(key="fish-catch-2")  # the next card's number half typed
    session = app.ctx.sessions.latest(lure.GAME)
    assert app.ctx.sessions.draft(session.id, "lure.splash.1." + app.store.settings.players()[0].id) == {
        "fish": [{"catch": 7, "vp": 3, "requirement": {"kind": "none"}}],
        "card": {"catch": 12, "kind": "none", "n": None, "m": None}}
    ben = await app.open("/games/lure/round", phone=BEN_PHONE, player="Ben")
    assert "Fish 1 of 2: catch number" in ben.texts()  # Ben's phone: nothing of Ana's typing
    app.ctx.sessions.forget_all()  # the server itself started again: what is kept is on disk
    app.ctx.seats.free(app.store.settings.players()[0].id)  # her browser died; the host frees Ana for another phone
    again = await app.open("/games/lure/round", phone="192.0.2.9", player="Ana")
    assert "Fish 2 of 2: catch number" in again.texts() and again.find(key="fish-catch-count").value == "12"
    assert again.has(key="draft-0") and not again.has(key="draft-1")  # the fish entered: one tap to take back
    await again.click(key="fish-vp-4")
    await again.click(key="lure-splash")
    assert [f.describe() for f in state(app).middle] == ["7 (3 VP)", "12 (4 VP)"]
    assert app.ctx.sessions.draft(session.id, "lure.splash.1." + app.store.settings.players()[0].id) is None


async def test_a_die_adjusted_past_its_faces_says_why_and_moves_nothing(app, roster) -> None:
    # Issue 65: the Adjust lure's - on a die showing 1 (and + on a 6) was a disabled button that answered nothing.
    page = await app.open("/games/lure/round")
    await start(page)
    await splash(page)
    for key in ("cast-open-0", "pick-d6-0-2", "pick-adjust-0-1", "lock-0", "cast-open-1", "lock-1"):
        await page.click(key=key)
    for face in (1, 6):  # Ana's two dice, the table's, tapped in
        await page.click(key=f"enter-0-{face}")
    assert page.find(key="down-0-0").opacity == REFUSED_OPACITY and page.find(key="up-0-1").opacity == REFUSED_OPACITY
    await page.click(key="down-0-0")
    assert page.message_texts()[-1] == "A die showing 1 goes no lower."
    await page.click(key="up-0-1")
    assert page.message_texts()[-1] == "A d6 showing 6 goes no higher."
    assert state(app).seats[0].roll.dice == (1, 6)  # nothing moved: the Adjust lure is still Ana's to play
    await page.click(key="up-0-0")
    assert state(app).seats[0].roll.dice == (2, 6)


async def test_a_cast_picked_is_kept_in_the_session_for_the_phone_that_takes_the_player_over(app, roster) -> None:
    """Issue 63: what a player picks is kept as they pick it. Ana's cast, picked and not locked in, is found again
    by the phone that takes her over (after the server itself started again), and forgotten once locked in."""
    page = await app.open("/games/lure/round")
    await start(page)
    await splash(page)
    ana = await app.open("/games/lure/round", phone=ANA_PHONE, player="Ana")
    for key in ("pick-d6-0-2", "pick-adjust-0-1"):
        await ana.click(key=key)
    session = app.ctx.sessions.latest(lure.GAME)
    assert app.ctx.sessions.draft(session.id, "lure.cast.1.0")["d6"] == 2
    app.ctx.sessions.forget_all()
    app.ctx.seats.free(app.store.settings.players()[0].id)  # her browser died; the host frees Ana for another phone
    again = await app.open("/games/lure/round", phone="192.0.2.9", player="Ana")
    assert again.find(key="pick-d6-0-count").value == "2" and again.find(key="pick-adjust-0-count").value == "1"
    await again.click(key="lock-0")
    assert (state(app).casts.choices[0].d6, state(app).casts.choices[0].adjust) == (2, 1)
    assert app.ctx.sessions.draft(session.id, "lure.cast.1.0") is None
