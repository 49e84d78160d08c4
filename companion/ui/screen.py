"""The base of every screen: build controls from state, rebuild on change."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable

import flet as ft

from companion.ui import flet_diff  # noqa: F401 (mends Flet's diff, at import)
from companion.ui.host import Host
from companion.ui.sibling_keys import unique_keys
from companion.ui.theme import REFUSED_OPACITY


class Screen(ABC):
    """A screen of the app. It reads state, draws it, and turns taps into actions.

    `render()` rebuilds the screen and sends it to the browser itself: a redraw may
    follow a tap elsewhere (a dialog, another device), which Flet's automatic update
    after a handler would not cover. Parts that did not change are reused through
    `memo`, so Flet diffs them instead of sending them again.

    A drawing may `pin` the screen's main action: a full-width button in `action_bar`, which the
    shell lays under the page's scrolled area and above the navigation bar. On screen however long
    the page is, never scrolled away, and never over a control: the scrolled page ends above it (a
    button floating over the page ran its action for taps meant for the controls under it).
    """

    title: str = ""
    # The rules help this screen opens from the app bar's "?" (title, Markdown): beside the screen's
    # other buttons there, not on a title line of its own, which pushed each game's next tap down.
    rules_help: tuple[str, str] | None = None
    # The tab bar under the page. A form with a way back of its own and its action pinned hides it: its
    # 80 px are the form's (Fly Solo's record: the points on the card and all eight species in view). A
    # screen that is a form only for a while makes it a property (Freshwater Fly's score sheet, being filled).
    tabs: bool = True
    tab_bar: ft.NavigationBar | None = None  # the shell's, under this screen (None: a view without tabs)

    def __init__(self, host: Host, arg: str | None = None) -> None:
        self.host = host
        self.ctx = host.ctx
        self.arg = arg
        self.body = ft.Column(spacing=16, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                              key=f"screen-{type(self).__name__}")
        self._live = False
        self._memo: dict[Hashable, ft.Control] = {}
        self._memo_next: dict[Hashable, ft.Control] = {}
        self.main_button = ft.FilledButton(icon=ft.Icons.CHECK, key="main-action", expand=True)  # none pinned yet
        self.action_bar = ft.Container(ft.Row([self.main_button]), padding=ft.Padding.only(bottom=12), key="action-bar")
        self.action_place: ft.Control | None = None  # what the view holds (`place_action`): hidden when none
        self._pinned: tuple[str, ft.IconData, str, Callable[[], None], bool] | None = None

    def place_action(self, wrap: Callable[[ft.Control], ft.Control]) -> ft.Control:
        """The pinned action's bar in `wrap`, for the view: the whole of it hidden while nothing is pinned
        (a hidden bar in a shown wrapper left a gap between the page and the navigation bar)."""
        self.action_place = wrap(self.action_bar)
        self.action_place.visible = self._pinned is not None
        return self.action_place

    def mount(self) -> ft.Control:
        """The screen's root control, drawn from the current state; it goes out with its view."""
        self._memo = {}  # a new view: nothing drawn before can be reused
        self._draw()
        self._live = True
        return self.body

    def render(self) -> None:
        """Bring the screen up to date with the state and send the change to the browser."""
        if not self._live:
            return
        pinned = self._pinned_look()
        self._draw()
        parts = self.changed_parts()
        if parts is None:
            self.body.update()
        elif parts:
            self.host.page.update(*parts)
        place = self.action_place
        if self._pinned_look() != pinned and place is not None and place.parent is not None:
            self.host.page.update(place)
        bar = self.tab_bar
        if bar is not None and bar.visible != self.tabs and bar.parent is not None:
            bar.visible = self.tabs
            bar.update()

    def pin(self, label: str, icon: ft.IconData, key: str, on_click: Callable[[], None],
            enabled: bool = True, why: str = "") -> None:
        """This drawing's main action: on screen above the navigation bar, whatever is scrolled. Not `enabled`,
        it is drawn faded, and a tap on it says `why` (issue 65: a disabled button answered nothing)."""
        refused = (lambda: self.host.toast(why)) if why else None  # no words: disabled, as before
        self._pinned = (label, icon, key, on_click if enabled else refused, enabled)

    def _draw(self) -> None:
        self._pinned = None
        self.refresh()
        unique_keys(self.body, name_new=True)  # the phone keeps what did not change; no two siblings share a key
        pinned = self._pinned
        label, icon, key, on_click, enabled = pinned or (None, ft.Icons.CHECK, "main-action", None, False)
        if (self.main_button.content, self.main_button.icon, self.main_button.key) != (label, icon, key):
            # Another action, or none: a button of its own, so that a tap the phone sent on the one before
            # (a late "Save to history") never runs this one (`taps.late_tap` answers it).
            self.main_button = ft.FilledButton(label, icon=icon, key=key, expand=True)
            self.action_bar.content.controls = [self.main_button]
        if self.action_place is not None:
            self.action_place.visible = pinned is not None
        self.main_button.disabled = on_click is None
        self.main_button.opacity = REFUSED_OPACITY if not enabled and on_click is not None else 1.0
        if on_click is not None:
            self.main_button.on_click = lambda e: on_click()

    def _pinned_look(self) -> tuple[object, ...]:
        button = self.main_button
        return self._pinned is not None, button.content, button.icon, button.key, button.disabled, button.opacity

    def changed_parts(self) -> list[ft.Control] | None:
        """The controls the last `refresh` changed, when a screen knows (None: the whole body).
        A big screen sends less this way: Flet compares every control of what is updated."""
        return None

    def refresh(self) -> None:
        """Bring the controls up to date. By default they are built again (see `memo`);
        a screen on a hot path keeps its controls and changes them in place instead."""
        self._memo_next = {}
        self.body.controls = list(self.build())
        self._memo = self._memo_next

    def memo(self, key: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
        """The control drawn last time for `key`, or a new one from `build`.

        `key` must name everything the control shows and be unique on the screen
        (a control can be in only one place).
        """
        control = self._memo.get(key)
        if control is None:
            control = build()
        assert key not in self._memo_next, f"memo key {key!r} used twice in one drawing"
        self._memo_next[key] = control
        return control

    def player_scrolled(self) -> None:
        """The player scrolled the page themselves (`PageScroll` stops asking for its own scroll then)."""

    def dispose(self) -> None:
        """The screen left the page: later redraws are ignored."""
        self._live = False

    @abstractmethod
    def build(self) -> list[ft.Control]:
        """The controls that show the current state."""
