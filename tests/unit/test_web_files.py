"""The web client's files: compressed as the phone accepts, kept by the phone when they
cannot change, the page patched, nothing left for a phone to fetch elsewhere."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
from urllib.parse import unquote

import brotli
import pytest

from companion.client import fonts as fonts_module
from companion.client.fonts import FallbackFonts, family_of
from companion.client.page import RIVE_CDN, RIVE_STANDIN, TEXT_SIZE_SCRIPT
from companion.laptop.page_scripts import BOOT_PATH, patch_page
from companion.laptop.web_files import IMMUTABLE, REVALIDATE, ClientFiles

PAGE = (b'<html><head><title>Flet</title><script src="python.js"></script></head>'
        b'<body><script src="flutter_bootstrap.js" async></script></body></html>')
WASM = bytes(range(256)) * 400  # compressible enough, like the real client
FONT_MANIFEST = [{"family": "MaterialIcons", "fonts": [{"asset": "fonts/MaterialIcons-Regular.otf"}]},
                 {"family": "packages/flutter_math_fork/KaTeX_Main", "fonts": [{"asset": "k.ttf"}]},
                 {"family": "packages/cupertino_icons/CupertinoIcons", "fonts": [{"asset": "c.ttf"}]}]


class Flet:
    """Flet's app behind: serves its patched page for every route it is given."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    async def __call__(self, scope, receive, send) -> None:
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"content-length", str(len(PAGE)).encode())]})
        await send({"type": "http.response.body", "body": PAGE})


@pytest.fixture
def files(tmp_path) -> ClientFiles:
    client, assets, fonts = tmp_path / "web", tmp_path / "assets", tmp_path / "fonts"
    for folder in (client / "assets" / "fonts", assets / "games", fonts / "noto"):
        folder.mkdir(parents=True)
    (client / "main.dart.wasm").write_bytes(WASM)
    (client / "index.html").write_bytes(PAGE)
    (client / "assets" / "FontManifest.json").write_text(json.dumps(FONT_MANIFEST))
    (assets / "manifest.json").write_text('{"name": "Companion"}')
    (assets / "games" / "picture.svg").write_text("<svg>" + "x" * 2000 + "</svg>")
    (tmp_path / "secret.txt").write_text("not for phones")
    (fonts / "noto" / "NotoSansThai-Regular.ttf").write_bytes(b"thai font " * 200)
    return ClientFiles(Flet(), assets, tmp_path / "cache", client_dir=client,
                       fonts=FallbackFonts(tmp_path / "cache" / "fonts", font_dirs=(fonts,)), compress=False)


def get(app, path: str, encodings: str = "", method: str = "GET", etag: str | None = None) -> tuple[int, dict, bytes]:
    headers = [(b"host", b"127.0.0.1:8550")]
    if encodings:
        headers.append((b"accept-encoding", encodings.encode()))
    if etag:
        headers.append((b"if-none-match", etag.encode()))
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app({"type": "http", "path": path, "method": method, "headers": headers, "query_string": b""},
                    receive, send))
    head = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], head, b"".join(m.get("body", b"") for m in sent[1:])


def test_the_page_points_the_client_at_this_versions_files_and_is_revalidated(files) -> None:
    status, head, body = get(files, "/games/lure")
    assert status == 200 and head["cache-control"] == REVALIDATE.decode()
    page = body.decode()
    assert f'src="/_v/{files.version}/flutter_bootstrap.js"' in page and f'src="/_v/{files.version}/python.js"' in page
    assert f'flet.entrypointBaseUrl="/_v/{files.version}/"' in page and "<title>Companion</title>" in page
    assert TEXT_SIZE_SCRIPT in page and page.index(TEXT_SIZE_SCRIPT) < page.index("</head>")
    assert files.app.paths == ["/games/lure"]  # a route: Flet's page
    assert get(files, "/games/lure", etag=head["etag"])[0] == 304  # unchanged: not sent again
    assert gzip.decompress(get(files, "/", "gzip, deflate")[2]) == body


