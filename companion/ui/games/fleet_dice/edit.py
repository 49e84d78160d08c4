"""Fleet Dice's correction of a saved play (opened from History's Edit): each player's final
sheet as counts, each set in one or two taps; the total re-scored as you tap; saved over the play.

Built once and changed in place: switching players or recording a correction only changes
numbers and what is shown.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.actions import Action
from companion.core.scoring import tie_of, winners_words
from companion.core.words import count, listed
from companion.games.fleet_dice import edit
from companion.games.fleet_dice.edit import EditState
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    COINS,
    HARBOR,
    SALVAGE_USES,
    WHARF,
    Layout,
    track_name,
)
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import Sheet
from companion.games.registry import FLEET_DICE
from companion.ui.components.common import chip, empty_state, min_width, refusing, slot
from companion.ui.components.number_pad import NumberPad
from companion.ui.games.fleet_dice.sheet_view import (
    FACE_PICTURES,
    layout_problem,
    sheet_layout,
)
from companion.ui.host import Host
from companion.ui.routes import game_route
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

HELP = """\
**Correct the final sheet**: set each track to the number of boxes filled on the paper sheet
(boxes are always filled from the top, so a track is just a count), each boat type's licenses,
the boats launched (in order) and the fish on each, and the King Crab bonus (one per table,
once the King Crab is finished). Every tap can be undone.

**Nothing is triggered**: filling a box here does not launch a boat or earn coins the way play
does; copy what the paper shows. Hints under the total point out boats or licenses that the
filled boxes could not have given.

