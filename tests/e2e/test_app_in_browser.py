"""The real server and the real browser: what a player at the table does."""

from __future__ import annotations

import re

from tests.browser import AppPage


def roll_totals(server) -> list[int]:
    """The totals of the saved rolls of the only dice session, oldest first."""
    [session] = server.session_files()
    return [sum(a["data"]["faces"]) for a in session["actions"] if a["type"] == "dice.roll"]


def test_phone_tour_undo_reload_and_server_restart(make_server, phone: AppPage, browser) -> None:
    server = make_server()
    phone.open(server.url)

    # Games first; the Dice tab rolls for any game.
    phone.see(phone.card("Freshwater Fly"))
    phone.tap(phone.tab("Dice"))
    # Roll, then pick Lure's default five d6 and roll them: the screen shows exactly what was saved.
    phone.tap(phone.button("Roll 2 d6"))
    phone.see(phone.button("Undo: roll 2 d6"))
    phone.tap(phone.button("Presets"))
    phone.see(phone.text("Lure"))
    phone.page.mouse.move(360 / 2, 400)
    phone.page.mouse.wheel(0, 1500)  # down to Lure
    phone.shot("presets-phone")  # Lure's pool says it is a chosen default
    phone.tap(phone.button("Default: five d6"))
    phone.tap(phone.button("Roll 5 d6"))
    phone.see(phone.button("Undo: roll 5 d6"))
    first_total, total = roll_totals(server)
    phone.see(phone.text(f"Total {total}"))
    phone.shot("dice-phone")

    # Undo, labelled with what it takes back; redo waits.
    phone.tap(phone.button("Undo: roll 5 d6"))
    phone.see(phone.button("Redo: roll 5 d6"))
    phone.tap(phone.button("Undo: use Lure: Default: five d6"))
    phone.see(phone.button("Redo: use Lure: Default: five d6"))
    phone.see(phone.text(f"Total {first_total}"))

    # Reload the tab: everything is where it was, the redo stack too.
    phone.page.reload()
    phone.ready()
    phone.see(phone.button("Redo: use Lure: Default: five d6"))
    phone.see(phone.text(f"Total {first_total}"))

    # Every tab.
    phone.tap(phone.tab("Games"))
    phone.see(phone.card("Fleet Dice"))
    phone.tap(phone.tab("History"))
    phone.see(phone.text("No finished plays yet"))
    # The address follows (the browser is told after the screen is drawn).
    phone.page.wait_for_function("() => location.pathname.endsWith('/history')", timeout=10_000)

    # Unfinished sessions, then settings with the theme changed to dark.
    phone.tap(phone.labelled("Unfinished sessions"))
    phone.see(phone.text("Dice session"))
    phone.shot("sessions-phone")
    phone.tap(phone.button("Discard"))  # it holds rolls: asked first (issue 63)
    phone.see(phone.text("Discard Dice session?"))
    phone.shot("sessions-discard-asks-phone")
    phone.tap(phone.button("Cancel"))
    phone.see(phone.button("Resume"))  # still there
    phone.tap(phone.button("Discard"))  # discarded for real: offered back under the list for 30 days
    phone.tap(phone.button("Discard").last)
    phone.see(phone.text("Discarded in the last 30 days"))
    phone.shot("sessions-discarded-phone")
    phone.tap(phone.button("Bring back"))
    phone.see(phone.button("Resume"))
    phone.tap(phone.page.get_by_role("button", name="Close"))  # its message read: out of the next pictures
    phone.tap(phone.labelled("Back"))
    phone.tap(phone.labelled("Settings"))
    phone.see(phone.text("Theme"))
    phone.tap(phone.button("Dark"))  # this phone's own theme
    phone.see(phone.button("Back up now"))
    phone.shot("settings-dark-phone")

    # Kill the server without warning, start it again: the page reloads itself once the new server answers
    # (waited for here: an address opened at that moment would race it), and the session is all there.
    phone.page.evaluate("window.companionBefore = 1")  # gone once the page has reloaded itself
    server.kill()
    server.start()
    phone.page.wait_for_function("window.companionBefore === undefined", timeout=30_000)
    phone.ready()
    phone.see(phone.button("Back up now"))  # where it was: settings
    phone.open(f"{server.url}/dice")
    phone.see(phone.button("Redo: use Lure: Default: five d6"))
    phone.see(phone.text(f"Total {first_total}"))
    # A long Redo label shares the row: it squeezed Undo to a circle reading "U".
    undo = phone.page.get_by_role("button", name=re.compile("^Undo: ")).bounding_box()
    assert undo["width"] >= 150, undo
    phone.shot("dice-dark-phone")


