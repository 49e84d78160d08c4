"""The Freshwater Fly dice draft: who takes which die, face changes, the next start player."""

from __future__ import annotations

import flet as ft

from companion.core.dice import die_type
from companion.core.words import count
from companion.games.freshwater_fly import draft as rules
from companion.games.freshwater_fly import table as tt
from companion.games.freshwater_fly.draft import DraftState
from companion.games.freshwater_fly.table import FlyTable
from companion.ui.components.common import ChoiceRow, chip, close_dialog, refusing
from companion.ui.components.die import DiceTray, DieFace, Look
from companion.ui.components.seats import seat_chooser, toggle_seat
from companion.ui.games.freshwater_fly import fly_options
from companion.ui.games.freshwater_fly.table import FlyTableScreen
from companion.ui.host import Host

D6 = "d6"

HELP = """\
**Turns.** Players take one die each, clockwise from the start player, until the pool is empty
(7 dice with 2-3 players, 9 with 4).

**Next start player.** At the end of the round each player's dice are summed; the lowest total
starts the next round. *On a tie* the rulebook says "the tied player next in turn order": the app
counts on, clockwise, from the player who took the last die, and the first tied player it meets
starts.

**Changing a die before you take it.** Finesse +1/-1 (never above 6 nor below 1); Momentum 5A
flips a die to its opposite side (7 minus the face); 5B re-rolls the pool; Skill L turns the die to
any face.

**Skill cards C, D and H** change one face into another, but the faces on the cards were pictures
that did not survive in the rulebook text. The app starts from *chosen defaults* (C: a 1 becomes a 6;
D: a 6 becomes a 1; H: a 2 becomes a 5). Set them to match your Rock cards in Settings > Freshwater
Fly.

**Fly Solo.** Roll the number of dice the on-deck hatch tile shows (4 or 5). You take three dice
in a row; the Silent Angler gets the one or two left and casts with the lower one first.
"""