def test_the_clients_files_are_kept_a_year_under_their_version_and_revalidated_elsewhere(files) -> None:
    status, head, body = get(files, f"/_v/{files.version}/main.dart.wasm")
    assert (status, head["cache-control"], head["content-type"], body) == (200, IMMUTABLE.decode(),
                                                                           "application/wasm", WASM)
    assert get(files, "/_v/0123456789ab/main.dart.wasm")[1]["cache-control"] == REVALIDATE.decode()  # an older page
    status, head, _ = get(files, "/manifest.json")
    assert status == 200 and head["cache-control"] == REVALIDATE.decode()
    assert get(files, "/manifest.json", etag=head["etag"])[0] == 304
    assert get(files, f"/_v/{files.version}/games/picture.svg")[0] == 200  # Companion's own pictures too


def test_the_home_screen_files_are_the_manifest_its_icons_and_the_favicon(files, tmp_path) -> None:
    (tmp_path / "assets" / "icons").mkdir()
    (tmp_path / "assets" / "icons" / "icon-192.png").write_bytes(b"png")
    (tmp_path / "web" / "favicon.png").write_bytes(b"png")
    assert files.home_screen_files() == {"/manifest.json", "/icons/icon-192.png", "/favicon.png"}


def test_a_file_goes_compressed_as_the_phone_accepts_once_its_copy_is_made(files, tmp_path) -> None:
    path = f"/_v/{files.version}/main.dart.wasm"
    status, head, body = get(files, path, "gzip, deflate, br")
    assert "content-encoding" not in head and body == WASM  # not made yet: sent as it is, never late
    wasm = tmp_path / "web" / "main.dart.wasm"
    files.compressed.make("gzip", wasm)
    files.compressed.make("br", wasm)
    status, head, body = get(files, path, "gzip, deflate, br")
    assert head["content-encoding"] == "br" and brotli.decompress(body) == WASM
    assert head["vary"] == "accept-encoding" and int(head["content-length"]) == len(body) < len(WASM) // 4
    status, head, body = get(files, path, "gzip, deflate")  # Chromium over plain HTTP offers no brotli
    assert head["content-encoding"] == "gzip" and gzip.decompress(body) == WASM
    status, head, body = get(files, path)
    assert "content-encoding" not in head and body == WASM
    status, head, body = get(files, path, "gzip", method="HEAD")
    assert status == 200 and body == b"" and head["content-encoding"] == "gzip"


def test_nothing_outside_the_clients_folders_is_served(files) -> None:
    for path in ("/../secret.txt", "/_v/x/../../secret.txt", "/%2e%2e/secret.txt"):
        status, head, body = get(files, path)
        assert b"not for phones" not in body  # Flet's page instead


def test_the_rive_runtime_is_declined_in_the_page_and_unused_fonts_left_out(files) -> None:
    page = patch_page(PAGE, files.version).decode()
    assert RIVE_CDN in page and RIVE_STANDIN in page  # the page turns the CDN's address into its stand-in
    assert RIVE_STANDIN.startswith("data:text/javascript,") and "RiveNative" in unquote(RIVE_STANDIN)
    manifest = json.loads(get(files, f"/_v/{files.version}/assets/FontManifest.json")[2])
    assert [f["family"] for f in manifest] == ["MaterialIcons", "Roboto"]


# Slices Flutter's web engine asks for (Flet 1.0.5's client) when a name holds 🎣, 李 or م
NAMES = ("🎣", "李", "م")  # emoji, Chinese, Arabic: the families Companion brings


