"""The package ships every module and the assets."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# One worker runs the whole module (make test runs two): the wheel, built once for the module.
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> tuple[set[str], str]:
    """The wheel pip builds from this checkout: the files it holds, and what pip printed."""
    folder = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                            str(folder), str(ROOT)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    [path] = folder.glob("companion-*.whl")
    with zipfile.ZipFile(path) as archive:
        return set(archive.namelist()), built.stdout + built.stderr


def test_the_wheel_holds_every_module_and_every_asset(wheel) -> None:
    # Nothing is listed by hand: a new game's packages and data folder ship as they are.
    files, _ = wheel
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion").rglob("*.py")}
    modules |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion" / "site").glob("*.js")}  # the phone build's
    fonts = {p.relative_to(ROOT).as_posix() for p in (ROOT / "companion" / "client" / "noto").rglob("*")
             if p.is_file()}
    assert {"companion/client/noto/NotoSansSC.woff2", "companion/client/noto/SOURCES.md"} <= fonts
    assert sum("/noto/slices/notosanssc/" in f for f in fonts) > 90  # their slices too
    modules |= fonts  # the fonts Companion brings, their licences and sources
    assets = {"companion/assets/" + p.relative_to(ROOT / "assets").as_posix()
              for p in (ROOT / "assets").rglob("*") if p.is_file()}
    assert modules and assets and not (modules | assets) - files, sorted((modules | assets) - files)[:10]


def test_installing_prints_no_packaging_warning(wheel) -> None:
    _, printed = wheel
    assert "Warning" not in printed, printed


def test_assets_are_found() -> None:
    from companion.core.assets import assets_dir

    assert (assets_dir() / "icon.png").is_file()
    assert (assets_dir() / "manifest.json").is_file()


def test_the_game_registry_names_each_module_by_its_own_game_id() -> None:
    import importlib

    from companion.games import GAME_MODULES, GAME_TITLES, GAMES

    for kind, module in GAME_MODULES.items():
        assert importlib.import_module(module).GAME == kind
        assert GAMES[kind].game == kind
    names = {importlib.import_module(m).__dict__.get("GAME_NAME") for m in GAME_MODULES.values()} - {None}
    assert names == set(GAME_TITLES)
