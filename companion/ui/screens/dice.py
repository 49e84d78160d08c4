"""The Dice tab: the free dice roller for any game (presets, any mix of dice, keep some and
re-roll the rest), and the same roller on a game's page with that game's presets first."""

from __future__ import annotations

from collections import Counter

import flet as ft

from companion.core import words
from companion.core.dice import MAX_DICE, all_dice, check_pool, describe_pool, die_type
from companion.core.errors import DomainError
from companion.core.pools import SavedPool, counts_of
from companion.games import dice_roller as tt
from companion.games import registry
from companion.games.dice_roller import DiceState, Roll, TableState
from companion.games.freshwater_fly.table import FlyTable
from companion.games.registry import DICE_ROUTE, FRESHWATER_FLY, known_preset, presets
from companion.ui.components.common import chip, close_dialog, min_width, refusing
from companion.ui.components.die import DiceTray, Look
from companion.ui.components.number_pad import NumberPad
from companion.ui.host import SETTINGS, Host
from companion.ui.theme import big_button_style
from companion.ui.tool_screen import ToolScreen

HISTORY_SHOWN = 10


def faces_text(roll: Roll) -> str:
    """'4 · 1 · 6 = 11' for numbered dice, '2 Cod · 1 Shrimp' for pictures."""
    if roll.total is not None:
        return f"{' · '.join(map(str, roll.faces))} = {roll.total}"
    labels = Counter(die_type(d).label(f) for d, f in zip(roll.dice, roll.faces))
    return " · ".join(f"{n} {label}" for label, n in labels.most_common())


