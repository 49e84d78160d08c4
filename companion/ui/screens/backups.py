"""Settings' Backups: taking one, keeping it as a file, and restoring one, as the host allows.

On the laptop the backups are listed from its data folder; on a phone with no computer they live
in the browser, and a backup is kept as a file the phone downloads. On both, a backup file can be
restored (one a phone saved, restored on the laptop, or back). Only the host restores: a phone at
the laptop's table is told where it is done."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.store import BackupInfo, InvalidBackupError
from companion.ui.components.common import close_dialog, section
from companion.ui.files import files_of
from companion.ui.host import EVERYTHING, Host

BACKUPS_SHOWN = 12
REASON_LABELS = {"auto": "Automatic", "manual": "Backed up by hand", "pre-restore": "Taken before a restore"}


class Backups:
    """The Backups section of Settings; `redraw` draws Settings again after a backup."""

    def __init__(self, host: Host, redraw: Callable[[], None]) -> None:
        self.host = host
        self.store = host.ctx.store
        self.redraw = redraw

    def section(self) -> ft.Control:
        if not self.host.is_host:
            return section("Backups", ft.Text("Backups and restoring one are done on the host: the machine "
                                              "Companion runs on.", color=ft.Colors.ON_SURFACE_VARIANT))
        in_folder = self.host.ctx.hosting.backups_in_folder
        where = (f"Backups live in {self.store.backups_dir}." if in_folder else
                 "They are kept in this browser: save one as a file to keep it elsewhere (a computer, a cloud "
                 "drive), and restore it here or in Companion on a laptop.")
        rows: list[ft.Control] = [
            ft.Text(f"A backup is taken automatically on the first start of each day (the last 10 are kept). {where}",
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.FilledButton("Back up now", icon=ft.Icons.BACKUP, key="backup-now", on_click=lambda e: self._back_up()),
            ft.OutlinedButton("Restore a backup file", icon=ft.Icons.UPLOAD_FILE, key="restore-file",
                              on_click=lambda e: self._pick()),
        ]
        if in_folder:
            found = self.store.list_backups()
            rows += [self._row(info) for info in found[:BACKUPS_SHOWN]]
            if len(found) > BACKUPS_SHOWN:
                rows.append(ft.Text(f"... and {len(found) - BACKUPS_SHOWN} older backups in the folder above."))
        return section("Backups", *rows)

    def _row(self, info: BackupInfo) -> ft.Control:
        return ft.Row([
            ft.Icon(ft.Icons.INVENTORY_2_OUTLINED),
            ft.Column([
                ft.Text(f"{info.created:%a %d %b %Y, %H:%M}", size=16),
                ft.Text(REASON_LABELS[info.reason], size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ], spacing=0, expand=True),
            ft.OutlinedButton("Restore", key=f"restore-{info.name}",
                              on_click=lambda e: self._confirm(f"the backup of {info.created:%d %b %Y, %H:%M}",
                                                               lambda: self.store.restore(info.path, self._check))),
        ])

    def _back_up(self) -> None:
        if not self.host.attempt(lambda: self.host.require_host("A backup")):
            return
        info = self.store.backup_now()
        # In the data folder on the laptop (in the browser on the phone build), and a download on both (issue 65:
        # on the laptop the file had to be found in the data folder).
        done = f"Backed up everything to {info.name}." if self.host.ctx.hosting.backups_in_folder else ""
        files_of(self.host).save(info.name, info.path.read_bytes(), "everything as a backup file", done)
        self.redraw()

    def _pick(self) -> None:
        def picked(name: str, data: bytes) -> None:
            self._confirm(name, lambda: self.store.restore_file(name, data, self._check))

        files_of(self.host).pick(["json"], picked)

    @property
    def _check(self):
        return self.host.ctx.sessions.check

    def _confirm(self, what: str, restore: Callable[[], None]) -> None:
        def confirmed(e: ft.Event) -> None:
            close_dialog(self.host.page)
            self._restore(what, restore)

        self.host.page.show_dialog(ft.AlertDialog(
            title=ft.Text("Restore this backup?"),
            content=ft.Text(f"Everything (players, history, unfinished sessions) is replaced by {what}. A backup "
                            "of what you have now is taken first, so you can go back."),
            actions=[
                ft.TextButton("Cancel", on_click=lambda e: close_dialog(self.host.page)),
                ft.FilledButton("Restore", key="confirm-restore", on_click=confirmed),
            ],
        ))

    def _restore(self, what: str, restore: Callable[[], None]) -> None:
        if not self.host.attempt(lambda: self.host.require_host("Restoring a backup")):
            return
        try:
            restore()
        except InvalidBackupError as exc:
            self.host.toast(f"Not restored, nothing was changed: {exc}")
            return
        self.host.ctx.sessions.forget_all()
        self.host.changed(EVERYTHING)
        self.host.refresh(EVERYTHING)  # this page too: every screen drawn again from what was restored
        self.host.toast(f"Restored {what}.")
