"""Record a Fly Solo Day: your end state and the Silent Angler's, entered by taps, both
scores live side by side; recording it ticks the challenges and earns the Badges.

One phone fills both sides, so the switch between them sits on the sheet it switches, the sheet
is drawn in its side's colour, and every control says whose sheet it fills ("Catch for you: gold
Coho", "Catch for the Silent Angler: ..."). "Record Day N" is pinned at the screen's foot: a form with
its own way back, it has no tab bar under it."""

from __future__ import annotations

import flet as ft

from companion.core.words import count
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.journal import Campaign
from companion.games.fly_solo.scoring import DayEntry, first_to_seven, score_day
from companion.games.freshwater_fly.entry import Hatch
from companion.ui.components.common import chip, slot
from companion.ui.components.fly_entry import FISH_POINTS, PlayerEntryForm, Whose, heading
from companion.ui.components.number_pad import NumberPad
from companion.ui.games.fly_solo import journal_route
from companion.ui.games.fly_solo.help import HELP
from companion.ui.games.fly_solo.pictures import day_scores, hatch_choice
from companion.ui.games.freshwater_fly import fly_options
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen

YOU, ANGLER = 0, 1
SIDES = {YOU: Whose("you", "your"), ANGLER: Whose("the Silent Angler", "the Silent Angler's")}
ANGLER_INK = "#6A1B9A"  # the Silent Angler's own colour; yours is the app's
INK = {YOU: ft.Colors.PRIMARY, ANGLER: ANGLER_INK}
ON_INK = {YOU: ft.Colors.ON_PRIMARY, ANGLER: "#FFFFFF"}
OWNER_WORDS = {YOU: "Your catch", ANGLER: "The Silent Angler's catch"}