class DraftScreen(FlyTableScreen):
    rules_help = ("The dice draft", HELP)
    title = "Dice draft"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.selected: int | None = None
        self.solo = False
        self.seated: list[str] = []
        self.start = 0
        self.setup = ft.Column(spacing=12)
        self.heading = ft.Text(size=22, weight=ft.FontWeight.W_600, key="draft-heading", expand=True)
        self.pool = DiceTray(size=60, on_tap=self.select, key="pool")
        self.pool_box = ft.Container(padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                                     content=self.pool.control)
        self.changes = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.waiting = ft.Text(size=16, color=ft.Colors.ON_SURFACE_VARIANT, key="draft-waiting")
        self.round_end = ft.Column(spacing=8)
        self.roll_buttons = ft.Row(spacing=8)
        self.seats = ft.Column(spacing=6)
        self.reroll_button = ft.OutlinedButton(
            "Momentum 5B: re-roll the pool", icon=ft.Icons.CASINO, key="reroll-pool",
            on_click=lambda e: self.act(lambda s: tt.reroll_draft(s.draft, self.chance("draft.reroll"))))
        self.playing = ft.Column([
            self.round_end,
            self.roll_buttons,
            self.pool_box,
            self.waiting,
            self.changes,
            self.reroll_button,
            self.seats,
            ft.TextButton("End the draft", icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                          on_click=lambda e: self.act(lambda s: tt.end_draft())),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # The heading, set up or drafting: it stays under the finger.
        self._control = ft.Column([self.heading, self.setup, self.playing], spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def tool(self) -> ft.Control:
        return self._control

    # Drawing ---------------------------------------------------------------------

    def show_table(self, table: FlyTable) -> None:
        draft = table.draft
        self.setup.visible = draft is None
        self.playing.visible = draft is not None
        if draft is None:
            self._show_setup()
            return
        if self.selected is not None and self.selected >= len(draft.pool):
            self.selected = None
        if draft.changed is not None:
            self.selected = draft.changed  # the die changed this turn is the one taken
        if not self._takes_here(draft):
            self.selected = None  # another phone's turn: nothing to pick here
        self._show_heading(draft)
        self._show_round_end(draft)
        self.pool_box.visible = bool(draft.pool)
        self.pool.show([Look(die_type(D6), face, selected=i == self.selected) for i, face in enumerate(draft.pool)])
        self._show_changes(draft)
        self._show_seats(draft)

    def _colour(self, name: str) -> str:
        for player in self.ctx.store.settings.players():
            if player.name == name:
                return player.color.value
        return "#78909C"

    def _show_heading(self, draft: DraftState) -> None:
        if draft.round_over:
            self.heading.value = "Roll the first round" if draft.round == 0 else f"Round {draft.round} is over"
        elif draft.solo:
            self.heading.value = f"Round {draft.round} · your pick {len(draft.picks) + 1} of {rules.SOLO_PICKS}"
        else:
            self.heading.value = f"Round {draft.round} · {draft.seats[draft.turn]}'s turn"

    def _show_round_end(self, draft: DraftState) -> None:
        self.round_end.visible = draft.round_over and bool(draft.results)
        self.roll_buttons.visible = draft.round_over and draft.solo
        if draft.results:
            result = draft.results[-1]
            lines = [ft.Text(f"{name}: {total}", size=18) for name, total in zip(draft.seats, result.totals)]
            if result.next_start is not None:  # first: above the totals, it is on screen at large text too
                lines.insert(0, ft.Text(f"Next start player: {draft.seats[result.next_start]}", size=20,
                                        weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, key="next-start"))
            self.round_end.controls = lines
        n = draft.round + 1
        if draft.solo:
            self.roll_buttons.controls = [
                ft.FilledButton(f"Roll {count(n, 'die', 'dice')}", icon=ft.Icons.CASINO, expand=True,
                                on_click=lambda e, n=n: self._roll(n))
                for n in rules.SOLO_POOLS
            ]
        elif draft.round_over:  # the next roll pinned, as the take is (`_show_changes`)
            self.pin(f"Roll round {n}", ft.Icons.CASINO, "roll-round", self._roll)

    def _roll(self, n: int | None = None) -> None:
        """The draft's dice rolled (a solo pool of `n`, or the round's), decided once (`chance`)."""
        self.act(lambda s: tt.roll_draft(s.draft, self.chance("draft.roll"), *([] if n is None else [n])))

    def _takes_here(self, draft: DraftState) -> bool:
        """This phone takes the die of the player whose turn it is (theirs, the phone passed around, or
        Fly Solo's); every other phone watches."""
        return draft.solo or draft.turn is None or self.acts_for(draft.turn)

    def _show_changes(self, draft: DraftState) -> None:
        here = self._takes_here(draft)
        self.waiting.visible = not draft.round_over and not here
        if self.waiting.visible:
            name = draft.seats[draft.turn]
            self.waiting.value = f"{name} takes a die on {name}'s own phone."
        picking = not draft.round_over and self.selected is not None
        self.reroll_button.visible = not draft.round_over and here
        self.changes.visible = picking
        if not draft.round_over and here:
            # The take pinned at the screen's foot: under the dice at large text, it was a scroll a pick.
            who = "You take" if draft.solo else f"{draft.seats[draft.turn]} takes"
            self.pin(f"{who} the {draft.pool[self.selected]}" if picking else "Tap a die in the pool",
                     ft.Icons.CHECK, "take", self.take, enabled=picking, why="Tap a die in the pool first.")
        if not picking:
            return
        i = self.selected
        face = draft.pool[i]
        buttons = [
            self._change("-1", "Finesse -1", rules.FINESSE_DOWN, face - 1,
                         why="A die showing 1 goes no lower." if face <= 1 else None),
            self._change("+1", "Finesse +1", rules.FINESSE_UP, face + 1,
                         why="A die showing 6 goes no higher." if face >= 6 else None),
            self._change(f"Flip to {7 - face}", "Momentum 5A", rules.FLIP, 7 - face),
        ]
        for card, change in fly_options(self.ctx).face_changes.items():
            if change.from_face == face:
                buttons.append(self._change(f"Skill {card}: to {change.to_face}", f"Skill {card}",
                                            f"skill-{card}", change.to_face, skill_from=face))
        buttons.append(ft.OutlinedButton("Skill L: any face", on_click=lambda e: self._any_face()))
        self.changes.controls = buttons

    def _change(self, text: str, rule: str, how: str, to: int, why: str | None = None,
                skill_from: int | None = None) -> ft.Control:
        i = self.selected
        return refusing(ft.OutlinedButton(
            text, tooltip=rule, on_click=lambda e: self.act(lambda s: tt.change_die(s.draft, i, how, to, skill_from))),
            why, self.host.toast)

    def _show_seats(self, draft: DraftState) -> None:
        rows = []
        for seat, name in enumerate(draft.seats):
            dice = draft.dice_of(seat)
            chips = []
            for face in dice:
                chip = DieFace(size=32)
                chip.show(Look(die_type(D6), face))
                chips.append(chip.control)
            turn = draft.turn == seat
            rows.append(ft.Container(
                padding=8, border_radius=12,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER,
                content=ft.Column([
                    ft.Row([
                        ft.Container(width=14, height=14, border_radius=7, bgcolor=self._colour(name)),
                        ft.Text(name + (" (start)" if seat == draft.start and not draft.solo else ""), size=16,
                                expand=True),
                        ft.Text(str(sum(dice)), size=18, weight=ft.FontWeight.BOLD),
                    ]),
                    ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
                ], spacing=6, tight=True),
            ))
        self.seats.controls = rows

    def _show_setup(self) -> None:
        players = self.ctx.store.settings.players()
        roster = [p.name for p in players]
        self.seated = [n for n in self.seated if n in roster]
        self.start = min(self.start, max(0, len(self.seated) - 1))
        mode = ChoiceRow([("table", "2-4 players"), ("solo", "Fly Solo")], self._set_mode, key="draft-mode",
                         width=150)
        mode.select("solo" if self.solo else "table")
        self.heading.value = "Freshwater Fly dice draft"
        controls: list[ft.Control] = [mode.control]
        if not self.solo:
            if len(roster) < rules.MIN_SEATS:
                controls.append(ft.Text("At least two players: New player adds each one.", size=16))
            controls.append(ft.Text("Tap the players in turn order:", size=16))
            controls.append(seat_chooser(players, self.seated, self._toggle_seat, self.host))
            if self.seated:
                controls.append(ft.Text("Tap who starts:", size=16))
                controls.append(ft.Row([
                    chip(f"{name} starts" if seat == self.start else name, lambda seat=seat: self._set_start(seat),
                         key=f"start-{name}", selected=seat == self.start)
                    for seat, name in enumerate(self.seated)
                ], wrap=True, spacing=8, run_spacing=8))
        self.setup.controls = controls
        self.pin("Start the draft", ft.Icons.PLAY_ARROW, "start-draft", self._begin)

    # Taps ------------------------------------------------------------------------

    def _set_mode(self, mode: str) -> None:
        self.solo = mode == "solo"
        self.render()

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, rules.MAX_SEATS)
        self.render()

    def _set_start(self, seat: int) -> None:
        self.start = seat
        self.render()

    def _begin(self) -> None:
        self.selected = None
        self.act(lambda s: tt.start_draft(self.seated, self.start, self.solo))

    def select(self, index: int) -> None:
        draft = self.table.draft
        if draft is not None and not draft.round_over and not self._takes_here(draft):
            name = draft.seats[draft.turn]
            self.host.toast(f"It is {name}'s turn: {name} takes a die on {name}'s own phone.")
            return
        if draft is not None and draft.changed is not None and index != draft.changed:
            self.host.toast(f"You changed the {draft.pool[draft.changed]} this turn: it is the die you take.")
            return
        self.selected = None if self.selected == index else index
        self.render()

    def take(self) -> None:
        i = self.selected
        if i is not None:
            self.selected = None
            self.act(lambda s: tt.take_die(s.draft, i))

    def _any_face(self) -> None:
        i = self.selected
        draft = self.table.draft
        if i is None or draft is None:
            return
        page = self.host.page

        def pick(face: int) -> None:
            close_dialog(page)
            self.act(lambda s: tt.change_die(s.draft, i, rules.ANY_FACE, face))

        faces = []
        for face in range(1, 7):
            tile = DieFace(size=56, on_tap=lambda face=face: pick(face))
            tile.show(Look(die_type(D6), face))
            faces.append(tile.control)
        page.show_dialog(ft.AlertDialog(
            title=ft.Text(f"Skill L: turn the {draft.pool[i]} to"),
            content=ft.Row(faces, wrap=True, spacing=8, run_spacing=8, width=300),
            actions=[ft.TextButton("Cancel", on_click=lambda e: close_dialog(page))],
        ))
