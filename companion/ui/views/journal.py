"""Journal tab: Fly Solo adventures. `/journal` lists them and starts a new one;
`/journal/<id>` is an adventure's page, `/journal/<id>/record` records its next Day and
`/journal/<id>/angler` runs the Silent Angler assistant for it."""

from __future__ import annotations

import flet as ft

from companion.core.errors import DomainError
from companion.core.session import SessionRecord
from companion.games.fly_solo import journal as j
from companion.games.fly_solo.journal import Campaign
from companion.ui.components.common import empty_state
from companion.ui.components.fly_solo import stars
from companion.ui.components.help import help_button
from companion.ui.host import Host
from companion.ui.theme import TAP, big_button_style
from companion.ui.views.screen import Screen

HELP = """\
**The adventure** (Fly Solo): up to seven Days at four Locations played in order, L1 Crooked Fork,
L2 Hunter's Cabin, L3 Snake Run, L4 Coldwater Cove. Beat the Silent Angler at your Location to move
on (a tie is not a win); beat L4 within seven Days to win the adventure.

**Badges**: the free Badge unlocks your first Momentum tile before Day 1. You earn one for each
completed Guide Book Challenge row and one for each Location beaten, even on a lost Day. Each Badge
buys one Journal Upgrade: Momentum tiles 1A to 5A (any order, each once), Finesse at start 1 to 4 (in
order), Rocks per deck 2 then 3, the New Rod (Reel board 3B or 4B, for good), a Skill card every Day,
the 7 Fish Bonus (+2 when you catch seven first), Bonus Points +1 (up to six).

**Guide Book Challenges** are ticked from the fish you record: Species Goals and Balanced Fishing
one box per fish, The Big Ones for a fish of that species with the printed points and colour (the
button names it, e.g. "Black 4-point Brook"), Bonus Hatch Token one box per token you gained that
matches it, in (A) until it is full, then in (B); 8 Fish for a Day of eight fish.

**Scoring**: you score as in the 2-4 player game, plus 1 per hatch token matching the Bonus Hatch
Token (none at L4), your Bonus Points and the 7 Fish Bonus. The Silent Angler scores its fish, the
common achievements against you (its Bonus Hatch Token matches too, except at L4), its achievement
track and its Location's achievements (Appendix B). First to seven fish needs no answer: your three
turns come before the Silent Angler's in every round and the Day ends with that round, so if you have
seven fish you were first; otherwise the Silent Angler with seven was.

**Chosen numbers.** The map's pictures did not survive in the rulebook text, so these are *chosen
defaults*: achievement track points 0, 1, 2, 4, **6**, 8, 10, 12, 15 by space (only the fourth space's
6 is in the text); the colour wheel yellow, green, tan, blue, orange, white (a 1 points at yellow);
L3's fish colours gold 3, black 2, green 1; boxes: Species Goals 5, Balanced Fishing 8; The Big Ones'
colour black for every species (the text gives only the Brook's: "a Black four-point Brook"). From
the text: the Big Ones' points, Bonus Hatch Token (A) and (B) 5 boxes each, 8 Fish 1 box, hatch
tiles 4 4 4 4 4 4 5 (L4: 4 4 4 4 4 5 5). To match your
printed map, copy `games/fly_solo/adventure.json` from the app's assets into the data folder's
`custom/` folder and edit it; the app checks it when it starts.
"""


def journal_screen(host: Host, arg: str | None = None) -> Screen:
    """The Journal tab's screen for its route."""
    if not arg:
        return AdventuresScreen(host)
    campaign, _, part = arg.partition("/")
    if part == "record":
        from companion.ui.views.journal_record import DayRecordScreen
        return DayRecordScreen(host, campaign)
    if part == "angler":
        from companion.ui.views.journal_angler import AnglerScreen
        return AnglerScreen(host, campaign)
    from companion.ui.views.journal_campaign import CampaignScreen
    return CampaignScreen(host, campaign)


def summary(state: Campaign) -> str:
    status = state.status(j.RULES.adventure)
    if status == "won":
        return f"Won in {len(state.days)} Days"
    if status == "lost":
        return f"Lost: L{state.location} was not beaten in seven Days"
    spend = f" · {state.badges_to_spend} Badge{'s' if state.badges_to_spend != 1 else ''} to spend" \
        if state.badges_to_spend else ""
    return f"Day {state.next_day} of {j.RULES.adventure.days} at L{state.location}{spend}"


class AdventuresScreen(Screen):
    title = "Journal"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("sessions", self.render)
        self.name = ft.TextField(label="Name of the new adventure", key="adventure-name", text_size=18,
                                 max_length=j.MAX_NAME, value=self._default_name(),
                                 on_submit=lambda e: self._start())

    def build(self) -> list[ft.Control]:
        records = self.ctx.sessions.open_records(j.GAME)
        cards = [self._card(r) for r in records]
        return [
            ft.Row([ft.Text("Fly Solo adventures", size=22, weight=ft.FontWeight.W_600, expand=True),
                    help_button(lambda: self.host.page, "Fly Solo adventure", HELP)]),
            *(cards or [empty_state(ft.Icons.MENU_BOOK, "No adventure yet",
                                    "Start one below: the journal keeps your seven Days, Badges, upgrades and "
                                    "Guide Book Challenges, for as many weeks as it takes.")]),
            ft.Container(
                padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Column([
                    ft.Text("New adventure", size=18, weight=ft.FontWeight.W_600),
                    self.name,
                    ft.FilledButton("Start the adventure", icon=ft.Icons.HIKING, key="start-adventure", height=TAP,
                                    style=big_button_style(), on_click=lambda e: self._start()),
                ], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ),
        ]

    def _card(self, record: SessionRecord) -> ft.Control:
        try:
            state: Campaign = self.ctx.sessions.get(record.id).state
        except DomainError as exc:  # a damaged file: say so, keep listing the others
            return ft.Text(f"{record.title}: {exc}", color=ft.Colors.ERROR)
        return ft.Container(
            key=f"adventure-{record.id}", padding=14, border_radius=16, bgcolor=ft.Colors.SECONDARY_CONTAINER,
            on_click=lambda e: self.host.navigate(f"/journal/{record.id}"),
            content=ft.Row([
                ft.Column([
                    ft.Text(state.name, size=20, weight=ft.FontWeight.W_600),
                    ft.Text(summary(state), size=15),
                    stars(state.beaten, len(j.RULES.adventure.locations)),
                ], spacing=4, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT, size=32),
            ]),
        )

    def _default_name(self) -> str:
        return f"Adventure {self.ctx.store.clock():%d %b}"

    def _start(self) -> None:
        name = self.name.value or ""

        def create() -> None:
            session = self.ctx.sessions.create(j.GAME, {"name": name}, name.strip())
            self.host.changed("sessions")
            self.host.navigate(f"/journal/{session.id}")

        if not self.host.attempt(create):
            self.render()
