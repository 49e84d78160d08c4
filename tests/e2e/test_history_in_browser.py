"""History in a real browser: filters, the stats' charts, an export downloaded and imported on
another server (with a second phone following), a result's picture, a Fly Solo adventure's timeline."""

from __future__ import annotations

import json
import re

from companion.app import build_context
from companion.core.play_files import check_bgsplay
from companion.games.fly_solo import journal as j
from companion.laptop.hosting import LAPTOP
from companion.store import open_store
from tests.browser import SETTLED
from tests.e2e.test_table_of_phones_in_browser import phones, wait_for  # noqa: F401 (fixture)
from tests.ui.test_history import play
from tests.unit.test_fly_solo_journal import Journal

NAMES = ("Ana", "Ben", "Cy")


def an_archive(data_dir) -> None:
    """30 plays over three months (Lure and Fleet Dice) and a Fly Solo adventure of two Days."""
    store = open_store(data_dir)
    plays = []
    for n in range(30):
        game = "lure" if n % 3 else "fleet-dice"
        scores = {name: ((n * (i + 3)) % 17 + 5, (n + i) % 4) for i, name in enumerate(NAMES[: 2 + n % 2])}
        plays.append(play(n, game, f"2026-{9 + n // 10:02d}-{1 + (n % 10) * 2:02d}", scores))
    store.archive.add_many(plays)
    ctx = build_context(store, LAPTOP)
    journal = Journal("Autumn week")
    journal.buy("momentum", "1A")
    journal.win()
    journal.lose()
    session = ctx.sessions.create(j.GAME, journal.setup, "Autumn week")
    for action in journal.log:
        session.perform(action)
    store.close()


def test_filters_stats_charts_export_and_the_fly_solo_timeline(make_server, phones, tmp_path) -> None:  # noqa: F811
    an_archive(tmp_path / "data")
    server = make_server(data_dir=tmp_path / "data")
    [phone] = phones(1, host=True)
    phone.open(server.host_url("/history"))
    phone.see(phone.text("30 plays: every game, everyone"))
    phone.tap(phone.button("Filter"))
    phone.tap(phone.button("Lure"))
    phone.see(phone.text("20 plays: Lure, everyone"))
    phone.shot("history-filter-phone")
    phone.tap(phone.button("Done"))
    phone.shot("history-plays-phone")
    # The export of what is shown, downloaded as a BG Stats file.
    with phone.page.expect_download(timeout=20_000) as download:
        phone.tap(phone.page.get_by_role("button", name=re.compile("^BG Stats")))
    saved = download.value.path()
    data = json.loads(open(saved, encoding="utf-8").read())
    assert check_bgsplay(data) == [] and len(data["plays"]) == 20
    (tmp_path / "lure.bgsplay").write_bytes(open(saved, "rb").read())
    # Stats and charts of Ana's Lure plays.
    phone.tap(phone.button("Filter"))
    phone.tap(phone.button("Ana"))
    phone.tap(phone.button("Done"))
    phone.tap(phone.button("Stats"))
    phone.see(phone.text("Ana in Lure"))
    # Each chart is read out as its title and its figures (Flutter puts the label in the text).
    phone.see(phone.page.get_by_text(re.compile(r"^Lure: scores over time .*\. Ana: \d")))
    phone.see(phone.page.get_by_text(re.compile(r"^Wins per player \(20 plays\)\. ")))
    phone.shot("history-stats-phone")
    # Fly Solo: the adventure and its timeline.
    phone.tap(phone.button("Fly Solo"))
    phone.tap(phone.card("Autumn week"))
    phone.see(phone.text("Spent a Badge on Momentum tile 1A"))
    phone.see(phone.page.get_by_text(re.compile("^Day 2 at L2 Hunter's Cabin")))
    phone.see(phone.page.get_by_text(re.compile(r"^Your score and the Silent Angler's, Day by Day\. You: \d+, \d+")))
    phone.see(phone.button("Send Day 2 to BG Stats"))
    phone.shot("history-fly-solo-timeline-phone")
    # The Fly Solo view exports every Day (issue 45).
    phone.tap(phone.button("All adventures"))
    with phone.page.expect_download(timeout=20_000) as download:
        phone.tap(phone.page.get_by_role("button", name=re.compile("^CSV")))
    days = open(download.value.path(), encoding="utf-8-sig").read()
    # Two Days, each a solo play of its one player (issue 64), the Silent Angler's score in its note.
    assert days.count("Fly Solo,") == 2 and "Autumn week: Day 2 at L2 Hunter's Cabin; " in days
    assert "the Silent Angler, " in days
    phone.shot("history-fly-solo-exports-phone")


