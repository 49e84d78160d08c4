"""Freshwater Fly's end-game scoring: enter each player's end of game by taps; live standings; save to
history. The game's players come from its dice draft, and the sheet set up for them keeps who started
the draft and when it was set up (so the play says who started and how long the game took); once the
score is saved, the draft's table session (the dice and the Strike cards of these players) ends too,
on every phone."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.errors import DomainError
from companion.core.plays import Play
from companion.core.scoring import PlayerResult, tie_of, winners_words
from companion.core.words import count, listed
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly import table as fly_table
from companion.games.freshwater_fly.entry import MAX_PLAYERS, MIN_PLAYERS, REEL_BOARDS
from companion.games.freshwater_fly.score_sheet import SheetState
from companion.games.freshwater_fly.scoring import score_game
from companion.games.registry import FRESHWATER_FLY
from companion.store.sessions import SessionNotFound
from companion.ui.components.common import chip, min_width
from companion.ui.components.fly_entry import PlayerEntryForm, player
from companion.ui.components.seats import seat_chooser, toggle_seat
from companion.ui.games.freshwater_fly import fly_options
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen

HELP = """\
**Fish points**: the points printed on every fish you caught; a fish still on your line does not count.
Each species takes only the points its cards print. The card faces were lost from the rulebook text, so
the ranges are *chosen defaults* (Brook, Grayling and Dolly 1 to 4; Steelhead, Cutthroat, Rainbow and
Brown 1 to 7; Coho 1 to 8); change them in Settings > Freshwater Fly to match your cards.

**Common achievements**: First to seven fish +2 (one player only, with at least seven fish); 3 points for
every complete set of a gold, a black and a green fish; Most Coho 6 points, divided evenly between tied
leaders and rounded up (you need at least one Coho).

**Reel boards** (Appendix A). 1A and 2A: 1 point per token of three colours, 2 per token of a fourth,
2 per Brown, 4 per set of three species, and 5 for *every set of four unique hatch tokens*: the app finds
the largest number of separate groups of four different colours. 3B and 4B: 3 points for *every unique set
of two same-coloured hatch tokens*: **the app counts each colour once**, when you gained at least two
tokens of it (four yellow tokens score 3, not 6); plus the sets of two species.

**Skill cards**: N, O and P give +1 per fish of the better of their two species (the app picks it);
W (a Master Skill card, tucked under a caught fish) is worth 1 point. Each is one card (16 Rock cards,
A to P; the Master Skill Pack, Q to X): one player holds it. Skill T's last reel happens at the table,
before you enter what you caught.

