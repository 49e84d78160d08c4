"""What the laptop adds to the web client's page (Flet's index.html) before a phone gets it: the
shared lines of every host (`client.page`), then its own.

Each script goes just before `</head>`, after Flet's own configuration and before the
client starts (`flutter_bootstrap.js` is loaded at the end of the body).
"""

from __future__ import annotations

import json

from companion.client.page import BUILD_SCRIPT, RIVE_STANDIN_SCRIPT, SEMANTICS_STYLE, TEXT_SIZE_SCRIPT, named
from companion.ui.phone import DEFAULTS, PHONE_COOKIE

# What the phone kept (who plays on it, its theme, its text size: in the browser's storage, where
# Flet's SharedPreferences names each "flutter." + its key) rides on each connection to the server:
# written to a cookie just before each websocket is made, so it is fresh at every reconnect, and
# read by the server for the page that connection makes (ui/phone.py). No question to the browser
# before the first screen, and none left unanswered after a server restart.
PHONE_COOKIE_SCRIPT = """<script>(function () {
  var Native = window.WebSocket;
  if (!Native) return;
  function keep() {
    var kept = {};
    %s.forEach(function (key) {
      try {
        var value = localStorage.getItem('flutter.' + key);
        if (value !== null) kept[key] = JSON.parse(value);
      } catch (e) {}
    });
    document.cookie = '%s=' + encodeURIComponent(JSON.stringify(kept)) + '; Path=/; SameSite=Strict';
  }
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      keep();
      super(url, protocols);
    }
  };
})();</script>""" % (json.dumps(list(DEFAULTS)), PHONE_COOKIE)

