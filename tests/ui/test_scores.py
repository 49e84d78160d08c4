"""The Scores and History tabs on headless pages: score by taps, save, open, edit, delete."""

from __future__ import annotations

import flet as ft
import pytest

from companion.core.play_files import to_bgsplay
from companion.games import PLAY_KINDS
from companion.games.freshwater_fly.score_sheet import GAME


@pytest.fixture
def roster(app):
    app.store.settings.add_player("Ana")
    app.store.settings.add_player("Ben")
    return app


def sheet(app):
    return app.ctx.sessions.latest(GAME).state


async def start(page) -> None:
    await page.click(key="seat-Ana")
    await page.click(key="seat-Ben")
    await page.click(key="start-scoring")


async def test_score_two_players_by_taps_with_live_standings(roster) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    # Ana: two Coho (points 5) and a gold Brook (3); 2 white tokens; Skill W.
    await page.click(key="points-5")  # one tap of its digit
    await page.click(key="fish-coho-gold")
    await page.click(key="fish-coho-black")
    await page.click(key="points-3")
    await page.click(key="fish-brook-gold")
    await page.click(key="hatch-white-2")  # one tap for 2 tokens
    await page.click(key="card-W")  # the one W card, held or not
    assert page.checked("hatch-white-2") and not page.checked("hatch-white-1")  # the count chosen, filled
    ana = sheet(app).player(0)
    assert [(f.species.value, f.color.value, f.points) for f in ana.fish] == [
        ("coho", "gold", 5), ("coho", "black", 5), ("brook", "gold", 3)]
    # 13 fish points + 6 Most Coho + 1A white 2 x 2 = 4 + W 1 = 24.
    assert page.label(key="scores-seat-0") == "Ana: 24"
    assert page.find(key="winner").value == "Ana wins"
    assert "1A: white hatch tokens" in page.texts()
    # Ben: board 3B, one gold Coho worth 8: Most Coho is now shared 1-1? No: Ana has 2.
    await page.click(key="scores-seat-1")
    await page.click(key="board-3B")
    await page.click(key="fish-coho-gold")
    assert sheet(app).player(1).reel_board == "3B"
    assert page.label(key="scores-seat-1") == "Ben: 3"
    await page.click(key="undo")
    assert sheet(app).player(1).fish == ()


async def test_a_tie_for_the_win_is_explained_on_the_sheet_the_saved_result_and_history(roster, data_dir) -> None:
    """Seed 000, WINNING (line 442): a tie goes to the most fish of one colour, then the next (gold, then
    black, by default). Ana: gold Brook 2 + black Brook 3 = 5; Ben: gold Brook 2 + black Brooks 1 and 2
    = 5 (Brooks alone make no set on 1A or 2A, no colour set without green). Gold 1-1, black 2-1: Ben."""
    import json

    from companion.core.plays import Play

    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    for points, fish in (("points-2", "fish-brook-gold"), ("points-3", "fish-brook-black")):
        await page.click(key=points)
        await page.click(key=fish)
    await page.click(key="scores-seat-1")
    for points, fish in (("points-2", "fish-brook-gold"), ("points-1", "fish-brook-black"),
                         ("points-2", "fish-brook-black")):
        await page.click(key=points)
        await page.click(key=fish)
    assert (page.label(key="scores-seat-0"), page.label(key="scores-seat-1")) == ("Ana: 5", "Ben: 5")
    why = "Ben wins the tie: gold 1-1, black 2-1"
    assert (page.find(key="winner").value, page.find(key="winner-tie").value) == ("Ben wins", why)
    await page.click(key="save-play")
    assert page.find(key="saved-winner").value == "Ben wins" and page.find(key="saved-tie").value == why
    # Kept with the play in the archive's file: read back as after a restart, in History and its picture.
    [doc] = json.loads((data_dir / "archive.json").read_text(encoding="utf-8"))["plays"].values()
    assert doc["tie"] == why and Play.from_doc(doc).tie == why
    history = await app.open(f"/history/{doc['id']}")
    assert history.find(key="play-tie").value == why
    await history.click(key="share-play")
    assert history.has(key="share-picture")


async def test_the_one_w_card_is_one_players(roster) -> None:
    """Seed 000, Master Skill Pack Rules (line 456): eight Skill cards, Q to X: one W. Held or not, as N, O
    and P; a second player is refused in the words `companion score` says."""
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="card-W")
    assert page.checked("card-W") and sheet(app).player(0).cards == ("W",)
    await page.click(key="scores-seat-1")
    assert not page.checked("card-W")
    await page.click(key="card-W")
    assert page.message_texts()[-1] == ("Skill card W is Ana's: there is one of each (the Master Skill Pack's "
                                         "eight Skill cards are Q to X).")
    assert sheet(app).player(1).cards == ()


