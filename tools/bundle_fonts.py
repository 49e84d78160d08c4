"""Make the fonts Companion brings for names in emoji, Chinese and Arabic (companion/client/noto/).

    .venv/bin/python tools/bundle_fonts.py        (needs npm; a few minutes: Chinese is large)

Run by a developer when a newer font is wanted (raise a version below), never at install: the files it
writes are committed, so every host (Windows and macOS too) gives phones the same fonts with nothing to
install. Each font is Google Fonts' whole file, as Expo's maintained npm packages (@expo-google-fonts/*)
ship it under the SIL Open Font License, taken as it is but for:
- the regular weight only: Flutter's web engine registers a fallback font without a weight;
- the emoji font's OpenType-SVG table dropped: Flutter draws emoji with its own engine (Skia), which
  reads the COLRv1 colour glyphs the same file holds; SVG glyphs are for browsers' own text (Safari),
  and were more than half the file;
- saved as WOFF2: what a phone downloads is a third of the TrueType file (Flutter's engine reads WOFF2,
  the form of Google Fonts' slices it asks for).
Whole families, not Fontsource's unicode-range slices: Flutter asks for Google Fonts' slices of its own
(older) version of each family, whose ranges Fontsource's do not match (and Fontsource's Chinese leaves
out a quarter of them, its emoji has SVG glyphs only).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.client.fonts import BUNDLED, BUNDLED_DIR  # noqa: E402  (the names fonts.py serves)

# Flutter's family -> (npm package, version, the regular file in it, tables left out)
SOURCES = {
    "notocoloremoji": ("@expo-google-fonts/noto-color-emoji", "0.4.6", "400Regular/NotoColorEmoji_400Regular.ttf",
                       ("SVG ",)),
    "notosanssc": ("@expo-google-fonts/noto-sans-sc", "0.4.3", "400Regular/NotoSansSC_400Regular.ttf", ()),
    "notosansarabic": ("@expo-google-fonts/noto-sans-arabic", "0.4.3", "400Regular/NotoSansArabic_400Regular.ttf",
                       ()),
}


def unpack(package: str, version: str, into: Path) -> tuple[Path, dict]:
    """The npm package unpacked under `into`, and what npm says of its archive (integrity...)."""
    packed = subprocess.run(["npm", "pack", "--json", f"{package}@{version}"], cwd=into, check=True,
                            capture_output=True, text=True)
    [info] = json.loads(packed.stdout)
    folder = into / info["name"].replace("/", "+")
    folder.mkdir()
    subprocess.run(["tar", "xzf", str(into / info["filename"]), "-C", str(folder)], check=True)
    return folder / "package", info


def make(family: str, work: Path) -> str:
    """Write one family's WOFF2 and licence; its line of the sources table."""
    package, version, regular, dropped = SOURCES[family]
    unpacked, info = unpack(package, version, work)
    font = TTFont(unpacked / regular, recalcTimestamp=False)  # the package's date kept: the same file each run
    for table in dropped:
        del font[table]
    font.flavor = "woff2"
    target = BUNDLED_DIR / BUNDLED[family]
    font.save(target)
    licence = (unpacked / "LICENSE_FONT").read_text()
    (BUNDLED_DIR / f"{target.stem}-OFL.txt").write_text(licence)
    google = json.loads((unpacked / "metadata.json").read_text())
    digest = hashlib.sha256(target.read_bytes()).hexdigest()[:16]
    return (f"| {target.name} | {font['name'].getDebugName(1)} {font['name'].getDebugName(5).split(';')[0]} "
            f"(Google Fonts {google['version']}, {google['lastModified']}) | `{package}` {version} "
            f"(`{regular}`; {info['integrity']}) | {target.stat().st_size:,} | {digest} |")


def main() -> int:
    BUNDLED_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        rows = [make(family, Path(work)) for family in SOURCES]
    (BUNDLED_DIR / "SOURCES.md").write_text(
        "# The fonts Companion brings for names in other scripts\n\n"
        "Written by `tools/bundle_fonts.py` (read it for what was changed and why); each under the SIL Open "
        "Font License 1.1, its copyright and licence in the `-OFL.txt` file of the same name.\n\n"
        "| file | font | from the npm package | bytes | sha256 (first 16) |\n| --- | --- | --- | --- | --- |\n"
        + "\n".join(rows) + "\n")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
