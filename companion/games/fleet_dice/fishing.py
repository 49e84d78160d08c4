"""A Fleet Dice sheet's fishing phase and its Casino re-roll (rules: ../shared/seeds/004, "Fishing",
the Swordfish and Oyster licenses, the Casino): the part of `Sheet` that decides what a fishing
phase catches and what a re-roll may change. `Sheet` inherits it (companion/games/fleet_dice/sheet.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Self

from companion.core.words import count
from companion.games.fleet_dice.layout import BOAT_TYPES
from companion.games.fleet_dice.sheet_terms import (
    BOAT_FACES,
    FACES,
    TOWN_FACES,
    Choice,
    Reroll,
    SheetError,
)


class FishingAndCasino:
    """Fishing and the Casino, read and played on a `Sheet` (self is one: its fields and its other
    methods are the sheet's; this module imports nothing of sheet.py, which imports it)."""

    def swordfish_room(self) -> int:
        """How many boxes a Swordfish license could fill now, one after the other: on each boat track, the
        topmost open boxes down to the first with an activation symbol ("any topmost boxes of any boat type
        but the boxes may not have an adjacent activation symbol")."""
        room = 0
        for t in BOAT_TYPES:
            track, n = self.layout.boat_types[t].track, self.filled[t]
            while n < len(track) and not track[n]:
                room, n = room + 1, n + 1
        return room

    def swordfish_skips(self) -> int:
        """How many boats may skip fishing now: as many as the Swordfish licenses let, and no more than the
        boxes they would fill instead (a boat that skips for no box would catch nothing for nothing)."""
        sword = self.licenses["swordfish"]
        return min(self.layout.swordfish_boats[sword - 1], self.swordfish_room()) if sword else 0

    def can_reroll(self) -> bool:
        """Whether the Casino may re-roll the die to use now: the Casino finished, the die selected (not the
        shared one) still to use, and not re-rolled already (the die you select, once)."""
        return (not self.over and not self.pending and self.die == "chosen" and not self.used
                and self.complete("casino") and self.reroll is None)

    def re_roll(self, pick: int | None, was: str, face: str) -> Self:
        """The Casino re-rolls the die selected (`was` its face, `face` the new one): once, then it is used."""
        if self.reroll is not None:
            raise SheetError("This die is re-rolled already: the Casino re-rolls the die you select once.")
        if not self.complete("casino"):
            raise SheetError("Only a finished Casino re-rolls (after filling in two boxes).")
        if self.over or self.pending or self.die != "chosen" or self.used:
            raise SheetError("The Casino re-rolls the die you select, not the shared die." if self.die == "shared"
                             and not self.pending else f"Not now: {self.what_now()}")
        allowed = BOAT_FACES if self.phase == "boat" else FACES
        if was not in allowed:
            raise SheetError(f"A die of the {self.phase} phase shows one of {', '.join(allowed)}, not {was!r}.")
        same_die = BOAT_FACES if was in BOAT_FACES else TOWN_FACES
        if face not in same_die:
            raise SheetError(f"A re-rolled {'boat' if was in BOAT_FACES else 'town'} die shows one of "
                             f"{', '.join(same_die)}, not {face!r}.")
        return replace(self, reroll=Reroll(pick, was, face))

    def oyster_coin_boats(self, skip: Sequence[tuple[str, int]] = ()) -> list[int]:
        """The Oyster boats whose second fish may be a coin: licensed, launched, fishing, and
        with room for two fish (rules: Oyster, 'instead of catching a second fish'; Fishing:
        a full boat 'does not catch anymore fish')."""
        if not self.licenses["oyster"] or self.layout.oyster_catch < 2:
            return []
        skipping = {tuple(b) for b in skip}
        return [i for i, fish in enumerate(self.boats["oyster"])
                if ("oyster", i) not in skipping and self.capacity("oyster", i) - fish >= 2]

    def go_fishing(self, skip: Sequence[tuple[str, int]] = (), oyster_coins: Sequence[int] = (),
                   skip_needs_room: bool = True) -> Self:
        """A fishing phase. `skip`: boats a Swordfish license keeps from fishing (a box each
        instead; no more than there are boxes to fill, unless `skip_needs_room` is False: a game set up
        before); `oyster_coins`: Oyster boats that take a coin instead of their second fish, at this
        fishing (each launched Oyster boat once)."""
        self._expect("fishing")
        sheet = self._answer()
        layout = sheet.layout
        sword = sheet.licenses["swordfish"]
        if len(skip) > (layout.swordfish_boats[sword - 1] if sword else 0):
            most = layout.swordfish_boats[sword - 1] if sword else 0
            raise SheetError(f"Your Swordfish licenses let {count(most, 'boat')} skip fishing, not {len(skip)}.")
        if skip_needs_room and len(skip) > self.swordfish_room():
            room = self.swordfish_room()
            raise SheetError("A boat that skips fishing fills a topmost boat box with no activation symbol instead, "
                             + (f"and there is room for {count(room, 'such box', 'such boxes')}: no more than "
                                f"{count(room, 'boat')} may skip." if room else
                                "and no boat track has one open: every boat fishes."))
        launched = sheet.launched()
        for boat in skip:
            if tuple(boat) not in launched or sheet.full(*boat):
                raise SheetError("Only a launched boat that is not full can skip fishing.")
        if len(set(map(tuple, skip))) != len(skip):
            raise SheetError("Each boat skips once.")
        if oyster_coins and not sheet.licenses["oyster"]:
            raise SheetError("Taking a coin for an Oyster boat's second fish needs an Oyster license.")
        if any(not isinstance(i, int) or not 0 <= i < len(sheet.boats["oyster"]) for i in oyster_coins) or \
                len(set(oyster_coins)) != len(oyster_coins):
            raise SheetError("Each launched Oyster boat takes its coin once.")
        for i in oyster_coins:
            if i not in sheet.oyster_coin_boats(skip):
                raise SheetError(f"Oyster boat {i + 1} catches no second fish (full, or room for one, or skipping "
                                 "fishing), so it has none to trade for a coin.")
        # Before fishing: the Ridback Canning Co pays for full boats, the Barge catches for them.
        full_boats = sum(1 for b in launched if sheet.full(*b))
        if sheet.complete("ridback"):
            sheet = sheet.earn(full_boats)
        if sheet.boats["barge"]:
            room = sheet.capacity("barge", 0) - sheet.boats["barge"][0]
            sheet = replace(sheet, boats={**sheet.boats, "barge": (sheet.boats["barge"][0] + min(room, full_boats),)})
        # Fishing: every launched boat that is not full catches a fish; Oyster boats catch two.
        boats = {k: list(v) for k, v in sheet.boats.items()}
        coins = 0
        for kind, i in launched:
            if (kind, i) in {tuple(b) for b in skip}:
                continue
            catch = layout.oyster_catch if kind == "oyster" else 1
            if kind == "oyster" and i in oyster_coins:
                catch, coins = catch - 1, coins + 1
            boats[kind][i] = min(sheet.capacity(kind, i), boats[kind][i] + catch)
        sheet = replace(sheet, boats={k: tuple(v) for k, v in boats.items()}).earn(coins)
        for _ in skip:
            sheet = sheet._ask(Choice("swordfish"))
        return sheet._settle()
