"""Lure's page, its Round: the table's Splash, the secret cast on each phone, the fishing in
turn order, the catch, the lures drawn, and the end-of-game standings.

The cast is secret: a player's own phone shows only their own pick (with the chance it
catches each fish in the middle) until everyone has locked in; then all are revealed at
once. On the phone passed around the table, each player's pick is behind a "Pass to"
screen and hidden again once locked in.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.actions import TABLE
from companion.core.dice import standard_die
from companion.core.errors import DomainError
from companion.games.lure import rules as lure
from companion.games.lure.cards import FishCard, requirement_from_dict
from companion.games.lure.odds import Fish, chance
from companion.games.lure.rules import LureState
from companion.games.lure.scoring import GAME_NAME, to_play
from companion.games.registry import LURE
from companion.ui.components.common import chip, min_width, panel
from companion.ui.components.die import DieFace, Look
from companion.ui.components.help import help_button
from companion.ui.components.seats import seat_chooser, toggle_seat
from companion.ui.host import Host
from companion.ui.session_screen import SessionScreen
from companion.ui.theme import TAP_SMALL, big_button_style

MIN_PLAYERS, MAX_PLAYERS = 2, 5
KINDS = {"none": "None", "pair": "A pair", "shows": "A die showing N", "both": "N and M showing",
         "special": "A special die", "other": "Other: check at the table"}

HELP = """\
**A round** (Lure rules): *Splash*: the table reveals 3 fish (2 with 2-3 players) and enters each
card here (catch number, VP, requirement; fish entered before are one tap away). *Cast*: everyone
secretly picks dice and lures on their own phone (on one phone passed around: behind "Pass to");
the picks are shown when all are locked in. *Fish*: fewest dice first (d6 and special dice; an Extra
Die does not count); equal counts roll together. Roll in the app or enter the physical dice; play
your Adjust lures on a die (+1 or -1, never beyond its numbers), then *Make the catch*.

**Catching**: a roll catches a fish when it adds up to at least the catch number and meets the
requirement (an Extra Die counts as a die for requirements). Rolling together, the lower total gets
a fish both could catch; a tie leaves it in the middle. Catch: Boosts played are kept (2 VP each).
No catch: draw a lure and record it here. A special die rolled rests for one round.

**Where the text is open, the app's reading (a setting)**: one roll catches *every* fish in the
middle it meets, each checked against the whole roll (dice are not split between fish); the middle
is *refilled* up to 3 (2) fish each Splash. **Chosen defaults** (the rules text does not give them):
8 d6 per player, a deck of 24 fish, 1 Adjust and 1 Boost lure to start, Extra Die lures showing
1 to 6. Change d6 and the deck at set-up; the rest in your copy of `games/lure/lure.json`.

**The odds** beside each fish are exact: the chance your pick's roll meets it, Adjust lures used at
best, before anyone else rolls.

