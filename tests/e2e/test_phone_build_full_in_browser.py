"""A full phone loses nothing it had kept (issue 63): the phone build in Chromium with its profile on a small
file system the test makes (a tmpfs, as the laptop's full-disk test does). Before: once the file system was
full, a tap's write failed, Chromium dropped the IndexedDB database whose write failed, and the browser reopened
with space freed showed no players, no plays, no Dice history (the day's automatic backup, kept in the same
database, gone with it)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.test_phone_build_in_browser import (add_player, phone, players_copied,  # noqa: F401
                                                   playwright, roll, rolls_shown, site)
from tests.phone_site import FIRST_SCREEN, PhoneBrowser
from companion.site.second_copy import BROUGHT_BACK
from tests.small_disk import fill, small_disk

DATA = "/home/pyodide/companion"  # the data folder's IndexedDB database (IDBFS names it after the folder)
DATABASE_KEPT = f"""async () => (await indexedDB.databases()).some(known => known.name === "{DATA}")"""
# How many files the data folder's database holds (0: none, or no database: the browser dropped it).
FILES_KEPT = f"""async () => {{
  if (!(await ({DATABASE_KEPT})())) return 0;
  return await new Promise((done, failed) => {{
    const opened = indexedDB.open("{DATA}");
    opened.onerror = () => failed(String(opened.error));
    opened.onsuccess = () => {{
      const db = opened.result;
      if (!db.objectStoreNames.contains("FILE_DATA")) {{ db.close(); return done(0); }}
      const counted = db.transaction("FILE_DATA").objectStore("FILE_DATA").count();
      counted.onsuccess = () => {{ db.close(); done(counted.result); }};
      counted.onerror = () => failed(String(counted.error));
    }};
  }});
}}"""
DROP_DATABASE = f"""() => new Promise((done, failed) => {{
  const dropped = indexedDB.deleteDatabase("{DATA}");
  dropped.onsuccess = () => done(true);
  dropped.onerror = () => failed(String(dropped.error));
  dropped.onblocked = () => failed("the database is still open");
}})"""

def refused(app) -> bool:
    """The phone says its storage did not keep the last tap (its dialog, and the button that saves a backup)."""
    return app.button("Save a backup file").count() > 0


def answered(done, seconds: float = 30) -> None:
    """Wait until the phone answered the tap (`done()`); the time is a fail-safe for a loaded machine."""
    import time

    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the phone never answered the tap"
        time.sleep(0.1)


def test_a_full_phone_keeps_every_player_and_roll_it_had_kept(site, playwright, tmp_path: Path) -> None:  # noqa: F811
    with small_disk(tmp_path / "disk", size="160m") as disk:
        phone = PhoneBrowser(playwright, disk / "profile")
        try:
            app = phone.open(site.url)
            add_player(app, "Ana")
            app.tap(app.tab("Dice"))
            kept = roll(app, 2)
            filler = fill(disk, leave=0)
            for _ in range(20):  # a write may still fit in a page a file had left
                app.settle()  # a refusal's dialog comes just after the roll it did not keep
                if refused(app):
                    break
                kept = rolls_shown(app)
                app.tap(app.button("Roll 2 d6"))
                answered(lambda: rolls_shown(app) != kept or refused(app))
            else:
                raise AssertionError("the phone's storage never filled")
            app.shot("phone-build-full")
            phone.close()
            filler.unlink()  # the player frees some space, and opens Companion again
            # Chromium may drop the database whose write failed (it did in CI; not on every full phone).
            dropped = phone.visit(f"{site.url}icons/icon-192.png").evaluate(FILES_KEPT) == 0
            app = phone.open(site.url + "#/dice", wait_for=None)
            app.see(app.text("Earlier rolls"), timeout=FIRST_SCREEN)
            again = rolls_shown(app)
            # Every roll kept before the phone was full (newest first: the last one's total, then #n and its faces);
            # the refused tap's roll may be kept too.
            earlier = [t for t in kept if not t.startswith("Total")]
            assert again[len(again) - len(earlier):] == earlier and len(again) >= len(kept), (
                kept, again)
            told = app.page.get_by_text(re.compile("^" + re.escape(BROUGHT_BACK[:60])))
            if dropped:  # and the player told
                app.see(told)
                app.shot("phone-build-brought-back")
            else:
                assert told.count() == 0, "the player told of a loss there was not"
            app.tap(app.labelled("Settings"))
            app.see(app.text("Ana"))
        finally:
            phone.close()


def test_a_database_the_browser_dropped_is_brought_back_from_the_second_copy(site, phone) -> None:  # noqa: F811
    """The loss a full phone may cause, made at will: the data folder's database deleted while Companion is
    closed (as Chromium drops one whose write failed, or as a browser clears it) is brought back from the
    second copy, and the player told."""
    app = phone.open(site.url)
    players_copied(app)
    page = phone.visit(f"{site.url}icons/icon-192.png")  # Companion's page gone, the site's origin
    assert page.evaluate(FILES_KEPT) > 0  # the players' files (what the full-phone test looks at)
    assert page.evaluate(DROP_DATABASE) and not page.evaluate(DATABASE_KEPT) and page.evaluate(FILES_KEPT) == 0
    app = phone.open(site.url, wait_for=None)
    app.see(app.page.get_by_text(re.compile("^" + re.escape(BROUGHT_BACK[:60]))), timeout=FIRST_SCREEN)
    app.shot("phone-build-brought-back")
    app.tap(app.labelled("Settings"))
    app.see(app.text("Ana"))
    app.see(app.text("Ben"))
