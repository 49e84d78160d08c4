"""What a screen may ask of the app around it: messages, navigation, shared state, and
who is playing on this phone."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core.actions import TABLE, Actor, nobody
from companion.core.errors import DomainError
from companion.core.players import Player
from companion.core.session_log import SessionRecord
from companion.core.session_manager import SessionManager
from companion.games import registry
from companion.store import Store
from companion.store.table_key import TableKeys
from companion.ui import method_answers  # noqa: F401  (Flet patched: a late answer ends no connection)
from companion.ui.claims import GONE_AFTER, SEATS, PhoneSeats, held_elsewhere
from companion.ui.components.result_picture import Picture
from companion.ui.message_line import MessageLine
from companion.ui.phone import DEVICE, LARGE_TEXT, PLAYER, TEXT_SIZE, PhonePrefs
from companion.ui.taps import keep_late_taps, sent_after_close

log = logging.getLogger(__name__)

EVERYTHING = "*"  # the topic that means: reload all (after a restore)
SETTINGS = "settings"  # the topic pages hear when the roster (or another table setting) changed
TAP_FAILED = ("Something went wrong in Companion with that tap. The screen is drawn again from what is kept: "
              "look, and tap again if it is still needed.")
WHOLE_TABLE = "The whole table"


class HostOnly(DomainError):
    """Something only the machine that serves the app may do."""


@dataclass(frozen=True)
class Hosting:
    """What the machine Companion runs on gives its pages. Only the two entries differ: the laptop
    serving the phones at the table (`companion.laptop.hosting.LAPTOP`) and one phone with no
    computer, Companion running in its browser (`companion.site.phone.ONE_PHONE`). A screen never
    offers what its host cannot do."""

    name: str  # "the laptop", "this phone"
    serves_phones: bool  # other phones join it: who plays on each phone, Invite phones, the table's address
    is_host: Callable[[ft.Page], bool]  # the page may do what only the owner of the data may (restore, delete)
    backups_in_folder: bool  # its backups are listed from its data folder (else each is a file the phone keeps)
    paint: Callable[[Picture], Awaitable[bytes]]  # a result's picture as PNG bytes, drawn with what it has


@dataclass
class AppContext:
    """Shared by every page the host shows: one store, one set of live sessions."""

    store: Store
    sessions: SessionManager
    hosting: Hosting
    rng: random.Random = field(default_factory=random.SystemRandom)
    lan_url: str | None = None  # with --lan: the address phones at the table open
    # Start-up notices the user has not dismissed yet (shared by all pages).
    notices: list[str] = field(default_factory=list)
    table_keys: TableKeys | None = None  # with --lan: the table's secret and code
    seats: PhoneSeats = field(default_factory=PhoneSeats)  # which phone plays as which player
    # Whether the browser agreed to keep the data when the phone runs short of space (the phone build);
    # None where it does not apply (the laptop's own disk).
    data_kept: bool | None = None
    # Where phones keep the app's files (web_files: "/_v/<version>/", kept a year, another name when any
    # file changes); "" on a page nobody serves a file to (the headless tests).
    files_base: str = ""

    def unfinished(self, game: str | None = None) -> list[SessionRecord]:
        """The sessions still under way (of one kind, if given), most recently changed first: an adventure
        won or lost is finished (History keeps it), though its session stays (`SessionKind.kept_in_history`)."""
        kinds = registry.session_kinds()
        return [r for r in self.sessions.open_records(game)
                if not (r.game in kinds and kinds[r.game][1].kept_in_history and self.sessions.over(r.id))]

    def options(self, game_id: str) -> Any:
        """A game's settings as the game reads them (its defaults where unset or damaged)."""
        return self.options_and_problems(game_id)[0]

    def options_and_problems(self, game_id: str) -> tuple[Any, list[str]]:
        """A game's settings, and a sentence for each stored value the game cannot use."""
        return registry.game(game_id).read_options(self.store.settings.game_options(game_id))

    def change_options(self, game_id: str, key: str, value: Any) -> None:
        """Change one of a game's settings (DomainError, nothing written, when the game refuses it)."""
        entry = registry.game(game_id)
        self.store.settings.change_game_options(game_id, lambda doc: entry.change_options(doc, key, value))


