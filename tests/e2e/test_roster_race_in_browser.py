"""Two real pages change the roster at the same instant: each adds a player, tapping Save at the
same moment; both players are kept (none lost to the other's write) and both pages show both. Then
both add the same name at the same moment: one is kept, the other page is told why, in words."""

from __future__ import annotations

import json

from tests.browser import AppPage, moment
from tests.e2e.conftest import PHONE


def roster(server) -> list[str]:
    return [p["name"] for p in json.loads((server.data_dir / "settings.json").read_text())["players"].values()]


def new_player(page: AppPage, name: str) -> None:
    """The Add player dialog open with `name` typed, its Save not yet tapped (`type_into`: on a loaded
    machine, keys typed before the field took the focus were lost and the dialog said "A player needs a
    name")."""
    page.tap(page.button("Add player"))
    page.type_into("Name", name)


def test_two_pages_add_players_at_the_same_instant(make_server, browser) -> None:
    server = make_server()
    contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
    try:
        one, two = (AppPage(c.new_page()).open(server.host_url("/settings")) for c in contexts)
        for page, name in ((one, "Zoë"), (two, "Yann")):
            new_player(page, name)
        at = moment(600)
        for page in (one, two):
            page.tap_together(["Save"], at)
        for page in (one, two):  # each page shows both, the other's too
            page.see(page.text("Zoë"))
            page.see(page.text("Yann"))
        assert sorted(roster(server)) == ["Yann", "Zoë"]

        for page in (one, two):
            new_player(page, "Ana")
        at = moment(600)
        for page in (one, two):
            page.tap_together(["Save"], at)
        refused = "There is already a player called Ana."
        one.page.wait_for_timeout(1500)
        told = [page for page in (one, two) if page.page.get_by_text(refused).count()]
        assert len(told) == 1, "exactly one page is told the name is taken"
        assert sorted(roster(server)) == ["Ana", "Yann", "Zoë"]
    finally:
        for context in contexts:
            context.close()
