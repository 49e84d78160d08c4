"""What the laptop gives its pages (`ui.host.Hosting`): phones join it, and the host is the page
opened on the machine itself."""

from __future__ import annotations

from urllib.parse import urlsplit

import flet as ft

from companion.laptop import picture
from companion.laptop.gate import host_name, loopback
from companion.ui.host import Hosting


def is_host_page(page: ft.Page) -> bool:
    """A page opened on the machine that serves the app, at its own loopback address.
    Phones at the table reach the server through the network, so they never are."""
    try:
        netloc = urlsplit(page.url or "").netloc
    except (RuntimeError, ValueError):
        return False
    return loopback(page.client_ip) and loopback(host_name(netloc))


LAPTOP = Hosting("the laptop", serves_phones=True, is_host=is_host_page, backups_in_folder=True, paint=picture.paint)
