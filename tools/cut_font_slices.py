"""Cut the fonts Companion brings (companion/client/noto/) into the slices Flutter asks for them by.

    .venv/bin/python tools/cut_font_slices.py        (a few minutes: Chinese is large)

Run by a developer after tools/bundle_fonts.py, or when Flet (so Flutter's engine, so its table of slices)
changes: `tests/unit/test_font_slices.py` fails until it is run again. Each slice of a family cut into several is
the family's font kept to the code points the engine's table gives that slice (`companion.client.font_slices`),
saved as WOFF2 under `noto/slices/<family>/`, named as the engine names it; a slice none of whose characters the font has is
not written (the engine asks for it only for a character it lacks). A family of one file (Arabic) is sent whole.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.client.font_slices import SLICES_DIR, read_table, slice_file  # noqa: E402
from companion.client.fonts import BUNDLED, BUNDLED_DIR  # noqa: E402
from companion.laptop.web_files import web_dir  # noqa: E402


def cut(family: str, addresses: list[str], covers, work: Path) -> int:
    """Write `family`'s slices; how many were written."""
    plain = work / f"{family}.ttf"  # read from WOFF2 once: a slice is then cut in under a second
    font = TTFont(BUNDLED_DIR / BUNDLED[family], recalcTimestamp=False)
    font.flavor = None
    font.save(plain)
    has = set(TTFont(plain, lazy=True).getBestCmap())
    written = 0
    for address in addresses:
        wanted = sorted(c for start, end in covers[address] for c in range(start, end + 1) if c in has)
        if not wanted:
            continue
        piece = TTFont(plain, recalcTimestamp=False)
        cutter = subset.Subsetter(subset.Options(layout_features=["*"], name_IDs=["*"], notdef_outline=True,
                                                 flavor="woff2"))
        cutter.populate(unicodes=wanted)
        cutter.subset(piece)
        target = slice_file(family, address)
        target.parent.mkdir(parents=True, exist_ok=True)
        piece.flavor = "woff2"
        piece.save(target)
        written += 1
    return written


def main() -> int:
    table = read_table((web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    shutil.rmtree(SLICES_DIR, ignore_errors=True)
    with tempfile.TemporaryDirectory() as work:
        for family in BUNDLED:
            addresses = [a for a in table.covers if a.startswith(f"{family}/")]
            if len(addresses) < 2:
                print(f"{family}: one file, sent whole")
                continue
            print(f"{family}: {cut(family, addresses, table.covers, Path(work))} of {len(addresses)} slices")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
