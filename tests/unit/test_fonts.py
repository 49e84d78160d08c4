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
