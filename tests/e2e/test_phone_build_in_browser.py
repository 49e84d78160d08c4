"""Companion on one phone, with no computer (issue 41): the phone build (`make site`) served by a plain
static file server (`python -m http.server`: files, no Python of Companion's behind it) and opened in
Chromium with a profile on disk, as a phone keeps its browser. Companion's own Python runs in the page
(Pyodide); its data lives in the browser's IndexedDB; the service worker keeps every file.

A whole Fly Solo Day and a Freshwater Fly scoring are played on the one phone, then found in History
after a reload; the network is cut and the phone plays on; a tap is kept through a tab that dies and a
browser killed right after it."""

from __future__ import annotations

import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.site.words import NO_STORAGE, NO_STORAGE_TITLE
from tests.browser import CHROMIUM, CHROMIUM_ARGS, PHONE_SCREEN, SETTLED, AppPage, Taps, launch_chromium
from tests.e2e.test_fly_solo_whole_game_in_browser import the_silent_anglers_day
from tests.e2e.test_history_in_browser import an_archive
from tests.phone_site import FIRST_SCREEN, PhoneBrowser, StaticHost, build_site

LEAVES = """() => [...document.querySelectorAll('flt-semantics')]
  .filter(e => !e.querySelector('flt-semantics')).map(e => (e.getAttribute('aria-label') || e.textContent).trim())
  .filter(Boolean)"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[StaticHost]:
    host = StaticHost(build_site(tmp_path_factory.mktemp("phone") / "site")).start()
    yield host
    host.stop()


@pytest.fixture(scope="module")
def playwright():
    import os

    if os.environ.get("COMPANION_SKIP_BROWSER") == "1":
        pytest.skip("COMPANION_SKIP_BROWSER=1: browser tests skipped on purpose")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture
def phone(playwright, tmp_path: Path) -> Iterator[PhoneBrowser]:
    browser = PhoneBrowser(playwright, tmp_path / "profile")
    yield browser
    browser.close()


def texts(app: AppPage) -> list[str]:
    """What the screen reads out, leaf by leaf."""
    return app.page.evaluate(LEAVES)


def rolls_shown(app: AppPage) -> list[str]:
    """The Dice screen's rolls: the last one's total and each earlier one's number and faces."""
    seen = texts(app)
    return [t for t in seen if re.match(r"^(Total \d+|#\d+|\d+( · \d+)* = \d+)$", t)]


def roll(app: AppPage, times: int) -> list[str]:
    """Roll `times` times, each once the screen shows the roll before it (its total, and every earlier roll
    numbered); what the screen shows then."""
    for _ in range(times):
        earlier = sum(1 for t in rolls_shown(app) if t.startswith("#"))
        has_total = any(t.startswith("Total") for t in rolls_shown(app))
        app.tap(app.button("Roll 2 d6"))
        if has_total:  # this roll moves the last one into the earlier rolls: #n shows
            app.see(app.text(f"#{earlier + 1}"), timeout=30_000)
        else:
            app.see(app.page.get_by_text(re.compile(r"^Total \d+$")), timeout=30_000)
    return rolls_shown(app)


def add_player(app: AppPage, name: str) -> None:
    app.tap(app.labelled("Settings"))
    app.tap(app.button("Add player"), settle=True)  # once Settings has slid in and stands still
    app.type_into("Name", name)
    app.tap(app.button("Save"), settle=True)
    app.page.get_by_role("textbox", name="Name").first.wait_for(state="hidden")  # saved, not just typed
    app.see(app.text(name))
    app.tap(app.labelled("Back"))


