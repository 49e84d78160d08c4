"""Fleet Dice's sheets: a score sheet per player and the table's dice, with the golden rule.

The banner says what to do now. The table's roll (in the app, or the physical dice's
faces tapped in) is on the screen: the player whose pick it is taps a die, then the box;
once all have picked, each player's sheet offers the die left. On a player's own phone
it shows their sheet; on the phone passed around, the sheet of whoever acts now. A box
that cannot be filled now says why.
"""

from __future__ import annotations

import re

import flet as ft

from companion.core.words import listed
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.game import FACE_NAMES, FleetGame
from companion.games.fleet_dice.layout import BOAT_TYPES
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import Sheet
from companion.games.fleet_dice.table import PHASES, position
from companion.games.registry import FLEET_DICE
from companion.ui.components.common import chip, refusing
from companion.ui.components.seats import seat_chooser, seat_entries, toggle_seat
from companion.ui.games.fleet_dice.sheet_view import (
    FACE_PICTURES,
    FleetSheetView,
    layout_problem,
    sheet_layout,
)
from companion.ui.games.fleet_dice.table_tray import TableTray
from companion.ui.host import Host

HELP = """\
**The golden rule**: a box is always the topmost open box of its track. The boxes your die may
fill now are highlighted; the next box of each track is outlined. A tap on any other box says why
it cannot be filled now.

**A round**: the boat phase, fishing in even rounds, the town phase. In each phase the start
player rolls the pool (players + 1 boat dice; in the town phase, one town die per player and one
boat die): tap *Roll the dice*, or *Enter the dice* and tap the faces of your physical dice (rolled
in the app, the next phases roll by themselves, with the move that ends the phase before). Then,
from the start player clockwise, each player takes one die (tap it, then the box); the die left
is shared by everyone. The table moves on when every sheet has used both dice and made its
choices; the start player passes clockwise each round. License bonuses apply to your die only.

**Whose sheet**: on a player's own phone, their sheet; on the phone passed around the table,
the sheet of whoever the table waits for. Tap a name to look at another sheet.

**The sheet's picture did not survive**: track lengths, activation symbols, boats and their
capacities, the coin track's G boxes, the King Crab, Inuit and Captain's Club tracks and the King
Crab bonuses are *chosen*; they are all in `assets/games/fleet_dice/sheet.json`, to match your pad.
Numbers from the rules text (buildings, licenses, the market) are as written.
"""


DIE_USES = "die-uses"  # the scroll key of the panel: the ways to use a die in hand, a choice a fill gave


