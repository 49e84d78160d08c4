"""The packages to ship, found rather than listed (everything else is in pyproject.toml): every
package of companion/, and the top-level assets/ folder, shipped as companion.assets with each
of its folders, so a game's new data folder ships without a line here; and companion/client/noto, the
fonts Companion brings, with the folders of their slices (data folders, no packages)."""

from pathlib import Path

from setuptools import find_packages, setup

ASSETS = Path(__file__).resolve().parent / "assets"
NOTO = Path(__file__).resolve().parent / "companion" / "client" / "noto"

setup(packages=[*find_packages(include=["companion", "companion.*"]), "companion.client.noto", "companion.assets",
                *sorted("companion.assets." + ".".join(d.relative_to(ASSETS).parts)
                        for d in ASSETS.rglob("*") if d.is_dir()),
                *sorted("companion.client.noto." + ".".join(d.relative_to(NOTO).parts)
                        for d in NOTO.rglob("*") if d.is_dir())])
