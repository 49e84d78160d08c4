"""The fonts a phone needs for names in other scripts (emoji, Chinese, Arabic...), from
this machine's Noto fonts, so that nothing is fetched from elsewhere.

Flutter's web engine draws every character itself. When a text holds a character its
own font lacks, it asks for a "fallback" font slice named after Google Fonts' files
(`assets/fonts/notosanssc/v37/<name>.4.woff2`, `notocoloremoji/v32/...`). Offline there
is no Google Fonts: the server answers every slice of a family with that whole family,
read from the Noto fonts packaged for this system (Debian: fonts-noto-core,
fonts-noto-cjk, fonts-noto-color-emoji). Chinese, Japanese and Korean come in one
collection file (`NotoSansCJK-Regular.ttc`); the face of the language asked for is
taken out of it once and kept in the cache folder.
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
PACKAGES = "fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"

# A fallback request: assets/fonts/<family>/<version>/<file>.woff2
SLICE = re.compile(r"(?:^|/)assets/fonts/(noto[a-z0-9]+)/v\d+/[A-Za-z0-9_-]+(?:\.\d+)?\.woff2$")
# Flutter's CJK families and the face of the collection that serves each
CJK = {"notosanssc": "SC", "notosanstc": "TC", "notosanshk": "HK", "notosansjp": "JP", "notosanskr": "KR"}
CJK_COLLECTION = "notosanscjk"


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


class FallbackFonts:
    """This machine's Noto fonts, by Flutter's family name."""

    def __init__(self, cache_dir: Path, font_dirs: tuple[Path, ...] | None = None) -> None:
        self.cache_dir = cache_dir
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
        """What a player would see as boxes for want of a font on this machine."""
        wanted = {"notocoloremoji": "emoji", CJK_COLLECTION: "Chinese, Japanese and Korean",
                  "notosansarabic": "Arabic and other scripts"}
        return [what for key, what in wanted.items() if key not in self._files]

    def find(self, family: str) -> FontFile | None:
        """The whole font for a Flutter family ('notosanssc'), or None when this machine has none."""
        if family in CJK:
            collection = self._files.get(CJK_COLLECTION)
            return self._face(collection, CJK[family]) if collection else None
        path = self._files.get(family)
        if path is None or path.suffix.lower() == ".ttc":
            return None
        return FontFile(path, "font/ttf" if path.suffix.lower() == ".ttf" else "font/otf")

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
        return FontFile(out, "font/otf")