class SheetsScreen(TableTray):
    rules_help = ("Fleet Dice sheets", HELP)
    title = "Sheets"
    game = fleet.GAME
    route = f"/games/{FLEET_DICE.id}/sheets"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seat = 0
        self.seated: list[str] = []
        self.starts: dict[str, str] = {}
        self.start_player: str | None = None  # who starts the first round (picked at random)
        self.pick: int | None = None  # the table's die tapped on this seat's pick
        self.entering: list[str] | None = None  # the physical dice's faces tapped in so far
        self._followed: int | None = None  # the revision the passed-around phone last followed
        self.face: str | None = None  # the die face tapped in, not yet used
        self.rerolled_from: str | None = None
        self.how: str | None = None  # a way of using the die that needs a box or type chosen
        self.first: str | None = None  # 'double': the boat type chosen first
        self.skip: set[tuple[str, int]] = set()
        self.oyster: set[int] = set()
        self.views: dict[int, FleetSheetView] = {}  # one per seat: a tap on a sheet is that sheet's
        self.layout, self.layout_problem = sheet_layout()
        self.sheet_frame = ft.Container(padding=8, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER)
        self.setup = ft.Column(spacing=12)
        self.chips = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.banner = ft.Text(size=18, weight=ft.FontWeight.BOLD, key="sheet-banner")
        self.tray = ft.Column(spacing=8, key="table-dice")
        self.panel = ft.Column(spacing=8, key=ft.ScrollKey(DIE_USES))
        self.results = ft.Column(spacing=8, key="fleet-results")
        self._parts: list[ft.Control] | None = None
        self._asked: tuple[str, str] | None = None  # what the panel asked when last drawn (`_follow_the_die`)
        self._was_setup: bool | None = None
        self.playing = ft.Column([
            # What the table does now and its taps first (the app bar shows the game and its rules'
            # help); whose sheet is shown next to the sheet. At large text a title line and the
            # players' names, one a line, had pushed the roll and the dice below the fold.
            ft.Container(self.banner, padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER),
            self.tray,
            self.panel,
            self.chips,
            self.results,
            self.sheet_frame,
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # Drawing ---------------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.layout_problem:
            return layout_problem(self.layout_problem)
        if self.missing:
            return self.missing_controls()
        return [self.undo_bar.control, self.setup, self.playing]

    def refresh(self) -> None:
        if self.show_saved():
            self._parts = None
            return
        rebuilt = not self.body.controls  # (after the saved game, or a damaged file): all of it is sent
        if rebuilt:
            self.body.controls = self.build()
        if self.missing or self.layout_problem:
            return
        self.show_undo()
        self.setup.visible = self.session is None
        self.playing.visible = self.session is not None
        if self.session is None:
            self._show_setup()
            return
        game: FleetGame = self.view
        self.seat = self._seat_to_show(game)
        sheet = game.sheets[self.seat]
        if game.at_table:
            self._keep_table_die(game, sheet)
        self.chips.controls = [
            chip(f"{name}: {self._status(game, i)}", lambda i=i: self._pick(i), key=f"sheet-{name}",
                 selected=i == self.seat)
            for i, name in enumerate(game.names)
        ]
        self.banner.value = self._banner(game, sheet)
        name = game.names[self.seat]
        if self.own_seat(game.names) != self.seat and not re.search(rf"\b{re.escape(name)}\b", self.banner.value):
            self.banner.value = f"{name}'s sheet. {self.banner.value}"  # whose, in words, where it names nobody
        self.tray.visible = game.at_table and not game.over
        self.tray.controls = self._tray(game, sheet) if self.tray.visible else []
        self.panel.controls = self._panel(game, sheet)
        self._follow_the_die(game, sheet)
        view, switched = self._sheet_view()
        changed = view.show(sheet, self._targets(sheet))
        self._show_results(game)
        self._parts = None if rebuilt or switched else [self.undo_bar.control, self.chips, self.banner, self.tray,
                                                        self.panel, self.results, *changed]

    def _follow_the_die(self, game: FleetGame, sheet: Sheet) -> None:
        """What the panel asks of this phone (the ways to use a die in hand, taken or the shared die come to
        it, or a choice a fill gave) is brought into view when it comes; once answered, the page goes back
        to the top, where the table's next step is. At large text both are below the fold; scrolled only
        when the question changes, not at every drawing."""
        asked: tuple[str, str] | None = None
        if game.at_table and self.acts_for(self.seat) and not sheet.over:
            choice = sheet.choice()
            asked = ("choice", choice.kind) if choice is not None else ("die", self.face) if self.face else None
        if asked != self._asked:
            self._asked = asked
            if asked is not None:
                self.bring_into_view(DIE_USES)
            else:
                self.to_top()

    def _sheet_view(self) -> tuple[FleetSheetView, bool]:
        """The drawing of the sheet shown, and whether it replaced another's. Each seat has its own: a
        tap on a box drawn for one player's sheet, arriving once the screen shows another's, is a late
        tap on that player's sheet."""
        view = self.views.get(self.seat)
        if view is None:
            assert self.layout is not None
            seat = self.seat
            view = self.views[seat] = FleetSheetView(self.layout, lambda track, index: self._tap_box(track, index, seat))
        switched = self.sheet_frame.content is not view.control
        self.sheet_frame.content = view.control
        return view, switched

    @staticmethod
    def _status(game: FleetGame, seat: int) -> str:
        """A word on where a player is: in the round (sheets on their own), or in the table's phase."""
        sheet = game.sheets[seat]
        if sheet.over:
            return "done"
        if not game.at_table:
            return f"round {sheet.round}"
        roll = game.current_roll()
        if sheet.choice() is not None:
            return "choosing"
        if position(sheet) != game.position():
            return "ready"
        if roll is None:
            return "rolls" if seat == game.start_player() else "ready"
        if game.picker() == seat:
            return "picks now"
        if sheet.die == "chosen":
            return "picks later"
        return "shared die" if roll.shared is not None else "has a die"

    def _seat_to_show(self, game: FleetGame) -> int:
        """A player's own phone shows their sheet; the phone passed around follows whoever the
        table waits for among the players it plays for (not those on phones of their own), each
        time the game changes (a tap on a name shows another meanwhile)."""
        seat = self.my_seat(game.names, self.seat)
        if not game.at_table or self.own_seat(game.names) is not None:
            return seat
        revision = self.session.revision
        if revision != self._followed:
            self._followed = revision
            acting = game.acting([i for i in range(len(game.names)) if self.acts_for(i)])
            if acting is not None and acting != seat:
                self._clear()
                return acting
        return seat

    def _banner(self, game: FleetGame, sheet: Sheet) -> str:
        name = game.names[self.seat]
        asked = sheet.what_now()
        if not game.at_table or sheet.over or sheet.choice() is not None:
            return f"{name}: {asked[0].upper()}{asked[1:]}"
        where, roll = game.position(), game.current_roll()
        phase = f"Round {where[0]}, {PHASES[where[1]]} phase"
        if position(sheet) != where:
            waiting = [game.names[i] for i in game.order() if position(game.sheets[i]) == where]
            return f"{name}: done with the {PHASES[where[1]]} phase; waiting for {listed(waiting)}."
        if roll is None:
            return f"{phase}: {game.names[game.start_player()]} rolls the {PHASES[where[1]]} dice."
        picker = game.picker()
        reroll = game.sheets[picker].reroll if picker is not None else None
        if reroll is not None:  # on every phone: the die the Casino re-rolled, and its new face
            said = (f"{game.names[picker]} re-rolled die {reroll.pick + 1} with the Casino: "
                    f"{FACE_NAMES[reroll.face]} (was {FACE_NAMES[reroll.was]})")
            return f"{phase}: {said}; " + ("tap its box." if picker == self.seat else "they use it now.")
        if picker == self.seat:
            return f"{phase}: {name}, take a die, or tap its lit box."
        if picker is not None:
            return f"{phase}: {game.names[picker]} picks now."
        return f"{phase}: {name}, use the shared die."

    def changed_parts(self) -> list[ft.Control] | None:
        # The whole body when what is shown changes (set-up, a damaged file), else only what changed.
        parts, self._parts = self._parts, None
        if parts is None or self.setup.visible != self._was_setup:
            self._was_setup = self.setup.visible
            return None
        return parts

    def _show_results(self, game: FleetGame) -> None:
        self.results.visible = game.over
        if not game.over:
            return
        self.results.controls = self.game_end(*score(game.names, game.sheets), fleet.to_play, "fleet")

    def _show_setup(self) -> None:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        controls: list[ft.Control] = [
            ft.Text("Fleet Dice score sheets", size=22, weight=ft.FontWeight.W_600),
            ft.Text("Tap the players at the table in clockwise order, then the boat each rolled to start.",
                    size=16),
        ]
        controls.append(seat_chooser(players, self.seated, self._toggle_seat, self.host))
        for name in self.seated:
            controls.append(ft.Text(f"{name} starts with:", size=15))
            controls.append(ft.Row([
                ft.Container(key=f"start-{name}-{t}", width=52, height=52, border_radius=10, padding=4,
                             tooltip=f"{name} starts with {FACE_NAMES[t]}",
                             bgcolor=ft.Colors.PRIMARY_CONTAINER if self.starts.get(name) == t else None,
                             border=ft.Border.all(3 if self.starts.get(name) == t else 1, ft.Colors.OUTLINE),
                             content=ft.Image(src=f"dice/{FACE_PICTURES[t]}", width=40, height=40),
                             on_click=lambda e, name=name, t=t: self._set_start(name, t))
                for t in BOAT_TYPES], wrap=True, spacing=6))
        if self.seated:
            if self.start_player not in self.seated:
                self.start_player = self.ctx.rng.choice(self.seated)
            controls.append(ft.Text("Start player, picked at random (tap another to change):", size=15))
            controls.append(ft.Row([chip(n, lambda n=n: self._set_start_player(n), key=f"first-{n}",
                                         selected=n == self.start_player) for n in self.seated],
                                   wrap=True, spacing=8, run_spacing=8))
        controls.append(refusing(ft.OutlinedButton("Roll the start boats", icon=ft.Icons.CASINO, key="roll-starts",
                                                   on_click=lambda e: self._roll_starts()),
                                 None if self.seated else "Tap the players first, clockwise.", self.host.toast))
        missing = [n for n in self.seated if n not in self.starts]
        self.pin("Start the sheets", ft.Icons.PLAY_ARROW, "start-sheets", self._start,
                 enabled=bool(self.seated) and not missing,
                 why=f"Tap the boat {missing[0]} rolled to start first." if missing else
                 "Tap the players at the table first, in clockwise order.")
        self.setup.controls = controls

    def _pick(self, seat: int) -> None:
        self.seat = seat
        self._clear()
        self.render()

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, fleet.MAX_SHEETS)
        self.render()

    def _set_start_player(self, name: str) -> None:
        self.start_player = name
        self.render()

    def _set_start(self, name: str, boat: str) -> None:
        self.starts[name] = boat
        self.render()

    def _roll_starts(self) -> None:
        for name in self.seated:
            self.starts[name] = self.ctx.rng.choice(BOAT_TYPES)
        self.render()

    def _start(self) -> None:
        setup = fleet.setup_for(seat_entries(self.ctx.store.settings.players(), self.seated, start=self.starts),
                                self.seated.index(self.start_player))
        if self.host.attempt(lambda: self.start_session(setup)):
            self.seat = 0
        self.render()

