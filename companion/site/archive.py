"""The phone build's app archive: what the phone's Python runs, in one zip (`app.zip`) that Flet's worker
unpacks and puts on `sys.path` (`__pypackages__/`).

It holds Companion (without what only the laptop runs), its data files, and the pure-Python packages it
runs with, compiled: Python's bytecode for the Python in the phone (Pyodide's CPython 3.14), made by that
same Python run in Node.js on the machine that builds. A phone then imports without compiling Flet and
Companion's 500 modules on every start (about a second of a phone's processor), and the archive holds
the bytecode only. Where Node.js is missing the archive holds the sources (slower to start, the same app).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from companion.core.assets import assets_dir

HERE = Path(__file__).resolve().parent
# The packages the phone's Python imports, besides Companion (Flet's own imports are lazy: its
# transport and auth libraries are never imported in the browser).
PACKAGES = ("flet", "msgpack", "tinydb", "flet_charts", "filelock")
# What only the laptop runs (Invite phones: no phone joins a phone), or only the machine that builds:
# not in the phone's archive.
LAPTOP_ONLY = ("companion/laptop/", "companion/client/", "companion/cli.py", "companion/__main__.py",
               "companion/ui/screens/invite.py", "companion/site/build.py", "companion/site/archive.py")
COMPILED = (".so", ".pyd", ".pyx", ".pxd", ".c", ".h", ".pyi")  # msgpack runs its pure-Python fallback
MAIN = "from companion.site.phone import run\n\nrun()\n"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the same archive from the same code: the same version
# Run by Pyodide's Python in Node.js: every module compiled in place (X.py -> X.pyc beside it), then the
# sources removed. Bytecode beside no source is imported as it is, never checked against a source.
COMPILE = """
import compileall, pathlib, py_compile, sys
unchecked = py_compile.PycInvalidationMode.UNCHECKED_HASH  # no time in the bytecode: the same from the same code
if not compileall.compile_dir("/stage", quiet=1, legacy=True, workers=1, invalidation_mode=unchecked):
    sys.exit("a module of the archive does not compile")
for source in pathlib.Path("/stage").rglob("*.py"):
    if source.name != "main.py":
        source.unlink()
"""
NODE = """import { loadPyodide } from %s;
const pyodide = await loadPyodide();
pyodide.mountNodeFS("/stage", %s);
pyodide.runPython(%s);
"""


class ArchiveError(Exception):
    """The archive cannot be made: one line saying why."""


def files(packages: tuple[str, ...] = PACKAGES, companion: bool = True) -> dict[str, Path]:
    """What the phone's Python runs: every file by its place in the archive (`packages`, and Companion
    with its data unless told not: the benchmarks' one-button app)."""
    found: dict[str, Path] = {}
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise ArchiveError(f"the package {name} is not installed")
        root = Path(spec.submodule_search_locations[0])
        found |= {f"__pypackages__/{name}/{p.relative_to(root).as_posix()}": p for p in _files(root)}
    if not companion:
        return found
    package = HERE.parent
    for p in _files(package):
        rel = f"companion/{p.relative_to(package).as_posix()}"
        if p.suffix == ".py" and not rel.startswith(LAPTOP_ONLY):
            found[f"__pypackages__/{rel}"] = p
    assets = assets_dir()
    found |= {f"__pypackages__/companion/assets/{p.relative_to(assets).as_posix()}": p for p in _files(assets)}
    return found


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                  and p.suffix not in COMPILED and ".dist-info" not in p.as_posix())


def write(path: Path, pyodide: Path, main: str = MAIN, packages: tuple[str, ...] = PACKAGES,
          companion: bool = True) -> bool:
    """The archive at `path` (its `main.py` is `main`), compiled by the Pyodide in `pyodide` where Node.js
    runs it: whether it is."""
    with tempfile.TemporaryDirectory(prefix="companion-archive-") as folder:
        stage = Path(folder)
        (stage / "main.py").write_text(main)
        for name, source in files(packages, companion).items():
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, stage / name)
        compiled = _compile(stage, pyodide)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for file in sorted(p for p in stage.rglob("*") if p.is_file()):
                info = zipfile.ZipInfo(file.relative_to(stage).as_posix(), ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, file.read_bytes())
    return compiled


def _compile(stage: Path, pyodide: Path) -> bool:
    node = shutil.which("node")
    if node is None:
        return False
    script = NODE % (json.dumps((pyodide / "pyodide.mjs").as_uri()), json.dumps(str(stage)), json.dumps(COMPILE))
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise ArchiveError(f"Pyodide could not compile the archive: {(done.stderr or done.stdout).strip()[-500:]}")
    return True
