"""Fleet Dice's sheets: a score sheet per player and the table's dice, with the golden rule.

The banner says what to do now. The table's roll (in the app, or the physical dice's
faces tapped in) is on the screen: the player whose pick it is taps a die, then the box;
once all have picked, each player's sheet offers the die left. On a player's own phone
it shows their sheet; on the phone passed around, the sheet of whoever acts now. A box
that cannot be filled now says why.
"""

from __future__ import annotations

import flet as ft

from companion.core.assets import AssetError
from companion.games.fleet_dice import game as fleet
from companion.games.fleet_dice.game import FACE_NAMES, FleetGame
from companion.games.fleet_dice.layout import (
    BOAT_TYPES,
    HARBOR,
    WHARF,
    default_layout,
    track_name,
)
from companion.games.fleet_dice.scoring import score
from companion.games.fleet_dice.sheet import BOAT_FACES, FACES, TOWN_FACES, Sheet
from companion.games.fleet_dice.table import PHASES, TableRoll, pool, position
from companion.games.registry import FLEET_DICE
from companion.ui.components.common import at_least, chip, empty_state
from companion.ui.components.help import help_button
from companion.ui.components.seats import seat_chooser, toggle_seat
from companion.ui.games.fleet_dice.sheet_view import FACE_PICTURES, FleetSheetView
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

WAYS = {"income": "Take income", "salvage": "Salvage Yard: any box", "any_type": "Shrimp license: any boat type",
        "any_box": "Shrimp license: any box", "double": "Shrimp license: a boat type and any box"}

