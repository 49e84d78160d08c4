"""The Strike-card dealer: shuffle, deal face up, the exact odds before each deal, HOOKED."""

from __future__ import annotations

import flet as ft

from companion.core.deck import describe_chance
from companion.core.table.seats import ANY_SEAT, Named
from companion.core.words import count
from companion.games.freshwater_fly import table as tt
from companion.games.freshwater_fly.strike import ROWS, StrikeState, next_card_hooks, two_cards_hook
from companion.games.freshwater_fly.table import FlyTable
from companion.ui.components.cards import HOOK_RED, strike_card
from companion.ui.components.common import refusing
from companion.ui.games.freshwater_fly import fly_options
from companion.ui.games.freshwater_fly.table import FlyTableScreen
from companion.ui.host import Host

HELP = """\
**A cast.** *Start cast* shuffles all four Strike cards. *Hit me* deals one card face up; *Hit me x2*
deals two (when you drift onto a fish in a column with a matching hatch token). *Finesse: one more*
reveals one more card after your cards are revealed, unless all four are out. A hook ends the cast:
**HOOKED**. *Skill G* restarts the cast: everything back, reshuffled. The cards stay face up until
the cast ends.

**The odds** shown before each deal are exact, from the cards still face down.

**How many cards show a hook** was a picture that did not survive in the rulebook text. The app
starts from a *chosen default*, 1 hook and 3 misses; set how many of your 4 cards show a hook
(1 to 3) in Settings > Freshwater Fly.

**A Silent Angler cast** (Fly Solo) is shuffled first, then goes up from the bottom row of the
die's column: one card for a fish, none for a rock; a miss drifts up a row; after the top row the
cast is over.
"""

STATUS = {
    "idle": "Ready to cast",
    "casting": "Casting...",
    "hooked": "HOOKED!",
    "missed": "No fish this cast",
}