def play_a_fly_solo_day(app: AppPage) -> int:
    """Start an adventure, spend its free Badge, play Day 1 with the Silent Angler and record it: the
    player's own catch is seven black Brook of 4. Its taps."""
    app.tap(app.card("Fly Solo"))
    app.tap(app.button("Start the adventure"))
    app.see(app.text("1 Badge to spend"))
    app.tap(app.button("1A"))
    app.see(app.text("0 Badges to spend"))
    tap = Taps()
    the_silent_anglers_day(app, tap, 1, shots=False)
    tap(app.labelled("Back to the adventure"))
    tap(app.button("Record Day 1"))
    app.see(app.text("Your catch"))
    tap(app.button("Tan token"))  # the Bonus Hatch Token, at the page's top
    tap(app.button("Points on the card: 4"))
    brook = re.compile(r"^Catch for you: black Brook")
    for n in range(7):
        tap(app.page.get_by_role("button", name=brook))
        app.see(app.page.get_by_role("button", name=re.compile(rf"^Catch for you: black Brook \({n + 1} ")))
    app.see(app.text("You beat the Silent Angler"))
    tap(app.button("Record Day 1"))
    app.see(app.text("Day 2 setup: L2 Hunter's Cabin"))
    return tap.count


def score_freshwater_fly(app: AppPage) -> None:
    """Ana and Ben's end of game by taps, saved: Ana 14, Ben 3 (as tests/e2e/test_scores_in_browser.py)."""
    app.tap(app.tab("Games"))
    app.tap(app.card("Freshwater Fly"))
    app.tap(app.button("Score"))
    for name in ("Ana", "Ben"):  # each pick seen before the next tap (CI: a pick lost, "Start scoring" off)
        app.tap(app.button(name), settle=True)
        app.see(app.page.get_by_role("checkbox", name=name, checked=True))
    app.tap(app.button("Start scoring"), settle=True)

    def add(whose: str, fish: str) -> None:
        app.tap(app.page.get_by_role("button", name=re.compile(f"^Catch for {whose}: {fish}")))

    add("Ana", "gold Coho")
    add("Ana", "black Coho")
    app.tap(app.button("Ana's white hatch tokens: 1"))
    app.see(app.button("Ana: 14"))
    app.tap(app.button("Ben: 0"))
    app.tap(app.button("3B"))
    add("Ben", "gold Steelhead")
    app.see(app.button("Ben: 3"))
    app.tap(app.button("Save to history"))
    app.see(app.text("Saved to History"))


