"""History: every finished play, filtered and a page at a time; one play's breakdown, its
picture to share, edit or delete it; the stats and charts; Fly Solo's adventures; export and import.

Routes: `/history` (the plays), `/history/stats`, `/history/fly-solo[/<adventure>]`, `/history/<play id>`.
"""

from __future__ import annotations

import base64
from datetime import datetime

import flet as ft

from companion.core import words
from companion.core.errors import DomainError
from companion.core.play_files import (
    bgsplay_bytes,
    breakdown_csv,
    create_play_link,
    csv_file,
    ImportResult,
    from_bgsplay,
    known_players,
    plays_csv,
)
from companion.core.play_reading import scored
from companion.core.play_stats import filter_plays
from companion.core.plays import Play, PlayKind
from companion.core.scoring import winners_words
from companion.core.words import listed
from companion.games import PLAY_KINDS, title_of
from companion.games.registry import file_kinds, journal_plays, play_editors
from companion.store.archive import PlayNotFound, record_problem
from companion.ui.components.common import Segment, close_dialog, empty_state, refusing, segments
from companion.ui.components.result_picture import result_picture
from companion.ui.components.standings import result_tile, tie_line
from companion.ui.files import files_of
from companion.ui.games.fly_solo.history import (
    ADVENTURES,
    adventure_story_view,
    adventures_view,
)
from companion.ui.host import Host
from companion.ui.routes import session_route
from companion.ui.screen import Screen
from companion.ui.screens.history_deleted import delete_asked, deleted_detail, deleted_section
from companion.ui.screens.history_filter import FilterBar, current, describe
from companion.ui.screens.history_stats import archive_facts, stats_view
from companion.ui.screens.history_where import edit_where_and_note, where_and_note
from companion.ui.screens.sessions import when

PAGE = 15  # plays drawn at a time: the first page is quick whatever the archive holds
LEFT_OUT_SHOWN = 200  # plays left out of an import listed by name; a count for the rest
LEFT_OUT = "history-left-out"  # (file name, its plays left out) of the last import, until closed
SHOWN = "history-shown"
VIEWS = (("plays", "Plays", ft.Icons.LIST), ("stats", "Stats", ft.Icons.INSIGHTS),
         (ADVENTURES, "Fly Solo", ft.Icons.HIKING))


def kind_of(play: Play) -> PlayKind:
    """How its game's totals read ("3 Fatigue cards"); a game not in the registry's, as points."""
    return PLAY_KINDS.get(play.game) or PlayKind(title_of(play.game))


