"""The games' pictures on a phone at the table (the LAN address: Flutter's heavier engine, which drew
no picture sent within the screen as bytes): each is asked for once under the served files' version,
kept a year by the phone, and drawn."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e.test_table_of_phones_in_browser import phones, table_of  # noqa: F401

PICTURES = 6


def coloured_pixels(png: bytes, left: int, right: int, top: int, bottom: int) -> int:
    """Pixels of a strong colour in a box (CSS pixels; the screenshot has two device pixels each):
    the pictures are teal, brown, blue and purple on a grey card."""
    image = Image.open(io.BytesIO(png)).convert("RGB").crop((left * 2, top * 2, right * 2, bottom * 2))
    rgb = image.tobytes()  # (Image.getdata is deprecated in Pillow 13)
    return sum(1 for i in range(0, len(rgb), 3) if max(rgb[i:i + 3]) - min(rgb[i:i + 3]) > 60)


def test_each_picture_is_asked_for_once_kept_and_drawn(make_server, phones) -> None:
    server = make_server(lan=True, players=("Ana",))
    ana, = phones(1)
    answers: list[tuple[str, int, str]] = []
    ana.page.on("response", lambda r: answers.append((r.url, r.status, r.headers.get("cache-control", "")))
                if r.url.endswith("/picture.png") else None)
    ana.open(server.phone_url("/games"))
    ana.see(ana.text("Who is playing on this phone?"))
    ana.tap(ana.button("Ana"))
    ana.see(ana.card("Freshwater Fly"))
    ana.page.wait_for_timeout(1000)
    assert len(answers) == PICTURES and all(status == 200 and "immutable" in kept and "/_v/" in url
                                            for url, status, kept in answers), answers
    assert coloured_pixels(ana.page.screenshot(), 20, 110, 70, 650) > 5_000  # the pictures, drawn
