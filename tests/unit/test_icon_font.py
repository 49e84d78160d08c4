"""The icon font sent to the phones: every icon Companion draws, drawn as the whole font draws it,
and nothing else (1.26 MB cut to about 30 kB)."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

import companion
from companion.client.icon_font import FLUTTER_OWN, FONT, ICONS, IconFont, cut, glyph_of, wanted_glyphs
from companion.games import registry
from companion.laptop.web_files import ClientFiles, web_dir
from tests.unit.test_web_files import Flet, get

FULL = web_dir() / FONT


def named_in_code() -> set[str]:
    """Every icon the code names: ft.Icons.X anywhere in Companion, and the games' parts' icons."""
    named = {p.icon for game in registry.GAMES for p in game.parts}
    for source in Path(companion.__file__).parent.rglob("*.py"):
        named |= set(re.findall(r"\bft\.Icons\.([A-Z0-9_]+)", source.read_text()))
    return named


def test_every_icon_the_code_names_is_kept_and_nothing_else_is_listed() -> None:
    named = named_in_code()
    missing = named - ICONS
    assert missing == set(), f"add these to companion/icon_font.ICONS, or phones get empty boxes: {missing}"
    assert ICONS - named == set(), f"no screen names these any more: take them out of ICONS: {ICONS - named}"
    assert not re.search(r"ft\.Icons\[|getattr\(ft\.Icons, (?!p\.icon\))",
                         "".join(p.read_text() for p in Path(companion.__file__).parent.rglob("*.py"))), \
        "an icon looked up by a name made at run time: it must be listed in ICONS (as the games' parts are)"


@pytest.fixture(scope="module")
def fonts(tmp_path_factory) -> tuple[TTFont, TTFont]:
    out = cut(FULL, tmp_path_factory.mktemp("icons") / "cut.otf")
    return TTFont(FULL), TTFont(out)


def drawn(font: TTFont, glyph: str) -> list:
    pen = RecordingPen()
    font.getGlyphSet()[glyph].draw(pen)
    return pen.value


def test_the_cut_font_draws_every_kept_icon_at_its_character_as_the_whole_font_does(fonts) -> None:
    full, kept = fonts
    full_codes = {glyph: code for code, glyph in full.getBestCmap().items()}
    kept_codes = {glyph: code for code, glyph in kept.getBestCmap().items()}
    for name in sorted(ICONS | FLUTTER_OWN):
        glyph = glyph_of(name)
        assert glyph in full_codes, f"{name}: the font has no glyph {glyph}"
        assert kept_codes.get(glyph) == full_codes[glyph], f"{name} is not at its character in the cut font"
        assert drawn(kept, glyph) == drawn(full, glyph) != [], f"{name} is drawn differently"
    assert set(kept_codes) - {"uni0020"} <= wanted_glyphs()
    assert glyph_of("CASINO") == "casino_baseline" and glyph_of("WARNING_AMBER_ROUNDED") == "warning_amber_rounded"
    assert Path(kept.reader.file.name).stat().st_size < 50_000 < 1_000_000 < FULL.stat().st_size


def test_the_phones_get_the_cut_font_once_made_and_a_restart_keeps_it(tmp_path) -> None:
    client = tmp_path / "web"
    (client / "assets" / "fonts").mkdir(parents=True)
    shutil.copy(FULL, client / FONT)
    (client / "assets" / "FontManifest.json").write_text("[]")
    files = ClientFiles(Flet(), tmp_path / "assets", tmp_path / "cache", client_dir=client, compress=False)
    deadline = time.monotonic() + 30
    while files.icon_font.path is None:
        assert time.monotonic() < deadline, "the cut font was not made"
        time.sleep(0.05)
    status, head, body = get(files, f"/_v/{files.version}/{FONT}")
    assert (status, head["content-type"], body) == (200, "font/otf", files.icon_font.path.read_bytes())
    assert len(body) < 50_000 and "casino_baseline" in TTFont(files.icon_font.path).getGlyphOrder()
    again = IconFont(client / FONT, tmp_path / "cache" / "icons", files.version)
    assert again.path == files.icon_font.path  # kept: ready at once after a restart


def test_a_font_that_cannot_be_cut_is_sent_whole(tmp_path) -> None:
    broken = tmp_path / "MaterialIcons-Regular.otf"
    broken.write_bytes(b"not a font")
    icons = IconFont(broken, tmp_path / "icons", "v1")
    icons._make()
    assert icons.path is None and list((tmp_path / "icons").glob("*")) == []