**Ties**: the most fish of one colour wins, then another, then a third. The colour pictures were lost
from the rulebook text: the app uses a *chosen default*, gold, then black, then green; change it in
Settings > Freshwater Fly. Still tied: a shared win. The result says which colours decided it
("Ana wins the tie: gold 2-2, black 3-2").
"""


class ScoresScreen(SessionScreen):
    rules_help = ("Freshwater Fly scoring", HELP)
    title = "Score"
    game = sheet.GAME
    route = f"/games/{FRESHWATER_FLY.id}/score"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seat = 0
        self.seated: list[str] = []
        self.from_draft = False  # the players were offered from the draft (once: the player's own taps win)
        # A tap on the points on the card brings them and the fish they go with into view (a scroll each before).
        self.form = PlayerEntryForm(self.act, lambda: fly_options(self.ctx).fish_points, say=host.toast,
                                    into_view=self.bring_into_view)
        self.setup = ft.Column(spacing=12)
        self.seats = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.banner = ft.Text(size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, key="winner")
        self.tie = ft.Text(size=16, key="winner-tie")  # why the winners won a tie for the win, when they did
        self.standings = ft.Column(spacing=4)
        self.lines = ft.Column(spacing=2)
        self.lines_title = ft.Text(size=18, weight=ft.FontWeight.W_600)
        self.not_mine = ft.Text(size=16, color=ft.Colors.ON_SURFACE_VARIANT, key="not-my-sheet")
        self.sheet_box = ft.Column([
            # The switch between sheets sits on the sheet it switches (the app bar shows the game and its
            # rules' help: a title line here pushed the reel board under the fold at large text).
            ft.Container(ft.Column([ft.Text("Whose end of game:", size=16),
                                    self.seats, self.not_mine, self.form.control], spacing=12),
                         padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER, key="score-sheet"),
            ft.Container(ft.Column([self.banner, self.tie, self.standings, ft.Divider(), self.lines_title, self.lines],
                                   spacing=8),
                         padding=12, border_radius=16, bgcolor=ft.Colors.SECONDARY_CONTAINER, key="standings"),
            ft.TextButton("Discard this score sheet", icon=ft.Icons.DELETE_OUTLINE,
                          key="discard-sheet", on_click=lambda e: self.discard_sheet()),
        ], spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def tabs(self) -> bool:  # type: ignore[override]
        """No tab bar while a sheet is filled: a form, back to the draft by the game's own parts; its 80 px let the
        points on the card and all eight species be on screen with the pinned Save (issue 62)."""
        return self.session is None or self.saved is not None

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        return [self.undo_bar.control, self.setup, self.sheet_box]

    def refresh(self) -> None:
        if self.show_saved():
            return
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing:
            return
        self.show_undo()
        scoring = self.session is not None
        self.setup.visible = not scoring
        self.sheet_box.visible = scoring
        if not scoring:
            self._show_setup()
            return
        state: SheetState = self.view
        names = [p.name for p in state.game.players]
        self.seat = self.my_seat(names, self.seat)
        results, winners = score_game(state.game, fly_options(self.ctx).tie_break)
        self.seats.controls = [
            chip(f"{r.name}: {r.total}", lambda i=i: self._pick_seat(i), key=f"scores-seat-{i}",
                 selected=i == self.seat)
            for i, r in enumerate(results)
        ]
        mine = self.acts_for(self.seat)
        several = sum(1 for i in range(len(names)) if self.acts_for(i)) > 1
        self.form.show(state, self.seat, whose=player(names[self.seat]) if several else None)
        self.form.control.disabled = not mine  # another player's sheet: theirs to fill, on their phone
        self.form.control.opacity = 1 if mine else 0.5
        self.not_mine.visible = not mine
        self.not_mine.value = f"{names[self.seat]} enters this on {names[self.seat]}'s own phone."
        self._show_standings(results, winners)
        # On screen whatever is scrolled: the standings and the sheet run past the screen (issue 62).
        self.pin("Save the changes" if state.play_id else "Save to history", ft.Icons.SAVE, "save-play", self.save)

    def _show_standings(self, results: tuple[PlayerResult, ...], winners: tuple[str, ...]) -> None:
        self.banner.value = winners_words(winners)
        self.tie.value, self.tie.visible = tie_of(winners), bool(tie_of(winners))
        self.standings.controls = [
            ft.Row([min_width(ft.Text(f"{r.rank}.", size=18), 30), ft.Text(r.name, size=18, expand=True),
                    ft.Text(str(r.total), size=20, weight=ft.FontWeight.BOLD)])
            for r in sorted(results, key=lambda r: r.rank)
        ]
        mine = results[self.seat]
        self.lines_title.value = f"{mine.name}: {count(mine.total, 'point')}"
        self.lines.controls = [
            ft.Row([ft.Text(line.rule, size=15, expand=True), min_width(ft.Text(f"x{line.count}", size=15), 40),
                    min_width(ft.Text(str(line.points), size=16, weight=ft.FontWeight.W_600,
                            text_align=ft.TextAlign.RIGHT), 36)])
            for line in mine.breakdown
        ]

    def _show_setup(self) -> None:
        players = self.ctx.store.settings.players()
        roster = {p.name for p in players}
        drafted, _ = self._draft(roster)
        if not self.from_draft and not self.seated and drafted:
            self.seated, self.from_draft = list(drafted), True  # the game's players, no tap needed
        self.seated = [n for n in self.seated if n in roster]
        controls: list[ft.Control] = [
            ft.Text("Score a game", size=22, weight=ft.FontWeight.W_600),
            ft.Text("Freshwater Fly: tap the players in seat order (2 to 4).", size=16),
        ]
        if drafted and self.seated == drafted:
            controls.append(ft.Text(f"The draft's players: {listed(drafted)}.", size=16, key="players-from-draft"))
        if len(players) < MIN_PLAYERS:
            controls.append(ft.Text("At least two players: New player adds each one.", size=16))
        controls.append(seat_chooser(players, self.seated, self._toggle_seat, self.host))
        self.pin("Start scoring", ft.Icons.PLAY_ARROW, "start-scoring", self._start,
                 enabled=len(self.seated) >= MIN_PLAYERS,
                 why=f"Tap at least {MIN_PLAYERS} players first, in seat order.")
        self.setup.controls = controls

    # Taps --------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.render()

    def _start(self) -> None:
        boards = list(REEL_BOARDS[:len(self.seated)])  # a board each; each player taps their own
        setup: dict[str, Any] = {"players": list(self.seated), "boards": boards}
        drafted, known = self._draft({p.name for p in self.ctx.store.settings.players()})
        if drafted and sorted(drafted) == sorted(self.seated):  # the draft's game: what it knows, by seat
            setup["began"] = known["began"]
            if known["start"] in self.seated:
                setup["start"] = self.seated.index(known["start"])
        if self.host.attempt(lambda: self.start_session(setup)):
            self.seat = 0
        self.render()

    def _pick_seat(self, seat: int) -> None:
        self.seat = seat
        self.render()

    def _draft(self, roster: set[str]) -> tuple[list[str], dict[str, Any]]:
        """The players of the dice draft on at the table (2 to 4 of the roster), in its turn order, and
        what the draft knows that the sheet does not: who started it (the name its start named, not the
        start player of a later round) and when its table session was set up."""
        try:
            table = self.ctx.sessions.latest(fly_table.GAME)
        except DomainError:  # a damaged draft: its players are tapped as before
            return [], {}
        draft = table.state.draft if table is not None else None
        if draft is None or draft.solo or not MIN_PLAYERS <= len(draft.seats) <= MAX_PLAYERS:
            return [], {}
        if not set(draft.seats) <= roster:
            return [], {}
        record = table.record
        starts = [a.data.get("start") for a in record.actions if a.type == "draft.start"]
        first = starts[-1] if starts else None  # this draft's own start (an earlier draft's was undone or ended)
        named = draft.seats[first] if isinstance(first, int) and 0 <= first < len(draft.seats) else None
        return list(draft.seats), {"start": named, "began": record.created}

    def save(self) -> None:
        """File the play in the history (or replace the one being edited) and end the sheet.
        A new play takes its sheet's id, so saving again after a crash between the two steps
        replaces it instead of adding it twice. The game's table session ends with it."""
        state: SheetState = self.view
        tie_break = fly_options(self.ctx).tie_break
        self.save_play(lambda shown, play_id, played_at: sheet.to_play(shown, play_id, played_at, tie_break),
                       replacing=state.play_id)
        if self.saved is not None and state.play_id is None:
            self._end_the_table({p.name for p in state.game.players}, self.saved)

    def _end_the_table(self, players: set[str], play: Play) -> None:
        """The game is over: the table session of its players (their dice draft, or the Strike cards
        alone) ends, saved as this play, as every game's session ends when its result is saved: every
        phone showing it shows the result, and Games no longer offers to resume it. A solo draft, or
        a draft of other players, is another game: it stays."""
        for record in self.ctx.sessions.open_records(fly_table.GAME):
            try:
                draft = self.ctx.sessions.get(record.id).state.draft
            except DomainError:  # damaged: said where it is listed, left as it is
                continue
            if draft is not None and (draft.solo or set(draft.seats) != players):
                continue
            try:
                self.ctx.sessions.finish(record.id, saved_as=play.id)
            except SessionNotFound:
                continue  # ended on another phone a moment ago
            self.host.changed(f"session:{record.id}")
        self.host.changed("sessions")

    def discard_sheet(self) -> None:
        self.discard("Discarded the score sheet.", lambda _: self._adopt_latest())