def test_a_day_and_a_game_on_one_phone_found_in_history_and_played_offline(site: StaticHost,
                                                                           phone: PhoneBrowser) -> None:
    app = phone.open(site.url)
    assert not app.labelled("Playing on this phone: The whole table").count()  # no other phone to tell apart
    app.shot("phone-build-games")
    taps = play_a_fly_solo_day(app)
    print(f"taps for a Fly Solo Day on one phone: {taps}")
    app.shot("phone-build-fly-solo-day")
    for name in ("Ana", "Ben"):
        add_player(app, name)
    score_freshwater_fly(app)
    app.shot("phone-build-freshwater-fly-saved")

    # A reload: both are in History, read back from the phone's own storage.
    phone.reload()
    app.tap(app.tab("History"))
    app.see(app.page.get_by_role("button", name=re.compile("Ana 14, Ben 3")), timeout=FIRST_SCREEN)
    app.tap(app.button("Fly Solo"))
    app.see(app.page.get_by_text(re.compile(r"Day 1 of 7|1 of 7 Days")))
    app.shot("phone-build-history")

    # A result shared as a picture: drawn by the phone's own canvas, saved as a PNG.
    app.tap(app.button("Plays"))
    app.tap(app.page.get_by_role("button", name=re.compile("Ana 14, Ben 3")))
    app.tap(app.button("Share a picture of this result"))
    app.see(app.button("Save picture"))
    app.shot("phone-build-share-picture")
    with app.page.expect_download(timeout=30_000) as download:
        app.tap(app.button("Save picture"))
    png = Path(download.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">I", png[16:20])[0] == 720
    app.tap(app.button("Close"))

    # Installable: the browser finds its manifest and its service worker (nothing stops "Install app").
    app.page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)
    cdp = app.page.context.new_cdp_session(app.page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    # The network cut: the phone opens Companion again from its own cache and plays on.
    phone.close()
    phone.open(site.url)  # the service worker is ready now (it was installed on the first visit)
    phone.context.set_offline(True)
    site.stop()
    app = phone.reload(wait_for="Games")
    app.tap(app.tab("Dice"))
    shown = roll(app, 3)
    app.shot("phone-build-offline-dice")
    app = phone.reload(wait_for="Earlier rolls")
    assert rolls_shown(app) == shown

    # Still offline, a name in emoji and Chinese never shown on this phone: Flutter's requests for their
    # fonts are answered from the phone's cache (Companion's own, kept once its first screen was shown).
    answered: list = []
    app.page.on("response", lambda r: answered.append((r.status, r.url, r.from_service_worker)))
    app.page.on("requestfailed", lambda r: answered.append(("failed", r.url, r.failure)))
    add_player(app, "李雷 🎣")
    for _ in range(240):  # Playwright hands over the page's events while it waits
        if all(any(f"/assets/fonts/{family}/" in url for _, url, _ in answered)
               for family in ("notosanssc", "notocoloremoji")):
            break
        app.page.wait_for_timeout(250)
    fonts = [a for a in answered if "/assets/fonts/noto" in a[1]]
    assert fonts and all(status == 200 and by_worker for status, _, by_worker in fonts), fonts
    site.start()


def test_a_tap_is_kept_when_the_tab_dies_or_the_browser_is_killed_right_after_it(site: StaticHost,
                                                                                 phone: PhoneBrowser) -> None:
    app = phone.open(site.url + "#/dice", wait_for=None)
    app.see(app.button("Roll 2 d6"), timeout=FIRST_SCREEN)
    shown = roll(app, 2)
    phone.crash_tab()  # as soon as the screen showed the second roll
    phone.close()
    app = phone.open(site.url + "#/dice", wait_for=None)
    app.see(app.text("Earlier rolls"), timeout=FIRST_SCREEN)
    assert rolls_shown(app) == shown

    shown = roll(app, 1)
    phone.kill()  # the whole browser, at once
    app = phone.open(site.url + "#/dice", wait_for=None)
    app.see(app.text("Earlier rolls"), timeout=FIRST_SCREEN)
    assert rolls_shown(app) == shown


def test_a_second_tab_is_told_companion_is_open_in_the_first(site: StaticHost, phone: PhoneBrowser) -> None:
    phone.open(site.url)
    second = AppPage(phone.context.new_page())
    second.page.goto(site.url)
    second.ready()
    second.see(second.text("Already open"), timeout=FIRST_SCREEN)
    second.see(second.page.get_by_text(re.compile("open in another tab or window of this browser")))


def test_a_backup_saved_as_a_file_on_the_phone_is_restored_from_it(site: StaticHost, phone: PhoneBrowser,
                                                                   tmp_path: Path) -> None:
    app = phone.open(site.url)
    add_player(app, "Ana")
    app.tap(app.tab("Dice"))
    rolled = roll(app, 1)  # kept in the backup, with its Undo
    app.tap(app.labelled("Settings"))
    app.see(app.text("In this browser, on this phone"))  # where the data is: no folder
    kept = app.page.evaluate("navigator.storage.persisted()")
    app.see(app.page.get_by_text(re.compile("^Yes: this browser agreed" if kept else "^Not promised: this browser")))
    with app.page.expect_download(timeout=30_000) as download:
        app.tap(app.button("Back up now"))
    backup = tmp_path / download.value.suggested_filename
    backup.write_bytes(Path(download.value.path()).read_bytes())
    assert backup.name.startswith("manual-") and backup.suffix == ".json"
    app.tap(app.button("Add player"))
    app.page.get_by_role("textbox", name="Name").fill("Ben")
    app.tap(app.button("Save"))
    app.see(app.text("Ben"))

    with app.page.expect_file_chooser(timeout=30_000) as chooser:
        app.tap(app.button("Restore a backup file"))
    chooser.value.set_files(str(backup))
    app.tap(app.button("Restore"))
    app.see(app.message(f"Restored {backup.name}"))
    app.see(app.text("Ana"))
    assert not app.text("Ben").count()
    app.shot("phone-build-restored")
    # Issue 63: a restored backup starts its own history: the roll is back, but not its Undo.
    app.tap(app.labelled("Back"))
    app.tap(app.tab("Dice"))
    app.see(app.button("Nothing to undo"))
    assert rolls_shown(app) == rolled


def test_plays_move_from_the_phone_to_the_laptop_and_back(site: StaticHost, phone: PhoneBrowser, playwright,
                                                          make_server, tmp_path: Path) -> None:
    app = phone.open(site.url)
    for name in ("Ana", "Ben"):
        add_player(app, name)
    score_freshwater_fly(app)
    app.tap(app.tab("History"))
    app.see(app.text("1 play: every game, everyone"))
    app.page.evaluate(SETTLED)  # History drawn, as a player looks before tapping (CI: an export tap lost)
    with app.page.expect_download(timeout=30_000) as download:
        app.tap(app.page.get_by_role("button", name=re.compile("^BG Stats")))
    from_phone = tmp_path / "from-phone.bgsplay"
    from_phone.write_bytes(Path(download.value.path()).read_bytes())

    an_archive(tmp_path / "laptop")  # Companion on a laptop, with 30 plays of its own
    laptop = make_server(data_dir=tmp_path / "laptop")
    browser = launch_chromium(playwright)
    try:
        host = AppPage(browser.new_page(viewport={"width": 360, "height": 740})).open(laptop.url + "/history")
        with host.page.expect_file_chooser(timeout=20_000) as chooser:
            host.tap(host.page.get_by_role("button", name=re.compile("^Import")))
        chooser.value.set_files(str(from_phone))
        host.see(host.message("Imported from from-phone.bgsplay"))
        host.see(host.text("31 plays: every game, everyone"))
        # And back: the laptop's plays go to the phone, the phone's own among them.
        with host.page.expect_download(timeout=20_000) as download:
            host.tap(host.page.get_by_role("button", name=re.compile("^BG Stats")))
        from_laptop = tmp_path / "from-laptop.bgsplay"
        from_laptop.write_bytes(Path(download.value.path()).read_bytes())
    finally:
        browser.close()
    with app.page.expect_file_chooser(timeout=30_000) as chooser:
        app.tap(app.page.get_by_role("button", name=re.compile("^Import")))
    chooser.value.set_files(str(from_laptop))
    app.see(app.message("Imported from from-laptop.bgsplay"))
    app.see(app.text("31 plays: every game, everyone"))  # the phone's own came back: replaced, not doubled


def caches(app: AppPage) -> list[str]:
    return app.page.evaluate("caches.keys()")


WAITING = "navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))"


def waits_for(ready, what: str, seconds: float = 120) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"not seen within {seconds} s: {what}"
        time.sleep(0.5)


def version(app: AppPage) -> str | None:
    return app.page.evaluate("document.querySelector('meta[name=version]')?.content ?? null")


def test_a_new_version_waits_until_companion_is_closed_and_keeps_the_games(site: StaticHost, phone: PhoneBrowser,
                                                                          tmp_path: Path) -> None:
    from companion.site.build import write_service_worker

    folder = tmp_path / "site"
    shutil.copytree(site.folder, folder)
    host = StaticHost(folder).start()
    try:
        app = phone.open(host.url + "#/dice", wait_for=None)
        app.see(app.button("Roll 2 d6"), timeout=FIRST_SCREEN)
        app.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        [first] = caches(app)
        shown = roll(app, 2)

        # A new version on the host: its page says so (Python sets the page's title: a line of its own).
        page = folder / "index.html"
        page.write_text(page.read_text().replace("</head>", '<meta name="version" content="2"></head>'))
        fonts = json.loads(re.search(r"const FONTS = (\{.*?\});", (folder / "service_worker.js").read_text()).group(1))
        write_service_worker(folder, fonts)

        # A reload in the middle of the game: the new version is fetched and waits; this one goes on.
        app = phone.reload(wait_for="Earlier rolls")
        waits_for(lambda: app.page.evaluate(WAITING), "the new version installed, waiting")
        assert version(app) is None and rolls_shown(app) == shown
        shown = roll(app, 1)

        # Companion closed and opened again: the new version takes over and the page loads again from it,
        # the game as it was.
        phone.close()
        app = phone.open(host.url + "#/dice", wait_for=None)
        app.page.wait_for_function("document.querySelector('meta[name=version]')?.content === '2'",
                                   timeout=60_000)
        app.ready()
        app.see(app.text("Earlier rolls"), timeout=FIRST_SCREEN)
        assert rolls_shown(app) == shown
        assert caches(app) != [first] and len(caches(app)) == 1  # the old version's files are gone
    finally:
        host.stop()


def test_a_browser_that_blocks_site_data_is_told_so_in_words(site: StaticHost, playwright, tmp_path: Path) -> None:
    """Issue 63: with the browser's site data blocked, the phone build stayed on "Starting Companion...
    Working..." for good. A profile whose setting blocks cookies and site data (Chromium's own preference,
    as a player sets it): the phone says what it means and what to do."""
    profile = tmp_path / "blocked"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"default_content_setting_values": {"cookies": 2}}}))
    context = playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, headless=True,
                                                            args=CHROMIUM_ARGS, **PHONE_SCREEN)
    try:
        app = AppPage(context.pages[0] if context.pages else context.new_page())
        workers: list[str] = []
        app.page.on("worker", lambda worker: workers.append(worker.url))
        app.page.goto(site.url)
        said = app.page.get_by_role("alert")  # the page's own words, before any Python
        said.wait_for(timeout=FIRST_SCREEN)
        assert said.inner_text().splitlines()[0] == "This browser keeps nothing for Companion"
        assert "allow it for this site, then reload the page" in said.inner_text()
        assert workers == []  # no Python started for nothing
        app.shot("phone-build-storage-blocked")
    finally:
        context.close()