**End**: when the last fish of the deck is revealed, the round is finished and the game ends; most
VP wins, then fewest fish; still tied, a shared win.
"""


def percent(p) -> str:
    if p is None:
        return "check at the table"
    value = float(p) * 100
    return "0%" if p == 0 else "100%" if p == 1 else f"{value:.0f}%" if value >= 1 else "under 1%"


class Counter:
    """[-] n [+] with 48 px buttons."""

    def __init__(self, label: str, value: int, least: int, most: int, on_set: Callable[[int], None],
                 key: str) -> None:
        self.control = ft.Row([
            ft.Text(label, size=16, expand=True),
            ft.FilledTonalIconButton(ft.Icons.REMOVE, key=f"{key}-minus", tooltip=f"{label}: one fewer",
                                     width=TAP_SMALL, height=TAP_SMALL, disabled=value <= least,
                                     on_click=lambda e: on_set(value - 1)),
            min_width(ft.Text(str(value), size=20, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER,
                    key=f"{key}-count"), 44),
            ft.FilledTonalIconButton(ft.Icons.ADD, key=f"{key}-plus", tooltip=f"{label}: one more",
                                     width=TAP_SMALL, height=TAP_SMALL, disabled=value >= most,
                                     on_click=lambda e: on_set(value + 1)),
        ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)



class RoundScreen(SessionScreen):
    title = "Round"
    game = lure.GAME
    route = f"/games/{LURE.id}/round"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        self.seated: list[str] = []
        self.d6, self.deck = lure.default_data().d6, lure.default_data().deck
        self.draft: list[FishCard] = []  # the fish being entered at Splash
        self.fish = {"catch": 7, "vp": 3, "kind": "none", "n": 6, "m": 1}
        self.picks: dict[int, dict] = {}  # each seat's cast being chosen (on this phone)
        self.open_seat: int | None = None  # passed around: whose pick is shown now
        self.entering: dict[int, list[int]] = {}  # physical dice entered so far, per seat
        self.other: dict[int, set[int]] = {}  # fish checked at the table that a seat meets
        self.choice: dict[int, int] = {}  # 'one catch per roll': the fish each seat chose
        self._round: tuple[str, int, str] | None = None  # what the choices above were made for

    # Drawing ------------------------------------------------------------------------------

    def build(self) -> list[ft.Control]:
        if self.missing:
            return self.missing_controls()
        self.show_undo()
        head = ft.Row([ft.Text("Lure", size=22, weight=ft.FontWeight.W_600, expand=True),
                       help_button(lambda: self.host.page, "Lure", HELP)])
        if self.session is None:
            return [head, *self._setup()]
        state: LureState = self.session.state
        if self._round != (self.session.id, state.round, state.phase):  # a new step: this phone's drafts go
            self._round = (self.session.id, state.round, state.phase)
            self.picks, self.open_seat, self.entering, self.other, self.choice = {}, None, {}, {}, {}
        controls: list[ft.Control] = [self.undo_bar.control, head]
        controls.append(ft.Container(ft.Text(lure.next_step(state), size=18, weight=ft.FontWeight.BOLD,
                                             key="lure-step"),
                                     padding=12, border_radius=12, bgcolor=ft.Colors.PRIMARY_CONTAINER))
        controls += self._draws(state)
        phase = state.phase
        if phase == lure.SPLASH:
            controls += self._splash(state)
        elif phase == lure.CAST:
            controls += self._cast(state)
        elif phase == lure.FISH:
            controls += self._fishing(state)
        else:
            controls += self._over(state)
        if state.middle:
            controls.append(self._middle(state))
        for outcome in (o for o in state.outcomes if o.round == state.round or state.phase == lure.SPLASH):
            controls.append(ft.Text(lure.describe_outcome(state, outcome), size=15, key="lure-outcome"))
        controls.append(self._scores(state))
        return controls

    def _scores(self, state: LureState) -> ft.Control:
        results, _ = lure.standings(state)
        return ft.Row([ft.Text(f"{r.name}: {r.total} VP", size=15, weight=ft.FontWeight.W_600) for r in results],
                      wrap=True, spacing=14, key="lure-scores")

    def _middle(self, state: LureState) -> ft.Control:
        return panel(ft.Text(f"In the middle ({state.deck_left} fish left in the deck):", size=15),
                    ft.Row([ft.Container(ft.Text(f.describe(), size=16, weight=ft.FontWeight.W_600),
                                         padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                         key=f"middle-{i}") for i, f in enumerate(state.middle)],
                           wrap=True, spacing=8, run_spacing=8))

    # Set-up ---------------------------------------------------------------------------------

    def _setup(self) -> list[ft.Control]:
        players = self.ctx.store.settings.players()
        self.seated = [n for n in self.seated if n in {p.name for p in players}]
        controls: list[ft.Control] = [ft.Text("Tap the players at the table (2 to 5).", size=16)]
        if len(players) < MIN_PLAYERS:
            controls.append(ft.OutlinedButton("Add players in Settings", icon=ft.Icons.SETTINGS,
                                              on_click=lambda e: self.host.navigate("/settings")))
        controls.append(seat_chooser(players, self.seated, self._toggle_seat))
        controls.append(Counter("d6 per player", self.d6, 1, 12, self._set_d6, "setup-d6").control)
        controls.append(Counter("Fish in the deck", self.deck, 1, 100, self._set_deck, "setup-deck").control)
        controls.append(ft.Text("Both are chosen defaults (the rules text does not give them): match your box.",
                                size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        controls.append(ft.FilledButton("Start the game", icon=ft.Icons.PLAY_ARROW, key="lure-start",
                                        style=big_button_style(), disabled=len(self.seated) < MIN_PLAYERS,
                                        on_click=lambda e: self._start()))
        return controls

    # Splash ---------------------------------------------------------------------------------

    def _splash(self, state: LureState) -> list[ft.Control]:
        wanted = lure.splash_count(state)
        if len(self.draft) > wanted:
            self.draft = self.draft[:wanted]
        f = self.fish
        kind = f["kind"]
        entry = [
            ft.Text(f"Fish {len(self.draft) + 1} of {wanted}: what its card shows", size=16,
                    weight=ft.FontWeight.W_600),
            Counter("Catch number", f["catch"], 1, 60, lambda v: self._set_fish("catch", v), "fish-catch").control,
            Counter("VP", f["vp"], 0, 20, lambda v: self._set_fish("vp", v), "fish-vp").control,
            ft.Text("Requirement:", size=15),
            ft.Row([chip(words, lambda k=k: self._set_fish("kind", k), key=f"need-{k}", selected=k == kind)
                    for k, words in KINDS.items()], wrap=True, spacing=6, run_spacing=6),
        ]
        if kind in ("shows", "both"):
            entry.append(Counter("A die showing" if kind == "shows" else "First number", f["n"], 1, 20,
                                 lambda v: self._set_fish("n", v), "fish-n").control)
        if kind == "both":
            entry.append(Counter("Second number", f["m"], 1, 20, lambda v: self._set_fish("m", v), "fish-m").control)
        entry.append(ft.FilledTonalButton(f"Add this fish: {self._fish_card().describe()}", icon=ft.Icons.ADD,
                                          key="fish-add", disabled=len(self.draft) >= wanted,
                                          on_click=lambda e: self._add_fish(self._fish_card())))
        controls: list[ft.Control] = []
        if wanted:
            controls.append(panel(*entry, key="fish-entry"))
            known = self._library(state)
            if known:
                controls.append(panel(ft.Text("Fish entered before (tap to add):", size=15), ft.Row([
                    ft.OutlinedButton(c.describe(), key=f"known-{i}",
                                      disabled=len(self.draft) >= wanted, on_click=lambda e, c=c: self._add_fish(c))
                    for i, c in enumerate(known)], wrap=True, spacing=6, run_spacing=6)))
        controls.append(ft.Row([ft.OutlinedButton(f"{c.describe()} ✕", key=f"draft-{i}",
                                                  tooltip="Take this fish back", on_click=lambda e, i=i: self._drop_fish(i))
                                for i, c in enumerate(self.draft)], wrap=True, spacing=6, run_spacing=6))
        controls.append(ft.FilledButton("Reveal these fish" if wanted else "Go on to the cast", icon=ft.Icons.WATER,
                                        key="lure-splash", style=big_button_style(),
                                        disabled=len(self.draft) != wanted, on_click=lambda e: self._splash_now()))
        return controls

    def _fish_card(self) -> FishCard:
        f = self.fish
        need = {"kind": f["kind"]}
        if f["kind"] in ("shows", "both"):
            need["n"] = f["n"]
        if f["kind"] == "both":
            need["m"] = f["m"]
        return FishCard(f["catch"], f["vp"], requirement_from_dict(need))

    def _library(self, state: LureState) -> list[FishCard]:
        """Every fish card entered before, in this game or a saved one: no typing twice."""
        seen: dict[FishCard, None] = {}
        for seat in state.seats:
            for fish in seat.pile:
                seen[fish] = None
        for play in self.ctx.store.archive.all():
            if play.game != GAME_NAME:
                continue
            for player in play.entry.get("players", []):
                for doc in player.get("fish", []):
                    try:
                        seen[FishCard.from_dict(doc)] = None
                    except DomainError:
                        continue
        return sorted(seen, key=lambda c: (c.catch, c.vp, c.requirement.kind))[:24]

    # Cast -------------------------------------------------------------------------------------

    def _cast(self, state: LureState) -> list[ft.Control]:
        mine = self.own_seat(state.names)
        status = ft.Row([chip(f"{name}: {'locked in' if lure.has_cast(state, i) else 'choosing'}",
                              lambda i=i: self._open(i), key=f"cast-{name}", selected=i == self.open_seat)
                         for i, name in enumerate(state.names)], wrap=True, spacing=8, run_spacing=8)
        if mine is not None:  # a player's own phone: their pick only
            return [self._pick_form(state, mine), status]
        if not self._passed_around():
            return [status, ft.Text("The picks are secret: each player picks on their own phone, or on the phone "
                                    "passed around the table.", size=16)]
        if self.open_seat is None:
            return [status, ft.Text("Pass the phone to each player in turn: they tap their name, pick in secret "
                                    "and lock in.", size=16)]
        name = state.names[self.open_seat]
        return [status, ft.Text(f"Only {name} looks now.", size=16, weight=ft.FontWeight.W_600),
                self._pick_form(state, self.open_seat)]

    def _pick(self, state: LureState, seat: int) -> dict:
        cast = lure.cast_of(state, seat)
        if seat not in self.picks:
            self.picks[seat] = ({"d6": cast.d6, "special": list(cast.special), "adjust": cast.adjust,
                                 "boost": cast.boost, "extra": list(cast.extra)} if cast is not None else
                                {"d6": min(3, state.settings.d6), "special": [], "adjust": 0, "boost": 0, "extra": []})
        return self.picks[seat]

    def _pick_form(self, state: LureState, seat: int) -> ft.Control:
        pick = self._pick(state, seat)
        s = state.seats[seat]
        hand = s.hand
        controls: list[ft.Control] = [
            ft.Text(f"{state.names[seat]}'s cast (secret)", size=18, weight=ft.FontWeight.W_600),
            Counter("d6", pick["d6"], 0, state.settings.d6, lambda v: self._set_pick(seat, "d6", v),
                    f"pick-d6-{seat}").control,
        ]
        specials = []
        for sides in state.settings.special_dice:
            resting = sides in s.resting
            specials.append(chip(f"d{sides}" + (" (resting)" if resting else ""), lambda sides=sides: self._toggle_special(
                state, seat, sides), key=f"pick-d{sides}-{seat}", selected=sides in pick["special"]))
        controls.append(ft.Row([ft.Text("Special dice:", size=16), *specials], wrap=True, spacing=8))
        controls.append(Counter(f"Adjust lures (of {hand.adjust})", pick["adjust"], 0, hand.adjust,
                                lambda v: self._set_pick(seat, "adjust", v), f"pick-adjust-{seat}").control)
        controls.append(Counter(f"Boost lures (of {hand.boost})", pick["boost"], 0, hand.boost,
                                lambda v: self._set_pick(seat, "boost", v), f"pick-boost-{seat}").control)
        if hand.extra:
            controls.append(ft.Row([ft.Text("Extra Die lures:", size=16)] + [
                chip(f"+{v}", lambda k=k: self._toggle_extra(state, seat, k), key=f"pick-extra-{seat}-{k}",
                     selected=k in pick["extra"]) for k, v in enumerate(hand.extra)], wrap=True, spacing=8))
        extra = tuple(hand.extra[k] for k in pick["extra"])
        odds = []
        for i, f in enumerate(state.middle):
            p = chance(pick["d6"], tuple(pick["special"]), extra, pick["adjust"], Fish(f.catch, f.requirement))
            odds.append(ft.Row([
                min_width(ft.Text(f.describe(), size=15), 150),
                ft.ProgressBar(value=float(p) if p is not None else 0, expand=True, height=10, border_radius=5),
                min_width(ft.Text(percent(p), size=15, text_align=ft.TextAlign.RIGHT, key=f"odds-{seat}-{i}"), 64),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        controls.append(ft.Text("Chance this pick catches each fish:", size=15))
        controls += odds
        locked = lure.has_cast(state, seat)
        controls.append(ft.FilledButton("Lock in again" if locked else "Lock in", icon=ft.Icons.LOCK,
                                        key=f"lock-{seat}", style=big_button_style(),
                                        on_click=lambda e: self._lock(seat)))
        if locked:
            controls.append(ft.Text("Locked in: it is shown to everyone when all have locked in. You may change "
                                    "it until then.", size=14, color=ft.Colors.ON_SURFACE_VARIANT))
        return panel(*controls, key=f"pick-{seat}")

    # Fish ---------------------------------------------------------------------------------------

    def _fishing(self, state: LureState) -> list[ft.Control]:
        controls: list[ft.Control] = []
        seats = lure.current_seats(state)
        for seat in seats:
            controls.append(self._roller(state, seat))
        if seats and all(state.seats[i].roll is not None for i in seats):
            if state.settings.catches_per_roll == lure.ONE:
                for seat in seats:
                    options = lure.can_catch(state, seat, self.other.get(seat, ()))
                    if len(options) > 1:
                        controls.append(ft.Row([ft.Text(f"{state.names[seat]} takes:", size=15)] + [
                            chip(state.middle[i].describe(), lambda seat=seat, i=i: self._choose(seat, i),
                                 key=f"choose-{seat}-{i}", selected=self.choice.get(seat) == i) for i in options],
                            wrap=True, spacing=6))
            controls.append(ft.FilledButton("Make the catch", icon=ft.Icons.SET_MEAL, key="lure-resolve",
                                            style=big_button_style(), on_click=lambda e: self._resolve()))
        return [*controls, self._casts(state)]

    def _casts(self, state: LureState) -> ft.Control:
        rows = []
        for k, group in enumerate(lure.groups(state)):
            for seat in group:
                c = lure.cast_of(state, seat)
                lures = [f"{c.adjust} Adjust" if c.adjust else "", f"{c.boost} Boost" if c.boost else "",
                         ", ".join(f"Extra +{v}" for v in c.extra)]
                dice = f"{c.d6} d6" + "".join(f" + d{s}" for s in c.special)
                rows.append(ft.Text(f"{k + 1}. {state.names[seat]}: {dice}"
                                    + (f"; {', '.join(x for x in lures if x)}" if any(lures) else ""),
                                    size=15, key=f"cast-shown-{seat}"))
        return panel(ft.Text("The casts, in turn order (same number: together):", size=15), *rows)

    def _roller(self, state: LureState, seat: int) -> ft.Control:
        s, name = state.seats[seat], state.names[seat]
        cast = s.cast
        if s.roll is None:
            entering = self.entering.get(seat)
            if entering is not None:
                sides = cast.sides()[len(entering)]
                return panel(ft.Text(f"{name}: tap what die {len(entering) + 1} of {len(cast.sides())} (a d{sides}) "
                                    "shows", size=16),
                            ft.Row([ft.OutlinedButton(str(v), width=TAP_SMALL + 8,
                                                      key=f"enter-{seat}-{v}",
                                                      on_click=lambda e, v=v: self._enter(seat, v))
                                    for v in range(1, sides + 1)], wrap=True, spacing=4, run_spacing=4),
                            ft.TextButton("Cancel", on_click=lambda e: self._cancel_entry(seat)),
                            key=f"roller-{seat}")
            return panel(ft.Text(f"{name}: {len(cast.sides())} dice" + (f" + Extra {', '.join(map(str, cast.extra))}"
                                                                        if cast.extra else ""), size=16),
                        ft.Row([
                            ft.FilledButton(f"Roll {name}'s dice", icon=ft.Icons.CASINO, key=f"roll-{seat}",
                                            expand=True,
                                            style=big_button_style(), on_click=lambda e: self._roll(seat)),
                            ft.OutlinedButton("Enter the dice", icon=ft.Icons.EDIT, key=f"enter-{seat}",
                                              disabled=not cast.sides(), on_click=lambda e: self._start_entry(seat)),
                        ], spacing=8), key=f"roller-{seat}")
        left = lure.adjusts_left(state, seat)
        dice = []
        for i, (sides, value) in enumerate(zip(cast.sides(), s.roll.dice)):
            face = DieFace(size=52, key=f"die-{seat}-{i}")
            face.show(Look(standard_die(sides), value))
            column = [face.control]
            if left:
                column.append(ft.Row([
                    ft.IconButton(ft.Icons.REMOVE, tooltip=f"Adjust this d{sides} down", width=TAP_SMALL,
                                  height=TAP_SMALL, disabled=value <= 1, key=f"down-{seat}-{i}",
                                  on_click=lambda e, i=i: self._adjust(seat, i, -1)),
                    ft.IconButton(ft.Icons.ADD, tooltip=f"Adjust this d{sides} up", width=TAP_SMALL, height=TAP_SMALL,
                                  disabled=value >= sides, key=f"up-{seat}-{i}",
                                  on_click=lambda e, i=i: self._adjust(seat, i, 1)),
                ], spacing=0, tight=True))
            dice.append(ft.Column(column, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        catches = [state.middle[i].describe() for i in lure.can_catch(state, seat, self.other.get(seat, ()))]
        controls: list[ft.Control] = [
            ft.Text(f"{name}: total {lure.total(state, seat)}" + (f" (Extra +{sum(cast.extra)})" if cast.extra else "")
                    + (f"; {left} Adjust lure{'s' if left != 1 else ''} to play" if left else ""), size=16,
                    weight=ft.FontWeight.W_600, key=f"total-{seat}"),
            ft.Row(dice, wrap=True, spacing=6, run_spacing=6),
            ft.Text("Meets: " + (", ".join(catches) if catches else "no fish"), size=15, key=f"meets-{seat}"),
        ]
        for i in lure.to_check(state, seat):
            controls.append(chip(f"Meets {state.middle[i].describe()}?", lambda i=i: self._toggle_other(seat, i),
                                 key=f"other-{seat}-{i}", selected=i in self.other.get(seat, set())))
        return panel(*controls, key=f"roller-{seat}")

    def _draws(self, state: LureState) -> list[ft.Control]:
        mine = self.own_seat(state.names)
        controls = []
        for seat, s in enumerate(state.seats):
            if not s.owed or (mine is not None and mine != seat):
                continue
            name = state.names[seat]
            buttons = [ft.OutlinedButton("Adjust", key=f"draw-{seat}-adjust",
                                         on_click=lambda e, seat=seat: self._draw(seat, lure.ADJUST)),
                       ft.OutlinedButton("Boost", key=f"draw-{seat}-boost",
                                         on_click=lambda e, seat=seat: self._draw(seat, lure.BOOST))]
            buttons += [ft.OutlinedButton(f"Extra +{v}", key=f"draw-{seat}-extra-{v}",
                                          on_click=lambda e, seat=seat, v=v: self._draw(seat, lure.EXTRA, v))
                        for v in state.settings.extra_values]
            controls.append(panel(ft.Text(f"{name} draws a lure ({s.owed} owed): which did you draw?", size=16),
                                 ft.Row(buttons, wrap=True, spacing=6, run_spacing=6), key=f"draws-{seat}",
                                 color=ft.Colors.TERTIARY_CONTAINER))
        return controls

    def _over(self, state: LureState) -> list[ft.Control]:
        results, winners = lure.standings(state)
        rows: list[ft.Control] = [ft.Text(f"{winners[0]} wins" if len(winners) == 1 else
                                          f"Shared win: {' and '.join(winners)}", size=22, weight=ft.FontWeight.BOLD,
                                          color=ft.Colors.PRIMARY, key="lure-winner")]
        for r in sorted(results, key=lambda r: r.rank):
            rows.append(ft.Text(f"{r.rank}. {r.name}: {r.total} VP", size=18, weight=ft.FontWeight.W_600))
            rows += [ft.Row([ft.Text(b.rule, size=14, expand=True), ft.Text(str(b.points), size=14)])
                     for b in r.breakdown]
        rows.append(ft.FilledButton("Save to history", icon=ft.Icons.SAVE, key="lure-save",
                                    style=big_button_style(), on_click=lambda e: self._save()))
        return [panel(*rows)]

    # Taps -----------------------------------------------------------------------------------

    def _toggle_seat(self, name: str) -> None:
        self.seated = toggle_seat(self.seated, name, MAX_PLAYERS)
        self.render()

    def _set_d6(self, value: int) -> None:
        self.d6 = value
        self.render()

    def _set_deck(self, value: int) -> None:
        self.deck = value
        self.render()

    def _start(self) -> None:
        self.host.attempt(lambda: self.start_session(lure.setup_for(self.seated, d6=self.d6, deck=self.deck)))
        self.render()

    def _set_fish(self, key: str, value) -> None:
        self.fish[key] = value
        self.render()

    def _add_fish(self, fish: FishCard) -> None:
        self.draft.append(fish)
        self.render()

    def _drop_fish(self, index: int) -> None:
        del self.draft[index]
        self.render()

    def _splash_now(self) -> None:
        draft, self.draft = list(self.draft), []
        if not self.act(lambda s: lure.splash(s, draft)):
            self.draft = draft
            self.render()

    def _passed_around(self) -> bool:
        """The phone of the whole table (not a player's, nor an onlooker's)."""
        return self.host.actor.id == TABLE

    def _open(self, seat: int) -> None:
        state: LureState = self.session.state
        if self.own_seat(state.names) is not None or not self._passed_around():
            self.host.toast("The picks are secret: only a player's own phone, or the phone passed around the "
                            "table, shows one.")
            return
        self.open_seat = None if self.open_seat == seat else seat
        self.render()

    def _set_pick(self, seat: int, key: str, value: int) -> None:
        self.picks[seat][key] = value
        self.render()

    def _toggle_special(self, state: LureState, seat: int, sides: int) -> None:
        pick = self.picks[seat]
        if sides in state.seats[seat].resting:
            self.host.toast(f"Your d{sides} rests this round: you rolled it last round.")
            return
        pick["special"] = sorted(set(pick["special"]) ^ {sides})
        self.render()

    def _toggle_extra(self, state: LureState, seat: int, index: int) -> None:
        pick = self.picks[seat]
        pick["extra"] = sorted(set(pick["extra"]) ^ {index})
        self.render()

    def _lock(self, seat: int) -> None:
        state: LureState = self.session.state
        pick = self._pick(state, seat)
        extra = [state.seats[seat].hand.extra[k] for k in pick["extra"]]
        if self.act(lambda s: lure.cast(s, seat, pick["d6"], pick["special"], pick["adjust"], pick["boost"], extra)):
            self.open_seat = None  # passed around: hidden again
            self.picks.pop(seat, None)
            self.render()

    def _roll(self, seat: int) -> None:
        self.act(lambda s: lure.roll_with(s, seat, self.ctx.rng))

    def _start_entry(self, seat: int) -> None:
        self.entering[seat] = []
        self.render()

    def _cancel_entry(self, seat: int) -> None:
        self.entering.pop(seat, None)
        self.render()

    def _enter(self, seat: int, value: int) -> None:
        state: LureState = self.session.state
        cast = state.seats[seat].cast
        values = [*self.entering.get(seat, []), value]
        if len(values) < len(cast.sides()):
            self.entering[seat] = values
            self.render()
            return
        self.entering.pop(seat, None)
        special = dict(zip(cast.special, values[cast.d6:]))
        if not self.act(lambda s: lure.roll(s, seat, values[:cast.d6], special)):
            self.render()

    def _adjust(self, seat: int, die: int, by: int) -> None:
        self.act(lambda s: lure.adjust(s, seat, die, by))

    def _toggle_other(self, seat: int, index: int) -> None:
        self.other.setdefault(seat, set()).symmetric_difference_update({index})
        self.render()

    def _choose(self, seat: int, index: int) -> None:
        self.choice[seat] = index
        self.render()

    def _resolve(self) -> None:
        other = {seat: sorted(v) for seat, v in self.other.items() if v}
        choice = dict(self.choice)
        if self.act(lambda s: lure.resolve(s, other, choice)):
            self.other, self.choice = {}, {}
            self.render()

    def _draw(self, seat: int, kind: str, value: int | None = None) -> None:
        self.act(lambda s: lure.draw(s, seat, kind, value))

    def _save(self) -> None:
        state = self.session.state
        self.save_play(lambda play_id, played_at: to_play(state, play_id, played_at))