class DiceScreen(ToolScreen):
    title = "Dice"
    game = tt.GAME
    route = DICE_ROUTE
    finish_label = "Finish this dice session"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self._shown_rolls: int | None = None  # none yet: a screen opened on a roll shows it still
        self.summary = ft.Text(size=16, key="pool-summary")
        self.roll_button = ft.FilledButton("Roll", icon=ft.Icons.CASINO, key="roll",
                                           style=big_button_style(), on_click=lambda e: self.roll())
        self.tray = DiceTray(size=60, on_tap=self.toggle_keep)
        self.total = ft.Text(size=26, weight=ft.FontWeight.BOLD, key="total", text_align=ft.TextAlign.CENTER)
        self.hint = ft.Text("Tap a die to keep it; Roll then re-rolls the others.", size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER)
        self.result = ft.Container(
            key="result", padding=16, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Column([self.tray.control, self.total, self.hint], spacing=12,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        )
        self.history = ft.Column(spacing=6)
        self.history_section = ft.Column(
            [ft.Text("Earlier rolls", size=20, weight=ft.FontWeight.W_600), self.history], spacing=8)
        self._rows: dict[tuple[int, Roll], ft.Control] = {}
        self.older = ft.OutlinedButton(
            "This session's Freshwater Fly draft and Strike cards: open them", icon=ft.Icons.ARROW_FORWARD,
            key="open-older-fly", visible=False,
            on_click=lambda e: self.host.navigate(f"/games/{FRESHWATER_FLY.id}/draft/{self.session.id}"))
        self._control = ft.Column([
            ft.Row([
                ft.OutlinedButton("Presets", icon=ft.Icons.LIST_ALT, key="presets", expand=True,
                                  on_click=lambda e: self.open_presets()),
                ft.OutlinedButton("Choose dice", icon=ft.Icons.TUNE, key="choose-dice",
                                  expand=True, on_click=lambda e: self.open_editor()),
            ], spacing=8),
            self.summary,
            self.roll_button,
            self.result,
            self.history_section,
        ], spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def tool(self) -> ft.Control:
        return self._control

    def above(self) -> list[ft.Control]:
        return [self.older]

    # Drawing ---------------------------------------------------------------------

    def show(self, state: TableState) -> None:
        # A dice draft or cast begun here before Freshwater Fly had a page of its own carries on there.
        self.older.visible = self.session is not None and state.fly != FlyTable()
        dice = state.dice
        pool = [die_type(d) for d in dice.pool]
        came_from = known_preset(dice.preset)
        game = came_from.game if came_from else None
        self.summary.value = describe_pool(pool) + (f"  ·  {game}" if game else "")
        again = len(pool) - len(dice.kept)
        every_die_kept = dice.faces is not None and bool(dice.kept) and again == 0
        self.roll_button.content = ("Every die is kept: tap one to roll it again" if every_die_kept else
                                    f"Re-roll {again} {'die' if again == 1 else 'dice'}"
                                    if dice.faces is not None and dice.kept else f"Roll {describe_pool(pool)}")
        refusing(self.roll_button, "Every die is kept: tap one to roll it again." if every_die_kept else None,
                 self.host.toast, self.roll)
        self.result.visible = dice.faces is not None
        if dice.faces is not None:
            readings = came_from.readings if came_from else {}
            looks = [Look(die, face, kept=i in dice.kept, reading=readings.get(die.id, {}).get(face))
                     for i, (die, face) in enumerate(zip(pool, dice.faces))]
            self.tray.show(looks, spin=self._shown_rolls is not None and dice.count > self._shown_rolls)
            last = dice.rolls[-1]
            self.total.value = f"Total {last.total}" if last.total is not None else faces_text(last)
            self.total.size = 26 if last.total is not None else 19
        self._shown_rolls = dice.count
        self._show_history(dice)

    def _show_history(self, dice: DiceState) -> None:
        # A roll never changes once made, so its row is drawn once and reused.
        earlier = dice.rolls[-1 - HISTORY_SHOWN:-1][::-1]  # newest first, the last roll is shown above
        keys = [(dice.number_of(-2 - i), roll) for i, roll in enumerate(earlier)]
        self._rows = {key: self._rows.get(key) or self._history_row(*key) for key in keys}
        self.history.controls = list(self._rows.values())
        self.history_section.visible = bool(keys)

    @staticmethod
    def _history_row(number: int, roll: Roll) -> ft.Control:
        return ft.Row([
            min_width(ft.Text(f"#{number}", color=ft.Colors.ON_SURFACE_VARIANT), 44),
            ft.Text(faces_text(roll), size=17, expand=True),
        ])

    # Taps ------------------------------------------------------------------------

    def roll(self) -> None:
        self.act(lambda s: tt.roll(s.dice, self.chance("dice.roll")))

    def toggle_keep(self, index: int) -> None:
        self.act(lambda s: tt.keep(s.dice, index, index not in s.dice.kept))

    def use_pool(self, dice: tuple[str, ...], preset_id: str | None, label: str | None) -> None:
        if self.act(lambda s: tt.set_pool(dice, preset_id, label)):
            close_dialog(self.host.page)

    def open_presets(self) -> None:
        rows: list[ft.Control] = []
        for p in presets():
            rows.append(ft.Text(p.game, size=17, weight=ft.FontWeight.W_600))
            if p.note:
                rows.append(ft.Text(p.note, size=14, italic=True))
            rows.append(ft.Row([
                ft.OutlinedButton(o.label,
                                  on_click=lambda e, p=p, o=o: self.use_pool(o.dice, p.id, f"use {p.game}: {o.label}"))
                for o in p.options
            ], wrap=True, spacing=6, run_spacing=6))
        saved = self.ctx.store.settings.saved_pools()
        if saved:
            rows.append(ft.Text("Your saved pools", size=17, weight=ft.FontWeight.W_600))
        for item in saved:
            if isinstance(item, SavedPool):
                rows.append(ft.OutlinedButton(
                    f"{item.name}: {describe_pool(check_pool(item.dice))}",
                    on_click=lambda e, item=item: self.use_pool(item.dice, None, f"use saved pool {item.name}")))
            else:
                rows.append(ft.Text(f"{item} Remove it in Settings.", color=ft.Colors.ERROR))
        self.host.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Dice for a game"),
            content=ft.Column(rows, tight=True, scroll=ft.ScrollMode.AUTO, spacing=8, width=400),
            actions=[ft.TextButton("Close", on_click=lambda e: close_dialog(self.host.page))],
        ))

    def open_editor(self) -> None:
        PoolEditor(self).open(counts_of(self.state.dice.pool))


