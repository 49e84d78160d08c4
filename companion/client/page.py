"""What every host adds to the web client's page (Flet's index.html) and its font manifest: the
app's name, the phone's text size, accessibility nodes kept to their boxes, the Rive runtime declined, Flet's fonts Companion never shows
left out. The laptop adds its own lines after these (`laptop.page_scripts`), the phone build its
own (`site.build`)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

# Flet's page calls the app "Flet": a phone's home screen shows Companion.
NAMES = (
    (b"<title>Flet</title>", b"<title>Companion</title>"),
    (b'name="apple-mobile-web-app-title" content="Flet"', b'name="apple-mobile-web-app-title" content="Companion"'),
    (b'content="Flet application."', b'content="A table companion for fishing board games."'),
    (b'name="apple-mobile-web-app-status-bar-style" content="black"',
     b'name="apple-mobile-web-app-status-bar-style" content="default"><meta name="theme-color" content="#00695C"'),
)

# The phone's text size: Flutter's web engine reads the root font size as its text scale,
# as it does the browser's own text-size setting.
TEXT_SIZE_KEY = "flutter.companion.text_size"  # how Flet's SharedPreferences names the phone's text size
TEXT_SIZE_SCRIPT = (
    "<script>(function(){function apply(){var v=parseInt(localStorage.getItem('%s')||'100',10);"
    "if(!(v>=50&&v<=300))v=100;var s=v+'%%';var r=document.documentElement;"
    "if(r.style.fontSize!==s)r.style.fontSize=s;}apply();setInterval(apply,400);})();</script>" % TEXT_SIZE_KEY
)

# Flutter's web engine writes a control's name as (invisible) text into its accessibility node; a long
# name in a small node (the who-button's "Playing on this phone: The whole table", 48 px wide) ran on
# below it, and at larger text a tap on the control under it reached the who-button. A node that holds
# no other keeps its text inside its own box (Flutter sets `overflow: visible` on each node).
SEMANTICS_STYLE = "<style>flt-semantics:not(:has(flt-semantics)){overflow:hidden!important}</style>"

RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/"
# Companion has no Rive animations: the runtime is declined in the page itself (a data:
# address), with no request at all, since Flet's client waits for it before its first frame.
RIVE_STANDIN = "data:text/javascript," + quote(
    "window.RiveNative=function(){return Promise.reject(new Error('no Rive in Companion'))};")
RIVE_STANDIN_SCRIPT = (
    "<script>(function(){var d=Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype,'src');"
    "Object.defineProperty(HTMLScriptElement.prototype,'src',{configurable:true,enumerable:d.enumerable,"
    "get:d.get,set:function(v){v=String(v);"
    f"if(v.indexOf('{RIVE_CDN}')===0)v='{RIVE_STANDIN}';"
    "d.set.call(this,v);}});})();</script>"
)

# Which of Flet's client builds Flutter's loader takes in this browser, the same test as its own
# (flutter_bootstrap.js): "skwasm" (dart2wasm, drawn by skwasm) in a Chromium-based browser with
# WebAssembly GC and WebGL; "skwasm_heavy", the heavier engine with its own image codecs and text
# breaking, where the browser lacks them (WebCodecs' ImageDecoder exists only in a secure context: a
# phone on a laptop's plain-HTTP address); "canvaskit" (dart2js, drawn by CanvasKit) elsewhere (Safari,
# Firefox). A page asks for that build's files early (the laptop), or keeps them (the phone build's
# service worker); the files of each are `BUILDS`.
BUILD_SCRIPT = """function companionBuild() {
  var gc = false, gl = false;
  try { gc = WebAssembly.validate(new Uint8Array([0,97,115,109,1,0,0,0,1,5,1,95,1,120,0])); } catch (e) {}
  try {
    var c = document.createElement("canvas");
    gl = !!(c.getContext("webgl2") || c.getContext("webgl"));
  } catch (e) {}
  var blink = navigator.vendor === "Google Inc." || navigator.userAgent.indexOf("Edg/") >= 0;
  if (!gc || !gl || !blink || flet.webRenderer !== "auto") return "canvaskit";
  return typeof ImageDecoder === "undefined" || typeof Intl.v8BreakIterator === "undefined"
    || typeof Intl.Segmenter === "undefined" ? "skwasm_heavy" : "skwasm";
}"""
BUILDS = {
    "skwasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"),
    "skwasm_heavy": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm"),
    "canvaskit": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
}

# Fonts of Flet's client that Companion never shows (math formulas, Cupertino icons): left out of
# the font manifest, so no phone loads them.
DROPPED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
ROBOTO = {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}  # Flet's own copy, offline


def named(page: bytes) -> bytes:
    """Flet's page with Companion's name where it says Flet."""
    for flet_says, companion_says in NAMES:
        page = page.replace(flet_says, companion_says, 1)
    return page


def font_manifest(client_dir: Path) -> bytes:
    """Flet's font manifest without the fonts Companion never shows, with Flet's Roboto."""
    families = json.loads((client_dir / "assets" / "FontManifest.json").read_text())
    kept = [f for f in families if not f["family"].startswith(DROPPED_FONTS)]
    return json.dumps(kept + [ROBOTO]).encode()