def test_two_devices_see_the_same_table(make_server, browser) -> None:
    server = make_server()
    devices = [browser.new_context(viewport={"width": 360, "height": 740}) for _ in range(2)]
    try:
        first, second = (AppPage(d.new_page()).open(f"{server.url}/dice") for d in devices)
        first.tap(first.button("Roll 2 d6"))
        first.see(first.button("Undo: roll 2 d6"))
        [total] = roll_totals(server)
        second.see(second.text(f"Total {total}"))
        second.see(second.button("Undo: roll 2 d6"))
    finally:
        for d in devices:
            d.close()


def test_desktop_layout(make_server, desktop: AppPage) -> None:
    server = make_server()
    desktop.open(f"{server.url}/dice")
    desktop.tap(desktop.button("Presets"))
    desktop.tap(desktop.button("Five d6 + both special dice"))
    desktop.tap(desktop.button("Roll 5 d6 + 1 d12 + 1 d20"))
    desktop.see(desktop.button("Undo: roll 5 d6 + 1 d12 + 1 d20"))
    desktop.shot("dice-desktop")
    desktop.tap(desktop.labelled("Settings"))
    desktop.see(desktop.button("Back up now"))
    desktop.shot("settings-desktop")


def test_damaged_file_is_reported_on_screen(make_server, phone: AppPage, tmp_path) -> None:
    data = tmp_path / "damaged"
    data.mkdir()
    (data / "archive.json").write_text('{"_meta": {"1": {"kind": "archive", "schema": 1}}}} trailing')
    server = make_server(data)
    phone.open(server.url)
    phone.see(phone.page.get_by_text("Your play history file could not be read"))
    phone.shot("notice-phone")
    phone.tap(phone.button("Dismiss"))
    phone.page.get_by_text("could not be read").first.wait_for(state="detached", timeout=15_000)
    phone.see(phone.card("Fleet Dice"))


def test_lan_address_qr_code_and_the_screen_awake_warning(make_server, browser, phone_browser) -> None:
    import re

    server = make_server(lan=True)
    printed = server.log.read_text()
    match = re.search(r"Phones at the table: open http://([\d.]+):\d+(/\?k=[\w-]+)", printed)
    assert match, printed
    assert "▀" in printed or "█" in printed  # the QR code, drawn with block characters
    assert not match.group(1).startswith("127.")
    # The link printed, opened by a phone in the phones' own network (never this machine's LAN address).
    lan_url = server.phone_url().split("/?")[0] + match.group(2)
    assert lan_url == server.phone_url()

    context = phone_browser.new_context(viewport={"width": 360, "height": 740})
    # On plain HTTP there is no Wake Lock API; the client falls back to playing a hidden
    # muted video, which a browser may or may not allow (headless Chromium does either,
    # by timing). This phone's browser refuses it, as a phone in power saving does.
    context.add_init_script("HTMLMediaElement.prototype.play = function () {"
                            " return Promise.reject(new DOMException('refused', 'NotAllowedError')); };")
    try:
        phone = AppPage(context.new_page()).open(lan_url)
        phone.see(phone.message("will not keep the screen awake"), timeout=20_000)
        phone.shot("lan-screen-awake-warning-phone")
        phone.tap(phone.button("Close"))
        phone.tap(phone.button("The whole table"))
        phone.tap(phone.labelled("Settings"))
        phone.see(phone.page.get_by_text("No: this browser does not allow it here", exact=False))
        # Said once per device: not again when the phone comes back in a new tab (it kept the table's key).
        phone.page.close()
        phone = AppPage(context.new_page()).open(lan_url.split("?")[0])
        phone.see(phone.card("Fleet Dice"))
        phone.page.wait_for_timeout(3000)
        assert phone.message("will not keep the screen awake").count() == 0
    finally:
        context.close()

    local = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        here = AppPage(local.new_page()).open(server.host_url("/settings"))
        here.see(here.text("Yes, while Companion is open."))
    finally:
        local.close()


# Every frame Flutter hands the page's canvas, copied (at the page's own scale) before it is shown.
KEEP_FRAMES = """(() => { window.__frames = [];
  const shown = ImageBitmapRenderingContext.prototype, hand = shown.transferFromImageBitmap;
  shown.transferFromImageBitmap = function (bitmap) {
    if (window.__frames.length < 80) {
      const copy = document.createElement('canvas');
      copy.width = Math.round(bitmap.width / devicePixelRatio);
      copy.height = Math.round(bitmap.height / devicePixelRatio);
      copy.getContext('2d').drawImage(bitmap, 0, 0, copy.width, copy.height);
      window.__frames.push(copy); }
    return hand.call(this, bitmap); }; })();"""