class StrikeScreen(FlyTableScreen):
    rules_help = ("The Strike cards", HELP)
    title = "Strike cards"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.deck_line = ft.Text(size=15, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)
        # At large text the status is one line and the odds come after the buttons: in the banner above them,
        # each step of a cast was a scroll (Start cast, Hit me, End the cast).
        large = host.large_text
        self.status = ft.Text(size=20 if large else 28, weight=ft.FontWeight.BOLD, key="strike-status",
                              text_align=ft.TextAlign.CENTER)
        self.odds = ft.Text(size=16, key="odds", text_align=ft.TextAlign.CENTER)
        self.banner = ft.Container(
            padding=10, border_radius=16, alignment=ft.Alignment.CENTER,
            content=ft.Column([self.status] if large else [self.status, self.odds], spacing=2, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            animate=ft.Animation(300, ft.AnimationCurve.EASE_OUT),
            animate_scale=ft.Animation(300, ft.AnimationCurve.BOUNCE_OUT),
            scale=1,
        )
        self.whose = ft.Text(size=18, weight=ft.FontWeight.W_600, key="caster", text_align=ft.TextAlign.CENTER)
        self.cards = ft.Row(wrap=True, spacing=10, run_spacing=10, alignment=ft.MainAxisAlignment.CENTER)
        self.buttons = ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._haptics: ft.HapticFeedback | None = None
        self._was_hooked = False
        # The buttons above the cards: the next tap on screen however many cards are dealt.
        self._control = ft.Column([self.deck_line, self.whose, self.banner, self.buttons,
                                   *([self.odds] if large else []), self.cards], spacing=12,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    @property
    def tool(self) -> ft.Control:
        return self._control

    # Drawing ---------------------------------------------------------------------

    def show_table(self, table: FlyTable) -> None:
        strike = table.strike
        hooks = fly_options(self.ctx).strike_hooks
        self.deck_line.value = f"Strike cards: {count(hooks, 'hook')}, {count(4 - hooks, 'miss', 'misses')}"
        self.deck_line.visible = strike.status == "idle"  # once cast, the cards and the odds say it
        hooked = strike.status == "hooked"
        self.status.value = STATUS[strike.status]
        if strike.status == "casting" and strike.mode == "silent":
            self.status.value = f"Silent Angler: {ROWS[strike.row]} row"
        self.status.color = "#FFFFFF" if hooked else None
        self.banner.bgcolor = HOOK_RED if hooked else ft.Colors.SURFACE_CONTAINER_HIGHEST
        self.banner.scale = 1.04 if hooked else 1  # the cue: the banner jumps and turns red
        if hooked and not self._was_hooked:
            self._buzz()
        self._was_hooked = hooked
        self.odds.visible = strike.status == "casting"
        if strike.status == "casting":
            self.odds.value = (f"Next card hooks: {describe_chance(next_card_hooks(strike))}"
                               + (f"\nHit me x2 hooks: {describe_chance(two_cards_hook(strike))}"
                                  if strike.mode == "you" and len(strike.deck) >= 2 else ""))
        self.cards.controls = [strike_card(card, width=80) for card in strike.revealed]
        self.cards.controls += [strike_card(None, width=48) for _ in strike.deck] if strike.status == "casting" else []
        mine = self.acts_for(Named(strike.caster) if strike.caster else ANY_SEAT)
        self.whose.visible = bool(strike.caster) and strike.status != "idle"
        self.whose.value = f"{strike.caster}'s cast" if mine else f"{strike.caster}'s cast: dealt on their phone"
        # The Silent Angler plays only in Fly Solo: not offered once the table drafts for two or more (issue 65).
        self.buttons.controls = self._buttons(strike, mine, silent=table.draft is None or table.draft.solo)

    def _buttons(self, strike: StrikeState, mine: bool, silent: bool) -> list[ft.Control]:
        """A cast's buttons on its caster's phone (and the one passed around); another phone may start
        its own once that cast is over. `silent`: a Silent Angler cast is offered (a solo game)."""
        caster = self.host.actor.signature  # this phone's player: their cast ("" on the phone passed around)

        def button(text: str, icon, build, key: str, primary: bool = False, why: str | None = None) -> ft.Control:
            # No fixed height: a label that wraps ("Silent Angler cast") grows the button, never cut off; `why`:
            # why it cannot deal now, said when tapped.
            kind = ft.FilledButton if primary else ft.OutlinedButton
            return refusing(kind(text, icon=icon, key=key, on_click=lambda e: self.act(build)), why, self.host.toast)

        def side_by_side(*buttons: ft.Control) -> ft.Control:
            for b in buttons:
                b.expand = True
            return ft.Row(list(buttons), spacing=8)

        def cast(silent: bool):  # the Strike deck shuffled as it is cast, decided once (`chance`)
            return lambda s: tt.start_cast(fly_options(self.ctx).strike_hooks, self.chance("strike.start"),
                                           silent=silent, caster=caster)

        start = button("Start cast", ft.Icons.SHUFFLE, cast(False), "start-cast", primary=True)
        starts = [start, button("Silent Angler cast", ft.Icons.SMART_TOY_OUTLINED, cast(True), "silent-cast")] \
            if silent else [start]
        if strike.status == "casting" and not mine:
            return []
        if strike.status != "casting":
            rows = [side_by_side(*starts)]
            if not mine:
                return rows
            if strike.status != "idle":
                rows.append(button("End the cast", ft.Icons.CLOSE, lambda s: tt.end_cast(), "end-cast"))
            if strike.status == "hooked" and strike.mode == "you":  # rare: last
                rows.append(button("Skill G: restart the cast", ft.Icons.REPLAY,
                                   lambda s: tt.restart_cast(s.strike, self.chance("strike.restart")), "restart"))
            return rows
        if strike.mode == "silent":
            return [
                side_by_side(
                    button("Fish: a card", ft.Icons.SET_MEAL, lambda s: tt.silent_row(s.strike, True), "row-fish",
                           primary=True),
                    button("Rock: none", ft.Icons.LANDSCAPE, lambda s: tt.silent_row(s.strike, False), "row-rock"),
                ),
                button("End the cast", ft.Icons.CLOSE, lambda s: tt.end_cast(), "end-cast"),
            ]
        # What a cast needs most first: a card, then one more or the end; a restart is rare.
        return [
            side_by_side(
                button("Hit me", ft.Icons.FRONT_HAND, lambda s: tt.deal(1), "hit", primary=True),
                button("Hit me x2", ft.Icons.FILTER_2, lambda s: tt.deal(2), "hit2", primary=True,
                       why=None if len(strike.deck) >= 2 else "One card is left: Hit me deals it."),
            ),
            side_by_side(
                button("Finesse: one more", ft.Icons.ADD_CARD, lambda s: tt.deal(1, finesse=True), "finesse",
                       why=None if strike.can_finesse else "Finesse reveals one more card once a card is dealt."),
                button("End the cast", ft.Icons.CLOSE, lambda s: tt.end_cast(), "end-cast"),
            ),
            button("Skill G: restart the cast", ft.Icons.REPLAY,
                   lambda s: tt.restart_cast(s.strike, self.chance("strike.restart")), "restart"),
        ]

    def _buzz(self) -> None:
        """A short buzz on phones that allow it (the red jump on screen is the cue everywhere)."""
        if self.host.browser_services and self._haptics is None:
            self._haptics = ft.HapticFeedback()
        if self._haptics is not None:
            self.host.ask_browser(self._haptics.heavy_impact)
