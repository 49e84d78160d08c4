"""The connection to the server is lost: the phone says so, refuses taps visibly (none is sent
later either), and comes back by itself with everything there."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import expect

from tests.browser import PHONE_SCREEN, AppPage
from tests.e2e.conftest import PHONE

BANNER = "Connection lost: reconnecting..."
REFUSED = "Not sent: wait until the connection is back."
# How many pixels of the board kept under the banner are drawn (not blank, not white).
BOARD_DRAWN = """() => {
  const board = document.querySelector('#companion-offline canvas.board');
  if (!board) return 0;
  const px = board.getContext('2d').getImageData(0, 0, board.width, board.height).data;
  let drawn = 0;
  for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 240 || px[i + 1] < 240)) drawn++;
  return drawn;
}"""


def rolls(server) -> int:
    """How many rolls the only dice session has saved."""
    [session] = server.session_files()
    return sum(1 for a in session["actions"] if a["type"] == "dice.roll")


def wait_until(phone: AppPage, check: Callable[[], bool], what: str, timeout: float = 15) -> None:
    """Wait for `check` (about the server, its files or its socket) while the page runs on."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"still not {what} after {timeout} s"
        phone.page.wait_for_timeout(100)  # lets Playwright deliver the page's and the socket's events


def tap_genuinely(phone: AppPage, name: str) -> None:
    """A mouse click (`AppPage.tap`: on screen, not covered) and a finger tap where the button is drawn:
    what reaches Flutter's own elements (not a click event sent to the accessibility node)."""
    button = phone.button(name)
    phone.tap(button, scroll=False)
    box = button.first.bounding_box()
    phone.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_server_killed_then_back_banner_refuses_taps(make_server, phone: AppPage) -> None:
    server = make_server()
    phone.open(server.url + "/dice")
    phone.tap(phone.button("Roll 2 d6"))
    phone.see(phone.button("Undo: roll 2 d6"))
    wait_until(phone, lambda: rolls(server) == 1, "one roll saved")
    saved = server.session_files()

    # The server dies: the phone says so at once, over the board as it was (Flutter's client would
    # show a grey "Working..." instead).
    server.kill()
    phone.see(phone.text(BANNER), timeout=10_000)
    expect(phone.page.get_by_role("alert")).to_contain_text(BANNER)
    # In the accessibility tree by its words, as a screen reader lists it (an alert is not named by its text).
    expect(phone.page.get_by_role("alert", name=f"{BANNER} Taps are paused until the connection is back.")
           ).to_have_count(1)
    assert phone.page.evaluate(BOARD_DRAWN) > 1000, "the board is not kept under the banner"

    # A tap meanwhile is answered, not swallowed, and nothing is recorded.
    tap_genuinely(phone, "Roll 2 d6")
    phone.see(phone.text(REFUSED), timeout=5_000)
    expect(phone.page.get_by_role("alert", name=re.compile(re.escape(REFUSED)))).to_have_count(1)
    phone.shot("connection-lost-phone")
    assert server.session_files() == saved

    # The server is back (same port and data): the client reconnects to a new Flet session, which
    # Companion reloads; the banner is gone and the roll is there, the refused tap was never sent.
    with phone.page.expect_navigation(timeout=60_000):
        server.start()
    phone.ready()
    expect(phone.text(BANNER)).to_have_count(0)
    phone.see(phone.button("Undo: roll 2 d6"))
    assert rolls(server) == 1

    phone.tap(phone.button("Roll 2 d6"))
    wait_until(phone, lambda: rolls(server) == 2, "the second roll saved")
    phone.see(phone.button("Undo: roll 2 d6"))


def test_a_phone_asks_for_the_server_s_start_one_question_at_a_time(make_server, phone: AppPage) -> None:
    # While its socket is down the page asks the server's start every 100 ms, to reload as soon as a
    # restarted server answers. On a network that hangs, a question not answered yet is not asked again
    # over it: they would pile up, ten a second.
    server = make_server()
    phone.open(server.url + "/dice")
    phone.see(phone.button("Roll 2 d6"))
    asked = []
    phone.page.route("**/_boot", lambda route: asked.append(route))  # held: never answered
    server.kill()
    phone.see(phone.text(BANNER), timeout=10_000)
    phone.page.wait_for_timeout(1500)
    assert len(asked) == 1, f"{len(asked)} questions of the server's start at once"
    asked[0].abort()  # the question fails: asked again, once
    phone.page.wait_for_timeout(500)
    assert len(asked) == 2, f"{len(asked)} questions of the server's start after the first failed"
    asked[1].abort()
    phone.page.unroute("**/_boot")


