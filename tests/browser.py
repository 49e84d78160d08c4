"""The real server in a subprocess and pages of the system Chromium, for the browser
tests and the tap-latency benchmark."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from tests import phone_network

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
TEST_CACHE = Path(tempfile.gettempdir()) / "companion-test-cache"


TYPING_INTO = """() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  return e && (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') ? {name: e.getAttribute('aria-label'), value: e.value}
                                                                  : null;
}"""  # the text field being typed into: Flutter's editing element, named as the field


# A phone's screen, as every browser test's phone has it: 360 x 740 CSS pixels, touch. Drawn at one device
# pixel per CSS pixel: Flutter lays out in CSS pixels, the same at any density, and this machine draws in
# software, where a density of 2 (four times the pixels) made each tap's answer about 30 % slower to draw
# and a page 15 % slower to start; the screenshots are 360 x 740.
PHONE_SCREEN = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1, "is_mobile": True,
                "has_touch": True}

PHONE_BROWSERS: list = []  # the browsers started in the phones' network (tests/phone_network.py)


_HOME: list[str] = []


def chromium_home() -> None:
    """HOME for the Chromiums this process starts: a temporary folder, one per test process, removed when
    it ends (a folder per browser was left behind, hundreds in /tmp after a few runs)."""
    import atexit
    import shutil

    if not _HOME:
        _HOME.append(tempfile.mkdtemp(prefix="chromium-home-"))
        atexit.register(shutil.rmtree, _HOME[0], ignore_errors=True)
    os.environ["HOME"] = _HOME[0]


def launch_chromium(playwright, phones: bool = False):
    """The system Chromium, headless, writing under a temporary HOME: on this machine (the host's
    browser, on loopback) or, with `phones`, inside the phones' own network namespace."""
    if not os.path.exists(CHROMIUM):
        raise FileNotFoundError(f"Chromium is not at {CHROMIUM}: install Debian's chromium package")
    chromium_home()
    program = phone_network.chromium_in_namespace(CHROMIUM) if phones else CHROMIUM
    browser = playwright.chromium.launch(executable_path=program, headless=True, args=CHROMIUM_ARGS)
    if phones:
        PHONE_BROWSERS.append(browser)
    return browser


_PORTS_TAKEN: set[int] = set()


# Ports Chromium refuses to open a page on (net::ERR_UNSAFE_PORT; its net/base/port_util.cc) in the
# workers' ranges (10,000 to 29,999).
CHROMIUM_UNSAFE_PORTS = frozenset({10080})


