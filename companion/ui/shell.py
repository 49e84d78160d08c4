"""The app shell: routes, the navigation bar, the app bar, notices, theme, wake lock (`screen_awake.py`),
and who plays on this phone.

The navigation bar holds Games, Dice and History (see `routes.py`); a game's page is
drawn under Games, with its title and a way back to all games in the app bar and, when
it has several parts (Freshwater Fly's draft, Strike cards and scoring), a row to go
from one to another. Settings, Unfinished sessions, Who and Invite are shown on top of
the last tab with a back button. The route is in the browser's address, so a reload
shows the same screen; a route of an earlier version is taken to its new place. A phone
that has not said who plays on it is asked first (`/who`), then shown where it was going.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.core.actions import TABLE
from companion.games.registry import load
from companion.join_trace import mark
from companion.ui.claims import SEATS
from companion.ui.components.common import Segment, notice_card, segments
from companion.ui.components.help import help_button
from companion.ui.host import EVERYTHING, AppContext, Host
from companion.ui.phone import THEME, PhonePrefs
from companion.ui.routes import HOME, TABLE_PAGES, WHO, Place, game_route, place
from companion.ui.screen import Screen
from companion.ui.screen_awake import ScreenAwake
from companion.ui.theme import THEME_MODES, themes

# The views' padding: none at the bottom, where the page scrolls to the navigation bar's edge (its end
# padded inside the scroll) and the pinned action keeps its own.
VIEW_PADDING = ft.Padding.only(left=16, top=16, right=16)
# The page's scroll events, at most one of a kind this often (ms): only the player's own scroll is wanted, not a
# message to the server for each frame of it.
SCROLL_EVENTS = 250


@dataclass(frozen=True)
class Tab:
    name: str
    label: str
    icon: ft.IconData
    selected_icon: ft.IconData
    screen: str  # "module:callable" making the screen, imported when first shown


SCREENS = "companion.ui.screens"
TABS = (
    Tab("games", "Games", ft.Icons.EXTENSION_OUTLINED, ft.Icons.EXTENSION, f"{SCREENS}.games:GamesScreen"),
    Tab("dice", "Dice", ft.Icons.CASINO_OUTLINED, ft.Icons.CASINO, f"{SCREENS}.dice:DiceScreen"),
    Tab("history", "History", ft.Icons.HISTORY_OUTLINED, ft.Icons.HISTORY, f"{SCREENS}.history:HistoryScreen"),
)
TAB_INDEX = {tab.name: i for i, tab in enumerate(TABS)}
# Flutter's navigator keys each view by its route and draws a view of a new route as a page pushed over
# the last, zooming or sliding in for 300 ms (its first frame blank). The tab view keeps the route of the
# view a page starts with (Flet's): the first screen, a tab and a game's page are drawn in its place, at
# once (the first screen of a join about 50 ms sooner: docs/join-trace.md). What a view shows is its
# `data`; a page on top has its own route, pushed over the tab with a way back.
TAB_VIEW = "/"
PAGES = {"settings": f"{SCREENS}.settings:SettingsScreen", "sessions": f"{SCREENS}.sessions:SessionsScreen",
         "who": f"{SCREENS}.who:WhoScreen", "invite": f"{SCREENS}.invite:InviteScreen"}


def initials(name: str) -> str:
    """'AN' for 'Ana Nunes', 'AN' for 'Ana', '李' for '李娜': what fits in the app bar's circle."""
    words = name.split()
    if len(words) > 1:
        return (words[0][:1] + words[-1][:1]).upper()
    return name[:2].upper() if name.isascii() else name[:1]


def make_screen(host: Host, where: Place) -> Screen:
    """The screen that shows `where` (a tab, a game's part, or a page)."""
    if where.part is not None:
        maker: Callable[[Host, str | None], Screen] = load(where.part.screen)
    elif where.is_tab:
        maker = load(TABS[TAB_INDEX[where.name]].screen)
    else:
        maker = load(PAGES[where.name])
    return maker(host, where.arg)


