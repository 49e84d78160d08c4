"""One Freshwater Fly player's end of game, entered by taps: reel board, fish (species x
colour grid, the points on the card typed in its digits above it; each species takes only the
points its cards print, as set in Settings), hatch tokens, Skill cards, first to seven.

Self-contained: it is given a seat and a way to record actions, so the same form can
serve one seat on its player's own phone. Its controls are kept and changed in place.
On a phone that fills more than one sheet (the phone passed around, the host, Fly Solo's
two sides) every control that fills one says whose it is (`Whose`).
Fly Solo uses it without the reel board (the journal's) or the first-to-seven choice,
and the Silent Angler's seat without Skill cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.core.actions import Action
from companion.core.words import count
from companion.games.freshwater_fly import score_sheet as sheet
from companion.games.freshwater_fly.entry import (
    HATCH_PER_COLOUR,
    REEL_BOARDS,
    SEVEN,
    SINGLE_CARDS,
    FishColor,
    Hatch,
    PlayerEntry,
    Species,
)
from companion.games.freshwater_fly.options import FishPoints, check_fish_points
from companion.games.freshwater_fly.scoring import firsts_to_seven
from companion.games.freshwater_fly.score_sheet import SheetState
from companion.ui.components.common import ChoiceRow, at_least, chip, refusing, slot
from companion.ui.components.number_pad import NumberPad
from companion.ui.theme import TAP_SMALL

FISH_INK = {FishColor.GOLD: "#F9A825", FishColor.BLACK: "#37474F", FishColor.GREEN: "#2E7D32"}
FISH_TEXT = {FishColor.GOLD: "#212121", FishColor.BLACK: "#FFFFFF", FishColor.GREEN: "#FFFFFF"}
LEFT = ft.Alignment.CENTER_LEFT
HATCH_INK = {Hatch.YELLOW: "#FDD835", Hatch.GREEN: "#43A047", Hatch.TAN: "#C8A97E", Hatch.ORANGE: "#FB8C00",
             Hatch.WHITE: "#FAFAFA", Hatch.BLUE: "#1E88E5"}
DEFAULT_POINTS = 3
FISH_POINTS = "fish-points"  # the scroll key of the points pad's keys, over the grid of fish

Act = Callable[[Callable[[SheetState], Action]], bool]


def token(colour: str) -> ft.Control:
    """A hatch token's colour, as a round swatch beside its name."""
    return ft.Container(width=18, height=18, border_radius=9, bgcolor=colour, border=ft.Border.all(1, "#616161"))


def heading(text: str) -> ft.Control:
    return ft.Text(text, size=18, weight=ft.FontWeight.W_600)


def fish_square(colour: FishColor, words: ft.Text, on_tap: Callable[[], None], key: str,
                chosen: bool = False) -> ft.Container:
    """A fish card's square in its colour, named on it (never the colour alone): one tap names the
    species of its row and the colour together."""
    return ft.Container(key=key, border_radius=10, bgcolor=FISH_INK[colour], padding=ft.Padding.symmetric(horizontal=2),
                        border=ft.Border.all(5, ft.Colors.PRIMARY) if chosen else None,
                        content=at_least(words, 54, TAP_SMALL), on_click=lambda e: on_tap())


def species_row(species: Species, under: ft.Control, squares: list[ft.Control]) -> ft.Control:
    """A species' name (`under` it: the points its cards print) and its gold, black and green squares: one
    row on a 360-wide phone at 100 % text (two rows each made a page 2,700 px long), wrapping at large text."""
    name = ft.Column([ft.Text(species.label, size=15), under], spacing=0, tight=True)
    return ft.Row([at_least(name, 78, TAP_SMALL, LEFT), *squares], spacing=4, run_spacing=6, wrap=True)


@dataclass(frozen=True)
class Whose:
    """Whose sheet a form fills, in its controls' words: "Catch for you", "your gold Coho";
    "Catch for Ana", "Ana's gold Coho"."""

    name: str  # "you", "the Silent Angler", "Ana"
    possessive: str  # "your", "the Silent Angler's", "Ana's"

    @property
    def title(self) -> str:
        """The name at the start of a label: "You", "The Silent Angler", "Ana"."""
        return self.name[:1].upper() + self.name[1:]


def player(name: str) -> Whose:
    return Whose(name, f"{name}'s")