def free_port() -> int:
    """A port free now that no other test worker hands out: each pytest-xdist worker draws from a range
    of its own below Linux's ephemeral ports (32768 and up, where the system picks ports for other
    programs), starting at a place of this process's own (two suites at once), each port once."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]
    base, span = 10_000 + int(worker[2:]) % 10 * 2_000, 2_000
    start = os.getpid() * 7919 % span
    for i in range(span):
        port = base + (start + i) % span
        if port in _PORTS_TAKEN or port in CHROMIUM_UNSAFE_PORTS:
            continue
        with socket.socket() as s:
            try:
                s.bind(("", port))
            except OSError:
                continue
        _PORTS_TAKEN.add(port)
        return port
    raise RuntimeError(f"no free port left between {base} and {base + span}")


def seed_roster(data_dir: Path, names) -> None:
    """Put `names` in the roster of the data folder, before a server opens it."""
    from companion.store import open_store

    store = open_store(data_dir)
    for name in names:
        store.settings.add_player(name)
    store.close()


class Server:
    """`python -m companion` on a loopback port with its own data folder."""

    def __init__(self, data_dir: Path, port: int, lan: bool = False, cache: Path = TEST_CACHE,
                 env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        self.env = env or {}  # more of the server's environment (COMPANION_FONT_DIRS...)
        self.cache = cache  # COMPANION_CACHE_DIR: by default, one for all the tests' servers
        self.port = port
        self.lan = lan
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None
        self.log = data_dir.parent / f"server-{port}.log"

    def start(self) -> None:
        # The compressed client and extracted fonts are made once for all the tests' servers.
        env = {**os.environ, "FLET_FORCE_WEB_SERVER": "1", "COMPANION_CACHE_DIR": str(self.cache), **self.env}
        env.pop("DISPLAY", None)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion", "--port", str(self.port), "--data-dir", str(self.data_dir),
                 *(["--lan"] if self.lan else [])],
                stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited with {self.process.returncode}:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return
            except urllib.error.HTTPError as exc:
                if exc.code == 401:  # serving the table: up, and asking for its key
                    return
                time.sleep(0.2)
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"the server did not answer within 60 s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """Kill the server without warning, as a power cut or `kill -9` would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def key(self) -> dict:
        """The table's key (`--lan`): the secret the links carry and the code."""
        return json.loads((self.data_dir / "table-key.json").read_text())

    def phone_url(self, path: str = "/") -> str:
        """The invitation link a phone at the table opens (in a browser in the phones' network:
        tests/phone_network.py), with the table's secret."""
        return f"http://{phone_network.ensure()}:{self.port}{path}?k={self.key()['secret']}"

    def host_url(self, path: str = "/") -> str:
        """The host's own link (loopback, with the secret when serving the table)."""
        return f"{self.url}{path}" + (f"?k={self.key()['secret']}" if self.lan else "")

    def session_files(self) -> list[dict]:
        """The live session documents on disk (what the app will show after a reload)."""
        from companion.store.journal import read_journal
        from companion.store.records import record_to_doc
        from companion.store.sessions import session_ids

        folder = self.data_dir / "sessions"
        return [record_to_doc(read_journal(folder / name, repair=False).record)
                for name in (session_ids(folder) if folder.exists() else [])]


TAP_AT = """([labels, at]) => {
  const find = (n) => [...document.querySelectorAll('flt-semantics[role=button], flt-semantics[role=checkbox]')].find(
    e => e.textContent.trim() === n || e.getAttribute('aria-label') === n
      || (e.parentElement && e.parentElement.getAttribute('aria-label') === n));  // a tooltip's button
  const buttons = labels.map(find);
  if (buttons.some(b => !b)) throw new Error('not on the screen: ' + labels.filter((n, i) => !buttons[i]));
  // Found again when the moment comes: a redraw that arrived meanwhile replaces the accessibility
  // node (a finger would tap the new button drawn in the same place; a click on the old node is lost).
  setTimeout(() => buttons.forEach((b, i) => (b.isConnected ? b : find(labels[i]) || b).click()),
             Math.max(0, at - Date.now()));
}"""


def moment(ms_from_now: float = 400) -> float:
    """A moment shortly ahead, the same for every page on this machine (ms since the epoch)."""
    return time.time() * 1000 + ms_from_now


# The page's scrolled area (the tree's tallest scrolling node): what a player sees without scrolling.
SCROLLED_AREA = """() => {
    const areas = [...document.querySelectorAll('flt-semantics')]
        .filter(e => ['scroll', 'auto'].includes(getComputedStyle(e).overflowY))
        .map(e => e.getBoundingClientRect()).sort((a, b) => b.height - a.height);
    return areas.length ? {top: areas[0].top, bottom: areas[0].bottom} : null;
}"""

# The page's scrolled area (as SCROLLED_AREA) and whether the element is inside it; null when the
# page has none.
IN_SCROLLED_AREA = """(el) => {
    const areas = [...document.querySelectorAll('flt-semantics')]
        .filter(e => ['scroll', 'auto'].includes(getComputedStyle(e).overflowY))
        .sort((a, b) => b.getBoundingClientRect().height - a.getBoundingClientRect().height);
    if (!areas.length) return null;
    const r = areas[0].getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, inside: areas[0].contains(el)};
}"""

