"""Fleet Dice's table round on screen: the phase's roll (in the app, or the physical dice's faces
tapped in), made on the start player's phone (or the phone passed around); the dice rolled, each
taken in turn on its player's phone, the die left shared by all. Once the table rolls the app's dice,
the move that ends a phase (whoever makes it) brings the next phase's roll: no tap on the roll again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.actions import TABLE, Action
from companion.core.chance import decided
from companion.core.words import count
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.game import FACE_NAMES, FleetGame
from companion.games.fleet_dice.sheet import Sheet
from companion.games.fleet_dice.table import PHASES, TableRoll, pool
from companion.ui.components.common import at_least, refusing
from companion.ui.games.fleet_dice.die_in_hand import DieInHand
from companion.ui.games.fleet_dice.sheet_view import FACE_PICTURES
from companion.ui.theme import big_button_style


class TableTray(DieInHand):
    """The screen's part that shows the table's dice; `entering`: the physical dice's faces tapped in so far."""

    entering: list[str] | None

    def act(self, build: Callable[[Any], Action]) -> bool:
        """A move, and the next phase's roll with it when it ends a phase rolled with the app's dice."""
        return super().act(lambda game: fleet.and_next_roll(game, build(game), self.phase_dice))

    def phase_dice(self, game: FleetGame) -> random.Random:
        """The app's dice for the phase `game` is in: decided once for the table, whoever rolls them (the start
        player's tap, or the move that ended the phase before) and however often (an Undo and the move again)."""
        if self.session is None:
            return self.chance("roll")  # no session yet: any
        where = game.position()
        return decided(self.session.record, f"roll {where[0]} {PHASES[where[1]]}", TABLE)

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
        rolled = (f"{count(len(dice), 'boat die', 'boat dice')}." if phase == "boat"
                  else f"{count(len(dice) - 1, 'town die', 'town dice')} and a boat die.")
        if not self.acts_for(fleet.start_players(game, {})):  # "The start player rolls": on their phone
            words = blocked or f"{game.names[game.start_player()]} rolls the {phase} dice: {rolled}"
            return [ft.Text(words, size=15, key="roll-waiting")]
        return [  # who rolls is the banner's; the roll first, what it rolls after (large text: the roll in view)
            ft.Row([  # not now: a tap says why (the words are also under them)
                refusing(ft.FilledButton("Roll the dice", icon=ft.Icons.CASINO, key="roll-dice",
                                         style=big_button_style(), on_click=lambda e: self._roll()),
                         blocked, self.host.toast),
                refusing(ft.OutlinedButton("Enter the dice", icon=ft.Icons.EDIT, key="enter-dice",
                                           on_click=lambda e: self._enter_start()), blocked, self.host.toast),
            ], spacing=8, run_spacing=8, wrap=True),  # one under the other at large text
            ft.Text(blocked or rolled, size=15),
        ]

    def _table_die(self, game: FleetGame, roll: TableRoll, i: int) -> ft.Control:
        face = roll.faces[i]
        owner = roll.taken.index(i) if i in roll.taken else None
        shared = roll.shared == i
        caption = game.names[owner] if owner is not None else "shared" if shared else "free"
        rerolled = next(((n, s.reroll) for n, s in enumerate(game.sheets)
                         if s.reroll is not None and s.reroll.pick == i), None)
        said = caption if owner is None else "taken by " + caption
        if rerolled is not None:  # every phone sees the Casino's new face, and whose re-roll it is
            seat, r = rerolled
            face, caption = r.face, f"{game.names[seat]}: re-rolled"
            said = f"re-rolled from {FACE_NAMES[r.was]} by {game.names[seat]}"
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
                    f"Die {i + 1}: {FACE_NAMES[face]}, {said}")),
            ], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER), 64, 80),
        ))

    def _tap_table_die(self, i: int) -> None:
        game: FleetGame = self.view
        roll, sheet, name = game.current_roll(), game.sheets[self.seat], game.names[self.seat]
        if roll is None:
            return
        if not self.acts_for(self.seat):
            self.host.toast(self.not_mine(game))
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
        elif sheet.reroll is not None and sheet.reroll.pick != i:  # the die selected and re-rolled is the one
            self.host.toast(f"{name} re-rolled die {sheet.reroll.pick + 1} with the Casino: that is the die "
                            f"{name} uses now.")
        elif sheet.reroll is not None:
            return
        else:
            self.pick, self.face, self.rerolled_from, self.how, self.first = i, roll.faces[i], None, None, None
            self.render()

    def _roll(self) -> None:
        game: FleetGame = self.view
        faces = fleet.app_roll(game, self.phase_dice(game))
        self._act(lambda g: fleet.roll_dice(g, faces, app=True))

    def _enter_start(self) -> None:
        self.entering = []
        self.render()

    def _enter_face(self, face: str) -> None:
        game: FleetGame = self.view
        self.entering = [*(self.entering or []), face]
        if len(self.entering) == len(pool(PHASES[game.position()[1]], len(game.names))):
            faces, self.entering = self.entering, None
            self._act(lambda g: fleet.roll_dice(g, faces))
            return
        self.render()

    def _enter_cancel(self) -> None:
        self.entering = None
        self.render()
