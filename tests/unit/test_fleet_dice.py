"""Fleet Dice sheet rules (seeds/004: Set Up, GOLDEN RULE, Boat Phase, Fishing, Town Phase,
Income, Coins, Game End, Bonuses, Wharf Buildings, Harbor). Numbers that the rules text
does not give come from the layout file; tests use its values and say so."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.assets import AssetError, load_json
from companion.core.session_log import replay
from companion.games.fleet_dice import GoldenRuleError, SheetError, new_sheet
from companion.games.fleet_dice import rules as fleet
from companion.games.fleet_dice.layout import BOAT_TYPES, default_layout, parse_layout
from companion.games.fleet_dice.scoring import breakdown, score
from companion.games.fleet_dice.sheet import Choice, Sheet
from tests.budgets import examples

LAYOUT = default_layout()


def fresh(start: str = "shrimp") -> Sheet:
    return new_sheet(start)


def with_(sheet: Sheet, **changes) -> Sheet:
    """A sheet with some state set directly, to test one rule at a time."""
    merged = {}
    for key, value in changes.items():
        base = getattr(sheet, key)
        merged[key] = {**base, **value} if isinstance(base, dict) else value
    return replace(sheet, **merged)


def answer_all(sheet: Sheet) -> Sheet:
    """Make every pending choice in the simplest way (first target, no fishing options)."""
    while (choice := sheet.choice()) is not None:
        if choice.kind == "either":
            sheet = sheet.choose_either("boat")
        elif choice.kind in ("gold", "swordfish"):
            targets = sheet.gold_targets() if choice.kind == "gold" else sheet.swordfish_targets()
            sheet = sheet.free_fill(targets[-1]) if targets else replace(sheet, pending=sheet.pending[1:])
        elif choice.kind == "king_crab":
            sheet = sheet.choose_bonus(LAYOUT.bonuses[0].id)
        else:
            sheet = sheet.go_fishing()
    return sheet


# Set Up and the golden rule ---------------------------------------------------------------

@pytest.mark.parametrize("start", BOAT_TYPES)
def test_set_up_fills_three_boxes_and_grants_a_license_and_a_boat(start: str) -> None:
    sheet = fresh(start)
    assert sheet.tracks()[start][:4] == [True, True, True, False]
    assert sheet.licenses[start] == 1 and len(sheet.boats[start]) == 1
    assert sheet.what_now() == "Round 1, boat phase: take a die."


def test_set_up_refuses_a_face_that_is_not_a_boat() -> None:
    with pytest.raises(SheetError, match="one of shrimp, cod, lobster, swordfish, oyster, not 'coins'"):
        new_sheet("coins")


@pytest.mark.parametrize("track", LAYOUT.tracks)
def test_the_golden_rule_on_every_track(track: str) -> None:
    sheet = fresh("cod" if track != "cod" else "shrimp")
    filled = sheet.filled[track]
    length = LAYOUT.track_length(track)
    if length > filled + 1:
        with pytest.raises(GoldenRuleError, match=f"the next .* box is box {filled + 1}"):
            sheet.fill(track, filled + 1)
    for index in range(filled, length):
        assert sheet.next_box(track) == index
        sheet = sheet.fill(track, index)
        assert sheet.tracks()[track] == [i <= index for i in range(length)]
    with pytest.raises(GoldenRuleError, match="is filled already"):
        sheet.fill(track, length - 1)


def test_a_lower_box_names_the_next_one() -> None:
    with pytest.raises(GoldenRuleError, match="^Golden rule: the next Cod box is box 4.$"):
        fresh("cod").fill("cod", 5)


# Activation symbols --------------------------------------------------------------------------

def test_symbols_launch_boats_activate_licenses_or_offer_either() -> None:
    sheet = fresh("shrimp")  # layout: box 2 license, 3 boat, 5 either, 7 boat, 9 license, 10 either, 12 boat
    sheet = sheet.fill("shrimp", 3).fill("shrimp", 4)  # box 5: either
    assert sheet.choice() == Choice("either", "shrimp")
    sheet = sheet.choose_either("license")
    assert sheet.licenses["shrimp"] == 2
    sheet = sheet.fill("shrimp", 5).fill("shrimp", 6)  # box 7: a boat
    assert len(sheet.boats["shrimp"]) == 2


def test_either_needs_no_choice_when_only_one_is_possible() -> None:
    sheet = with_(fresh("cod"), licenses={"cod": 3})
    sheet = sheet.fill("cod", 3).fill("cod", 4)  # box 5 either; licenses full: a boat
    assert sheet.choice() is None and len(sheet.boats["cod"]) == 2


# Licenses (Bonuses: Licenses and Boats) ---------------------------------------------------

def test_the_second_license_earns_two_coins() -> None:
    sheet = fresh("lobster")
    coins = sheet.coins
    sheet = answer_all(sheet.fill("lobster", 3).fill("lobster", 4).choose_either("license"))
    assert sheet.licenses["lobster"] == 2 and sheet.coins == coins + 2


@pytest.mark.parametrize("level, coins", [(1, 1), (2, 2), (3, 3)])
def test_cod_licenses_pay_coins_for_every_launch(level: int, coins: int) -> None:
    sheet = with_(fresh("shrimp"), licenses={"cod": level})
    before = sheet.coins
    sheet = sheet.fill("shrimp", 3).fill("shrimp", 4).choose_either("boat")
    assert sheet.coins == before + coins


@pytest.mark.parametrize("level, launched, coins", [
    (1, 1, 0), (1, 2, 1), (1, 7, 1), (1, 8, 2),     # a coin with two boats; two with eight
    (2, 4, 1), (2, 5, 2),                           # the second license: two with five
    (3, 7, 1), (3, 8, 2), (3, 10, 3),               # the third: two with eight, three with ten
])
def test_lobster_licenses_pay_at_the_end_of_the_boat_phase(level: int, launched: int, coins: int) -> None:
    boats = {"shrimp": (0,) * min(launched, 4), "cod": (0,) * max(0, min(launched - 4, 4)),
             "oyster": (0,) * max(0, launched - 8), "swordfish": ()}
    sheet = with_(fresh("swordfish"), licenses={"lobster": level}, boats=boats)
    assert len(sheet.launched()) == launched
    sheet = sheet.use("chosen", "cod", "income").use("shared", "cod", "income")  # two coins
    assert sheet.coins == 2 + coins and sheet.phase == "town"


def test_shrimp_licenses_apply_to_your_die_only() -> None:
    sheet = fresh("shrimp")  # one Shrimp license: a shrimp die can be any boat type
    assert sheet.ways_to_use("shrimp", "chosen") == ["normal", "income", "any_type"]
    sheet = sheet.use("chosen", "shrimp", "any_type", "oyster")
    assert sheet.filled["oyster"] == 1 and sheet.filled["shrimp"] == 3
    assert sheet.ways_to_use("shrimp", "shared") == ["normal", "income"]  # never the shared die
    with pytest.raises(SheetError, match="cannot be used that way"):
        sheet.use("shared", "shrimp", "any_type", "oyster")


def test_the_second_shrimp_license_fills_any_topmost_box() -> None:
    sheet = with_(fresh("shrimp"), licenses={"shrimp": 2})
    sheet = sheet.use("chosen", "shrimp", "any_box", "casino")
    assert sheet.filled["casino"] == 1


def test_the_third_shrimp_license_turns_any_boat_die_into_two_fills() -> None:
    sheet = with_(fresh("shrimp"), licenses={"shrimp": 3})
    assert "double" in sheet.ways_to_use("lobster", "chosen")
    sheet = sheet.use("chosen", "lobster", "double", "cod", "fishermans_pub")
    assert (sheet.filled["cod"], sheet.filled["fishermans_pub"], sheet.filled["lobster"]) == (1, 1, 0)


def fishing_time(sheet: Sheet) -> Sheet:
    """Round 2: the boat phase ends and fishing is asked for."""
    sheet = with_(sheet, round=2)
    return sheet.use("chosen", "cod", "income").use("shared", "cod", "income")


def test_fishing_in_even_rounds_only() -> None:
    sheet = fresh("cod").use("chosen", "cod", "income").use("shared", "cod", "income")
    assert sheet.phase == "town" and sheet.choice() is None  # round 1: no fishing
    sheet = fishing_time(fresh("cod"))
    assert sheet.choice() == Choice("fishing")
    with pytest.raises(SheetError, match="First: go fishing"):
        sheet.use("chosen", "market")
    assert sheet.go_fishing().boats["cod"] == (1,)


def test_boats_fill_up_to_their_capacity_and_stop() -> None:
    cap = LAYOUT.boat_types["cod"].boats[0].capacity  # from the layout (chosen: 4)
    sheet = with_(fresh("cod"), boats={"cod": (cap - 1,)})
    sheet = fishing_time(sheet).go_fishing()
    assert sheet.boats["cod"] == (cap,)
    sheet = with_(sheet, round=4, phase="boat", die="chosen", used=False, filled={"coins": 0})
    sheet = sheet.use("chosen", "cod", "income").use("shared", "cod", "income").go_fishing()
    assert sheet.boats["cod"] == (cap,)  # full: no more fish this game


def test_oyster_boats_catch_two_and_licenses_raise_their_capacity() -> None:
    sheet = fishing_time(with_(fresh("oyster"), licenses={"oyster": 0})).go_fishing()
    assert sheet.boats["oyster"] == (2,)  # Oyster boats always catch two fish
    for level, capacity in ((1, 6), (2, 8), (3, 10)):  # capacity six; eight and ten with licenses
        full = with_(fresh("oyster"), licenses={"oyster": level}, boats={"oyster": (capacity - 1,)})
        assert fishing_time(full).go_fishing().boats["oyster"] == (capacity,)
        assert full.capacity("oyster", 0) == capacity


def test_an_oyster_license_takes_a_coin_instead_of_the_second_fish() -> None:
    sheet = fishing_time(fresh("oyster"))
    coins = sheet.coins
    sheet = sheet.go_fishing(oyster_coins=[0])
    assert sheet.boats["oyster"] == (1,) and sheet.coins == coins + 1


def test_the_oyster_coin_is_once_per_launched_oyster_boat_at_each_fishing() -> None:
    # Oyster: "During fish, instead of catching a second fish on an oyster boat, you may instead take a coin.
    # This can be done once per launched oyster boat." The app's reading: at each fishing ("During fish"),
    # each launched Oyster boat may take the coin once (one second fish, one coin), not once in the game;
    # fishing comes in every even round ("Fishing - even rounds only"), and the Captain's Club's personal
    # fishing phases too ("All fishing bonuses are applicable").
    sheet = fishing_time(with_(fresh("oyster"), boats={"oyster": (0, 0)}))
    with pytest.raises(SheetError, match="Each launched Oyster boat takes its coin once"):
        sheet.go_fishing(oyster_coins=[0, 0])
    coins = sheet.coins
    sheet = sheet.go_fishing(oyster_coins=[0, 1])
    assert sheet.boats["oyster"] == (1, 1) and sheet.coins == coins + 2
    sheet = with_(sheet, round=4, phase="boat", die="chosen", used=False, filled={"coins": 0})
    sheet = sheet.use("chosen", "cod", "income").use("shared", "cod", "income")
    coins = sheet.coins
    sheet = sheet.go_fishing(oyster_coins=[0])  # the next fishing: boat 1 takes its coin again
    assert sheet.boats["oyster"] == (2, 3) and sheet.coins == coins + 1
    with pytest.raises(SheetError, match="needs an Oyster license"):
        fishing_time(with_(fresh("oyster"), licenses={"oyster": 0})).go_fishing(oyster_coins=[0])


@pytest.mark.parametrize("fish, room", [(6, 0), (5, 1)])  # a license: capacity 6
def test_an_oyster_boat_that_catches_no_second_fish_has_none_to_trade_for_a_coin(fish, room) -> None:
    """Oyster license: 'instead of catching a second fish on an oyster boat, you may instead take
    a coin'; Fishing: 'If a boat is full ... it does not catch anymore fish this game'. A full boat
    (or one with room for one fish) catches no second fish: no coin, and none is offered."""
    sheet = fishing_time(with_(fresh("oyster"), boats={"oyster": (fish,)}))
    assert sheet.oyster_coin_boats() == []
    with pytest.raises(SheetError, match="Oyster boat 1 catches no second fish"):
        sheet.go_fishing(oyster_coins=[0])
    game = fleet.FleetGame(("Ana",), (sheet,))
    assert all(not a.data["oyster_coins"] for a in fleet.legal_actions(game, 0))
    assert sheet.go_fishing().boats["oyster"] == (6,)  # it catches what room it has


def test_swordfish_licenses_skip_boats_for_boxes_without_symbols() -> None:
    sheet = with_(fresh("swordfish"), boats={"cod": (0,)}, filled={"cod": 1})  # one license: one boat may skip
    sheet = fishing_time(sheet)
    with pytest.raises(SheetError, match="let 1 boat skip fishing, not 2"):
        sheet.go_fishing(skip=[("swordfish", 0), ("cod", 0)])
    sheet = sheet.go_fishing(skip=[("cod", 0)])
    assert sheet.boats["cod"] == (0,) and sheet.boats["swordfish"] == (1,)
    assert sheet.choice() == Choice("swordfish")
    # Only tracks whose next box has no symbol: Swordfish box 4 has none, Cod box 2 is a license.
    assert "cod" not in sheet.swordfish_targets() and "swordfish" in sheet.swordfish_targets()
    with pytest.raises(SheetError, match="without an activation symbol"):
        sheet.free_fill("cod")
    assert sheet.free_fill("swordfish").filled["swordfish"] == 4


def test_a_boat_skips_fishing_only_for_a_box_it_can_fill() -> None:
    # Swordfish: "During fishing, you may choose any one boat that is not full to not catch fish. Immediately
    # fill in any one topmost box of any boat that does not have an adjacent activation symbol." Every boat
    # track's next box has a symbol (or is full): no box to fill, so a skip would catch nothing for nothing.
    sheet = with_(fresh("swordfish"), boats={"cod": (0,)},
                  filled={"shrimp": 1, "cod": 1, "lobster": 1, "swordfish": 4, "oyster": 1})
    sheet = with_(sheet, filled={"swordfish": 12})
    assert sheet.swordfish_targets() == [] and sheet.swordfish_room() == 0 and sheet.swordfish_skips() == 0
    with pytest.raises(SheetError) as caught:
        fishing_time(sheet).go_fishing(skip=[("cod", 0)])
    assert str(caught.value) == ("A boat that skips fishing fills a topmost boat box with no activation symbol "
                                 "instead, and no boat track has one open: every boat fishes.")
    game = fleet.FleetGame(("Ana",), (fishing_time(sheet),))
    assert all(not a.data["skip"] for a in fleet.legal_actions(game, 0))  # not offered
    assert fishing_time(sheet).go_fishing().boats["cod"] == (1,)
    # A game set up before rules version 2 took the skip, and its box was lost: it replays so.
    before = fishing_time(sheet).go_fishing(skip=[("cod", 0)], skip_needs_room=False)
    assert before.choice() is None and before.phase == "town" and before.boats["cod"] == (0,)


def test_boats_skip_fishing_no_more_than_the_boxes_they_fill() -> None:
    # "During fishing, you may choose up to any two boats that are not full to not catch fish. Immediately fill
    # in any two topmost boxes of any boat type but the boxes may not have an adjacent activation symbol."
    # Two licenses, and one box without a symbol open (Swordfish box 4; the layout's box 5 has one): one skip.
    sheet = with_(fresh("swordfish"), licenses={"swordfish": 2}, boats={"cod": (0,), "swordfish": (0,)},
                  filled={"shrimp": 1, "cod": 1, "lobster": 1, "oyster": 1})
    assert sheet.swordfish_room() == 1 and sheet.swordfish_skips() == 1
    with pytest.raises(SheetError, match="there is room for 1 such box: no more than 1 boat may skip"):
        fishing_time(sheet).go_fishing(skip=[("cod", 0), ("swordfish", 0)])
    after = fishing_time(sheet).go_fishing(skip=[("cod", 0)]).free_fill("swordfish")
    assert after.boats["cod"] == (0,) and after.filled["swordfish"] == 4
    game = fleet.FleetGame(("Ana",), (fishing_time(sheet),))
    assert max(len(a.data["skip"]) for a in fleet.legal_actions(game, 0)) == 1


# Coins and G ---------------------------------------------------------------------------------

def test_a_coin_box_beside_a_g_gives_a_free_box_anywhere() -> None:
    gold = min(LAYOUT.gold)  # chosen layout: G at coin box 5
    sheet = with_(fresh("shrimp"), filled={"coins": gold - 2})
    sheet = sheet.use("chosen", "coins")  # three coins: boxes gold-1, gold, gold+1
    assert sheet.choice() == Choice("gold")
    assert sheet.what_now() == "a G: fill any topmost open box."
    sheet = sheet.free_fill("bait_shop")
    assert sheet.filled["bait_shop"] == 1 and sheet.die == "shared"


def test_income_is_a_coin_and_two_with_the_bait_shop() -> None:
    sheet = fresh("shrimp")
    assert sheet.use("chosen", "lobster", "income").coins == 1
    sheet = with_(fresh("shrimp"), filled={"bait_shop": 2})
    assert sheet.use("chosen", "lobster", "income").coins == 2


# The town phase: Harbor, Wharf, Market -----------------------------------------------------------

def town(sheet: Sheet) -> Sheet:
    return with_(sheet, phase="town")


@pytest.mark.parametrize("fish, coins", [(0, 1), (2, 1), (3, 2), (7, 2), (8, 3), (15, 4), (29, 4), (30, 5),
                                         (39, 5), (40, 6), (55, 6)])
def test_the_market_table(fish: int, coins: int) -> None:
    cod = min(fish, 4)
    sheet = with_(town(fresh("shrimp")), boats={"shrimp": (min(fish - cod, 3),), "cod": (cod,),
                                               "king_crab": (max(0, fish - cod - 3),)})
    assert sheet.fish == fish
    assert sheet.use("chosen", "market").coins == coins


def test_the_smokehouse_adds_two_coins_at_the_market() -> None:
    sheet = with_(town(fresh("shrimp")), filled={"smokehouse": 2})
    assert sheet.use("chosen", "market").coins == 1 + 2


def test_a_town_die_fills_a_building_of_your_choice() -> None:
    sheet = town(fresh("shrimp")).use("chosen", "wharf", target="amas_cafe")
    assert sheet.filled["amas_cafe"] == 1
    with pytest.raises(SheetError, match="A Harbor die fills a box of one of: King Crab, Inuit, Barge, Captain's Club"):
        sheet.use("shared", "harbor", target="casino")
    with pytest.raises(SheetError, match="boat phase uses boat dice"):
        fresh("shrimp").use("chosen", "harbor", target="inuit")


def test_the_casino_re_rolls_only_your_die_once_finished() -> None:
    with pytest.raises(SheetError, match="Only a finished Casino re-rolls"):
        fresh("shrimp").use("chosen", "cod", rerolled_from="coins")
    sheet = with_(fresh("shrimp"), filled={"casino": 2})
    assert sheet.use("chosen", "cod", rerolled_from="coins").filled["cod"] == 1
    with pytest.raises(SheetError, match="Only a finished Casino re-rolls"):
        sheet.use("chosen", "cod").use("shared", "cod", rerolled_from="coins")


def test_the_salvage_yard_fills_any_box_three_times() -> None:
    sheet = with_(fresh("shrimp"), filled={"salvage_yard": 2})
    for n in range(3):
        sheet = with_(sheet, die="chosen", used=False)
        assert "salvage" in sheet.ways_to_use("cod", "chosen")
        sheet = sheet.use("chosen", "cod", "salvage", "fishermans_pub")
        assert sheet.filled["salvage_uses"] == n + 1
    sheet = with_(sheet, die="chosen", used=False)
    assert "salvage" not in sheet.ways_to_use("cod", "chosen")  # three uses


def test_the_ridback_pays_and_the_barge_catches_for_each_full_boat() -> None:
    cap = LAYOUT.boat_types["cod"].boats[0].capacity
    sheet = with_(fresh("cod"), filled={"ridback": 1}, boats={"cod": (cap,), "barge": (0,)})
    coins = sheet.coins
    sheet = fishing_time(sheet)
    coins = sheet.coins
    sheet = sheet.go_fishing()
    assert sheet.coins == coins + 1  # one full boat, before fishing
    assert sheet.boats["barge"] == (2,)  # one fish for the full boat, then its own catch


def test_the_barge_launches_when_finished_and_cod_pays_for_it() -> None:
    sheet = town(fresh("cod"))
    coins = sheet.coins
    sheet = sheet.use("chosen", "harbor", target="barge").use("shared", "harbor", target="barge")
    assert sheet.boats["barge"] == (0,) and sheet.coins == coins + 1  # the barge is a boat: Cod pays


def test_king_crab_bonus_after_five_boxes_then_boats_and_exclusive_at_the_table() -> None:
    game = fleet.RULES.initial_state({"players": [{"name": "Ana", "start": "cod"}, {"name": "Ben", "start": "cod"}]})
    sheets = []
    for sheet in game.sheets:
        for _ in range(4):
            sheet = sheet.fill_next("king_crab")
        sheets.append(sheet.fill_next("king_crab"))
    game = replace(game, sheets=tuple(sheets))
    assert game.sheets[0].choice() == Choice("king_crab")
    game = fleet.RULES.apply(game, fleet.choose_bonus(game, 0, "fleet"))
    with pytest.raises(SheetError, match="Another player took that King Crab bonus"):
        fleet.RULES.apply(game, fleet.choose_bonus(game, 1, "fleet"))
    assert [a.data["bonus"] for a in fleet.legal_actions(game, 1)] == ["haul", "charter", "treasury"]
    ana = game.sheets[0].fill_next("king_crab")  # box 6: launches a King Crab boat
    assert len(ana.boats["king_crab"]) == 1


def test_inuit_boxes_with_symbols_launch_inuit_boats() -> None:
    sheet = fresh("shrimp").fill_next("inuit")
    assert sheet.boats["inuit"] == ()
    assert len(sheet.fill_next("inuit").boats["inuit"]) == 1  # chosen layout: boxes 2, 4, 6


def test_captains_club_gives_personal_fishing() -> None:
    sheet = fresh("cod").fill_next("captains_club").fill_next("captains_club")
    assert sheet.choice() == Choice("fishing")
    assert sheet.go_fishing().boats["cod"] == (1,)


# Game end ---------------------------------------------------------------------------------

def test_after_ten_rounds_the_game_is_over_and_fills_are_refused() -> None:
    sheet = with_(fresh("shrimp"), round=10, phase="town")
    sheet = sheet.use("chosen", "market").use("shared", "market")
    assert sheet.over and sheet.what_now() == "The game is over."
    with pytest.raises(SheetError, match="game is over"):
        sheet.use("chosen", "market")
    with pytest.raises(SheetError, match="game is over"):
        sheet.fill("cod", 0)


def test_the_end_score_by_hand() -> None:
    # Cod start: launched Cod boat 1 (1 point, chosen layout) with 4 fish; Shrimp boat 1 (1 point) with 2 fish;
    # Cod third license (6 points, from the rules); Ama's Cafe (7) and the Casino (2) finished;
    # King Crab finished (5) with the Fleet bonus: 1 per launched boat -> 2.
    sheet = with_(fresh("cod"), licenses={"cod": 3}, boats={"cod": (4,), "shrimp": (2,)},
                  filled={"amas_cafe": 3, "casino": 2, "king_crab": 5}, bonus="fleet")
    assert [(b.rule, b.count, b.points) for b in breakdown(sheet)] == [
        ("Fish", 6, 6),
        ("Launched boats", 2, 2),
        ("Third licenses", 1, 6),
        ("King Crab", 1, 5),
        ("King Crab bonus: Fleet: 1 point per launched boat", 2, 2),
        ("Casino", 1, 2),
        ("Ama's Cafe", 1, 7),
    ]


def test_a_tie_goes_to_the_most_fish_then_is_shared() -> None:
    a = with_(fresh("cod"), boats={"cod": (3,)})
    b = with_(fresh("cod"), boats={"cod": (1,)}, filled={"casino": 2})  # 1 fish + 2 Casino = same total
    results, winners = score(["Ana", "Ben"], [a, b])
    assert [r.total for r in results] == [4, 4] and winners == ("Ana",)
    results, winners = score(["Ana", "Ben"], [a, a])
    assert winners == ("Ana", "Ben")


# The layout file --------------------------------------------------------------------------------

@pytest.mark.parametrize("change, problem", [
    (lambda d: d["boat_types"]["cod"].update(track=["boat", "", "", "license"]), "first three boxes grant"),
    (lambda d: d["boat_types"]["cod"]["track"].append("fish"), "each one of"),
    (lambda d: d["coins"].update(gold=[0, 31]), "coins.gold: expected box numbers from 1 to 30"),
    (lambda d: d["wharf"].pop("casino"), "wharf.casino: missing"),
    (lambda d: d["harbor"]["king_crab"]["bonuses"][0].update(per="hats"), "per: one of boats, fish"),
    (lambda d: d["market"].insert(0, [5, 1]), "market: rows from 0 fish upwards"),
    (lambda d: d["licenses"]["swordfish_boats"].pop(), "swordfish_boats: one entry per license level"),
])
def test_a_bad_layout_file_names_the_field(change, problem) -> None:
    data = load_json("games/fleet_dice/sheet.json")
    change(data)
    with pytest.raises(AssetError, match=problem):
        parse_layout(data)


# Properties: random legal play -----------------------------------------------------------------

PLAYERS = {"players": [{"name": "Ana", "start": "cod"}, {"name": "Ben", "start": "oyster"},
                       {"name": "Cy", "start": "shrimp"}]}


@settings(max_examples=examples(25))
@given(st.integers(0, 10**9))
def test_random_legal_play_keeps_the_golden_rule_and_replays(seed: int) -> None:
    rng = random.Random(seed)
    game = fleet.RULES.initial_state(PLAYERS)
    log = []
    while not game.over:
        for seat in range(3):
            actions = fleet.legal_actions(game, seat, rng.sample(["shrimp", "cod", "lobster", "swordfish", "oyster",
                                                                   "coins", "harbor", "wharf", "market"], 4))
            if not actions:
                actions = fleet.legal_actions(game, seat)
            if actions:
                action = rng.choice(actions)
                game = fleet.RULES.apply(game, action)
                log.append(action)
            for sheet in game.sheets:
                for track, boxes in sheet.tracks().items():
                    assert boxes == sorted(boxes, reverse=True), f"{track} has a gap"  # the golden rule
                if sheet.pending:  # a required choice comes first: no die can be used
                    assert not any(sheet.ways_to_use(f, sheet.die) for f in ("cod", "market"))
    assert replay(fleet.RULES, PLAYERS, log) == game
    results, winners = score(game.names, game.sheets)
    for result in results:
        assert result.total == sum(line.points for line in result.breakdown)
        assert all(line.points >= 0 for line in result.breakdown)
    assert winners


@pytest.mark.parametrize("level, boats", [(1, 1), (2, 2), (3, 3)])
def test_each_swordfish_license_level_lets_more_boats_skip(level: int, boats: int) -> None:
    # Bonuses, Swordfish: any one boat; up to two; up to three.
    sheet = with_(fresh("cod"), licenses={"swordfish": level}, boats={"shrimp": (0, 0), "oyster": (0,)})
    sheet = fishing_time(sheet)
    room = sheet.launched()[: boats + 1]
    with pytest.raises(SheetError, match=f"let {boats} boat"):
        sheet.go_fishing(skip=room)
    sheet = sheet.go_fishing(skip=room[:boats])
    assert sum(1 for c in sheet.pending if c.kind == "swordfish") == boats


def test_every_finished_wharf_building_scores_its_points() -> None:
    # Wharf Buildings: Casino 2, Ama's Cafe 7, Fisherman's Pub 10, Salvage Yard 2, Bait Shop 2,
    # Ridback Canning Co 2, Smokehouse 4; unfinished ones score nothing.
    full = {w: LAYOUT.wharf[w].boxes for w in LAYOUT.wharf}
    sheet = with_(fresh("cod"), filled=full)
    points = {b.rule: b.points for b in breakdown(sheet)}
    assert {k: points[k] for k in ("Casino", "Ama's Cafe", "Fisherman's Pub", "Salvage Yard", "Bait Shop",
                                  "Ridback Canning Co", "Smokehouse")} == {
        "Casino": 2, "Ama's Cafe": 7, "Fisherman's Pub": 10, "Salvage Yard": 2, "Bait Shop": 2,
        "Ridback Canning Co": 2, "Smokehouse": 4}
    almost = with_(fresh("cod"), filled={"fishermans_pub": 3})
    assert "Fisherman's Pub" not in {b.rule for b in breakdown(almost)}


def test_a_die_face_that_does_not_exist_is_refused() -> None:
    with pytest.raises(SheetError, match="A Fleet die has no 'trout' face"):
        fresh("cod").use("chosen", "trout")