# Resolves once the page's accessibility tree has not changed for 400 ms (at most 10 s): what the
# phone shows has settled.
SETTLED = """() => new Promise(resolve => {
  const look = () => [...document.querySelectorAll('flt-semantics')]
    .map(e => (e.getAttribute('aria-label') || '') + e.style.cssText).join('|');
  let last = look(), since = performance.now();
  const start = since;
  const tick = () => {
    const now = look();
    if (now !== last) { last = now; since = performance.now(); }
    if (performance.now() - since >= 400 || performance.now() - start > 10000) resolve(); else setTimeout(tick, 50);
  };
  setTimeout(tick, 50);
})"""


# The scrolled area `el` is in (the nearest scrolling node around it): {top, bottom}, or null.
AREA_OF = """(el) => {
  for (let a = el.parentElement && el.parentElement.closest('flt-semantics'); a;
       a = a.parentElement && a.parentElement.closest('flt-semantics')) {
    if (a.querySelector(':scope > flt-semantics-scroll-overflow')) {
      const r = a.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom};
    }
  }
  return null;
}"""
# What the page shows, read as a screen reader does: "button 'Score' | 'Round 1 is over' | ...".
SHOWN = """() => [...document.querySelectorAll('flt-semantics')]
  .map(e => [e.getAttribute('role') || '', (e.getAttribute('aria-label') || (e.children.length ? '' : e.textContent))
    .replace(/\\s+/g, ' ').trim().slice(0, 60)])
  .filter(([role, name]) => name)
  .map(([role, name]) => (role && role !== 'text' ? role + ' ' : '') + JSON.stringify(name)).join(' | ')"""
OUT_OF_VIEW = ("off the screen", "scrolled out of view")  # FINGER's problems a thumb's scroll mends
# Where a finger on `el`'s centre lands, as {problem, x, y}: problem is null when the centre is on the
# screen, inside the scrolled area the node is in (not under the parts row or the pinned action), the
# node there is `el` or what it holds (not another control laid over it), `el` is enabled and it has
# not moved for two frames; else it names what is wrong.
FINGER = """(el) => new Promise(resolve => {
  // A text field is tapped on its own input (its node also holds the counter under it).
  const part = el.querySelector(':scope > input, :scope > textarea') || el;
  const at = () => { const r = part.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r]; };
  const [x0, y0] = at();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const [x, y, r] = at();
    const say = problem => resolve({problem, x, y});
    const name = n => (n.getAttribute('aria-label') || n.textContent.trim() || n.getAttribute('role') || n.tagName)
      .replace(/\\s+/g, ' ').trim().slice(0, 60);
    if (!el.isConnected || r.width === 0 || r.height === 0) return say('not drawn');
    if (x !== x0 || y !== y0) return say('still moving');
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight)
      return say(`off the screen: its centre at (${x | 0}, ${y | 0}), the screen ${innerWidth} x ${innerHeight}`);
    for (let a = el.parentElement && el.parentElement.closest('flt-semantics'); a;
         a = a.parentElement && a.parentElement.closest('flt-semantics')) {
      if (a.querySelector(':scope > flt-semantics-scroll-overflow')) {
        const s = a.getBoundingClientRect();
        if (y < s.top || y > s.bottom)
          return say(`scrolled out of view: its centre at y ${y | 0}, the page shows ${s.top | 0} to ${s.bottom | 0}`);
        break;
      }
    }
    if (el.getAttribute('aria-disabled') === 'true') return say('disabled');
    const hit = document.elementFromPoint(x, y), there = hit && hit.closest && hit.closest('flt-semantics');
    // A text field's node is drawn with its label and counter, text nodes of their own over the field:
    // a tap there still focuses the field. Anything that takes taps laid over it covers it.
    const field = ['INPUT', 'TEXTAREA'].includes(el.tagName) || part !== el;
    const takesTaps = n => n.hasAttribute('flt-tappable') || !!n.querySelector(':scope > input, :scope > textarea') ||
      ['button', 'checkbox', 'radio', 'switch', 'tab', 'link', 'slider', 'menuitem', 'textbox'].includes(n.getAttribute('role'));
    if (there && there !== el && !el.contains(there) && !there.contains(el) && !(field && !takesTaps(there)))
      return say(`covered by ${name(there)}`);
    say(null);
  }));
})"""