**Scoring** (rules: Game End): one point per fish, plus launched boats, third licenses, the King
Crab and its bonus, and finished buildings. A tie goes to the most fish, then it is shared.
"""


class Count:
    """A count of the sheet, set as every number is (components/number_pad: a key per number, the
    coins' 30 by their digits); `reads` names it for a screen reader ("Cod boxes", "Fish on Cod boat
    2"); `set_to(n)` is the correction a tap asks for. `show` sets its label and number."""

    def __init__(self, screen: EditScreen, key: str, reads: str, set_to: Callable[[int], Callable]) -> None:
        self.screen, self.key, self.reads, self.set_to = screen, key, reads, set_to
        self.control = slot(key=key)

    def show(self, label: str, value: int, most: int) -> None:
        correct = lambda n: self.screen.correct(self.set_to(n), self.key)  # noqa: E731
        self.control.controls = [NumberPad(label, value, 0, most, correct, self.key, self.screen.typing == self.key,
                                           reads=self.reads, shown=f"{value}/{most}").control]


class Boats:
    """One kind of boat: a fish count per launched boat, and Launch / Unlaunch for the next and last."""

    def __init__(self, layout: Layout, kind: str, screen: EditScreen) -> None:
        self.kind = kind
        self.fish = [Count(screen, f"fish-{kind}-{i}", f"Fish on {edit.boat_name(layout, kind, i)}",
                           lambda n, i=i: lambda s: edit.set_fish(s, screen.seat, kind, i, n))
                     for i in range(edit.boats_available(layout, kind))]
        self.launch = ft.OutlinedButton(key=f"launch-{kind}", icon=ft.Icons.DIRECTIONS_BOAT,
                                        on_click=lambda e: screen.correct(lambda s: edit.launch(s, screen.seat, kind)))
        self.unlaunch = ft.TextButton(key=f"unlaunch-{kind}", icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                                      on_click=lambda e: screen.correct(
                                          lambda s: edit.unlaunch(s, screen.seat, kind)))
        self.caption = ft.Text("Fish on each launched boat:", size=14, color=ft.Colors.ON_SURFACE_VARIANT)
        self.control = ft.Column([self.caption, *[s.control for s in self.fish],
                                  ft.Row([self.launch, self.unlaunch], wrap=True, spacing=6, run_spacing=6)],
                                 spacing=4)

    def show(self, sheet: Sheet) -> None:
        layout, launched = sheet.layout, sheet.boats[self.kind]
        self.caption.visible = bool(launched)
        for i, counted in enumerate(self.fish):
            counted.control.visible = i < len(launched)
            if i < len(launched):
                points = sheet.boat_spec(self.kind, i).points
                name = "Barge" if self.kind == "barge" else f"Boat {i + 1}"
                counted.show(f"{name} · {points} pt{'s' if points != 1 else ''}", launched[i],
                             sheet.capacity(self.kind, i))
        room = len(launched) < len(self.fish)
        self.launch.visible = room
        self.launch.content = f"Launch {edit.boat_name(layout, self.kind, len(launched))}" if room else ""
        self.unlaunch.visible = bool(launched)
        self.unlaunch.content = f"Unlaunch {edit.boat_name(layout, self.kind, len(launched) - 1)}" if launched else ""


def card(*controls: ft.Control, key: str | None = None) -> ft.Container:
    return ft.Container(ft.Column(list(controls), spacing=6), padding=12, border_radius=14,
                        bgcolor=ft.Colors.SURFACE_CONTAINER, key=key)


def heading(text: str, picture: str | None = None) -> ft.Control:
    title = ft.Text(text, size=18, weight=ft.FontWeight.W_600)
    if picture is None:
        return title
    return ft.Row([ft.Image(src=f"dice/{picture}", width=30, height=30), title], spacing=8)


class EditScreen(SessionScreen):
    rules_help = ("Correcting a Fleet Dice play", HELP)
    title = "Edit"
    game = edit.GAME
    route = "/history"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seat = 0
        self.typing: str | None = None  # the count whose digits the last tap typed on
        self.layout, self.layout_problem = sheet_layout()
        self.form: ft.Column | None = None
        if self.layout is not None:
            self._build_form(self.layout)

    # Drawing -------------------------------------------------------------------------

    def _build_form(self, layout: Layout) -> None:
        self.counts: dict[str, Count] = {}
        self.licenses: dict[str, Count] = {}
        self.boats: dict[str, Boats] = {}

        def track(t: str) -> ft.Control:
            words = {COINS: "Coins", SALVAGE_USES: "Salvage Yard uses"}.get(t, f"{track_name(layout, t)} boxes")
            counted = Count(self, f"boxes-{t}", words, lambda n: lambda s: edit.set_boxes(s, self.seat, t, n))
            self.counts[t] = counted
            return counted.control

        def boats(kind: str) -> ft.Control:
            self.boats[kind] = Boats(layout, kind, self)
            return self.boats[kind].control

        self.chips = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.estimated = ft.Text(size=15, color=ft.Colors.ON_TERTIARY_CONTAINER)
        self.estimated_box = ft.Container(
            ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER), self.estimated],
                   vertical_alignment=ft.CrossAxisAlignment.START, spacing=8),
            padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER, key="boats-estimated")
        # Each Text in a Row expands to the width left beside the icon, so long words wrap.
        self.estimated.expand = True
        self.banner = ft.Text(size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, key="edit-winner")
        self.total = ft.Text(size=18, weight=ft.FontWeight.W_600, key="edit-total")
        self.lines = ft.Column(spacing=2)
        self.hints = ft.Column(spacing=4, key="edit-checks")
        for t in BOAT_TYPES:
            self.licenses[t] = Count(self, f"license-{t}", f"{track_name(layout, t)} licenses",
                                     lambda n, t=t: lambda s: edit.set_license(s, self.seat, t, n))
        boat_cards = [card(heading(track_name(layout, t), FACE_PICTURES[t]), track(t), self.licenses[t].control,
                           boats(t), key=f"edit-{t}") for t in BOAT_TYPES]
        self.bonus_note = ft.Text(size=15, color=ft.Colors.ON_SURFACE_VARIANT)
        self.bonuses = ft.Column(spacing=6)
        harbor = []
        for h in HARBOR:
            parts = [heading(track_name(layout, h)), track(h)]
            if h in ("king_crab", "inuit", "barge"):
                parts.append(boats(h))
            if h == "king_crab":
                parts += [ft.Text("King Crab bonus", size=16, weight=ft.FontWeight.W_600), self.bonus_note,
                          self.bonuses]
            harbor.append(card(*parts, key=f"edit-{h}"))
        self.standings = ft.Text(size=16, weight=ft.FontWeight.W_600, key="edit-standings",
                                 text_align=ft.TextAlign.CENTER)
        self.save_button = ft.FilledButton("Save the changes", icon=ft.Icons.SAVE, key="save-edit",
                                           style=big_button_style(), on_click=lambda e: self.save())
        self.form = ft.Column([
            ft.Text("Correct a Fleet Dice play", size=22, weight=ft.FontWeight.W_600),
            ft.Text("Make each sheet match the paper: boxes, licenses, boats and fish. The score updates as you "
                    "tap.", size=15),
            self.chips,
            self.estimated_box,
            ft.Container(ft.Column([self.banner, self.total, self.lines, self.hints], spacing=6), padding=12,
                         border_radius=14, bgcolor=ft.Colors.SECONDARY_CONTAINER, key="edit-score"),
            ft.Text("Boats", size=20, weight=ft.FontWeight.W_600),
            *boat_cards,
            ft.Text("Coins and the Wharf", size=20, weight=ft.FontWeight.W_600),
            card(track(COINS), *[track(w) for w in WHARF], track(SALVAGE_USES), key="edit-wharf"),
            ft.Text("Harbor", size=20, weight=ft.FontWeight.W_600),
            *harbor,
            self.standings,
            self.save_button,
            ft.TextButton("Discard the changes", icon=ft.Icons.DELETE_OUTLINE, key="discard-edit",
                          on_click=lambda e: self.discard_changes()),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def build(self) -> list[ft.Control]:
        if self.layout_problem:
            return layout_problem(self.layout_problem)
        if self.missing:
            return self.missing_controls()
        if self.session is None:
            return [empty_state(ft.Icons.EDIT_NOTE, "Nothing to correct",
                                "Open a Fleet Dice play in History and tap Edit to correct its sheets."),
                    ft.Button("History", icon=ft.Icons.HISTORY,
                              on_click=lambda e: self.host.navigate("/history"))]
        return [self.undo_bar.control, self.form]

    def refresh(self) -> None:
        if self.show_saved():
            return
        # The form is kept: only when what is shown changes (a session found or let go) is it built again.
        wanted = self.session is not None and not self.missing and not self.layout_problem
        if not self.body.controls or wanted != any(c is self.form for c in self.body.controls):
            self.body.controls = self.build()
        if not wanted:
            return
        self.show_undo()
        state: EditState = self.view
        self.seat = self.my_seat(state.names, self.seat)
        sheet = state.sheets[self.seat]
        results, winners = score(state.names, state.sheets)
        self.chips.controls = [
            chip(f"{r.name}: {r.total}", lambda i=i: self._pick(i), key=f"edit-seat-{i}", selected=i == self.seat)
            for i, r in enumerate(results)
        ]
        self._show_estimate(state, sheet)
        self.banner.value = winners_words(winners)
        tie = f" ({tie_of(winners)})" if tie_of(winners) else ""  # why, when players tied for the win
        self.standings.value = " · ".join(f"{r.name} {r.total}" for r in results) + f": {self.banner.value}{tie}"
        mine = results[self.seat]
        self.total.value = f"{mine.name}: {count(mine.total, 'point')}"
        self.lines.controls = [
            ft.Row([ft.Text(line.rule, size=15, expand=True), min_width(ft.Text(f"x{line.count}", size=15), 40),
                    min_width(ft.Text(str(line.points), size=16, weight=ft.FontWeight.W_600,
                            text_align=ft.TextAlign.RIGHT), 36)])
            for line in mine.breakdown
        ]
        self.hints.controls = [ft.Row([ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, size=18),
                                       ft.Text(hint, size=14, expand=True)],
                                      spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)
                               for hint in edit.checks(sheet)]
        self._show_sheet(sheet)
        self._show_bonuses(state, sheet)
        self.save_button.content = "Save the changes" if state.play_id else "Save to history"

    def _show_estimate(self, state: EditState, sheet: Sheet) -> None:
        estimate = state.estimate(self.seat)
        self.estimated_box.visible = estimate is not None
        if estimate is None:
            return
        said = [f"{estimate.boats} boat{'s' if estimate.boats != 1 else ''}" if estimate.boats is not None else "",
                f"{estimate.fish} fish" if estimate.fish is not None else ""]
        said = [s for s in said if s]
        boats = len(sheet.launched())
        self.estimated.value = (
            f"This play was saved before boats were kept, so {state.names[self.seat]}'s boats and their fish are "
            "estimated from the boxes filled" + (f" (the play said {listed(said)}; here: {boats} "
                                                  f"boat{'s' if boats != 1 else ''} and {sheet.fish} fish)"
                                                  if said else "") +
            ". Check them against the paper sheet.")

    def _show_sheet(self, sheet: Sheet) -> None:
        layout = sheet.layout
        for t, counted in self.counts.items():
            most = layout.track_length(t)
            if t == COINS:
                label = "Coins"
            elif t == SALVAGE_USES:
                label = "Salvage Yard uses"
            elif t in BOAT_TYPES or t in HARBOR:
                label = "Boxes"
                if t in HARBOR and layout.harbor[t].complete and sheet.complete(t):
                    label += " (finished)"
            else:
                label = track_name(layout, t) + (" (finished)" if sheet.complete(t) else "")
            counted.show(label, sheet.filled[t], most)
        for t, counted in self.licenses.items():
            counted.show("Licenses", sheet.licenses[t], edit.LICENSES)
        for boats in self.boats.values():
            boats.show(sheet)

    def _show_bonuses(self, state: EditState, sheet: Sheet) -> None:
        layout = sheet.layout
        finished = sheet.complete("king_crab")
        self.bonus_note.visible = not finished
        self.bonus_note.value = f"Finish the King Crab ({layout.harbor['king_crab'].complete} boxes) to choose one."
        self.bonuses.visible = finished
        if not finished:
            self.bonuses.controls = []
            return
        options: list[ft.Control] = []
        for bonus in (*layout.bonuses, None):
            holder = state.bonus_holder(bonus.id, but=self.seat) if bonus else None
            words = bonus.name if bonus else "No bonus"
            option = self._option(words + (f" ({holder} has it)" if holder else ""),
                                  sheet.bonus == (bonus.id if bonus else None),
                                  f"edit-bonus-{bonus.id if bonus else 'none'}",
                                  lambda b=bonus: self.correct(
                                      lambda s: edit.choose_bonus(s, self.seat, b.id if b else None)))
            # Another sheet's: faded, a tap says why (issue 65: a disabled choice answered nothing).
            options.append(refusing(option, f"{holder} has {words}: each bonus goes to one player." if holder else None,
                                    self.host.toast))
        self.bonuses.controls = options

    @staticmethod
    def _option(words: str, chosen: bool, key: str, on_tap: Callable[[], None]) -> ft.Control:
        """A full-width choice whose words wrap (a bonus's name is long for a phone)."""
        return ft.Container(
            ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if chosen else ft.Icons.RADIO_BUTTON_UNCHECKED,
                            color=ft.Colors.ON_PRIMARY if chosen else None),
                    ft.Text(words, size=16, expand=True, color=ft.Colors.ON_PRIMARY if chosen else None)],
                   spacing=8),
            key=key, padding=ft.Padding.symmetric(horizontal=12, vertical=12), border_radius=12,
            bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGH, ink=True,
            on_click=lambda e: on_tap(),
        )

    # Taps -----------------------------------------------------------------------------

    def correct(self, build: Callable[[EditState], Action], typing: str | None = None) -> None:
        """Record a correction; `typing`: the count whose digits it typed (the next digit goes on its end)."""
        self.typing = typing
        if self.session is not None:
            self.act(build)

    def _pick(self, seat: int) -> None:
        self.seat, self.typing = seat, None
        self.render()

    def save(self) -> None:
        """Re-score the corrected sheets and put them in place of the play (same id and date);
        a play deleted meanwhile is kept as a new one, so the work is not lost."""
        session = self.session
        if session is None:
            return
        state: EditState = self.view
        self.save_play(edit.to_play, replacing=state.play_id)

    def discard_changes(self) -> None:
        """Leave the play as it was; the message's Undo brings the corrections back."""
        session = self.session
        if session is None:
            return
        state: EditState = self.view
        self.end_session(finished=False)

        def undo() -> None:
            self.ctx.sessions.undiscard(session.id)
            self.host.changed("sessions")
            self.host.navigate(game_route(FLEET_DICE, "edit", session.id))

        self.host.navigate(f"/history/{state.play_id}" if state.play_id else "/history")
        self.host.toast("Discarded the changes; the play is as it was.", undo=undo)