class HistoryScreen(Screen):
    title = "History"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("history", self.render)
        host.watch("sessions", self.render)  # Fly Solo's adventures are sessions

    @property
    def view(self) -> str:
        head = (self.arg or "plays").split("/")[0]
        return head if head in ("plays", "stats", ADVENTURES) else "play"

    def build(self) -> list[ft.Control]:
        if self.view == "play":
            try:
                return self._detail(self.ctx.store.archive.get(self.arg))
            except PlayNotFound as exc:
                return deleted_detail(self.host, self.arg) or [
                    empty_state(ft.Icons.SEARCH_OFF, "Play not found", str(exc)),
                    ft.Button("All plays", on_click=lambda e: self.host.navigate("/history"))]
        controls = [self._views()]
        if self.view == ADVENTURES:
            rest = self.arg.split("/", 1)[1] if "/" in (self.arg or "") else None
            if rest:
                return controls + adventure_story_view(self.host, rest)
            days = self._days()
            return controls + ([self._transfer_row(days)] if days else []) + adventures_view(self.host)
        everything = self.ctx.store.archive.newest_first()
        controls += self._left_out_card()
        if not everything:
            return controls + [
                empty_state(ft.Icons.HISTORY, "No finished plays yet",
                            "When a game is scored and saved on its page (Games), it is kept here with every "
                            "player's total and breakdown."),
                self._import_button(), *deleted_section(self.host)]
        facts = archive_facts(everything)
        plays = filter_plays(everything, current(self.host))
        controls.append(FilterBar(self.host, facts.games, facts.players, self._filter_changed,
                                  facts.places).control())
        if self.view == "stats":
            return controls + stats_view(self.host, plays)
        return controls + self._plays(plays, filter_plays(self._days(), current(self.host))) + \
            deleted_section(self.host)

    def _days(self) -> list[Play]:
        """Fly Solo's Days, for the files (made from the adventures' journals: only where files are offered)."""
        return journal_plays(self.ctx.sessions.open_records)

    def _views(self) -> ft.Control:
        return segments([Segment(v, words, icon) for v, words, icon in VIEWS],
                        self.view if self.view != "play" else "plays",
                        lambda v: self.host.navigate("/history" if v == "plays" else f"/history/{v}"),
                        key="history-views")

    def _filter_changed(self) -> None:
        self.host.keep[SHOWN] = PAGE
        self.render()

    # The plays --------------------------------------------------------------------------

    def _plays(self, plays: list[Play], days: list[Play]) -> list[ft.Control]:
        """The filtered plays, a page at a time; the files hold them and the Fly Solo Days the filter
        lets through (`days`: their adventures are listed in the Fly Solo view)."""
        shown = self.host.keep.get(SHOWN, PAGE)
        count = len(plays)
        controls: list[ft.Control] = [
            ft.Text(f"{words.count(count, 'play')}: {describe(current(self.host))}", size=16,
                    key="history-count", weight=ft.FontWeight.W_600),
            self._transfer_row(plays + days),
        ]
        if days:
            controls.append(ft.Text(f"The files also hold {words.count(len(days), 'Fly Solo Day')}.", size=14,
                                    key="history-days", color=ft.Colors.ON_SURFACE_VARIANT))
        controls += [self.memo(("play", p.id, p.played_at, p.results, p.winners, p.location, p.note),
                               lambda p=p: self._card(p))
                     for p in plays[:shown]]
        if count > shown:
            more = min(PAGE, count - shown)
            controls.append(ft.OutlinedButton(f"Show {more} more ({count - shown:,} not shown)", key="history-more",
                                              icon=ft.Icons.EXPAND_MORE, on_click=self._more))
        elif not plays:
            controls.append(ft.Text("No play matches: change the filter above.", size=16, key="history-none"))
        return controls

    def _more(self, e) -> None:
        self.host.keep[SHOWN] = self.host.keep.get(SHOWN, PAGE) + PAGE
        self.render()

    def _card(self, play: Play) -> ft.Control:
        return ft.Container(
            key=f"play-{play.id}", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, ink=True,
            on_click=lambda e: self.host.navigate(f"/history/{play.id}"),
            content=ft.Column([
                ft.Text(" · ".join([title_of(play.game), when(play.played_at), *filter(None, [play.location])]),
                        weight=ft.FontWeight.W_600, size=16),
                ft.Text(", ".join(f"{r.name} {kind_of(play).total_words(r.total)}" for r in play.results) if scored(play)
                        else ", ".join(r.name for r in play.results) + " (no scores)", size=16),
                ft.Text(f"Won by {listed(play.winners)}", color=ft.Colors.PRIMARY),
                # A tie for the win, said in the list too (issue 65: no hint of it until the play was opened).
                *([ft.Text(play.tie, size=14, key=f"play-{play.id}-tie")] if play.tie else []),
                *([ft.Text(play.note, size=14, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2)] if play.note else []),
            ], spacing=4),
        )

    # Export and import ------------------------------------------------------------------

    def _transfer_row(self, plays: list[Play]) -> ft.Control:
        n = len(plays)
        why = None if plays else "No play matches the filter: nothing to download."
        return ft.Row([
            *(refusing(button, why, self.host.toast) for button in (
                ft.OutlinedButton("CSV", icon=ft.Icons.TABLE_VIEW, key="export-csv",
                                  tooltip=f"Download {words.these(n, 'play')} as a spreadsheet (CSV)",
                                  on_click=lambda e: self._export(plays, "csv")),
                ft.OutlinedButton("Breakdown CSV", icon=ft.Icons.PIVOT_TABLE_CHART, key="export-breakdown",
                                  tooltip=f"Download the breakdown of {words.these(n, 'play')}, a row per scoring line, "
                                          "for pivot tables (CSV)",
                                  on_click=lambda e: self._export(plays, "breakdown")),
                ft.OutlinedButton("BG Stats", icon=ft.Icons.DOWNLOAD, key="export-bgsplay",
                                  tooltip=f"Download {words.these(n, 'play')} for BG Stats (.bgsplay)",
                                  on_click=lambda e: self._export(plays, "bgsplay")))),
            self._import_button(),
        ], wrap=True, spacing=6, run_spacing=6)

    def _import_button(self) -> ft.Control:
        return ft.OutlinedButton("Import", icon=ft.Icons.UPLOAD_FILE, key="import-bgsplay",
                                 tooltip="Import plays of these games from a BG Stats file (.bgsplay)",
                                 on_click=lambda e: files_of(self.host).pick(["bgsplay", "json"], self.take_file))

    def _export(self, plays: list[Play], kind: str) -> None:
        stamp = f"{self.ctx.store.clock():%Y-%m-%d}"
        what, kinds, save = words.count(len(plays), "play"), file_kinds(), files_of(self.host).save
        if kind == "csv":
            save(f"companion-plays-{stamp}.csv", csv_file(plays_csv(plays, kinds)), f"{what} as CSV")
        elif kind == "breakdown":
            save(f"companion-breakdown-{stamp}.csv", csv_file(breakdown_csv(plays, kinds)), f"{what}, by line, as CSV")
        else:
            uuids = self.ctx.store.settings.player_uuids()
            save(f"companion-plays-{stamp}.bgsplay", bgsplay_bytes(plays, kinds, uuids), f"{what} for BG Stats")

    def take_file(self, name: str, content: bytes) -> None:
        """File the plays of a BG Stats file (the same play again replaces it), with undo; a file
        that cannot be read is refused with the reason, and nothing changes."""
        try:
            found = from_bgsplay(content, PLAY_KINDS, known=[p.id for p in self.ctx.store.archive.newest_first()],
                                 check=lambda play: record_problem(play.to_doc()),
                                 kept_elsewhere=[kind.title for game, kind in file_kinds().items()
                                                 if game not in PLAY_KINDS])
        except DomainError as exc:
            self.host.toast(f"{name} was not imported: {exc}", seconds=10)
            return
        if not found.plays:
            self.host.toast(f"{name} has no plays of these games: nothing imported. {found.summary()}", seconds=10)
            self._left_out(name, found)
            return
        archive = self.ctx.store.archive
        try:
            replaced = archive.exchange(list(found.plays))
        except DomainError as exc:  # a play Companion could not have written: nothing is filed
            self.host.toast(f"{name} was not imported: {exc}", seconds=10)
            return
        before = {p.id for p in replaced}
        new_ids = [p.id for p in found.plays if p.id not in before]
        # Whom BG Stats knows by which uuid, kept on the roster for good (an export keeps it, even once these
        # plays are deleted); not undone with the plays: it only says who a roster player is.
        self.host.attempt(lambda: self.ctx.store.settings.keep_bgstats_ids(known_players(found.plays)))

        def undo() -> None:
            archive.exchange(replaced, remove=new_ids)
            self.host.changed("history")
            self.render()

        self.host.changed("history")
        self.render()
        self.host.toast(f"Imported from {name}: {found.summary(len(replaced))}", undo=undo, seconds=10)
        self._left_out(name, found)

    def _left_out(self, name: str, found: ImportResult) -> None:
        """Each play of the file that was not imported, with why: listed at the top of the plays until
        closed (not a dialog: the message's Undo stays in reach)."""
        self.host.keep[LEFT_OUT] = (name, found.left_out) if found.left_out else None
        self.render()

    def _left_out_card(self) -> list[ft.Control]:
        kept = self.host.keep.get(LEFT_OUT)
        if not kept:
            return []
        name, left_out = kept
        shown = [ft.Text(str(left), size=15) for left in left_out[:LEFT_OUT_SHOWN]]
        if len(left_out) > LEFT_OUT_SHOWN:
            shown.append(ft.Text(f"and {words.count(len(left_out) - LEFT_OUT_SHOWN, 'more play')}", size=15))

        def close(e) -> None:
            self.host.keep[LEFT_OUT] = None
            self.render()

        return [ft.Container(
            key="left-out-card", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Column([
                ft.Row([ft.Text(f"{words.count(len(left_out), 'play')} of {name} left out", size=17,
                                weight=ft.FontWeight.W_600, expand=True, key="left-out-title"),
                        ft.IconButton(ft.Icons.CLOSE, tooltip="Close the list of plays left out",
                                      key="close-left-out", on_click=close)]),
                ft.Column(shown, key="left-out", spacing=4, scroll=ft.ScrollMode.AUTO,
                          height=None if len(shown) <= 6 else 220),
            ], spacing=6))]

    # One play -----------------------------------------------------------------------------

    def _known(self) -> dict[str, str]:
        """Each player's uuid in BG Stats, from the plays imported from it (one person, one identity)."""
        return known_players(self.ctx.store.archive.all(), self.ctx.store.settings.player_uuids())

    def _detail(self, play: Play) -> list[ft.Control]:
        controls: list[ft.Control] = [
            ft.Text(f"{title_of(play.game)} · {when(play.played_at)}", size=22, weight=ft.FontWeight.W_600),
            ft.Text(winners_words(play.winners), size=20, color=ft.Colors.PRIMARY, weight=ft.FontWeight.BOLD,
                    key="play-winners"),
            *tie_line(play.winners, "play-tie"),
            *(result_tile(f"Seat {seat}: {r.name}", r, scored=scored(play), kind=kind_of(play))
              for seat, r in enumerate(play.results, 1)),
            *where_and_note(play, lambda: self._edit_where(play)),
        ]

        async def share(e) -> None:
            await self.share(play)

        controls.append(ft.FilledButton("Share a picture of this result", icon=ft.Icons.SHARE, key="share-play",
                                        on_click=share))
        # A link, opened by the phone itself: with BG Stats installed, its import dialog shows this play;
        # without it, BG Stats' own page.
        controls.append(ft.OutlinedButton("Send to BG Stats", icon=ft.Icons.SEND_TO_MOBILE, key="send-bgstats",
                                          tooltip="Open this play in the BG Stats app, if this phone has it",
                                          url=ft.Url(create_play_link(play, file_kinds(), self._known()),
                                                     ft.UrlTarget.SELF)))
        controls.append(ft.Text("Opens BG Stats on a phone that has it, this play ready to save there.", size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT, key="send-bgstats-hint"))
        controls.append(ft.Row([
            ft.FilledButton("Edit", icon=ft.Icons.EDIT, key="edit-play", expand=True,
                            on_click=lambda e: self.edit(play)),
            ft.OutlinedButton("Delete", icon=ft.Icons.DELETE_OUTLINE, key="delete-play",
                              expand=True, visible=self.host.is_host, on_click=lambda e: self.delete(play)),
        ], spacing=8))
        controls.append(ft.TextButton("All plays", icon=ft.Icons.ARROW_BACK,
                                      on_click=lambda e: self.host.navigate("/history")))
        return controls

    def _edit_where(self, play: Play) -> None:
        """Change where the play was played and its note; saved at once, with Undo."""
        archive = self.ctx.store.archive

        def put(version: Play) -> None:
            archive.exchange([version])
            self.host.changed("history")
            self.render()

        def save(changed: Play) -> None:
            if (changed.location, changed.note) == (play.location, play.note):
                return
            if self.host.attempt(lambda: put(changed)):
                self.host.toast("Where and note saved.", undo=lambda: put(play))

        edit_where_and_note(self.host, play, archive_facts(archive.newest_first()).places, save)

    async def share(self, play: Play) -> None:
        """The play's picture in a dialog, with a button that saves it on the phone, drawn by the host
        (`Hosting.paint`): the other phones' taps and redraws go on meanwhile."""
        shown = f"{datetime.fromisoformat(play.played_at):%a %d %b %Y, %H:%M}"  # a whole date: read on another day
        picture = result_picture(play, title_of(play.game), shown)
        png = await self.ctx.hosting.paint(picture)
        name = f"{play.game}-{play.played_at[:10]}-{play.id}.png"
        dialog = ft.AlertDialog(
            title=ft.Text("This result as a picture"),
            content=ft.Image(src=base64.b64encode(png).decode(), key="share-picture", fit=ft.BoxFit.CONTAIN,
                             semantics_label=f"{title_of(play.game)} result: " + ", ".join(
                                 f"{r.name} {r.total}" for r in play.results)),
            actions=[
                ft.FilledButton("Save picture", icon=ft.Icons.DOWNLOAD, key="save-picture",
                                on_click=lambda e: (close_dialog(self.host.page),
                                                    files_of(self.host).save(name, png, "the picture"))),
                ft.TextButton("Close", key="close-picture",
                              on_click=lambda e: close_dialog(self.host.page)),
            ],
        )
        self.host.page.show_dialog(dialog)

    def edit(self, play: Play) -> None:
        """Open the play in its game's editor (Freshwater Fly: its Score part; Fleet Dice: its
        sheets' correction); saving there replaces this play (same id and date)."""
        kind = play_editors().get(play.game)

        def start() -> None:
            session = self.ctx.sessions.create(kind, {"entry": dict(play.entry), "play_id": play.id},
                                               title=f"Editing {title_of(play.game)} of {when(play.played_at)}")
            self.host.changed("sessions")
            self.host.navigate(session_route(session.record))

        if kind is None or play.entry.get("imported_from"):
            self.host.toast(f"Plays of {title_of(play.game)} cannot be edited yet." if kind is None else
                            "A play imported from BG Stats has only its totals: it cannot be edited here.")
            return
        self.host.attempt(start)

    def delete(self, play: Play) -> None:
        """Deleting a play is the host's, asked first, with undo (`history_deleted`)."""
        delete_asked(self.host, play, self.render)  # drawn again: says it was deleted (no route change under
        # the closing question: the new view drawn in the same frame kept the question on the phone)
