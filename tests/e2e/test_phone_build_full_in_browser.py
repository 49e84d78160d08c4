"""A full phone loses nothing it had kept (issue 63): the phone build in Chromium with its profile on a small
file system the test makes (a tmpfs, as the laptop's full-disk test does). Before: once the file system was
full, a tap's write failed, Chromium dropped the IndexedDB database whose write failed, and the browser reopened
with space freed showed no players, no plays, no Dice history (the day's automatic backup, kept in the same
database, gone with it)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.test_phone_build_in_browser import add_player, playwright, roll, rolls_shown, site  # noqa: F401
from tests.phone_site import FIRST_SCREEN, PhoneBrowser
from companion.site.second_copy import BROUGHT_BACK
from tests.small_disk import fill, small_disk



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
            app = phone.open(site.url + "#/dice", wait_for=None)
            app.see(app.text("Earlier rolls"), timeout=FIRST_SCREEN)
            again = rolls_shown(app)
            # Every roll kept before the phone was full (newest first: the last one's total, then #n and its faces);
            # the refused tap's roll may be kept too.
            earlier = [t for t in kept if not t.startswith("Total")]
            assert again[len(again) - len(earlier):] == earlier and len(again) >= len(kept), (
                kept, again)
            app.see(app.page.get_by_text(re.compile("^" + re.escape(BROUGHT_BACK[:60]))))  # and the player told
            app.shot("phone-build-brought-back")
            app.tap(app.labelled("Settings"))
            app.see(app.text("Ana"))
        finally:
            phone.close()