class PoolEditor:
    """A dialog to choose any mix of dice, and to save it as a pool of your own: tap a die, then its
    count (components/number_pad: "8 d6" is two taps, never a run of + steps)."""

    def __init__(self, tool: DiceScreen) -> None:
        self.tool = tool
        self.host = tool.host
        self.counts: dict[str, int] = {}
        self.chosen = "d6"  # the die whose count the pad sets
        self.typing = False  # the last tap typed a digit of its count (the next goes on the end)
        self.chooser = ft.Column(spacing=8, key="pool-chooser")
        self.total = ft.Text(size=16, weight=ft.FontWeight.W_600)
        self.name = ft.TextField(label="Name to save it under", max_length=30, key="pool-name", dense=True)

    def open(self, counts: dict[str, int]) -> None:
        self.counts = {die_id: counts.get(die_id, 0) for die_id in all_dice()}
        self.chosen = next((d for d, n in self.counts.items() if n), "d6")
        self.typing = False
        self._redraw()
        page = self.host.page
        page.show_dialog(ft.AlertDialog(
            title=ft.Text("Choose dice"),
            content=ft.Column([self.chooser, self.total, self.name], tight=True, scroll=ft.ScrollMode.AUTO,
                              spacing=6, width=380),
            actions=[
                ft.TextButton("Save as my pool", on_click=lambda e: self._save()),
                ft.TextButton("Cancel", on_click=lambda e: close_dialog(page)),
                ft.FilledButton("Use these dice", key="use-dice", on_click=lambda e: self._use()),
            ],
        ))

    def _choose(self, die_id: str) -> None:
        self.chosen, self.typing = die_id, False
        self._redraw()
        self.host.page.update()

    def _set(self, n: int) -> None:
        self.counts[self.chosen], self.typing = n, True
        self._redraw()
        self.host.page.update()

    def _redraw(self) -> None:
        names = {d: die.name for d, die in all_dice().items()}
        chosen = names[self.chosen]
        self.chooser.controls = [
            ft.Row([chip(f"{names[d]}: {n}" if n else names[d], lambda d=d: self._choose(d), key=f"pool-die-{d}",
                         selected=d == self.chosen, reads=f"{names[d]}: {n}")
                    for d, n in self.counts.items()], wrap=True, spacing=6, run_spacing=6),
            NumberPad(f"How many {chosen}", self.counts[self.chosen], 0, MAX_DICE, self._set, "pool-count",
                      self.typing, reads=f"{chosen} dice").control,
        ]
        self.total.value = words.count(sum(self.counts.values()), "die", "dice")

    def _dice(self) -> tuple[str, ...]:
        return tuple(d for d, n in self.counts.items() for _ in range(n))

    def _use(self) -> None:
        self.tool.use_pool(self._dice(), None, None)

    def _save(self) -> None:
        try:
            check_pool(self._dice())
            saved = self.host.ctx.store.settings.save_pool(self.name.value or "", self._dice())
        except DomainError as exc:
            self.name.error = str(exc)
            self.host.page.update()
            return
        self.host.changed(SETTINGS)
        close_dialog(self.host.page)
        self.host.toast(f"Saved your pool {saved.name}; it is in Presets.")


class GameDiceScreen(DiceScreen):
    """The dice roller on a game's page: the game's own presets as buttons first, and its rules
    help (`rules_help`, in the app bar). It rolls in the same session as the Dice tab."""

    game_id: str = ""
    _quick: list[tuple[ft.OutlinedButton, tuple[str | None, tuple[str, ...]]]]

    def above(self) -> list[ft.Control]:
        entry = registry.game(self.game_id)
        self._quick = []
        rows: list[ft.Control] = [
            ft.Text(f"Dice for {entry.title}", size=20, weight=ft.FontWeight.W_600),
        ]
        for found in registry.game_presets(entry):
            preset_id = found.id
            if found.note:
                rows.append(ft.Text(found.note, size=14, italic=True))
            buttons = [
                ft.OutlinedButton(o.label, key=f"quick-{preset_id}-{i}",
                                  on_click=lambda e, p=found, o=o: self.use_pool(o.dice, p.id, f"use {p.game}: {o.label}"))
                for i, o in enumerate(found.options)]
            self._quick += [(b, (found.id, tuple(o.dice))) for b, o in zip(buttons, found.options)]
            rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return [*super().above(), ft.Column(rows, spacing=8)]

    def show(self, state: TableState) -> None:
        super().show(state)
        for button, dice in self._quick:  # the dice in hand stand out, ticked
            chosen = dice == (state.dice.preset, tuple(state.dice.pool))
            button.icon = ft.Icons.CHECK if chosen else None
            button.style = ft.ButtonStyle(bgcolor=ft.Colors.SECONDARY_CONTAINER) if chosen else None