HELP = """\
**The golden rule**: a box is always the topmost open box of its track. The boxes your die may
fill now are highlighted; the next box of each track is outlined. A tap on any other box says why
it cannot be filled now.

**A round**: the boat phase, fishing in even rounds, the town phase. In each phase the start
player rolls the pool (players + 1 boat dice; in the town phase, one town die per player and one
boat die): tap *Roll the dice*, or *Enter the dice* and tap the faces of your physical dice. Then,
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


class SheetsScreen(SessionScreen):
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
        try:
            self.view = FleetSheetView(default_layout(), self._tap_box)
            self.layout_problem = None
        except AssetError as exc:
            self.view, self.layout_problem = None, str(exc)
        self.setup = ft.Column(spacing=12)
        self.chips = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.banner = ft.Text(size=18, weight=ft.FontWeight.BOLD, key="sheet-banner")
        self.tray = ft.Column(spacing=8, key="table-dice")
        self.panel = ft.Column(spacing=8)
        self.results = ft.Column(spacing=8, key="fleet-results")
        self._parts: list[ft.Control] | None = None
        self._was_setup: bool | None = None
        self.playing = ft.Column([
            ft.Row([ft.Text("Fleet Dice", size=22, weight=ft.FontWeight.W_600, expand=True),
                    help_button(lambda: self.host.page, "Fleet Dice sheets", HELP)]),
            self.chips,
            ft.Container(self.banner, padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER),
            self.tray,
            self.panel,
            self.results,
            ft.Container(self.view.control if self.view else ft.Container(), padding=8, border_radius=12,
                         bgcolor=ft.Colors.SURFACE_CONTAINER),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    # Drawing ---------------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.layout_problem:
            return [empty_state(ft.Icons.ERROR_OUTLINE, "The Fleet Dice sheet file is not valid",
                                f"{self.layout_problem}. Fix assets/games/fleet_dice/sheet.json; "
                                "nothing saved was changed.")]
        if self.missing:
            return self.missing_controls()
        return [self.undo_bar.control, self.setup, self.playing]

    def refresh(self) -> None:
        if not self.body.controls:
            self.body.controls = self.build()
        if self.missing or self.layout_problem:
            return
        self.show_undo()
        self.setup.visible = self.session is None
        self.playing.visible = self.session is not None
        if self.session is None:
            self._show_setup()
            return
        game: FleetGame = self.session.state
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
        self.tray.visible = game.at_table and not game.over
        self.tray.controls = self._tray(game, sheet) if self.tray.visible else []
        self.panel.controls = self._panel(game, sheet)
        changed = self.view.show(sheet, self._targets(sheet))
        self._show_results(game)
        self._parts = [self.undo_bar.control, self.chips, self.banner, self.tray, self.panel, self.results, *changed]

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
        table waits for, each time the game changes (a tap on a name shows another meanwhile)."""
        seat = self.my_seat(game.names, self.seat)
        if not game.at_table or self.own_seat(game.names) is not None:
            return seat
        revision = self.session.revision
        if revision != self._followed:
            self._followed = revision
            acting = game.acting()
            if acting is not None and acting != seat:
                self._clear()
                return acting
        return seat

    def _keep_table_die(self, game: FleetGame, sheet: Sheet) -> None:
        """The die this sheet uses next: the one tapped on its pick, or the shared one once all picked."""
        roll = game.current_roll()
        usable = roll is not None and sheet.choice() is None and position(sheet) == game.position()
        if usable and sheet.die == "shared" and roll.shared is not None:
            if self.pick is not None or self.face is None:
                self.pick, self.face, self.rerolled_from, self.how, self.first = None, roll.faces[roll.shared], \
                    None, None, None
        elif not usable or sheet.die != "chosen" or self.pick not in roll.free() or game.picker() != self.seat:
            self.pick = None
            if game.at_table and (self.face is not None):
                self.face = self.rerolled_from = self.how = self.first = None

    def _banner(self, game: FleetGame, sheet: Sheet) -> str:
        name = game.names[self.seat]
        asked = sheet.what_now()
        if not game.at_table or sheet.over or sheet.choice() is not None:
            return f"{name}: {asked[0].upper()}{asked[1:]}"
        where, roll = game.position(), game.current_roll()
        phase = f"Round {where[0]}, {PHASES[where[1]]} phase"
        if position(sheet) != where:
            waiting = [game.names[i] for i in game.order() if position(game.sheets[i]) == where]
            return f"{name}: done with the {PHASES[where[1]]} phase; waiting for {' and '.join(waiting)}."
        if roll is None:
            return f"{phase}: {game.names[game.start_player()]} rolls the {PHASES[where[1]]} dice."
        picker = game.picker()
        if picker == self.seat:
            return f"{phase}: {name}, take a die (tap it, then the box)."
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

    def _targets(self, sheet: Sheet) -> set[str]:
        """The tracks whose next box a tap may fill now."""
        choice = sheet.choice()
        if choice is not None and choice.kind in ("gold", "swordfish"):
            return set(sheet.gold_targets() if choice.kind == "gold" else sheet.swordfish_targets())
        if self.face is None or choice is not None:
            return set()
        if self.how in ("salvage", "any_box") or (self.how == "double" and self.first):
            return set(sheet.gold_targets())
        if self.how in ("any_type", "double"):
            return {t for t in BOAT_TYPES if sheet.next_box(t) is not None}
        if self.how is None and self.face in ("harbor", "wharf"):
            area = HARBOR if self.face == "harbor" else WHARF
            return {t for t in area if sheet.next_box(t) is not None}
        if self.how is None and self.face in BOAT_TYPES and sheet.next_box(self.face) is not None:
            return {self.face}
        return set()

    def _panel(self, game: FleetGame, sheet: Sheet) -> list[ft.Control]:
        if sheet.over:
            return []
        choice = sheet.choice()
        if choice is None and game.at_table:
            return self._ways(sheet) if self.face is not None else []
        if choice is None:
            return self._dice_panel(sheet)
        if choice.kind == "either":
            name = track_name(sheet.layout, choice.boat_type)
            return [ft.Row([
                self._act_button(f"Launch a {name} boat", lambda g: fleet.choose_either(g, self.seat, "boat"), "either-boat"),
                self._act_button(f"Activate a {name} license", lambda g: fleet.choose_either(g, self.seat, "license"),
                                 "either-license"),
            ], spacing=8)]
        if choice.kind in ("gold", "swordfish"):
            targets = sheet.gold_targets() if choice.kind == "gold" else sheet.swordfish_targets()
            return [ft.Text("Tap a highlighted box, or:", size=15),
                    ft.Row([ft.OutlinedButton(f"Fill {self._box_words(sheet, t)}",
                                              on_click=lambda e, t=t: self._tap_box(t)) for t in targets],
                           wrap=True, spacing=6, run_spacing=6)]
        if choice.kind == "king_crab":
            taken = {b: game.names[i] for i, s in enumerate(game.sheets) for b in [s.bonus] if b and i != self.seat}
            return [ft.Column([
                ft.OutlinedButton(b.name + (f" (taken by {taken[b.id]})" if b.id in taken else ""),
                                  disabled=b.id in taken, key=f"bonus-{b.id}",
                                  on_click=lambda e, b=b: self.act(lambda g: fleet.choose_bonus(g, self.seat, b.id)))
                for b in sheet.layout.bonuses], spacing=6)]
        return self._fishing_panel(sheet)

    def _dice_panel(self, sheet: Sheet) -> list[ft.Control]:
        faces = BOAT_FACES if sheet.phase == "boat" else FACES
        whose = "your die" if sheet.die == "chosen" else "the shared die"
        controls: list[ft.Control] = [
            ft.Text(f"Tap the face of {whose}:", size=15),
            ft.Row([self._face_button(f, f"face-{f}", self._pick_face) for f in faces], wrap=True, spacing=6,
                   run_spacing=6)]
        if self.face is not None:
            controls += self._ways(sheet)
        return controls

    def _face_button(self, face: str, key: str, on_tap, picked: bool | None = None) -> ft.Control:
        picked = face == self.face if picked is None else picked
        return ft.Container(
            key=key, width=52, height=52, border_radius=10, padding=5,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if picked else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(3 if picked else 1, ft.Colors.PRIMARY if picked else ft.Colors.OUTLINE),
            tooltip=FACE_NAMES[face], on_click=lambda e: on_tap(face),
            content=ft.Image(src=f"dice/{FACE_PICTURES[face]}", width=40, height=40),
        )

    # The table's dice -----------------------------------------------------------------------

    def _tray(self, game: FleetGame, sheet: Sheet) -> list[ft.Control]:
        roll, where = game.current_roll(), game.position()
        phase = PHASES[where[1]]
        if roll is not None:
            return [ft.Row([self._table_die(game, roll, i) for i in range(len(roll.faces))], wrap=True,
                           spacing=8, run_spacing=8)]
        dice = pool(phase, len(game.names))
        if self.entering is not None:
            k = len(self.entering)
            kind = "the boat die" if phase == "town" and k == len(dice) - 1 else f"{phase} die {k + 1} of {len(dice)}"
            return [
                ft.Row([ft.Image(src=f"dice/{FACE_PICTURES[f]}", width=32, height=32) for f in self.entering]
                       or [ft.Text("No dice yet.", size=15)], wrap=True, spacing=4),
                ft.Text(f"Tap the face of {kind}:", size=15),
                ft.Row([self._face_button(f, f"enter-{f}", self._enter_face, picked=False) for f in dice[k]],
                       wrap=True, spacing=6, run_spacing=6),
                ft.OutlinedButton("Cancel", icon=ft.Icons.CLOSE, key="enter-cancel",
                                  on_click=lambda e: self._enter_cancel()),
            ]
        blocked = game.why_no_roll()
        words = blocked or (f"{game.names[game.start_player()]} rolls the {phase} dice: {len(dice)} "
                            + ("boat dice." if phase == "boat" else f"({len(dice) - 1} town dice and a boat die)."))
        return [
            ft.Text(words, size=15),
            ft.Row([
                ft.FilledButton("Roll the dice", icon=ft.Icons.CASINO, key="roll-dice",
                                style=big_button_style(), disabled=blocked is not None, on_click=lambda e: self._roll()),
                ft.OutlinedButton("Enter the dice", icon=ft.Icons.EDIT, key="enter-dice",
                                  disabled=blocked is not None, on_click=lambda e: self._enter_start()),
            ], spacing=8, run_spacing=8, wrap=True),  # one under the other at large text
        ]

    def _table_die(self, game: FleetGame, roll: TableRoll, i: int) -> ft.Control:
        face = roll.faces[i]
        owner = roll.taken.index(i) if i in roll.taken else None
        shared = roll.shared == i
        caption = game.names[owner] if owner is not None else "shared" if shared else "free"
        picked = i == self.pick or (shared and self.face is not None and self.pick is None
                                    and game.sheets[self.seat].die == "shared")
        # A choice: a screen reader hears it chosen or not; it grows with the text (a long name).
        return ft.Semantics(checked=picked, content=ft.Container(
            key=f"die-{i}", border_radius=12, padding=4,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if picked else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(3 if picked else 1, ft.Colors.PRIMARY if picked else ft.Colors.OUTLINE),
            opacity=0.45 if owner is not None else 1.0,
            on_click=lambda e: self._tap_table_die(i),
            content=at_least(ft.Column([
                ft.Image(src=f"dice/{FACE_PICTURES[face]}", width=48, height=48),
                ft.Text(caption, size=13, weight=ft.FontWeight.W_600, semantics_label=(
                    f"Die {i + 1}: {FACE_NAMES[face]}, {caption if owner is None else 'taken by ' + caption}")),
            ], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), 64, 80),
        ))

    def _ways(self, sheet: Sheet) -> list[ft.Control]:
        face = self.face
        assert face is not None
        ways = sheet.ways_to_use(face, sheet.die)
        rows: list[ft.Control] = [ft.Text(f"{FACE_NAMES[face]}" + (f" (re-rolled from {FACE_NAMES[self.rerolled_from]})"
                                                                    if self.rerolled_from else "") + ":",
                                          size=17, weight=ft.FontWeight.W_600)]
        if self.how in ("any_type", "double") and self.first is None:
            rows.append(ft.Text("Tap the boat type's highlighted box.", size=15))
            return rows
        if self.how in ("salvage", "any_box") or (self.how == "double" and self.first):
            rows.append(ft.Text("Tap the highlighted box to fill.", size=15))
            return rows
        buttons = []
        if "normal" in ways:
            if face in BOAT_TYPES and sheet.next_box(face) is not None:
                buttons.append(self._use_button(f"Fill {self._box_words(sheet, face)}", "normal", "use-normal"))
            elif face == "coins":
                buttons.append(self._use_button("Take 3 coins", "normal", "use-normal"))
            elif face == "market":
                buttons.append(self._use_button("Market: coins for your fish", "normal", "use-normal"))
            elif face in ("harbor", "wharf"):
                area = HARBOR if face == "harbor" else WHARF
                buttons += [self._use_button(f"Fill {self._box_words(sheet, t)}", "normal", f"use-{t}", target=t)
                            for t in area if sheet.next_box(t) is not None]
        coins = sheet.layout.wharf["bait_shop"].income if sheet.complete("bait_shop") else 1
        buttons.append(self._use_button(f"Take income ({coins} coin{'s' if coins != 1 else ''})", "income", "use-income"))
        for how in ("salvage", "any_type", "any_box", "double"):
            if how in ways:
                buttons.append(ft.OutlinedButton(WAYS[how], key=f"use-{how}",
                                                 on_click=lambda e, how=how: self._choose_how(how)))
        if sheet.die == "chosen" and sheet.complete("casino") and self.rerolled_from is None:
            buttons.append(ft.OutlinedButton("Casino: re-roll it", icon=ft.Icons.CASINO,
                                             key="casino-reroll", on_click=lambda e: self._reroll()))
        rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return rows

    def _fishing_panel(self, sheet: Sheet) -> list[ft.Control]:
        layout = sheet.layout
        rows: list[ft.Control] = [ft.Text("Fishing: every launched boat that is not full catches a fish "
                                          "(Oyster boats two).", size=15)]
        sword = sheet.licenses["swordfish"]
        if sword:
            most = layout.swordfish_boats[sword - 1]
            rows.append(ft.Text(f"Swordfish license: up to {most} boat(s) may skip fishing for a box each.", size=15))
            rows.append(ft.Row([
                chip(f"Skip {track_name(layout, k)} {i + 1}", lambda b=(k, i): self._toggle_skip(b),
                     key=f"skip-{k}-{i}", selected=(k, i) in self.skip)
                for k, i in sheet.launched() if not sheet.full(k, i)], wrap=True, spacing=6, run_spacing=6))
        coin_boats = sheet.oyster_coin_boats(sorted(self.skip))
        if coin_boats:
            rows.append(ft.Text("Oyster license: a coin instead of a boat's second fish (a boat with room for "
                                "two).", size=15))
            rows.append(ft.Row([chip(f"Coin for Oyster {i + 1}", lambda i=i: self._toggle_oyster(i),
                                     key=f"oyster-coin-{i}", selected=i in self.oyster)
                                for i in coin_boats], wrap=True, spacing=6))
        coins = sorted(self.oyster & set(coin_boats))  # a boat ticked, then set to skip fishing, takes none
        rows.append(self._act_button("Go fishing", lambda g: fleet.go_fishing(g, self.seat, sorted(self.skip), coins),
                                     "go-fishing"))
        return rows

    def _show_results(self, game: FleetGame) -> None:
        self.results.visible = game.over
        if not game.over:
            return
        results, winners = score(game.names, game.sheets)
        rows: list[ft.Control] = [ft.Text(f"{winners[0]} wins" if len(winners) == 1
                                          else f"Shared victory: {' and '.join(winners)}",
                                          size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, key="fleet-winner")]
        for r in results:
            rows.append(ft.Text(f"{r.name}: {r.total}", size=18, weight=ft.FontWeight.W_600))
            rows += [ft.Row([ft.Text(b.rule, size=14, expand=True), ft.Text(str(b.points), size=14)])
                     for b in r.breakdown]
        rows.append(ft.FilledButton("Save to history", icon=ft.Icons.SAVE, key="save-fleet",
                                    style=big_button_style(), on_click=lambda e: self._save()))
        self.results.controls = rows

    def _show_setup(self) -> None:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        controls: list[ft.Control] = [
            ft.Text("Fleet Dice score sheets", size=22, weight=ft.FontWeight.W_600),
            ft.Text("Tap the players at the table in clockwise order, then the boat each rolled to start.",
                    size=16),
        ]
        if not players:
            controls.append(ft.OutlinedButton("Add players in Settings", icon=ft.Icons.SETTINGS,
                                              on_click=lambda e: self.host.navigate("/settings")))
        controls.append(seat_chooser(players, self.seated, self._toggle_seat))
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
        controls.append(ft.Row([
            ft.OutlinedButton("Roll the start boats", icon=ft.Icons.CASINO, key="roll-starts",
                              disabled=not self.seated, on_click=lambda e: self._roll_starts()),
            ft.FilledButton("Start the sheets", icon=ft.Icons.PLAY_ARROW, key="start-sheets",
                            disabled=not self.seated or any(n not in self.starts for n in self.seated),
                            on_click=lambda e: self._start()),
        ], wrap=True, spacing=8, run_spacing=8))
        self.setup.controls = controls

    @staticmethod
    def _box_words(sheet: Sheet, track: str) -> str:
        index = sheet.next_box(track)
        return f"{track_name(sheet.layout, track)} box {index + 1}" if index is not None else track_name(sheet.layout, track)

    def _act_button(self, text: str, build, key: str) -> ft.Control:
        return ft.FilledButton(text, key=key, on_click=lambda e: self._act(build))

    def _use_button(self, text: str, how: str, key: str, target: str | None = None) -> ft.Control:
        return ft.FilledButton(text, key=key, on_click=lambda e: self._use(how, target))

    # Taps ----------------------------------------------------------------------------------

    def _act(self, build) -> None:
        # The die and its way of use are done with once the action is recorded.
        saved = (self.pick, self.face, self.rerolled_from, self.how, self.first, self.skip, self.oyster)
        self._clear()
        if not self.act(build):
            self.pick, self.face, self.rerolled_from, self.how, self.first, self.skip, self.oyster = saved
            self.render()

    def _clear(self) -> None:
        self.pick = self.face = self.rerolled_from = self.how = self.first = None
        self.skip, self.oyster = set(), set()

    def _pick(self, seat: int) -> None:
        self.seat = seat
        self._clear()
        self.render()

    def _tap_table_die(self, i: int) -> None:
        game: FleetGame = self.session.state
        roll, sheet, name = game.current_roll(), game.sheets[self.seat], game.names[self.seat]
        if roll is None:
            return
        if i in roll.taken:
            self.host.toast(f"{game.names[roll.taken.index(i)]} took that die.")
        elif roll.shared == i:
            self.host.toast("Everyone uses the die left: it is on each sheet once its die is used.")
        elif sheet.choice() is not None:
            self.host.toast(f"First {name}: {sheet.what_now()}")
        elif game.picker() != self.seat:
            picker = game.picker()
            self.host.toast(f"It is {game.names[picker]}'s pick now." if picker is not None and sheet.die == "chosen"
                            else f"{name} has taken a die this phase.")
        else:
            self.pick, self.face, self.rerolled_from, self.how, self.first = i, roll.faces[i], None, None, None
            self.render()

    def _roll(self) -> None:
        game: FleetGame = self.session.state
        where = game.position()
        faces = [self.ctx.rng.choice(die) for die in pool(PHASES[where[1]], len(game.names))]
        self._act(lambda g: fleet.roll_dice(g, faces))

    def _enter_start(self) -> None:
        self.entering = []
        self.render()

    def _enter_face(self, face: str) -> None:
        game: FleetGame = self.session.state
        self.entering = [*(self.entering or []), face]
        if len(self.entering) == len(pool(PHASES[game.position()[1]], len(game.names))):
            faces, self.entering = self.entering, None
            self._act(lambda g: fleet.roll_dice(g, faces))
            return
        self.render()

    def _enter_cancel(self) -> None:
        self.entering = None
        self.render()

    def _pick_face(self, face: str) -> None:
        self.face, self.rerolled_from, self.how, self.first = face, None, None, None
        self.render()

    def _choose_how(self, how: str) -> None:
        self.how, self.first = how, None
        self.render()

    def _use(self, how: str, target: str | None = None, second: str | None = None) -> None:
        face, rerolled, die, pick = self.face, self.rerolled_from, self.session.state.sheets[self.seat].die, self.pick
        self._act(lambda g: fleet.use_die(g, self.seat, die, face, how, target, second, rerolled, pick))

    def _reroll(self) -> None:
        # The re-roll keeps the die: a boat die shows a boat face again, a town die a town face.
        faces = BOAT_FACES if self.face in BOAT_FACES else TOWN_FACES
        self.rerolled_from, self.face = self.face, self.ctx.rng.choice(faces)
        self.render()

    def _tap_box(self, track: str, index: int | None = None) -> None:
        """A highlighted box was tapped: it answers the choice or the die's way of use.
        Any other box says why it cannot be filled now (the golden rule: only the next box of a track)."""
        if self.session is None:
            return
        sheet = self.session.state.sheets[self.seat]
        if index is not None and index != sheet.next_box(track):
            self.host.attempt(lambda: sheet.fill(track, index))  # the golden rule's words, nothing recorded
            return
        if track not in self._targets(sheet):
            self.host.toast(self._why_not(sheet, track))
            return
        choice = sheet.choice()
        if choice is not None:
            self._act(lambda g: fleet.free_fill(g, self.seat, track))
        elif self.how == "double" and self.first is None:
            self.first = track
            self.render()
        elif self.how == "double":
            self._use("double", self.first, track)
        elif self.how is not None:
            self._use(self.how, track)
        else:
            self._use("normal", track if self.face in ("harbor", "wharf") else None)

    def _why_not(self, sheet: Sheet, track: str) -> str:
        box = self._box_words(sheet, track)
        game: FleetGame = self.session.state
        if sheet.over:
            return "The game is over: no more boxes can be filled."
        if sheet.choice() is not None:
            return f"First: {sheet.what_now()}"
        if self.face is None and game.at_table:
            return f"{self._banner(game, sheet)} The boxes a die may fill light up once it is taken."
        if self.face is None:
            return f"Tap the face your die shows first; the boxes it may fill then light up ({box} is not one now)."
        return f"{FACE_NAMES[self.face]} cannot fill {box} now; the highlighted boxes are the ones it can."

    def _toggle_skip(self, boat: tuple[str, int]) -> None:
        self.skip ^= {boat}
        self.render()

    def _toggle_oyster(self, index: int) -> None:
        self.oyster ^= {index}
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
        setup = {"players": [{"name": n, "start": self.starts[n]} for n in self.seated],
                 "start_player": self.seated.index(self.start_player)}
        if self.host.attempt(lambda: self.start_session(setup)):
            self.seat = 0
        self.render()

    def _save(self) -> None:
        state = self.session.state
        self.save_play(lambda play_id, played_at: fleet.to_play(state, play_id, played_at))