class PlayerEntryForm:
    def __init__(self, act: Act, fish_points: Callable[[], FishPoints], board: bool = True,
                 first: bool = True, say: Callable[[str], None] = lambda words: None,
                 into_view: Callable[[str], None] | None = None) -> None:
        self.act = act
        self.say = say  # why a tap that cannot act now does nothing
        self.into_view = into_view  # scrolls the page to a scroll key: the points and fish, once points are typed
        self.fish_points = fish_points  # read at each tap: Settings may change meanwhile
        self.seat: int | None = None  # whose entries are shown (None: nobody's yet)
        self.whose: Whose | None = None  # said on every control, when this phone fills several sheets
        self.points = DEFAULT_POINTS  # what a tap on a fish square adds; each player's own (see `show`)
        self.typing: str | None = None  # the pad whose digits the player's last tap typed on (the next goes on the end)
        self.board = ChoiceRow([(b, b) for b in REEL_BOARDS], self._set_board, key="board", width=64)
        self.points_pad = slot()  # its keys the page can be scrolled to (FISH_POINTS)
        self.ranges: dict[Species, ft.Text] = {}
        self.cells: dict[tuple[Species, FishColor], tuple[ft.Container, ft.Text]] = {}
        grid_rows = []
        for species in Species:
            cells = []
            for colour in FishColor:
                tally = ft.Text("", size=15, weight=ft.FontWeight.BOLD, color=FISH_TEXT[colour])
                cell = fish_square(colour, tally, lambda s=species, c=colour: self._add(s, c),
                                   f"fish-{species.value}-{colour.value}")
                self.cells[(species, colour)] = (cell, tally)
                cells.append(cell)
            self.ranges[species] = ft.Text(size=12, color=ft.Colors.ON_SURFACE_VARIANT, key=f"range-{species.value}")
            grid_rows.append(species_row(species, self.ranges[species], cells))
        self.caught = ft.Row(wrap=True, spacing=6, run_spacing=6, key="caught")
        self.first = slot(visible=first)
        self.hatch = {h: slot(key=f"hatch-{h.value}") for h in Hatch}  # a count each, by `show`
        self.tokens = ft.Text(size=13, key="hatch-tally")  # the tokens against the fish, by `show`
        self.cards = ft.Row(wrap=True, spacing=8, run_spacing=8)
        self.skill = ft.Column([heading("Skill cards"), self.cards,
                                ft.Text("Each is one card: a card another player holds is theirs. W, the Master "
                                        "Skill card tucked under a caught fish, is worth 1 point.", size=13,
                                        color=ft.Colors.ON_SURFACE_VARIANT)], spacing=10)
        self.fish_heading = heading("Fish caught")  # a screen short of room hides it (the pad names the points)
        self.control = ft.Column([
            *([heading("Reel board"), self.board.control] if board else []),
            self.fish_heading,
            self.points_pad,
            ft.Column(grid_rows, spacing=4),  # 4: Fly Solo's record shows the points and all eight species at once
            # What the pad and the squares do, under them: above, its lines pushed the squares down at large text.
            ft.Text("Type the points on the card, then tap its fish (under each name: the points its cards "
                    "print); tap a fish below to take it back.", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            self.caught,
            self.first,
            heading("Hatch tokens gained"),
            self.tokens,
            *self.hatch.values(),
            self.skill,
        ], spacing=10, key="entry-form")

    def show(self, state: SheetState, seat: int, cards: bool = True, whose: Whose | None = None) -> None:
        """Show `seat`'s entries (without the Skill cards when `cards` is False); `whose`: the sheet's
        owner, named on every control, on a phone that fills more than one sheet."""
        player = state.player(seat)
        if seat != self.seat:  # another player's sheet: their own last points, not the last player's
            self.points = player.fish[-1].points if player.fish else DEFAULT_POINTS
            self.typing = None
        self.seat, self.whose = seat, whose
        self.skill.visible = cards
        self.board.select(player.reel_board)
        ranges = self.fish_points()
        for species, text in self.ranges.items():
            low, high = ranges[species]
            text.value = f"{low}-{high} points"
        self.points = max(self.least, min(self.most, self.points))
        self._show_points()
        for (species, colour), (cell, text) in self.cells.items():
            n = sum(1 for f in player.fish if f.species is species and f.color is colour)
            text.value = f"{colour.value.capitalize()} {n if n else '+'}"
            fish = f"{colour.value} {species.label}"
            cell.tooltip = f"Catch for {whose.name}: {fish} ({n} caught)" if whose else f"Add a {fish} ({n} caught)"
        self.caught.controls = [
            chip(f"{f.color.value.capitalize()} {f.species.label} {f.points}", lambda i=i: self._remove(i),
                 key=f"caught-{i}", color=FISH_INK[f.color],
                 reads=f"Take back {whose.possessive if whose else 'the'} {f.color.value} {f.species.label} "
                 f"of {count(f.points, 'point')} ({i + 1})")
            for i, f in enumerate(player.fish)
        ]
        self._show_first(state, player)
        self._show_tokens(player, cards)
        for h, box in self.hatch.items():
            box.controls = [NumberPad(h.value.capitalize(), player.hatch.get(h, 0), 0, HATCH_PER_COLOUR,
                                      lambda n, h=h: self._set_hatch(h, n), f"hatch-{h.value}",
                                      reads=self._whose(f"{h.value} hatch tokens"), lead=token(HATCH_INK[h])).control]
        self.cards.controls = [
            chip(f"Skill {card}", lambda card=card, held=card in player.cards: self._hold(card, not held),
                 key=f"card-{card}", selected=card in player.cards,
                 reads=self._whose(f"Skill {card}") if whose else None)
            for card in SINGLE_CARDS
        ]

    def _whose(self, words: str) -> str:
        """`words` as a screen reader hears them on this phone: "Ana's yellow hatch tokens" where it
        fills several sheets, else "Yellow hatch tokens"."""
        said = f"{self.whose.possessive} {words}" if self.whose else words
        return said[:1].upper() + said[1:]

    @property
    def least(self) -> int:
        return min(low for low, _ in self.fish_points().values())

    @property
    def most(self) -> int:
        return max(high for _, high in self.fish_points().values())

    def _show_points(self) -> None:
        """The points the next fish tapped takes, in digits: any card's points in one tap."""
        self.points_pad.controls = [NumberPad("Points on the card", self.points, self.least, self.most,
                                              self._set_points, "points", self.typing == "points",
                                              scroll_key=FISH_POINTS).control]

    def _show_tokens(self, player: PlayerEntry, own_fly: bool) -> None:
        """The tokens entered against the fish, to catch one missed: a player's fish each brought one,
        and one left in the spinner at the end counts (END OF GAME); the Silent Angler's hook brings one
        only when the column has one (Fly Solo, the Silent Angler 4c)."""
        fish, tokens = len(player.fish), sum(player.hatch.values())
        if own_fly:
            fits, expected = fish <= tokens <= fish + 1, f"{fish} or {fish + 1}"
            why = "one came with each fish, one more if a fish was on the line at the end"
        else:
            fits, expected = tokens <= fish, f"at most {fish}"
            why = "one came with each hook, when its column had one"
        self.tokens.value = f"{count(fish, 'fish', 'fish')}: {expected} tokens ({why}); {tokens} entered"
        self.tokens.color = ft.Colors.ON_SURFACE_VARIANT if fits else ft.Colors.ERROR

    def _show_first(self, state: SheetState, player: PlayerEntry) -> None:
        """Who was first to seven, as scoring reads it (`firsts_to_seven`): a question only while two
        players or more have seven fish; the only one with seven was first, with no tap."""
        firsts = firsts_to_seven(state.game.players)
        others = [p.name for p, first in zip(state.game.players, firsts) if first and p is not player]
        only = [len(p.fish) >= SEVEN for p in state.game.players].count(True) == 1
        if len(player.fish) >= SEVEN and only:
            words = f"{player.name} was first to seven fish (+2): the only one with seven"
        elif player.first_to_seven:
            words = f"{player.name} was first to seven fish (+2)"
        elif len(player.fish) >= SEVEN:
            words = "First to catch a seventh fish?" + (f" (now: {others[0]})" if others else "")
        else:
            words = f"First to seven fish needs seven fish ({len(player.fish)} so far)"
        why = (f"{player.name} has {count(len(player.fish), 'fish', 'fish')}: first to seven needs seven."
               if len(player.fish) < SEVEN else
               f"{player.name} is the only one with seven fish: first to seven is theirs, with no tap." if only
               else None)
        self.first.controls = [refusing(chip(words, lambda: self._first(not player.first_to_seven),
                                             key="first-to-seven", selected=firsts[self.seat]), why, self.say)]

    # Taps --------------------------------------------------------------------------

    def _set_points(self, points: int) -> None:
        self.points = max(self.least, min(self.most, points))
        self.typing = "points"
        self._show_points()
        self.points_pad.update()
        if self.into_view is not None:  # its fish next: in view under the points (a page's own choice)
            self.into_view(FISH_POINTS)

    def _record(self, build: Callable[[SheetState], Action], typing: str | None = None) -> None:
        """Record a tap on this seat's sheet; only a tap on a pad's digits leaves that pad typing."""
        self.typing = typing
        self.act(build)

    def _add(self, species: Species, colour: FishColor) -> None:
        points = self.points  # kept for the next card; its digits start afresh (`_record`)
        self._record(lambda s: sheet.add_fish(s, self.seat, species, colour,
                                              check_fish_points(self.fish_points(), species, points)))

    def _remove(self, index: int) -> None:
        self._record(lambda s: sheet.remove_fish(s, self.seat, index))

    def _set_board(self, board: str) -> None:
        self._record(lambda s: sheet.set_board(s, self.seat, board))

    def _set_hatch(self, colour: Hatch, n: int) -> None:
        self._record(lambda s: sheet.set_hatch(s, self.seat, colour, n))

    def _hold(self, card: str, held: bool) -> None:
        self._record(lambda s: sheet.hold_card(s, self.seat, card, held))

    def _first(self, first: bool) -> None:
        self._record(lambda s: sheet.set_first(s, self.seat, first))
