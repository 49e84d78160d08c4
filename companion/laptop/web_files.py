"""The web client's files for the phones: compressed once, kept by the phones, and nothing
fetched from anywhere but this server.

- **Compressed once**: brotli and gzip copies of the client's files are made in the
  background when the server starts (a few seconds), kept in
  the user's cache folder for the next start, and chosen by the phone's
  `Accept-Encoding`. Until a file's copy is ready it is sent as it is.
- **Kept by the phones**: the page points the client at `/_v/<version>/` (see
  `page_scripts.py`); a file there never changes within a version, so a phone keeps it
  for a year without asking again. The page itself, the manifest and the icons are
  revalidated (a phone asks, and gets "not modified" when nothing changed).
- **Nothing from elsewhere**: the Rive animation runtime the client asks a CDN for is
  answered with a stand-in that declines (Companion has no Rive animations); fallback
  fonts are Companion's own, or this machine's (`client/fonts.py`); the fonts for math formulas and
  Cupertino icons, which Companion never shows, are left out of the font manifest.
- **Only the icons Companion draws**: the icon font is sent cut down to them (`client/icon_font.py`).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import logging
import mimetypes
import queue
import secrets
import threading
from collections.abc import Iterable
from email.utils import formatdate
from pathlib import Path

import brotli

from companion.client.cache_files import clear_stale, write_whole
from companion.client.font_slices import cut_slice
from companion.client.fonts import FallbackFonts, family_of
from companion.client.icon_font import FONT, IconFont
from companion.client.page import font_manifest
from companion.join_trace import mark
from companion.laptop.gate import ASGIApp, Receive, Scope, Send
from companion.laptop.page_scripts import BOOT_PATH, VERSIONED, patch_page

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("font/otf", ".otf")
mimetypes.add_type("font/woff2", ".woff2")

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
NOT_KEPT = b"no-store"
log = logging.getLogger(__name__)

ALREADY_COMPRESSED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff2", ".gz", ".br", ".ico"}
SMALLEST = 1024  # bytes: smaller files are sent as they are
SKIPPED_DIRS = {"pyodide"}  # Python in the browser: never used by a served app
SKIPPED_SUFFIXES = {".map", ".symbols"}
# What every first visit needs (one of the two engines: see page_scripts.ENGINES), compressed first.
HOT = ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js",
       "canvaskit/skwasm_heavy.wasm", "canvaskit/skwasm_heavy.js", "flutter_bootstrap.js", "flutter.js",
       "python.js", "assets/fonts/MaterialIcons-Regular.otf", "assets/AssetManifest.bin.json")
FLET_PAGES = {"index.html"}  # Flet fills it in: it serves it


def web_dir() -> Path:
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def client_version(roots: Iterable[Path]) -> str:
    """Changes whenever a file the phones download changes (Flet's client or Companion's assets)."""
    from importlib.metadata import version

    digest = hashlib.sha1(f"{version('flet')}|{version('companion')}".encode())
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                stat = path.stat()
                digest.update(f"{path.relative_to(root)}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:12]


class Compressed:
    """Brotli and gzip copies of files, made by one background thread and kept in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._queue: queue.SimpleQueue[tuple[int, Path]] = queue.SimpleQueue()
        self._asked: set[tuple[str, Path]] = set()
        self._checked: set[Path] = set()  # copies this process has read back whole
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._work, name="compress", daemon=True)

    @staticmethod
    def worth_it(path: Path) -> bool:
        return path.suffix.lower() not in ALREADY_COMPRESSED and path.stat().st_size >= SMALLEST

    def copy_of(self, path: Path, encoding: str) -> Path:
        stat = path.stat()
        key = hashlib.sha1(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode()).hexdigest()[:24]
        return self.folder / f"{key}.{'br' if encoding == 'br' else 'gz'}"

    def start(self, paths: list[Path]) -> None:
        """Compress `paths` in the background: gzip first (quick), then brotli (smaller, slower). Not
        where the cache folder cannot be written: every file is then sent as it is."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            clear_stale(self.folder)
        except OSError:  # cli.run said so in one line
            return
        for encoding in ("gzip", "br"):
            for path in paths:
                self._ask(encoding, path)
        self._thread.start()

    def best(self, path: Path, accepted: set[str]) -> tuple[Path, str | None]:
        """The smallest ready copy the phone accepts (the file itself when none is ready yet)."""
        if not self.worth_it(path):
            return path, None
        for encoding in ("br", "gzip"):
            if encoding in accepted:
                copy = self.copy_of(path, encoding)
                if copy.exists() and self._whole(copy, encoding, path):
                    return copy, encoding
                self._ask(encoding, path)
        return path, None

    def _whole(self, copy: Path, encoding: str, path: Path) -> bool:
        """Whether `copy` unpacks to `path` (checked once per process): a copy cut short or emptied (a
        power cut, a damaged cache) is removed, to be made again, and never sent (a phone showed a blank
        page). A copy that cannot be read now is not sent either."""
        if copy in self._checked:
            return True
        try:
            packed = copy.read_bytes()
            unpacked = brotli.decompress(packed) if encoding == "br" else gzip.decompress(packed)
            whole = unpacked == path.read_bytes()
        except (OSError, EOFError, brotli.error, gzip.BadGzipFile, ValueError):
            whole = False
        if whole:
            self._checked.add(copy)
            return True
        log.warning("a damaged compressed copy of %s was set aside: %s", path.name, copy)
        try:
            copy.unlink(missing_ok=True)
        except OSError:
            pass
        with self._lock:
            self._asked.discard((encoding, path))
        return False

    def _ask(self, encoding: str, path: Path) -> None:
        with self._lock:
            if (encoding, path) not in self._asked:
                self._asked.add((encoding, path))
                self._queue.put((encoding, path))

    def make(self, encoding: str, path: Path) -> None:
        """The compressed copy of `path`, written whole or not at all."""
        out = self.copy_of(path, encoding)
        if out.exists():
            return
        data = path.read_bytes()
        packed = brotli.compress(data, quality=9) if encoding == "br" else gzip.compress(data, 9, mtime=0)
        write_whole(out, lambda partial: partial.write_bytes(packed))

    def _work(self) -> None:
        while True:
            encoding, path = self._queue.get()
            try:
                self.make(encoding, path)
            except OSError:  # a file gone or a full disk: that file is sent as it is
                continue


class ClientFiles:
    """ASGI middleware in front of Flet's app: serves the client's files itself."""

    def __init__(self, app: ASGIApp, assets_dir: Path, cache_dir: Path, client_dir: Path | None = None,
                 fonts: FallbackFonts | None = None, compress: bool = True) -> None:
        self.app = app
        self.roots = [assets_dir, client_dir or web_dir()]
        self.version = client_version(self.roots)
        self.boot = secrets.token_hex(8)  # this start of the server: a page compares it after a lost connection
        self.compressed = Compressed(cache_dir / "compressed")
        self.fonts = fonts if fonts is not None else FallbackFonts(cache_dir / "fonts")
        self.font_manifest = font_manifest(self.roots[1])
        self.icon_font = IconFont(self.roots[1] / FONT, cache_dir / "icons", self.version)
        if compress:
            self.compressed.start(self._worth_compressing())
        if self.icon_font.full.is_file():
            self.icon_font.start()

    def _worth_compressing(self) -> list[Path]:
        client = self.roots[1]
        hot = [client / name for name in HOT if (client / name).is_file()]
        rest = [p for root in self.roots for p in sorted(root.rglob("*"))
                if p.is_file() and p not in hot and not SKIPPED_DIRS & set(p.relative_to(root).parts)
                and p.suffix not in SKIPPED_SUFFIXES]
        return [p for p in hot + rest if Compressed.worth_it(p)]

    def home_screen_files(self) -> frozenset[str]:
        """What a browser asks for to put Companion on a home screen: the web manifest (which
        browsers ask for without cookies, so without the table's key), its icons and the
        favicon. Nothing of the table's."""
        paths = {"/manifest.json"}
        for root in self.roots:
            pictures = [*(root / "icons").glob("*.png"), root / "favicon.png"]
            paths |= {"/" + p.relative_to(root).as_posix() for p in pictures if p.is_file()}
        return frozenset(paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        path: str = scope["path"]
        mark(f"asked for {path}")
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        accepted = {e.split(";")[0].strip() for e in headers.get("accept-encoding", "").split(",")}
        request = _Request(scope, send, headers.get("if-none-match"), accepted)

        if path == BOOT_PATH:
            return await request.answer(self.boot.encode(), "text/plain", NOT_KEPT, None)
        if "\0" in path:  # names no file and no page: a plain 404, not a traceback per request
            return await request.answer(b"No such file.", "text/plain", REVALIDATE, None, status=404)
        family = family_of(path)
        if family is not None:
            return await self._font(request, family, path)
        rel, lasting = path.lstrip("/"), False
        if path.startswith(VERSIONED):
            version, _, rel = path[len(VERSIONED):].partition("/")
            lasting = version == self.version  # an older page's file is this version's: revalidated
        if path.startswith("/_fonts/"):
            return await self._whole_font(request, path)
        caching = IMMUTABLE if lasting else REVALIDATE
        if rel == "assets/FontManifest.json":
            return await request.answer(self.font_manifest, "application/json", caching, f'"{self.version}"')
        file = None if rel in FLET_PAGES else self._find(rel)
        if file is None:  # the page (any route): Flet fills it in and serves it, patched here
            sender = send if request.head else self._page_sender(request)
            return await self.app({**scope, "path": "/" + rel}, receive, sender)
        await request.file(file, self.compressed, caching)

    def _find(self, rel: str) -> Path | None:
        if not rel or rel.endswith(".html"):
            return None
        if rel == FONT and self.icon_font.path is not None:
            return self.icon_font.path
        for root in self.roots:
            try:
                candidate = (root / rel).resolve()
                if candidate.is_file() and candidate.is_relative_to(root.resolve()):
                    return candidate
            except OSError:  # a name no file system takes (too long...): names no file, so the page
                continue
        return None

    async def _font(self, request: _Request, family: str, path: str) -> None:
        """A fallback slice: the slice cut from the family Companion brings (`font_slices`), else sent on to the
        whole family's font (one download for all its slices)."""
        font = await asyncio.to_thread(self.fonts.find, family)
        if font is None:
            return await request.answer(b"This machine has no font for these characters.", "text/plain",
                                        REVALIDATE, None, status=404)
        piece = cut_slice(font, family, path)
        if piece is not None:
            return await request.file(piece, self.compressed, REVALIDATE)
        stat = font.path.stat()
        # Named by the family whose file it is: families answered with one file (Companion's Chinese for
        # Japanese too) share one address, so a phone downloads it once
        where = f"/_fonts/{font.name}-{stat.st_size:x}{stat.st_mtime_ns:x}{font.path.suffix}"
        await request.redirect(where)

    async def _whole_font(self, request: _Request, path: str) -> None:
        family = path.removeprefix("/_fonts/").split("-")[0]
        font = await asyncio.to_thread(self.fonts.find, family)
        if font is None:
            return await request.answer(b"No such font.", "text/plain", REVALIDATE, None, status=404)
        await request.file(font.path, self.compressed, IMMUTABLE)

    def _page_sender(self, request: _Request) -> Send:
        """Flet's answer, with Companion's lines in the page, revalidated and compressed."""
        held: dict = {}

        async def sender(message) -> None:
            if message["type"] == "http.response.start":
                kind = dict((k.lower(), v) for k, v in message.get("headers", [])).get(b"content-type", b"")
                if message.get("status") == 200 and kind.startswith(b"text/html"):
                    held["start"], held["body"] = message, b""
                    return
                return await request.send(message)
            if "start" in held and message["type"] == "http.response.body":
                held["body"] += message.get("body", b"")
                if message.get("more_body"):
                    return
                body = patch_page(held.pop("body"), self.version, self.boot)
                return await request.answer(body, "text/html; charset=utf-8", REVALIDATE,
                                            f'"{hashlib.sha1(body).hexdigest()[:16]}"')
            await request.send(message)

        return sender


class _Request:
    """One GET or HEAD, and the ways of answering it."""

    def __init__(self, scope: Scope, send: Send, if_none_match: str | None, accepted: set[str]) -> None:
        self.head = scope.get("method") == "HEAD"
        self.send = send
        self.if_none_match = if_none_match
        self.accepted = accepted

    async def answer(self, body: bytes, media_type: str, caching: bytes, etag: str | None,
                     status: int = 200) -> None:
        encoding = None
        if len(body) >= SMALLEST and "gzip" in self.accepted and status == 200:
            body, encoding = gzip.compress(body, 6, mtime=0), "gzip"
        await self._send(status, body, media_type, caching, etag, encoding)

    async def file(self, path: Path, compressed: Compressed, caching: bytes) -> None:
        stat = path.stat()
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
        copy, encoding = compressed.best(path, self.accepted)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if self.if_none_match == etag:
            return await self._send(304, b"", media_type, caching, etag, None)
        body = b"" if self.head else await asyncio.to_thread(copy.read_bytes)
        await self._send(200, body, media_type, caching, etag, encoding,
                         length=copy.stat().st_size, modified=stat.st_mtime)

    async def redirect(self, where: str) -> None:
        await self.send({"type": "http.response.start", "status": 302, "headers": [
            (b"location", where.encode()), (b"cache-control", b"public, max-age=86400"), (b"content-length", b"0")]})
        await self.send({"type": "http.response.body", "body": b""})

    async def _send(self, status: int, body: bytes, media_type: str, caching: bytes, etag: str | None,
                    encoding: str | None, length: int | None = None, modified: float | None = None) -> None:
        if status == 200 and etag is not None and self.if_none_match == etag:
            status, body = 304, b""
        headers = [(b"content-type", media_type.encode()), (b"cache-control", caching),
                   (b"vary", b"accept-encoding")]
        if etag:
            headers.append((b"etag", etag.encode()))
        if modified is not None:
            headers.append((b"last-modified", formatdate(modified, usegmt=True).encode()))
        if encoding and status == 200:
            headers.append((b"content-encoding", encoding.encode()))
        if status != 304:
            headers.append((b"content-length", str(length if length is not None else len(body)).encode()))
        await self.send({"type": "http.response.start", "status": status, "headers": headers})
        await self.send({"type": "http.response.body", "body": b"" if self.head or status == 304 else body})