async def test_fish_points_are_what_the_species_cards_print(roster) -> None:
    """Seed 000, SCORING 1: a fish scores the points printed on its card; the ranges are data
    (chosen defaults, e.g. Brook 1-4, Coho 1-8), changed in Settings to match a printed copy."""
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    assert page.find(key="range-brook").value == "1-4 points"
    assert not page.has(key="points-9")  # no key past the most any species prints (Coho's 8)
    await page.click(key="points-8")
    assert page.find(key="points-count").value == "8"
    await page.click(key="fish-coho-gold")
    await page.click(key="points-5")
    await page.click(key="fish-brook-black")
    assert page.message_texts()[-1] == ("A Brook card shows 1 to 4 points, not 5. Settings > Freshwater Fly "
                                         "sets what your cards show.")
    assert [(f.species.value, f.points) for f in sheet(app).player(0).fish] == [("coho", 8)]
    app.ctx.change_options("freshwater-fly", "fish_points", ["brook", 2, 6])
    page = await app.open("/games/freshwater-fly/score")
    assert page.find(key="range-brook").value == "2-6 points"
    assert page.find(key="points-count").value == "8"  # Ana's own last fish
    await page.click(key="fish-brook-black")
    assert page.message_texts()[-1].startswith("A Brook card shows 2 to 6 points, not 8.")
    await page.click(key="points-6")
    await page.click(key="fish-brook-black")
    assert [(f.species.value, f.points) for f in sheet(app).player(0).fish] == [("coho", 8), ("brook", 6)]


async def test_first_to_seven_needs_seven_fish_and_is_one_player(roster) -> None:
    """Common achievement i (seed 000, SCORING): +2 to the first to catch a seventh fish. END OF GAME: the
    round a seventh fish is caught is the last, so the only player with seven was first, with no tap; two
    with seven make it the table's question."""
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    assert page.label(key="first-to-seven") == "First to seven fish needs seven fish (0 so far)"
    await page.click(key="first-to-seven")  # not yet a question: a tap says why (issue 65), and records nothing
    assert page.message_texts()[-1] == "Ana has 0 fish: first to seven needs seven."
    for _ in range(7):
        await page.click(key="fish-grayling-green")
    assert page.label(key="first-to-seven") == "Ana was first to seven fish (+2): the only one with seven"
    assert page.checked("first-to-seven") and not sheet(app).player(0).first_to_seven
    await page.click(key="first-to-seven")
    assert page.message_texts()[-1] == "Ana is the only one with seven fish: first to seven is theirs, with no tap."
    assert not sheet(app).player(0).first_to_seven
    assert page.label(key="scores-seat-0") == "Ana: 23"  # 7 x 3 fish points (the points' default) + 2
    await page.click(key="scores-seat-1")
    for _ in range(7):
        await page.click(key="fish-brook-gold")
    assert page.label(key="first-to-seven") == "First to catch a seventh fish?"  # two with seven: asked
    await page.click(key="first-to-seven")
    assert [p.first_to_seven for p in sheet(app).game.players] == [False, True]
    assert page.label(key="first-to-seven") == "Ben was first to seven fish (+2)"
    await page.click(key="scores-seat-0")
    assert page.label(key="first-to-seven") == "First to catch a seventh fish? (now: Ben)"
    await page.click(key="first-to-seven")
    assert [p.first_to_seven for p in sheet(app).game.players] == [True, False]
    await page.click(key="caught-0")  # back to six fish
    assert not sheet(app).player(0).first_to_seven
    await page.click(key="scores-seat-1")  # Ben alone has seven now: first, with no tap
    assert page.label(key="first-to-seven") == "Ben was first to seven fish (+2): the only one with seven"


async def test_the_hatch_tokens_are_counted_against_the_fish(roster) -> None:
    """Seed 000, Set the Hook ii and END OF GAME: each fish hooked brings a hatch token, and a token left in
    the spinner at the end (a fish on the line: only one, "You may not Cast if you have a fish on the line")
    counts too: n fish, n or n + 1 tokens. The form says so, in the error colour when they do not fit."""
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="fish-coho-gold")
    await page.click(key="fish-brook-black")
    tally = page.find(key="hatch-tally")
    assert tally.value == ("2 fish: 2 or 3 tokens (one came with each fish, one more if a fish was on the line "
                           "at the end); 0 entered")
    assert tally.color == ft.Colors.ERROR
    await page.click(key="hatch-white-2")
    assert page.find(key="hatch-tally").value.endswith("; 2 entered")
    assert page.find(key="hatch-tally").color != ft.Colors.ERROR
    await page.click(key="hatch-blue-2")
    assert page.find(key="hatch-tally").color == ft.Colors.ERROR  # 4 tokens for 2 fish: one was missed or extra


