"""Joining the table in the real browser: nothing asked of any host but the server, the
client's files kept by the phone, names in any script drawn with this machine's fonts, and
the page installable to the home screen."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from companion.laptop.page_scripts import ENGINES, preloaded
from tests.browser import AppPage

NAMES = ("Ana 🎣🐟", "李雷", "محمد")


def watch(phone: AppPage) -> list:
    """Every response the page gets (status, address, whether it came from the browser's cache)."""
    seen: list = []
    phone.page.on("response", lambda r: seen.append((r.status, r.url, r.from_service_worker)))
    phone.page.on("requestfailed", lambda r: seen.append(("failed", r.url, r.failure)))
    return seen


def test_names_in_any_script_render_with_nothing_fetched_elsewhere(make_server, phone: AppPage) -> None:
    server = make_server(players=NAMES)
    seen = watch(phone)
    phone.open(f"{server.url}/games/freshwater-fly/draft")
    for name in NAMES:
        phone.see(phone.button(name))
    fonts = ("notocoloremoji", "notosanssc", "notosansarabic")
    deadline = time.monotonic() + 60  # the Chinese face is taken out of its collection once, then kept
    while not all(any(f"/_fonts/{f}-" in url and status == 200 for status, url, _ in seen) for f in fonts):
        assert time.monotonic() < deadline, f"the fallback fonts did not arrive: {seen}"
        phone.page.wait_for_timeout(250)
    phone.page.wait_for_timeout(1000)  # drawn with them
    phone.shot("names-in-any-script-phone")
    assert {urlsplit(url).netloc for _, url, _ in seen} == {urlsplit(server.url).netloc}
    assert [s for s in seen if s[0] == "failed" or s[0] >= 400] == []
    asked_once_each(seen, "light")  # loopback is a secure context: the browser decodes images itself


def asked_once_each(seen: list, engine: str) -> None:
    """The client's files the page asks for at once are the ones the loader uses (each asked
    for once), and the engine the loader does not take is never downloaded."""
    for name, _ in preloaded(engine):
        assert sum(url.endswith("/" + name) for _, url, _ in seen) == 1, (name, seen)
    other = next(path for kind, path in ENGINES.items() if kind != engine)
    assert not any(url.endswith(f"/{other}.wasm") for _, url, _ in seen), seen


def test_a_phone_at_the_table_downloads_one_engine_and_can_put_companion_on_its_home_screen(
        make_server, a_phone: AppPage) -> None:
    # A phone on the table's plain-HTTP address: the page asked for the engine the loader does
    # not take there (1.5 MB for nothing), and the web manifest, asked for without cookies,
    # was refused for want of the table's key.
    server = make_server(lan=True, players=("Ana",))
    phone = a_phone
    seen = watch(phone)
    phone.open(server.phone_url())
    phone.see(phone.text("Who is playing on this phone?"))
    cdp = phone.page.context.new_cdp_session(phone.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and '"name": "Companion"' in manifest["data"], manifest
    phone.page.wait_for_timeout(1000)  # late requests (pictures) still count
    assert [s for s in seen if s[0] == "failed" or s[0] >= 400] == []
    asked_once_each(seen, "heavy")


def test_a_second_visit_reuses_the_client_and_the_page_is_installable(make_server, phone: AppPage) -> None:
    server = make_server()
    phone.open(server.url)
    phone.see(phone.card("Freshwater Fly"))
    cdp = phone.page.context.new_cdp_session(phone.page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.json")
    app = cdp.send("Page.getAppManifest")["data"]
    assert '"display": "standalone"' in app and '"name": "Companion"' in app and "icon-512.png" in app
    for icon in ("icons/icon-192.png", "icons/icon-512.png", "icons/apple-touch-icon-192.png"):
        assert phone.page.request.get(f"{server.url}/{icon}").headers["content-type"] == "image/png"
    assert phone.page.title() == "Companion"

    # Again, in a new tab of the same browser: the client's files come from the phone's cache.
    again = AppPage(phone.page.context.new_page())
    cdp = phone.page.context.new_cdp_session(again.page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    wire: dict[str, int] = {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: wire.__setitem__(urls.get(e["requestId"], "?"), e["encodedDataLength"]))
    again.open(server.url)
    again.see(again.card("Freshwater Fly"))
    client = {url: size for url, size in wire.items() if "/_v/" in url}
    assert any(url.endswith("main.dart.wasm") for url in client), wire
    assert sum(client.values()) == 0, f"downloaded again: {client}"
    assert sum(wire.values()) < 30_000, wire  # the page and a few small files revalidated

    # The Settings screen tells how to put Companion on the home screen.
    again.labelled("Settings").click()
    again.see(again.page.get_by_text("Put Companion on this phone's home screen", exact=False))