class NotShown(AssertionError):
    """What a test waited for never showed (`AppPage.see`); the message names what the phone showed."""


class Taps:
    """Taps made on the phones, counted where they are made: `taps(locator)` taps it (`AppPage.tap`) and
    counts one, and the scrolls it needed.
    With `settle`, each tap waits first until its page has stopped changing, as a player looks before
    tapping: a tap made while the page is being drawn again, after another phone's move, can be lost
    in the browser (the closing notes of issue 43 keep this open)."""

    def __init__(self, settle: bool = False) -> None:
        self.count = 0
        self.settle = settle
        self.scrolls = 0  # the scrolls those taps needed (`AppPage.scrolls`)
        self.scrolled_to: list[str] = []

    def __call__(self, locator) -> None:
        phone = AppPage(locator.page)
        phone.tap(locator, settle=self.settle)
        self.count += 1
        self.scrolls += phone.scrolls
        self.scrolled_to += phone.scrolled_to


class AppPage:
    """A browser tab on the app, found by what a player (or a screen reader) reads."""

    # A list while a test audits every step (tests/e2e/conftest.py, `every_step_audited`): each tap first
    # audits the screen it is made on (tests/accessibility.py) and adds what is wrong there.
    audits: list[str] | None = None

    def __init__(self, page) -> None:
        self.page = page
        self.taps = 0  # taps made by `tap`
        self._touch: bool | None = None  # the page has touch (a phone's), read at the first tap
        self.scrolls = 0  # scrolls made by `thumb_to`, each a thumb's swipe or a few
        self.scrolled_to: list[str] = []  # what each scroll was for (printed by the whole-game tests)
        self.shots = SCREENSHOTS  # where `shot` saves (the pictures in the README and docs/ are at 100 % text)

    def open(self, url: str) -> AppPage:
        phone = urlsplit(url).hostname == phone_network.SERVER_ADDRESS
        if phone != (self.page.context.browser in PHONE_BROWSERS):
            raise AssertionError(f"{url}: a phone's link opens in the phones' browser, the host's in this "
                                 "machine's (launch_chromium(phones=...); tests/e2e/conftest.py's fixtures)")
        self.page.goto(url)
        self.ready()
        return self

    def ready(self) -> None:
        """Wait for Flutter to start, then turn on its accessibility tree."""
        self.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        # The tree may be on already (a page loaded again by its own script keeps it on).
        self.page.wait_for_selector("flt-semantics-placeholder, flt-semantics", state="attached", timeout=30_000)
        placeholder = self.page.locator("flt-semantics-placeholder")
        if placeholder.count():
            placeholder.dispatch_event("click")
        self.page.locator("flt-semantics").first.wait_for(state="attached", timeout=30_000)

    def button(self, name: str):
        """A button, or a choice (a chip, a tile: a checkbox to a screen reader) named `name`."""
        return self.page.get_by_role("button", name=name, exact=True).or_(
            self.page.get_by_role("checkbox", name=name, exact=True))

    def tab(self, name: str):
        return self.page.get_by_role("tab", name=name)

    def card(self, title: str):
        """A card that opens something (a game, an adventure): Flutter names it by its texts, title first."""
        return self.page.get_by_role("button", name=re.compile("^" + re.escape(title) + r"\b"))

    def labelled(self, name: str):
        """An icon button (its tooltip) or a picture with a label."""
        return self.page.get_by_label(name, exact=True)

    def text(self, text: str):
        return self.page.get_by_text(text, exact=True)

    def message(self, part: str):
        """A message on the line under the page (companion/ui/message_line.py: a group named by its words)."""
        return self.page.get_by_role("group", name=re.compile(re.escape(part)))

    def on_screen(self, locator) -> bool:
        """Whether `locator` is whole on screen without a scroll. Inside the page's scrolled area: not
        cut by its bottom edge (the tree cuts a node to what shows: one cut there ends on the edge; one
        at the top edge is whole, as the app scrolls a question to the top). Outside it (a step's button
        pinned above the navigation bar or floating over the page): whole inside the screen."""
        where = locator.first.evaluate(IN_SCROLLED_AREA)
        box = locator.first.bounding_box()
        if where is None or box is None:
            return False
        bottom = box["y"] + box["height"]
        if where["inside"]:
            return where["top"] <= box["y"] and bottom < where["bottom"]
        return 0 <= box["y"] and bottom <= self.page.viewport_size["height"]

    def tap(self, locator, settle: bool = False, timeout: float = 15_000, scroll: bool = True) -> None:
        """Tap `locator` as a finger does, at its centre, once it is there to tap (FINGER): on the screen
        at the scroll the page has, not covered, enabled and still. A control out of view is scrolled to
        as a thumb does (`thumb_to`, counted in `scrolls`) once the page has settled (the app may bring
        it into view itself). Fails naming what is wrong if it does not come to be within about `timeout`
        ms: "covered by Draw a chance card". Playwright's own click scrolls the node into view by itself
        and taps through what covers it, which let tests pass where a player's tap ran the control laid
        over it. With `settle`, first wait until the page has stopped changing, as a player looks before
        tapping (taps made while another phone's move redrew the page were lost under load). Without
        `scroll`, a control still out of view once the page has settled fails: it should be on screen."""
        from playwright.sync_api import Error as PlaywrightError

        if settle:
            self.settle()
        target = locator.first
        self.see(locator, timeout=timeout)
        if AppPage.audits is not None:  # the screen as the player sees it, before this tap
            from tests.accessibility import audit
            # Before the finger's checks, never between them and the click: the page may change meanwhile
            # (an audit of a Fleet Dice sheet takes a while), and a click at a place read before lands elsewhere.
            tapping = str(locator).split("selector=", 1)[-1][:80]
            found_wrong = audit(self.page)
            if found_wrong:  # read while the page moved (the app scrolling a question into view)? As it stands still
                self.settle()
                found_wrong = audit(self.page)
            AppPage.audits += [f"{problem}, before tapping {tapping}" for problem in found_wrong]
        found, looked = {"problem": "not found"}, False
        for _ in range(max(1, int(timeout / 100))):
            try:
                found = target.evaluate(FINGER, timeout=timeout)
            except PlaywrightError as exc:  # drawn again between two looks
                found = {"problem": f"gone ({str(exc).splitlines()[0]})"}
            if found["problem"] is None:
                self._press(found["x"], found["y"])
                self.taps += 1
                return
            if found["problem"].startswith(OUT_OF_VIEW):
                if looked and not scroll:
                    break
                if looked:
                    self.thumb_to(locator)
                else:
                    self.settle()  # what the app scrolls into view by itself is not the player's scroll
                    looked = True
                continue
            self.page.wait_for_timeout(100)
        raise AssertionError(f"a finger cannot tap {locator}: {found['problem']}; the phone shows: {self.shows()}")

    def settle(self) -> None:
        """Wait until the page's accessibility tree has not changed for a moment (SETTLED)."""
        self.page.evaluate(SETTLED)

    def see(self, locator, timeout: float = 30_000) -> None:
        """Wait until `locator` is shown; if it never is, fail naming what the phone shows instead (the
        time is a fail-safe for a loaded machine, not a measure: a phone shows it within a second or two)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            locator.first.wait_for(state="visible", timeout=timeout)
        except PlaywrightTimeout:
            raise NotShown(f"never shown: {locator}; the phone shows: {self.shows()}") from None

    def shows(self) -> str:
        """What the phone shows, as a screen reader reads it: each node's role and name, in order."""
        return self.page.evaluate(SHOWN)

    def type_into(self, field: str, words: str) -> None:
        """`words` typed a key at a time into the text field named `field`, as a thumb types once the
        keyboard is up: keys are sent once Flutter's field has the focus (its editing element is named
        like the field, a hint on a second line), and the words are checked in it (typed again if a key
        was lost). On a loaded machine keys typed straight after the tap went to the field before, or
        nowhere (CI: a note saved empty)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for _ in range(10):
            self.tap(self.page.get_by_role("textbox", name=field).first)
            try:
                focused = f"() => ({TYPING_INTO})()?.name.split('\\n')[0] === {json.dumps(field)}"
                self.page.wait_for_function(focused, timeout=3_000)
            except PlaywrightTimeout:
                continue
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Delete")
            self.page.keyboard.type(words)
            try:
                self.page.wait_for_function(f"() => ({TYPING_INTO})()?.value === {json.dumps(words)}", timeout=3_000)
                return
            except PlaywrightTimeout:
                continue
        raise AssertionError(f"the field {field!r} never took {words!r}")

    def thumb_to(self, locator, clear: float = 160) -> None:
        """Scroll the page with the wheel, as a thumb does, until `locator` is whole inside the page's
        scrolled area (below the parts row, above the pinned action and the navigation bar; on a page
        with no scrolled area, at least `clear` px above the screen's bottom). Playwright's own scroll, before a click, moves the accessibility tree alone, not
        the picture: places read from the tree after it are not where the player sees them. Each place
        is read once the scroll has stopped moving it (under load a read during the scroll overshot,
        leaving the control under the app bar, where a click scrolled the page by itself)."""
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        area = locator.first.evaluate(AREA_OF)  # the scrolled area it is in, as FINGER reads it
        top = area["top"] if area else 0  # under a game's parts row, pinned above the page's scroll
        bottom = area["bottom"] if area else height - clear
        self.page.mouse.move(width / 2, (top + bottom) / 2)
        if os.environ.get("SCROLL_SHOTS"):  # where a player had to scroll, as they saw it (docs/testing.md)
            folder = Path(os.environ["SCROLL_SHOTS"])
            folder.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"\W+", "-", str(locator).split("selector=", 1)[-1].split("name=", 1)[-1][:40]).strip("-")
            self.page.screenshot(path=str(folder / f"{len(list(folder.iterdir())):03d}-{name}.png"))
        moved = False
        for _ in range(60):
            box = self._still(locator)
            if box is None:
                need = height  # not drawn yet: further down
            elif box["y"] < top - 0.5:  # above the top (one cut at the top edge starts on it: tappable)
                need = box["y"] - top - 48
            else:
                need = box["y"] + box["height"] - bottom
                if need <= 0:
                    if moved:
                        self.scrolls += 1
                        self.scrolled_to.append(str(locator).split("selector=", 1)[-1][:90])
                    self.page.mouse.move(-1, -1)  # the thumb lifts: no pointer left hovering (a tooltip drawn)
                    return
                need += 16
            self.page.mouse.wheel(0, max(-1600, min(1600, need)))  # the wheel moves the page as far as it says
            moved = True
        raise AssertionError(f"{locator} could not be scrolled into view")

    def _still(self, locator) -> dict | None:
        """`locator`'s box once two reads 100 ms apart agree (a scroll under way has stopped); None
        if it is not drawn."""
        last = locator.first.bounding_box()
        for _ in range(100):
            self.page.wait_for_timeout(100)
            box = locator.first.bounding_box()
            if box == last:
                return box
            last = box
        raise AssertionError(f"{locator} kept moving for 10 s")

    def _press(self, x: float, y: float) -> None:
        """A finger's tap at (x, y) on a phone (a touch: no mouse left hovering over the control, whose tooltip
        then stayed drawn over the next one); a click on a page opened as a computer's, without touch."""
        if self._touch is None:
            self._touch = self.page.evaluate("navigator.maxTouchPoints > 0")
        if self._touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def tap_together(self, labels: list[str], at: float) -> None:
        """Tap the buttons named `labels`, in order, from the moment `at` (ms since the epoch), each as
        soon as the one before: taps the server gets before the page could show the first one's result."""
        self.page.evaluate(TAP_AT, [labels, at])

    def shot(self, name: str, into: Path | None = None) -> Path:
        """A screenshot named `name` in `shots` (or `into`: docs/screenshots/ for one at large text)."""
        folder = into or self.shots
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        time.sleep(0.6)  # let Flutter paint the last frame
        self.page.screenshot(path=str(path))
        return path
