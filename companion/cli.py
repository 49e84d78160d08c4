"""The `companion` command: serve the app (to this device, or to the whole table)."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import platformdirs

DEFAULT_PORT = 8550
CUSTOM_DATA = "custom"  # <data folder>/custom/<path> replaces assets/<path> (a player's own sheet layout)
LOCALHOST = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"


class UsageError(Exception):
    """Bad input on the command line: one line on stderr, exit code 2."""


class BadFile(UsageError):
    """Bad data in a file given to a command; the message names the field itself."""


class StoppedEarly(BaseException):
    """Ctrl+C before the server took its signals over (it stops cleanly after). Not a
    KeyboardInterrupt: one raised inside code Python compiles from a string (dataclasses does, on
    import) marks the process as interrupted, and it then ends by SIGINT (exit -2) even when caught."""


def _stop_early(signum: int, frame: Any) -> None:
    raise StoppedEarly


def stopped_early(exc: BaseException | None) -> bool:
    """Whether `exc` is StoppedEarly or was raised by it: Python 3.11 wraps one raised while a class
    is made (in a `__set_name__`, as FastAPI's import has) in a RuntimeError."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, StoppedEarly):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line instead of usage + error
        raise UsageError(message)


def build_parser() -> Parser:
    parser = Parser(
        prog="companion",
        description="A phone-first table companion for fishing board games.",
    )
    parser.add_argument("--lan", action="store_true",
                        help="serve to every device on the local network and print its address and a QR code")
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                        help=f"port to serve on (default {DEFAULT_PORT})")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where to keep your data (default: $COMPANION_DATA_DIR, else your user data folder)")
    parser.add_argument("--desktop", action="store_true",
                        help="open Flet's desktop window (downloads its client on first use)")
    commands = parser.add_subparsers(dest="command", metavar="score", parser_class=Parser)
    score = commands.add_parser("score", help="score a finished game from a JSON file and print the results as JSON")
    score.add_argument("game", choices=sorted(scorers()), help="which game")
    score.add_argument("file", help="the end-of-game JSON file, or - for standard input")
    return parser


def scorers() -> dict[str, Callable[[Any], dict]]:
    """The games `companion score` knows (the game registry's scoring commands): end-of-game
    JSON in, results JSON out."""
    from companion.games.registry import scorers as registered

    return registered()


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be between 1 and 65535, not {port}")
    return port


def data_dir(option: Path | None) -> Path:
    """The data folder: the option, else $COMPANION_DATA_DIR, else the platform's user data folder."""
    if option is not None:
        return option.expanduser()
    env = os.environ.get("COMPANION_DATA_DIR")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("companion", appauthor=False))


def check_port_free(host: str, port: int) -> None:
    """UsageError when something already listens on `host:port`."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise UsageError(f"port {port} is already in use on {host}; choose another with --port") from None
            raise UsageError(f"cannot serve on {host}:{port}: {exc.strerror}") from None


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return socket.gethostbyname(socket.gethostname())


def qr_text(url: str) -> str:
    """A QR code of `url` drawn with block characters for the terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    import signal
    import threading

    own_signals = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGINT, _stop_early) if own_signals else None
    try:
        args = build_parser().parse_args(argv)
        return score(args) if args.command == "score" else run(args)
    except BadFile as exc:
        print(exc, file=sys.stderr)
        return 2
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except (StoppedEarly, KeyboardInterrupt):
        print("companion: stopped", file=sys.stderr)
        return 0
    except Exception as exc:
        if not stopped_early(exc):
            raise
        print("companion: stopped", file=sys.stderr)
        return 0
    finally:
        if own_signals:
            signal.signal(signal.SIGINT, before)


def score(args: argparse.Namespace) -> int:
    """Read the end-of-game JSON, print the results as JSON; nothing is stored."""
    import json

    from companion.core.errors import DomainError
    from companion.core.inputs import SMALL_FILE_BYTES, parse_json

    where = "standard input" if args.file == "-" else args.file
    try:
        data = sys.stdin.buffer.read(SMALL_FILE_BYTES + 1) if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror or exc}") from None
    try:
        result = scorers()[args.game](parse_json(data, where, SMALL_FILE_BYTES))
    except DomainError as exc:
        raise BadFile(str(exc)) from None
    print(printable(json.dumps(result, indent=2, ensure_ascii=False), json.dumps(result, indent=2)))
    return 0


def printable(text: str, instead: str) -> str:
    """`text` when standard output can write it, else `instead` (a Windows console in a legacy code
    page cannot write a name in another script: the same JSON with \\u escapes, or words instead of a
    QR code drawn in block characters)."""
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return instead
    return text


def run(args: argparse.Namespace) -> int:
    from companion.client.cache_files import writable_cache_dir
    from companion.core.assets import AssetError, use_overrides
    from companion.games import check_game_data
    from companion.store import StoreError, open_store

    host = ALL_INTERFACES if args.lan else LOCALHOST
    check_port_free(host, args.port)
    try:
        writable_cache_dir()
    except OSError as exc:  # served all the same, uncompressed
        print(f"NOTICE: cannot write the cache folder {exc.filename}: {exc.strerror}. The app's files are sent "
              "uncompressed (slower to join) and Chinese, Japanese and Korean names may show as boxes; set "
              "COMPANION_CACHE_DIR to a folder Companion can write.", flush=True)
    folder = data_dir(args.data_dir)
    use_overrides(folder / CUSTOM_DATA)
    try:
        check_game_data()
    except AssetError as exc:
        raise UsageError(f"a game data file is not valid: {exc}") from None
    try:
        store = open_store(folder)
    except StoreError as exc:
        raise UsageError(str(exc)) from None

    from companion.app import build_context
    from companion.laptop.hosting import LAPTOP
    from companion.laptop.serve import serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    keys = None
    if args.lan:
        from companion.store.table_key import TableKeys

        keys = TableKeys(folder)
    local_url = f"http://{LOCALHOST}:{args.port}"
    lan_url = f"http://{lan_address()}:{args.port}" if args.lan else None
    ctx = build_context(store, LAPTOP, lan_url=lan_url, table_keys=keys)
    # The key goes in the link, as Jupyter's token does: whoever has the link is at the table.
    host_link = f"{local_url}/?k={keys().secret}" if keys else local_url
    print(f"Companion is serving at {host_link}", flush=True)
    print(f"Your data: {folder}")
    for notice in store.notices:
        print(f"NOTICE: {notice}")
    if lan_url and keys:
        phone_link = f"{lan_url}/?k={keys().secret}"
        print(f"Phones at the table: open {phone_link} (same Wi-Fi), or scan:")
        print(printable(qr_text(phone_link), "(This terminal cannot draw the QR code: open the link above.)"))
        print(f"A phone without the link asks for the table code: {keys().spoken_code}")
    print("Press Ctrl+C to stop.", flush=True)
    try:
        serve(ctx, host=host, port=args.port, desktop=args.desktop, open_url=host_link)
    finally:
        store.close()
    return 0
