"""The fonts a phone needs for names in other scripts (emoji, Chinese, Arabic...): the ones Companion
brings (`noto/`), then this machine's own Noto fonts, so that nothing is fetched from elsewhere and the
same names draw whatever system serves them.

Flutter's web engine draws every character itself. When a text holds a character its
own font lacks, it asks for a "fallback" font slice named after Google Fonts' files
(`assets/fonts/notosanssc/v37/<name>.4.woff2`, `notocoloremoji/v32/...`). Offline there
is no Google Fonts: the server answers a slice of a family Companion brings with that slice cut from its
font (`font_slices`), and every other slice with the whole family.
- Emoji, Chinese (Simplified) and Arabic come with Companion: Google Fonts' own files, under the SIL
  Open Font License, made by `tools/bundle_fonts.py` (`noto/SOURCES.md` says from where).
- Any other family (Thai, Hebrew, Devanagari...) comes from this machine's Noto fonts when it has them
  (Debian: fonts-noto-core...). Traditional Chinese, Japanese and Korean too, from the collection
  `NotoSansCJK-Regular.ttc`, whose face of the language asked for is taken out once and kept in the
  cache folder; without it they are answered with the Chinese Companion brings, which holds their
  common characters and kana (not Hangul).
"""

from __future__ import annotations

import os
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from companion.client.cache_files import write_whole

# Where systems keep fonts (Linux packages and per-user fonts, macOS, Windows).
FONT_DIRS = (
    Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".local/share/fonts",
    Path.home() / ".fonts", Path("/Library/Fonts"), Path.home() / "Library/Fonts",
    Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts",
)
# COMPANION_FONT_DIRS, folders joined by os.pathsep, replaces FONT_DIRS (empty: this machine's fonts unused)
FONT_DIRS_VARIABLE = "COMPANION_FONT_DIRS"

BUNDLED_DIR = Path(__file__).resolve().parent / "noto"
BUNDLED = {"notocoloremoji": "NotoColorEmoji.woff2", "notosanssc": "NotoSansSC.woff2",
           "notosansarabic": "NotoSansArabic.woff2"}

# A fallback request: assets/fonts/<family>/<version>/<file>.woff2
SLICE = re.compile(r"(?:^|/)assets/fonts/(noto[a-z0-9]+)/v\d+/[A-Za-z0-9_-]+(?:\.\d+)?\.woff2$")
# Flutter's CJK families and the face of the collection that serves each
CJK = {"notosanssc": "SC", "notosanstc": "TC", "notosanshk": "HK", "notosansjp": "JP", "notosanskr": "KR"}
CJK_COLLECTION = "notosanscjk"
MEDIA_TYPES = {".woff2": "font/woff2", ".ttf": "font/ttf", ".otf": "font/otf"}


def family_of(path: str) -> str | None:
    """'notosanssc' for a fallback slice's path, None for any other path."""
    found = SLICE.search(path)
    return found.group(1) if found else None


def machine_font_dirs() -> tuple[Path, ...]:
    """The folders searched for this machine's own fonts: FONT_DIRS, or those COMPANION_FONT_DIRS names."""
    named = os.environ.get(FONT_DIRS_VARIABLE)
    if named is None:
        return FONT_DIRS
    return tuple(Path(p) for p in named.split(os.pathsep) if p)


def _key(file_name: str) -> str:
    """'notosansarabic' for NotoSansArabic-Regular.ttf, 'notocoloremoji' for NotoColorEmoji.ttf."""
    stem = file_name.rsplit(".", 1)[0].lower()
    return stem.removesuffix("-regular").replace("-", "").replace("_", "")


@dataclass(frozen=True)
class FontFile:
    path: Path  # the file to send
    media_type: str
    name: str  # the family whose file it is: families answered with one file share its address
    bundled: bool = False  # one of Companion's own (the same on every host), not this machine's


class FallbackFonts:
    """The fonts Companion brings, then this machine's Noto fonts, by Flutter's family name."""

    def __init__(self, cache_dir: Path, font_dirs: tuple[Path, ...] | None = None,
                 bundled_dir: Path = BUNDLED_DIR) -> None:
        self.cache_dir = cache_dir
        self._bundled = {family: bundled_dir / name for family, name in BUNDLED.items()
                         if (bundled_dir / name).is_file()}
        self._files: dict[str, Path] = {}
        for folder in machine_font_dirs() if font_dirs is None else font_dirs:
            if not folder.is_dir():
                continue
            for root, _, names in os.walk(folder):
                for name in names:
                    if name.lower().startswith("noto") and name.lower().endswith((".ttf", ".otf", ".ttc")):
                        key = _key(name)
                        # Regular before other weights; the first folder found wins
                        if key not in self._files or "regular" in name.lower() and \
                                "regular" not in self._files[key].name.lower():
                            self._files[key] = Path(root) / name
        self._lock = threading.Lock()

    def missing(self) -> list[str]:
        """What a player would see as boxes: only when Companion's own fonts are gone from its install
        (this machine's fonts do not stand in for them: see fonts' order in find)."""
        wanted = {"notocoloremoji": "emoji", "notosanssc": "Chinese", "notosansarabic": "Arabic"}
        return [what for family, what in wanted.items() if family not in self._bundled]

    def find(self, family: str) -> FontFile | None:
        """The whole font for a Flutter family ('notosanssc'), or None when there is none: Companion's
        own first (the same on every host), then this machine's, then for a CJK family Companion's
        Chinese."""
        if family in self._bundled:
            return _font_file(self._bundled[family], family, bundled=True)
        if family in CJK:
            collection = self._files.get(CJK_COLLECTION)
            face = self._face(collection, CJK[family]) if collection else None
            if face is None and "notosanssc" in self._bundled:
                return _font_file(self._bundled["notosanssc"], "notosanssc", bundled=True)
            return face
        path = self._files.get(family)
        if path is None or path.suffix.lower() == ".ttc":
            return None
        return _font_file(path, family)

    def _face(self, collection: Path, language: str) -> FontFile | None:
        """The face of `collection` for `language`, taken out once (a few seconds) and kept."""
        stat = collection.stat()
        out = self.cache_dir / f"NotoSansCJK-{language}-{stat.st_size:x}-{stat.st_mtime_ns:x}.otf"
        with self._lock:
            if not out.exists():
                from fontTools.ttLib import TTCollection

                faces = TTCollection(str(collection), lazy=True)
                face = next((f for f in faces if f["name"].getDebugName(1) == f"Noto Sans CJK {language}"), None)
                if face is None:
                    print(f"Companion: {collection} has no Noto Sans CJK {language} face", file=sys.stderr)
                    return None
                try:
                    write_whole(out, lambda partial: face.save(str(partial)))
                except OSError:  # a cache folder that cannot be written (cli.run said so): no such font
                    return None
        return FontFile(out, "font/otf", "notosans" + language.lower())


def _font_file(path: Path, name: str, bundled: bool = False) -> FontFile:
    return FontFile(path, MEDIA_TYPES.get(path.suffix.lower(), "font/ttf"), name, bundled)
