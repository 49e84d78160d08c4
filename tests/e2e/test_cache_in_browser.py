"""The laptop's cache folder is checked, never trusted (issue 44): a phone that is not the host joins
and plays when every compressed copy in the cache is damaged (each is found, never sent, made again),
and when the cache folder cannot be written at all (one line in the log; the files are sent
uncompressed). Before: a damaged copy was sent as it was (a blank page, nothing said), and an
unwritable cache folder stopped the server."""

from __future__ import annotations

from pathlib import Path

from companion.laptop.web_files import HOT, Compressed, web_dir
from tests.e2e.test_table_of_phones_in_browser import join


def plays(server, a_phone) -> None:
    """The phone joins as Ana and rolls the dice."""
    join(a_phone, server, "Ana", "/dice")
    a_phone.tap(a_phone.button("Roll 2 d6"))
    a_phone.see(a_phone.text("Earlier rolls").or_(a_phone.page.get_by_text("Total", exact=False)))
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


def test_a_phone_joins_when_every_compressed_copy_in_the_cache_is_damaged(make_server, a_phone, tmp_path) -> None:
    cache = tmp_path / "cache"
    copies = Compressed(cache / "compressed")
    damaged = []
    for name in HOT:
        path = web_dir() / name
        if path.is_file() and Compressed.worth_it(path):
            for encoding, damage in (("br", b""), ("gzip", path.read_bytes()[:1000])):
                copy = copies.copy_of(path, encoding)
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(damage)  # a power cut's copy: empty, or cut short
                damaged.append(copy)
    assert len(damaged) >= 4
    server = make_server(lan=True, players=("Ana",), cache=cache)
    plays(server, a_phone)
    asked = [line for line in server.log.read_text().splitlines() if "a damaged compressed copy of" in line]
    assert asked  # the copies the phone asked for were found damaged, set aside and not sent
    assert all(str(c) not in line or not c.exists() or c.stat().st_size > 1000 for c in damaged for line in asked)


def test_a_phone_joins_when_the_cache_folder_cannot_be_written(make_server, a_phone, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    server = make_server(lan=True, players=("Ana",), cache=blocker)
    plays(server, a_phone)
    [line] = [line for line in server.log.read_text().splitlines() if "cache folder" in line]
    assert line.startswith(f"NOTICE: cannot write the cache folder {blocker}: it is a file, not a folder.")
