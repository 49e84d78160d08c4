"""`make site` (companion/site/build.py, archive.py): the folder a static host serves for one phone with
no computer. What it holds is checked here; that it runs is checked in the browser
(tests/e2e/test_phone_build_in_browser.py)."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import pytest

from companion.client.font_slices import SLICES_DIR
from companion.client.fonts import FallbackFonts
from companion.client.page import BUILDS
from companion.site import archive, build

# One worker runs the whole module (make test runs two): the phone build, made once for the module.
pytestmark = pytest.mark.xdist_group("site-build")


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("site") / "site"
    no_fonts = FallbackFonts(tmp_path_factory.mktemp("fonts"), font_dirs=())
    return folder, build.build(folder, fonts=no_fonts)


def test_the_page_runs_python_in_the_browser_with_every_address_relative(made) -> None:
    folder, _ = made
    page = (folder / "index.html").read_text()
    assert '<base href="./">' in page and 'href="/' not in page
    for setting in ('flet.pyodide = true;', 'flet.appPackageUrl = "app.zip";', 'flet.webRenderer="auto";',
                    'flet.routeUrlStrategy="hash";', 'flet.entrypointBaseUrl = "./";',
                    'flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;'):
        assert setting in page, setting
    # Set before python.js starts Python with the page; the service worker asked for once Flutter drew.
    assert page.index("flet.entrypointBaseUrl = \"./\"") < page.index('<script src="python.js">')
    assert 'navigator.serviceWorker.register("service_worker.js?build=" + companionBuild())' in page
    assert "<title>Companion</title>" in page and "localStorage.getItem('flutter.companion.text_size')" in page
    assert (folder / "python.js").read_text() == (Path(build.__file__).parent / "python.js").read_text()


def test_flutters_own_service_worker_is_left_out_and_every_build_the_loader_may_take_is_there(made) -> None:
    folder, _ = made
    loader = (folder / "flutter_bootstrap.js").read_text()
    call = loader[loader.index("_flutter.loader.load({"):]
    assert "serviceWorkerSettings" not in call and 'flutterConfig.canvasKitVariant = "full";' in loader
    for files in BUILDS.values():
        assert all((folder / f).is_file() for f in files), files
    assert not (folder / "canvaskit" / "chromium").exists()  # CanvasKit's full variant only: the one kept


def test_the_service_worker_keeps_every_file_of_this_version_and_the_build_of_the_browser(made) -> None:
    folder, figures = made
    worker = (folder / "service_worker.js").read_text()
    kept = json.loads(re.search(r"const KEPT = (\[.*?\]);", worker).group(1))
    builds = json.loads(re.search(r"const BUILDS = (\{.*?\});", worker).group(1))
    files = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    optional = {f for build_files in builds.values() for f in build_files}
    assert builds == {name: list(files_of) for name, files_of in BUILDS.items()} and optional <= files
    assert kept[0] == "./" and set(kept[1:]) == {f for f in files if not f.startswith(build.NOT_KEPT_AHEAD)} - optional
    assert {"app.zip", "pyodide/pyodide.asm.wasm", "index.html", "games/lure/picture.png"} <= set(kept)
    assert f'const VERSION = "{figures["version"]}";' in worker
    assert "__" not in re.sub(r"__[a-z]+__", "", worker.replace("__pypackages__", ""))  # every blank filled


def test_the_archive_holds_companion_compiled_and_nothing_only_the_laptop_runs(made) -> None:
    folder, figures = made
    names = zipfile.ZipFile(folder / "app.zip").namelist()
    assert "main.py" in names and "__pypackages__/companion/site/phone.pyc" in names
    assert "__pypackages__/companion/assets/games/lure/lure.json" in names
    assert figures["compiled"] and not [n for n in names if n.endswith(".py") and n != "main.py"]
    for laptop_only in ("companion/laptop/", "companion/client/", "companion/cli.", "companion/site/build."):
        assert not [n for n in names if laptop_only in n], laptop_only
    assert not [n for n in names if n.endswith((".so", ".pyd"))]  # msgpack's pure-Python fallback, no C


def test_the_same_code_builds_the_same_version(made, tmp_path) -> None:
    folder, figures = made
    again = build.build(tmp_path / "again", fonts=FallbackFonts(tmp_path / "fonts", font_dirs=()))
    assert again["version"] == figures["version"]
    assert (tmp_path / "again" / "app.zip").read_bytes() == (folder / "app.zip").read_bytes()


OWN_FONTS = {"fonts/notocoloremoji.woff2", "fonts/notosanssc.woff2", "fonts/notosansarabic.woff2"} | {
    f"fonts/slices/{p.parent.name}/{p.name}" for p in SLICES_DIR.glob("*/*.woff2")}


def test_companions_own_fonts_are_in_the_build_and_kept_once_started_on_a_machine_without_fonts(made) -> None:
    # The build was made with no font of this machine's: emoji, Chinese and Arabic are Companion's, and
    # the other CJK families are answered with its Chinese (one file). The service worker keeps them once
    # Companion's first screen is shown, not while the first visit downloads what it starts with.
    folder, figures = made
    worker = (folder / "service_worker.js").read_text()
    served = json.loads(re.search(r"const FONTS = (\{.*?\});", worker).group(1))
    assert served == {"notocoloremoji": "fonts/notocoloremoji.woff2", "notosansarabic": "fonts/notosansarabic.woff2",
                      **{f"notosans{cjk}": "fonts/notosanssc.woff2" for cjk in ("sc", "tc", "hk", "jp", "kr")}}
    assert {p.relative_to(folder).as_posix() for p in (folder / "fonts").rglob("*") if p.is_file()} == OWN_FONTS
    # Chinese and emoji also in the slices Flutter asks for (a name fetches only its own: issue 65).
    slices = json.loads(re.search(r"const SLICES = (\{.*?\});", worker).group(1))
    assert set(slices) == {"notocoloremoji", "notosanssc"} and len(slices["notosanssc"]) > 90
    assert not OWN_FONTS & set(json.loads(re.search(r"const KEPT = (\[.*?\]);", worker).group(1)))
    assert json.loads(re.search(r"const OWN_FONTS = (\[.*?\]);", worker).group(1)) == sorted(OWN_FONTS)
    assert 'postMessage("keep fonts")' in (folder / "python.js").read_text()
    assert figures["fonts"] == sorted(served)
    assert figures["own_fonts"] == sorted(OWN_FONTS)
    assert figures["own_font_bytes"] == sum((folder / rel).stat().st_size for rel in OWN_FONTS)


def test_a_font_of_this_machines_goes_in_a_folder_of_its_own_kept_when_first_needed(tmp_path) -> None:
    fonts = tmp_path / "machine-fonts"
    fonts.mkdir()
    shutil.copyfile(build.assets_dir() / "icon.png", fonts / "NotoSansArabic-Regular.ttf")  # its name is what counts
    found = build.copy_fonts(tmp_path / "site", FallbackFonts(tmp_path / "cache", font_dirs=(fonts,),
                                                              bundled_dir=tmp_path / "no-own-fonts"))
    assert found == {"notosansarabic": "fonts/this-machine/notosansarabic.ttf"}
    assert (tmp_path / "site" / "fonts" / "this-machine" / "notosansarabic.ttf").is_file()


def test_a_client_that_changed_is_refused_in_one_line(tmp_path) -> None:
    client = tmp_path / "client"
    shutil.copytree(build._client_dir(), client, ignore=shutil.ignore_patterns("*.wasm", "main.dart.js", "pyodide"))
    with pytest.raises(build.BuildError, match=r"^Flet's web client has no .*\.wasm: is flet-web 1\.0\.5 installed\?$"):
        build.build(tmp_path / "site", client_dir=client, fonts=FallbackFonts(tmp_path / "f", font_dirs=()))
    (client / "flutter_bootstrap.js").write_text("_flutter.loader.load({});")
    with pytest.raises(build.BuildError, match="serviceWorkerSettings were not found"):
        build.bootstrap((client / "flutter_bootstrap.js").read_text())


def test_a_package_that_is_missing_is_named(monkeypatch) -> None:
    monkeypatch.setattr(archive, "PACKAGES", ("flet", "no_such_package"))
    with pytest.raises(archive.ArchiveError, match="the package no_such_package is not installed"):
        archive.files(archive.PACKAGES)