def test_a_tap_under_the_banner_never_reaches_the_server(make_server, phone: AppPage) -> None:
    """The layer really stops Flutter: the socket is cut while the server lives, the client reconnects
    at once, and the server's answers are held back (the page is still waiting for them, so the
    banner stays). Flutter would queue a tap made now and send it with the new connection; under
    the banner none is sent. Then the answers arrive: the same session goes on, without a reload."""
    server = make_server()
    sockets, sent, held, released = [], [], [], []

    def route(ws) -> None:
        sockets.append(ws)
        upstream = ws.connect_to_server()
        if len(sockets) != 2:
            return  # left alone: passes everything both ways
        ws.on_message(lambda m: (sent.append(m), upstream.send(m)))
        upstream.on_message(lambda m: ws.send(m) if released else held.append(m))

    phone.page.route_web_socket(re.compile(r"/ws$"), route)
    phone.open(server.url + "/dice")
    phone.tap(phone.button("Roll 2 d6"))
    phone.see(phone.button("Undo: roll 2 d6"))
    wait_until(phone, lambda: rolls(server) == 1, "one roll saved")
    phone.page.evaluate("window.companionTestMark = 1")  # gone if the page reloads

    sockets[0].close()
    phone.see(phone.text(BANNER), timeout=10_000)
    wait_until(phone, lambda: len(sent) >= 1 and len(held) >= 1, "connected again, the answer held")

    tap_genuinely(phone, "Roll 2 d6")
    phone.see(phone.text(REFUSED), timeout=5_000)
    phone.page.wait_for_timeout(500)  # a tap that got through would be sent (or queued) by now
    assert not [m for m in sent if "click" in str(m)], [str(m)[:120] for m in sent]

    while held:  # the server's answers, in order; then the socket passes everything
        sockets[1].send(held.pop(0))
    released.append(True)
    expect(phone.text(BANNER)).to_have_count(0, timeout=10_000)
    assert phone.page.evaluate("window.companionTestMark") == 1, "the page was reloaded"
    phone.see(phone.button("Undo: roll 2 d6"))
    assert rolls(server) == 1

    phone.tap(phone.button("Roll 2 d6"))
    wait_until(phone, lambda: rolls(server) == 2, "the second roll saved")
    assert rolls(server) == 2  # and not more: the refused taps never arrive


def test_a_notice_whose_time_went_by_offline_is_not_shown_again_when_the_phone_reconnects(
        make_server, phone_browser) -> None:
    """The plain-HTTP address's screen-awake notice is up when the phone's connection drops (a phone
    put down goes quiet); it comes back after the notice's 12 s (the same session): the notice is not
    shown again, though the phone could not tell the server it had gone."""
    server = make_server(lan=True)
    context = phone_browser.new_context(viewport=PHONE)
    context.add_init_script("HTMLMediaElement.prototype.play = function () {"  # this browser refuses to stay awake
                            " return Promise.reject(new DOMException('refused', 'NotAllowedError')); };")
    sockets, held, released = [], [], []

    def route(ws) -> None:
        sockets.append(ws)
        upstream = ws.connect_to_server()
        if len(sockets) >= 2:  # the reconnection: the server's answers wait until released
            upstream.on_message(lambda m: ws.send(m) if released else held.append(m))

    try:
        phone = AppPage(context.new_page())
        phone.page.route_web_socket(re.compile(r"/ws$"), route)
        phone.open(server.phone_url("/dice"))
        notice = phone.message("will not keep the screen awake")
        phone.see(notice, timeout=20_000)
        phone.page.evaluate("window.companionTestMark = 1")  # gone if the page reloads
        sockets[0].close()
        phone.see(phone.text(BANNER), timeout=10_000)
        phone.page.wait_for_timeout(15_000)  # the notice's 12 s go by while the phone is away
        while held:
            sockets[-1].send(held.pop(0))
        released.append(True)
        expect(phone.text(BANNER)).to_have_count(0, timeout=20_000)
        assert phone.page.evaluate("window.companionTestMark") == 1, "the page was reloaded"
        phone.page.wait_for_timeout(1_500)
        assert notice.count() == 0, "the notice came back with the connection"
    finally:
        context.close()


# The moments a phone can leave in its first seconds, each a state of its page (not a time): its document
# read, its files loaded, its socket to the server opened, its first word to the server sent, the server's
# first answer come, the first screen drawn.
LEAVING = ("domcontentloaded", "load", "socket", "sent", "answered", "drawn")


def leave_at(phone_browser, url: str, moment: str) -> None:
    """Open `url` on a new phone and close it at `moment` of its start."""
    context = phone_browser.new_context(**PHONE_SCREEN)
    page = context.new_page()
    came: list[str] = []

    def socket(ws) -> None:
        came.append("socket")
        ws.on("framesent", lambda payload: came.append("sent"))
        ws.on("framereceived", lambda payload: came.append("answered"))

    page.on("websocket", socket)
    page.goto(url, wait_until="domcontentloaded" if moment == "domcontentloaded" else "load")
    if moment == "drawn":
        page.wait_for_selector("flt-semantics-placeholder, flt-semantics", state="attached", timeout=60_000)
    elif moment in ("socket", "sent", "answered"):
        page.wait_for_function("() => true", polling=50)  # lets Playwright deliver the socket's events
        while moment not in came:
            page.wait_for_timeout(10)  # a look at what came, not a wait for a time: it leaves at that moment
    context.close()


def test_phones_that_leave_in_their_first_seconds_leave_no_error_in_the_servers_log(make_server, phone_browser) -> None:
    """Issue 63: a phone that left within its first two seconds left a traceback in the server's log (17 of
    18 quick leaves). Three phones at the table (not the host) leave at each moment of a page's start; then
    a phone plays on, the server stops as the host stops it, and its log holds no Python error."""
    server = make_server(lan=True, players=("Ana", "Ben"))
    for _ in range(3):
        for moment in LEAVING:
            leave_at(phone_browser, server.phone_url(), moment)
    context = phone_browser.new_context(**PHONE_SCREEN)
    phone = AppPage(context.new_page()).open(server.phone_url())
    phone.tap(phone.button("Ana"))
    phone.tap(phone.tab("Dice"))
    phone.tap(phone.button("Roll 2 d6"))
    phone.see(phone.page.get_by_text(re.compile("^Total ")))
    context.close()
    server.stop()
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log and "Error" not in log, log[-3000:]
