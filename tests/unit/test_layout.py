"""The code follows the layout docs/architecture.md describes: layers that import one way, no
import loops, and a game that is two packages and one registry entry."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from companion.games import GAMES, registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """Every companion module `name` imports, anywhere in it (a function's import included)."""
    found = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
    return {m for m in found if m in MODULES and m != name}


def test_no_import_loops() -> None:
    graph = {name: imports_of(name) for name in MODULES}
    loops = []

    def visit(name: str, path: list[str], done: set[str]) -> None:
        if name in path:
            loops.append(path[path.index(name):] + [name])
            return
        if name in done:
            return
        for child in sorted(graph[name]):
            visit(child, [*path, name], done)
        done.add(name)

    done: set[str] = set()
    for name in sorted(graph):
        visit(name, [], done)
    assert loops == [], "import loops: " + "; ".join(" -> ".join(loop) for loop in loops)


@pytest.mark.parametrize("layer", ["companion.core", "companion.games", "companion.store"])
def test_rules_and_store_import_no_screen(layer: str) -> None:
    for name in MODULES:
        if name.startswith(layer):
            source = MODULES[name].read_text()
            assert "import flet" not in source and "companion.ui" not in imports_of(name).__str__(), name


def test_only_the_store_imports_tinydb() -> None:
    users = {name for name, path in MODULES.items() if "tinydb" in path.read_text().split("import", 1)[-1]
             and any(line.startswith(("import tinydb", "from tinydb")) for line in path.read_text().splitlines())}
    assert users and all(name.startswith("companion.store") for name in users), users


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda g: g.id)
def test_every_game_is_two_packages_and_its_entry(game: registry.Game) -> None:
    package = game.id.replace("-", "_")
    screens = f"companion.ui.games.{package}"
    assert screens in MODULES, f"{game.title}'s screens belong in {screens}"
    for part in game.parts:
        assert part.screen.startswith(screens + "."), part.screen
        assert callable(registry.load(part.screen))
    for kind in game.sessions:
        assert kind.rules.startswith(f"companion.games.{package}."), kind.rules
        assert GAMES[kind.kind].game == kind.kind  # the rules know their own kind
        assert kind.part in {p.id for p in game.parts}
    for path, reader in game.data:
        assert path.startswith(f"games/{package}/") and reader.startswith(f"companion.games.{package}.")
    assert (ROOT / "assets" / game.picture).is_file()
    if game.options:
        spec = registry.load(game.options)
        assert spec.read(None)[1] == []  # nothing stored yet: the defaults, no problem
        assert game.options_section and callable(registry.load(game.options_section))
    if game.score_command:
        assert callable(registry.load(game.score_command))
    from companion.core.pools import preset

    assert all(preset(p) for p in game.presets)


def test_games_have_distinct_ids_titles_and_routes() -> None:
    ids = [g.id for g in registry.GAMES]
    assert len(set(ids)) == len(ids) == 6
    assert len({g.title for g in registry.GAMES}) == 6
    for game in registry.GAMES:
        assert len({p.id for p in game.parts}) == len(game.parts) >= 1


def test_the_screens_of_every_game_import() -> None:
    for game in registry.GAMES:
        for part in game.parts:
            importlib.import_module(part.screen.partition(":")[0])
