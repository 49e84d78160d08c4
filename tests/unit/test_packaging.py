"""The package ships every module and the assets."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "companion").rglob("__init__.py")
    }
    assert found <= listed, f"add these to [tool.setuptools] packages: {sorted(found - listed)}"


def test_every_asset_folder_ships_as_a_data_package() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(("companion", "assets", *d.relative_to(ROOT / "assets").parts))
               for d in (ROOT / "assets").rglob("*") if d.is_dir()}
    assert folders <= listed, f"add these to [tool.setuptools] packages: {sorted(folders - listed)}"


def test_installing_prints_no_packaging_warning(tmp_path) -> None:
    import subprocess
    import sys

    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                            str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert "Warning" not in built.stdout + built.stderr, built.stdout + built.stderr


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
