"""Pictures for Fly Solo: hatch tokens, the colour wheel, what a river column holds, the adventure
map's Locations, challenge progress, the setup card and a Day's two scores side by side."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import product

import flet as ft

from companion.core.scoring import BreakdownLine, total_of
from companion.games.fly_solo.adventure import Adventure
from companion.games.fly_solo.journal import Campaign, Challenge, SetupCard
from companion.games.fly_solo.scoring import DayScore
from companion.games.freshwater_fly.entry import FishColor, Hatch
from companion.games.freshwater_fly.strike import ROWS
from companion.ui.components.common import min_width
from companion.ui.components.fly_entry import FISH_INK, FISH_TEXT, HATCH_INK
from companion.ui.theme import TAP_SMALL

STAR_ON, STAR_OFF = "#F9A825", "#B0BEC5"
RESULT_WORDS = {"win": "You beat the Silent Angler", "loss": "The Silent Angler wins", "tie": "A tie: not a win"}
SO_FAR_WORDS = {"win": "So far you are ahead", "loss": "So far the Silent Angler is ahead", "tie": "So far level"}


def token(colour: Hatch, size: float = 20) -> ft.Control:
    return ft.Container(width=size, height=size, border_radius=size / 2, bgcolor=HATCH_INK[colour],
                        border=ft.Border.all(1, "#616161"))


def hatch_choice(selected: Collection[Hatch] | None, on_tap: Callable[[Hatch], None], key: str,
                 order: Sequence[Hatch] = tuple(Hatch)) -> ft.Control:
    """Six big hatch-token buttons (in `order`), each named under its colour; the chosen ones ringed and
    ticked, and read as checked. `selected` None: buttons that act at once, read as buttons."""
    tiles = []
    for colour in order:
        chosen = selected is not None and colour in selected
        tiles.append(ft.Semantics(
            label=f"{colour.value.capitalize()} token", checked=None if selected is None else chosen,
            content=ft.Container(
                key=f"{key}-{colour.value}", on_click=lambda e, c=colour: on_tap(c), border_radius=8,
                content=ft.Column([
                    ft.Container(
                        width=TAP_SMALL, height=TAP_SMALL, border_radius=TAP_SMALL / 2,
                        bgcolor=HATCH_INK[colour], alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(5 if chosen else 1, ft.Colors.PRIMARY if chosen else "#616161"),
                        content=ft.Icon(ft.Icons.CHECK, color="#212121", size=24) if chosen else None),
                    ft.Text(colour.value.capitalize(), size=12, semantics_label=""),  # in the label
                ], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            ),
        ))
    return ft.Row(tiles, wrap=True, spacing=4, run_spacing=4, key=f"tiles-{key}")  # keyed: see `chip`


def fish_colour_choice(selected: FishColor | None, on_tap: Callable[[FishColor], None], key: str) -> ft.Control:
    """Gold, black and green tiles in the fish cards' colours, each named; the chosen one ringed
    and read as checked."""
    tiles = []
    for colour in FishColor:
        chosen = colour is selected
        tiles.append(ft.Semantics(expand=True, checked=chosen, content=ft.Container(
            key=f"{key}-{colour.value}", border_radius=10, bgcolor=FISH_INK[colour],
            padding=ft.Padding.symmetric(vertical=12, horizontal=4),
            border=ft.Border.all(5 if chosen else 0, ft.Colors.PRIMARY),
            content=ft.Text(colour.value.capitalize(), size=16, weight=ft.FontWeight.BOLD, color=FISH_TEXT[colour],
                            text_align=ft.TextAlign.CENTER),
            on_click=lambda e, c=colour: on_tap(c),
        )))
    return ft.Row(tiles, spacing=8, key=f"tiles-{key}")  # keyed: see `chip`


ROW_PICTURE = {True: (ft.Icons.SET_MEAL, "#0277BD", "#E1F5FE"), False: (ft.Icons.LANDSCAPE, "#5D4037", "#D7CCC8")}


def column_choice(first_row: int, on_tap: Callable[[list[bool]], None], key: str) -> ft.Control:
    """Every way the column can hold a fish or a rock in each row from `first_row` up, as pictures of the
    column (top row on top, as on the board; no words, which large text would cut): the one that looks
    like the river is one tap. Read as "Bottom a fish, middle a rock, top a fish"."""
    rows = ROWS[first_row:]
    tiles = []
    for held in product((True, False), repeat=len(rows)):  # a fish everywhere first
        cells = []
        for fish in reversed(held):  # top first
            icon, ink, paper = ROW_PICTURE[fish]
            cells.append(ft.Container(ft.Icon(icon, color=ink, size=26), width=52, height=34, border_radius=6,
                                      bgcolor=paper, alignment=ft.Alignment.CENTER))
        said = ", ".join(f"{row} {'a fish' if fish else 'a rock'}" for row, fish in zip(rows, held))
        name = "".join("F" if fish else "R" for fish in held)
        tiles.append(ft.Semantics(label=said[:1].upper() + said[1:], button=True, content=ft.Container(
            ft.Column(cells, spacing=3, tight=True), key=f"{key}-{name}", padding=5, border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE), on_click=lambda e, h=held: on_tap(list(h)))))
    return ft.Row(tiles, wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER,
                  key=f"tiles-{key}")  # keyed: see `chip`


def stars(filled: int, total: int, what: str, size: float = 22) -> ft.Control:
    """`total` stars, `filled` of them gold; read as "1 of 4 `what`" ("Locations beaten")."""
    icons = [ft.Icon(ft.Icons.STAR if i < filled else ft.Icons.STAR_BORDER, color=STAR_ON if i < filled else STAR_OFF,
                     size=size) for i in range(total)]
    return ft.Semantics(label=f"{filled} of {total} {what}", content=ft.Row(icons, spacing=0, tight=True))


def location_map(campaign: Campaign, adventure: Adventure) -> ft.Control:
    """L1 to L4 in a row: a gold star when beaten, a marker where the next Day is played."""
    tiles = []
    for location in adventure.locations:
        beaten = location.id < campaign.location
        here = location.id == campaign.location
        tiles.append(ft.Container(
            key=f"location-{location.id}", expand=True, padding=8, border_radius=12,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if here else ft.Colors.SURFACE_CONTAINER_HIGH,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if here else None,
            content=ft.Column([
                ft.Icon(ft.Icons.STAR if beaten else ft.Icons.PLACE if here else ft.Icons.STAR_BORDER,
                        color=STAR_ON if beaten else ft.Colors.PRIMARY if here else STAR_OFF, size=30),
                ft.Text(f"L{location.id}", size=16, weight=ft.FontWeight.BOLD),
                ft.Text(location.name, size=12, text_align=ft.TextAlign.CENTER, max_lines=2),
            ], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        ))
    return ft.Row(tiles, spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)


def days_table(campaign: Campaign, adventure: Adventure) -> ft.Control:
    """Every Day of the adventure: where, both scores and the result; Days to come are blank."""
    rows = []
    for n in range(1, adventure.days + 1):
        day = campaign.days[n - 1] if n <= len(campaign.days) else None
        if day is None:
            upcoming = n == len(campaign.days) + 1 and campaign.status(adventure) == "playing"
            cells = [min_width(ft.Text(f"Day {n}", size=15, color=ft.Colors.ON_SURFACE_VARIANT), 56),
                     ft.Text(f"next, at L{campaign.location}" if upcoming else "", size=15, expand=True,
                             color=ft.Colors.PRIMARY)]
        else:
            mark = {"win": ft.Icons.STAR, "loss": ft.Icons.CLOSE, "tie": ft.Icons.DRAG_HANDLE}[day.score.result]
            cells = [
                min_width(ft.Text(f"Day {n}", size=15, weight=ft.FontWeight.W_600), 56),
                min_width(ft.Text(f"L{day.location}", size=15), 30),
                ft.Text(f"You {day.score.your_total}", size=15, expand=True, weight=ft.FontWeight.W_600),
                min_width(ft.Text(f"SA {day.score.angler_total}", size=15), 64),
                ft.Icon(mark, color=STAR_ON if day.score.result == "win" else ft.Colors.ON_SURFACE_VARIANT, size=22),
            ]
        rows.append(ft.Container(ft.Row(cells, spacing=6), key=f"day-row-{n}", height=34))
    return ft.Column(rows, spacing=0)


def challenge_bars(rows: Sequence[Challenge], progress: dict[str, int]) -> ft.Control:
    """A progress bar per Guide Book Challenge row, a gold star when complete."""
    groups: dict[str, list[Challenge]] = {}
    for row in rows:
        groups.setdefault(row.group, []).append(row)
    parts: list[ft.Control] = []
    for group, members in groups.items():
        parts.append(ft.Text(group, size=16, weight=ft.FontWeight.W_600))
        for row in members:
            marked = progress.get(row.id, 0)
            done = marked >= row.boxes
            parts.append(ft.Row([
                min_width(ft.Text(row.label.capitalize() or ("Boxes" if row.boxes > 1 else "Box"), size=14), 104),
                ft.ProgressBar(value=marked / row.boxes, expand=True, bar_height=10, border_radius=5,
                               color=STAR_ON if done else ft.Colors.PRIMARY),
                min_width(ft.Text(f"{marked}/{row.boxes}", size=14, text_align=ft.TextAlign.RIGHT), 40),
                ft.Icon(ft.Icons.STAR if done else ft.Icons.STAR_BORDER, size=20,
                        color=STAR_ON if done else STAR_OFF),
            ], spacing=8, key=f"challenge-{row.id}"))
    return ft.Column(parts, spacing=4)


def setup_card_view(card: SetupCard, skill: str | None, on_draw: Callable[[], None] | None) -> ft.Control:
    """What to set up before the Day, as the journal says."""
    def line(label: str, value: ft.Control | str) -> ft.Control:
        shown = ft.Text(value, size=17, weight=ft.FontWeight.W_600) if isinstance(value, str) else value
        return ft.Row([min_width(ft.Text(label, size=15, color=ft.Colors.ON_SURFACE_VARIANT), 120),
                       ft.Container(shown, expand=True)],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    tiles = ft.Row([ft.Container(ft.Text(str(n), size=16, weight=ft.FontWeight.BOLD), width=30, height=30,
                                 border_radius=6, alignment=ft.Alignment.CENTER,
                                 bgcolor=ft.Colors.TERTIARY_CONTAINER) for n in card.hatch_tiles],
                   spacing=4, wrap=True)
    if not card.skill_card:
        skill_line: ft.Control | str = "none yet"
    elif skill:
        skill_line = f"Skill {skill} (drawn)"
    else:
        skill_line = ft.OutlinedButton("Draw one at random", icon=ft.Icons.STYLE, key="draw-skill",
                                       on_click=lambda e: on_draw() if on_draw else None)
    bonus = [f"+{card.bonus_points} Bonus Points"] if card.bonus_points else []
    bonus += ["7 Fish Bonus +2"] if card.seven_fish_bonus else []
    return ft.Container(
        key="setup-card", padding=14, border_radius=16, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column([
            ft.Text(f"Day {card.day} setup: {card.location}", size=20, weight=ft.FontWeight.BOLD),
            line("Hatch tiles", tiles),
            line("Bonus Hatch Token", "yes: the token left in the bag" if card.bonus_hatch_token else "none at L4"),
            line("Momentum tiles", ", ".join(card.momentum) + " (A side)" if card.momentum else "none yet"),
            line("Finesse at start", str(card.finesse)),
            line("Rocks per deck", str(card.rocks)),
            line("Reel board", card.reel_board),
            line("Skill card", skill_line),
            *([line("Every Day", ", ".join(bonus))] if bonus else []),
        ], spacing=8),
    )


def score_column(title: str, lines: Sequence[BreakdownLine], key: str) -> ft.Control:
    return ft.Container(
        key=key, expand=True, padding=10, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
        content=ft.Column([
            ft.Text(title, size=16, weight=ft.FontWeight.W_600),
            ft.Text(str(total_of(lines)), size=36, weight=ft.FontWeight.BOLD, key=f"{key}-total"),
            *[ft.Row([ft.Text(line.rule, size=13, expand=True), ft.Text(str(line.points), size=14,
                                                                          weight=ft.FontWeight.W_600)],
                     vertical_alignment=ft.CrossAxisAlignment.START)
              for line in lines],
        ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def day_scores(score: DayScore, so_far: bool = False) -> ft.Control:
    """Both scores side by side with their breakdowns, under the result (or who leads, `so_far`) and, when
    the totals are level, why the Day went as it did (the tie-break colours; a tie beats no Location)."""
    return ft.Column([
        ft.Text((SO_FAR_WORDS if so_far else RESULT_WORDS)[score.result], size=22, weight=ft.FontWeight.BOLD,
                key="day-result", color=ft.Colors.PRIMARY if score.result == "win" else ft.Colors.ERROR),
        *([ft.Text(score.tie, size=16, key="day-tie")] if score.tie and not so_far else []),
        ft.Row([score_column("You", score.you, "score-you"),
                score_column("Silent Angler", score.angler, "score-angler")],
               spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=8)