async def test_save_then_find_open_edit_and_delete_in_history(roster) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="fish-steelhead-gold")
    await page.click(key="save-play")
    [play] = app.store.archive.all()
    assert play.winners == ("Ana",) and [r.name for r in play.results] == ["Ana", "Ben"]
    assert app.ctx.sessions.open_records() == []
    assert page.message_texts()[-1] == "Saved to History." and page.find(key="saved-winner").value == "Ana wins"

    history = await app.open(f"/history/{play.id}")
    assert history.find(key="play-winners").value == "Ana wins"
    assert "Seat 1: Ana" in history.texts() and "Fish points" in history.texts()

    await history.click(key="edit-play")
    editing = app.ctx.sessions.latest(GAME)
    assert editing.state.play_id == play.id
    scores = await app.open(f"/games/freshwater-fly/score/{editing.id}")
    await scores.click(key="scores-seat-1")
    for _ in range(3):
        await scores.click(key="fish-rainbow-black")
    assert scores.find(key="save-play").content == "Save the changes"
    await scores.click(key="save-play")
    [edited] = app.store.archive.all()
    assert (edited.id, edited.played_at) == (play.id, play.played_at)
    assert edited.winners == ("Ben",)  # 3 rainbow x 3 points beat one steelhead

    listing = await app.open("/history")
    await listing.click(key=f"play-{play.id}")
    await listing.click(key="delete-play")
    await listing.click(key="confirm-delete")  # asked first (issue 63)
    assert app.store.archive.count() == 0
    assert listing.message_texts()[-1].startswith("Deleted the Freshwater Fly play")
    await listing.message_action()
    assert [p.id for p in app.store.archive.all()] == [play.id]


async def test_a_half_entered_sheet_is_there_on_another_page(roster) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="fish-dolly-green")
    again = await app.open("/games/freshwater-fly/score")
    assert again.label(key="scores-seat-0") == page.label(key="scores-seat-0")
    assert again.label(key="undo") == "Undo: Ana: add a green Dolly (3)"


async def test_discard_the_sheet_with_undo(roster) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="discard-sheet")
    assert app.ctx.sessions.open_records() == [] and page.has(key="start-scoring")
    await page.message_action()
    assert page.has(key="save-play")


async def test_history_lists_plays_newest_first(roster, clock) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    for fish in ("fish-coho-gold", "fish-brook-gold"):
        await page.click(key=fish)
        await page.click(key="save-play")  # shows the saved play
        assert page.has(key="saved-to-history")
        await page.click(key="saved-new-game")
        assert page.checked("seat-Ana") and page.checked("seat-Ben")  # the same table, seated again
        await page.click(key="start-scoring")
        clock.advance(hours=1)
    history = await app.open("/history")
    cards = [t for t in history.texts() if t.startswith("Ana ")]
    assert cards == ["Ana 3, Ben 0", "Ana 9, Ben 0"]  # the Brook play was saved last


async def test_saving_the_score_ends_the_drafts_table_session_on_every_phone(roster) -> None:
    # The draft's table session stayed open after the score was saved: Games still offered to resume it.
    app = roster
    draft = await app.open("/games/freshwater-fly/draft", phone="192.0.2.8", player="table")
    await draft.click(key="seat-Ana")
    await draft.click(key="seat-Ben")
    await draft.click(key="start-draft")
    await draft.click(key="roll-round")
    table = app.ctx.sessions.latest("freshwater-fly-table")
    scores = await app.open("/games/freshwater-fly/score")
    assert scores.find(key="players-from-draft").value == "The draft's players: Ana and Ben."
    await scores.click(key="start-scoring")  # no tap for the players: the draft's
    assert [p.name for p in sheet(app).game.players] == ["Ana", "Ben"]
    await scores.click(key="fish-coho-gold")
    await scores.click(key="save-play")
    await app.settle()
    [play] = app.store.archive.all()
    assert app.ctx.sessions.open_records() == []  # the sheet and the draft's table session
    assert app.ctx.sessions.saved_as(table.id) == play.id
    assert draft.has(key="saved-to-history") and draft.find(key="saved-winner").value == "Ana wins"
    games = await app.open("/games")
    assert not games.has(key="resume-freshwater-fly")
    await draft.click(key="saved-new-game")  # that phone leaves the result: a new draft
    assert draft.has(key="start-draft")


