"""Deleting a play from History (issue 63: it asked nothing, and only the message's Undo brought it back): the
host is asked first; a deleted play is offered back under the plays for 30 days, kept on disk meanwhile."""

from __future__ import annotations

from dataclasses import replace

from companion.store import open_store
from companion.store.archive import KEPT_DAYS
from tests.headless import ANA_PHONE
from tests.unit.test_bgstats_export import PEARL_BOAT

PLAY = replace(PEARL_BOAT, id="p1")  # Ana 12, Ben 20, Dee 15


async def test_a_delete_asks_first_and_the_play_is_brought_back_from_history(app) -> None:
    app.store.settings.add_player("Ana")
    app.store.archive.add(PLAY)
    page = await app.open("/history/p1")
    await page.click(key="delete-play")
    assert "Delete the pearl boat game play of" in " ".join(page.texts())
    await page.click(key="confirm-delete-cancel")
    assert [p.id for p in app.store.archive.all()] == ["p1"]  # asked, not deleted
    await page.click(key="delete-play")
    await page.click(key="confirm-delete")
    assert app.store.archive.all() == []
    assert "The pearl boat game play of Sat 21 Nov, 19:26 was deleted" in page.texts()  # its own page says so
    assert page.has(key="bring-back-here") and page.has(key="all-plays")
    listing = await app.open("/history")
    assert listing.find(key="deleted-title").value == f"Deleted in the last {KEPT_DAYS} days"
    assert listing.has(key="deleted-p1") and "Ana 12, Ben 20, Dee 🎣 15 · deleted: " in " ".join(listing.texts())
    phone = await app.open("/history", phone=ANA_PHONE, player="Ana")
    assert not phone.has(key="deleted-title")  # the host's to bring back, as deleting is
    await listing.click(key="bring-back-p1")
    assert app.store.archive.all() == [PLAY]
    assert not listing.has(key="deleted-title")
    assert listing.has(key="play-p1")


def test_deleted_plays_are_kept_on_disk_for_their_days_and_forgotten_after(tmp_path, clock) -> None:
    store = open_store(tmp_path / "data", clock)
    store.archive.add(PLAY)
    store.archive.add(replace(PLAY, id="p2"))
    store.archive.delete("p1", clock())
    store.close()
    store = open_store(tmp_path / "data", clock)  # a restart: still offered back
    assert [(p.id, at) for p, at in store.archive.deleted(clock())] == [("p1", clock())]
    clock.advance(days=KEPT_DAYS, seconds=1)
    assert store.archive.deleted(clock()) == []  # past its days: no longer offered
    store.archive.delete("p2", clock())  # and the next delete forgets it
    assert [p.id for p, _ in store.archive.deleted(clock())] == ["p2"]
    assert store.archive.bring_back("p2") == store.archive.get("p2")
    assert store.archive.deleted(clock()) == [] and [p.id for p in store.archive.all()] == ["p2"]
    store.close()