COLOURS_AT = """(points) => window.__frames.map(frame => points.map(([x, y]) =>
  Array.from(frame.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3))))"""


def test_the_theme_comes_at_once_not_fading_in_from_the_loading_screens(make_server, phone: AppPage) -> None:
    # Flutter's loading screen is drawn in its own default theme (blue); Companion's theme faded in
    # from it over 200 ms: a reloaded phone's first screen could come with a blue Roll button and
    # smaller words, then frames redrawing the whole screen in colours in between.
    server = make_server()
    phone.open(f"{server.url}/dice")
    roll = phone.button("Roll 2 d6")
    phone.see(roll)
    phone.page.add_init_script(KEEP_FRAMES)
    phone.page.reload()
    phone.ready()
    phone.see(roll)
    phone.page.wait_for_timeout(1000)  # any fade is over
    box = roll.bounding_box()
    middle = round(box["y"] + box["height"] / 2)
    points = {"the Roll button": (round(box["x"] + 8), middle), "the page beside it": (3, middle)}
    frames = phone.page.evaluate(COLOURS_AT, list(points.values()))
    assert max(frames[-1][0]) < 128, f"the Roll button is not drawn where its node is: {frames[-1]}"
    for i, (name, _) in enumerate(points.items()):
        colours = [frame[i] for frame in frames]
        loading, final = colours[0], colours[-1]
        between = [c for c in colours if all(max(abs(a - b) for a, b in zip(c, end)) > 3 for end in (loading, final))]
        assert between == [], f"{name}: frames in colours between the loading screen's {loading} and its own {final}"


# For each frame kept (KEEP_FRAMES), the share of the app bar's pixels (the top `band` px) unlike the
# first frame's and unlike the last's.
UNLIKE_FIRST_AND_LAST = """(band) => {
  const rows = frame => frame.getContext('2d').getImageData(0, 0, frame.width, band).data;
  const all = window.__frames.map(rows), first = all[0], last = all[all.length - 1];
  const unlike = (a, b) => { let n = 0; for (let i = 0; i < a.length; i += 4) {
    if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2])) > 3) n++; }
    return n / (a.length / 4); };
  return all.map(px => [unlike(px, first), unlike(px, last)]); }"""


def test_a_screen_comes_at_once_not_zooming_in_over_the_last(make_server, phone_browser) -> None:
    # Flutter's navigator drew a view of a new route as a page pushed over the last, zooming in for 300 ms
    # from a blank first frame: the first screen of every join (the page starts with Flet's own view),
    # a tab, and a first visit's question of who plays (pushed over the Games screen, shown first).
    # A reload is not one: the page goes back to its views as they were.
    server = make_server(lan=True, players=("Ana",))
    context = phone_browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(KEEP_FRAMES)
    app_bar = 56

    def frames_between(before: str, after: str) -> None:
        """Every frame since the last look shows the app bar as it was or as it is now, nothing between."""
        phone.page.wait_for_timeout(1000)  # any transition is over
        frames = phone.page.evaluate(UNLIKE_FIRST_AND_LAST, app_bar)
        assert frames[-1][0] > 0.002, f"{after}: its app bar is drawn as {before}'s"
        between = [i for i, (first, last) in enumerate(frames) if min(first, last) > 0.002]
        assert between == [], f"{after}: frames {between} of {len(frames)} between {before}'s app bar and its own"
        phone.page.evaluate("window.__frames = [window.__frames[window.__frames.length - 1]]")

    try:
        phone = AppPage(context.new_page()).open(server.phone_url())
        phone.see(phone.text("Who is playing on this phone?"))
        frames_between("the loading screen", "a first visit's question of who plays")
        phone.tap(phone.button("Ana"))
        phone.see(phone.card("Freshwater Fly"))
        frames_between("who plays", "the Games screen")
        phone.tap(phone.tab("Dice"))
        phone.see(phone.button("Roll 2 d6"))
        frames_between("the Games screen", "the Dice tab")
        phone.page.close()  # and opened again: a second visit (a reload goes back to its page as it was)
        phone = AppPage(context.new_page()).open(server.phone_url("/dice").split("?")[0])
        phone.see(phone.button("Roll 2 d6"))
        frames_between("the loading screen", "the Dice screen, a second visit")
    finally:
        context.close()
