"""The Silent Angler assistant for an adventure's next Day: roll, take three dice, cast the
Silent Angler's dice with the Strike cards, end the round; at the Day's end its catch goes
to the journal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.actions import Action
from companion.core.dice import die_type
from companion.core.errors import DomainError
from companion.core.session import GameSession
from companion.core.words import a, count
from companion.games.fly_solo import angler as sa
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.angler import AnglerDay, wheel_order
from companion.games.fly_solo.journal import Campaign
from companion.games.freshwater_fly.entry import SEVEN, FishColor, Hatch, Species
from companion.games.freshwater_fly.options import check_fish_points
from companion.games.freshwater_fly.strike import ROWS
from companion.ui.components.cards import strike_card
from companion.ui.components.common import ChoiceRow
from companion.ui.components.die import DiceTray, DieFace, Look
from companion.ui.components.fly_entry import FISH_INK, FISH_TEXT, fish_square, heading, species_row
from companion.ui.components.number_pad import NumberPad
from companion.ui.games.fly_solo import journal_route
from companion.ui.games.fly_solo.angler_day import day_setup, the_day
from companion.ui.games.fly_solo.help import ANGLER_HELP
from companion.ui.games.fly_solo.pictures import column_choice, fish_colour_choice, hatch_choice, token
from companion.ui.games.freshwater_fly import fly_options
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import big_button_style

D6 = "d6"
DEFAULT_POINTS = 3
MOMENTUM_5 = "5A"  # the journal's name for Momentum tile 5 (A side up at each Day's start; B: re-roll the pool)
HOOK_FISH = "hook-fish"  # the scroll key of "HOOKED! Which fish?" and its fish (all eight rows in view)
HOOK_REST = "hook-rest"  # of a hook's points and tokens
HOOK_TOKENS = "hook-tokens"  # of its tokens alone
HOOK_COLOUR = "hook-colour"  # of its colours, once its species is named (at large text)
POOL_DIE = 48  # px: five dice and their gaps in one row of a 360 px phone, a 56 px target each
MOST_FISH = 9  # six before the Day's last round and one in each of its three turns


class AnglerScreen(SessionScreen):
    rules_help = ("The Silent Angler", ANGLER_HELP)
    title = "Silent Angler"
    game = sa.GAME
    route = journal_route()

    def __init__(self, host: Host, arg: str | None = None) -> None:
        self.campaign_id = arg or ""
        self.campaign: GameSession[Any] | None = None
        try:
            self.campaign = host.ctx.sessions.get(self.campaign_id)
        except DomainError:
            pass
        super().__init__(host, None)
        if self.campaign is None:
            self.missing = "This adventure is not here."
        else:
            host.watch(f"session:{self.campaign.id}", self.render)
        # The hooked fish being described (kept on this screen until it is landed).
        self.species: Species | None = None
        self.colour: FishColor | None = None
        self.points = DEFAULT_POINTS
        self.pool = DiceTray(size=POOL_DIE, on_tap=self._take, key="pool")

    def find(self) -> GameSession[Any] | None:
        """This adventure's assistant for its next Day, if one was started."""
        return None if self.campaign is None else the_day(self.ctx, self.campaign)

    @property
    def journal(self) -> Campaign:
        assert self.campaign is not None
        return self.campaign.state

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        campaign = self.journal
        adventure = j.RULES.adventure
        location = adventure.location(min(campaign.location, len(adventure.locations)))
        top = ft.Row([ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Back to the adventure",
                                    on_click=lambda e: self.host.navigate(journal_route(self.campaign_id))),
                      ft.Text(f"Day {campaign.next_day} at {location.label}", size=22, weight=ft.FontWeight.BOLD,
                              expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)])  # large text: the step
        if campaign.status(adventure) != "playing":
            return [top, ft.Text("The adventure is over: there is no Day left to play.", size=18)]
        if self.session is None:
            return [top, self._intro(campaign)]
        self.show_undo()
        day: AnglerDay = self.view
        return [self.undo_bar.control, top, self._step(day), self._tally(day)]  # what to do now first

    # Parts -----------------------------------------------------------------------------------

    def _intro(self, campaign: Campaign) -> ft.Control:
        return ft.Column([
            ft.Text("Set up the board as the Day's setup card says. Each round the app rolls the dice, you take "
                    "three, and it casts the Silent Angler's dice with the Strike cards.", size=16),
            ft.FilledButton(f"Start Day {campaign.next_day}", icon=ft.Icons.PLAY_ARROW, key="start-angler",
                            style=big_button_style(), on_click=lambda e: self._start()),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _tally(self, day: AnglerDay) -> ft.Control:
        # One tap of its digit: seven in one tap, not seven taps of +. A Day ends with the round in which
        # someone has seven, so you start the last round with six at most and land at most nine in all.
        your_fish = NumberPad("Your fish (the Day ends at seven)", day.your_fish, 0, MOST_FISH,
                              lambda n: self.act(lambda d: sa.your_fish(n)), "your-fish", False)
        tokens = [ft.Row([token(h, 18), ft.Text(str(n), size=15)], spacing=4, tight=True)
                  for h, n in day.hatch.items() if n]
        caught = [ft.Container(ft.Text(f"{f.species.label} {f.points}", size=13, color="#FFFFFF"),
                               bgcolor=FISH_INK[f.color], border_radius=8, padding=ft.Padding.symmetric(horizontal=8,
                                                                                                         vertical=4))
                  for f in day.fish]
        return ft.Container(
            key="tally", padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
            content=ft.Column([
                ft.Text(f"Silent Angler: {count(len(day.fish), 'fish', 'fish')} · track space {day.track}", size=18,
                        weight=ft.FontWeight.W_600, key="angler-tally"),
                ft.Row(caught, wrap=True, spacing=4, run_spacing=4) if caught else ft.Text("No fish yet", size=14),
                ft.Row(tokens, wrap=True, spacing=10) if tokens else ft.Text("No hatch tokens yet", size=14),
                your_fish.control,
            ], spacing=8),
        )

    def _step(self, day: AnglerDay) -> ft.Control:
        step = day.step
        if step == "roll" or step == "end-round" and not sa.ends_the_day(day):
            # The round's end and the next round's roll in one tap; or your seventh fish and the round's end,
            # which ends the Day, in one (the count is also in the tally below, for a count other than seven).
            over, seventh = [], []
            if step == "end-round":
                # The move is made by the next tap (the round's end): the tally above still shows the space before it.
                last = len(j.RULES.adventure.track_points) - 1
                moves = ("it caught a fish." if day.caught_this_round else
                         f"no catch: its track moves from space {day.track} to {min(day.track + 1, last)} with your "
                         "next tap.")
                over = [ft.Text(f"Round {day.draft.round} is over: {moves}", size=16)]
                seventh = [ft.OutlinedButton("You have 7 fish: the Day ends", icon=ft.Icons.FLAG, key="seventh",
                                             style=big_button_style(), on_click=lambda e: self._seventh())]
            return ft.Column([  # the taps first, what the round's end did after them (large text: in view)
                heading(f"Round {day.draft.round + 1}: how many dice?"),  # as the on-deck hatch tile shows
                ft.Row([ft.FilledButton(f"Roll {count(n, 'die', 'dice')}", key=f"roll-{n}", expand=True,
                                        style=big_button_style(), on_click=lambda e, n=n: self._roll(n))
                        for n in (4, 5)], spacing=12),
                *seventh,
                *over,
            ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        if step == "pick":
            self.pool.show([Look(die_type(D6), face) for face in day.draft.pool])
            taken = day.draft.dice_of(0)
            reroll = []
            if MOMENTUM_5 in self.journal.upgrades.momentum:  # the tile's B side, once its A side was used
                reroll = [ft.OutlinedButton("Momentum 5B: re-roll the pool", icon=ft.Icons.CASINO, key="reroll-5b",
                                            on_click=lambda e: self.act(lambda d: sa.reroll(d, self.chance("reroll"))))]
            return ft.Column([
                heading(f"Round {day.draft.round}: take your three dice ({count(3 - len(taken), 'die', 'dice')} "
                        "to go)"),
                self.pool.control,
                ft.Text(f"You took: {', '.join(map(str, taken))}" if taken else "", size=16),
                *reroll,
            ], spacing=10)
        if step == "cast":
            return self._cast(day)
        if step == "end-round":  # and the Day ends with it
            moves = ("It caught a fish this round." if day.caught_this_round
                     else "No catch this round: its track moves one space.")
            return ft.Column([
                heading(f"Round {day.draft.round} is over, and the Day with it"),
                ft.Text(moves, size=16),
                ft.FilledButton(f"End round {day.draft.round}", icon=ft.Icons.SKIP_NEXT, key="end-round",
                                style=big_button_style(), on_click=lambda e: self.act(sa.end_round)),
            ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return ft.Column([
            heading("The Day is over"),
            ft.FilledButton("Send to the journal", icon=ft.Icons.MENU_BOOK, key="send-to-journal",
                            style=big_button_style(), on_click=lambda e: self._send(day)),
            ft.Text(f"You have {count(day.your_fish, 'fish', 'fish')}, the Silent Angler {len(day.fish)}. "
                    "Its catch goes to the journal, then you enter yours.", size=16),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _cast(self, day: AnglerDay) -> ft.Control:
        die = day.die
        strike = day.strike
        which = f"its {die}" + (" (its second die)" if day.cast_die else "")
        cards = ft.Row([strike_card(c, width=72) for c in strike.revealed], spacing=8, wrap=True,
                       alignment=ft.MainAxisAlignment.CENTER)
        face = DieFace(size=56)
        face.show(Look(die_type(D6), die or 1))
        if strike.status == "idle":
            return ft.Column([
                ft.Row([face.control, heading(f"The Silent Angler casts {which} in column {die}")], spacing=12),
                ft.Text("Put its casting token on the bottom row of that column.", size=16),
                ft.FilledButton("Shuffle and cast", icon=ft.Icons.SHUFFLE, key="angler-cast",
                                style=big_button_style(),
                                on_click=lambda e: self.act(lambda d: sa.cast(d, self.chance("cast"),
                                                                              fly_options(self.ctx).strike_hooks))),
            ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        if strike.status == "casting":  # the column at once: one tap, not one a row
            rows = "bottom to top" if strike.row == 0 else f"from the {ROWS[strike.row]} row up"
            return ft.Column([  # the pictures first, what they mean after them (large text: in view)
                ft.Row([face.control, ft.Text(f"Column {die}, {rows}:", size=18, weight=ft.FontWeight.W_600,
                                              expand=True)], spacing=12),
                column_choice(strike.row, self._cast_column, "river"),
                cards,
                ft.Text("Tap the picture of that column: a fish draws a Strike card, a rock none; the cast drifts "
                        "up until a hook.", size=15),
            ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return self._hooked(day)

    def _hooked(self, day: AnglerDay) -> ft.Control:
        """Its fish (one tap on its species' square of its colour; at large text its species, then its
        colour; its points when not the last ones), then the token it takes, which lands it: one tap, the
        colours in the order the wheel gives, first the one its die points at. The Strike cards are not
        shown again: at large text they pushed the fish below the fold."""
        order = wheel_order(day.die or 1, j.RULES.adventure.wheel)
        fish = self._fish_in_two() if self.host.large_text else self._fish_grid()
        low, high = self._range()  # the points the chosen species' cards print
        self.points = max(low, min(high, self.points))
        points = NumberPad("Points on the card", self.points, low, high, self._set_points, "hook-points", False)
        return ft.Column([
            ft.Column([ft.Text(spans=[ft.TextSpan("HOOKED! ", ft.TextStyle(size=30, color="#C62828")),
                                      ft.TextSpan("Which fish?", ft.TextStyle(size=22))],
                               weight=ft.FontWeight.BOLD, key="angler-hooked", text_align=ft.TextAlign.CENTER),
                       fish], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                      key=ft.ScrollKey(HOOK_FISH)),
            ft.Column([  # brought into view once the fish is named: the points, then the token that lands it
                points.control,
                ft.Column([
                    heading("Which token does it take?"),
                    ft.Text(f"Its die points at {order[0].value}: that one, else the first of these the column "
                            "has. Tapping it lands the fish.", size=15, key="token-order"),
                    hatch_choice(None, self._land, key="column", order=order),
                    ft.OutlinedButton("No token in the column: its track moves a space", icon=ft.Icons.CHECK,
                                      key="no-token", on_click=lambda e: self._land(None)),
                ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key=ft.ScrollKey(HOOK_TOKENS)),
            ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key=ft.ScrollKey(HOOK_REST)),
        ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _fish_grid(self) -> ft.Control:
        """Every species' row of gold, black and green squares: the hooked fish in one tap."""
        ranges = fly_options(self.ctx).fish_points
        rows = []
        for species in Species:
            squares = []
            for colour in FishColor:
                chosen = (species, colour) == (self.species, self.colour)
                square = fish_square(colour, ft.Text(colour.value.capitalize(), size=15, weight=ft.FontWeight.BOLD,
                                                     color=FISH_TEXT[colour]),
                                     lambda s=species, c=colour: self._pick(s, c),
                                     f"hook-{species.value}-{colour.value}", chosen)
                square.tooltip = f"Hooked: {a(colour.value)} {species.label}" + (" (chosen)" if chosen else "")
                squares.append(square)
            low, high = ranges[species]
            rows.append(species_row(species, ft.Text(f"{low}-{high} points", size=12,
                                                     color=ft.Colors.ON_SURFACE_VARIANT), squares))
        return ft.Column(rows, spacing=6, key="hook-fish")

    def _fish_in_two(self) -> ft.Control:
        """At large text, where the grid's eight rows run far below the fold: the species, then its colour
        (scrolled into view), a tap each."""
        species = ChoiceRow([(s.value, s.label) for s in Species], lambda v: self._pick(Species(v), self.colour),
                            key="hook-species", width=96)
        if self.species:
            species.select(self.species.value)
        return ft.Column([species.control, ft.Container(
            fish_colour_choice(self.colour, lambda c: self._pick(self.species, c), key="hook-colour"),
            key=ft.ScrollKey(HOOK_COLOUR))], spacing=10)

    # Taps ------------------------------------------------------------------------------------

    def _start(self) -> None:
        if self.host.attempt(lambda: self.start_session(*day_setup(self.campaign_id, self.journal))):
            self.render()

    def _roll(self, count: int) -> None:
        """Roll the next round's dice, the round before ended first when it has not been."""
        day: AnglerDay = self.view
        if day.step == "end-round" and not self.act(sa.end_round):
            return
        self.act(lambda d: sa.roll(d, count, self.chance("roll")))

    def _seventh(self) -> None:
        """Your seventh fish, landed this round: the round's end ends the Day with it (Day End). Two
        actions, one tap; each Undo takes one back."""
        if self.act(lambda d: sa.your_fish(SEVEN)):
            self.act(sa.end_round)

    def _cast_column(self, held: list[bool]) -> None:
        """The column's picture tapped: the cast drifts up it; a hook brings its question to the top of the
        page (the grid's last rows were under the navigation bar, Coho among them)."""
        if self._then_cast(lambda d: sa.column(d, held)) and self.view.strike.status == "hooked":
            self.bring_into_view(HOOK_FISH)

    def _take(self, index: int) -> None:
        self._then_cast(lambda d: sa.take(d, index))

    def _then_cast(self, build: Callable[[AnglerDay], Action]) -> bool:
        """Record `build`'s action; when the Silent Angler's next die is then to be cast, cast it too (the
        Strike cards shuffled): no tap of its own. Undone, the cast waits for "Shuffle and cast"."""
        if not self.act(build):
            return False
        day: AnglerDay = self.view
        if day.step == "cast" and day.strike.status == "idle":
            self.act(lambda d: sa.cast(d, self.chance("cast"), fly_options(self.ctx).strike_hooks))
        return True

    def _pick(self, species: Species | None, colour: FishColor | None) -> None:
        """The hooked fish named (at large text its species, then its colour): drawn again with the next
        question scrolled into view (below the fold at large text): its colour, or its points and the token
        that lands it."""
        self.species, self.colour = species, colour
        self.render()
        if self.species is not None:  # else the species are in view: they come first
            self.bring_into_view(HOOK_REST if self.colour is not None else HOOK_COLOUR)

    def _range(self) -> tuple[int, int]:
        """The lowest and highest points the chosen species' cards print (any species' before)."""
        ranges = fly_options(self.ctx).fish_points
        if self.species is not None:
            return ranges[self.species]
        return min(low for low, _ in ranges.values()), max(high for _, high in ranges.values())

    def _set_points(self, points: int) -> None:
        low, high = self._range()
        self.points = max(low, min(high, points))
        self.render()
        self.bring_into_view(HOOK_TOKENS)  # the next tap, which lands the fish (below the fold at large text)

    def _land(self, token: Hatch | None) -> None:
        """The Silent Angler lands the fish described and takes `token` (None: the column has none)."""
        if self.species is None or self.colour is None:
            self.host.toast("Tap the fish it hooked first: its species and its colour.")
            return
        species, colour, points, ranges = self.species, self.colour, self.points, fly_options(self.ctx).fish_points
        column = [token] if token else []  # the token it takes is all the wheel needs of the column
        if self._then_cast(lambda d: sa.hook(d, species, colour, check_fish_points(ranges, species, points), column,
                                             j.RULES.adventure)):
            self.species, self.colour, self.points = None, None, DEFAULT_POINTS
            self.render()
            self.to_top()  # the tokens were scrolled into view: what comes next is at the top

    def _send(self, day: AnglerDay) -> None:
        campaign, session = self.campaign, self.session
        assert campaign is not None and session is not None

        def send() -> None:
            campaign.perform(j.from_assistant(day.fish, day.hatch, day.track), self.host.actor,
                             origin=self.host.origin)
            self.ctx.sessions.finish(session.id)

        if self.host.attempt(send):
            self.host.changed(f"session:{campaign.id}")
            self.host.changed(f"session:{session.id}")
            self.host.changed("sessions")
            self.host.toast("The Silent Angler's Day is in the journal: now enter your own catch.")
            self.host.navigate(journal_route(f"{self.campaign_id}/record"))
