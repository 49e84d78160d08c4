"""The slices of the fonts Companion brings, cut by the ranges Flutter's engine asks for them by (issue 65: a phone
meeting a Chinese name was sent 6.2 MB and drew boxes meanwhile)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.client.font_slices import SLICES_DIR, build_table, cut_slice, read_table, slice_file
from companion.client.fonts import BUNDLED, BUNDLED_DIR, FontFile
from companion.laptop.web_files import web_dir

CUT = ("notosanssc", "notocoloremoji")  # the families Companion brings in several slices (Arabic is one file)


@pytest.fixture(scope="module")
def table():
    return read_table((web_dir() / "main.dart.js").read_text(encoding="utf-8"))


def test_the_engines_encoding_read_by_hand() -> None:
    # Four fonts; font sets: none, {0}, {1}, {0, 2} ("ab": index 0, then 0 + 1 + 1). Ranges: 0-9 (size 10: "i",
    # 10 - 2 = 8) in set 1 ("B"); 10 alone in set 3 ("D"); 11 to the last code point (1114101: "42849z", as
    # 42849 x 26 + 25 = 1114099 = the size less 2) in set 0 ("A").
    made = build_table(["f/v1/x.0.woff2", "f/v1/x.1.woff2", "f/v1/x.2.woff2", "f/v1/x.3.woff2"], ",a,b,ab",
                       "iBD42849zA")
    assert made.covers == {"f/v1/x.0.woff2": ((0, 10),), "f/v1/x.1.woff2": (), "f/v1/x.2.woff2": ((10, 10),),
                           "f/v1/x.3.woff2": ()}
    assert made.slice_for("f", 4) == "f/v1/x.0.woff2" and made.slice_for("f", 11) is None


def test_flets_client_holds_the_table_and_a_name_finds_its_slice(table) -> None:
    assert len(table.covers) == 724  # Flet 1.0.5's engine: every fallback font it knows
    li = table.slice_for("notosanssc", ord("李"))
    assert li is not None and li.endswith(".115.woff2")
    assert table.slice_for("notocoloremoji", ord("🐟")) is not None


@pytest.mark.parametrize("family", CUT)
def test_every_slice_the_engine_asks_for_is_cut_from_companions_own_font(table, family) -> None:
    """Fails when Flet (its engine's table) or the fonts change: run tools/cut_font_slices.py again."""
    has = set(TTFont(BUNDLED_DIR / BUNDLED[family], lazy=True).getBestCmap())
    addresses = [a for a in table.covers if a.startswith(f"{family}/")]
    assert len(addresses) > 10
    for address in addresses:
        wanted = {c for start, end in table.covers[address] for c in range(start, end + 1)} & has
        assert slice_file(family, address).is_file() == bool(wanted), address
    files = {p.name for p in (SLICES_DIR / family).glob("*.woff2")}
    assert files == {slice_file(family, a).name for a in addresses if slice_file(family, a).is_file()}


def test_a_cut_slice_holds_its_characters_and_no_others(table) -> None:
    address = table.slice_for("notosanssc", ord("李"))
    piece = set(TTFont(slice_file("notosanssc", address)).getBestCmap())
    wanted = {c for start, end in table.covers[address] for c in range(start, end + 1)}
    assert ord("李") in piece and piece <= wanted and len(piece) > 100


def test_a_slice_is_answered_cut_only_by_companions_own_font_of_that_family(table) -> None:
    address = table.slice_for("notosanssc", ord("李"))
    path = f"/assets/fonts/{address}"
    own = FontFile(BUNDLED_DIR / BUNDLED["notosanssc"], "font/woff2", "notosanssc", bundled=True)
    assert cut_slice(own, "notosanssc", path) == slice_file("notosanssc", address)
    # Companion's Chinese answering Japanese: the Japanese slices are numbered otherwise, so it goes whole.
    assert cut_slice(own, "notosansjp", path.replace("notosanssc", "notosansjp")) is None
    machine = FontFile(Path("/usr/share/fonts/NotoSansSC-Regular.otf"), "font/otf", "notosanssc")
    assert cut_slice(machine, "notosanssc", path) is None
    assert cut_slice(own, "notosanssc", "/assets/fonts/notosanssc/v37/unknown.999.woff2") is None