def test_an_exported_file_imported_on_another_server_with_undo(make_server, phones, tmp_path) -> None:  # noqa: F811
    an_archive(tmp_path / "old")
    first = make_server(data_dir=tmp_path / "old")
    [exporter] = phones(1, host=True)
    exporter.open(first.host_url("/history"))
    with exporter.page.expect_download(timeout=20_000) as download:
        exporter.tap(exporter.page.get_by_role("button", name=re.compile("^BG Stats")))
    exported = tmp_path / "all.bgsplay"
    exported.write_bytes(open(download.value.path(), "rb").read())

    second = make_server(data_dir=tmp_path / "new", lan=True, players=NAMES)
    [host], [other] = phones(1, host=True), phones(1)
    host.open(second.host_url("/history"))
    other.open(second.phone_url("/history"))
    other.see(other.text("Who is playing on this phone?"))
    other.tap(other.button("Ben"))
    other.see(other.text("No finished plays yet"))
    host.see(host.text("No finished plays yet"))
    with host.page.expect_file_chooser(timeout=20_000) as chooser:
        host.tap(host.page.get_by_role("button", name=re.compile("^Import")))
    chooser.value.set_files(str(exported))
    host.see(host.message("Imported from all.bgsplay"))
    for phone in (host, other):  # the other phone follows
        phone.see(phone.text("30 plays: every game, everyone"))
    # The two Fly Solo Days of the file stay with their adventure's journal: left out, and said so.
    host.see(host.text("2 plays of all.bgsplay left out"))
    host.see(host.page.get_by_text(re.compile("^Fly Solo, .*: Fly Solo is kept in its own journal, not in History's plays$")))
    host.shot("history-imported-phone")
    host.tap(host.page.get_by_role("button", name="Undo"))
    for phone in (host, other):
        phone.see(phone.text("No finished plays yet"))


def test_a_play_is_shared_as_a_picture_and_saved(make_server, phones, tmp_path) -> None:  # noqa: F811
    an_archive(tmp_path / "data")
    server = make_server(data_dir=tmp_path / "data")
    [phone] = phones(1, host=True)
    phone.open(server.host_url("/history/p029"))
    phone.tap(phone.button("Share a picture of this result"))
    phone.see(phone.page.get_by_label(re.compile("^Lure result: ")).or_(phone.page.get_by_text(re.compile("^Lure result: "))))
    phone.shot("history-share-picture-phone")
    with phone.page.expect_download(timeout=20_000) as download:
        phone.tap(phone.button("Save picture"))
    assert download.value.suggested_filename == "lure-2026-11-19-p029.png"
    assert open(download.value.path(), "rb").read(4) == b"\x89PNG"
    phone.see(phone.message("Saving the picture as lure-2026-11-19-p029.png"))
    # Where it was played and a note (issue 45): typed once, then one tap on another play.
    phone.tap(phone.button("Close"))
    phone.tap(phone.button("Where and note"))
    for field, words in (("Where (a new place)", "Cabin by the lake"), ("Note", "Ana's first win with the new lures")):
        phone.type_into(field, words)
    phone.page.evaluate(SETTLED)  # the typing has reached the page before Save is tapped
    phone.shot("history-where-and-note-phone")
    phone.tap(phone.button("Save"))
    phone.see(phone.text("Where: Cabin by the lake"))
    phone.see(phone.text("Note: Ana's first win with the new lures"))
    phone.open(server.host_url("/history/p028"))
    phone.tap(phone.button("Where and note"))
    phone.tap(phone.button("Cabin by the lake"))
    phone.tap(phone.button("Save"))
    phone.see(phone.text("Where: Cabin by the lake"))
    phone.open(server.host_url("/history"))
    phone.tap(phone.button("Filter"))
    phone.tap(phone.button("Cabin by the lake"))
    phone.see(phone.text("2 plays: every game, everyone, at Cabin by the lake"))
    phone.shot("history-filter-where-phone")


def test_a_deleted_play_is_asked_about_and_brought_back(make_server, phones, tmp_path) -> None:  # noqa: F811
    """Issue 63: History's Delete asked nothing and only its message's Undo brought the play back. The host
    is asked; the play is offered back under the plays (30 days) and comes back with one tap."""
    an_archive(tmp_path / "data")
    server = make_server(data_dir=tmp_path / "data")
    [phone] = phones(1, host=True)
    phone.open(server.host_url("/history/p029"))
    phone.tap(phone.button("Delete"))
    phone.see(phone.page.get_by_text(re.compile(r"^Delete the Lure play of .*\?$")))
    phone.shot("history-delete-asks-phone")
    phone.tap(phone.button("Delete").last)
    phone.see(phone.page.get_by_text(re.compile(r"^The Lure play of .* was deleted$")))  # its page says so
    wait_for(lambda: not any(p.id == "p029" for p in open_archive(server)), server=server)
    phone.shot("history-deleted-phone")
    phone.tap(phone.button("Bring back"))
    phone.see(phone.message("is back."))
    phone.see(phone.button("Share a picture of this result"))  # the play's page again
    phone.shot("history-brought-back-phone")
    wait_for(lambda: any(p.id == "p029" for p in open_archive(server)), server=server)


def open_archive(server) -> list:
    """The plays the server's archive file holds now, read from disk."""
    from companion.core.plays import Play

    return [Play.from_doc(d) for d in json.loads((server.data_dir / "archive.json").read_text())["plays"].values()]