# The data folder's IndexedDB database (site/phone.py's DATA, the name Emscripten's IDBFS gives it), opened a
# version past the one IDBFS asks for: its next open is refused (VersionError), as the browser's own storage
# refuses a page once Python runs.
NEWER_DATABASE = """() => new Promise((done, failed) => {
  const asked = indexedDB.open("/home/pyodide/companion", 1000);
  asked.onsuccess = () => { asked.result.close(); done(asked.result.version); };
  asked.onerror = () => failed(String(asked.error));
  asked.onblocked = () => failed("blocked: Companion still has it open");
})"""


def test_storage_that_fails_once_python_runs_is_told_in_words(site: StaticHost, phone: PhoneBrowser) -> None:
    """Issue 63: with IndexedDB failing, Flet's "Error running app" sat hidden under the starting page's words.
    The browser's own refusal, after the page's check of site data passed: the phone says what it means."""
    app = phone.open(site.url)
    app.page.goto(f"{site.url}icons/icon-192.png")  # Companion's page gone (its Python with it), the site's origin
    assert app.page.evaluate(NEWER_DATABASE) == 1000
    app.page.goto(site.url)
    app.ready()
    app.see(app.text(NO_STORAGE_TITLE), timeout=FIRST_SCREEN)
    app.see(app.text(NO_STORAGE))
    app.page.get_by_text("Starting Companion").wait_for(state="hidden")  # no longer laid over what it says
    assert app.page.get_by_text(re.compile("Error running app")).count() == 0
    app.shot("phone-build-storage-failing")