class DayRecordScreen(SessionScreen):
    rules_help = ("Fly Solo adventure", HELP)
    title = "Journal"
    game = j.GAME
    route = journal_route()
    tabs = False  # a form, back to the adventure by its own arrow: the tab bar's room is the fish's

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seat = YOU
        self.form = PlayerEntryForm(lambda build: self.act(lambda c: j.sheet_action(build(c.draft.sheet))),
                                    lambda: fly_options(self.ctx).fish_points, board=False, first=False,
                                    into_view=self.bring_into_view)
        # Two lines at most (four at 200 % text pushed the catch down): the Location's whole name is on the
        # adventure's page.
        self.heading = ft.Text(size=22, weight=ft.FontWeight.BOLD, expand=True, max_lines=2,
                               overflow=ft.TextOverflow.ELLIPSIS)
        self.board = ft.Text(size=15, color=ft.Colors.ON_SURFACE_VARIANT)
        self.seats = ft.Row(wrap=True, spacing=8, run_spacing=8, key="record-sides")
        self.owner_words = ft.Text(size=18, weight=ft.FontWeight.BOLD, key="sheet-owner")
        # At 200 % text the switch's tick, the sheet's colour and every control's words say whose sheet it is:
        # the owner's line and the form's heading there pushed the points under the fold (issue 62).
        self.owner = ft.Container(self.owner_words, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                                  border_radius=10, visible=not host.large_text)
        self.form.fish_heading.visible = not host.large_text
        self.track = slot()
        self.track_points = ft.Text(size=15)
        self.angler_extra = ft.Column([heading("The Silent Angler's achievement track"), self.track,
                                       self.track_points], spacing=8)
        self.sheet = ft.Container(
            ft.Column([self.owner, self.seats, self.form.control, self.angler_extra], spacing=12),  # whose, then the switch
            padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER, key="record-sheet")
        self.bonus = ft.Column(spacing=8)
        self.first = ft.Text(size=15, key="first-to-seven")
        self.scores = ft.Container()
        self.why = ft.Text(size=16, color=ft.Colors.ERROR, key="why-not-record")
        self.no_token = ft.Text("No Bonus Hatch Token at L4.", size=15, key="no-bonus-token")
        self.page_box = ft.Column([
            ft.Row([ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Back to the adventure",
                                  on_click=lambda e: self._back()),
                    self.heading]),
            # The Day's one tap of its own first (a screen below the catch, it cost a scroll each Day: issue 62);
            # the reel board, read from the journal, last.
            self.bonus,
            self.sheet,
            self.first,
            self.scores,
            self.why,
            self.no_token,  # at the foot: above the sheet, it pushed the points under the fold at 200 % text
            self.board,
        ], spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def build(self) -> list[ft.Control]:
        if self.missing or self.session is None:
            self.missing = self.missing or "This adventure is not here."
            return self.missing_controls()
        return [self.undo_bar.control, self.page_box]

    def refresh(self) -> None:
        self.body.controls = self.build()
        if self.missing:
            return
        self.show_undo()
        campaign: Campaign = self.view
        adventure = j.RULES.adventure
        status = campaign.status(adventure)
        for part in (self.board, self.sheet, self.bonus, self.first, self.no_token):
            part.visible = status == "playing"
        if status != "playing":  # the Day that ended the adventure was just recorded (here or elsewhere)
            self._show_over(campaign, status)
            return
        location = adventure.location(campaign.location)
        self.heading.value = f"Day {campaign.next_day} at {location.label}"
        self.board.value = f"Your reel board: {campaign.upgrades.reel_board} (from the journal)"
        preview = score_day(j.day_entry(campaign), adventure, fly_options(self.ctx).tie_break)
        self._show_sheet(campaign, preview.your_total, preview.angler_total)
        self._show_bonus(campaign, location.bonus_hatch_token)
        self._show_first(j.day_entry(campaign))
        why = j.why_not_record(campaign, adventure)
        self.scores.content = day_scores(preview, so_far=why is not None)
        self.why.value = why or ""
        self.why.visible = why is not None
        self.why.color = ft.Colors.ERROR
        # On screen however far the sheet is scrolled.
        self.pin(f"Record Day {campaign.next_day}", ft.Icons.CHECK, "record-day", self.record)

    def _show_over(self, campaign: Campaign, status: str) -> None:
        """No Day is left to record: the last one's scores, and what became of the adventure."""
        self.heading.value = "The adventure is over"
        self.scores.content = day_scores(campaign.days[-1].score) if campaign.days else None
        self.why.value = "The adventure is over: you won it." if status == "won" else \
            "The adventure is over: seven Days played."
        self.why.visible = True
        self.why.color = ft.Colors.PRIMARY if status == "won" else ft.Colors.ON_SURFACE_VARIANT

    def _show_sheet(self, campaign: Campaign, your_total: int, angler_total: int) -> None:
        """The side being filled, in its colour, with the switch to the other side on it."""
        draft, seat = campaign.draft, self.seat
        self.seats.controls = [
            chip(f"You: {your_total}", lambda: self._pick(YOU), key="record-seat-you", selected=seat == YOU,
                 color=INK[YOU]),
            chip(f"Silent Angler: {angler_total}", lambda: self._pick(ANGLER), key="record-seat-angler",
                 selected=seat == ANGLER, color=INK[ANGLER]),
        ]
        self.owner_words.value = OWNER_WORDS[seat]
        self.owner_words.color = ON_INK[seat]
        self.owner.bgcolor = INK[seat]
        self.sheet.border = ft.Border.all(3, INK[seat])
        self.form.show(draft.sheet, seat, cards=seat == YOU, whose=SIDES[seat])
        self.angler_extra.visible = seat == ANGLER
        last = len(j.RULES.adventure.track_points) - 1
        self.track.controls = [NumberPad("Its Finesse token's space (0 = start)", draft.track, 0, last,
                                         lambda n: self.act(lambda c: j.set_track(n)), "track", False).control]
        self.track_points.value = (f"Space {draft.track} is worth "
                                   f"{count(j.RULES.adventure.track_points[draft.track], 'point')}.")

    def _show_bonus(self, campaign: Campaign, has_token: bool) -> None:
        draft = campaign.draft
        self.bonus.visible = has_token
        self.no_token.visible = not has_token
        if not has_token:
            return
        matches = draft.you.hatch.get(draft.bonus, 0) if draft.bonus else 0
        words = (f"You gained {count(matches, f'{draft.bonus.value} token')}: +{matches}"
                 if draft.bonus else "Tap its colour.")
        self.bonus.controls = [
            heading("Bonus Hatch Token"),
            hatch_choice({draft.bonus} if draft.bonus else set(), self._set_bonus, key="bonus"),
            ft.Text(words, size=15, key="bonus-matches"),
        ]

    def _show_first(self, entry: DayEntry) -> None:
        """Who was first to seven fish follows from the counts: no question to answer."""
        you, angler = first_to_seven(entry)
        self.first.visible = you or angler
        self.first.value = ("First to seven fish: you (+2): your three turns come before the Silent Angler's "
                            "in each round." if you else "First to seven fish: the Silent Angler (+2).")

    # Taps ------------------------------------------------------------------------------

    def _pick(self, seat: int) -> None:
        self.seat = seat
        self.render()

    def _set_bonus(self, colour: Hatch) -> None:
        current = self.view.draft.bonus if self.session else None
        if self.act(lambda c: j.set_bonus(None if colour is current else colour)) and colour is not current:
            self.bring_into_view(FISH_POINTS)  # the record's next taps: the points on the card, then its fish

    def _back(self) -> None:
        if self.session is not None:
            self.host.navigate(journal_route(self.session.id))

    def record(self) -> None:
        tie_break = fly_options(self.ctx).tie_break
        at = self.ctx.store.clock().isoformat(timespec="seconds")
        if not self.act(lambda c: j.record_day(c, tie_break, at)):
            return
        day = self.view.days[-1]
        words = {"win": "you won", "loss": "the Silent Angler won", "tie": "a tie"}[day.score.result]
        earned = f" {count(len(day.badges), 'Badge')} earned." if day.badges else ""
        self.host.toast(f"Day {day.number} recorded: {words}.{earned}")
        self._back()