# The connection to the server: Flet's client shows only a grey "Working..." while its socket is
# down, and a tap made meanwhile is lost (or sent late). This watches the client's socket (the
# WebSocket to `/ws`: Flet's dart2wasm client makes one through the global constructor at each
# attempt, every 0.5 s while the server is away). When it closes: a banner, and a layer above
# Flutter that takes every tap and key and answers it ("Not sent"). When a new socket gets the
# server's first message (its answer to the client's registration, naming the Flet session):
# - the same session: it sent the whole page again; the banner goes once that is drawn;
# - a new session (the server was restarted): the page is reloaded, as Flet's client answers none
#   of a new session's service calls (a phone's settings changed there would not be kept). Sooner
#   still: while the socket is down the page asks the server's start (BOOT_PATH) every BOOT_EVERY ms,
#   and reloads as soon as another start answers.
# Under the banner the players keep their board: a copy of Flutter's last frame, taken as the socket
# closes (Flutter would draw a grey "Working..." over it).
CONNECTION_SCRIPT = """<script>(function () {
  var Native = window.WebSocket;
  if (!Native) return;
  var TITLE = 'Connection lost: reconnecting...', HINT = 'Taps are paused until the connection is back.',
      REFUSED = 'Not sent: wait until the connection is back.', RELOADING = 'Connected again: reloading...';
  var CSS = '#companion-offline{position:fixed;inset:0;z-index:2147483647;'
    + 'font:16px system-ui,Roboto,sans-serif;touch-action:none;cursor:not-allowed}'
    + '#companion-offline .board{position:fixed;pointer-events:none}'
    + '#companion-offline .dim{position:fixed;inset:0;background:rgba(0,0,0,.32)}'
    + '#companion-offline .box{position:relative;margin:calc(12px + env(safe-area-inset-top)) 12px 0;padding:16px 18px;'
    + 'border-radius:16px;background:#8C1D18;color:#fff;box-shadow:0 6px 24px rgba(0,0,0,.45)}'
    + '#companion-offline .title{display:flex;align-items:center;gap:12px;'
    + 'font-size:1.3rem;font-weight:700;line-height:1.3}'
    + '#companion-offline .hint{margin-top:8px;font-size:1.05rem;line-height:1.4}'
    + '#companion-offline .spin{flex:none;width:1.2rem;height:1.2rem;border:3px solid currentColor;'
    + 'border-right-color:transparent;border-radius:50%;animation:companion-spin 1s linear infinite}'
    + '#companion-offline .refused .hint{font-weight:700}'
    + '#companion-offline .pulse{animation:companion-pulse .5s ease-out}'
    + '@keyframes companion-spin{to{transform:rotate(1turn)}}'
    + '@keyframes companion-pulse{0%{transform:scale(1)}30%{transform:scale(1.05);background:#C62828}'
    + '100%{transform:scale(1)}}'
    + '@media (prefers-color-scheme:dark){#companion-offline .dim{background:rgba(0,0,0,.5)}'
    + '#companion-offline .box{background:#FFDAD6;color:#410002}}'
    + '@media (prefers-reduced-motion:reduce){#companion-offline .spin,#companion-offline .pulse{animation:none}}';
  var layer = null, current = null, session = null, leaving = 0;
  window.addEventListener('beforeunload', function () { leaving = Date.now(); });
  // A restarted server: while the socket is down, the server's start (BOOT_PATH) is asked every
  // BOOT_EVERY ms, one question at a time (on a network that hangs they must not pile up); once another
  // start answers, the page is reloaded at once (not after Flet's client has reconnected and been given
  // a new session, whose service calls it would not answer).
  var BOOT = window.companionBoot, polling = null, asking = false;
  function poll() {
    if (polling || !BOOT) return;
    polling = setInterval(function () {
      if (asking) return;
      asking = true;
      fetch('BOOT_PATH', {cache: 'no-store'}).then(function (r) {
        return r.ok ? r.text() : null;
      }).then(function (boot) {
        asking = false;
        if (boot && boot !== BOOT && polling) {
          stop();
          say(RELOADING);
          reload();
        }
      }, function () { asking = false; });
    }, BOOT_EVERY);
  }
  function stop() {
    clearInterval(polling);
    polling = null;
  }

  function show() {
    if (layer || !document.body) return;
    layer = document.createElement('div');
    layer.id = 'companion-offline';
    // Named by its words (an alert takes no name from what it holds: a screen reader's list of the page
    // showed an alert without one), which stay its name as they change.
    layer.innerHTML = '<style>' + CSS + '</style><div class="dim"></div><div class="box" role="alert" aria-live="assertive"'
      + ' aria-labelledby="companion-offline-title companion-offline-hint">'
      + '<div class="title"><span class="spin" aria-hidden="true"></span><span class="text" id="companion-offline-title">'
      + TITLE + '</span></div><div class="hint" id="companion-offline-hint">' + HINT + '</div></div>';
    var board = lastBoard();
    if (board) layer.insertBefore(board, layer.firstChild);
    document.body.appendChild(layer);
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();  // the phone's keyboard
  }
  // The board as it was drawn last: Flutter's client replaces it with a grey "Working..." while the
  // socket is down; the players keep seeing their game under the banner. (Called as the socket
  // closes, before Flutter's next frame.)
  function lastBoard() {
    var found = null;
    (function look(root) {
      root.querySelectorAll('canvas').forEach(function (c) {
        if (c.width && (!found || c.width * c.height > found.width * found.height)) found = c;
      });
      root.querySelectorAll('*').forEach(function (e) { if (e.shadowRoot) look(e.shadowRoot); });
    })(document);
    if (!found) return null;
    try {
      var r = found.getBoundingClientRect(), copy = document.createElement('canvas');
      copy.width = found.width;
      copy.height = found.height;
      copy.getContext('2d').drawImage(found, 0, 0);
      copy.className = 'board';
      copy.setAttribute('aria-hidden', 'true');
      copy.style.cssText = 'left:' + r.left + 'px;top:' + r.top + 'px;width:' + r.width + 'px;height:' + r.height + 'px';
      return copy;
    } catch (e) {
      return null;
    }
  }
  function hide() {
    if (layer) layer.remove();
    layer = null;
  }
  function say(title, hint) {
    if (!layer) return;
    var box = layer.querySelector('.box');
    if (title) box.querySelector('.text').textContent = title;
    if (hint) { box.querySelector('.hint').textContent = hint; box.classList.add('refused'); }
    box.classList.remove('pulse');
    void box.offsetWidth;  // restarts the animation
    box.classList.add('pulse');
  }
  // While the layer is up, nothing reaches Flutter: the layer is on top of its elements, and these
  // run before anything else (on window, in the capture phase, added before Flutter starts).
  function refuse(e) {
    var shortcut = e.type.indexOf('key') === 0 && (e.ctrlKey || e.metaKey || e.altKey || /^F[0-9]/.test(e.key));
    if (!layer || shortcut) return;  // the browser's own keys (reload, ...) still work
    if (e.type.indexOf('touch') !== 0) e.preventDefault();  // a finger's: its pointerdown's is enough
    e.stopImmediatePropagation();
    if (e.type === 'pointerdown' || e.type === 'click' || e.type === 'keydown') say(null, REFUSED);
  }
  ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'touchstart', 'touchend',
   'keydown', 'keyup', 'beforeinput'].forEach(function (type) {
    window.addEventListener(type, refuse, {capture: true, passive: type.indexOf('touch') === 0});
  });

  function sessionOf(data) {  // the session id in the server's first message (msgpack: 'session_id', then a short str)
    try {
      var b = new Uint8Array(data), s = String.fromCharCode.apply(null, b.subarray(0, 96));
      var i = s.indexOf('session_id'), n = b[i + 10] - 0xa0;
      return i >= 0 && n > 0 && n < 32 ? s.substr(i + 11, n) : null;
    } catch (e) {
      return null;
    }
  }
  function reload() {  // unless the page is already on its way somewhere (an address typed): not to cut that short
    if (Date.now() - leaving < 5000) setTimeout(reload, 500);
    else location.reload();
  }
  function watch(ws) {
    var first = true;
    current = ws;
    ws.addEventListener('message', function (e) {
      if (!first) return;
      first = false;
      var id = sessionOf(e.data);
      stop();
      if (session && id && id !== session) {
        say(RELOADING);
        setTimeout(reload, 250);  // a navigation the browser is starting (an address typed, a link) goes first
        return;
      }
      session = session || id;
      setTimeout(function () { if (ws === current && ws.readyState === 1) hide(); }, 300);  // drawn by then
    });
    ['close', 'error'].forEach(function (type) {
      ws.addEventListener(type, function () {
        if (ws !== current) return;
        show();
        poll();
      });
    });
  }
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (/\\/ws$/.test(new URL(url, location.href).pathname)) watch(this);
    }
  };
})();</script>"""