def test_a_discarded_session_is_brought_back_on_the_phone(site: StaticHost, phone: PhoneBrowser) -> None:
    """Issue 63: a session discarded with one tap was gone for good on the phone build (the laptop kept its
    files). Discarding one that holds rolls asks first; it is offered back for 30 days, also after the
    browser is opened again, and comes back with every roll."""
    app = phone.open(site.url)
    app.tap(app.tab("Dice"))
    shown = roll(app, 2)
    app.tap(app.labelled("Unfinished sessions"))
    app.see(app.text("Dice session"))
    app.tap(app.button("Discard"))
    app.see(app.text("Discard Dice session?"))
    app.tap(app.button("Discard").last)
    app.see(app.text("Discarded in the last 30 days"))
    phone.close()  # the browser closed and opened again: the discarded session was kept on the phone
    app = phone.open(site.url + "#/sessions", wait_for=None)
    app.see(app.text("Discarded in the last 30 days"), timeout=FIRST_SCREEN)
    app.tap(app.button("Bring back"))
    app.see(app.button("Resume"))
    app.shot("phone-build-session-brought-back")
    app.tap(app.button("Resume"))
    app.see(app.text("Earlier rolls"))
    assert rolls_shown(app) == shown


# When the second copy (the Origin Private File System's companion-data.zip) was last written, in ms (0: none).
COPY_WRITTEN = """async () => {
  const root = await navigator.storage.getDirectory();
  try { return (await (await root.getFileHandle("companion-data.zip")).getFile()).lastModified; }
  catch (e) { return 0; }
}"""
# settings.json, as IDBFS keeps it in the data folder's database, replaced by a write cut short.
DAMAGE_SETTINGS = """() => new Promise((done, failed) => {
  const opened = indexedDB.open("/home/pyodide/companion");
  opened.onerror = () => failed(String(opened.error));
  opened.onsuccess = () => {
    const files = opened.result.transaction("FILE_DATA", "readwrite").objectStore("FILE_DATA");
    const path = "/home/pyodide/companion/settings.json";
    const read = files.get(path);
    read.onsuccess = () => {
      const entry = read.result;
      entry.contents = new TextEncoder().encode('{"players": {"1": ');
      entry.timestamp = new Date();
      const written = files.put(entry, path);
      written.onsuccess = () => { opened.result.close(); done(entry.contents.length); };
      written.onerror = () => failed(String(written.error));
    };
    read.onerror = () => failed(String(read.error));
  };
})"""


