"""The slices of the fonts Companion brings, cut by the Unicode ranges Flutter asks for them by (issue 65: a phone
meeting a Chinese, Arabic or emoji name was sent the whole family, 6.2 MB, and drew boxes meanwhile).

Flutter's web engine asks for a fallback font as Google Fonts slices it: `notosanssc/v37/<name>.115.woff2`, one
slice of a family for the characters in it. Which characters each slice holds is the engine's own table, compiled
into Flet's client (`main.dart.js`, the same engine as the WebAssembly build): the slices' addresses in order, the
sets of slices that cover a range (`encodedFontSets`) and the ranges of all code points (`encodedFontSetRanges`),
encoded as the engine's `font_fallbacks.dart` reads them (`_decodeFontSet`, `_UnicodePropertyLookup`).
`tools/cut_font_slices.py` cuts each family Companion brings to those ranges once, by a developer (the cut files are
committed, under `noto/slices/<family>/`, named as the engine names them): a phone then downloads only the slices its names use, from
the laptop or the phone build alike. A family whose slices are not cut is sent whole, as before.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from companion.client.fonts import BUNDLED_DIR, FontFile

SLICES_DIR = BUNDLED_DIR / "slices"
MAX_CODE_POINT = 0x10FFFF

# In the compiled client: each fallback font's address, in the engine's list order; the two encoded tables.
ADDRESS = re.compile(r'"(noto[a-z0-9]+/v\d+/[A-Za-z0-9_-]+(?:\.\d+)?\.woff2)"')
FONT_SETS = re.compile(r'"([0-9a-z,]{1000,})"')
SET_RANGES = re.compile(r'"([0-9A-Za-z]{1000,})"')
# The engine's digits (its font_fallback_data.dart): a prefix in 0-9 (radix 10) before a digit; a font's index
# (its distance from the one before, less one) in a-z; a range's size (less two) in a-z, its font set in A-Z.
PREFIX, LOWER, UPPER = (ord("0"), 10), (ord("a"), 26), (ord("A"), 26)


class SliceTableError(ValueError):
    """Flet's client holds no fallback font table this module can read (a new Flutter engine): cut nothing."""


def _digit(code: int, digits: tuple[int, int]) -> int | None:
    first, radix = digits
    return code - first if first <= code < first + radix else None


def _font_set(encoded: str) -> list[int]:
    """The fonts' indexes of one encoded font set ('a', '3b...')."""
    fonts, previous, prefix = [], -1, 0
    for char in encoded:
        code = ord(char)
        if (d := _digit(code, LOWER)) is not None:
            previous += prefix * LOWER[1] + d + 1
            fonts.append(previous)
            prefix = 0
        elif (d := _digit(code, PREFIX)) is not None:
            prefix = prefix * PREFIX[1] + d
        else:
            raise SliceTableError(f"a font set holds {char!r}")
    return fonts


def _ranges(encoded: str) -> tuple[list[int], list[int]]:
    """The ranges' ends (each the next one's start; the first starts at 0) and each range's font set."""
    ends, sets, start, size, prefix = [], [], 0, 1, 0
    for char in encoded:
        code = ord(char)
        if (d := _digit(code, UPPER)) is not None:
            start += size
            ends.append(start)
            sets.append(prefix * UPPER[1] + d)
            size, prefix = 1, 0
        elif (d := _digit(code, LOWER)) is not None:
            size, prefix = prefix * LOWER[1] + d + 2, 0
        elif (d := _digit(code, PREFIX)) is not None:
            prefix = prefix * PREFIX[1] + d
        else:
            raise SliceTableError(f"the ranges hold {char!r}")
    if start != MAX_CODE_POINT + 1:
        raise SliceTableError(f"the ranges end at {start:#x}, not at {MAX_CODE_POINT + 1:#x}")
    return ends, sets


@dataclass(frozen=True)
class SliceTable:
    """Each fallback slice's address ('notosanssc/v37/<name>.115.woff2') and the code points it covers."""

    covers: dict[str, tuple[tuple[int, int], ...]]  # inclusive ranges, in order

    def slice_for(self, family: str, code_point: int) -> str | None:
        """The address of the slice of `family` the engine asks for to draw `code_point` (None: none has it)."""
        for address, ranges in self.covers.items():
            if address.startswith(f"{family}/"):
                starts = [start for start, _ in ranges]
                i = bisect.bisect_right(starts, code_point) - 1
                if i >= 0 and ranges[i][0] <= code_point <= ranges[i][1]:
                    return address
        return None


def read_table(client_js: str) -> SliceTable:
    """The engine's table of fallback slices, read from Flet's compiled client (`main.dart.js`'s text)."""
    addresses = [m.group(1) for m in ADDRESS.finditer(client_js)]
    font_sets = [m.group(1) for m in FONT_SETS.finditer(client_js) if "," in m.group(1)]
    set_ranges = [m.group(1) for m in SET_RANGES.finditer(client_js) if not m.group(1).islower()]
    if not addresses or len(font_sets) != 1 or len(set_ranges) != 1:
        raise SliceTableError(f"{len(addresses)} addresses, {len(font_sets)} font set tables, "
                              f"{len(set_ranges)} range tables")
    return build_table(addresses, font_sets[0], set_ranges[0])


def build_table(addresses: list[str], font_sets: str, set_ranges: str) -> SliceTable:
    """The table from the engine's list of fallback fonts and its two encoded strings."""
    sets = [_font_set(encoded) for encoded in font_sets.split(",")]
    if any(i >= len(addresses) for fonts in sets for i in fonts):
        raise SliceTableError("a font set names a font past the list")
    ends, set_of = _ranges(set_ranges)
    covers: dict[str, list[tuple[int, int]]] = {a: [] for a in addresses}
    start = 0
    for end, s in zip(ends, set_of, strict=True):
        for font in sets[s]:
            ranges = covers[addresses[font]]
            if ranges and ranges[-1][1] == start - 1:
                ranges[-1] = (ranges[-1][0], end - 1)  # adjoining: one range
            else:
                ranges.append((start, end - 1))
        start = end
    return SliceTable({a: tuple(r) for a, r in covers.items()})


def slice_file(family: str, address: str, root: Path = SLICES_DIR) -> Path:
    """Where the cut slice of `family` for a fallback `address` ('notosanssc/v37/<name>.115.woff2', or a slice
    of a name of its own, '.../<name>.woff2') is kept: `<root>/<family>/<name>.115.woff2`."""
    return root / family / address.rsplit("/", 1)[-1]


def cut_slice(font: FontFile, family: str, path: str, root: Path = SLICES_DIR) -> Path | None:
    """The cut slice a fallback request `path` ('/assets/fonts/notosanssc/v37/<name>.115.woff2') asks for, when
    `font` (what answers `family`) is Companion's own font of that family and the slice is cut; else None (the
    whole font answers: a machine's font, or Companion's Chinese answering Japanese, whose slices differ)."""
    if not font.bundled or font.name != family or "assets/fonts/" not in path:
        return None
    piece = slice_file(family, path.split("assets/fonts/", 1)[1], root)
    return piece if piece.is_file() else None
