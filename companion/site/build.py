"""`make site`: Companion as a static folder that runs on one phone with no computer.

    python -m companion.site.build [FOLDER]        (default build/site)

The folder holds Flet's web client and Pyodide (both from the installed `flet-web`), one archive with
Companion and every pure-Python package it runs with, its pictures and data, the fonts for names in
other scripts (Companion's own for emoji, Chinese and Arabic, this machine's Noto fonts for the rest, as
the laptop serves them), the icon font cut to Companion's icons, and a service worker that keeps it all
after the first visit. Any static file host serves it (a GitHub Pages site, `python -m http.server`);
nothing is fetched from anywhere else.

Made with Flet's own pieces (`flet_web.patch_index`), not `flet publish`: that one downloads a Pyodide
of its own and has micropip install the packages from PyPI on every phone. Here the client takes the
build it takes on the laptop (skwasm on Chromium: a tap shows in 140 ms here, against 200 ms with
CanvasKit, `flet publish`'s choice; CanvasKit, its full variant, on Safari and Firefox), and the page
tells the service worker which, so a phone keeps only its own; the routes are in the address's hash (a
reload lands on the screen on any static host), and every address is relative (served from a
sub-folder as well as from the root).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

from companion.client.cache_files import cache_dir
from companion.client.font_slices import SLICES_DIR
from companion.client.fonts import CJK, FallbackFonts
from companion.client.icon_font import FONT, cut
from companion.client.page import (
    BUILD_SCRIPT,
    BUILDS,
    RIVE_STANDIN_SCRIPT,
    SEMANTICS_STYLE,
    TEXT_SIZE_SCRIPT,
    font_manifest,
    named,
)
from companion.core.assets import assets_dir
from companion.site import archive
from companion.site.words import NO_STORAGE, NO_STORAGE_TITLE

HERE = Path(__file__).resolve().parent
ARCHIVE = "app.zip"
# Flet's client (each build the loader may take: `client.page.BUILDS`), and Pyodide.
CLIENT = ("flutter.js", *sorted({f for files in BUILDS.values() for f in files}), "python-worker.js",
          "icons/loading-animation.png", "assets/AssetManifest.bin", "assets/AssetManifest.bin.json",
          "assets/fonts/roboto.woff2", "assets/shaders/ink_sparkle.frag", "assets/shaders/stretch_effect.frag",
          "assets/packages/wakelock_plus/assets/no_sleep.js", "assets/NOTICES")
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Fonts for names in other scripts (Flutter's family names): emoji, Arabic, and each CJK face.
FONT_FAMILIES = ("notocoloremoji", "notosansarabic", *CJK)
NOT_KEPT_AHEAD = ("fonts/", "assets/NOTICES", "service_worker.js")  # each kept when first needed, or never
# Companion's own fonts (11 MB in all: whole, and cut in slices) are kept too once Companion's first screen
# is shown (see service_worker.js); this machine's (a Japanese face is 16 MB) go into a folder of their own,
# kept only when a name needs one.
MACHINE_FONTS = "fonts/this-machine/"
SLICES = "fonts/slices/"  # Companion's own fonts cut as Flutter asks for them: a phone fetches the slices it needs
# The page: routes in the hash, every address relative (set before python.js starts Python with the
# page); a new version waiting is asked to take over as Companion opens (the page then loads again, from
# it: see service_worker.js); the service worker and persistent storage asked for once the first frame
# is drawn (not competing with the first visit's downloads).
PAGE_SCRIPT = """<script>
flet.entrypointBaseUrl = "./"; flet.assetBase = "./"; flet.canvasKitBaseUrl = "canvaskit/";
flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;
if ("serviceWorker" in navigator) navigator.serviceWorker.getRegistration().then(function (found) {
  if (!found || !found.waiting || !found.active) return;
  navigator.serviceWorker.addEventListener("controllerchange", function () { location.reload(); });
  found.waiting.postMessage("take over");
});
window.addEventListener("flutter-first-frame", function () {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("service_worker.js?build=" + companionBuild());
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
}, {once: true});
</script>"""
# Site data blocked (a private window, a setting that blocks cookies and site data): found before Python
# starts (python.js then starts none), and said in the words of the page shown while Companion starts
# (issue 63: the phone build stayed on "Starting Companion..." for good). Storage that fails later is said
# by Python (phone.start).
STORAGE_CHECK = """<script>
(function () {
  try { localStorage.setItem("companion.check", "1"); localStorage.removeItem("companion.check"); return; }
  catch (e) { window.companionNoStorage = String(e); }
  document.addEventListener("DOMContentLoaded", function () {
    var words = document.getElementById("companion-starting"), lines = words.querySelectorAll("p");
    words.setAttribute("role", "alert");
    lines[0].textContent = %s; lines[0].style.fontWeight = "600";
    lines[1].textContent = %s;
  });
})();
</script>""" % (json.dumps(NO_STORAGE_TITLE), json.dumps(NO_STORAGE))
# Until Companion's first screen is drawn (Flutter's own loading screen goes with its first frame, and
# Python takes seconds more): what is happening, in words. python.js takes it away once Python says
# its first screen is on its way (site/phone.py), or says why it could not start.
STARTING = """<div id="companion-starting" role="status" aria-live="polite"><style>
#companion-starting{position:fixed;inset:0;z-index:2147483646;display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:12px;padding:24px;background:#F4FBF9;color:#3F4946;font:18px system-ui,Roboto,sans-serif;
text-align:center}#companion-starting p{margin:0;max-width:22em}#companion-starting .more{font-size:15px}
@media (prefers-color-scheme:dark){#companion-starting{background:#0E1513;color:#BEC9C5}}</style>
<img src="icons/icon-192.png" alt="" width="96" height="96" style="border-radius:24px">
<p>Starting Companion…</p>
<p class="more">The first time, it downloads what it needs to work with no network (about 30 MB).</p></div>"""


class BuildError(Exception):
    """The folder cannot be made: one line saying why."""


def build(out: Path, client_dir: Path | None = None, fonts: FallbackFonts | None = None) -> dict:
    """Write the phone build into `out` (emptied first); what it holds, in figures."""
    from companion.games import check_game_data

    check_game_data()
    client = client_dir or _client_dir()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for rel in CLIENT:
        _copy(client / rel, out / rel)
    for rel in PYODIDE:
        _copy(client / "pyodide" / rel, out / "pyodide" / rel)
    shutil.copytree(assets_dir(), out, dirs_exist_ok=True)  # the app's pictures and icons, at the page's root
    (out / "assets" / "FontManifest.json").write_bytes(font_manifest(client))
    cut(client / FONT, out / FONT)
    (out / "index.html").write_bytes(page(client / "index.html"))
    shutil.copyfile(HERE / "python.js", out / "python.js")  # Python started with the page, not after Flutter
    (out / "flutter_bootstrap.js").write_text(bootstrap((client / "flutter_bootstrap.js").read_text()))
    compiled = archive.write(out / ARCHIVE, client / "pyodide")
    families = copy_fonts(out, fonts or FallbackFonts(cache_dir() / "fonts"))
    return {**write_service_worker(out, families), "compiled": compiled}


def _client_dir() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def _copy(source: Path, target: Path) -> None:
    if not source.is_file():
        raise BuildError(f"Flet's web client has no {source}: is flet-web 1.0.5 installed?")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def page(index: Path) -> bytes:
    """Flet's index.html, set up for Python in the browser, with Companion's lines."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    copy = index.with_name(".index.html.tmp")
    shutil.copyfile(index, copy)
    try:
        patch_index_html(str(copy), "/", pyodide=True, pyodide_script_path="main.py", app_package_url=ARCHIVE,
                         web_renderer=WebRenderer.AUTO, route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
        text = named(copy.read_bytes())
    finally:
        copy.unlink()
    text = _once(text, b'<base href="/">', b'<base href="./">')
    text = _once(text, b"<body>", b"<body>" + STARTING.encode())
    python = b'<script src="python.js"></script>'
    text = _once(text, python, (STORAGE_CHECK + PAGE_SCRIPT.replace("<script>", f"<script>\n{BUILD_SCRIPT}")).encode()
                 + python)
    return _once(text, b"</head>", (RIVE_STANDIN_SCRIPT + TEXT_SIZE_SCRIPT + SEMANTICS_STYLE).encode() + b"</head>")


def bootstrap(text: str) -> str:
    """Flet's loader script without Flutter's own service worker (it would take the place of Companion's
    and unregister itself), and with CanvasKit's full variant on every browser."""
    text, found = re.subn(r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},", "", text)
    if found != 1:
        raise BuildError("flutter_bootstrap.js has changed: its serviceWorkerSettings were not found")
    return _once(text, "_flutter.loader.load(", 'flutterConfig.canvasKitVariant = "full";\n_flutter.loader.load(')


def _once(text, old, new):
    if text.count(old) != 1:
        raise BuildError(f"Flet's client has changed: {old!r} is not found once")
    return text.replace(old, new)


def copy_fonts(out: Path, fonts: FallbackFonts) -> dict[str, str]:
    """Each family's whole font into the build `out` (a file that answers several families once), and the slices
    cut from Companion's own (`client.font_slices`: `fonts/slices/<family>/<name>.woff2`, each family's asked
    for by itself); the families found, by the whole file's place in the build."""
    found = {}
    for family in FONT_FAMILIES:
        font = fonts.find(family)
        if font is None:
            continue
        rel = f"{'fonts/' if font.bundled else MACHINE_FONTS}{font.name}{font.path.suffix.lower()}"
        if not (out / rel).is_file():
            _copy(font.path, out / rel)
        if font.bundled and font.name == family and (SLICES_DIR / family).is_dir():
            shutil.copytree(SLICES_DIR / family, out / SLICES / family, dirs_exist_ok=True)
        found[family] = rel
    return found


def cut_slices(out: Path) -> dict[str, list[str]]:
    """The slices in the build `out`, by family: the names of those cut (as the engine names them)."""
    return {folder.name: sorted(f.name for f in folder.glob("*.woff2"))
            for folder in sorted((out / SLICES).glob("*")) if folder.is_dir()}


def write_service_worker(out: Path, fonts: dict[str, str]) -> dict:
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    optional = {f for build_files in BUILDS.values() for f in build_files}  # kept for the build a browser takes
    kept = [rel for rel in files if not rel.startswith(NOT_KEPT_AHEAD) and rel not in optional]
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    slices = cut_slices(out)
    own_fonts = sorted({rel for rel in fonts.values() if not rel.startswith(MACHINE_FONTS)}
                       | {f"{SLICES}{family}/{name}" for family, names in slices.items() for name in names})
    template = (HERE / "service_worker.js").read_text()
    worker = (template.replace("__VERSION__", version).replace("__KEPT__", json.dumps(["./", *kept]))
              .replace("__BUILDS__", json.dumps(BUILDS)).replace("__FONTS__", json.dumps(fonts))
              .replace("__OWN_FONTS__", json.dumps(own_fonts)).replace("__SLICES__", json.dumps(slices)))
    (out / "service_worker.js").write_text(worker)
    build = BUILDS["skwasm"]  # what Chromium on a phone keeps: the common files and its build's
    return {"version": version, "files": len(files) + 1, "kept": len(kept) + len(build),
            "kept_bytes": sum((out / rel).stat().st_size for rel in [*kept, *build]),
            "all_bytes": sum((out / rel).stat().st_size for rel in files), "fonts": sorted(fonts),
            "own_fonts": own_fonts, "own_font_bytes": sum((out / rel).stat().st_size for rel in own_fonts)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.site.build",
                                     description="Write Companion's phone build: a static folder, offline.")
    parser.add_argument("folder", nargs="?", type=Path, default=Path("build/site"))
    args = parser.parse_args(argv)
    try:
        made = build(args.folder)
    except (BuildError, archive.ArchiveError) as exc:
        print(f"companion site: {exc}", file=sys.stderr)
        return 2
    missing = [f for f in FONT_FAMILIES if f not in made["fonts"]]
    print(f"Wrote {args.folder}: {made['files']} files, {made['all_bytes'] / 1e6:.1f} MB; a phone keeps "
          f"{made['kept_bytes'] / 1e6:.1f} MB of it after its first visit, and Companion's own fonts "
          f"({made['own_font_bytes'] / 1e6:.1f} MB) once its first screen is shown (version {made['version']}).")
    if missing:
        print(f"NOTICE: no font for {', '.join(missing)} (Companion's own or this machine's Noto fonts): such "
              "names show as boxes on phones.")
    if not made["compiled"]:
        print("NOTICE: no Node.js on this machine: the app's Python is shipped as sources, compiled by each phone "
              "as it starts (about a second slower). Install Node.js 18 or newer and build again.")
    print(f"Serve it from any static host, for example: python -m http.server -d {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
