"""Serving the app from the laptop: to browsers behind the table's gate, or in Flet's desktop window."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import flet as ft

from companion.app import make_main
from companion.core.assets import assets_dir
from companion.join_trace import mark
from companion.ui.host import AppContext

# History's screens and the finished plays are made ready this long after the server listens: not on
# History's first tap, and not while the phones of a restarted server come back (they all do within
# 1.5 s). Importing its charts takes half a second of the processor (flet_charts brings matplotlib):
# done as the server listened, it made each phone's reconnect 0.2 s slower (docs/join-trace.md).
HISTORY_AFTER = 3.0


def prepare_history(ctx: AppContext, first_screens: threading.Thread | None = None) -> None:
    """Read the archive and what History's filter offers, import History's screens, and draw a picture
    once (a result shared: matplotlib imported and ready). The phones' first screens come first: on a
    loaded machine their drawing (`first_screens`) can take longer than HISTORY_AFTER."""
    if first_screens is not None:
        first_screens.join()
    from companion.laptop.picture import warm_up
    from companion.ui.screens.history_stats import archive_facts

    archive_facts(ctx.store.archive.newest_first())
    warm_up()
    mark("History made ready")


def once_listening(server, then: Callable[[], None], after: float = 0.0, name: str = "once-listening") -> None:
    """Run `then` on a thread of its own `after` seconds once `server` (uvicorn's) listens; never if it
    stops first."""

    def wait() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            time.sleep(after)
            if not server.should_exit:
                then()

    threading.Thread(target=wait, name=name, daemon=True).start()


def serve(ctx: AppContext, host: str, port: int, desktop: bool = False, open_url: str | None = None) -> None:
    """Serve the app until interrupted: to browsers behind the table's gate, or in a desktop window."""
    if desktop:
        ft.run(make_main(ctx), name="", host=host, port=port, view=ft.AppView.FLET_APP,
               assets_dir=str(assets_dir()), no_cdn=True)
        return
    import uvicorn
    from flet.utils import is_linux_server, open_in_browser

    from companion.client.cache_files import cache_dir
    from companion.client.fonts import BUNDLED_DIR
    from companion.laptop.gate import TableGate
    from companion.laptop.page_scripts import VERSIONED
    from companion.laptop.serving import Server, WebSockets, end_flet_handlers, read_handshakes_whole
    from companion.laptop.unseen_page import warm_up
    from companion.laptop.web_files import ClientFiles

    flet_app = ft.run(make_main(ctx), export_asgi_app=True, assets_dir=str(assets_dir()), no_cdn=True)
    files = ClientFiles(flet_app, assets_dir(), cache_dir())
    ctx.files_base = f"{VERSIONED}{files.version}/"  # the app's pictures: asked for once, then kept
    first_screens = warm_up(make_main(ctx, browser_services=False))  # drawn once as the server starts
    for what in files.fonts.missing():
        print(f"NOTICE: Companion's own font for {what} is missing from {BUNDLED_DIR}: such names show as "
              "boxes on phones. Install Companion again.", flush=True)
    app = TableGate(files, key=ctx.table_keys, public=files.home_screen_files())
    # SIGINT/SIGTERM stop the server in a moment whatever a client sent, and run() returns so
    # the store is closed (see serving.py).
    end_flet_handlers()
    read_handshakes_whole()  # a websocket takes the headers its page took (see serving.py)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws=WebSockets,
                            timeout_graceful_shutdown=2, proxy_headers=False)  # no address taken from a header
    server = Server(config, before_forced_exit=ctx.store.close)
    once_listening(server, lambda: prepare_history(ctx, first_screens), after=HISTORY_AFTER, name="read-archive")
    if open_url and not is_linux_server():
        once_listening(server, lambda: open_in_browser(open_url), name="open-browser")
    server.run()
