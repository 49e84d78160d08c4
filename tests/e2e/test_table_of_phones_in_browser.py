"""A table of phones on one `--lan` server, each phone a browser context: taps at the same
moment all count, each player's Undo is their own, strangers get nothing, each phone keeps
its own theme, and a restore is never undone by a page that was open."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from urllib.parse import unquote

import pytest

from companion.ui.screen_awake import DATA_KEPT_TOLD, WAKELOCK_TOLD
from tests.accessibility import text_size_script
from tests.browser import PHONE_SCREEN, AppPage, moment

# What a phone's browser keeps once it has been told the notices said once per phone (companion/ui/screen_awake.py,
# `_tell_once`: the plain-HTTP address's screen-awake notice, 12 s at the page's foot 2 s after it opened).
TOLD_BEFORE = "".join(f"localStorage.setItem('flutter.{key}', 'true');" for key in (WAKELOCK_TOLD, DATA_KEPT_TOLD))


@pytest.fixture
def phones(browser, phone_browser, tmp_path) -> Iterator:
    """`phones(count)`: that many phones at the table that are not the host (each its own browser
    context in the phones' network); `phones(count, host=True)`: as many on the host's loopback.
    Phones that have been at a table before: the notices said once per phone were said then (closing
    one if it showed raced it, and it cost a first turn its scroll); `told=False`: a first visit's.
    `text_size`: each phone's text size, in percent (their screenshots, of another size than docs/screenshots/,
    in the test's own folder)."""
    contexts = []

    def make(count: int, host: bool = False, told: bool = True, text_size: int = 100) -> list[AppPage]:
        for _ in range(count):
            context = (browser if host else phone_browser).new_context(**PHONE_SCREEN)
            if told:
                context.add_init_script(TOLD_BEFORE)
            if text_size != 100:
                context.add_init_script(text_size_script(text_size))
            contexts.append(context)
        made = [AppPage(c.new_page()) for c in contexts[-count:]]
        for phone in made if text_size != 100 else ():
            phone.shots = tmp_path / f"text-{text_size}"
        return made

    yield make
    for context in contexts:
        context.close()


def join(phone: AppPage, server, name: str, path: str = "/dice") -> AppPage:
    """A phone opens the invitation link and says who plays on it."""
    phone.open(server.phone_url(path))
    phone.see(phone.text("Who is playing on this phone?"))
    phone.tap(phone.button(name))
    phone.see(phone.button(f"Playing on this phone: {name}"))  # now in the app bar
    return phone


def table_of(server, phones, names, path: str, text_size: int = 100) -> dict[str, AppPage]:
    """A phone per player, each joined as its player and open at `path` (`text_size`: theirs, in percent)."""
    table = dict(zip(names, phones(len(names), text_size=text_size)))
    for name, phone in table.items():
        join(phone, server, name, path)
    return table


def actions(server, game: str) -> list[dict]:
    """The recorded actions of the one open session of `game` ([] before it starts)."""
    docs = [d for d in server.session_files() if d["game"] == game]
    assert len(docs) <= 1, "the phones started two sessions instead of sharing one"
    return docs[0]["actions"] if docs else []


def wait_for(check, timeout: float = 30.0, server=None, phone=None) -> None:
    """Wait until `check()` is true: what a tap sends is recorded (the time is a fail-safe for a loaded
    machine, as `AppPage.see`'s is, not a measure). Failing, it says what the tapping `phone` shows first,
    then the server's sessions (long: cut short in a CI's log)."""
    import time

    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() >= deadline:
            shown = f"the phone shows: {phone.shows()}; " if phone else ""
            raise AssertionError(f"not recorded in time; {shown}{server.session_files() if server else ''}")
        time.sleep(0.1)


def test_a_quick_second_tap_on_one_phone_is_kept(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben", "Cy"))
    [phone] = phones(1)
    join(phone, server, "Ana", "/games/freshwater-fly/score")
    phone.see(phone.button("Ben"))
    for _ in range(3):  # three double taps: the second chip is tapped before the first one's redraw arrives
        phone.tap_together(["Ben", "Cy"], moment(100))
        phone.see(phone.button("1. Ben"))
        phone.see(phone.button("2. Cy"))
        phone.tap_together(["1. Ben", "2. Cy"], moment(100))
        phone.see(phone.button("Ben"))
        phone.see(phone.button("Cy"))


def fleet_sheets_started(phone: AppPage) -> None:
    """Ana's and Ben's sheets started on `phone`: Ana starts with Cod, Ben with Oyster; Ana starts the round."""
    phone.tap(phone.button("Ana"))
    phone.tap(phone.button("Ben"))
    phone.tap(phone.page.get_by_role("button", name="Ana starts with Cod"))
    phone.tap(phone.page.get_by_role("button", name="Ben starts with Oyster"))
    phone.tap(phone.button("Ana"))  # the start player
    phone.tap(phone.button("Start the sheets"))


def test_two_phones_fill_their_own_sheets_at_the_same_moment(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben"))
    ana, ben = phones(2)
    join(ana, server, "Ana", "/games/fleet-dice/sheets")
    join(ben, server, "Ben", "/games/fleet-dice/sheets")
    fleet_sheets_started(ana)
    ben.see(ben.text("Round 1, boat phase: Ana rolls the boat dice."))
    ben.see(ben.button("Ben: ready"))
    ana.tap(ana.button("Enter the dice"))
    for face in ("Cod", "Lobster", "Oyster"):
        ana.tap(ana.button(face))
    ana.tap(ana.button("Die 1: Cod, free"))
    ana.tap(ana.button("Fill Cod box 4"), settle=True)  # once the die's ways are drawn, as a player looks
    ben.see(ben.text("Round 1, boat phase: Ben, take a die, or tap its lit box."))
    ben.tap(ben.button("Die 2: Lobster, free"))
    ben.tap(ben.button("Fill Lobster box 1"), settle=True)
    # The Oyster left is shared: both fill with it at the same moment.
    ana.see(ana.button("Fill Oyster box 1"))
    ben.see(ben.button("Fill Oyster box 4"))
    at = moment()
    ana.tap_together(["Fill Oyster box 1"], at)
    ben.tap_together(["Fill Oyster box 4"], at)
    wait_for(lambda: len(actions(server, "fleet-dice")) == 5, server=server)
    assert sorted(a["who"] for a in actions(server, "fleet-dice")[3:]) == ["Ana", "Ben"]
    ana.see(ana.text("Round 1, town phase: Ana rolls the town dice."))
    ben.see(ben.text("Round 1, town phase: Ana rolls the town dice."))
    ana.shot("table-of-phones-sheets-phone")

    # Each player's Undo is their own.
    ben.see(ben.button("Undo: Ben: the shared die, Oyster: fill Oyster box 4"))
    ana.tap(ana.button("Undo: Ana: the shared die, Oyster: fill Oyster box 1"))
    wait_for(lambda: [a["who"] for a in actions(server, "fleet-dice")] == ["Ana", "Ana", "Ben", "Ben"], server=server)
    ben.see(ben.button("Undo: Ben: the shared die, Oyster: fill Oyster box 4"))
    ana.see(ana.button("Redo: Ana: the shared die, Oyster: fill Oyster box 1"))


def test_four_phones_roll_at_the_same_moment_and_two_score_at_once(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben", "Cy", "Dee"))
    table = phones(4)
    for phone, name in zip(table, ("Ana", "Ben", "Cy", "Dee")):
        join(phone, server, name)
    at = moment(600)
    for phone in table:
        phone.tap_together(["Roll 2 d6"], at)
    wait_for(lambda: len(actions(server, "table")) == 4)
    assert sorted(a["who"] for a in actions(server, "table")) == ["Ana", "Ben", "Cy", "Dee"]
    for phone in table:
        phone.see(phone.text("#3"))  # every phone shows all four rolls

    ana, ben = table[:2]
    for phone in (ana, ben):  # to Freshwater Fly's page, its Score part
        phone.open(server.phone_url("/games/freshwater-fly/score"))
    ana.tap(ana.button("Ana"))
    ana.tap(ana.button("Ben"))
    ana.tap(ana.button("Start scoring"))
    ben.see(ben.button("Ben: 0"))
    ana.see(ana.button("Yellow hatch tokens: 1"))
    ben.see(ben.button("Blue hatch tokens: 1"))
    at = moment()
    ana.tap_together(["Yellow hatch tokens: 1"], at)
    ben.tap_together(["Blue hatch tokens: 1"], at)
    wait_for(lambda: len(actions(server, "freshwater-fly-score")) == 2)
    labels = sorted(a["label"] for a in actions(server, "freshwater-fly-score"))
    assert labels == ["Ana: 1 yellow hatch token", "Ben: 1 blue hatch token"]


def test_a_stranger_reads_nothing_and_changes_nothing(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana",))
    before = (server.data_dir / "settings.json").read_text()
    [stranger] = phones(1)
    address = server.phone_url().split("?")[0]
    stranger.page.goto(address + "history")
    assert stranger.page.get_by_role("heading", name="Join the table").is_visible()
    assert stranger.page.locator("flt-semantics-placeholder").count() == 0  # the app itself never loaded
    stranger.page.fill("#code", "000000" if server.key()["code"] != "000000" else "111111")
    stranger.tap(stranger.page.locator("button"))
    assert "not the code of this table" in stranger.page.locator(".problem").inner_text()
    stranger.shot("join-the-table-phone")

    def refused(url: str, headers: dict) -> int:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code

    cookie = {"Cookie": f"companion_table={server.key()['secret']}"}
    assert refused(address + "main.dart.js", {}) == 401
    assert refused(address, {**cookie, "Origin": "http://evil.example"}) == 403
    assert refused(f"http://127.0.0.1:{server.port}/", {**cookie, "Host": "evil.example"}) == 403
    assert refused(address, cookie) == 200

    def websocket(headers: dict) -> str:
        """A raw websocket client, as a script on another site (or no browser at all) would open one."""
        from websockets.exceptions import InvalidStatus
        from websockets.sync.client import connect

        try:
            with connect(address.replace("http", "ws") + "ws", additional_headers=headers, open_timeout=5):
                return "open"
        except InvalidStatus as exc:
            return str(exc.response.status_code)

    origin = address.rstrip("/")
    assert websocket({"Origin": "http://evil.example", **cookie}) == "403"
    assert websocket({"Origin": origin}) == "403"
    assert websocket({"Origin": origin, **cookie}) == "open"
    assert (server.data_dir / "settings.json").read_text() == before
    assert server.session_files() == []


def test_each_phone_keeps_its_own_theme_and_text_size(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben"))
    ana, ben = phones(2)
    join(ana, server, "Ana")
    join(ben, server, "Ben")
    ana.tap(ana.labelled("Settings"))
    ana.tap(ana.button("Dark"))
    ben.tap(ben.labelled("Settings"))
    ben.see(ben.text("Text size"))
    ana.page.wait_for_timeout(800)

    def background(phone: AppPage) -> int:
        from io import BytesIO

        from PIL import Image

        scale = phone.page.evaluate("devicePixelRatio")  # the screen's pixel under CSS (10, 300)
        pixel = Image.open(BytesIO(phone.page.screenshot())).convert("L").getpixel((10 * scale, 300 * scale))
        return int(pixel)

    assert background(ana) < 60 and background(ben) > 200
    ana.tap(ana.button("130%"))

    def root_font_size(phone: AppPage) -> str:
        return phone.page.evaluate("() => getComputedStyle(document.documentElement).fontSize")

    ana.page.wait_for_function("() => getComputedStyle(document.documentElement).fontSize === '20.8px'")
    assert root_font_size(ben) == "16px"  # Flutter reads the root size as the text scale, as from the browser
    ana.shot("settings-this-phone-dark-130-phone")
    ana.page.reload()
    ana.ready()
    ana.see(ana.text("Text size"))
    ana.page.wait_for_timeout(800)
    assert background(ana) < 60 and root_font_size(ana) == "20.8px"  # kept on Ana's phone


def test_a_restore_is_not_undone_by_a_page_that_was_open(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ben",))
    [host], [ben] = phones(1, host=True), phones(1)
    host.open(server.host_url("/settings"))
    host.see(host.button("Back up now"))
    join(ben, server, "Ben")
    for n in range(1, 5):
        ben.tap(ben.button("Roll 2 d6"))
        ben.see(ben.button("Undo: roll 2 d6 (Ben)") if n == 1 else ben.text(f"#{n - 1}"))
    with host.page.expect_download(timeout=30_000) as download:  # a download on the laptop too (issue 65)
        host.tap(host.button("Back up now"))
    host.see(host.message("Backed up everything"))
    assert download.value.suggested_filename.startswith("manual-")
    for n in range(5, 7):
        ben.tap(ben.button("Roll 2 d6"))
        ben.see(ben.text(f"#{n - 1}"))
    host.page.reload()
    host.ready()
    host.tap(host.page.get_by_role("button", name="Restore", exact=True).first)
    host.tap(host.button("Restore").last)
    ben.tap_together(["Roll 2 d6"], moment(0))  # a tap on the old screen, on its way as the restore lands
    host.see(host.message("Restored the backup"))
    ben.page.wait_for_timeout(1500)
    rolls = len(actions(server, "table"))
    assert rolls in (4, 5), rolls  # the restored four, and at most Ben's new roll: never the old six again
    ben.see(ben.text(f"#{rolls - 1}"))
    assert ben.text(f"#{rolls}").count() == 0


def test_who_plays_on_a_phone_is_asked_once_and_shown(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana", "Ben"))
    [ana], [host] = phones(1), phones(1, host=True)
    ana.open(server.phone_url("/history"))
    ana.see(ana.text("Who is playing on this phone?"))
    ana.shot("who-is-playing-phone")
    ana.tap(ana.button("Ana"))
    ana.see(ana.text("No finished plays yet"))
    ana.page.reload()
    ana.ready()
    ana.see(ana.button("Playing on this phone: Ana"))  # remembered by the phone, shown in the app bar
    # ... and handed to the server with the connection (no question to the browser before the first screen)
    kept = {c["name"]: c["value"] for c in ana.page.context.cookies()}.get("companion_phone", "")
    players = json.loads((server.data_dir / "settings.json").read_text())["players"].values()
    ana_id = next(p["id"] for p in players if p["name"] == "Ana")
    kept = json.loads(unquote(kept))
    assert kept["companion.player"] == ana_id, kept
    assert len(kept["companion.device"]) >= 16, kept  # the phone's own token: Ana's seat is this phone's
    assert "did not give" not in server.log.read_text()
    host.open(server.host_url("/invite"))
    code = server.key()["code"]
    host.see(host.text(f"Table code {code[:3]} {code[3:]}"))
    host.see(host.labelled("QR code to join the table"))
    host.shot("invite-phones-phone")
    printed = server.log.read_text()
    assert re.search(rf"Companion is serving at http://127\.0\.0\.1:{server.port}/\?k=", printed)
    assert f"table code: {code[:3]} {code[3:]}" in printed
    assert json.loads((server.data_dir / "table-key.json").read_text())["code"] == code
