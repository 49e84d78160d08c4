"""A late player joins where the game is (issue 64): every game's set-up adds a player to the roster in place,
seats them, and every other phone's set-up shows them at once; Settings' roster follows too."""

from __future__ import annotations

import pytest

from companion.core.actions import TABLE
from tests.headless import ANA_PHONE, BEN_PHONE

# Every set-up that seats players from the roster (components/seats.seat_chooser).
SETUPS = ["/games/lure/round", "/games/fleet-dice/sheets", "/games/pearl-boat/voyage", "/games/salmon-run/race",
          "/games/freshwater-fly/score", "/games/freshwater-fly/draft"]



@pytest.mark.parametrize("route", SETUPS)
async def test_a_player_added_on_a_set_up_is_seated_and_on_every_phone_at_once(app, roster, route) -> None:
    ana = await app.open(route, phone=ANA_PHONE, player="Ana")
    table = await app.open(route, phone=BEN_PHONE, player=TABLE)
    assert not table.has(key="seat-Dee")
    await ana.click(key="seat-new-player")
    ana.find(key="player-name").value = "Dee"
    await ana.click(key="save-player")
    await app.settle()
    assert [p.name for p in app.store.settings.players()] == ["Ana", "Ben", "Dee"]
    assert ana.dialog() is None
    assert ana.label(key="seat-Dee") == "1. Dee"  # seated by the same tap
    assert table.label(key="seat-Dee") == "Dee"  # on the other phone at once, not seated there


async def test_a_refused_name_on_a_set_up_is_said_in_its_dialog(app, roster) -> None:
    page = await app.open(SETUPS[0], phone=ANA_PHONE, player="Ana")
    await page.click(key="seat-new-player")
    page.find(key="player-name").value = "ben"
    await page.click(key="save-player")
    assert page.find(key="player-name").error == "There is already a player called Ben."
    assert [p.name for p in app.store.settings.players()] == ["Ana", "Ben"]


async def test_settings_on_another_phone_shows_the_new_player(app, roster) -> None:
    settings = await app.open("/settings", phone=BEN_PHONE, player="Ben")
    ana = await app.open(SETUPS[0], phone=ANA_PHONE, player="Ana")
    await ana.click(key="seat-new-player")
    ana.find(key="player-name").value = "Dee"
    await ana.click(key="save-player")
    await app.settle()
    assert settings.has(key="player-Dee")