class Shell:
    """Everything around the screens of one page (one browser tab)."""

    def __init__(self, page: ft.Page, ctx: AppContext, prefs: PhonePrefs, browser_services: bool = True) -> None:
        self.page = page
        self.ctx = ctx
        self.host = Host(page, ctx, navigate=self.go, apply_theme=self.apply_theme, prefs=prefs,
                         browser_services=browser_services, redraw=self.reload)
        self.route: str | None = None
        self.last_tab = place(HOME)  # the tab (or game page) under a page shown on top
        self.screens: list[Screen] = []
        self._drawing = 0  # screens made so far: their scrolled area is keyed by it
        self._awake = ScreenAwake(self.host)  # the screen kept on, asked once the first screen is drawn
        self._address = page.route  # what the browser's address bar holds, as far as the server knows
        self._pushed: list[str] = []  # addresses put there whose route change has not come back yet

    async def start(self) -> None:
        page = self.page
        page.title = "Companion"
        page.theme, page.dark_theme = themes()
        # At once: faded in from the loading screen's (blue), the first frames redrew the whole screen.
        page.theme_animation_style = ft.AnimationStyle.no_animation()
        page.on_route_change = self._route_changed
        page.on_view_pop = self._view_popped
        # Not on disconnect: a reload or a blip re-attaches the phone to this same page
        # session, which must go on hearing the other phones. Flet closes it once expired.
        page.on_close = lambda e: self.host.close()
        page.on_disconnect = lambda e: self.host.connection(False)
        page.on_connect = lambda e: self.host.connection(True)
        if self.host.browser_services and self.host.prefs.asks_browser:
            page.update()  # the browser learns of its storage before it is asked for what it keeps
        await self.host.prefs.load()
        mark("the phone's own settings read")
        self.host.take_seat()  # its player, unless another phone plays as them (then it is asked who plays)
        self.apply_theme(send=False)  # sent with the first screen: Flutter builds the app once, not twice
        self.route = None  # drawn again with what the phone kept (a route change may have come meanwhile)
        self.show(page.route)
        mark(f"the first screen sent ({self.route})")
        if self.host.browser_services:
            self.host.run_task(self._awake.keep)

    # Navigation -------------------------------------------------------------------

    def go(self, route: str) -> None:
        """Show `route` now and put it in the browser's address bar."""
        self.show(route)
        self._put_in_address_bar(self.route or HOME)

    def _put_in_address_bar(self, route: str) -> None:
        """Flet's push_route: the browser answers with a route change of `route` (once it differs from the
        address it has), the server's own word coming back, maybe after a newer tap: it is not obeyed."""
        if route != self._address:
            self._pushed.append(route)
            self._address = route
        self.page.navigate(route)

    def _route_changed(self, e: ft.RouteChangeEvent) -> None:
        """The address changed: the server's own push coming back (nothing to do: what it showed, or a newer
        screen, is shown), or the player's (the browser's Back or Forward, a link)."""
        if e.route in self._pushed:
            del self._pushed[:self._pushed.index(e.route) + 1]
            return
        self._address = e.route
        self.show(e.route)

    def _view_popped(self, e: ft.ViewPopEvent) -> None:
        """The player's way back (the phone's back button, a swipe) from the page on top. Flutter's navigator
        also says a page went once its closing slide has ended, after a newer page may be on top (a tap
        within the slide): that word is about a page already gone, and closes nothing."""
        if e.view is not None and len(self.page.views) > 1 and e.view is self.page.views[-1]:
            self.go(self.last_tab.route)

    def show(self, route: str) -> None:
        """Draw the screen(s) for `route` (nothing happens if it is already shown). An earlier
        version's route (a saved link, a tab left open) is shown at its new place, and the
        address bar says so."""
        where = place(route)
        if where.name in TABLE_PAGES and not self.ctx.hosting.serves_phones:
            where = place(HOME)  # no other phone joins this host: nobody to invite, and it plays for the table
        if self.host.identity is None and where.name != "who":
            self.host.after_who = where.route  # ask first, then go there
            where = place(WHO)
        elif where.route != route.split("?")[0].rstrip("/") and self.host.browser_services:
            self._put_in_address_bar(where.route)
        if where.route == self.route:
            return
        self.route = where.route
        self._make_screens(where)
        self._redraw()

    def _make_screens(self, where: Place) -> None:
        self._drawing += 1
        for screen in self.screens:
            screen.dispose()
        self.host.unwatch_all()
        self.host.watch("notices", self._show_notices)
        self.host.watch(EVERYTHING, self.reload)
        self.host.watch(SEATS, self._seat_freed)
        if where.is_tab:
            self.last_tab = where
            self.screens = [make_screen(self.host, where)]
        elif self._asks_who_first():
            self.screens = [make_screen(self.host, where)]
        else:
            self.screens = [make_screen(self.host, self.last_tab), make_screen(self.host, where)]

    def _seat_freed(self) -> None:
        """A player was freed for another phone, or a phone has been gone a while: if it was this phone's player,
        it is asked who plays on it now; else its screen is drawn again (the phone passed around offers to play
        a player whose phone has gone: `SeatView.phones_gone`)."""
        if self.host.identity is None and self.route != WHO:
            route, self.route = self.route, None
            self.show(route or HOME)
        elif self.screens:
            self.screens[-1].render()

    def _asks_who_first(self) -> bool:
        """A phone that has not said who plays on it is shown only that question, in the tab view's
        place: nothing under it to go back to, and no tab drawn under it (pushed over one, the
        question's first frame showed the Games screen, a first visit 200 ms later)."""
        return self.host.identity is None

    def _redraw(self) -> None:
        self._notice_columns: list[ft.Column] = []
        if self._asks_who_first():
            views = [self._page_view(self.screens[0], first=True)]
        else:
            views = [self._tab_view(self.screens[0]), *(self._page_view(s) for s in self.screens[1:])]
        self.page.views[:] = views
        self.page.update()

    # Views ------------------------------------------------------------------------

    def reload(self) -> None:
        """Draw the current screens again from what is stored now (after a restore). The views
        stay (a dialog closing over them is not disturbed); what they show is new."""
        if self.route is None:
            return
        self._make_screens(place(self.route))
        self._notice_columns = []
        for i, (view, screen) in enumerate(zip(self.page.views, self.screens)):
            shown = self._scrolled(screen, self._parts_row() if i == 0 and not self._asks_who_first() else None)
            view.controls, view.scroll, view.spacing = shown["controls"], shown["scroll"], shown["spacing"]
        self.page.update()

    def _who_button(self) -> ft.Control:
        """Who plays on this phone, in the app bar (initials in a circle, or the table's icon);
        tap to change. Small whatever the text size, so the screen's title keeps its room."""
        who = self.host.who
        table = self.host.identity == TABLE
        badge = ft.CircleAvatar(
            content=ft.Icon(ft.Icons.GROUPS, size=22) if table else ft.Text(initials(who), size=15,
                                                                             weight=ft.FontWeight.W_600,
                                                                             semantics_label=""),  # in the label
            radius=17, bgcolor=ft.Colors.SECONDARY_CONTAINER, color=ft.Colors.ON_SECONDARY_CONTAINER)
        return ft.Semantics(label=f"Playing on this phone: {who}", button=True, key="who-label", content=ft.Container(
            key="who", width=48, height=48, border_radius=24, alignment=ft.Alignment.CENTER,
            content=badge, on_click=lambda e: self._ask_who()))

    def _help(self, screen: Screen) -> list[ft.Control]:
        """The screen's rules help, a "?" in the app bar (none when it has none)."""
        if screen.rules_help is None:
            return []
        title, text = screen.rules_help
        return [help_button(lambda: self.page, title, text)]

    def _ask_who(self) -> None:
        self.host.after_who = self.route or HOME
        self.go(WHO)

    def _tab_view(self, screen: Screen) -> ft.View:
        tab = self.last_tab
        game = tab.game
        return ft.View(
            route=TAB_VIEW, data=tab.route,
            appbar=ft.AppBar(
                # A game's page shows the game's picture: its name would not fit beside who plays here.
                title=ft.Image(src=self.host.asset(game.picture), width=40, height=40, border_radius=10,
                               semantics_label=game.title, key="game-picture") if game else ft.Text(screen.title),
                leading=ft.IconButton(ft.Icons.ARROW_BACK, tooltip="All games", key="all-games",
                                      on_click=lambda e: self.go(HOME)) if game else None,
                actions=[
                    *self._help(screen),
                    *([self._who_button()] if self.ctx.hosting.serves_phones else []),
                    ft.IconButton(ft.Icons.PENDING_ACTIONS, tooltip="Unfinished sessions",
                                  on_click=lambda e: self.go("/sessions")),
                    ft.IconButton(ft.Icons.SETTINGS, tooltip="Settings", on_click=lambda e: self.go("/settings")),
                ],
            ),
            navigation_bar=self._tab_bar(tab, screen),
            **self._scrolled(screen, self._parts_row()),
            padding=VIEW_PADDING,
        )

    def _tab_bar(self, tab: Place, screen: Screen) -> ft.NavigationBar:
        """The tabs under the page; hidden while `screen.tabs` says so (`Screen.render` keeps it in step)."""
        bar = ft.NavigationBar(
            key="nav",
            selected_index=TAB_INDEX[tab.name],
            destinations=[
                ft.NavigationBarDestination(icon=t.icon, selected_icon=t.selected_icon, label=t.label)
                for t in TABS
            ],
            on_change=lambda e: self.go(f"/{TABS[e.control.selected_index].name}"),
            visible=screen.tabs,
        )
        screen.tab_bar = bar
        return bar

    def _scrolled(self, screen: Screen, parts: ft.Control | None) -> dict:
        """The view's controls: a game's parts row (if any), the page's scrolled area, the message line
        (`MessageLine`, shown only while it has something to say) and the screen's pinned action under
        it. The parts row stays above the page's scroll, always in view: scrolled with the page, its
        chips went out of sight while a screen reader's nodes for them stayed under the app bar's
        buttons (a tap on "Score" opened "Who is playing?"). The pinned action and the messages are laid
        under the scrolled area, not over it: floating over the page, they took taps meant for the
        controls they covered."""
        # Keyed by the drawing: screens drawn anew (a restore) share no control with the ones before, so a
        # tap the phone sent on an old control reaches none of the new ones.
        page = ft.Column([ft.Container(self._frame(screen), padding=ft.Padding.only(bottom=16))],
                         scroll=ft.ScrollMode.AUTO, expand=True, key=f"page-{self._drawing}",
                         on_scroll=lambda e: self._scrolled_by(screen, e), scroll_interval=SCROLL_EVENTS)
        self.host.scroller = page
        above = [self._centred(parts)] if parts is not None else []
        message = self.host.messages.control(self._centred)
        bar = screen.place_action(self._centred)
        return {"controls": [*above, page, message, bar], "scroll": None, "spacing": 12}

    @staticmethod
    def _scrolled_by(screen: Screen, event: ft.OnScrollEvent) -> None:
        """The page scrolled: by the player's finger (or wheel), `screen` is told (a scroll it asked and asks
        again, once the phone has drawn, is not made over the player's). The app's own scrolls are jumps, which
        Flutter does not report as the user's. Nothing to draw: no update after it."""
        ft.context.disable_auto_update()
        if event.event_type == ft.ScrollType.USER and event.direction not in (None, ft.ScrollDirection.IDLE):
            screen.player_scrolled()

    def _parts_row(self) -> ft.Control | None:
        """On the page of a game with several parts: one big button each, the shown one marked. At large text
        three parts (Freshwater Fly's) wrapped to two rows, 160 px pinned over every step: the parts not shown
        are their picture only then (their name what a screen reader hears), the row one line."""
        game, shown = self.last_tab.game, self.last_tab.part
        listed = [p for p in game.parts if p.listed] if game is not None else []
        if shown is None or shown not in listed or len(listed) < 2:
            return None
        tab_names = {t.label for t in TABS}
        # A part named as a tab ("Dice") is read out with its game's name: one name, one control.
        return segments([Segment(p.id, p.label, getattr(ft.Icons, p.icon),
                                 f"{game.title} {p.label.lower()}" if p.label in tab_names else None)
                         for p in listed], shown.id, lambda part: self.go(game_route(game, part)), key="game-parts",
                        pictured=self.host.large_text and len(listed) > 2)

    def _page_view(self, screen: Screen, first: bool = False) -> ft.View:
        """A page on top of the tab view, with a way back; `first`: the only view, in the tab view's place."""
        return ft.View(
            route=TAB_VIEW if first else self.route, data=self.route,
            appbar=ft.AppBar(
                title=ft.Text(screen.title),
                leading=None if first else ft.IconButton(ft.Icons.ARROW_BACK, tooltip="Back",
                                                         on_click=lambda e: self.go(self.last_tab.route)),
                actions=self._help(screen),
            ),
            **self._scrolled(screen, None),
            padding=VIEW_PADDING,
        )

    def _frame(self, screen: Screen) -> ft.Control:
        """The screen centred, at most a comfortable reading width on a desktop, under any notices."""
        notices = ft.Column(spacing=8)
        self._notice_columns.append(notices)
        self._fill_notices(notices)
        return self._centred(ft.Column([notices, screen.mount()], spacing=16))

    @staticmethod
    def _centred(content: ft.Control) -> ft.Control:
        return ft.ResponsiveRow([ft.Container(content, col={"xs": 12, "md": 10, "lg": 8, "xl": 6})],
                                alignment=ft.MainAxisAlignment.CENTER)

    def _fill_notices(self, column: ft.Column) -> None:
        column.controls = [notice_card(text, lambda t=text: self._dismiss(t), key=f"notice-{i}")
                           for i, text in enumerate(self.ctx.notices)]
        column.visible = bool(column.controls)

    def _show_notices(self) -> None:
        for column in self._notice_columns:
            self._fill_notices(column)
            column.update()

    def _dismiss(self, text: str) -> None:
        if text in self.ctx.notices:
            self.ctx.notices.remove(text)
        self.ctx.store.dismiss_notice(text)  # told: not again at the next start
        self.host.changed("notices")
        self._show_notices()

    # Theme --------------------------------------------------------------------------

    def apply_theme(self, send: bool = True) -> None:
        """This phone's own theme (sent now, or with the next update)."""
        self.page.theme_mode = THEME_MODES[self.host.prefs.get(THEME)]
        if send:
            self.page.update()
