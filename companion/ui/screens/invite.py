"""Invite phones to the table: the QR code, the address and the table code.

A phone that scans the code (or opens the link) is in; a phone that types the
address instead is asked for the six-digit code. Without `--lan`, Companion serves
this machine only, and the screen says how to start it for the whole table.
"""

from __future__ import annotations

import base64
import io

import flet as ft

from companion.ui.components.common import close_dialog, empty_state, section
from companion.ui.host import Host
from companion.ui.screen import Screen

QR_PIXELS = 260


def qr_png(text: str) -> str:
    """The QR code of `text` as a base64 PNG (what ft.Image shows)."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=8, border=2)
    return base64.b64encode(out.getvalue()).decode()


class InviteScreen(Screen):
    title = "Invite phones"

    def __init__(self, host: Host, arg: str | None = None) -> None:
        super().__init__(host, arg)
        host.watch("invite", self.render)

    def build(self) -> list[ft.Control]:
        keys, address = self.ctx.table_keys, self.ctx.lan_url
        if keys is None or address is None:
            return [
                empty_state(ft.Icons.WIFI_OFF, "Phones cannot join yet",
                            "Companion is serving this machine only. To let the phones at the table join, stop it "
                            "(Ctrl+C) and start it again for the whole table:"),
                ft.Container(ft.Text("make run ARGS=--lan\n\nor: companion --lan", size=18, selectable=True,
                                     font_family="monospace", key="start-lan"),
                             padding=16, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH),
                ft.Text("It then shows a QR code here for each phone to scan, and a table code for a phone that "
                        "types the address.", size=16),
            ]
        key = keys()
        link = f"{address}/?k={key.secret}"
        controls: list[ft.Control] = [
            ft.Text("Scan with the phone's camera (same Wi-Fi as this machine):", size=16),
            ft.Container(ft.Image(src=qr_png(link), width=QR_PIXELS, height=QR_PIXELS,
                                  semantics_label="QR code to join the table"),
                         alignment=ft.Alignment.CENTER, bgcolor="#FFFFFF", border_radius=12, padding=8,
                         key="invite-qr"),
            section("Or open this address", ft.Text(address, size=20, selectable=True, key="invite-address"),
                    ft.Text("and type the table code:", size=16),
                    ft.Text(key.spoken_code, size=40, weight=ft.FontWeight.BOLD, key="invite-code",
                            semantics_label=f"Table code {key.spoken_code}")),
        ]
        if self.host.is_host:
            controls.append(ft.OutlinedButton(
                "New code (every phone joins again)", icon=ft.Icons.LOCK_RESET,
                key="new-table-code", on_click=lambda e: self._confirm_new_code()))
        return controls

    def _confirm_new_code(self) -> None:
        def renew(e: ft.Event) -> None:
            close_dialog(self.host.page)
            self.host.require_host("A new table code")
            assert self.ctx.table_keys is not None
            self.ctx.table_keys.renew()
            self.host.changed("invite")
            self.render()
            self.host.toast("New table code: phones that joined before must scan the new QR code or type the "
                            "new code.")

        self.host.page.show_dialog(ft.AlertDialog(
            title=ft.Text("A new table code?"),
            content=ft.Text("Phones that joined with the old link or code can no longer reach Companion until they "
                            "scan the new QR code or type the new code. Use it if someone who should not be in got "
                            "the code."),
            actions=[ft.TextButton("Cancel", on_click=lambda e: close_dialog(self.host.page)),
                     ft.FilledButton("New code", key="confirm-new-code", on_click=renew)],
        ))
