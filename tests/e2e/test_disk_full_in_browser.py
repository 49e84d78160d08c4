"""A full disk through a real server and a phone that is not the host (issue 44): the `--lan` server's
data folder is a small tmpfs; when the disk fills, the phone's Roll is refused in words (no traceback on
the phone or in the log), no roll the phone showed is lost across a restart, and play goes on by itself
once space returns. Before: 40 rolls acknowledged, 30 after the restart, and the phone showed a traceback."""

from __future__ import annotations

from tests.e2e.test_table_of_phones_in_browser import join
from tests.small_disk import fill, small_disk
from tests.soak_server import RECORDER, ROLL, newest, recorded, shown_of, wait

FULL = "The disk is full: this tap was not kept. Free some space and tap again."


def test_a_full_disk_refuses_the_phones_tap_in_words_and_loses_nothing_it_showed(
        make_server, phone_browser, tmp_path) -> None:
    with small_disk(tmp_path / "disk", size="8m") as data_dir:
        server = make_server(data_dir, lan=True, players=("Ana",))
        from tests.browser import PHONE_SCREEN

        context = phone_browser.new_context(**PHONE_SCREEN)
        context.add_init_script(RECORDER)
        try:
            from tests.browser import AppPage

            phone = join(AppPage(context.new_page()), server, "Ana", "/dice")

            def roll() -> bool:
                """Tap Roll: whether the phone showed a new roll (else it said the disk is full). The last
                refusal's message first goes (5 s), so that it is not taken for this tap's answer."""
                assert wait(lambda: phone.message(FULL).count() == 0, 15, phone)
                before = newest(phone)
                phone.tap(phone.button(ROLL))
                assert wait(lambda: newest(phone) > before or phone.message(FULL).count() > 0, 15, phone)
                return newest(phone) > before

            assert all(roll() for _ in range(3))
            filler = fill(data_dir, leave=0)
            refused = 0
            for _ in range(60):  # a line may still fit in the room its file's last page has left
                if not roll():
                    refused += 1
                    if refused == 1:
                        phone.shot("disk-full-dice")
                    if refused == 3:
                        break
            assert refused == 3, "the disk never filled"
            page_text = phone.page.content()
            assert "Traceback" not in page_text and "File \"" not in page_text
            filler.unlink()
            assert roll()  # space returned: the next tap is kept, with nothing to do
            shown = shown_of(phone)
        finally:
            context.close()
        server.stop()
        server.start()
        kept = recorded(server)
        assert all(kept[n - 1] == faces for n, faces in shown.items()), (shown, kept)
        assert len(kept) == max(shown)
        log = server.log.read_text(errors="replace")
        assert "Traceback" not in log, log[-3000:]
        assert log.count("the disk is full") >= refused, log[-3000:]
        server.stop()