BOOT_PATH = "/_boot"  # answers the server's start (web_files.ClientFiles.boot): another after a restart
# ms between two questions of the server's start while the socket is down: a reconnect after a restart
# about 130 ms sooner than at 250 (docs/join-trace.md); a question costs the server about 1 ms.
BOOT_EVERY = 100
CONNECTION_SCRIPT = CONNECTION_SCRIPT.replace("BOOT_PATH", BOOT_PATH).replace("BOOT_EVERY", str(BOOT_EVERY))

SCRIPTS: tuple[str, ...] = (TEXT_SIZE_SCRIPT, SEMANTICS_STYLE, PHONE_COOKIE_SCRIPT, CONNECTION_SCRIPT)


def boot_script(boot: str) -> str:
    """The server's start, as the page was served (CONNECTION_SCRIPT compares it with the server's now)."""
    return f"<script>window.companionBoot={json.dumps(boot)};</script>"


# The client's files are asked for under /_v/<version>/, where they never change
# (web_files.py lets phones keep them): the page points Flet's loader there.
VERSIONED = "/_v/"
# What the client's loader asks for one after another (page, loader, engine, app, fonts),
# asked for at once when the page arrives. Only where the loader would choose them: a
# Chromium-based browser with WebAssembly GC (Flutter's own test, the bytes below);
# elsewhere it loads main.dart.js and CanvasKit instead. `{engine}` is the engine the
# loader takes there (see ENGINES).
PRELOADED = (("main.dart.wasm", "fetch"), ("{engine}.wasm", "fetch"),
             ("main.dart.mjs", "modulepreload"), ("{engine}.js", "modulepreload"),
             ("assets/FontManifest.json", "fetch"), ("assets/fonts/MaterialIcons-Regular.otf", "fetch"),
             ("assets/fonts/roboto.woff2", "fetch"))
# The loader takes the heavier engine where the browser lacks its image codecs (`client.page.BUILD_SCRIPT`):
# a phone on the table's plain-HTTP address gets "heavy" and the serving machine's own browser (loopback)
# "light". Asking for the other would download 1.5 MB for nothing.
ENGINES = {"light": "canvaskit/skwasm", "heavy": "canvaskit/skwasm_heavy"}


def preloaded(engine: str) -> list[tuple[str, str]]:
    """The files the page asks for at once in a browser that takes `engine` ("light" or "heavy")."""
    return [(name.replace("{engine}", ENGINES[engine]), kind) for name, kind in PRELOADED]


def client_scripts(version: str) -> str:
    """Where the client's files are (the Rive runtime it asks of a CDN is declined by `client.page`)."""
    base = f"{VERSIONED}{version}/"
    return (f'<script>flet.entrypointBaseUrl="{base}";flet.assetBase="{base}";'
            f'flet.canvasKitBaseUrl="{base}canvaskit/";</script>' + preload_script(base))


def preload_script(base: str) -> str:
    """Links asking for the client's files at once (see PRELOADED)."""
    files = json.dumps([[base + name, kind] for name, kind in PRELOADED])
    return (
        f"<script>(function(){{{BUILD_SCRIPT}var build=companionBuild();"
        "if(build==='canvaskit')return;"
        "var engine='canvaskit/'+build;"
        f"{files}.forEach(function(f){{f[0]=f[0].replace('{{engine}}',engine);var l=document.createElement('link');"
        "if(f[1]==='modulepreload'){l.rel='modulepreload';}"
        "else{l.rel='preload';l.as=f[1];l.crossOrigin='anonymous';}"
        "l.href=f[0];document.head.appendChild(l);});})();</script>"
    )


def patch_page(body: bytes, version: str | None = None, boot: str | None = None) -> bytes:
    """The page with Companion's scripts in its head (and, given the client's version, the
    client's files asked for where phones may keep them; given the server's start, its id)."""
    scripts = (boot_script(boot) if boot else "") + "".join(SCRIPTS)
    body = named(body)
    if version is not None:
        scripts = client_scripts(version) + RIVE_STANDIN_SCRIPT + scripts
        for name in (b"flutter_bootstrap.js", b"python.js"):
            body = body.replace(b'src="' + name + b'"', b'src="' + f"{VERSIONED}{version}/".encode() + name + b'"', 1)
    return body.replace(b"</head>", scripts.encode() + b"</head>", 1)