def players_copied(app) -> None:
    """Ana and Ben added, and the second copy written after Ben's save."""
    add_player(app, "Ana")
    added = app.page.evaluate("Date.now()")
    add_player(app, "Ben")
    app.page.wait_for_function(f"({COPY_WRITTEN})().then(written => written > {added})", polling=200,
                               timeout=60_000)


def test_a_damaged_data_folder_is_brought_back_from_the_second_copy(site: StaticHost, phone: PhoneBrowser) -> None:
    """Issue 63: a store found damaged beside a good copy is brought back from it. The roster's file damaged in
    the browser's database: the store alone mends it from the day's backup, taken before the players were added
    (no players); the second copy, written after the last tap, brings them back, and the player is told."""
    from companion.site.second_copy import REPLACED_DAMAGED

    app = phone.open(site.url)
    players_copied(app)
    app.page.goto(f"{site.url}icons/icon-192.png")  # Companion's page gone, the site's origin
    assert app.page.evaluate(DAMAGE_SETTINGS) > 0
    app.page.goto(site.url)
    app.ready()
    app.see(app.page.get_by_text(re.compile("^" + re.escape(REPLACED_DAMAGED[:60]))), timeout=FIRST_SCREEN)
    app.shot("phone-build-damaged-brought-back")
    app.tap(app.labelled("Settings"))
    app.see(app.text("Ana"))
    app.see(app.text("Ben"))