def test_a_name_in_emoji_chinese_or_arabic_gets_companions_own_font_on_a_machine_without_fonts(tmp_path) -> None:
    """Emoji and Chinese as the slice of Companion's font the engine asks for (issue 65: the whole family, 6.2 MB,
    before); Arabic, one file, sent on to its whole font."""
    from fontTools.ttLib import TTFont

    from companion.client.font_slices import read_table
    from companion.laptop.web_files import web_dir

    table = read_table((web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    client = tmp_path / "web"
    (client / "assets").mkdir(parents=True)
    (client / "assets" / "FontManifest.json").write_text(json.dumps(FONT_MANIFEST))
    files = ClientFiles(Flet(), tmp_path / "assets", tmp_path / "cache", client_dir=client,
                        fonts=FallbackFonts(tmp_path / "cache" / "fonts", font_dirs=()), compress=False)
    for character, family in zip(NAMES, ("notocoloremoji", "notosanssc", "notosansarabic"), strict=True):
        slice_ = f"/assets/fonts/{table.slice_for(family, ord(character))}"
        status, head, body = get(files, f"/_v/{files.version}" + slice_)
        if family == "notosansarabic":
            assert status == 302, (character, status)
            status, head, body = get(files, head["location"])
            assert (status, head["content-type"], head["cache-control"]) == (200, "font/woff2", IMMUTABLE.decode())
        else:
            assert (status, head["content-type"]) == (200, "font/woff2"), (character, status)
            assert len(body) < 400_000  # a slice, not the whole family
        font = TTFont(io.BytesIO(body))
        assert ord(character) in font.getBestCmap(), character


def test_a_fallback_font_slice_companion_has_not_is_sent_on_to_the_whole_font_of_this_machine(files) -> None:
    slice_ = "/assets/fonts/notosansthai/v20/iJWnBXeUZi_OHPqn4wq6hQ2_hbJ1xyN9wd43SofNWcd1MKVQt_So_9CdU5RtpzE.0.woff2"
    assert family_of(slice_) == "notosansthai" and family_of("/assets/fonts/roboto.woff2") is None
    status, head, _ = get(files, f"/_v/{files.version}" + slice_)
    assert status == 302 and head["location"].startswith("/_fonts/notosansthai-")
    status, head, body = get(files, head["location"])
    assert (status, head["cache-control"], body) == (200, IMMUTABLE.decode(), b"thai font " * 200)
    other = "/assets/fonts/notosanshebrew/v46/or3HQ7v33eiDljA1IufXTtVf7V6RvEEdhQlk0LlGxCyaeNKYZC0sqk.0.woff2"
    status, head, body = get(files, other)
    assert status == 404 and b"no font" in body  # neither Companion nor this machine has one: said, not hung


def test_japanese_is_taken_out_of_this_machines_cjk_collection_once(tmp_path) -> None:
    from fontTools.ttLib import TTCollection, TTFont

    # A collection as Debian's fonts-noto-cjk ships it (NotoSansCJK-Regular.ttc), its faces told apart
    # by their family names: here two faces made of Companion's Arabic, each renamed.
    machine = tmp_path / "machine"
    machine.mkdir()
    collection = TTCollection()
    for language in ("KR", "JP"):
        face = TTFont(fonts_module.BUNDLED_DIR / "NotoSansArabic.woff2")
        face.flavor = None
        face["name"].setName(f"Noto Sans CJK {language}", 1, 3, 1, 0x409)
        collection.fonts.append(face)
    collection.save(str(machine / "NotoSansCJK-Regular.ttc"))
    cache = tmp_path / "cache"
    cache.mkdir()
    fonts = FallbackFonts(cache, font_dirs=(machine,))
    font = fonts.find("notosansjp")
    assert font is not None and TTFont(font.path)["name"].getDebugName(1) == "Noto Sans CJK JP"
    assert (font.name, font.bundled, font.media_type) == ("notosansjp", False, "font/otf")
    assert fonts.find("notosansjp") == font and len(list(cache.glob("*.otf"))) == 1
    assert fonts.find("notosanssc").bundled  # Companion's own Chinese still first


def test_the_page_carries_this_starts_id_which_the_server_answers_unkept(files, tmp_path) -> None:
    """After a lost connection a page asks BOOT_PATH: another id means the server was restarted, and the
    page reloads at once (not after Flet's client has reconnected and been given a new session)."""
    _, _, page = get(files, "/")
    assert f'window.companionBoot="{files.boot}"' in page.decode()
    status, head, body = get(files, BOOT_PATH)
    assert (status, head["cache-control"], body) == (200, "no-store", files.boot.encode())
    again = ClientFiles(files.app, tmp_path / "assets", tmp_path / "cache", client_dir=tmp_path / "web")
    assert get(again, BOOT_PATH)[2] != body  # a restarted server