class Host:
    """One page's services for the screens it shows (one phone, or one browser tab)."""

    def __init__(self, page: ft.Page, ctx: AppContext, navigate: Callable[[str], None],
                 apply_theme: Callable[[], None], prefs: PhonePrefs, browser_services: bool = True,
                 redraw: Callable[[], None] = lambda: None) -> None:
        self.page = page
        self.ctx = ctx
        self.prefs = prefs
        self.browser_services = browser_services  # False on headless test pages: no browser to answer
        self._navigate = navigate
        self.apply_theme = apply_theme
        self._watched: dict[str, Callable[[], None]] = {}
        self._pending: list[str] = []  # topics other pages changed, not yet drawn here
        self.screen_awake: bool | None = None  # None until the browser answered
        self.is_host = ctx.hosting.is_host(page)
        self.origin = page.session.id  # names this page in the sessions' change records
        # The revision of each session this page last drew: what the player saw when tapping.
        self.shown: dict[str, int] = {}
        self.after_who = "/"  # where the page goes once the phone said who plays on it
        # What screens keep for this page while it is open (History's filter, the page's files).
        self.keep: dict[str, Any] = {}
        self.scroller: Any = page  # what scrolls the shown screen (the page, or a game's page under its parts)
        self.messages = MessageLine(self.run_task)  # the line under the page that says `toast`'s messages
        keep_late_taps(page, lambda: self.shown, lambda exc: self.toast(str(exc)), lambda: self._failed(redraw))
        page.pubsub.subscribe(self._on_message)

    def _failed(self, redraw: Callable[[], None]) -> None:
        """A tap's handler failed (Companion's fault; its traceback is in the log): the screen is drawn again
        from what is kept, and the player told in words, not shown Python's error."""
        redraw()
        self.toast(TAP_FAILED, seconds=10)
        self.page.update()

    def asset(self, relpath: str) -> str:
        """The address of a file of `assets/` (a game's picture): one the phone keeps, asked for once."""
        return self.ctx.files_base + relpath

    # Who plays on this phone --------------------------------------------------------

    @property
    def identity(self) -> str | None:
        """TABLE, a roster player's id, or None when this phone has not said (or its player left the roster,
        or plays on another phone: a player is on one phone at a time)."""
        chosen = self.prefs.get(PLAYER)
        if chosen == TABLE:
            return chosen
        if chosen is not None and self.player is not None:
            return chosen if not self.ctx.hosting.serves_phones or self.ctx.seats.holder(chosen) == self.device \
                else None
        if chosen is None and self.is_host:
            return TABLE  # the host's own screen is the table's until someone says otherwise
        return None

    @property
    def player(self) -> Player | None:
        chosen = self.prefs.get(PLAYER)
        return next((p for p in self.ctx.store.settings.players() if p.id == chosen), None)

    @property
    def actor(self) -> Actor:
        """Who this page's taps are recorded as. The whole table and the host may undo anyone's action;
        a phone of no player (its player left the roster) acts for no seat and undoes only its own."""
        identity = self.identity
        if identity == TABLE:  # the host acts for anyone; the phone passed around, for those without a phone
            elsewhere = frozenset() if self.is_host or not self.ctx.hosting.serves_phones else self.ctx.seats.held()
            return Actor(TABLE, WHOLE_TABLE, undoes_anyone=True, phone=self.phone, elsewhere=elsewhere)
        player = self.player if identity is not None else None
        if player is None:
            return nobody(self.origin)
        return Actor(player.id, player.name, undoes_anyone=self.is_host, phone=self.phone)

    @property
    def phone(self) -> str:
        """This phone as its secret choices name it: a digest of its token (the token itself is what claims
        its seat, and a journal travels in backups); "" on a host no other phone joins."""
        if not self.ctx.hosting.serves_phones:
            return ""
        return hashlib.sha256(self.device.encode()).hexdigest()[:12]

    @property
    def who(self) -> str:
        """'Ana', or 'The whole table'."""
        return self.actor.name

    @property
    def large_text(self) -> bool:
        """This phone reads at 150 % text or more: layouts that put things side by side stack them
        (a game's title beside its picture would break mid-word)."""
        return self.prefs.get(TEXT_SIZE) >= LARGE_TEXT

    @property
    def device(self) -> str:
        """This phone's token (made and kept in its browser the first time it is asked for)."""
        token = self.prefs.get(DEVICE)
        if token is None:
            token = secrets.token_urlsafe(18)
            self.set_pref(DEVICE, token)
        return token

    def set_identity(self, identity: str) -> None:
        """Who plays on this phone from now on: DomainError, nothing changed, for a player on another phone."""
        if identity != TABLE and self.ctx.hosting.serves_phones and \
                not self.ctx.seats.take(identity, self.device, self.origin):
            name = next((p.name for p in self.ctx.store.settings.players() if p.id == identity), "That player")
            raise DomainError(held_elsewhere(name))
        if identity == TABLE:
            self.ctx.seats.release(self.device)
        self.set_pref(PLAYER, identity)

    def take_seat(self) -> None:
        """Sit as the player this phone kept (as its connection came): said in words when another phone
        has them (the phone is then asked who plays on it)."""
        chosen = self.prefs.get(PLAYER)
        if chosen in (None, TABLE) or self.player is None or not self.ctx.hosting.serves_phones:
            return
        if not self.ctx.seats.take(chosen, self.device, self.origin):
            self.toast(held_elsewhere(self.player.name), seconds=12)

    @property
    def frees_players(self) -> bool:
        """The host and the phone passed around free a player for another phone (the phone passed around, only
        one whose phone has gone: `claims.GONE_AFTER`)."""
        return self.is_host or self.identity == TABLE

    def free_player(self, player_id: str) -> None:
        """Let `player_id` play on another phone; the phone that had them is asked who plays on it. A phone
        still there hands its player over itself, or the host frees them: never another phone (issue 64)."""
        if not self.frees_players:
            raise HostOnly("Only the host or the phone passed around the table frees a player for another phone.")
        if not self.is_host and self.ctx.seats.gone_for(player_id) < GONE_AFTER:
            name = next((p.name for p in self.ctx.store.settings.players() if p.id == player_id), "That player")
            raise HostOnly(f"{name}'s phone is still here: {name} hands over on it (tap the name at its top), or "
                           f"the host frees {name}. Once that phone has been gone half a minute (a battery died), "
                           "this phone may free them.")
        self.ctx.seats.free(player_id)
        self.changed(SEATS)

    def set_pref(self, key: str, value: Any) -> None:
        """Keep a setting of this phone (in its browser; the value holds at once)."""
        self.prefs.values[key] = value

        async def save() -> None:
            await self.prefs.save(key, value)

        self.run_task(save)

    def run_task(self, work: Callable[[], Awaitable[Any]]) -> None:
        """Run `work` on the page's loop in the background; nothing once the phone has left (Flet's page
        then has no connection, and its `run_task` raised: a phone that left while its first screen was
        drawn left a traceback in the log). A phone that comes back is drawn again from what is kept.
        `work` cut short because the phone left as it ran is said in the log in a line, not a traceback."""
        if self.page.session.connection is None:
            return

        async def run() -> None:
            try:
                await work()
            except Exception as exc:
                if self.page.session.connection is not None and not sent_after_close(exc):
                    raise  # a fault of Companion's: Flet logs it with its traceback
                log.info("the phone left while %s ran: %r", getattr(work, "__qualname__", work), exc)

        self.page.run_task(run)

    def require_host(self, what: str) -> None:
        if not self.is_host:
            raise HostOnly(f"{what} is done on the host: the machine Companion runs on.")

    # Browser services ---------------------------------------------------------------

    def ask_browser(self, call: Callable[[], Awaitable[Any]], timeout: float = 5.0) -> None:
        """Run a browser service call in the background; a browser that cannot (or does not
        answer) is not an error: these calls are comforts (a buzz, a wake lock)."""
        if not self.browser_services:
            return

        async def run() -> None:
            try:
                await asyncio.wait_for(call(), timeout)
            except (TimeoutError, RuntimeError) as exc:
                log.info("the browser did not do %s: %r", call, exc)

        self.run_task(run)

    def navigate(self, route: str) -> None:
        self._navigate(route)

    def toast(self, message: str, undo: Callable[[], None] | None = None, seconds: int = 5) -> None:
        """A short message under the page (`MessageLine`); with `undo`, an Undo button that takes the
        change back."""
        self.messages.say(message, (lambda: self.attempt(undo)) if undo else None, seconds)

    def attempt(self, fn: Callable[[], Any] | None) -> bool:
        """Run `fn`; a refusal of the rules is shown to the player instead of raised."""
        if fn is None:
            return False
        try:
            fn()
        except DomainError as exc:
            self.toast(str(exc))
            return False
        return True

    # Other pages showing the same thing -----------------------------------------

    def changed(self, topic: str) -> None:
        """Tell the other pages that what `topic` names has changed (EVERYTHING: all of it)."""
        self.page.pubsub.send_others(topic)

    def watch(self, topic: str, refresh: Callable[[], None]) -> None:
        """Call `refresh` when another page changes `topic` (one watcher per topic)."""
        self._watched[topic] = refresh

    def refresh(self, topic: str) -> None:
        """Run this page's own watcher of `topic` (something only this page knows changed)."""
        refresh = self._watched.get(topic)
        if refresh is not None:
            refresh()

    def unwatch_all(self) -> None:
        self._watched.clear()

    async def _on_message(self, topic: Any) -> None:
        # A coroutine, so pubsub runs it on the event loop: one page's redraws and taps
        # then never run at the same time on two threads. Changes that come together
        # (the whole table tapping at once) are drawn once, after the last of them.
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._draw_pending)
        if topic not in self._pending:
            self._pending.append(topic)

    def _draw_pending(self) -> None:
        topics, self._pending = self._pending, []
        if EVERYTHING in topics:  # one watcher may redraw everything (the shell), else each does its part
            refreshers = [self._watched[EVERYTHING]] if EVERYTHING in self._watched else list(self._watched.values())
        else:
            refreshers = [self._watched[t] for t in topics if t in self._watched]
        # Each watcher sends its own changes to the browser (a whole-page update would
        # compare every control again).
        for refresh in dict.fromkeys(refreshers):
            try:
                refresh()
            except Exception as exc:
                if not sent_after_close(exc):
                    raise
                log.info("the phone left while its page was drawn again: %r", exc)
                return

    def connection(self, connected: bool) -> None:
        """This page lost its connection or has it again: a phone with none connected for a while is gone
        (its player may then be freed by the phone passed around: `free_player`)."""
        if self.prefs.get(DEVICE) is None:
            return
        if connected:
            self.ctx.seats.connected(self.device, self.origin)
        else:
            self.ctx.seats.disconnected(self.device, self.origin)
            if self.ctx.hosting.serves_phones:  # still gone then: the phone passed around offers to play its player
                with contextlib.suppress(RuntimeError):  # Flet calls it on its loop; nothing to tell elsewhere
                    asyncio.get_running_loop().call_later(GONE_AFTER + 0.5, self.page.pubsub.send_all, SEATS)

    def close(self) -> None:
        self.page.pubsub.unsubscribe_all()
        self._watched.clear()
        if self.prefs.get(DEVICE) is not None:
            self.ctx.seats.closed(self.device, self.origin)  # some time after the phone went: free once all are