async def test_a_draft_of_other_players_stays_when_a_score_is_saved(roster) -> None:
    app = roster
    app.store.settings.add_player("Cy")
    draft = await app.open("/games/freshwater-fly/draft")
    for key in ("seat-Ben", "seat-Cy", "start-draft"):
        await draft.click(key=key)
    scores = await app.open("/games/freshwater-fly/score")
    await start(scores)  # Ana and Ben: not the draft's table
    await scores.click(key="save-play")
    assert [r.game for r in app.ctx.sessions.open_records()] == ["freshwater-fly-table"]
    [play] = app.store.archive.all()
    assert (play.start_seat, play.duration_min) == (None, 0)  # another game's draft says nothing of this one


async def test_a_play_scored_after_its_draft_keeps_who_started_and_how_long_it_took(roster, clock) -> None:
    # A Freshwater Fly play was filed from its score sheet, which knew nothing of the draft: BG Stats was
    # told no start player (startPlayer false for all) and no length (durationMin 0).
    app = roster
    draft = await app.open("/games/freshwater-fly/draft", phone="192.0.2.8", player="table")
    for key in ("seat-Ana", "seat-Ben", "start-Ben", "start-draft", "roll-round"):
        await draft.click(key=key)
    table = app.ctx.sessions.latest("freshwater-fly-table")
    while table.state.draft.pool:  # round 1, Ben first; round 2 starts with the lowest total
        await draft.click(key="pool-0")
        await draft.click(key="take")
    await draft.click(key="roll-round")
    assert table.state.draft.start == 0  # Ana's lower total starts round 2: Ben started the game all the same
    clock.advance(minutes=70)  # the rest of the game, at the table
    scores = await app.open("/games/freshwater-fly/score")
    await scores.click(key="start-scoring")  # the draft's players
    assert sheet(app).start == 1 and sheet(app).began == table.record.created
    clock.advance(minutes=11, seconds=40)
    await scores.click(key="fish-coho-gold")  # the last action: 82 minutes after the draft's set-up
    clock.advance(minutes=10)  # the result waits on the table before it is saved: not playing time
    await scores.click(key="save-play")
    [play] = app.store.archive.all()
    assert (play.start_seat, play.duration_min) == (1, 82)
    [record] = to_bgsplay([play], PLAY_KINDS)["plays"]
    assert record["durationMin"] == 82
    assert [(s["playerRefId"], s["startPlayer"]) for s in record["playerScores"]] == [(1, False), (2, True)]


async def test_a_total_of_one_point_says_point(roster) -> None:
    app = roster
    page = await app.open("/games/freshwater-fly/score")
    await start(page)
    await page.click(key="points-1")
    await page.click(key="fish-brook-gold")
    assert "Ana: 1 point" in page.texts()  # it said "Ana: 1 points"


async def test_each_control_says_whose_sheet_on_a_phone_that_fills_several(roster) -> None:
    app = roster
    table = await app.open("/games/freshwater-fly/score")  # the host's screen: the whole table's phone
    await start(table)
    assert table.find(key="fish-coho-gold").tooltip == "Catch for Ana: gold Coho (0 caught)"
    assert table.heard("hatch-yellow-3") == "Ana's yellow hatch tokens: 3"
    await table.click(key="scores-seat-1")
    assert table.find(key="fish-coho-gold").tooltip == "Catch for Ben: gold Coho (0 caught)"
    ana = await app.open("/games/freshwater-fly/score", phone="192.0.2.7", player="Ana")
    assert ana.find(key="fish-coho-gold").tooltip == "Add a gold Coho (0 caught)"  # her own sheet only
    assert ana.heard("hatch-yellow-3") == "Yellow hatch tokens: 3"
    await ana.click(key="scores-seat-1")  # Ben's sheet: shown, his to fill on his phone
    assert ana.find(key="not-my-sheet").value == "Ben enters this on Ben's own phone."
    assert ana.find(key="entry-form").disabled
    await ana.click(key="scores-seat-0")
    assert not ana.find(key="entry-form").disabled and not ana.has(key="not-my-sheet")


async def test_a_sheet_being_filled_has_no_tab_bar_under_it_and_saved_it_has(roster) -> None:
    """Issue 62: the points on the card and all eight species are on screen with the pinned Save only without
    the tab bar's 80 px; the sheet is a form (back to the draft by the game's parts), until it is saved."""
    page = await roster.open("/games/freshwater-fly/score")
    assert page.has(key="nav")  # choosing the players: a tab like any
    await start(page)
    assert not page.has(key="nav")  # (a control hidden is not found)
    await page.click(key="fish-brook-gold")
    await page.click(key="save-play")
    assert page.has(key="saved-winner") and page.has(key="nav")
