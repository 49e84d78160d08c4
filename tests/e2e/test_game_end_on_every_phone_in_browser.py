"""A game played to its end on three phones, one per player, and saved by one of them: every
phone still shows the standings ("Saved to History", each player's total) until it leaves them.
They showed "This session cannot be shown" on the others, and Back led to a fresh set-up."""

from __future__ import annotations

import json

import pytest

from companion.core.actions import Action
from companion.core.session_log import replay
from companion.games.fleet_dice.scoring import score
from companion.games.lure import rules as lure
from tests.browser import AppPage, moment
from tests.e2e.test_fleet_dice_table_in_browser import NAMES, play_until, start, state
from tests.e2e.test_table_of_phones_in_browser import actions, phones, table_of, wait_for  # noqa: F401 (fixture)

# Entered dice, the same each round: Ana's 18 meets both fish, Ben's and Cy's meet none.
ENTERED = {"Ana": (6, 6, 6), "Ben": (1, 1, 1), "Cy": (1, 1, 2)}


def lure_state(server):
    [doc] = [d for d in server.session_files() if d["game"] == lure.GAME]
    return replay(lure.RULES, doc["setup"], [Action(a["type"], a["data"], a.get("label", "")) for a in doc["actions"]])


def every_phone_keeps_the_result(server, table: dict[str, AppPage], saver: str, results) -> None:
    """`saver` saves the finished game; every phone shows it saved, with each player's place and total."""
    for phone in table.values():
        phone.see(phone.button("Save to history"))
    table[saver].tap(table[saver].button("Save to history"))
    for phone in table.values():
        phone.see(phone.text("Saved to History"))
        for r in results:
            phone.see(phone.text(f"{r.rank}. {r.name}"))
            phone.see(phone.page.get_by_text(f"{r.total} (rank {r.rank})", exact=True).first)
        assert phone.page.get_by_text("This session cannot be shown").count() == 0
        phone.see(phone.button("See it in History"))
    table["Cy"].shot(f"game-end-saved-by-{saver.lower()}-cy")
    [play] = json.loads((server.data_dir / "archive.json").read_text())["plays"].values()
    assert sorted((r["name"], r["total"]) for r in play["results"]) == sorted((r.name, r.total) for r in results)


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on, at each text size (issue 62)
@pytest.mark.parametrize("percent", [100, 200])
def test_a_lure_game_to_its_end_and_saved_stays_on_every_phone(make_server, phones, percent) -> None:  # noqa: F811
    server = make_server(lan=True, players=NAMES)
    table = table_of(server, phones, NAMES, "/games/lure/round", text_size=percent)
    ana = table["Ana"]
    for name in NAMES:
        ana.tap(ana.button(name))
    ana.tap(ana.button("Fish in the deck: 4"))  # a deck of 4 fish, one tap: two rounds of 2 ("2 in 2-3 players")
    ana.see(ana.text("4"))
    ana.tap(ana.button("Start the game"))
    wait_for(lambda: any(d["game"] == lure.GAME for d in server.session_files()), server=server)
    set_up = sum(p.scrolls for p in table.values())  # at 200 %: the deck's keys, under the d6's
    taps: dict[int, int] = {}  # each round's taps on all phones
    while not (game := lure_state(server)).over:
        before = len(actions(server, lure.GAME))
        owed = [i for i, s in enumerate(game.seats) if s.owed]
        tapped = 0
        if owed:  # no catch last round: each records the lure drawn, on their own phone
            for seat in owed:
                table[NAMES[seat]].tap(table[NAMES[seat]].button("Adjust"))
            tapped = len(owed)
            wait_for(lambda: len(actions(server, lure.GAME)) == before + len(owed), server=server)
        elif game.phase == lure.SPLASH:
            ana.see(ana.text(f"Round {game.round}, Splash: reveal 2 fish."))
            if game.round == 1:
                ana.tap(ana.button("Catch number: 7"))
                ana.tap(ana.button("Add this fish: 7 (3 VP)"))
                ana.tap(ana.button("Catch number: 8"))
                ana.tap(ana.button("Add this fish: 8 (3 VP)"))
            else:  # the same cards again: each is one tap away, entered before
                ana.tap(ana.button("7 (3 VP)"))
                ana.tap(ana.button("8 (3 VP)"))
            ana.shot(f"lure-whole-round-{game.round}-splash")
            ana.tap(ana.button("Reveal these fish"))
            tapped = (4 if game.round == 1 else 3)  # a new card: its Add, a digit, its Add; one known: a tap
            wait_for(lambda: len(actions(server, lure.GAME)) == before + 1, server=server)
        elif game.phase == lure.CAST:
            for phone in table.values():
                phone.see(phone.button("Lock in"))
            at = moment()
            table["Ben"].shot(f"lure-whole-round-{game.round}-cast")
            for phone in table.values():  # every player locks in at the same moment
                phone.tap_together(["Lock in"], at)
            tapped = len(table)
            wait_for(lambda: len(actions(server, lure.GAME)) == before + 3, server=server)
        elif any(s.roll is None for s in game.seats):  # the three roll together (3 d6 each)
            for name, faces in ENTERED.items():
                phone = table[name]
                for die, face in enumerate(faces):  # a key per face under the roll: one tap a die (issue 65)
                    phone.tap(phone.button(f"{name}'s die {die + 1} of {len(faces)}: {face}"))
                tapped += len(faces)  # the physical dice entered (the app's own roll is 1 tap)
            wait_for(lambda: len(actions(server, lure.GAME)) == before + 3, server=server)
        else:
            table["Ben"].shot(f"lure-whole-round-{game.round}-fish")
            table["Ben"].tap(table["Ben"].button("Make the catch"))
            tapped = 1
            wait_for(lambda: len(actions(server, lure.GAME)) == before + 1, server=server)
        taps[game.round] = taps.get(game.round, 0) + tapped
    game = lure_state(server)
    # Round 1: 4 for the fish, 3 lock-ins, 3 x 3 dice entered, 1 catch; round 2: the known
    # cards one tap each (3), and the rest alike; Ben's and Cy's lures drawn (2) open round 2.
    assert taps == {1: 4 + 3 + 9 + 1, 2: 2 + 3 + 3 + 9 + 1}, taps
    print(f"taps per round, 3 players: {sum(taps.values()) / len(taps):.1f} ({taps}; physical dice entered: "
          f"{len(NAMES) * 3} taps a round of them; the app's roll would be {len(NAMES)}); "
          f"scrolls: {sum(p.scrolls for p in table.values())} {[p.scrolled_to for p in table.values()]}")
    assert game.round == 2 and [len(s.pile) for s in game.seats] == [4, 0, 0]  # Ana caught every fish
    # No step of the rounds needs a scroll (issue 62). At 200 % text the known fish were under the entry (a scroll
    # each) and each phone's dice keys under the round's four-line step (a scroll a phone a round), 6 in all.
    assert sum(p.scrolls for p in table.values()) == set_up, [p.scrolled_to for p in table.values()]
    every_phone_keeps_the_result(server, table, "Ben", lure.standings(game)[0])


@pytest.mark.usefixtures("every_step_audited")  # each screen a tap is made on (issue 62)
def test_a_fleet_dice_game_to_its_end_and_saved_stays_on_every_phone(make_server, phones) -> None:  # noqa: F811
    server = make_server(lan=True, players=NAMES)
    table = table_of(server, phones, NAMES, "/games/fleet-dice/sheets")
    start(server, table)
    taps, _, _ = play_until(server, table, lambda game: game.over)
    game = state(server)
    every_phone_keeps_the_result(server, table, "Cy", score(game.names, game.sheets)[0])
    print(f"a whole Fleet Dice game, 3 players: {taps} taps")
