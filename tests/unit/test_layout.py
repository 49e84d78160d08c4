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


def all_imports(name: str) -> set[str]:
    """Every module `name` imports, anywhere in it and in any form: `import x`, `import x.y as z`,
    `from x import y` (its submodule `x.y` when there is one), `from . import y`, and
    `importlib.import_module("x")` or `__import__("x")` with the name written out."""
    found = set()
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and (
                    isinstance(node.func, ast.Name) and node.func.id == "__import__"
                    or isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"):
            found.add(node.args[0].value)
    return found


def imports_of(name: str) -> set[str]:
    """Every companion module `name` imports, anywhere in it (a function's import included)."""
    return {m for m in all_imports(name) if m in MODULES and m != name}


def imports_any(name: str, top: str) -> bool:
    """Whether `name` imports package `top` (or a module of it) in any form."""
    return any(m == top or m.startswith(top + ".") for m in all_imports(name))


def test_every_form_of_import_is_found(tmp_path, monkeypatch) -> None:
    # The checks below would pass without a word if the finder missed a form.
    module = tmp_path / "companion" / "core" / "probe.py"
    module.parent.mkdir(parents=True)
    forms = ["import flet", "import flet.controls as c", "from flet import Text", "from flet.controls import x",
             "import importlib\nimportlib.import_module('tinydb')", "__import__('tinydb.storages')"]
    for form in forms:
        module.write_text(form + "\n")
        monkeypatch.setitem(MODULES, "companion.core.probe", module)
        assert imports_any("companion.core.probe", "flet") or imports_any("companion.core.probe", "tinydb"), form


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
            assert not imports_any(name, "flet") and not imports_any(name, "companion.ui"), name


def test_only_the_store_imports_tinydb() -> None:
    users = {name for name in MODULES if imports_any(name, "tinydb")}
    assert users and all(name.startswith("companion.store") for name in users), users


def test_core_imports_no_game_no_store_and_no_screen() -> None:
    # What several games share knows no game: a game's data reaches it as an argument.
    for name in MODULES:
        if name.startswith("companion.core"):
            for layer in ("companion.games", "companion.store", "companion.ui"):
                assert not imports_any(name, layer), f"{name} imports {layer}"


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
    if game.presets:
        assert game.presets == f"games/{package}/presets.json"
        assert registry.game_presets(game)


def test_games_have_distinct_ids_titles_and_routes() -> None:
    ids = [g.id for g in registry.GAMES]
    assert ids and len(set(ids)) == len(ids)
    assert len({g.title for g in registry.GAMES}) == len(ids)
    for game in registry.GAMES:
        assert len({p.id for p in game.parts}) == len(game.parts) >= 1


def test_every_game_package_has_its_registry_entry() -> None:
    # A game is its two packages and its entry: a package without an entry would never be shown.
    packages = {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}
    registered = {g.id.replace("-", "_") for g in registry.GAMES}
    assert packages == registered, packages ^ registered
    screens = {p.name for p in (PACKAGE / "ui" / "games").iterdir() if (p / "__init__.py").exists()}
    assert screens == registered, screens ^ registered


def test_the_screens_of_every_game_import() -> None:
    for game in registry.GAMES:
        for part in game.parts:
            importlib.import_module(part.screen.partition(":")[0])


# What a phone with no computer runs Companion with (companion/site/archive.py), besides Python's own
# library: Flet and the packages the archive holds, and the browser (Pyodide's modules).
PHONE_HAS = {"pyodide", "pyodide_js", "js", "companion"}  # and the archive's packages (archive.PACKAGES)


def test_the_phones_archive_holds_every_module_its_code_imports_and_nothing_of_the_laptop() -> None:
    import sys

    from companion.site import archive

    shipped = {module_name(ROOT / rel.removeprefix("__pypackages__/"))
               for rel in archive.files() if rel.startswith("__pypackages__/companion/") and rel.endswith(".py")}
    assert "companion.site.phone" in shipped and "companion.ui.shell" in shipped
    assert not [m for m in shipped if m.startswith(("companion.laptop", "companion.client", "companion.cli"))]
    wanting = {}
    for name in sorted(shipped):
        for imported in all_imports(name):
            top = imported.split(".")[0]
            if top not in PHONE_HAS | set(archive.PACKAGES) and top not in sys.stdlib_module_names and top != "__future__" \
                    or top == "companion" and imported in MODULES and imported not in shipped:
                wanting.setdefault(name, set()).add(imported)
    assert not wanting, f"modules of the phone's archive import what the phone does not have: {wanting}"
