"""The fonts phones are given for names in other scripts (companion/client/fonts.py)."""

from __future__ import annotations

import os

from companion.client import fonts
from companion.client.fonts import FallbackFonts


def test_the_machines_font_folders_can_be_named_or_left_out(tmp_path, monkeypatch) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "NotoSansThai-Regular.ttf").write_bytes(b"thai")
    monkeypatch.delenv(fonts.FONT_DIRS_VARIABLE, raising=False)
    assert fonts.machine_font_dirs() == fonts.FONT_DIRS
    monkeypatch.setenv(fonts.FONT_DIRS_VARIABLE, os.pathsep.join([str(tmp_path / "none"), str(mine)]))
    assert fonts.machine_font_dirs() == (tmp_path / "none", mine)
    assert FallbackFonts(tmp_path / "cache").find("notosansthai").path == mine / "NotoSansThai-Regular.ttf"
    monkeypatch.setenv(fonts.FONT_DIRS_VARIABLE, "")
    assert fonts.machine_font_dirs() == () and FallbackFonts(tmp_path / "cache").find("notosansthai") is None


def test_companions_own_fonts_come_first_and_hold_the_names_a_phone_draws(tmp_path) -> None:
    from fontTools.ttLib import TTFont

    # A machine with a font of each name of its own: Companion's are still the ones sent (the same
    # names on every host).
    mine = tmp_path / "mine"
    mine.mkdir()
    for name in ("NotoColorEmoji.ttf", "NotoSansArabic-Regular.ttf"):
        (mine / name).write_bytes(b"this machine's")
    found = FallbackFonts(tmp_path / "cache", font_dirs=(mine,))
    for family, characters in (("notocoloremoji", "🎣🐟"), ("notosanssc", "李雷"), ("notosansarabic", "محمد")):
        font = found.find(family)
        assert font.bundled and font.path.parent == fonts.BUNDLED_DIR and font.media_type == "font/woff2"
        cmap = TTFont(font.path).getBestCmap()
        assert all(ord(c) in cmap for c in characters), family
    emoji = TTFont(found.find("notocoloremoji").path)
    assert emoji["COLR"].version == 1 and "SVG " not in emoji  # the colour glyphs Flutter's engine draws
    assert found.missing() == []


def test_other_cjk_families_are_this_machines_face_or_else_companions_chinese(tmp_path) -> None:
    without = FallbackFonts(tmp_path / "cache", font_dirs=())
    for family in ("notosanstc", "notosanshk", "notosansjp", "notosanskr"):
        font = without.find(family)
        assert (font.name, font.bundled) == ("notosanssc", True), family  # one file, one address, one download
    assert without.find("notosansthai") is None


def test_a_missing_font_of_companions_own_is_said(tmp_path) -> None:
    empty = tmp_path / "noto"
    empty.mkdir()
    broken = FallbackFonts(tmp_path / "cache", font_dirs=(), bundled_dir=empty)
    assert broken.missing() == ["emoji", "Chinese", "Arabic"] and broken.find("notosanssc") is None


def test_the_sources_of_companions_own_fonts_are_written_beside_them() -> None:
    sources = (fonts.BUNDLED_DIR / "SOURCES.md").read_text()
    for name in fonts.BUNDLED.values():
        assert f"| {name} |" in sources
        licence = (fonts.BUNDLED_DIR / name.replace(".woff2", "-OFL.txt")).read_text()
        assert "SIL Open Font License, Version 1.1" in licence
